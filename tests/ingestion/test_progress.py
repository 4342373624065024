"""Progress without a terminal: plain lines, one per stage start, every few seconds, and at the end."""

from __future__ import annotations

import io

from rich.console import Console

from ingestion.progress import LINE_EVERY_S, plain_lines, terminal_progress


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_lines_at_the_start_every_few_seconds_and_at_the_end() -> None:
    lines: list[str] = []
    clock = Clock()
    advance = plain_lines(lines.append, clock=clock)
    advance("Indexing chunks", 64, 1290)
    for done in range(128, 1290, 64):
        clock.now += LINE_EVERY_S / 4
        advance("Indexing chunks", done, 1290)
    clock.now += 1
    advance("Indexing chunks", 1290, 1290)
    assert lines[0] == "Indexing chunks: 64/1290 (0 s)"
    assert lines[-1] == f"Indexing chunks: 1290/1290 ({clock.now - 100:.0f} s)"
    assert len(lines) == 2 + (clock.now - 1 - 100) // LINE_EVERY_S


def test_each_stage_has_its_own_lines() -> None:
    lines: list[str] = []
    advance = plain_lines(lines.append, clock=Clock())
    advance("Fetching OpenStax", 1, 3)
    advance("Indexing chunks", 10, 20)
    advance("Fetching OpenStax", 2, 3)  # too soon for another line
    assert lines == ["Fetching OpenStax: 1/3 (0 s)", "Indexing chunks: 10/20 (0 s)"]


def test_a_console_that_is_not_a_terminal_gets_plain_lines() -> None:
    output = io.StringIO()
    with terminal_progress(Console(file=output, force_terminal=False)) as advance:
        advance("Indexing chunks", 5, 5)
    assert output.getvalue() == "Indexing chunks: 5/5 (0 s)\n"


def test_nothing_to_do_writes_nothing() -> None:
    output = io.StringIO()
    with terminal_progress(Console(file=output, force_terminal=False)):
        pass
    assert output.getvalue() == ""
