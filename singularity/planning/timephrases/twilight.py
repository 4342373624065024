"""A day or night without a clock time starts when that night gets dark at the place."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from singularity.catalogue import msg
from singularity.errors import InputError
from singularity.planning.models import Location
from singularity.planning.sun import Night, night_of
from singularity.planning.timephrases.dates import base_day
from singularity.planning.timephrases.formatting import evening_heading, fmt_date, hm
from singularity.planning.timephrases.localtime import ceil_quarter, round_minute
from singularity.planning.timephrases.parsed import ParsedWhen
from singularity.planning.timephrases.phrase import Parts

_SUNSET_ALT = -0.833


def _twilight_note(night: Night, start: datetime) -> str:
    t = hm(start)
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


def current_night_of(now: datetime, location: Location) -> Night | None:
    """Last evening's night if it is still dark now (before local noon), else None."""
    if now.hour >= 12:
        return None
    night = night_of(now.date() - timedelta(days=1), location)
    return night if now.timestamp() < night.dark_end.timestamp() else None


def _now_while_dark(now: datetime, dark_end: datetime, tz: ZoneInfo) -> datetime:
    """Now rounded up to the next quarter hour, or now itself if darkness ends before that."""
    start = ceil_quarter(now, tz)
    return now if start.timestamp() >= dark_end.timestamp() else start


def _night_start(
    part: str, day: date, now: datetime, location: Location, parts: Parts
) -> tuple[datetime, str]:
    """Dusk of ``day``'s night, or now when that night has begun and it is still dark."""
    night = night_of(day, location)
    dark_start = round_minute(night.dark_start, location.tz)
    label = evening_heading(part, day, now.date(), parts)
    if day == now.date() and dark_start.timestamp() < now.timestamp() < night.dark_end.timestamp():
        start = _now_while_dark(now, night.dark_end, location.tz)
        return start, (
            f"{label}: darkness began at {hm(dark_start)} and it is still dark, "
            f"so starting now (rounded up to {hm(start)})"
        )
    return dark_start, f"{label} ({_twilight_note(night, dark_start)})"


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
        description = (
            f"tonight, the night of {fmt_date(current.date)}: it is still dark now (until "
            f"{hm(current.dark_end)}), so starting now at {hm(start)}"
        )
    else:
        start, description = _night_start(part, day, now, location, parts)
    return ParsedWhen(
        start=start, description=description, anchored_to_twilight=True,
        duration_hours=parts.duration_hours,
    )  # fmt: skip
