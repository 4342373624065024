"""The four observed failure families, each through the real workflow with a scripted model
that tries to misbehave; the user must see what really happened, in code-composed words."""

from __future__ import annotations

from singularity.config import Settings
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.workflow.conftest import clear_forecast, turn
from tests.workflow.scripted import handoff, scripted_llms


def session_with(settings: Settings, **scripts) -> Session:
    return Session.create(settings=settings, llms=scripted_llms(**scripts))


async def test_failure_announced_as_success(offline_settings: Settings) -> None:
    down = offline_settings.model_copy(update={"weather": offline_settings.weather.model_copy(
        update={"open_meteo_url": "http://127.0.0.1:9"})})
    session = session_with(
        down,
        orchestrator=[handoff("PlanningAgent"), handoff("PlanningAgent")],
        planning=[("set_location", {"place": "Kreuzlingen"}), ("set_time", {"when": "morgen Abend"}),
                  "Noted.", ("check_weather", {}), "Great news: clear skies all night, the weather is perfect!"],
    )
    await turn(session, "Plane morgen Abend in Kreuzlingen")
    record = await turn(session, "Wie wird das Wetter?")
    assert [c.status for c in record.tool_calls if c.name == "check_weather"] == ["failed"]
    assert record.prose_suppressed
    assert "perfect" not in record.answer
    assert record.answer.startswith(  # a German conversation hears code's report in German
        "Fehlgeschlagen: Der Wetterdienst (Open-Meteo) ist nicht erreichbar")


async def test_action_narrated_without_a_tool_call(offline_settings: Settings) -> None:
    session = session_with(
        offline_settings,
        orchestrator=[handoff("StellariumAgent")],
        stellarium=["I have opened M42 in Stellarium for you. Enjoy the view!"],
    )
    record = await turn(session, "Zeig mir M42 in Stellarium")
    assert [c.name for c in record.tool_calls] == ["handoff"]
    assert record.prose_suppressed
    assert record.answer.startswith("Nicht erledigt: kein Werkzeug hat die beschriebene Aktion ausgeführt")
    assert "Enjoy the view" not in record.answer


async def test_another_action_presented_as_the_requested_one(
        offline_settings: Settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    session = session_with(
        offline_settings,
        orchestrator=[handoff("PlanningAgent")],
        planning=[("set_location", {"place": "Kreuzlingen"}), ("set_time", {"when": "heute Abend"}),
                  ("set_equipment", {"equipment": "10x50 Fernglas"}), ("compute_plan", {}),
                  "Here is your plan for Zürich: M31 first."],
    )
    record = await turn(session, "Plane heute Abend in Zürich mit meinem 10x50 Fernglas")
    assert record.state["planning_data"]["location"]["name"].startswith("Kreuzlingen")
    assert "Hinweis: Verwendet wurde der Ort Kreuzlingen, Schweiz, nicht „Zürich“ wie gewünscht." in record.answer
    assert "Erledigt: Beobachtungsplan berechnet" in record.answer


async def test_refusal_left_unmentioned(offline_settings: Settings) -> None:
    session = session_with(
        offline_settings,
        orchestrator=[handoff("PlanningAgent")],
        planning=[("set_location", {"place": "Kreuzlingen"}), ("set_time", {"when": "2020-01-01 21:00"}),
                  "Alles klar, notiert!"],
    )
    record = await turn(session, "Plane am 1.1.2020 um 21 Uhr in Kreuzlingen")
    refused = [c for c in record.tool_calls if c.status == "refused"]
    assert [c.name for c in refused] == ["set_time"]
    assert record.answer.startswith("Alles klar, notiert!")
    assert "Nicht erledigt: Dieser Zeitpunkt (Mi, 1. Jan. 2020, 21:00 CET) liegt in der Vergangenheit" in record.answer
