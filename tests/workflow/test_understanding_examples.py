"""The messages a new user tried that the rule-based understanding got wrong (issue 9), each
through `singularity ask` with the bundled knowledge base, so that routing by meaning is used."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from singularity.cli import app
from singularity.config import Settings, get_settings
from singularity.memory.profile import Profile, ProfileStore
from singularity.planning.equipment import classify_equipment
from singularity.planning.models import Equipment, Location
from tests.fakes.server import FakeServer
from tests.support import knowledge_read_once, offline_env, with_knowledge
from tests.workflow.conftest import clear_forecast

NOW = "2026-12-04T15:00+01:00"
Ask = Callable[..., dict[str, Any]]


@pytest.fixture
def ask(settings: Settings, knowledge_index: Path, fake_server: FakeServer,
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Ask]:
    """``ask(message, session=None, now=NOW)`` → the turn's JSON record."""
    from singularity.knowledge.store import close_qdrant

    clear_forecast(fake_server)
    with_knowledge(settings, knowledge_index)
    for key, value in offline_env(settings, fake_server.url).items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    runner = CliRunner()

    def run(message: str, *, session: str | None = None, now: str = NOW) -> dict[str, Any]:
        args = ["ask", message, "--json", "--now", now]
        if session is not None:
            args += ["--session", str(tmp_path / session)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    with knowledge_read_once():  # one process's title index for all of a test's turns
        yield run
    close_qdrant(get_settings())
    get_settings.cache_clear()


def specialist(record: dict[str, Any]) -> str | None:
    return record["agents"][-1] if len(record["agents"]) > 1 else None


def calls(record: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [c for c in record["tool_calls"] if c["name"] == name]


def place(record: dict[str, Any]) -> str:
    return record["state"]["planning_data"]["location"]["name"]


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "What is the Chandrasekhar limit?",
    "Was ist das Olbers-Paradoxon?",
    "Wie funktioniert ein Spektrograph?",
    "Kann man von der Erde aus die Flagge auf dem Mond sehen?",
    "how hot is the lava erupting from Io's volcanoes",  # no place called "Io's"
    "how high are the tides in the Bay of Fundy",  # no forecast for the bay
])
def test_astronomy_questions_without_listed_words_reach_the_knowledge_agent(ask: Ask, question: str) -> None:
    record = ask(question)
    assert specialist(record) == "KnowledgeAgent"
    assert calls(record, "search_local_knowledge") or calls(record, "search_multiple_topics")
    assert "Astronomie-Assistent" not in record["answer"] and "astronomy assistant" not in record["answer"]


@pytest.mark.slow
@pytest.mark.parametrize(("request_text", "reply"), [
    ("Wie backe ich ein Sauerteigbrot?", "Dabei kann ich leider nicht helfen"),
    ("Can you help me with my tax return?", "Sorry, I can't help with that"),
    ("Schreib mir ein Gedicht über Fußball", "Dabei kann ich leider nicht helfen"),
])
def test_off_topic_requests_are_declined_in_the_users_language(
        ask: Ask, request_text: str, reply: str) -> None:
    record = ask(request_text)
    assert specialist(record) is None and not record["tool_calls"]
    assert record["answer"].startswith(reply)


PLAN = "Plane mir morgen Abend in Kreuzlingen zwei Stunden mit einem 10x50 Fernglas."


@pytest.mark.slow
def test_a_place_correction_after_a_plan_replans_for_that_place(ask: Ask) -> None:
    first = ask(PLAN, session="talk.json")
    assert place(first).startswith("Kreuzlingen") and first["plan"]
    record = ask("Nein, ich bin eigentlich in Konstanz.", session="talk.json")
    assert specialist(record) == "PlanningAgent"
    assert [c["arguments"] for c in calls(record, "set_location")] == [{"place": "Konstanz"}]
    assert calls(record, "compute_plan") and place(record).startswith("Konstanz")
    planning = record["state"]["planning_data"]
    assert planning["equipment"]["label"] == first["state"]["planning_data"]["equipment"]["label"]
    assert planning["datetime_iso"] == first["state"]["planning_data"]["datetime_iso"]


