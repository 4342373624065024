"""Observing time phrases: German and English, the location's zone, and real twilight."""

from __future__ import annotations

import subprocess
import sys
import time as time_module
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from singularity.errors import InputError
from singularity.planning.models import Location
from singularity.planning.sun import night_of
from singularity.planning.timephrases import (
    ParsedWhen,
    parse_duration,
    parse_when,
    resolve_time,
)
from singularity.results import Status

ZURICH = ZoneInfo("Europe/Zurich")
KREUZLINGEN = Location(
    name="Kreuzlingen", lat=47.6505, lon=9.175, timezone="Europe/Zurich", source="gazetteer"
)
NEW_YORK = Location(
    name="New York", lat=40.7128, lon=-74.006, timezone="America/New_York", source="gazetteer"
)
TOKYO = Location(name="Tokyo", lat=35.6762, lon=139.6503, timezone="Asia/Tokyo", source="gazetteer")
TROMSO = Location(name="Tromsø", lat=69.65, lon=18.96, timezone="Europe/Oslo", source="gazetteer")
HAMBURG = Location(
    name="Hamburg", lat=53.55, lon=9.99, timezone="Europe/Berlin", source="gazetteer"
)
NOW = datetime(2026, 11, 30, 15, 0, tzinfo=ZURICH)  # a Monday afternoon


def when(text: str, now: datetime = NOW, location: Location = KREUZLINGEN) -> ParsedWhen:
    return parse_when(text, now=now, location=location)


def at(*args: int, tz: ZoneInfo = ZURICH) -> datetime:
    return datetime(*args, tzinfo=tz)


def assert_twilight_start(parsed: ParsedWhen, day: date, location: Location) -> None:
    """Start at that night's darkness (rounded to the minute), in the location's zone."""
    expected = night_of(day, location).dark_start
    assert parsed.anchored_to_twilight
    assert parsed.start.tzinfo == location.tz
    assert abs((parsed.start - expected).total_seconds()) <= 30
    assert parsed.start.second == 0


# --------------------------------------------------------------------------- evenings


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        ("heute Abend", date(2026, 11, 30)),
        ("Heute abend", date(2026, 11, 30)),
        ("morgen Abend", date(2026, 12, 1)),
        ("übermorgen Abend", date(2026, 12, 2)),
        ("heute Nacht", date(2026, 11, 30)),
        ("morgen Nacht", date(2026, 12, 1)),
        ("diese Nacht", date(2026, 11, 30)),
        ("tonight", date(2026, 11, 30)),
        ("this evening", date(2026, 11, 30)),
        ("TOMORROW EVENING", date(2026, 12, 1)),
        ("tomorrow night", date(2026, 12, 1)),
        ("the day after tomorrow", date(2026, 12, 2)),
        ("the day after tomorrow evening", date(2026, 12, 2)),
        ("day after tomorrow night", date(2026, 12, 2)),
        ("morgen", date(2026, 12, 1)),
        ("tomorrow after sunset", date(2026, 12, 1)),
        ("in 3 Tagen", date(2026, 12, 3)),
        ("in a week", date(2026, 12, 7)),
    ],
)
def test_evening_and_night_phrases_start_at_the_end_of_twilight(phrase: str, day: date) -> None:
    parsed = when(phrase)
    assert_twilight_start(parsed, day, KREUZLINGEN)
    assert not parsed.explicit_time
    assert "astronomical twilight" in parsed.description


def test_tomorrow_evening_in_kreuzlingen_is_about_18_25() -> None:
    parsed = when("morgen Abend")
    assert at(2026, 12, 1, 18, 15) <= parsed.start <= at(2026, 12, 1, 18, 35)
    assert parsed.description.startswith("tomorrow evening, Tue 1 Dec 2026")
    assert "end of astronomical twilight 18:2" in parsed.description


def test_evening_after_twilight_starts_now_rounded_up_to_the_quarter_hour() -> None:
    parsed = when("heute Abend", now=at(2026, 11, 30, 21, 7))
    assert parsed.start == at(2026, 11, 30, 21, 15)
    assert parsed.anchored_to_twilight
    assert "still dark" in parsed.description and "21:15" in parsed.description


