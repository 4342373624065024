"""Days: ISO and written dates, day words ("morgen", "tonight") and weekdays."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from singularity.catalogue import msg
from singularity.errors import InputError
from singularity.inputs import echo
from singularity.planning.timephrases.formatting import date_message, weekday_message
from singularity.planning.timephrases.lexicon import (
    ARTICLES,
    COUNT_WORDS,
    MONTHS,
    WEEKDAY_NAMES,
    WEEKDAYS,
    alt,
)
from singularity.planning.timephrases.phrase import Clock, Parts, Scan

_WD = alt(WEEKDAYS)
_MON = alt(MONTHS)
_COUNT = alt([*COUNT_WORDS, *ARTICLES])
_NEXT_MODS = r"next|n(?:ä|ae|a)chste[nrs]?|kommende[nrs]?|coming|upcoming"
_THIS_MODS = r"this|diese[nrs]?|am|on"

_IN_DAYS = re.compile(
    rf"\b(?:(?:heute|today)\s+)?in\s+(\d{{1,3}}|{_COUNT})\s+"
    r"(tag|tage|tagen|day|days|woche|wochen|week|weeks)\b"
)
_ISO = re.compile(
    r"(?<![\d.])(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?"
    r"(z|[+-]\d{2}:?\d{2})?)?(?![\d:])"
)
_NUMERIC_DATE = re.compile(r"(?<![\d.:])(\d{1,2})\.\s?(\d{1,2})\.(\d{4}|\d{2})?(?![\d:])")
_DAY_MONTH = re.compile(
    rf"(?<![\d.:])(\d{{1,2}})(?:\.|st|nd|rd|th)?\s*(?:of\s+)?({_MON})\b\.?(?:\s*(\d{{4}})\b)?"
)
_MONTH_DAY = re.compile(
    rf"\b({_MON})\b\.?\s*(\d{{1,2}})(?:st|nd|rd|th)?\b(?![:.]\d)(?:\s*(\d{{4}})\b)?"
)
_THIS_MORNING = re.compile(r"\b(heute|gestern|am|diesen|this)\s+morgen\b")
_OVERMORROW = re.compile(r"\b(?:über|ueber|uber)morgen\b|\b(?:the\s+)?day\s+after\s+tomorrow\b")
_TOMORROW_MORNING = re.compile(r"\bmorgen\s+(?:früh|frueh|vormittag)\b")
_TOMORROW = re.compile(r"\b(?:morgen|tomorrow|tmrw)\b")
_DAY_BEFORE_YESTERDAY = re.compile(r"\bvorgestern\b|\b(?:the\s+)?day\s+before\s+yesterday\b")
_LAST_NIGHT = re.compile(r"\blast\s+night\b")
_YESTERDAY = re.compile(r"\b(?:gestern|yesterday)\b")
_TONIGHT = re.compile(r"\btonight\b|\b(?:heute|diese|this)\s+nacht\b|\bthis\s+night\b")
_TODAY = re.compile(r"\b(?:heute|today)\b")
_NIGHT_FROM_TO = re.compile(
    rf"\b(?:in\s+der\s+)?nacht\s+(?:von|vom)\s+({_WD})\s+(?:auf|zum)\s+({_WD})\b"
)
_WEEKDAY_MORNING = re.compile(
    rf"\b(?:(?<!\d )(?<!\d)({_NEXT_MODS}|{_THIS_MODS})\s+)?({_WD})s?\s*morgens?\b"
)
_WEEKDAY = re.compile(
    rf"\b(?:(?<!\d )(?<!\d)({_NEXT_MODS}|{_THIS_MODS})\s+)?({_WD})s?(abends?|nachts?)?\b\.?"
)


def _count(text: str) -> int:
    if text.isdigit():
        return int(text)
    return 1 if text in ARTICLES else COUNT_WORDS[text]


def _dated(year: int, month: int, day: int, shown: str) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise InputError(msg("time.bad_date", text=echo(shown))) from None


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
    raise InputError(msg("time.bad_date", text=echo(shown)))


def scan_dates(scan: Scan, parts: Parts, today: date, tz: ZoneInfo) -> None:
    if m := scan.take(_ISO):
        parts.set_day(absolute=_dated(int(m[1]), int(m[2]), int(m[3]), m.group()))
        if m[4] is not None:
            parts.set_clock(Clock(int(m[4]), int(m[5]), padded=True))
            if m[7]:
                offset = m[7].upper()
                stamp = f"{m[1]}-{m[2]}-{m[3]}T{int(m[4]):02d}:{m[5]}:{m[6] or '00'}"
                zone = "+00:00" if offset == "Z" else offset
                try:
                    parts.abs_start = datetime.fromisoformat(stamp + zone).astimezone(tz)
                except ValueError:  # 25:00, 21:99 or an offset of a day or more
                    raise InputError(msg("time.bad_clock", text=echo(m.group()))) from None
    for m in _NUMERIC_DATE.finditer(scan.s):
        if 1 <= int(m[2]) <= 12:
            parts.set_day(absolute=_year_or_next(int(m[1]), int(m[2]), m[3], today, m.group()))
            scan.blank(m.start(), m.end())
            break
    for pattern, day_group, month_group in ((_DAY_MONTH, 1, 2), (_MONTH_DAY, 2, 1)):
        if m := scan.take(pattern):
            month = MONTHS[m[month_group]]
            parts.set_day(absolute=_year_or_next(int(m[day_group]), month, m[3], today, m.group()))


def scan_days(scan: Scan, parts: Parts) -> None:
    if m := scan.take(_IN_DAYS):
        unit = m[2]
        parts.set_day(rel=_count(m[1]) * (7 if unit.startswith(("woche", "week")) else 1))
    if m := scan.take(_THIS_MORNING):
        parts.set_part("morning")
        if m[1] in ("heute", "gestern", "this"):
            parts.set_day(rel=0 if m[1] != "gestern" else -1)
    if m := scan.take(_WEEKDAY_MORNING):
        parts.weekday = WEEKDAYS[m[2]]
        parts.weekday_next = bool(m[1] and re.fullmatch(_NEXT_MODS, m[1]))
        parts.set_part("morning")
    if scan.take(_OVERMORROW):
        parts.set_day(rel=2)
    if scan.take(_TOMORROW_MORNING):
        parts.set_day(rel=1)
        parts.set_part("morning")
    if scan.take(_TOMORROW):
        parts.set_day(rel=1)
    if scan.take(_DAY_BEFORE_YESTERDAY):
        parts.set_day(rel=-2)
    if scan.take(_LAST_NIGHT):
        parts.set_day(rel=-1)
        parts.set_part("night")
    if scan.take(_YESTERDAY):
        parts.set_day(rel=-1)
    if scan.take(_TONIGHT):
        parts.set_day(rel=0)
        parts.set_part("night")
        parts.tonight = True
    if scan.take(_TODAY):
        parts.set_day(rel=0)


def scan_weekday(scan: Scan, parts: Parts) -> None:
    if m := scan.take(_NIGHT_FROM_TO):
        first, second = WEEKDAYS[m[1]], WEEKDAYS[m[2]]
        if second != (first + 1) % 7:
            raise InputError(msg("time.which_night", text=m.group().strip()))
        parts.weekday = first
        parts.set_part("night")
    if m := scan.take(_WEEKDAY):
        if parts.weekday is not None:
            raise InputError(msg("time.two_weekdays"))
        parts.weekday = WEEKDAYS[m[2]]
        parts.weekday_next = bool(m[1] and re.fullmatch(_NEXT_MODS, m[1]))
        if m[3]:
            parts.set_part("evening" if m[3].startswith("abend") else "night")


_WEEKEND = re.compile(
    rf"\b(?:({_NEXT_MODS})|this|diese[nms]?|am|at\s+the|on\s+the|over\s+the|(?:ü|ue|u)bers|(?:ü|ue|u)ber\s+das)?"
    r"\s*(?:wochenende|weekend)\b"
)
_SATURDAY = 5


def scan_weekend(scan: Scan, parts: Parts, today: date) -> None:
    """ "This weekend" is its Saturday evening (on a Sunday: tonight, what is left of it);
    "next weekend" the weekend after. One evening, because a plan is for one night; the window
    says which. Read after the days and weekdays, which it only qualifies when one is named."""
    if m := scan.take(_WEEKEND):
        if parts.weekday is not None or parts.rel_days is not None or parts.abs_date is not None:
            return  # "Sonntag am Wochenende", "tomorrow, at the weekend": the day named wins
        if today.weekday() == 6 and not m[1]:
            parts.set_day(rel=0)
            return
        ahead = (_SATURDAY - today.weekday()) % 7 + (7 if m[1] else 0)
        parts.set_day(absolute=today + timedelta(days=ahead))


def _weekday_date(parts: Parts, today: date) -> date:
    assert parts.weekday is not None
    ahead = (parts.weekday - today.weekday()) % 7
    if parts.weekday_next and ahead == 0:
        ahead = 7
    return today + timedelta(days=ahead)


def base_day(parts: Parts, today: date) -> date | None:
    """The named day (checked against a named weekday), or None when no day was named."""
    day = parts.abs_date
    if parts.rel_days is not None:
        day = today + timedelta(days=parts.rel_days)
    if parts.weekday is None:
        return day
    if day is None:
        return _weekday_date(parts, today)
    if day.weekday() != parts.weekday:
        raise InputError(msg("time.weekday_mismatch", date=date_message(day), weekday=weekday_message(day),
                             wanted=msg(f"time.full_{WEEKDAY_NAMES[parts.weekday].lower()}")))
    parts.weekday = None  # the date says it all; describe it as a date
    return day