@pytest.mark.slow
def test_a_weather_question_after_a_plan_checks_the_plans_place_and_window(ask: Ask) -> None:
    first = ask(PLAN, session="talk.json")
    record = ask("Und wie steht es mit dem Wetter?", session="talk.json")
    assert specialist(record) == "PlanningAgent"
    assert calls(record, "check_weather") and not calls(record, "search_local_knowledge")
    assert record["answer"].startswith("Wetter für Kreuzlingen, Schweiz")
    assert record["state"]["planning_data"]["generated_plan"] == first["state"]["planning_data"]["generated_plan"]


@pytest.mark.slow
def test_a_yes_after_a_plan_is_acknowledged_and_keeps_the_plan(ask: Ask) -> None:
    first = ask("Plan tomorrow evening in Kreuzlingen with 10x50 binoculars", session="talk.json")
    record = ask("Yes, go ahead", session="talk.json")
    assert specialist(record) == "PlanningAgent" and not calls(record, "compute_plan")
    assert record["answer"].startswith("Great – the plan stands.")
    assert record["state"]["planning_data"]["generated_plan"] == first["state"]["planning_data"]["generated_plan"]


@pytest.mark.slow
def test_the_place_the_user_names_replaces_the_profiles(ask: Ask, settings: Settings) -> None:
    berlin = Location(name="Berlin, Germany", lat=52.52, lon=13.405, timezone="Europe/Berlin",
                      source="profile")
    binoculars = Equipment.model_validate(classify_equipment("10x50 binoculars").data["equipment"])
    store = ProfileStore(settings.resolve(settings.memory.profile_file, under_data=True))
    store.save(Profile(usual_location=berlin, equipment=binoculars))
    first = ask("I want to observe tomorrow night.", session="talk.json")
    assert place(first) == "Berlin, Germany" and "from your profile" in first["answer"]
    record = ask("From Flagstaff, Arizona.", session="talk.json")
    assert specialist(record) == "PlanningAgent"
    assert calls(record, "compute_plan") and place(record).startswith("Flagstaff")


@pytest.mark.slow
def test_the_place_span_stops_before_filler_words(ask: Ask) -> None:
    record = ask("Wie wird das Wetter morgen Abend in Kreuzlingen zum Beobachten?")
    assert [c["arguments"]["place"] for c in calls(record, "set_location")] == ["Kreuzlingen"]
    assert calls(record, "check_weather") and place(record).startswith("Kreuzlingen")


@pytest.mark.slow
def test_whole_number_coordinates_are_a_place_and_out_of_range_ones_are_refused(
        ask: Ask, settings: Settings) -> None:
    record = ask("Was kann ich morgen Abend bei 47, 9 mit dem Fernglas sehen?")
    location = record["state"]["planning_data"]["location"]
    assert (location["lat"], location["lon"]) == (47.0, 9.0) and record["plan"]
    berlin = Location(name="Berlin, Germany", lat=52.52, lon=13.405, timezone="Europe/Berlin",
                      source="profile")
    ProfileStore(settings.resolve(settings.memory.profile_file, under_data=True)).save(
        Profile(usual_location=berlin))
    refused = ask("Was kann ich morgen Abend bei 95, 200 mit dem Fernglas sehen?")
    assert [c["status"] for c in calls(refused, "set_location")] == ["needs_input"]
    assert not calls(refused, "compute_plan") and refused["plan"] is None
    assert "95" in refused["answer"] and "Berlin" not in refused["answer"]


@pytest.mark.slow
def test_now_without_an_offset_is_the_places_local_time(ask: Ask) -> None:
    record = ask("Plane mir heute Abend in Kreuzlingen mit einem 10x50 Fernglas", now="2026-12-05T15:00")
    assert record["plan"] and record["state"]["planning_data"]["datetime_iso"].startswith("2026-12-05T")
    assert record["state"]["planning_data"]["datetime_iso"].endswith("+01:00")
