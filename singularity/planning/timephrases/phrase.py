"""The phrase being read and the pieces recognised in it so far."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from singularity.catalogue import msg
from singularity.errors import InputError
from singularity.inputs import echo
from singularity.planning.ephemeris import check_supported
from singularity.planning.timephrases.durations import (
    MAX_DURATION_WORDS,
    checked_hours,
    is_negative,
    longest_duration,
)
from singularity.planning.timephrases.lexicon import FILLERS


class Scan:
    """The normalised phrase; recognised pieces are blanked so that leftovers can be checked."""

    def __init__(self, text: str) -> None:
        s = text.lower().replace("–", "-")
        s = re.sub(r"[!?;]", " ", s)
        s = re.sub(r"(?<!\d),|,(?!\d)", " ", s)  # keep decimal commas ("1,5 Stunden")
        self.s = re.sub(r"\s+", " ", s).strip()

    def take(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        m = pattern.search(self.s)
        if m:
            self.blank(m.start(), m.end())
        return m

    def take_all(self, pattern: re.Pattern[str]) -> bool:
        """Blank every match of ``pattern`` in one pass; whether there was one."""
        spans = [m.span() for m in pattern.finditer(self.s)]
        if spans:
            pieces, last = [], 0
            for start, end in spans:
                pieces += [self.s[last:start], " " * (end - start)]
                last = end
            self.s = "".join([*pieces, self.s[last:]])
        return bool(spans)

    def blank(self, start: int, end: int) -> None:
        self.s = self.s[:start] + " " * (end - start) + self.s[end:]

    def take_duration(
        self, prefixes: set[str] | None, *, unit: re.Pattern[str] | None
    ) -> float | None:
        """Longest duration after a prefix word (or anywhere, when ``prefixes`` is None).

        A duration has at most ``MAX_DURATION_WORDS`` words, and only chunks holding a ``unit``
        word are read, so the search is linear in the phrase's length (it was cubic: an 8 KB
        message took 40 s).
        """
        matches = list(re.finditer(r"\S+", self.s))
        words = [m.group() for m in matches]
        next_unit = [len(words)] * (len(words) + 1)  # the first word from i on holding a unit
        for i in range(len(words) - 1, -1, -1):
            next_unit[i] = i if unit is None or unit.search(words[i]) else next_unit[i + 1]
        for i, word in enumerate(words):
            if prefixes is not None and word not in prefixes:
                continue
            if prefixes is None and i > 0 and words[i - 1] == "in":
                continue  # "in 2 Stunden" is a start, not a duration
            first = i + 1 if prefixes is not None else i
            window = words[first : first + MAX_DURATION_WORDS]
            if next_unit[first] >= first + len(window):
                continue  # no unit within reach
            if is_negative(window):
                raise InputError(msg("time.negative_duration", text=echo(" ".join(window))))
            found = longest_duration(window)
            if found is not None and first + found[0] > next_unit[first]:
                count, hours = found
                hours = checked_hours(hours, " ".join(window[:count]))
                self.blank(matches[i].start(), matches[first + count - 1].end())
                return hours
        return None

    def leftover(self) -> list[str]:
        words = (w.strip(".,:-'") for w in self.s.split())
        return [w for w in words if w and w not in FILLERS]


@dataclass
class Clock:
    hour: int
    minute: int
    meridiem: str | None = None  # "am" | "pm"
    midnight: bool = False
    padded: bool = False
    """Written as "09:00" or in an ISO date: plainly the 24-hour clock, no "9 pm?" hint."""


@dataclass
class Parts:
    now: bool = False
    offset: timedelta | None = None  # "in 2 Stunden"
    rel_days: int | None = None
    abs_date: date | None = None
    abs_start: datetime | None = None  # ISO with an offset
    weekday: int | None = None
    weekday_next: bool = False
    part: str | None = None  # evening | night | morning | afternoon
    tonight: bool = False
    clock: Clock | None = None
    end_clock: Clock | None = None
    duration_hours: float | None = None

    def set_day(self, *, rel: int | None = None, absolute: date | None = None) -> None:
        if self.rel_days is not None or self.abs_date is not None:
            raise InputError(msg("time.two_days"))
        if absolute is not None:
            check_supported(absolute)
        self.rel_days, self.abs_date = rel, absolute

    def set_part(self, part: str) -> None:
        if self.part is not None and self.part != part:
            raise InputError(msg("time.two_parts", first=self.part, second=part))
        self.part = part

    def set_clock(self, clock: Clock) -> None:
        if self.clock is not None:
            raise InputError(
                "The phrase contains two clock times; for a window say e.g. 'von 21 bis 23 Uhr'."
            )
        self.clock = clock

    def empty(self) -> bool:
        return not (
            self.now or self.offset or self.rel_days is not None or self.abs_date
            or self.weekday is not None or self.part or self.clock
        )  # fmt: skip