def test_tonight_after_midnight_means_the_current_night() -> None:
    parsed = when("tonight", now=at(2026, 11, 30, 2, 0))
    assert parsed.start == at(2026, 11, 30, 2, 0)
    assert "night of Sun 29 Nov 2026" in parsed.description
    assert "still dark" in parsed.description


def test_this_evening_after_midnight_is_the_coming_evening() -> None:
    assert_twilight_start(
        when("heute Abend", now=at(2026, 11, 30, 2, 0)), date(2026, 11, 30), KREUZLINGEN
    )


def test_tonight_after_dawn_is_the_coming_night() -> None:
    assert_twilight_start(
        when("tonight", now=at(2026, 11, 30, 9, 0)), date(2026, 11, 30), KREUZLINGEN
    )


# --------------------------------------------------------------------------- clock times


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("21 Uhr", at(2026, 11, 30, 21, 0)),
        ("21:30", at(2026, 11, 30, 21, 30)),
        ("21.30 Uhr", at(2026, 11, 30, 21, 30)),
        ("um 22 Uhr", at(2026, 11, 30, 22, 0)),
        ("ab 22 Uhr", at(2026, 11, 30, 22, 0)),
        ("um 22", at(2026, 11, 30, 22, 0)),
        ("9 pm", at(2026, 11, 30, 21, 0)),
        ("at 9 PM", at(2026, 11, 30, 21, 0)),
        ("9:30pm", at(2026, 11, 30, 21, 30)),
        ("from 10 p.m.", at(2026, 11, 30, 22, 0)),
        ("22h", at(2026, 11, 30, 22, 0)),
        ("21 Uhr 30", at(2026, 11, 30, 21, 30)),
        ("übermorgen um 21 Uhr", at(2026, 12, 2, 21, 0)),
        ("morgen 22:00", at(2026, 12, 1, 22, 0)),
        ("tomorrow at 9 pm", at(2026, 12, 1, 21, 0)),
        ("heute Abend um 9", at(2026, 11, 30, 21, 0)),
        ("tonight at 11", at(2026, 11, 30, 23, 0)),
        ("heute Nacht um 2", at(2026, 12, 1, 2, 0)),
        ("tonight at 2 am", at(2026, 12, 1, 2, 0)),
        ("tonight at 12", at(2026, 12, 1, 0, 0)),
        ("um Mitternacht", at(2026, 12, 1, 0, 0)),
        ("morgen um Mitternacht", at(2026, 12, 2, 0, 0)),
        ("this afternoon at 4", at(2026, 11, 30, 16, 0)),
        ("morgen früh um 5", at(2026, 12, 1, 5, 0)),
    ],
)
def test_clock_times(phrase: str, expected: datetime) -> None:
    parsed = when(phrase)
    assert parsed.start == expected
    assert parsed.start.utcoffset() == expected.utcoffset()
    assert parsed.explicit_time and not parsed.anchored_to_twilight


def test_a_bare_time_already_past_means_tomorrow_and_says_so() -> None:
    parsed = when("um 10 Uhr")
    assert parsed.start == at(2026, 12, 1, 10, 0)
    assert "10:00 today has already passed" in parsed.description
    assert "24-hour clock" in parsed.description


def test_a_bare_time_within_the_grace_period_stays_today() -> None:
    assert when("21 Uhr", now=at(2026, 11, 30, 21, 10)).start == at(2026, 11, 30, 21, 0)
    assert when("21 Uhr", now=at(2026, 11, 30, 21, 20)).start == at(2026, 12, 1, 21, 0)


def test_tonight_at_three_asked_after_midnight_is_in_the_current_night() -> None:
    parsed = when("heute Nacht um 3", now=at(2026, 11, 30, 1, 0))
    assert parsed.start == at(2026, 11, 30, 3, 0)
    assert "tonight, after midnight" in parsed.description


