"""Hostile input, generated: the parsers of place, time, duration, coordinates and instrument,
and the understanding a turn runs on every message, raise nothing but the documented user
error (InputError), and a long message costs time in proportion to its length.

Examples are drawn from the vocabulary the parsers know, mixed with arbitrary text (lone
surrogates, combining marks, control characters, huge numbers), so that the parsers get past
their first check. Profiles: ``quick`` (default: few examples, the same every run) and
``thorough`` (``SINGULARITY_FUZZ=thorough``: many, random), both without deadlines (the
machine may be busy) and without an example database on disk.
"""

from __future__ import annotations

import math
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from singularity.config import Settings
from singularity.errors import InputError
from singularity.planning.coordinates import parse_coordinates
from singularity.planning.equipment import parse_equipment
from singularity.planning.location import resolve_location
from singularity.planning.models import Location
from singularity.planning.timephrases import parse_duration, parse_when, resolve_time
from singularity.results import Status
from singularity.understanding.intent import PLANNING_SLOTS, classify_intent
from singularity.understanding.slots import extract_planning_slots
from singularity.understanding.tokens import covered, tokenize
from tests.support import settings_with_index

settings.register_profile(
    "quick", max_examples=40, deadline=None, database=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
PROFILE = settings.get_profile(os.environ.get("SINGULARITY_FUZZ", "quick"))

_VOCABULARY = (
    "heute morgen übermorgen tonight tomorrow Abend Nacht evening night früh morning jetzt now "
    "um at ab von bis from to until für for in nächsten next diesen Samstag Saturday Montag "
    "Mitternacht midnight Uhr h pm am o'clock Stunden Stunde hours hour Minuten minutes min "
    "anderthalb eineinhalb halbe half a an ein eine und and plus etwa about lang long Dezember "
    "December Dez Dec Jan 1st 31st Dobson Teleskop telescope refractor Refraktor Newton SCT Mak "
    "C8 C9.25 Seestar S50 ED80 APO Fernglas binoculars 10x50 7x35 mm cm Zoll inch Zöller "
    "Achtzöller 150/750 f/5 naked eye bloßem Auge Kreuzlingen Zürich La Palma St. Gallen "
    "New York bei nahe near aus N S E W O Nord Süd Ost West lat lon Breite Länge ° ' \" ″ ′ "
    "Galaxien galaxies Nebel nebulae Haufen clusters Planeten nur vor allem keine not "
    "Guten Morgen Hallo danke ja nein Stellarium öffne zeige M31 NGC 7000 Orion Wetter weather"
)
_WORDS = _VOCABULARY.split()
_ODD = [
    "-", "−", "–", "—", ",", ".", ":", ";", "?", "!", "/", "x", "×", "\udcfc", "\ud800", "\u0301",
    "İ", "ß", "\x00", "\t", "\n", "\u200b", "🔭", "0", "00", "-0", "9" * 40, "1e400", "24:00",
    "23:59", "12.12.", "29.02.", "2026-02-30", "9999-12-31", "0001-01-01", "1:30", "-2", "0,0",
    "47.65N", "9.17E", "47°39'N", "95", "-200", "10-Zoll", "22h", "2h30",
]
TOKENS = st.one_of(
    st.sampled_from(_WORDS), st.sampled_from(_ODD), st.text(max_size=6),
    st.from_regex(r"-?\d{1,4}(?:[.,]\d{1,3})?", fullmatch=True),
    st.from_regex(r"\d{4}-\d{2}-\d{2}(?:[Tt ]\d{1,2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?",
                  fullmatch=True),
)
SEPARATORS = st.sampled_from([" ", " ", " ", ", ", "-", "", ". ", "  "])


@st.composite
def phrases(draw: st.DrawFn, max_words: int = 12) -> str:
    """Words the parsers know and odd ones, with varied separators."""
    words = draw(st.lists(TOKENS, max_size=max_words))
    text = ""
    for word in words:
        text += word + draw(SEPARATORS)
    return text


TEXTS = st.one_of(phrases(), st.text(max_size=40))
PLACES = [
    Location(name="Kreuzlingen", lat=47.6505, lon=9.175, timezone="Europe/Zurich", source="test"),
    Location(name="Tromsø", lat=69.65, lon=18.96, timezone="Europe/Oslo", source="test"),
    Location(name="Apia", lat=-13.83, lon=-171.76, timezone="Pacific/Apia", source="test"),
    Location(name="South Pole", lat=-90.0, lon=0.0, timezone="Antarctica/McMurdo", source="test"),
]
NOWS = st.one_of(
    st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2090, 12, 31),
                 timezones=st.sampled_from([UTC, ZoneInfo("Europe/Zurich"), ZoneInfo("Pacific/Apia")])),
    st.sampled_from([datetime(9999, 12, 31, 23, 0, tzinfo=UTC), datetime(1, 1, 1, tzinfo=UTC),
                     datetime(3000, 6, 1, 12, tzinfo=UTC), datetime(2099, 12, 31, 23, 30, tzinfo=UTC)]),
)


