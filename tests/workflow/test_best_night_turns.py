"""The best-night question through the real AgentWorkflow and the offline pilot (fake Open-Meteo)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from singularity.config import Settings
from singularity.workflow.agents import build_workflow
from singularity.workflow.resources import SessionResources
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.workflow.conftest import clear_forecast, turn
from tests.workflow.scripted import scripted_llms


@pytest.mark.slow
async def test_german_question_scans_this_week_and_answers_in_german(
        session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    record = await turn(session, "Wann ist diese Woche die beste Nacht für M51 in Kreuzlingen "
                                 "mit meinem 10-Zoll-Dobson?")
    assert record.agents == ["SingularityOrchestrator", "PlanningAgent"]
    calls = [c for c in record.tool_calls if c.name != "handoff"]
    assert calls[0].name == "best_night"
    assert calls[0].arguments == {"target": "M51", "place": "Kreuzlingen", "when": "diese Woche",
                                  "equipment": "10-Zoll-Dobson"}
    assert calls[0].status == "ok"
    assert record.answer.startswith("Die besten Nächte für M51 in Kreuzlingen")
    assert "1. " in record.answer and "Vorhersage: meist klar" in record.answer
    assert [a.kind for a in record.artifacts] == ["plot"] and Path(record.artifacts[0].path).exists()
    assert record.state["last_discussed_object"] == "M51"  # "Zeig sie mir in Stellarium" opens it


@pytest.mark.slow
async def test_english_question_without_a_place_asks_for_one_and_goes_on_with_it(
        session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    record = await turn(session, "Which night next week is best for the Andromeda Galaxy?")
    calls = [c for c in record.tool_calls if c.name != "handoff"]
    assert [c.name for c in calls] == ["best_night"]
    assert calls[0].status == "needs_input"
    assert "Where will you observe M31 from?" in record.answer
    answered = await turn(session, "Kreuzlingen")
    calls = [c for c in answered.tool_calls if c.name != "handoff"]
    assert calls[0].name == "best_night" and calls[0].status == "ok"
    assert calls[0].arguments == {"target": "Andromeda Galaxy", "when": "next week",
                                  "place": "Kreuzlingen"}
    assert answered.answer.startswith("The best nights for M31 at Kreuzlingen")
    assert answered.state["planning_data"]["pending_best_night"] is None


async def test_the_planner_offers_best_night_with_its_arguments(settings: Settings) -> None:
    workflow = build_workflow(settings=settings, llms=scripted_llms(), resources=SessionResources(settings))
    tools = {t.metadata.name: t for t in await workflow.get_tools("PlanningAgent")}
    schema = tools["best_night"].metadata.get_parameters_dict()
    assert set(schema["properties"]) == {"target", "place", "when", "nights", "equipment"}
    assert schema["required"] == ["target"]
    assert "ctx" not in json.dumps(schema).lower()
