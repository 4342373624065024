"""How days, nights and moments are named back to the user, independent of the locale."""

from __future__ import annotations

from datetime import date, datetime

from singularity.catalogue import Message, msg
from singularity.planning.timephrases.lexicon import MONTH_ABBR, WEEKDAY_NAMES
from singularity.planning.timephrases.phrase import Parts


def fmt_date(day: date) -> str:
    """Locale-independent 'Mon 30 Nov 2026'."""
    return f"{WEEKDAY_NAMES[day.weekday()][:3]} {day.day} {MONTH_ABBR[day.month - 1]} {day.year}"


def hm(moment: datetime) -> str:
    return f"{moment:%H:%M} {moment.tzname()}"


def format_moment(moment: datetime) -> str:
    """'Mon 30 Nov 2026, 21:00 CET': how a start is shown to the user."""
    return f"{fmt_date(moment.date())}, {hm(moment)}"


def moment_message(moment: datetime) -> Message:
    """``format_moment`` in catalogue words: 'Mon 30 Nov 2026, 21:00 CET' / 'Mo, 30. Nov. 2026, …'."""
    return msg("time.moment", weekday=msg(f"time.{WEEKDAY_NAMES[moment.weekday()].lower()}"),
               day=moment.day, month=msg(f"time.{MONTH_ABBR[moment.month - 1].lower()}"),
               year=moment.year, clock=hm(moment))


def day_word(day: date, today: date, parts: Parts) -> str | None:
    if parts.weekday is not None:
        return ("next " if parts.weekday_next else "") + WEEKDAY_NAMES[day.weekday()]
    words = {-1: "yesterday", 0: "today", 1: "tomorrow", 2: "the day after tomorrow"}
    return words.get((day - today).days)


def part_label(part: str, day: date, today: date, parts: Parts) -> str:
    word = day_word(day, today, parts)
    if word == "today":
        return "this evening" if part == "evening" else "tonight"
    if word == "yesterday" and part == "night":
        return "last night"
    if word == "the day after tomorrow":
        return f"the {part} of the day after tomorrow"
    return f"{word} {part}" if word else f"the {part} of {fmt_date(day)}"


def evening_heading(part: str, day: date, today: date, parts: Parts) -> str:
    """'tomorrow evening, Tue 1 Dec 2026' or 'the evening of Sat 5 Dec 2026'."""
    label = part_label(part, day, today, parts)
    return label if label.endswith(fmt_date(day)) else f"{label}, {fmt_date(day)}"
