"""Observing time phrases: "morgen Abend", "heute Nacht um 1", "Saturday 9 pm for two hours".

dateparser knows neither "heute Nacht" nor "21 Uhr", and for an observer "evening" means the end
of twilight on that date at that place, not a fixed hour on the machine's clock. This module reads
German and English phrases in the location's time zone and anchors evening and night to the real
twilight from :func:`singularity.planning.sun.night_of`.

Rules, in the order they matter:

* A date, weekday or day word without a clock time means that day's evening, starting when the
  night gets dark (astronomical dusk, or nautical/civil dusk or solar midnight where it never
  gets astronomically dark). "Abend/evening" and "Nacht/night" both start there.
* An evening whose twilight has already ended, asked while it is still dark, starts now rounded
  up to the next quarter hour; "tonight/heute Nacht" asked after midnight while it is still dark
  means the current night.
* A weekday alone or with "this/diesen/am" is the first such day from today on; today counts
  unless its explicit clock time has already passed. "next/nächsten/kommenden <weekday>" is the
  first such day strictly after today, so "next Friday" said on a Friday is seven days ahead.
* A clock time without a day is today if still ahead (15 minutes' grace), else tomorrow.
* Hours 1-11 without am/pm are evening hours after "Abend/evening"; after "Nacht/night" hours
  7-11 are evening hours and 0-6 the early morning of the next calendar day ("heute Nacht um 2"
  is 02:00 tomorrow). Otherwise clock times are read on the 24-hour clock.
* "Morgen früh/morning" and "afternoon" need a clock time; "morgen" alone is tomorrow.
* A local time skipped by a daylight-saving change moves forward by the gap; a repeated one
  means its first occurrence. Durations are elapsed hours, also across such a change.
* Phrases outside this vocabulary go to dateparser (imported only then); a phrase that is partly
  understood and partly not is asked about rather than guessed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from singularity.errors import InputError
from singularity.planning.models import Location
from singularity.planning.sun import Night, night_of
from singularity.results import ToolResult

PAST_GRACE = timedelta(minutes=15)
"""An explicit clock time this far in the past still counts as meant ("21:00" said at 21:10)."""
MAX_DURATION_HOURS = 24.0
EXAMPLES = "'heute Abend', 'morgen um 22 Uhr', 'Saturday 9 pm' or '2026-12-05 21:00'"
_SUNSET_ALT = -0.833
_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTH_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class ParsedWhen(BaseModel):
    """A phrase resolved to a start in the location's zone, with how it was understood."""

    start: datetime
    description: str
    anchored_to_twilight: bool
    """The start came from that night's darkness (end of twilight, or now if already dark)."""
    duration_hours: float | None = None
    explicit_time: bool = False
    """The phrase named a clock time or "now": a start up to 15 minutes past is still meant."""


# --------------------------------------------------------------------------- durations

_COUNT_WORDS = {
    "one": 1, "eins": 1, "two": 2, "zwei": 2, "zwo": 2, "three": 3, "drei": 3, "four": 4,
    "vier": 4, "five": 5, "fünf": 5, "fuenf": 5, "six": 6, "sechs": 6, "seven": 7, "sieben": 7,
    "eight": 8, "acht": 8, "nine": 9, "neun": 9, "ten": 10, "zehn": 10, "eleven": 11, "elf": 11,
    "twelve": 12, "zwölf": 12, "zwoelf": 12,
}  # fmt: skip
_ARTICLES = {"a", "an", "ein", "eine", "einen", "einer", "einem"}
_FRACTIONS = {
    "half": 0.5, "halb": 0.5, "halbe": 0.5, "halben": 0.5, "quarter": 0.25, "quarters": 0.25,
    "viertel": 0.25, "dreiviertel": 0.75,
}  # fmt: skip
_HOUR_UNITS = {"h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden"}
_MINUTE_UNITS = {"m", "min", "mins", "minute", "minutes", "minuten"}
_CONNECTORS = {"and", "und", "plus"}
_DURATION_NOISE = {
    "für", "fuer", "for", "about", "approximately", "around", "roughly", "etwa", "ca", "circa",
    "ungefähr", "rund", "lang", "long", "of",
}  # fmt: skip
_DURATION_TOKEN = re.compile(r"\d+(?:[.,]\d+)?|[^\W\d_]+")
_UNIT_WORD = re.compile(r"(?:^|\d)(?:stunden?|std|hours?|hrs?|minuten?|minutes?|mins?)$")
"""A word that makes a number a duration even without "für/for" ("zwei Stunden"; not "22h")."""
_UNIT_OR_H = re.compile(r"(?:^|\d)(?:stunden?|std|hours?|hrs?|h|minuten?|minutes?|mins?|m)$")


