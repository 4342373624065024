"""Progress of ingestion runs: rich bars on a terminal (one per stage: fetching, indexing), plain
lines every few seconds elsewhere (a pipe, a service log, CI), where bars would draw nothing."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
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

LINE_EVERY_S = 5.0
"""Without a terminal, a stage's progress is written at most this often (and when it ends)."""


@contextmanager
def terminal_progress(console: Console | None = None) -> Iterator[ProgressCallback]:
    """A ``progress(stage, done, total)`` callback: rich bars that stay after the run on a
    terminal, else :func:`plain_lines`. Nothing is written until the first call, so a run with
    nothing to do prints nothing."""
    console = console or Console(stderr=True)
    if not console.is_terminal:
        yield plain_lines(lambda line: console.print(line, markup=False, highlight=False, soft_wrap=True))
        return
    bars = Progress(TextColumn("{task.description:<20}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=console)
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


def plain_lines(write: Callable[[str], None], *,
                clock: Callable[[], float] = time.monotonic) -> ProgressCallback:
    """A progress callback writing ``"<stage>: <done>/<total> (<seconds> s)"``: on a stage's
    first call, then at most every :data:`LINE_EVERY_S` seconds, and when it completes."""
    started: dict[str, float] = {}
    written: dict[str, float] = {}

    def advance(stage: str, done: int, total: int) -> None:
        now = clock()
        started.setdefault(stage, now)
        if done < total and stage in written and now - written[stage] < LINE_EVERY_S:
            return
        written[stage] = now
        write(f"{stage}: {done}/{total} ({now - started[stage]:.0f} s)")

    return advance
