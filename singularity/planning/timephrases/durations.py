"""Durations: "anderthalb Stunden", "90 minutes", "an hour and a half", "2h", "2"."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from singularity.catalogue import msg
from singularity.errors import InputError
from singularity.inputs import echo
from singularity.planning.timephrases.lexicon import (
    ARTICLES,
    CONNECTORS,
    COUNT_WORDS,
    DURATION_NOISE,
    FRACTIONS,
    HOUR_UNITS,
    MINUTE_UNITS,
)

MAX_DURATION_HOURS = 24.0
MIN_DURATION_HOURS = 1 / 60
"""A window shorter than a minute has no sky to plan (a model's 1e-300 h gave start == end)."""
MAX_DURATION_WORDS = 8
"""Words a duration may have: the vocabulary's longest, "etwa eine und eine halbe Stunde lang",
has seven. Bounding it keeps the search for a duration in a phrase linear."""
_DURATION_TOKEN = re.compile(r"\d+(?:[.,]\d+)?|[^\W\d_]+")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_NEGATIVE = re.compile(r"-\s*\d")
_QUARTER_OR_HALF = re.compile(r"(viertel|halbe)stunde")
_CLOCK = re.compile(r"(\d{1,2}):([0-5]\d)\s*(h|std|stunden?|hours?)?")
"""A duration written as a clock reading ("1:30", "2:00 h"): always the whole phrase."""
UNIT_WORD = re.compile(r"(?:^|\d)(?:stunden?|std|hours?|hrs?|minuten?|minutes?|mins?)$")
"""A word that makes a number a duration even without "für/for" ("zwei Stunden"; not "22h")."""
UNIT_OR_H = re.compile(r"(?:^|\d)(?:stunden?|std|hours?|hrs?|h|minuten?|minutes?|mins?|m)$")


def _quantity(token: str) -> tuple[float, str] | None:
    """Value and kind (num | article | fraction) of a number-like token, else ``None``."""
    if _NUMBER.fullmatch(token):
        return float(token.replace(",", ".")), "num"
    if token in ARTICLES:
        return 1.0, "article"
    if token in FRACTIONS:
        return FRACTIONS[token], "fraction"
    if token in COUNT_WORDS:
        return float(COUNT_WORDS[token]), "num"
    if token == "anderthalb":
        return 1.5, "num"
    if token.endswith("einhalb"):  # eineinhalb, zweieinhalb, …
        head = token[: -len("einhalb")]
        if head == "ein" or head in COUNT_WORDS:
            return (1.0 if head == "ein" else COUNT_WORDS[head]) + 0.5, "num"
    return None


def read_duration(text: str) -> float | None:
    """Hours in ``text``, ``None`` if it is not a duration; raises InputError when out of range."""
    words = text.split()
    shown = text.strip()
    if is_negative(words):
        raise InputError(msg("time.negative_duration", text=echo(shown)))
    found = longest_duration(words)
    if found is None or found[0] != len(words):
        return None
    return checked_hours(found[1], shown)


def is_negative(words: Sequence[str]) -> bool:
    """Whether the words start with a negative number ("-2 Stunden", "- 2 h")."""
    return bool(_NEGATIVE.match(" ".join(words[:2]).lower()))


def longest_duration(words: Sequence[str]) -> tuple[int, float] | None:
    """The most leading ``words`` that read as a duration: how many, and their hours (not yet
    checked against the allowed range); ``None`` when not even the first word starts one.

    One pass from left to right (a reading that fails stays failed, whatever follows), so that
    finding a duration in a long phrase costs time in proportion to its length.
    """
    if not words:
        return None
    for count in (2, 1):
        clock = _CLOCK.fullmatch(" ".join(words[:count]).lower()) if count <= len(words) else None
        if clock:
            return count, int(clock[1]) + int(clock[2]) / 60
    reading = _Reading()
    found: tuple[int, float] | None = None
    for count, word in enumerate(words, start=1):
        if not all(reading.feed(token) for token in _tokens(word)):
            break
        hours = reading.hours()
        if hours is not None:
            found = count, hours
    return found


def _tokens(word: str) -> list[str]:
    """The duration tokens of one word ("2h30" → 2, h, 30); a stray character ("2-3", "1:30")
    makes a token no duration has."""
    lowered = _QUARTER_OR_HALF.sub(r"\1 stunde", word.lower())
    tokens = _DURATION_TOKEN.findall(lowered)
    return tokens if sum(map(len, tokens)) == len(lowered.replace(" ", "")) else [lowered]


@dataclass
class _Reading:
    """A duration read so far: complete hours, a number waiting for its unit, the last unit."""

    total: float = 0.0
    carry: float = 0.0
    pending: float | None = None
    soft: bool = False
    """The pending value came from "a", "half", … and may still be multiplied."""
    last_unit: float | None = None
    seen: bool = False

    def feed(self, token: str) -> bool:
        """Take the next token; ``False`` when no duration can continue with it."""
        quantity = _quantity(token)
        if quantity is not None:
            value, kind = quantity
            if self.pending is None:
                self.pending, self.soft = value, kind != "num"
            elif self.soft or kind != "num":  # "a half", "half an", "drei viertel"
                self.pending, self.soft = self.pending * value, kind != "num"
            else:  # two plain numbers in a row
                return False
        elif token in HOUR_UNITS or token in MINUTE_UNITS:
            if self.pending is None:
                return False
            self.last_unit = 1.0 if token in HOUR_UNITS else 1 / 60
            self.total += (self.carry + self.pending) * self.last_unit
            self.carry, self.pending, self.seen = 0.0, None, True
        elif token in CONNECTORS:
            if self.pending is not None:
                self.carry, self.pending = self.carry + self.pending, None
        elif token not in DURATION_NOISE:
            return False
        return True

    def hours(self) -> float | None:
        """The duration if the phrase ended here, ``None`` if it would not be one."""
        if self.pending is not None:
            if self.last_unit is None:
                return self.total + self.carry + self.pending  # a plain number means hours
            if self.last_unit == 1.0 and self.carry == 0.0:  # "an hour and a half", "1h30"
                return self.total + (self.pending if self.pending < 1 else self.pending / 60)
            return None
        if self.carry:
            return None
        return self.total if self.seen else None


def checked_hours(hours: float, shown: str) -> float:
    """``hours`` if it is a usable observing duration; ``shown`` names it in the error."""
    if not math.isfinite(hours) or hours < MIN_DURATION_HOURS:
        raise InputError(msg("time.zero_duration", text=echo(shown)))
    if hours > MAX_DURATION_HOURS:
        raise InputError(msg("time.too_long", text=echo(shown), hours=f"{MAX_DURATION_HOURS:g}"))
    return hours


def parse_duration(text: str) -> float:
    """Hours in a German or English duration ("anderthalb Stunden", "90 minutes", "2h", "2")."""
    hours = read_duration(text)
    if hours is None:
        raise InputError(msg("time.duration_unreadable", text=echo(text)))
    return hours
