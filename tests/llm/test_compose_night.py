"""The night's answer: darkness, the Sun and the Moon's events in the order they happen."""

from __future__ import annotations

from singularity.llm.pilot.compose import compose_night_answer
from singularity.workflow.state import night_summary

PLAN = {
    "night": {"sunset": "2026-12-02T16:03:10+01:00", "astronomical_dusk": "2026-12-02T18:12:40+01:00",
              "astronomical_dawn": "2026-12-03T06:07:05+01:00", "sunrise": "2026-12-03T08:16:00+01:00",
              "darkness": "astronomical"},
    "moon": {"phase": "waning_crescent", "illumination": 0.34, "up_during_window": False,
             "moonrise": "2026-12-03T01:59:31+01:00", "moonset": "2026-12-02T13:09:45+01:00"},
    "targets": [],
}


def test_the_nights_times_are_rounded_and_moon_events_outside_the_night_left_out() -> None:
    night = night_summary(PLAN)
    assert night == {"sunset": "16:03", "dark_from": "18:13", "dark_until": "06:07", "sunrise": "08:16",
                     "dark_minutes": 714, "moonrise": "02:00", "moon_up": False}


def test_the_moon_sets_before_midnight_and_rises_after_it_in_that_order() -> None:
    plan = {**PLAN, "moon": {**PLAN["moon"], "moonset": "2026-12-02T23:10:00+01:00"}}
    data = {"place": "Hamburg", "date": "2026-12-02", "night": night_summary(plan),
            "moon": {"phase": "waning_crescent", "illumination": 0.34}}
    answer = compose_night_answer(data, "en", first="moon")
    assert answer.startswith("In Hamburg, in the night of Wed 2 Dec to Thu 3 Dec: The Moon (")
    assert "sets at 23:10 and rises again at 02:00. It is fully dark (astronomical night) from 18:13 to 06:07 " \
           "(11 h 54 min)." in answer


def test_a_night_without_darkness_and_a_moon_that_never_rises_are_said() -> None:
    plan = {"night": {**PLAN["night"], "astronomical_dusk": None, "astronomical_dawn": None},
            "moon": {**PLAN["moon"], "moonrise": None, "moonset": None}}
    data = {"place": "Tromsø", "date": "2026-12-02", "night": night_summary(plan),
            "moon": {"phase": "new_moon", "illumination": 0.01}}
    answer = compose_night_answer(data, "de")
    assert answer.startswith("In Tromsø, in der Nacht von Mi, 2. Dez. auf Do, 3. Dez.: Richtig dunkel wird es nicht")
    assert answer.endswith("bleibt die ganze Nacht unter dem Horizont.")


def test_a_question_about_the_sun_hears_the_sun_first() -> None:
    data = {"place": "Dublin", "date": "2026-12-03", "night": night_summary(PLAN),
            "moon": {"phase": "waning_crescent", "illumination": 0.34}}
    answer = compose_night_answer(data, "en", first="sun")
    assert answer.startswith("In Dublin, in the night of Thu 3 Dec to Fri 4 Dec: The Sun sets at 16:03 and rises at 08:16.")


def test_when_the_next_full_moon_comes_is_said_first_in_local_time() -> None:
    data = {"place": "Bonn", "date": "2026-12-03", "night": night_summary(PLAN),
            "moon": {"phase": "waning_crescent", "illumination": 0.23},
            "phases": [{"phase": "new_moon", "moment": "2026-12-09T01:52:35+01:00"},
                       {"phase": "full_moon", "moment": "2026-12-24T02:28:57+01:00"}]}
    answer = compose_night_answer(data, "de", first="moon", next_phase="full_moon")
    assert answer.startswith("Der nächste Vollmond ist am Do, 24. Dez. um 02:29. In Bonn, in der Nacht von")
    assert compose_night_answer(data, "en", next_phase="new_moon").startswith(
        "The next new Moon is on Wed 9 Dec at 01:53.")


def _month(month: str, *moments: str) -> dict:
    return {"place": "Bonn", "date": "2026-12-03", "night": night_summary(PLAN),
            "moon": {"phase": "waning_crescent", "illumination": 0.23}, "month": month,
            "phases": [{"phase": "full_moon", "moment": moment} for moment in moments]}


def test_a_months_full_moons_are_said_alone_with_the_year_unless_it_is_this_month() -> None:
    january = _month("2027-01", "2027-01-22T13:17:40+01:00", "2027-02-20T23:23:10+01:00")
    assert compose_night_answer(january, "de", first="moon", next_phase="full_moon") == (
        "Im Januar 2027 ist Vollmond am Fr, 22. Jan. um 13:18.")
    two = _month("2027-03", "2027-03-01T10:00:00+01:00", "2027-03-30T21:00:00+02:00")
    assert compose_night_answer(two, "en", next_phase="full_moon") == (
        "In March 2027, the full Moon is on Mon 1 Mar at 10:00 and on Tue 30 Mar at 21:00.")


def test_a_month_without_a_full_moon_says_so_and_when_the_next_comes() -> None:
    february = _month("2029-02", "2029-03-01T10:00:00+01:00")  # a made-up February without one
    assert compose_night_answer(february, "de", next_phase="full_moon") == (
        "Im Februar 2029 gibt es keinen Vollmond. Der nächste Vollmond ist am Do, 1. März um 10:00.")
    past = _month("2026-12", "2027-01-22T13:17:40+01:00")  # this month's is past
    assert compose_night_answer(past, "en", next_phase="full_moon") == (
        "There is no full Moon left in December. The next full Moon is on Fri 22 Jan at 13:18.")
