"""Durations: "anderthalb Stunden", "90 minutes", "an hour and a half", "2h", "2"."""

from __future__ import annotations

import math
import re

from singularity.catalogue import msg
from singularity.errors import InputError
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
_DURATION_TOKEN = re.compile(r"\d+(?:[.,]\d+)?|[^\W\d_]+")
UNIT_WORD = re.compile(r"(?:^|\d)(?:stunden?|std|hours?|hrs?|minuten?|minutes?|mins?)$")
"""A word that makes a number a duration even without "für/for" ("zwei Stunden"; not "22h")."""
UNIT_OR_H = re.compile(r"(?:^|\d)(?:stunden?|std|hours?|hrs?|h|minuten?|minutes?|mins?|m)$")


def _quantity(token: str) -> tuple[float, str] | None:
    """Value and kind (num | article | fraction) of a number-like token, else ``None``."""
    if re.fullmatch(r"\d+(?:[.,]\d+)?", token):
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
    s = text.strip().lower()
    if re.match(r"-\s*\d", s):
        raise InputError(msg("time.negative_duration", text=text.strip()))
    s = re.sub(r"(viertel|halbe)stunde", r"\1 stunde", s)
    clock = re.fullmatch(r"(\d{1,2}):([0-5]\d)\s*(h|std|stunden?|hours?)?", s)
    if clock:
        s = str(int(clock[1]) + int(clock[2]) / 60)

    tokens: list[str] = []
    pos = 0
    for m in _DURATION_TOKEN.finditer(s):
        if s[pos : m.start()].strip():
            return None
        tokens.append(m.group())
        pos = m.end()
    if s[pos:].strip():
        return None

    total = carry = 0.0
    pending: float | None = None
    soft = False  # the pending value came from "a", "half", … and may still be multiplied
    last_unit: float | None = None
    seen = False
    for token in tokens:
        quantity = _quantity(token)
        if quantity is not None:
            value, kind = quantity
            if pending is None:
                pending, soft = value, kind != "num"
            elif soft or kind != "num":  # "a half", "half an", "drei viertel"
                pending, soft = pending * value, kind != "num"
            else:  # two plain numbers in a row
                return None
        elif token in HOUR_UNITS or token in MINUTE_UNITS:
            if pending is None:
                return None
            last_unit = 1.0 if token in HOUR_UNITS else 1 / 60
            total += (carry + pending) * last_unit
            carry, pending, seen = 0.0, None, True
        elif token in CONNECTORS:
            if pending is not None:
                carry, pending = carry + pending, None
        elif token not in DURATION_NOISE:
            return None
    if pending is not None:
        if last_unit is None:
            total += carry + pending  # a plain number means hours
        elif last_unit == 1.0 and carry == 0.0:
            total += pending if pending < 1 else pending / 60  # "an hour and a half", "1h30"
        else:
            return None
        seen = True
    elif carry:
        return None
    if not seen:
        return None
    return checked_hours(total, text.strip())


def checked_hours(hours: float, shown: str) -> float:
    """``hours`` if it is a usable observing duration; ``shown`` names it in the error."""
    if not math.isfinite(hours) or hours <= 0:
        raise InputError(msg("time.zero_duration", text=shown))
    if hours > MAX_DURATION_HOURS:
        raise InputError(msg("time.too_long", text=shown, hours=f"{MAX_DURATION_HOURS:g}"))
    return hours


def parse_duration(text: str) -> float:
    """Hours in a German or English duration ("anderthalb Stunden", "90 minutes", "2h", "2")."""
    hours = read_duration(text)
    if hours is None:
        raise InputError(msg("time.duration_unreadable", text=text.strip()))
    return hours