def _quantity(token: str) -> tuple[float, str] | None:
    """Value and kind (num | article | fraction) of a number-like token, else ``None``."""
    if re.fullmatch(r"\d+(?:[.,]\d+)?", token):
        return float(token.replace(",", ".")), "num"
    if token in _ARTICLES:
        return 1.0, "article"
    if token in _FRACTIONS:
        return _FRACTIONS[token], "fraction"
    if token in _COUNT_WORDS:
        return float(_COUNT_WORDS[token]), "num"
    if token == "anderthalb":
        return 1.5, "num"
    if token.endswith("einhalb"):  # eineinhalb, zweieinhalb, …
        head = token[: -len("einhalb")]
        if head == "ein" or head in _COUNT_WORDS:
            return (1.0 if head == "ein" else _COUNT_WORDS[head]) + 0.5, "num"
    return None


def _read_duration(text: str) -> float | None:
    """Hours in ``text``, ``None`` if it is not a duration; raises InputError when out of range."""
    s = text.strip().lower()
    if re.match(r"-\s*\d", s):
        raise InputError(f"A duration cannot be negative ('{text.strip()}').")
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
        elif token in _HOUR_UNITS or token in _MINUTE_UNITS:
            if pending is None:
                return None
            last_unit = 1.0 if token in _HOUR_UNITS else 1 / 60
            total += (carry + pending) * last_unit
            carry, pending, seen = 0.0, None, True
        elif token in _CONNECTORS:
            if pending is not None:
                carry, pending = carry + pending, None
        elif token not in _DURATION_NOISE:
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
    return _checked_hours(total, text.strip())


def _checked_hours(hours: float, shown: str) -> float:
    if not math.isfinite(hours) or hours <= 0:
        raise InputError(f"The duration '{shown}' must be longer than zero.")
    if hours > MAX_DURATION_HOURS:
        raise InputError(f"The duration '{shown}' is longer than {MAX_DURATION_HOURS:g} hours.")
    return hours


def parse_duration(text: str) -> float:
    """Hours in a German or English duration ("anderthalb Stunden", "90 minutes", "2h", "2")."""
    hours = _read_duration(text)
    if hours is None:
        raise InputError(
            f"I could not read '{text.strip()}' as a duration; "
            "say for example '2 Stunden', '90 minutes' or '1.5h'."
        )
    return hours


# --------------------------------------------------------------------------- vocabulary


def _alt(words: Iterable[str]) -> str:
    """Regex alternation, longest first so that "sunday" wins over "sun"."""
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


_WEEKDAYS = {
    "montag": 0, "monday": 0, "mon": 0, "dienstag": 1, "tuesday": 1, "tues": 1, "tue": 1,
    "mittwoch": 2, "wednesday": 2, "wed": 2, "donnerstag": 3, "thursday": 3, "thurs": 3,
    "thur": 3, "thu": 3, "freitag": 4, "friday": 4, "fri": 4, "samstag": 5, "sonnabend": 5,
    "saturday": 5, "sat": 5, "sonntag": 6, "sunday": 6, "sun": 6,
}  # fmt: skip
_MONTHS = {
    "januar": 1, "jänner": 1, "jaenner": 1, "january": 1, "jan": 1, "februar": 2,
    "february": 2, "feb": 2, "märz": 3, "maerz": 3, "march": 3, "mär": 3, "mar": 3,
    "april": 4, "apr": 4, "mai": 5, "may": 5, "juni": 6, "june": 6, "jun": 6, "juli": 7,
    "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sept": 9, "sep": 9,
    "oktober": 10, "october": 10, "okt": 10, "oct": 10, "november": 11, "nov": 11,
    "dezember": 12, "december": 12, "dez": 12, "dec": 12,
}  # fmt: skip
_WD = _alt(_WEEKDAYS)
_MON = _alt(_MONTHS)
_COUNT = _alt([*_COUNT_WORDS, *_ARTICLES])
_NEXT_MODS = r"next|n(?:ä|ae|a)chste[nrs]?|kommende[nrs]?|coming|upcoming"
_THIS_MODS = r"this|diese[nrs]?|am|on"
_MERIDIEM = r"(a\.?m\.?|p\.?m\.?)(?![a-zäöüß])"
_H = r"(?<![\d:.])(\d{1,2})"

_FILLERS = {
    "um", "at", "ab", "from", "am", "on", "the", "this", "der", "die", "das", "den", "dem",
    "des", "in", "im", "von", "vom", "starting", "start", "beginning", "gegen", "around",
    "about", "approx", "approximately", "ca", "circa", "etwa", "ungefähr", "so", "uhr",
    "o'clock", "oclock", "for", "für", "of", "and", "und", "a", "an", "bitte", "please",
}  # fmt: skip