@pytest.mark.parametrize(
    ("phrase", "start", "hours"),
    [
        ("von 21 bis 23 Uhr", at(2026, 11, 30, 21, 0), 2.0),
        ("9 to 11 pm", at(2026, 11, 30, 21, 0), 2.0),
        ("tonight from 11 to 2", at(2026, 11, 30, 23, 0), 3.0),
        ("morgen Abend von 21:30 bis 23 Uhr", at(2026, 12, 1, 21, 30), 1.5),
    ],
)
def test_clock_ranges_give_start_and_duration(phrase: str, start: datetime, hours: float) -> None:
    parsed = when(phrase)
    assert (parsed.start, parsed.duration_hours) == (start, hours)


# --------------------------------------------------------------------------- weekdays


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("Samstag 22 Uhr", at(2026, 12, 5, 22, 0)),
        ("next Friday at 22:00", at(2026, 12, 4, 22, 0)),
        ("Saturday night at 2", at(2026, 12, 6, 2, 0)),
        ("Samstag morgen um 5", at(2026, 12, 5, 5, 0)),
    ],
)
def test_weekday_with_time(phrase: str, expected: datetime) -> None:
    assert when(phrase).start == expected


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        ("am Samstag Abend", date(2026, 12, 5)),
        ("Saturday night", date(2026, 12, 5)),
        ("samstagabend", date(2026, 12, 5)),
        ("nächsten Freitag", date(2026, 12, 4)),
        ("diesen Samstag", date(2026, 12, 5)),
        ("in der Nacht von Samstag auf Sonntag", date(2026, 12, 5)),
        ("Montag", date(2026, 11, 30)),  # said on a Monday: today counts
        ("next Monday", date(2026, 12, 7)),  # "next" is strictly after today
    ],
)
def test_weekday_evenings(phrase: str, day: date) -> None:
    assert_twilight_start(when(phrase), day, KREUZLINGEN)


def test_next_friday_said_on_a_friday_is_seven_days_ahead() -> None:
    friday = at(2026, 12, 4, 15, 0)
    assert when("next Friday at 22:00", now=friday).start == at(2026, 12, 11, 22, 0)
    assert when("Freitag 22 Uhr", now=friday).start == at(2026, 12, 4, 22, 0)


def test_a_weekday_whose_time_has_passed_today_means_next_week() -> None:
    assert when("Montag 10 Uhr").start == at(2026, 12, 7, 10, 0)


def test_a_weekday_that_contradicts_the_day_is_questioned() -> None:
    with pytest.raises(InputError, match="Tuesday, not a Saturday"):
        when("morgen Samstag")


# --------------------------------------------------------------------------- dates


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("2026-12-05T21:00", at(2026, 12, 5, 21, 0)),
        ("2026-12-05 21:00", at(2026, 12, 5, 21, 0)),
        ("2026-12-05T20:00:00Z", at(2026, 12, 5, 21, 0)),
        ("5.12.2026 21:00", at(2026, 12, 5, 21, 0)),
        ("Dec 5 at 10pm", at(2026, 12, 5, 22, 0)),
        ("am 24.12. um 20 Uhr", at(2026, 12, 24, 20, 0)),
        ("Saturday, December 5th, 2026 at 9 in the evening", at(2026, 12, 5, 21, 0)),
    ],
)
def test_dates_with_times(phrase: str, expected: datetime) -> None:
    assert when(phrase).start == expected


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        ("2026-12-05", date(2026, 12, 5)),
        ("05.12.", date(2026, 12, 5)),
        ("5.12.26", date(2026, 12, 5)),
        ("5. Dezember", date(2026, 12, 5)),
        ("December 5", date(2026, 12, 5)),
        ("3rd of January", date(2027, 1, 3)),  # a date already past this year: next year
        ("12/24/2026", date(2026, 12, 24)),  # through the dateparser fallback
    ],
)
def test_a_date_without_time_means_its_evening(phrase: str, day: date) -> None:
    parsed = when(phrase)
    assert_twilight_start(parsed, day, KREUZLINGEN)
    assert parsed.start.date() == day


def test_an_impossible_date_is_an_input_error() -> None:
    with pytest.raises(InputError, match="not a valid date"):
        when("31.02.")


