"""What every evaluation runner shares: run metadata, result file names, reading an earlier
run for ``--compare``, and the cell formatting of the Markdown reports.

A run is a JSON dictionary with at least ``run`` (metadata) and ``summary``; the runners add
their own per-item lists. Keeping these helpers here means a RAG run and a dialogue run are
stored, named and compared the same way.
"""

from __future__ import annotations

import json
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Any

from singularity.config import PROJECT_ROOT

DEFAULT_OUTPUT_DIR = PROJECT_ROOT / "eval" / "results"
EXIT_OK, EXIT_FAILED, EXIT_INPUT = 0, 1, 2


class CompareFileError(ValueError):
    """The ``--compare`` file is unreadable or not a result of this runner; says which."""


def git_commit() -> str | None:
    """The checked-out commit (read-only ``git rev-parse``), or ``None`` outside a repository."""
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=PROJECT_ROOT, capture_output=True,
                              text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return (done.stdout.strip() or None) if done.returncode == 0 else None


def output_paths(output_dir: Path, prefix: str, started: datetime, label: str) -> tuple[Path, Path]:
    """``<prefix>-<UTC time>-<label>`` JSON and Markdown paths that do not overwrite an earlier run."""
    stem = f"{prefix}-{started:%Y%m%d-%H%M%S}-{label}"
    candidate, n = stem, 1
    while (output_dir / f"{candidate}.json").exists() or (output_dir / f"{candidate}.md").exists():
        n += 1
        candidate = f"{stem}-{n}"
    return output_dir / f"{candidate}.json", output_dir / f"{candidate}.md"


def write_run(run: dict[str, Any], markdown: str, json_path: Path, markdown_path: Path) -> None:
    """Write the run's JSON (every detail) and its Markdown report."""
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(run, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    markdown_path.write_text(markdown, encoding="utf-8")


def load_earlier(path: Path, items_key: str) -> dict[str, Any]:
    """An earlier result file for ``--compare``; it must hold ``run``, ``summary`` and
    ``items_key``. Raises :class:`CompareFileError` with a message naming the file."""
    try:
        earlier = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CompareFileError(f"--compare {path} cannot be read as JSON ({exc}).") from exc
    if not isinstance(earlier, dict) or not {"run", "summary", items_key} <= set(earlier):
        raise CompareFileError(f"--compare {path} is not a result file of this runner (no run, summary "
                               f"and {items_key}).")
    return earlier


def display_path(path: Path) -> str:
    """``path`` relative to the project when it is inside it (for stable run metadata)."""
    try:
        return str(path.resolve().relative_to(PROJECT_ROOT))
    except ValueError:
        return str(path)


def number(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def rate(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")
