"""Runtime code never imports the build-time ingestion package; ingestion may import the runtime.

Imports are read from the source (``ast``), at any depth: an import inside a function counts
as much as one at the top of a module.
"""

from __future__ import annotations

import ast
from pathlib import Path

RUNTIME = Path(__file__).resolve().parents[1] / "singularity"
COMMAND_LINE = RUNTIME / "cli.py"
"""The command line is also the front door of the build-time commands (``singularity ingest``,
the first start's index build, ``singularity eval``): those commands import ingestion when run,
and nothing in the runtime imports the command line."""


def imported_packages(path: Path) -> set[str]:
    """The top-level package of every module ``path`` imports (relative imports excluded)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_the_scan_sees_nested_imports(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("def f():\n    from ingestion.cardgen import sky\n    import ingestion\n")
    assert imported_packages(module) == {"ingestion"}


def test_no_runtime_module_imports_ingestion() -> None:
    offenders = [
        str(path.relative_to(RUNTIME.parent))
        for path in sorted(RUNTIME.rglob("*.py"))
        if path != COMMAND_LINE and "ingestion" in imported_packages(path)
    ]
    assert offenders == []


def test_nothing_in_the_runtime_imports_the_command_line() -> None:
    offenders = [
        str(path.relative_to(RUNTIME.parent))
        for path in sorted(RUNTIME.rglob("*.py"))
        if path != COMMAND_LINE and any(
            isinstance(node, ast.ImportFrom) and node.module == "singularity.cli"
            or isinstance(node, ast.Import) and any(a.name == "singularity.cli" for a in node.names)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    ]
    assert offenders == []