_RE = {
    "in_days": re.compile(
        rf"\b(?:(?:heute|today)\s+)?in\s+(\d{{1,3}}|{_COUNT})\s+"
        r"(tag|tage|tagen|day|days|woche|wochen|week|weeks)\b"
    ),
    "now": re.compile(r"\b(?:right\s+now|jetzt|now|sofort|immediately)\b"),
    "iso": re.compile(
        r"(?<![\d.])(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?"
        r"(z|[+-]\d{2}:?\d{2})?)?(?![\d:])"
    ),
    "numeric_date": re.compile(r"(?<![\d.:])(\d{1,2})\.\s?(\d{1,2})\.(\d{4}|\d{2})?(?![\d:])"),
    "day_month": re.compile(
        rf"(?<![\d.:])(\d{{1,2}})(?:\.|st|nd|rd|th)?\s*(?:of\s+)?({_MON})\b\.?(?:\s*(\d{{4}})\b)?"
    ),
    "month_day": re.compile(
        rf"\b({_MON})\b\.?\s*(\d{{1,2}})(?:st|nd|rd|th)?\b(?![:.]\d)(?:\s*(\d{{4}})\b)?"
    ),
    "this_morning": re.compile(r"\b(heute|gestern|am|diesen|this)\s+morgen\b"),
    "overmorrow": re.compile(
        r"\b(?:über|ueber|uber)morgen\b|\b(?:the\s+)?day\s+after\s+tomorrow\b"
    ),
    "tomorrow_morning": re.compile(r"\bmorgen\s+(?:früh|frueh|vormittag)\b"),
    "tomorrow": re.compile(r"\b(?:morgen|tomorrow|tmrw)\b"),
    "day_before_yesterday": re.compile(r"\bvorgestern\b|\b(?:the\s+)?day\s+before\s+yesterday\b"),
    "last_night": re.compile(r"\blast\s+night\b"),
    "yesterday": re.compile(r"\b(?:gestern|yesterday)\b"),
    "tonight": re.compile(r"\btonight\b|\b(?:heute|diese|this)\s+nacht\b|\bthis\s+night\b"),
    "today": re.compile(r"\b(?:heute|today)\b"),
    "night_from_to": re.compile(
        rf"\b(?:in\s+der\s+)?nacht\s+(?:von|vom)\s+({_WD})\s+(?:auf|zum)\s+({_WD})\b"
    ),
    "weekday_morning": re.compile(
        rf"\b(?:(?<!\d )(?<!\d)({_NEXT_MODS}|{_THIS_MODS})\s+)?({_WD})s?\s*morgens?\b"
    ),
    "weekday": re.compile(
        rf"\b(?:(?<!\d )(?<!\d)({_NEXT_MODS}|{_THIS_MODS})\s+)?({_WD})s?(abends?|nachts?)?\b\.?"
    ),
    "after_sunset": re.compile(
        r"\b(?:nach\s+sonnenuntergang|after\s+sunset|after\s+dark|bei\s+dunkelheit|"
        r"when\s+it(?:'s|\s+is)\s+dark|wenn\s+es\s+dunkel\s+ist)\b"
    ),
    "range": re.compile(
        rf"(?:\b(?:von|from|ab|between|zwischen)\s+)?{_H}(?:[:.](\d{{2}}))?\s*"
        rf"(?:{_MERIDIEM}|(uhr|h)\b)?\s*(?:bis|until|till|til|to|-)\s*"
        rf"{_H}(?:[:.](\d{{2}}))?\s*(?:{_MERIDIEM}|(uhr|h)\b)?"
    ),
    "midnight": re.compile(r"\b(?:mitternacht|midnight)\b"),
    "clock_hm": re.compile(rf"{_H}[:.](\d{{2}})(?!\d|[.:]\d)\s*(?:{_MERIDIEM}|(?:uhr|h)\b)?"),
    "clock_meridiem": re.compile(rf"{_H}\s*{_MERIDIEM}"),
    "clock_uhr": re.compile(rf"{_H}\s*uhr(?:\s+(\d{{2}})\b)?"),
    "clock_h": re.compile(rf"{_H}h(\d{{2}})?\b"),
    "clock_oclock": re.compile(rf"{_H}\s*o'?clock\b"),
    "clock_bare": re.compile(
        r"\b(?:um|at|ab|from|gegen|around|starting\s+at)\s+(\d{1,2})\b(?![:.]\d)"
    ),
    "evening": re.compile(r"\b(?:abend|abends|evening|eve)\b"),
    "night": re.compile(r"\b(?:nacht|nachts|night)\b"),
    "morning": re.compile(r"\b(?:früh|frueh|morgens|morning|vormittag|vormittags)\b"),
    "afternoon": re.compile(r"\b(?:nachmittag|nachmittags|afternoon)\b"),
}


# --------------------------------------------------------------------------- scanning


