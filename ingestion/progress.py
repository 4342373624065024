"""Terminal progress bars for ingestion runs: one bar per stage (fetching, embedding)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from ingestion.pipeline import Progress as ProgressCallback


@contextmanager
def terminal_progress(console: Console | None = None) -> Iterator[ProgressCallback]:
    """A ``progress(stage, done, total)`` callback drawing rich bars; bars stay after the run.

    Nothing is drawn until the first call, so a run with nothing to do prints nothing.
    """
    bars = Progress(TextColumn("{task.description:<20}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                    console=console or Console(stderr=True))
    tasks: dict[str, TaskID] = {}

    def advance(stage: str, done: int, total: int) -> None:
        if not tasks:
            bars.start()
        if stage not in tasks:
            tasks[stage] = bars.add_task(stage, total=total)
        bars.update(tasks[stage], completed=done, total=total)

    try:
        yield advance
    finally:
        if tasks:
            bars.stop()
