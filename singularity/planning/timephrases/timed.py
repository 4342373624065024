"""A phrase with a clock time: on which day that time falls, and where a window ends."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from singularity.catalogue import Message, msg
from singularity.errors import InputError
from singularity.planning.models import Location
from singularity.planning.timephrases.clock import clock_hour
from singularity.planning.timephrases.dates import base_day
from singularity.planning.timephrases.durations import checked_hours
from singularity.planning.timephrases.formatting import (
    date_message,
    day_word,
    part_label,
    with_notes,
)
from singularity.planning.timephrases.localtime import local
from singularity.planning.timephrases.parsed import PAST_GRACE, ParsedWhen
from singularity.planning.timephrases.phrase import Parts
from singularity.planning.timephrases.twilight import current_night_of


def timed(parts: Parts, now: datetime, location: Location, text: str) -> ParsedWhen:
    """The start of a phrase with a clock time; a time without a day is the next one ahead."""
    tz, today = location.tz, now.date()
    clock = parts.clock
    assert clock is not None
    hour, days_after = clock_hour(clock, parts.part, text)
    named = base_day(parts, today)
    past_limit = now.timestamp() - PAST_GRACE.total_seconds()
    notes: list[Message] = []

    def at(day: date) -> tuple[datetime, Message | None]:
        return local(day + timedelta(days=days_after), hour, clock.minute, tz)

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
        current = current_night_of(now, location) if parts.tonight and day == today else None
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
            notes.append(msg("time.passed_today", clock=f"{start:%H:%M}"))

    word = day_word(day, today, parts) if named is not None else None
    if clock.midnight:
        notes.insert(0, msg("time.midnight_ending", day=word or date_message(day)))
    elif parts.part in ("evening", "night") and not notes:
        label = part_label(parts.part, day, today, parts)
        notes.insert(0, msg("time.after_midnight", label=label) if days_after else label)
    elif word:
        notes.insert(0, word)
    if clock.meridiem is None and not parts.part and 1 <= clock.hour <= 11 and not clock.padded:
        notes.append(msg("time.read_as_24h", evening=msg("time.evening_hour", hour=str(clock.hour),
                                                          evening=str(clock.hour + 12))))
    if dst_note:
        notes.append(dst_note)
    said = with_notes(start, notes)
    duration = parts.duration_hours
    if parts.end_clock is not None:
        if duration is not None:
            raise InputError(msg("time.end_and_duration"))
        duration = _window_hours(parts, start, tz, text)
    return ParsedWhen(
        start=start, said=said, anchored_to_twilight=False,
        duration_hours=duration, explicit_time=True,
    )  # fmt: skip


def _window_hours(parts: Parts, start: datetime, tz: ZoneInfo, text: str) -> float:
    """Hours from ``start`` to the end clock time (on the next day if it is not later)."""
    assert parts.end_clock is not None
    end_hour, _ = clock_hour(parts.end_clock, parts.part, text)
    end, _ = local(start.date(), end_hour, parts.end_clock.minute, tz)
    if end.timestamp() <= start.timestamp():
        end, _ = local(start.date() + timedelta(days=1), end_hour, parts.end_clock.minute, tz)
    return checked_hours((end.timestamp() - start.timestamp()) / 3600, text.strip())
