"""A model that fails mid-conversation: the turn ends with a sentence, what the tools did is
kept, and the same session (as the app keeps it) answers the next message."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from singularity.config import Settings
from singularity.llm.providers import OPENROUTER_KEY
from singularity.workflow.runner import Session
from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.server import FakeServer
from tests.workflow.conftest import clear_forecast, turn


@pytest.fixture
def fake_model(fake_server: FakeServer) -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI(fake_server)
    yield fake
    fake.release()


@pytest.fixture
def model_session(offline_settings: Settings, fake_model: FakeOpenAI, fake_server: FakeServer,
                  monkeypatch: pytest.MonkeyPatch) -> Session:
    monkeypatch.delenv(OPENROUTER_KEY, raising=False)
    clear_forecast(fake_server)
    llm = offline_settings.llm.model_copy(update={
        "provider": "openai_like", "openai_like_url": fake_model.base_url, "timeout_s": 1.0,
        "max_retries": 0})
    return Session.create(settings=offline_settings.model_copy(update={"llm": llm}))


@pytest.mark.parametrize("failure", [script.slow(script.text("zu spät"), 30),
                                     script.http_error(500), script.garbage()],
                         ids=["hang", "500", "garbage"])
async def test_the_session_goes_on_after_a_failed_turn(
        model_session: Session, fake_model: FakeOpenAI, failure: script.Reply) -> None:
    fake_model.script(script.tool_call("handoff", {"to_agent": "PlanningAgent", "reason": "plan"}),
                      script.tool_call("set_location", {"place": "Kreuzlingen"}), failure)
    failed = await turn(model_session, "Plane mir morgen Abend in Kreuzlingen")
    assert failed.error and failed.answer.startswith(failed.error)
    fake_model.release()

    fake_model.script(script.text("Gern, womit beobachtest du?"))
    record = await turn(model_session, "Und womit?")
    assert record.error is None and record.answer == "Gern, womit beobachtest du?"
    location = record.state["planning_data"]["location"]
    assert location["name"].startswith("Kreuzlingen")  # what the tools did is kept


async def test_a_model_sees_the_earlier_turns_as_they_were_said_and_shown(
        model_session: Session, fake_model: FakeOpenAI) -> None:
    """Each finished turn reaches later model calls as the user's words and the answer shown:
    no tool traffic of old turns (it crowded the earlier turns out of the token budget), no
    stale state prompt, no call left without its result by a failed turn."""
    fake_model.script(script.tool_call("handoff", {"to_agent": "PlanningAgent", "reason": "plan"}),
                      script.tool_call("set_location", {"place": "Kreuzlingen"}),
                      script.text("Kreuzlingen ist notiert. Wann möchtest du beobachten?"))
    first = await turn(model_session, "Ich beobachte in Kreuzlingen")
    fake_model.script(script.tool_call("handoff", {"to_agent": "PlanningAgent", "reason": "plan"}),
                      script.http_error(500))
    failed = await turn(model_session, "Morgen Abend")
    fake_model.script(script.text("Gern."))
    await turn(model_session, "Danke")

    sent = fake_model.calls[-1].messages
    earlier = [(m["role"], m["content"]) for m in sent if m["role"] != "system"][:-1]
    assert earlier == [("user", "Ich beobachte in Kreuzlingen"), ("assistant", first.answer),
                       ("user", "Morgen Abend"), ("assistant", failed.answer)]
    assert [(m.role.value, m.content) for m in model_session.memory.get_all()][-2:] == [
        ("user", "Danke"), ("assistant", "Gern.")]