class _Scan:
    """The normalised phrase; recognised pieces are blanked so that leftovers can be checked."""

    def __init__(self, text: str) -> None:
        s = text.lower().replace("–", "-")
        s = re.sub(r"[!?;]", " ", s)
        s = re.sub(r"(?<!\d),|,(?!\d)", " ", s)  # keep decimal commas ("1,5 Stunden")
        self.s = re.sub(r"\s+", " ", s).strip()

    def take(self, name: str) -> re.Match[str] | None:
        m = _RE[name].search(self.s)
        if m:
            self.blank(m.start(), m.end())
        return m

    def blank(self, start: int, end: int) -> None:
        self.s = self.s[:start] + " " * (end - start) + self.s[end:]

    def take_duration(
        self, prefixes: set[str] | None, *, unit: re.Pattern[str] | None
    ) -> float | None:
        """Longest duration after a prefix word (or anywhere, when ``prefixes`` is None)."""
        words = list(re.finditer(r"\S+", self.s))
        for i, word in enumerate(words):
            if prefixes is not None and word.group() not in prefixes:
                continue
            if prefixes is None and i > 0 and words[i - 1].group() == "in":
                continue  # "in 2 Stunden" is a start, not a duration
            first = i + 1 if prefixes is not None else i
            for j in range(len(words), first, -1):
                chunk = [w.group() for w in words[first:j]]
                if unit is not None and not any(unit.search(w) for w in chunk):
                    continue
                hours = _read_duration(" ".join(chunk))
                if hours is not None:
                    self.blank(word.start(), words[j - 1].end())
                    return hours
        return None

    def leftover(self) -> list[str]:
        words = (w.strip(".,:-'") for w in self.s.split())
        return [w for w in words if w and w not in _FILLERS]


@dataclass
class _Clock:
    hour: int
    minute: int
    meridiem: str | None = None  # "am" | "pm"
    midnight: bool = False
    padded: bool = False
    """Written as "09:00" or in an ISO date: plainly the 24-hour clock, no "9 pm?" hint."""


def _clock(hour: str, minute: str | None = None, meridiem: str | None = None) -> _Clock:
    return _Clock(int(hour), int(minute or 0), _meridiem(meridiem), padded=hour.startswith("0"))


@dataclass
class _Parts:
    now: bool = False
    offset: timedelta | None = None  # "in 2 Stunden"
    rel_days: int | None = None
    abs_date: date | None = None
    abs_start: datetime | None = None  # ISO with an offset
    weekday: int | None = None
    weekday_next: bool = False
    part: str | None = None  # evening | night | morning | afternoon
    tonight: bool = False
    clock: _Clock | None = None
    end_clock: _Clock | None = None
    duration_hours: float | None = None

    def set_day(self, *, rel: int | None = None, absolute: date | None = None) -> None:
        if self.rel_days is not None or self.abs_date is not None:
            raise InputError("The phrase names two different days; please give just one.")
        self.rel_days, self.abs_date = rel, absolute

    def set_part(self, part: str) -> None:
        if self.part is not None and self.part != part:
            raise InputError(f"The phrase says both '{self.part}' and '{part}'; which one?")
        self.part = part

    def set_clock(self, clock: _Clock) -> None:
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


def _meridiem(text: str | None) -> str | None:
    return None if not text else ("am" if text.startswith("a") else "pm")


def _count(text: str) -> int:
    if text.isdigit():
        return int(text)
    return 1 if text in _ARTICLES else _COUNT_WORDS[text]


def _dated(year: int, month: int, day: int, shown: str) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise InputError(f"'{shown}' is not a valid date.") from None


def _year_or_next(day: int, month: int, year: str | None, today: date, shown: str) -> date:
    """A date with its year, or the next occurrence from today on when the year is left out."""
    if year:
        return _dated(int(year) + (2000 if len(year) == 2 else 0), month, day, shown)
    for candidate_year in range(today.year, today.year + 9):  # 29 February needs a leap year
        try:
            candidate = date(candidate_year, month, day)
        except ValueError:
            continue
        if candidate >= today:
            return candidate
    raise InputError(f"'{shown.strip()}' is not a valid date.")


def _scan_dates(scan: _Scan, parts: _Parts, today: date, tz: ZoneInfo) -> None:
    if m := scan.take("iso"):
        parts.set_day(absolute=_dated(int(m[1]), int(m[2]), int(m[3]), m.group()))
        if m[4] is not None:
            parts.set_clock(_Clock(int(m[4]), int(m[5]), padded=True))
            if m[7]:
                offset = m[7].upper()
                stamp = f"{m[1]}-{m[2]}-{m[3]}T{int(m[4]):02d}:{m[5]}:{m[6] or '00'}"
                zone = "+00:00" if offset == "Z" else offset
                parts.abs_start = datetime.fromisoformat(stamp + zone).astimezone(tz)
    for m in _RE["numeric_date"].finditer(scan.s):
        if 1 <= int(m[2]) <= 12:
            parts.set_day(absolute=_year_or_next(int(m[1]), int(m[2]), m[3], today, m.group()))
            scan.blank(m.start(), m.end())
            break
    for name, day_group, month_group in (("day_month", 1, 2), ("month_day", 2, 1)):
        if m := scan.take(name):
            month = _MONTHS[m[month_group]]
            parts.set_day(absolute=_year_or_next(int(m[day_group]), month, m[3], today, m.group()))


