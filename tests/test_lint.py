"""The linter's verdict is part of the suite, so a repeated key or an unused import cannot land."""

from __future__ import annotations

import subprocess
import sys

from singularity.config import PROJECT_ROOT


def test_ruff_finds_nothing_in_the_project() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                            cwd=PROJECT_ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
