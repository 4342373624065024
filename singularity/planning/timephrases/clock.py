"""Clock times: "21 Uhr", "9 pm", "22h30", "um 9", "von 21 bis 23 Uhr", midnight."""

from __future__ import annotations

import re

from singularity.catalogue import msg
from singularity.errors import InputError
from singularity.inputs import echo
from singularity.planning.timephrases.phrase import Clock, Parts, Scan

_MERIDIEM = r"(a\.?m\.?|p\.?m\.?)(?![a-zäöüß])"
_H = r"(?<![\d:.])(\d{1,2})"

_RANGE = re.compile(
    rf"(?:\b(?:von|from|ab|between|zwischen)\s+)?{_H}(?:[:.](\d{{2}}))?\s*"
    rf"(?:{_MERIDIEM}|(uhr|h)\b)?\s*(?:bis|until|till|til|to|-)\s*"
    rf"{_H}(?:[:.](\d{{2}}))?\s*(?:{_MERIDIEM}|(uhr|h)\b)?"
)
_MIDNIGHT = re.compile(r"\b(?:mitternacht|midnight)\b")
_CLOCK_HM = re.compile(rf"{_H}[:.](\d{{2}})(?!\d|[.:]\d)\s*(?:{_MERIDIEM}|(?:uhr|h)\b)?")
_CLOCK_MERIDIEM = re.compile(rf"{_H}\s*{_MERIDIEM}")
_CLOCK_UHR = re.compile(rf"{_H}\s*uhr(?:\s+(\d{{2}})\b)?")
_CLOCK_H = re.compile(rf"{_H}h(\d{{2}})?\b")
_CLOCK_OCLOCK = re.compile(rf"{_H}\s*o'?clock\b")
_CLOCK_BARE = re.compile(r"\b(?:um|at|ab|from|gegen|around|starting\s+at)\s+(\d{1,2})\b(?![:.]\d)")


def _meridiem(text: str | None) -> str | None:
    return None if not text else ("am" if text.startswith("a") else "pm")


def _clock(hour: str, minute: str | None = None, meridiem: str | None = None) -> Clock:
    return Clock(int(hour), int(minute or 0), _meridiem(meridiem), padded=hour.startswith("0"))


def scan_clocks(scan: Scan, parts: Parts) -> None:
    if m := scan.take(_RANGE):
        start_mer = m[3]
        if start_mer is None and m[7] and int(m[1]) < int(m[5]) <= 12:
            start_mer = m[7]  # "9 to 11 pm"
        parts.set_clock(_clock(m[1], m[2], start_mer))
        parts.end_clock = _clock(m[5], m[6], m[7])
    if scan.take(_MIDNIGHT):
        parts.set_clock(Clock(0, 0, midnight=True))
    readers = (
        (_CLOCK_HM, lambda m: _clock(m[1], m[2], m[3])),
        (_CLOCK_MERIDIEM, lambda m: _clock(m[1], None, m[2])),
        (_CLOCK_UHR, lambda m: _clock(m[1], m[2])),
        (_CLOCK_H, lambda m: _clock(m[1], m[2])),
        (_CLOCK_OCLOCK, lambda m: _clock(m[1])),
        (_CLOCK_BARE, lambda m: _clock(m[1])),
    )
    for pattern, read in readers:
        while m := scan.take(pattern):
            parts.set_clock(read(m))


def clock_hour(clock: Clock, part: str | None, shown: str) -> tuple[int, int]:
    """24-hour clock hour and how many days after the named day it falls."""
    hour = clock.hour
    if clock.midnight:
        return 0, 1
    if clock.minute > 59 or hour > 24 or (clock.meridiem and not 1 <= hour <= 12):
        raise InputError(msg("time.bad_clock", text=echo(shown)))
    if hour == 24:
        return 0, 1
    if clock.meridiem == "am":
        hour = 0 if hour == 12 else hour
    elif clock.meridiem == "pm":
        hour = hour if hour == 12 else hour + 12
    elif (part in ("evening", "afternoon") and 1 <= hour <= 11) or (
        part == "night" and 7 <= hour <= 11
    ):
        hour += 12
    elif part in ("evening", "night") and hour == 12:
        hour = 0
    days_after = 1 if part in ("evening", "night") and hour < 12 else 0
    return hour, days_after
