"""Planning parameters from a message: place, time, duration, instrument, object types.

Each slot is the raw text to hand to one planning tool (``resolve_location``, ``resolve_time``,
``parse_duration``, ``classify_equipment``, ``parse_preferences``), found by pattern and checked
with that tool's own parser wherever one exists. Slots are taken in an order where the most
recognisable claim their words first (coordinates, duration, time, instrument, object types),
so that a place name never swallows "zwei Stunden" or "10-Zoll-Dobson".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from singularity.errors import InputError
from singularity.planning.equipment import parse_equipment
from singularity.planning.preferences import parse_preferences
from singularity.planning.timephrases import parse_duration
from singularity.understanding.equipment_spans import find_equipment
from singularity.understanding.place_spans import find_coordinates, find_place
from singularity.understanding.time_spans import (
    blocked_times,
    find_duration,
    find_when,
    parses_as_time,
)
from singularity.understanding.tokens import Token, indices_matching, span_text, tokenize

REQUIRED_SLOTS = ("location", "time", "equipment")
"""What the planning agent asks for, in this order; duration and preferences have defaults."""
_REQUIRED_KEYS = {"location": "location", "time": "datetime_iso", "equipment": "equipment"}

_PREFERENCE_PATTERNS = (
    re.compile(
        r"\b(?:double\s+stars?|deep[\s-]?sky(?:\s+objects?)?|open\s+clusters?|globular\s+clusters?"
        r"|planetary\s+nebula[es]?|offene[nr]?\s+(?:stern)?haufen|planetarische[nr]?\s+nebel)\b"
    ),
    re.compile(
        r"\b(?:\w*galaxi(?:e|en|s)|galax(?:y|ies)|\w*nebel|nebula[es]?|nebulas|\w*sternhaufen"
        r"|haufen|clusters?|planet(?:en|s)?|mond|monde|moon|moons|doppelstern(?:e|en)?"
        r"|supernova\w*|kugelhaufen)\b"
    ),
)
_PREFERENCE_JOINERS = {"und", "and", "or", "oder", "sowie", "&", "/", "plus", "auch", "also"}
_STRENGTH_WORDS = {
    "nur", "ausschließlich", "ausschliesslich", "lediglich", "only", "exclusively", "just",
    "hauptsächlich", "hauptsaechlich", "vor", "allem", "mostly", "mainly", "especially",
    "besonders", "vorwiegend", "überwiegend", "ueberwiegend",
}  # fmt: skip
"""Words that say how strongly a type is wanted ("vor allem", "nur"), kept with the types."""
_NEGATIONS = {"kein", "keine", "keinen", "no", "not", "ohne", "without", "nicht", "keinerlei"}


class PlanningSlots(BaseModel):
    """Raw phrases for the planning tools; ``None`` where the message says nothing."""

    place: str | None = None
    when: str | None = None
    duration: str | None = None
    equipment: str | None = None
    preferences: str | None = None

    def filled(self) -> list[str]:
        """Names of the slots the message filled, in field order."""
        return [name for name, value in self if value is not None]


def extract_planning_slots(text: str, *, awaiting: str | None = None) -> PlanningSlots:
    """Find every planning slot in ``text``.

    ``awaiting`` is the slot the pilot asked for last; it lets a bare answer fill it ("2" for
    the duration, "Kreuzlingen" or "new york" for the place, "ED 80" for the instrument),
    provided the slot's parser reads it.
    """
    tokens = tokenize(text)
    taken = blocked_times(text, tokens)
    found: dict[str, str] = {}

    def claim(name: str, hit: tuple[str, set[int]] | None) -> None:
        if hit is not None:
            found[name] = hit[0]
            taken.update(hit[1])

    coordinates = find_coordinates(text, tokens, taken)
    claim("place", coordinates)
    claim("duration", find_duration(text, tokens, taken, bare_number=awaiting == "duration"))
    claim("when", find_when(text, tokens, taken))
    claim("equipment", find_equipment(text, tokens, taken))
    claim("preferences", _preferences(text, tokens, taken))
    if coordinates is None:
        claim("place", find_place(text, tokens, taken, awaiting_location=awaiting == "location"))
    _whole_answer(text, awaiting, found)
    return PlanningSlots(**found)


def missing_slots(planning_data: dict[str, Any]) -> list[str]:
    """The required slots still empty in ``planning_data`` (the workflow state of docs/architecture.md), in asking order."""
    return [slot for slot in REQUIRED_SLOTS if not planning_data.get(_REQUIRED_KEYS[slot])]


def _preferences(
    text: str, tokens: Sequence[Token], taken: set[int]
) -> tuple[str, set[int]] | None:
    """Object types, grouped over "und"/"and"/commas; negated ones ("keine Planeten") skipped."""
    words = indices_matching(text, tokens, _PREFERENCE_PATTERNS) - taken
    groups: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        if i not in words:
            i += 1
            continue
        first = last = i
        j = i + 1
        while j < len(tokens) and not tokens[j - 1].ends_sentence:
            if j in words:
                last = j
            elif tokens[j].word not in _PREFERENCE_JOINERS or j in taken:
                break
            j += 1
        if not (first > 0 and tokens[first - 1].word in _NEGATIONS):
            while first > 0 and tokens[first - 1].word in _STRENGTH_WORDS and first - 1 not in taken:
                first -= 1  # "nur Galaxien", "mostly galaxies": the planner reads the strength
            groups.append((first, last))
        i = last + 1
    phrases = [span_text(text, tokens, a, b) for a, b in groups]
    valid = [(p, g) for p, g in zip(phrases, groups, strict=True) if _valid_preferences(p)]
    if not valid:
        return None
    return ", ".join(p for p, _ in valid), {i for _, (a, b) in valid for i in range(a, b + 1)}


def _valid_preferences(phrase: str) -> bool:
    try:
        return bool(parse_preferences(phrase))
    except InputError:
        return False


def _whole_answer(text: str, awaiting: str | None, found: dict[str, str]) -> None:
    """A reply to the pilot's question that no pattern caught, if that slot's parser reads it."""
    answer = text.strip().rstrip(".!")
    if not answer or awaiting is None:
        return
    checks = {
        "time": ("when", parses_as_time),
        "duration": ("duration", _parses(parse_duration)),
        "equipment": ("equipment", _parses(parse_equipment)),
        "preferences": ("preferences", _parses(parse_preferences)),
    }
    if awaiting in checks:
        name, check = checks[awaiting]
        if name not in found and check(answer):
            found[name] = answer


def _parses(parser: Callable[[str], object]) -> Callable[[str], bool]:
    def check(phrase: str) -> bool:
        try:
            parser(phrase)
        except InputError:
            return False
        return True

    return check