@pytest.mark.parametrize("phrase", ["jetzt", "now", "sofort", "right now", "ab jetzt"])
def test_now(phrase: str) -> None:
    parsed = when(phrase, now=NOW.astimezone(UTC))
    assert parsed.start == NOW and parsed.start.tzinfo == ZURICH
    assert parsed.explicit_time


def test_in_two_hours() -> None:
    assert when("in 2 Stunden").start == at(2026, 11, 30, 17, 0)


def test_phrase_duration_is_read() -> None:
    assert when("heute Abend für zwei Stunden").duration_hours == 2.0
    assert when("tonight for an hour and a half").duration_hours == 1.5
    assert when("morgen 21:00 90 Minuten").duration_hours == 1.5
    assert when("heute Abend").duration_hours is None


# --------------------------------------------------------------------------- time zones


@pytest.fixture
def machine_in_kiribati(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The machine's own zone (UTC+14) must never leak into the answer."""
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    time_module.tzset()
    yield
    monkeypatch.undo()
    time_module.tzset()


@pytest.mark.usefixtures("machine_in_kiribati")
def test_new_york_evening_is_anchored_to_new_york() -> None:
    parsed = when("heute Abend", location=NEW_YORK)  # 09:00 in New York
    assert parsed.start.tzinfo == NEW_YORK.tz
    assert_twilight_start(parsed, date(2026, 11, 30), NEW_YORK)
    assert 17 <= parsed.start.hour <= 19
    assert "EST" in parsed.description


@pytest.mark.usefixtures("machine_in_kiribati")
def test_tokyo_uses_its_own_date_and_clock() -> None:
    tokyo = ZoneInfo("Asia/Tokyo")
    assert when("morgen 21 Uhr", location=TOKYO).start == at(2026, 12, 1, 21, 0, tz=tokyo)
    # 20:00 in Zurich is already 04:00 on 1 December in Tokyo
    later = at(2026, 11, 30, 20, 0)
    assert when("morgen 21 Uhr", now=later, location=TOKYO).start == at(
        2026, 12, 2, 21, 0, tz=tokyo
    )
    # 15:00 in Zurich is 23:00 in Tokyo: tonight is already dark there
    assert when("tonight", location=TOKYO).start == at(2026, 11, 30, 23, 0, tz=tokyo)


def test_no_astronomical_darkness_in_tromso_in_june() -> None:
    oslo = ZoneInfo("Europe/Oslo")
    parsed = when("21. Juni", now=at(2026, 6, 1, 12, 0, tz=oslo), location=TROMSO)
    tromso_night = night_of(date(2026, 6, 21), TROMSO)
    assert tromso_night.darkness == "none"
    assert_twilight_start(parsed, date(2026, 6, 21), TROMSO)
    assert abs((parsed.start - tromso_night.darkest).total_seconds()) <= 30
    assert "midnight sun" in parsed.description and "solar midnight" in parsed.description


def test_nautical_darkness_only_is_said() -> None:
    berlin = ZoneInfo("Europe/Berlin")
    parsed = when("June 21", now=at(2026, 6, 1, 12, 0, tz=berlin), location=HAMBURG)
    assert night_of(date(2026, 6, 21), HAMBURG).darkness == "nautical"
    assert_twilight_start(parsed, date(2026, 6, 21), HAMBURG)
    assert "no astronomical darkness" in parsed.description
    assert "nautical twilight" in parsed.description


# --------------------------------------------------------------------------- daylight saving


def test_a_skipped_spring_time_moves_forward() -> None:
    parsed = when("2026-03-29 02:30", now=at(2026, 3, 28, 12, 0))
    assert parsed.start == at(2026, 3, 29, 3, 30)
    assert parsed.start.utcoffset() == timedelta(hours=2)
    assert "does not exist" in parsed.description


def test_a_repeated_autumn_time_takes_the_first() -> None:
    parsed = when("2026-10-25 02:30", now=at(2026, 10, 24, 12, 0))
    assert parsed.start.utcoffset() == timedelta(hours=2)
    assert "happens twice" in parsed.description


def test_window_across_the_autumn_change_lasts_the_asked_hours() -> None:
    result = resolve_time(
        "2026-10-25 01:30 for 2 hours", location=KREUZLINGEN, now=at(2026, 10, 24, 12, 0)
    )
    window = result.data["window"] if result.data else {}
    start, end = datetime.fromisoformat(window["start"]), datetime.fromisoformat(window["end"])
    assert (end - start).total_seconds() == 2 * 3600
    assert end.utcoffset() == timedelta(hours=1)


def test_tonight_on_the_spring_change_night() -> None:
    parsed = when("heute Nacht", now=at(2026, 3, 29, 1, 0))
    assert parsed.start == at(2026, 3, 29, 1, 0)


# --------------------------------------------------------------------------- durations


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("zwei Stunden", 2.0),
        ("2 Stunden", 2.0),
        ("2h", 2.0),
        ("1,5 Stunden", 1.5),
        ("1.5h", 1.5),
        ("anderthalb Stunden", 1.5),
        ("eineinhalb Stunden", 1.5),
        ("zweieinhalb Stunden", 2.5),
        ("eine halbe Stunde", 0.5),
        ("eine Viertelstunde", 0.25),
        ("90 minutes", 1.5),
        ("90 Minuten", 1.5),
        ("two hours", 2.0),
        ("an hour and a half", 1.5),
        ("two and a half hours", 2.5),
        ("half an hour", 0.5),
        ("three quarters of an hour", 0.75),
        ("1 Stunde 30 Minuten", 1.5),
        ("1h30", 1.5),
        ("3 hrs", 3.0),
        ("für 2 Stunden", 2.0),
        ("2", 2.0),
    ],
)
def test_parse_duration(text: str, hours: float) -> None:
    assert parse_duration(text) == pytest.approx(hours)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("banana", "could not read"),
        ("", "could not read"),
        ("hours", "could not read"),
        ("2 3 hours", "could not read"),
        ("0", "at least one minute"),
        ("0 Minuten", "at least one minute"),
        ("0,001", "at least one minute"),
        ("-2 hours", "negative"),
        ("25 hours", "longer than 24"),
    ],
)
def test_parse_duration_rejects(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_duration(text)


# --------------------------------------------------------------------------- the tool


def test_resolve_time_ok_window() -> None:
    result = resolve_time("morgen Abend", location=KREUZLINGEN, now=NOW)
    assert result.status is Status.OK and result.data
    window = result.data["window"]
    start = datetime.fromisoformat(window["start"])
    assert start == when("morgen Abend").start
    assert datetime.fromisoformat(window["end"]) - start == timedelta(hours=2)
    assert window["timezone"] == "Europe/Zurich"
    assert window["duration_hours"] == 2.0
    assert result.data["datetime_iso"] == window["start"]
    assert result.data["description"].startswith("tomorrow evening")


def test_resolve_time_duration_precedence() -> None:
    def hours(text: str, **kwargs: float) -> float:
        result = resolve_time(text, location=KREUZLINGEN, now=NOW, **kwargs)
        assert result.data
        return float(result.data["window"]["duration_hours"])

    assert hours("heute Abend für drei Stunden") == 3.0
    assert hours("heute Abend für drei Stunden", duration_hours=1.0) == 1.0
    assert hours("heute Abend", default_duration_hours=4.0) == 4.0


def test_resolve_time_rejects_a_bad_duration_argument() -> None:
    result = resolve_time("heute Abend", location=KREUZLINGEN, now=NOW, duration_hours=30)
    assert result.status is Status.NEEDS_INPUT
    assert "longer than 24" in result.message


@pytest.mark.parametrize(
    ("phrase", "shown"),
    [
        ("heute 10 Uhr", "Mon 30 Nov 2026, 10:00 CET"),
        ("gestern Abend", "Sun 29 Nov 2026, 18:2"),
        ("2026-11-29 21:00", "Sun 29 Nov 2026, 21:00 CET"),
    ],
)
def test_resolve_time_refuses_the_past(phrase: str, shown: str) -> None:
    result = resolve_time(phrase, location=KREUZLINGEN, now=NOW)
    assert result.status is Status.REFUSED
    assert result.message.startswith(f"That time ({shown}")
    assert "is in the past" in result.message


def test_an_explicit_time_just_past_is_still_accepted() -> None:
    result = resolve_time("heute 14:50", location=KREUZLINGEN, now=NOW)
    assert result.status is Status.OK


@pytest.mark.parametrize(
    "phrase",
    ["blorp", "", "   ", "asdf 5", "21", "Sa 22 Uhr", "um halb zehn", "für 2 Stunden", "25 Uhr"],
)
def test_resolve_time_asks_for_a_time_it_cannot_read(phrase: str) -> None:
    result = resolve_time(phrase, location=KREUZLINGEN, now=NOW)
    assert result.status is Status.NEEDS_INPUT
    assert result.message


def test_needs_input_message_gives_examples() -> None:
    message = resolve_time("blorp", location=KREUZLINGEN, now=NOW).message
    assert "'blorp'" in message and "heute Abend" in message and "2026-12-05 21:00" in message


def test_a_whole_week_is_too_vague() -> None:
    result = resolve_time("nächste Woche", location=KREUZLINGEN, now=NOW)
    assert result.status is Status.NEEDS_INPUT
    assert "week" in result.message


def test_naive_now_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        parse_when("heute Abend", now=datetime(2026, 11, 30, 15), location=KREUZLINGEN)


def test_importing_the_module_stays_light() -> None:
    code = "import sys, singularity.planning.timephrases; print('dateparser' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]


# ---------------------------------------------------------------- hostile input


def test_finding_a_duration_reads_each_word_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search tried every chunk of every start (cubic: an 8 KB message took 40 s); now a
    start is read once, over at most a duration's length of words."""
    from singularity.planning.timephrases import durations

    calls = 0
    quantity = durations._quantity

    def counted(token: str) -> tuple[float, str] | None:
        nonlocal calls
        calls += 1
        return quantity(token)

    monkeypatch.setattr(durations, "_quantity", counted)
    words = 300
    with pytest.raises(InputError):
        when("a " * (words - 1) + "stunden")
    assert calls <= 3 * durations.MAX_DURATION_WORDS * words


def test_a_duration_still_takes_the_longest_reading() -> None:
    assert when("morgen 21 Uhr für etwa eine und eine halbe Stunde").duration_hours == 1.5
    assert when("heute Abend für 1:30").duration_hours == 1.5
    with pytest.raises(InputError, match="longer than 24 hours"):
        when("heute Abend für 2 Stunden und 30 Stunden")


def test_many_parts_of_the_day_are_one_part() -> None:
    assert when("abend " * 500).start == when("abend").start


def test_a_long_phrase_is_quoted_back_briefly() -> None:
    result = resolve_time("blorp " * 20_000, location=KREUZLINGEN, now=NOW)
    assert result.status is Status.NEEDS_INPUT
    assert "blorp blorp" in result.message and len(result.message) < 400


def test_dateparser_is_not_asked_about_long_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import dateparser.date

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("dateparser was asked")

    monkeypatch.setattr(dateparser.date, "DateDataParser", refuse)
    with pytest.raises(InputError, match="could not understand"):
        when("blorp " * 100)


@pytest.mark.parametrize(
    ("now", "year"),
    [(datetime(9999, 12, 31, 23, 0, tzinfo=UTC), 9999), (datetime(1, 1, 1, 0, 0, tzinfo=UTC), 1),
     (at(3000, 6, 1, 12, 0), 3000), (at(1900, 6, 1, 12, 0), 1900)],
)
@pytest.mark.parametrize("phrase", ["tonight", "morgen 22 Uhr", "jetzt", "in 2 Stunden"])
def test_a_now_outside_the_supported_years_is_refused_by_name(
    now: datetime, year: int, phrase: str
) -> None:
    result = resolve_time(phrase, location=KREUZLINGEN, now=now)
    assert result.status is Status.NEEDS_INPUT
    assert f"The year {year} is outside" in result.message and "(1901 to 2099)" in result.message


@pytest.mark.parametrize("phrase", ["9999-12-31", "9999-12-31 23:00", "2200-01-01 21:00",
                                    "1.1.2100", "31.12.2099 23:00"])
def test_a_day_outside_the_supported_years_is_refused_by_name(phrase: str) -> None:
    result = resolve_time(phrase, location=KREUZLINGEN, now=NOW)
    assert result.status is Status.NEEDS_INPUT
    assert "(1901 to 2099)" in result.message


def test_the_last_supported_evening_is_planned() -> None:
    result = resolve_time("31.12.2099", location=KREUZLINGEN, now=NOW)
    assert result.status is Status.OK


@pytest.mark.parametrize("hours", [2.225073858507e-311, 0.001, -1.0, float("nan"), float("inf")])
def test_a_duration_argument_without_a_minute_of_sky_is_refused(hours: float) -> None:
    result = resolve_time("heute Abend", location=KREUZLINGEN, now=NOW, duration_hours=hours)
    assert result.status is Status.NEEDS_INPUT


@pytest.mark.parametrize(
    "phrase", ["2026-12-05T21:00+99:99", "2026-12-05T25:00+01:00", "2026-12-05T21:99Z",
               "2026-12-05 21:00:99+01:00", "2026-12-05T21:00+2400"],
)
def test_an_iso_time_with_an_impossible_field_is_a_bad_clock_time(phrase: str) -> None:
    with pytest.raises(InputError, match="not a valid clock time"):
        when(phrase)


# --------------------------------------------------------------------------- said in German


def test_how_a_time_was_understood_is_said_in_german_too() -> None:
    passed = when("um 10 Uhr")
    assert passed.said.render("de") == (
        "Di, 1. Dez. 2026, 10:00 CET (morgen, weil 10:00 heute schon vorbei ist; "
        "als 24-Stunden-Zeit gelesen; sag „22 Uhr“, wenn du den Abend meinst)")
    friday = when("Freitagabend")
    assert friday.said.render("de").startswith("Freitagabend, Fr, 4. Dez. 2026 (Ende der astronomischen Dämmerung ")
    assert friday.description.startswith("Friday evening, Fri 4 Dec 2026 (end of astronomical twilight ")
    skipped = when("2026-03-29 02:30", now=at(2026, 3, 28, 12, 0))
    assert "02:30 gibt es am So, 29. März 2026 nicht, weil die Uhren vorgestellt werden" in skipped.said.render("de")


def test_a_weekday_that_does_not_match_the_date_is_asked_about_in_german() -> None:
    with pytest.raises(InputError) as raised:
        when("Samstag, 1.12.2026")
    assert raised.value.message.render("de") == (
        "Der Di, 1. Dez. 2026 ist ein Dienstag, kein Samstag; welchen Tag meinst du?")


@pytest.mark.parametrize(("text", "now", "day"), [
    ("this weekend", NOW, date(2026, 12, 5)),  # a Monday: the coming Saturday evening
    ("am Wochenende", NOW, date(2026, 12, 5)),
    ("übers Wochenende", NOW, date(2026, 12, 5)),
    ("next weekend", NOW, date(2026, 12, 12)),
    ("nächstes Wochenende", NOW, date(2026, 12, 12)),
    ("this weekend", NOW + timedelta(days=5), date(2026, 12, 5)),  # on the Saturday: tonight
    ("dieses Wochenende", NOW + timedelta(days=6), date(2026, 12, 6)),  # on the Sunday: what is left
])
def test_a_weekend_is_its_saturday_evening(text: str, now: datetime, day: date) -> None:
    parsed = when(text, now=now)
    assert parsed.start.date() == day and parsed.anchored_to_twilight


def test_a_day_named_beside_the_weekend_wins() -> None:
    assert when("Sonntag am Wochenende").start.date() == date(2026, 12, 6)
    assert when("tomorrow, at the weekend").start.date() == date(2026, 12, 1)