def _scan_days(scan: _Scan, parts: _Parts) -> None:
    if m := scan.take("in_days"):
        unit = m[2]
        parts.set_day(rel=_count(m[1]) * (7 if unit.startswith(("woche", "week")) else 1))
    if m := scan.take("this_morning"):
        parts.set_part("morning")
        if m[1] in ("heute", "gestern", "this"):
            parts.set_day(rel=0 if m[1] != "gestern" else -1)
    if m := scan.take("weekday_morning"):
        parts.weekday = _WEEKDAYS[m[2]]
        parts.weekday_next = bool(m[1] and re.fullmatch(_NEXT_MODS, m[1]))
        parts.set_part("morning")
    if scan.take("overmorrow"):
        parts.set_day(rel=2)
    if scan.take("tomorrow_morning"):
        parts.set_day(rel=1)
        parts.set_part("morning")
    if scan.take("tomorrow"):
        parts.set_day(rel=1)
    if scan.take("day_before_yesterday"):
        parts.set_day(rel=-2)
    if scan.take("last_night"):
        parts.set_day(rel=-1)
        parts.set_part("night")
    if scan.take("yesterday"):
        parts.set_day(rel=-1)
    if scan.take("tonight"):
        parts.set_day(rel=0)
        parts.set_part("night")
        parts.tonight = True
    if scan.take("today"):
        parts.set_day(rel=0)


def _scan_weekday(scan: _Scan, parts: _Parts) -> None:
    if m := scan.take("night_from_to"):
        first, second = _WEEKDAYS[m[1]], _WEEKDAYS[m[2]]
        if second != (first + 1) % 7:
            raise InputError(f"'{m.group().strip()}' does not name one night; which night?")
        parts.weekday = first
        parts.set_part("night")
    if m := scan.take("weekday"):
        if parts.weekday is not None:
            raise InputError("The phrase names two weekdays; please give just one.")
        parts.weekday = _WEEKDAYS[m[2]]
        parts.weekday_next = bool(m[1] and re.fullmatch(_NEXT_MODS, m[1]))
        if m[3]:
            parts.set_part("evening" if m[3].startswith("abend") else "night")


def _scan_clocks(scan: _Scan, parts: _Parts) -> None:
    if m := scan.take("range"):
        start_mer = m[3]
        if start_mer is None and m[7] and int(m[1]) < int(m[5]) <= 12:
            start_mer = m[7]  # "9 to 11 pm"
        parts.set_clock(_clock(m[1], m[2], start_mer))
        parts.end_clock = _clock(m[5], m[6], m[7])
    if scan.take("midnight"):
        parts.set_clock(_Clock(0, 0, midnight=True))
    readers = (
        ("clock_hm", lambda m: _clock(m[1], m[2], m[3])),
        ("clock_meridiem", lambda m: _clock(m[1], None, m[2])),
        ("clock_uhr", lambda m: _clock(m[1], m[2])),
        ("clock_h", lambda m: _clock(m[1], m[2])),
        ("clock_oclock", lambda m: _clock(m[1])),
        ("clock_bare", lambda m: _clock(m[1])),
    )
    for name, read in readers:
        while m := scan.take(name):
            parts.set_clock(read(m))


def _scan(text: str, today: date, tz: ZoneInfo) -> tuple[_Parts, list[str], str]:
    """Recognised pieces, unrecognised words, and the phrase without its duration."""
    scan = _Scan(text)
    parts = _Parts()
    parts.duration_hours = scan.take_duration({"für", "fuer", "for"}, unit=None)
    if parts.duration_hours is None:
        parts.duration_hours = scan.take_duration(None, unit=_UNIT_WORD)
    without_duration = scan.s
    _scan_dates(scan, parts, today, tz)
    _scan_days(scan, parts)
    parts.offset = _offset(scan)
    if scan.take("now"):
        parts.now = True
    _scan_weekday(scan, parts)
    if scan.take("after_sunset"):
        parts.set_part("evening")
    _scan_clocks(scan, parts)
    for part in ("evening", "night", "morning", "afternoon"):
        while scan.take(part):
            parts.set_part(part)
    return parts, scan.leftover(), without_duration


def _offset(scan: _Scan) -> timedelta | None:
    hours = scan.take_duration({"in"}, unit=_UNIT_OR_H)
    return None if hours is None else timedelta(hours=hours)


# --------------------------------------------------------------------------- time helpers


def _shift(moment: datetime, delta: timedelta) -> datetime:
    """Elapsed-time arithmetic (aware + timedelta would keep the wall clock across DST)."""
    return (moment.astimezone(UTC) + delta).astimezone(moment.tzinfo)


def _from_ts(seconds: float, tz: ZoneInfo) -> datetime:
    return datetime.fromtimestamp(seconds, tz)


def _ceil_quarter(moment: datetime, tz: ZoneInfo) -> datetime:
    return _from_ts(math.ceil(moment.timestamp() / 900) * 900, tz)


def _round_minute(moment: datetime, tz: ZoneInfo) -> datetime:
    return _from_ts(round(moment.timestamp() / 60) * 60, tz)


