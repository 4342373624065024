"""The pilot's own sentences: one question per slot, with examples the tools really accept."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from singularity.llm.pilot.questions import (
    ask_for,
    greeting_reply,
    off_topic_reply,
    weather_question,
)
from singularity.planning.coordinates import parse_coordinates
from singularity.planning.equipment import parse_equipment
from singularity.planning.models import Location
from singularity.planning.preferences import parse_preferences
from singularity.planning.timephrases import parse_duration, parse_when
from singularity.understanding.language import detect_language
from singularity.understanding.slots import extract_planning_slots

SLOTS = ("location", "time", "equipment", "duration", "preferences")
LANGUAGES = ("de", "en")
KREUZLINGEN = Location(
    name="Kreuzlingen", lat=47.65, lon=9.175, timezone="Europe/Zurich", source="gazetteer"
)
NOW = datetime(2026, 11, 30, 15, 0, tzinfo=ZoneInfo("Europe/Zurich"))


def examples(question: str) -> list[str]:
    return re.findall(r"[„“]([^“”]+)[“”]", question)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slot", SLOTS)
def test_one_question_per_slot_in_the_users_language(slot: str, language: str) -> None:
    question = ask_for(slot, language)  # type: ignore[arg-type]
    assert question.count("?") == 1
    assert detect_language(question) == language
    assert len(examples(question)) >= 2
    if language == "de":
        assert question.count("„") == question.count("“") >= 2
        assert re.search(r"\bdu\b", question) and not re.search(r"\bSie\b", question)


def test_location_question_matches_the_brief() -> None:
    assert ask_for("location", "de") == (
        "Wo möchtest du beobachten? Ein Ort oder Koordinaten, z. B. „Kreuzlingen“ oder "
        "„47.65, 9.17“."
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_examples_are_understood_by_the_planning_tools(language: str) -> None:
    place, coordinates = examples(ask_for("location", language))
    assert parse_coordinates(place) is None and parse_coordinates(coordinates) is not None
    for phrase in examples(ask_for("time", language)):
        parse_when(phrase, now=NOW, location=KREUZLINGEN)
    for phrase in examples(ask_for("equipment", language)):
        parse_equipment(phrase)
    for phrase in examples(ask_for("duration", language)):
        assert parse_duration(phrase) > 0
    for phrase in examples(ask_for("preferences", language)):
        parse_preferences(phrase)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_example_fills_the_slot_it_answers(language: str) -> None:
    fields = {"location": "place", "time": "when", "equipment": "equipment",
              "duration": "duration", "preferences": "preferences"}  # fmt: skip
    for slot, field in fields.items():
        for phrase in examples(ask_for(slot, language)):
            found = extract_planning_slots(phrase, awaiting=slot)
            assert getattr(found, field) == phrase, (slot, phrase)


def test_unknown_slot_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="weather"):
        ask_for("weather", "de")


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusal_and_greeting_are_short_and_say_what_singularity_does(language: str) -> None:
    for reply in (off_topic_reply(language), greeting_reply(language)):  # type: ignore[arg-type]
        assert detect_language(reply) == language
        assert "Stellarium" in reply and "Singularity" in reply
        assert len(reply) < 300


@pytest.mark.parametrize("language", LANGUAGES)
def test_greeting_example_is_a_complete_planning_request(language: str) -> None:
    example = examples(greeting_reply(language))[0]  # type: ignore[arg-type]
    found = extract_planning_slots(example)
    assert found.place and found.when and found.duration and found.equipment


SUMMARY = (
    "Cloudy and rain likely: cloud cover 85 % on average (max 100 %), rain chance 70 %. "
    "Shall I compute the observing plan anyway?"
)


def test_weather_question_asks_once_in_the_users_language() -> None:
    german = weather_question(SUMMARY, "de")
    assert german == (
        "Die Wettervorhersage ist ungünstig: Cloudy and rain likely: cloud cover 85 % on average "
        "(max 100 %), rain chance 70 %. Soll ich den Plan trotzdem berechnen?"
    )
    english = weather_question(SUMMARY, "en")
    assert english.count("?") == 1 and english.endswith("Shall I compute the plan anyway?")


def test_weather_question_completes_a_bare_summary() -> None:
    assert weather_question("rain likely", "en") == (
        "The forecast is poor: rain likely. Shall I compute the plan anyway?"
    )
    assert weather_question("", "de") == (
        "Die Wettervorhersage ist ungünstig. Soll ich den Plan trotzdem berechnen?"
    )