@pytest.fixture
def offline(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return settings_with_index(tmp_path, tmp_path_factory)


@PROFILE
@given(text=TEXTS, now=NOWS, place=st.sampled_from(PLACES))
def test_time_phrases_raise_only_the_user_error(text: str, now: datetime, place: Location) -> None:
    try:
        parsed = parse_when(text, now=now, location=place)
    except InputError:
        return
    assert parsed.start.tzinfo is not None
    assert parsed.duration_hours is None or 0 < parsed.duration_hours <= 24


@PROFILE
@given(text=TEXTS, now=NOWS, place=st.sampled_from(PLACES),
       hours=st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True)))
def test_the_time_tool_answers_every_phrase(
    text: str, now: datetime, place: Location, hours: float | None
) -> None:
    result = resolve_time(text, location=place, now=now, duration_hours=hours)
    assert result.status in (Status.OK, Status.NEEDS_INPUT, Status.REFUSED)
    if result.status is Status.OK:
        window = result.data["window"]
        assert datetime.fromisoformat(window["end"]) > datetime.fromisoformat(window["start"])


@PROFILE
@given(text=TEXTS)
def test_durations_raise_only_the_user_error(text: str) -> None:
    try:
        hours = parse_duration(text)
    except InputError:
        return
    assert math.isfinite(hours) and 0 < hours <= 24


@PROFILE
@given(text=TEXTS)
def test_coordinates_raise_only_the_user_error(text: str) -> None:
    try:
        found = parse_coordinates(text)
    except InputError:
        return
    if found is not None:
        lat, lon, _ = found
        assert -90 <= lat <= 90 and -180 <= lon <= 180


@PROFILE
@given(text=TEXTS)
def test_instruments_raise_only_the_user_error(text: str) -> None:
    try:
        equipment = parse_equipment(text)
    except InputError:
        return
    assert equipment.aperture_mm > 0 and math.isfinite(equipment.limiting_magnitude)


@PROFILE
@given(text=st.one_of(phrases(max_words=6), st.text(max_size=30), st.text(min_size=201, max_size=400)))
def test_place_names_are_answered_and_quoted_back_briefly(offline: Settings, text: str) -> None:
    result = resolve_location(text, settings=offline)
    assert result.status in (Status.OK, Status.NEEDS_INPUT)
    assert len(result.message) < 600


@PROFILE
@given(text=TEXTS, awaiting=st.sampled_from([None, *PLANNING_SLOTS]))
def test_reading_a_message_never_fails(text: str, awaiting: str | None) -> None:
    """What the runner and the pilot run on every message."""
    slots = extract_planning_slots(text, awaiting=awaiting)
    assert all(isinstance(value, str) and value for _, value in slots if value is not None)
    for has_plan in (False, True):
        classify_intent(text, awaiting=awaiting, has_plan=has_plan, follows_up=has_plan)


@PROFILE
@given(text=TEXTS, start=st.integers(0, 60), length=st.integers(0, 60))
def test_covered_tokens_are_the_overlapping_ones(text: str, start: int, length: int) -> None:
    tokens = tokenize(text)
    end = start + length
    expected = [i for i, t in enumerate(tokens) if t.start < end and t.end > start]
    assert covered(tokens, start, end) == expected


LONG_PROSE = ("Letzte Woche war der Himmel am Abend klar, wir haben bis 23 Uhr geredet und the "
              "night was dark for hours, so I want to look at the sky again tonight in Kreuzlingen. ")


def _reading_seconds(text: str) -> float:
    """Wall time of what a turn runs on a message: routing, slots, and the time parser."""
    start = time.perf_counter()
    classify_intent(text, awaiting="time", has_plan=True)
    extract_planning_slots(text, awaiting="time")
    try:
        parse_when(text, now=datetime(2026, 6, 1, 12, tzinfo=UTC), location=PLACES[0])
    except InputError:
        pass
    return time.perf_counter() - start


def test_a_long_message_costs_time_in_proportion_to_its_length() -> None:
    """100 KB against 1 KB: linear is 100 times; the cubic duration search was millions. A
    ratio (with a margin for a busy machine), not an absolute time."""
    small = (LONG_PROSE * 10)[:1_000]
    large = (LONG_PROSE * 1_000)[:100_000]
    small_seconds = min(_reading_seconds(small) for _ in range(5))
    assert _reading_seconds(large) <= 150 * small_seconds + 2.0
    assert timedelta(seconds=small_seconds) < timedelta(seconds=5)
