"""How days, nights and moments are named back to the user: catalogue messages, so the same
understanding reads "tomorrow evening, Tue 1 Dec 2026" in English and "morgen Abend, Di, 1. Dez.
2026" in German; clock times ("21:00 CET") are the same in both."""

from __future__ import annotations

from datetime import date, datetime

from singularity.catalogue import Message, chained, msg
from singularity.planning.timephrases.lexicon import MONTH_ABBR, MONTH_NAMES, WEEKDAY_NAMES
from singularity.planning.timephrases.phrase import Parts


def hm(moment: datetime) -> str:
    return f"{moment:%H:%M} {moment.tzname()}"


def date_message(day: date) -> Message:
    """'Mon 30 Nov 2026' / 'Mo, 30. Nov. 2026'."""
    return msg("time.date", weekday=msg(f"time.{WEEKDAY_NAMES[day.weekday()].lower()}"),
               day=day.day, month=msg(f"time.{MONTH_ABBR[day.month - 1].lower()}"), year=day.year)


def moment_message(moment: datetime) -> Message:
    """'Mon 30 Nov 2026, 21:00 CET' / 'Mo, 30. Nov. 2026, 21:00 CET': how a start is shown."""
    return msg("time.moment", weekday=msg(f"time.{WEEKDAY_NAMES[moment.weekday()].lower()}"),
               day=moment.day, month=msg(f"time.{MONTH_ABBR[moment.month - 1].lower()}"),
               year=moment.year, clock=hm(moment))


def short_date(day: date) -> Message:
    """'03.12.2026' / '3 Dec 2026': a date in a line that says more."""
    return msg("time.short_date", day=day.day, month=msg(f"time.short_month_{day.month}"), year=day.year)


def short_moment(moment: datetime) -> Message:
    """'03.12.2026 17:58' / '3 Dec 2026 17:58' (local; the zone is the place's)."""
    return msg("time.short_moment", day=moment.day, month=msg(f"time.short_month_{moment.month}"),
               year=moment.year, clock=f"{moment:%H:%M}")


def month_message(month: int) -> Message:
    """'January' / 'Januar' (1–12)."""
    return msg(f"knowledge_figures.month_{MONTH_NAMES[month - 1].lower()}")


def weekday_message(day: date) -> Message:
    """'Friday' / 'Freitag'."""
    return msg(f"time.full_{WEEKDAY_NAMES[day.weekday()].lower()}")


_RELATIVE_DAYS = {-1: "time.day_yesterday", 0: "time.day_today", 1: "time.day_tomorrow",
                  2: "time.day_after_tomorrow"}


def day_word(day: date, today: date, parts: Parts) -> Message | None:
    """How the phrase named ``day``: a weekday ('next Friday') or a day near today."""
    if parts.weekday is not None:
        weekday = weekday_message(day)
        return msg("time.next_weekday", weekday=weekday) if parts.weekday_next else weekday
    key = _RELATIVE_DAYS.get((day - today).days)
    return msg(key) if key else None


def part_label(part: str, day: date, today: date, parts: Parts) -> Message:
    """'this evening', 'tomorrow night', 'Friday evening', 'the evening of Sat 5 Dec 2026'."""
    offset = (day - today).days
    if parts.weekday is None and offset == 0:
        return msg("time.this_evening" if part == "evening" else "time.tonight")
    if parts.weekday is None and offset == -1 and part == "night":
        return msg("time.last_night")
    if parts.weekday is None and offset == 2:
        return msg(f"time.{part}_after_tomorrow")
    if parts.weekday is not None:
        return msg(f"time.{part}_of_weekday", weekday=day_word(day, today, parts))
    word = day_word(day, today, parts)
    if word is not None:
        return msg(f"time.{part}_of_day", day=word)
    return msg(f"time.{part}_of_date", date=date_message(day))


def evening_heading(part: str, day: date, today: date, parts: Parts) -> Message:
    """'tomorrow evening, Tue 1 Dec 2026' or 'the evening of Sat 5 Dec 2026'."""
    label = part_label(part, day, today, parts)
    if label.key.endswith("_of_date"):
        return label
    return msg("time.heading", label=label, date=date_message(day))


def with_notes(moment: datetime, notes: list[Message]) -> Message:
    """The start, and in brackets how it was understood ('…; …')."""
    if not notes:
        return moment_message(moment)
    return msg("time.with_notes", moment=moment_message(moment), notes=chained(notes, "time.notes"))
