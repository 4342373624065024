"""From a phrase to a start (``parse_when``) and to an observing window (``resolve_time``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from singularity.catalogue import msg
from singularity.errors import InputError
from singularity.inputs import echo
from singularity.planning.ephemeris import check_supported
from singularity.planning.models import Location
from singularity.planning.timephrases.durations import checked_hours
from singularity.planning.timephrases.fallback import fallback
from singularity.planning.timephrases.formatting import hm, moment_message
from singularity.planning.timephrases.lexicon import EXAMPLES
from singularity.planning.timephrases.localtime import shift
from singularity.planning.timephrases.parsed import PAST_GRACE, ParsedWhen
from singularity.planning.timephrases.reading import read_phrase
from singularity.planning.timephrases.timed import timed
from singularity.planning.timephrases.twilight import anchored
from singularity.results import ToolResult


def parse_when(text: str, *, now: datetime, location: Location) -> ParsedWhen:
    """Resolve an observing phrase to a start in the location's zone (rules: package docstring)."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be timezone-aware")
    check_supported(now)  # before any arithmetic: 9999-12-31 plus a day overflows
    tz = location.tz
    now = now.astimezone(tz)
    if not text.strip():
        raise InputError(msg("time.no_time", examples=EXAMPLES))
    parts, unknown, without_duration = read_phrase(text, now.date(), tz)
    if unknown and not parts.empty():
        raise InputError(msg("time.unknown_words", unknown=echo(" ".join(unknown)), text=echo(text),
                             examples=EXAMPLES))
    if unknown:
        return fallback(without_duration, text, now, location, parts)
    if parts.now or parts.offset:
        if (
            parts.clock
            or parts.part
            or parts.rel_days
            or parts.abs_date
            or (parts.weekday is not None)
        ):
            raise InputError(msg("time.now_and_other", text=echo(text)))
        start = now if parts.now else shift(now, parts.offset or timedelta())
        said = (msg("time.now_moment", moment=moment_message(start)) if parts.now
                else msg("time.in_hours", hours=(parts.offset or timedelta()).total_seconds() / 3600,
                         moment=moment_message(start)))
        return ParsedWhen(
            start=start, said=said,
            anchored_to_twilight=False, duration_hours=parts.duration_hours, explicit_time=True,
        )  # fmt: skip
    if parts.empty():
        if parts.duration_hours is not None:
            raise InputError(msg("time.how_long_not_when", text=echo(text), examples=EXAMPLES))
        raise InputError(msg("time.not_understood", text=echo(text), examples=EXAMPLES))
    if parts.clock is None:
        return anchored(parts, now, location)
    return timed(parts, now, location, text)


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
            hours = checked_hours(duration_hours, f"{duration_hours:g} h")
        start = parsed.start
        end = shift(start, timedelta(hours=hours))
        for moment in (start, end):
            check_supported(moment.astimezone(UTC))
    except InputError as error:
        return ToolResult.needs_input(error.message)
    now_ts = now.timestamp()
    late = parsed.explicit_time and start.timestamp() < now_ts - PAST_GRACE.total_seconds()
    if late or end.timestamp() <= now_ts:
        return ToolResult.refused(
            msg("time.in_the_past", moment=moment_message(start)),
            data={"datetime_iso": start.isoformat(), "description": parsed.description},
        )
    said = msg("time.window_for", when=parsed.said, hours=hours, end=hm(end))
    return ToolResult.success(
        {
            "window": {
                "start": start.isoformat(),
                "end": end.isoformat(),
                "timezone": location.timezone,
                "duration_hours": hours,
            },
            "description": said.render("en"),
            "said": said.model_dump(),
            "datetime_iso": start.isoformat(),
            "anchored_to_twilight": parsed.anchored_to_twilight,
        }
    )
