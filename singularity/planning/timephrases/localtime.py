"""Wall-clock arithmetic in the location's zone, honest about daylight-saving changes."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from singularity.catalogue import Message, msg
from singularity.planning.timephrases.formatting import date_message, hm


def shift(moment: datetime, delta: timedelta) -> datetime:
    """Elapsed-time arithmetic (aware + timedelta would keep the wall clock across DST)."""
    return (moment.astimezone(UTC) + delta).astimezone(moment.tzinfo)


def _from_ts(seconds: float, tz: ZoneInfo) -> datetime:
    return datetime.fromtimestamp(seconds, tz)


def ceil_quarter(moment: datetime, tz: ZoneInfo) -> datetime:
    return _from_ts(math.ceil(moment.timestamp() / 900) * 900, tz)


def round_minute(moment: datetime, tz: ZoneInfo) -> datetime:
    return _from_ts(round(moment.timestamp() / 60) * 60, tz)


def local(day: date, hour: int, minute: int, tz: ZoneInfo) -> tuple[datetime, Message | None]:
    """Wall time on ``day``; skipped times move forward, repeated ones take the first."""
    naive = datetime.combine(day, time(hour, minute))
    first = naive.replace(tzinfo=tz)
    real = first.astimezone(UTC).astimezone(tz)
    if real.replace(tzinfo=None) != naive:
        return real, msg("time.clock_skipped", clock=f"{hour:02d}:{minute:02d}", date=date_message(day),
                         real=hm(real))
    if first.replace(fold=1).utcoffset() != first.utcoffset():
        return real, msg("time.clock_twice", clock=f"{hour:02d}:{minute:02d}", real=hm(real))
    return real, None
