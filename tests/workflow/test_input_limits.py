"""A turn with hostile input: an over-long message is answered with the limit, reading a
message never holds the event loop, and a duration out of range is said, not replaced."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast, turn


async def test_a_message_over_the_limit_is_answered_with_the_limit(session: Session) -> None:
    limit = session.settings.conversation.max_message_chars
    record = await turn(session, "Ich möchte heute Abend beobachten. " * (limit // 20))
    assert record.tool_calls == [] and record.agents == []
    assert record.language == "de"
    assert f"höchstens {limit} Zeichen" in record.answer
    assert str(limit // 20 * 35) in record.answer
    assert session.memory.get_all() == []


async def test_a_message_at_the_limit_is_read(session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    limit = session.settings.conversation.max_message_chars
    message = ARTICLE_EXAMPLE + " " * (limit - len(ARTICLE_EXAMPLE))
    record = await turn(session, message)
    assert record.plan is not None


async def test_undecodable_bytes_in_a_message_can_be_saved(
    session: Session, fake_server: FakeServer, tmp_path: Path
) -> None:
    """``singularity ask`` gets bytes that are not UTF-8 as lone surrogates, which writing the
    session refused."""
    clear_forecast(fake_server)
    record = await turn(session, "Plane mir morgen Abend in Kreuzlingen mit einem 10-Zoll-Dobson \udcfc.")
    assert record.plan is not None and record.message.endswith("Dobson \ufffd.")
    await session.save(tmp_path / "session.json")
    assert "Dobson \ufffd." in (tmp_path / "session.json").read_text(encoding="utf-8")


async def test_reading_a_message_runs_outside_the_event_loop(
    session: Session, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The slot extractor and the time parser are CPU work: on the event loop, one long
    message froze every session of the process."""
    from singularity.llm.pilot import policies
    from singularity.understanding import intent
    from singularity.workflow import runner
    from singularity.workflow.tools import planning

    loop_thread = threading.get_ident()
    threads: dict[str, set[int]] = {}

    def watched(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            threads.setdefault(name, set()).add(threading.get_ident())
            return function(*args, **kwargs)
        return call

    for module in (runner, policies, intent):
        monkeypatch.setattr(module, "extract_planning_slots",
                            watched("slots", module.extract_planning_slots))
    monkeypatch.setattr(planning, "resolve_time", watched("time", planning.resolve_time))
    clear_forecast(fake_server)
    record = await turn(session, ARTICLE_EXAMPLE)
    assert record.plan is not None
    assert set(threads) == {"slots", "time"}
    assert loop_thread not in threads["slots"] | threads["time"]


async def test_a_duration_out_of_range_is_said_not_replaced(
    session: Session, fake_server: FakeServer
) -> None:
    clear_forecast(fake_server)
    record = await turn(session, "Plane mir morgen Abend in Kreuzlingen 30 Stunden lang mit einem "
                                 "10-Zoll-Dobson.")
    assert record.plan is None
    assert "30 Stunden" in record.answer and "24" in record.answer
    assert record.state["planning_data"]["datetime_iso"] is None
