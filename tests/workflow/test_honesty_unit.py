from __future__ import annotations

from singularity.results import ToolResult
from singularity.workflow.honesty import ToolEvent, honest_answer

FAILED = ToolEvent(name="check_weather", arguments={}, result=ToolResult.failed(
    "The weather service (Open-Meteo) could not be reached; the weather is unknown."))
REFUSED = ToolEvent(name="set_time", arguments={"when": "2020-01-01"}, result=ToolResult.refused(
    "That time (Wed 1 Jan 2020, 21:00 CET) is in the past."))
PLAN_OK = ToolEvent(name="compute_plan", arguments={}, result=ToolResult.success({"listed": 15}))


def test_prose_is_suppressed_when_every_tool_failed() -> None:
    answer = honest_answer("Clear skies all night, perfect!", [FAILED])
    assert answer.prose_suppressed
    assert "perfect" not in answer.text
    assert answer.text.startswith("Failed: The weather service")


def test_refusal_is_never_dropped() -> None:
    answer = honest_answer("Sure, noted.", [REFUSED, PLAN_OK])
    assert "Not done: That time (Wed 1 Jan 2020, 21:00 CET) is in the past." in answer.text
    assert answer.text.startswith("Sure, noted.")


def test_report_not_repeated_when_prose_quotes_it() -> None:
    answer = honest_answer("That time (Wed 1 Jan 2020, 21:00 CET) is in the past.", [REFUSED, PLAN_OK])
    assert answer.text.count("is in the past") == 1


def test_narrated_action_without_tool_is_replaced() -> None:
    answer = honest_answer("I have opened M42 in Stellarium for you.", [])
    assert answer.prose_suppressed
    assert "opened" not in answer.text.lower().replace("no tool performed", "")
    assert answer.text.startswith("Not done:")


def test_confirmed_action_keeps_prose_and_adds_confirmation() -> None:
    answer = honest_answer("Here is your plan: M31 first.", [PLAN_OK])
    assert not answer.prose_suppressed
    assert answer.text.endswith("Done: observing plan computed (15 targets).")


def test_other_place_than_requested_is_flagged() -> None:
    located = ToolEvent(name="set_location", arguments={"place": "Kreuzlingen"}, result=ToolResult.success(
        {"location": {"name": "Kreuzlingen, Switzerland", "lat": 47.65, "lon": 9.17,
                      "timezone": "Europe/Zurich", "source": "gazetteer"}}))
    answer = honest_answer("Here is your plan for Zürich.", [located, PLAN_OK], requested_place="Zürich")
    assert "the place used is Kreuzlingen, Switzerland, not 'Zürich' as asked" in answer.text
    same = honest_answer("ok", [located], requested_place="kreuzlingen")
    assert "not '" not in same.text


def test_a_place_found_under_the_asked_name_is_not_another_place() -> None:
    located = ToolEvent(name="set_location", arguments={"place": "München"}, result=ToolResult.success(
        {"location": {"name": "Munich, Germany", "lat": 48.14, "lon": 11.58,
                      "timezone": "Europe/Berlin", "source": "gazetteer", "country_code": "DE"},
         "place": {"label": "Munich, Germany", "known_as": "München"}}))
    answer = honest_answer("Dein Plan für München.", [located, PLAN_OK], requested_place="München",
                           language="de")
    assert "Verwendet wurde der Ort" not in answer.text and "Beobachtungsplan berechnet" in answer.text
    elsewhere = honest_answer("Dein Plan für Wien.", [located], requested_place="Wien", language="de")
    assert "Verwendet wurde der Ort Munich, Deutschland, nicht „Wien“ wie gewünscht." in elsewhere.text


def test_a_failed_action_leaves_its_outcome_unknown_and_a_failed_lookup_changed_nothing() -> None:
    """Opening an object in Stellarium may have happened before the connection broke; a weather
    lookup that failed changed nothing, so "outcome unknown" would mislead (D57)."""
    action = ToolEvent(name="open_in_stellarium", arguments={"object_name": "M31"}, result=ToolResult.failed(
        "Stellarium did not answer within 5 s."))
    de = honest_answer("", [action, FAILED], language="de").text
    assert "Fehlgeschlagen – Ergebnis unbekannt: Stellarium did not answer" in de
    assert "Fehlgeschlagen: The weather service" in de and "Ergebnis unbekannt: The weather" not in de
