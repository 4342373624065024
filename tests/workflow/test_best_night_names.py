"""A planet's best nights are named as the conversation's language calls it."""

from __future__ import annotations

from datetime import date

from singularity.catalogue import msg
from singularity.config import PlanningSettings
from singularity.planning.best_night import Target, best_nights
from singularity.workflow.best_night import answer, resolve_target
from tests.planning.test_best_night import DOBSON, KREUZLINGEN, SUBURBAN


def test_a_planet_asked_in_german_is_named_in_german_and_in_english_in_english() -> None:
    target = resolve_target("Neptun")
    assert isinstance(target, Target) and (target.name, target.german_name) == ("Neptune", "Neptun")
    result = best_nights(target, location=KREUZLINGEN, first=date(2026, 12, 1), count=3,
                         equipment=DOBSON, sky=SUBURBAN, planning=PlanningSettings())
    german = "\n".join(line.render("de") for line in answer(result, SUBURBAN))
    english = "\n".join(line.render("en") for line in answer(result, SUBURBAN))
    assert "Neptun steht" in german and "Neptune" not in german
    assert "Neptune" in english and "Neptun " not in english


def test_a_deep_sky_object_keeps_its_designation_in_both_languages() -> None:
    target = resolve_target("Orionnebel")
    assert isinstance(target, Target) and target.name == "M42" and target.german_name == ""
    assert target.said.render("de") == target.said.render("en") == "M42"


def test_one_night_is_said_as_that_night_not_as_a_ranking() -> None:
    target = resolve_target("Saturn")
    assert isinstance(target, Target)
    result = best_nights(target, location=KREUZLINGEN, first=date(2026, 12, 2), count=1,
                         equipment=DOBSON, sky=SUBURBAN, planning=PlanningSettings())
    lines = [line.render("de") for line in answer(result, SUBURBAN)]
    assert lines[0] == "Saturn in Kreuzlingen in der Nacht von Mi, 2. Dez.:"
    assert lines[1].startswith("Saturn steht um ") and not lines[1].startswith("1.")


def test_one_night_without_a_forecast_says_so_of_that_night() -> None:
    target = resolve_target("M42")
    assert isinstance(target, Target)
    result = best_nights(target, location=KREUZLINGEN, first=date(2026, 12, 2), count=1,
                         equipment=DOBSON, sky=SUBURBAN, planning=PlanningSettings())
    missing = msg("common.verbatim", text="No forecast.")
    assert answer(result, SUBURBAN, forecast_missing=missing)[-1].render("en") == (
        "Without a weather forecast the night is rated on the sky alone. No forecast.")