def _local(day: date, hour: int, minute: int, tz: ZoneInfo) -> tuple[datetime, str | None]:
    """Wall time on ``day``; skipped times move forward, repeated ones take the first."""
    naive = datetime.combine(day, time(hour, minute))
    first = naive.replace(tzinfo=tz)
    real = first.astimezone(UTC).astimezone(tz)
    if real.replace(tzinfo=None) != naive:
        return real, (
            f"{hour:02d}:{minute:02d} does not exist on {_fmt_date(day)} because the clocks "
            f"go forward; using {_hm(real)}"
        )
    if first.replace(fold=1).utcoffset() != first.utcoffset():
        return (
            real,
            f"{hour:02d}:{minute:02d} happens twice that night; using the first, {_hm(real)}",
        )
    return real, None


def _fmt_date(day: date) -> str:
    """Locale-independent 'Mon 30 Nov 2026'."""
    return f"{_WEEKDAY_NAMES[day.weekday()][:3]} {day.day} {_MONTH_ABBR[day.month - 1]} {day.year}"


def _hm(moment: datetime) -> str:
    return f"{moment:%H:%M} {moment.tzname()}"


def format_moment(moment: datetime) -> str:
    """'Mon 30 Nov 2026, 21:00 CET': how a start is shown to the user."""
    return f"{_fmt_date(moment.date())}, {_hm(moment)}"


# --------------------------------------------------------------------------- resolution


def _day_word(day: date, today: date, parts: _Parts) -> str | None:
    if parts.weekday is not None:
        return ("next " if parts.weekday_next else "") + _WEEKDAY_NAMES[day.weekday()]
    words = {-1: "yesterday", 0: "today", 1: "tomorrow", 2: "the day after tomorrow"}
    return words.get((day - today).days)


def _part_label(part: str, day: date, today: date, parts: _Parts) -> str:
    word = _day_word(day, today, parts)
    if word == "today":
        return "this evening" if part == "evening" else "tonight"
    if word == "yesterday" and part == "night":
        return "last night"
    if word == "the day after tomorrow":
        return f"the {part} of the day after tomorrow"
    return f"{word} {part}" if word else f"the {part} of {_fmt_date(day)}"


def _evening_heading(part: str, day: date, today: date, parts: _Parts) -> str:
    """'tomorrow evening, Tue 1 Dec 2026' or 'the evening of Sat 5 Dec 2026'."""
    label = _part_label(part, day, today, parts)
    return label if label.endswith(_fmt_date(day)) else f"{label}, {_fmt_date(day)}"


def _weekday_date(parts: _Parts, today: date) -> date:
    assert parts.weekday is not None
    ahead = (parts.weekday - today.weekday()) % 7
    if parts.weekday_next and ahead == 0:
        ahead = 7
    return today + timedelta(days=ahead)


def _base_day(parts: _Parts, today: date) -> date | None:
    """The named day (checked against a named weekday), or None when no day was named."""
    day = parts.abs_date
    if parts.rel_days is not None:
        day = today + timedelta(days=parts.rel_days)
    if parts.weekday is None:
        return day
    if day is None:
        return _weekday_date(parts, today)
    if day.weekday() != parts.weekday:
        raise InputError(
            f"{_fmt_date(day)} is a {_WEEKDAY_NAMES[day.weekday()]}, "
            f"not a {_WEEKDAY_NAMES[parts.weekday]}; which day do you mean?"
        )
    parts.weekday = None  # the date says it all; describe it as a date
    return day


def _twilight_note(night: Night, start: datetime) -> str:
    t = _hm(start)
    if night.astronomical_dusk:
        return f"end of astronomical twilight {t}"
    alt = night.darkest_sun_alt_deg
    if night.nautical_dusk:
        return (
            "no astronomical darkness on this date at this latitude; "
            f"starting at the end of nautical twilight {t}"
        )
    if night.civil_dusk:
        return (
            "no astronomical or nautical darkness on this date at this latitude; "
            f"starting at the end of civil twilight {t}"
        )
    if alt <= -18:
        return f"dark all day on this date (polar night); starting at solar midnight {t}"
    if alt > _SUNSET_ALT:
        return (
            f"the Sun does not set on this date at this latitude (midnight sun, lowest altitude "
            f"{alt:+.1f}°), so there is no darkness; starting at solar midnight {t}, "
            "the darkest moment"
        )
    return (
        f"the sky stays in twilight all night on this date at this latitude (Sun lowest at "
        f"{alt:.1f}°); starting at solar midnight {t}, the darkest moment"
    )


def _currentnight_of(now: datetime, location: Location) -> Night | None:
    """Last evening's night if it is still dark now (before local noon), else None."""
    if now.hour >= 12:
        return None
    night = night_of(now.date() - timedelta(days=1), location)
    return night if now.timestamp() < night.dark_end.timestamp() else None


