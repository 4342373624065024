"""A day or night without a clock time starts when that night gets dark at the place."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from singularity.catalogue import Message, msg
from singularity.errors import InputError
from singularity.planning.models import Location
from singularity.planning.sun import Night, night_of
from singularity.planning.timephrases.dates import base_day
from singularity.planning.timephrases.formatting import date_message, evening_heading, hm
from singularity.planning.timephrases.localtime import ceil_quarter, round_minute
from singularity.planning.timephrases.parsed import ParsedWhen
from singularity.planning.timephrases.phrase import Parts

_SUNSET_ALT = -0.833


def _twilight_note(night: Night, start: datetime) -> Message:
    clock = hm(start)
    if night.astronomical_dusk:
        return msg("time.astronomical_dusk", clock=clock)
    alt = night.darkest_sun_alt_deg
    if night.nautical_dusk:
        return msg("time.nautical_only", clock=clock)
    if night.civil_dusk:
        return msg("time.civil_only", clock=clock)
    if alt <= -18:
        return msg("time.polar_night", clock=clock)
    if alt > _SUNSET_ALT:
        return msg("time.midnight_sun", clock=clock, altitude=alt)
    return msg("time.twilight_all_night", clock=clock, altitude=alt)


def current_night_of(now: datetime, location: Location) -> Night | None:
    """Last evening's night if it is still dark now (before local noon), else None."""
    if now.hour >= 12:
        return None
    night = night_of(now.date() - timedelta(days=1), location)
    return night if now.timestamp() < night.dark_end.timestamp() else None


def tonight_of(now: datetime, location: Location) -> date:
    """The evening whose night "tonight" means: last evening's while it is still dark, else
    today's."""
    local = now.astimezone(location.tz)
    return local.date() - timedelta(days=1) if current_night_of(local, location) else local.date()


def _now_while_dark(now: datetime, dark_end: datetime, tz: ZoneInfo) -> datetime:
    """Now rounded up to the next quarter hour, or now itself if darkness ends before that."""
    start = ceil_quarter(now, tz)
    return now if start.timestamp() >= dark_end.timestamp() else start


def _night_start(
    part: str, day: date, now: datetime, location: Location, parts: Parts
) -> tuple[datetime, Message]:
    """Dusk of ``day``'s night, or now when that night has begun and it is still dark."""
    night = night_of(day, location)
    dark_start = round_minute(night.dark_start, location.tz)
    label = evening_heading(part, day, now.date(), parts)
    if day == now.date() and dark_start.timestamp() < now.timestamp() < night.dark_end.timestamp():
        start = _now_while_dark(now, night.dark_end, location.tz)
        return start, msg("time.dark_already", label=label, dark=hm(dark_start), start=hm(start))
    return dark_start, msg("time.with_notes", moment=label, notes=_twilight_note(night, dark_start))


def anchored(parts: Parts, now: datetime, location: Location) -> ParsedWhen:
    """The start of a phrase that names a day, evening or night but no clock time."""
    today = now.date()
    part = parts.part or "evening"
    if part in ("morning", "afternoon"):
        raise InputError(msg("time.clock_needed", part=part))
    day = base_day(parts, today) or today
    current = current_night_of(now, location) if parts.tonight and day == today else None
    if current is not None:
        start = _now_while_dark(now, current.dark_end, location.tz)
        said = msg("time.still_dark_tonight", date=date_message(current.date), until=hm(current.dark_end),
                   start=hm(start))
    else:
        start, said = _night_start(part, day, now, location, parts)
    return ParsedWhen(
        start=start, said=said, anchored_to_twilight=True,
        duration_hours=parts.duration_hours,
    )  # fmt: skip