def _anchored(parts: _Parts, now: datetime, location: Location) -> ParsedWhen:
    tz, today = location.tz, now.date()
    part = parts.part or "evening"
    if part in ("morning", "afternoon"):
        raise InputError(
            f"Please give a clock time for the {part}, for example 'morgen früh um 5 Uhr' "
            "or 'tomorrow at 5 am'."
        )
    day = _base_day(parts, today) or today
    current = _currentnight_of(now, location) if parts.tonight and day == today else None
    if current is not None:
        start = _ceil_quarter(now, tz)
        if start.timestamp() >= current.dark_end.timestamp():
            start = now
        description = (
            f"tonight, the night of {_fmt_date(current.date)}: it is still dark now (until "
            f"{_hm(current.dark_end)}), so starting now at {_hm(start)}"
        )
        return ParsedWhen(
            start=start, description=description, anchored_to_twilight=True,
            duration_hours=parts.duration_hours,
        )  # fmt: skip
    night = night_of(day, location)
    dark_start = _round_minute(night.dark_start, tz)
    label = _evening_heading(part, day, today, parts)
    if (
        day == today
        and now.timestamp() > dark_start.timestamp()
        and (now.timestamp() < night.dark_end.timestamp())
    ):
        start = _ceil_quarter(now, tz)
        if start.timestamp() >= night.dark_end.timestamp():
            start = now
        description = (
            f"{label}: darkness began at {_hm(dark_start)} and it is still dark, "
            f"so starting now (rounded up to {_hm(start)})"
        )
    else:
        start = dark_start
        description = f"{label} ({_twilight_note(night, start)})"
    return ParsedWhen(
        start=start, description=description, anchored_to_twilight=True,
        duration_hours=parts.duration_hours,
    )  # fmt: skip


def _clock_hour(clock: _Clock, part: str | None, shown: str) -> tuple[int, int]:
    """24-hour clock hour and how many days after the named day it falls."""
    hour = clock.hour
    if clock.midnight:
        return 0, 1
    if clock.minute > 59 or hour > 24 or (clock.meridiem and not 1 <= hour <= 12):
        raise InputError(f"'{shown}' is not a valid clock time.")
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


def _timed(parts: _Parts, now: datetime, location: Location, text: str) -> ParsedWhen:
    tz, today = location.tz, now.date()
    clock = parts.clock
    assert clock is not None
    hour, days_after = _clock_hour(clock, parts.part, text)
    named = _base_day(parts, today)
    past_limit = now.timestamp() - PAST_GRACE.total_seconds()
    notes: list[str] = []

    def at(day: date) -> tuple[datetime, str | None]:
        return _local(day + timedelta(days=days_after), hour, clock.minute, tz)

    if parts.abs_start is not None:
        start, dst_note = parts.abs_start, None
        day = start.date()
    elif named is not None:
        day = named
        start, dst_note = at(day)
        if (
            parts.weekday is not None
            and not parts.weekday_next
            and day == today
            and (start.timestamp() < past_limit)
        ):
            day = day + timedelta(days=7)  # the next such weekday whose time is still ahead
            start, dst_note = at(day)
        current = _currentnight_of(now, location) if parts.tonight and day == today else None
        if current is not None:
            earlier, earlier_note = at(current.date)
            if earlier.timestamp() >= past_limit:  # "tonight at 3" asked at 01:00
                day, start, dst_note = current.date, earlier, earlier_note
                today = current.date  # so that this night is described as "tonight"
    else:
        day = today
        start, dst_note = at(day)
        if start.timestamp() < past_limit:
            day = today + timedelta(days=1)
            start, dst_note = at(day)
            notes.append(f"tomorrow, because {start:%H:%M} today has already passed")

    word = _day_word(day, today, parts) if named is not None else None
    if clock.midnight:
        notes.insert(0, "midnight at the end of " + (word or _fmt_date(day)))
    elif parts.part in ("evening", "night") and not notes:
        label = _part_label(parts.part, day, today, parts)
        notes.insert(0, f"{label}, after midnight" if days_after else label)
    elif word:
        notes.insert(0, word)
    if clock.meridiem is None and not parts.part and 1 <= clock.hour <= 11 and not clock.padded:
        notes.append(f"read on the 24-hour clock; say '{clock.hour} pm' if you mean the evening")
    if dst_note:
        notes.append(dst_note)
    description = f"{format_moment(start)}" + (f" ({'; '.join(notes)})" if notes else "")
    duration = parts.duration_hours
    if parts.end_clock is not None:
        if duration is not None:
            raise InputError("The phrase gives both an end time and a duration; please give one.")
        duration = _window_hours(parts, start, tz, text)
    return ParsedWhen(
        start=start, description=description, anchored_to_twilight=False,
        duration_hours=duration, explicit_time=True,
    )  # fmt: skip


def _window_hours(parts: _Parts, start: datetime, tz: ZoneInfo, text: str) -> float:
    """Hours from ``start`` to the end clock time (on the next day if it is not later)."""
    assert parts.end_clock is not None
    end_hour, _ = _clock_hour(parts.end_clock, parts.part, text)
    end, _ = _local(start.date(), end_hour, parts.end_clock.minute, tz)
    if end.timestamp() <= start.timestamp():
        end, _ = _local(start.date() + timedelta(days=1), end_hour, parts.end_clock.minute, tz)
    return _checked_hours((end.timestamp() - start.timestamp()) / 3600, text.strip())


def _fallback(
    text: str, shown: str, now: datetime, location: Location, parts: _Parts
) -> ParsedWhen:
    """Other absolute dates via dateparser; only a day or a day with a time is accepted."""
    unknown = InputError(
        f"I could not understand '{shown.strip()}' as a date and time; please give one such as "
        f"{EXAMPLES}."
    )
    if not text.strip() or re.fullmatch(r"[\d\s.:]+", text.strip()):
        raise unknown
    from dateparser.date import DateDataParser  # ~0.3 s to import; most phrases never need it

    parser = DateDataParser(
        languages=["de", "en"],
        settings={
            "PREFER_DATES_FROM": "future",
            "TIMEZONE": location.timezone,
            "RETURN_AS_TIMEZONE_AWARE": True,
            "RELATIVE_BASE": now.replace(tzinfo=None),
            "RETURN_TIME_AS_PERIOD": True,
        },
    )
    found = parser.get_date_data(text)
    if found.date_obj is None:
        raise unknown
    if found.period not in ("day", "time"):
        raise InputError(
            f"'{shown.strip()}' names a whole {found.period}, not a day; please give a day and "
            f"time such as {EXAMPLES}."
        )
    moment = found.date_obj.astimezone(location.tz)
    if found.period == "day":
        day_parts = _Parts(abs_date=moment.date(), duration_hours=parts.duration_hours)
        return _anchored(day_parts, now, location)
    return ParsedWhen(
        start=moment, description=format_moment(moment), anchored_to_twilight=False,
        duration_hours=parts.duration_hours, explicit_time=True,
    )  # fmt: skip


def parse_when(text: str, *, now: datetime, location: Location) -> ParsedWhen:
    """Resolve an observing phrase to a start in the location's zone (rules: module docstring)."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be timezone-aware")
    tz = location.tz
    now = now.astimezone(tz)
    if not text.strip():
        raise InputError(f"No time was given; please give a date and time such as {EXAMPLES}.")
    parts, unknown, without_duration = _scan(text, now.date(), tz)
    if unknown and not parts.empty():
        raise InputError(
            f"I did not understand '{' '.join(unknown)}' in '{text.strip()}'; please give a "
            f"date and time such as {EXAMPLES}."
        )
    if unknown:
        return _fallback(without_duration, text, now, location, parts)
    if parts.now or parts.offset:
        if (
            parts.clock
            or parts.part
            or parts.rel_days
            or parts.abs_date
            or (parts.weekday is not None)
        ):
            raise InputError(
                f"'{text.strip()}' names both 'now' and another time; which one do you mean?"
            )
        start = now if parts.now else _shift(now, parts.offset or timedelta())
        what = (
            "now" if parts.now else f"in {(parts.offset or timedelta()).total_seconds() / 3600:g} h"
        )
        return ParsedWhen(
            start=start, description=f"{what} ({format_moment(start)})",
            anchored_to_twilight=False, duration_hours=parts.duration_hours, explicit_time=True,
        )  # fmt: skip
    if parts.empty():
        if parts.duration_hours is not None:
            raise InputError(
                f"'{text.strip()}' says how long but not when; please add a date and time such "
                f"as {EXAMPLES}."
            )
        raise InputError(
            f"I could not understand '{text.strip()}' as a date and time; please give one such "
            f"as {EXAMPLES}."
        )
    if parts.clock is None:
        return _anchored(parts, now, location)
    return _timed(parts, now, location, text)


# --------------------------------------------------------------------------- the tool


def resolve_time(
    text: str,
    *,
    location: Location,
    now: datetime,
    duration_hours: float | None = None,
    default_duration_hours: float = 2.0,
) -> ToolResult:
    """Tool: an observing window from a phrase; past times are refused, unclear ones asked.

    ``duration_hours`` (from the caller) wins over a duration in the phrase, which wins over
    ``default_duration_hours``.
    """
    try:
        parsed = parse_when(text, now=now, location=location)
        hours = parsed.duration_hours or default_duration_hours
        if duration_hours is not None:
            hours = _checked_hours(duration_hours, f"{duration_hours:g} h")
    except InputError as error:
        return ToolResult.needs_input(str(error))
    start = parsed.start
    end = _shift(start, timedelta(hours=hours))
    now_ts = now.timestamp()
    late = parsed.explicit_time and start.timestamp() < now_ts - PAST_GRACE.total_seconds()
    if late or end.timestamp() <= now_ts:
        return ToolResult.refused(
            f"That time ({format_moment(start)}) is in the past; please ask for a time from now "
            "on, such as 'tonight' or 'tomorrow at 21:00'.",
            data={"datetime_iso": start.isoformat(), "description": parsed.description},
        )
    description = f"{parsed.description}; for {hours:g} h until {_hm(end)}"
    return ToolResult.success(
        {
            "window": {
                "start": start.isoformat(),
                "end": end.isoformat(),
                "timezone": location.timezone,
                "duration_hours": hours,
            },
            "description": description,
            "datetime_iso": start.isoformat(),
            "anchored_to_twilight": parsed.anchored_to_twilight,
        }
    )
