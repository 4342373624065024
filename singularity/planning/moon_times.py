"""When the Moon rises and sets on the night of a date at a place, and how full it is.

Observers plan around the Moon: "when does it rise?" decides whether the faint galaxies come
before or after it. Same night as :func:`singularity.planning.sun.night_of` (local noon to noon).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache

import numpy as np
from pydantic import BaseModel

from singularity.planning.ephemeris import SkyGrid, check_supported
from singularity.planning.models import Location
from singularity.planning.sun import crossings, site_of

MOON_HORIZON_ALT = -0.833
"""Topocentric altitude of the Moon's centre at rise and set: its upper limb (semi-diameter
about 0.26°) on the horizon, lifted 0.57° by standard refraction."""
_STEP_MINUTES = 10  # the Moon's altitude changes by at most ~2.5° in 10 min: interpolation is good to ~1 min


class MoonTimes(BaseModel):
    """The Moon's first rise and first set in the night of ``date``; ``None`` when it does not
    rise (or set) between local noon and the next noon. Its phase is that of the night's middle
    (twelve hours after local noon), which a night without a plan's window is described by."""

    date: date
    moonrise: datetime | None
    moonset: datetime | None
    illumination: float
    """Lit fraction of the disk, 0 (new) to 1 (full)."""
    waxing: bool
    up_at_midnight: bool
    """Above the horizon in the night's middle (all night, when it neither rises nor sets)."""


@lru_cache(maxsize=256)
def moon_times(day: date, location: Location) -> MoonTimes:
    """Moonrise and moonset from local noon on ``day`` to local noon the next day."""
    check_supported(day)
    tz = location.tz
    noon = datetime.combine(day, time(12, 0), tzinfo=tz).astimezone(UTC)
    minutes = np.arange(0, 24 * 60 + _STEP_MINUTES, _STEP_MINUTES, dtype=float)
    grid = SkyGrid([noon + timedelta(minutes=float(m)) for m in minutes], site_of(location))
    altitude = grid.body("moon").alt_deg
    sets, rises = crossings(minutes, altitude, MOON_HORIZON_ALT)
    lit = grid.moon_illumination()
    middle = len(minutes) // 2

    def at(offsets: list[float]) -> datetime | None:
        return (noon + timedelta(minutes=offsets[0])).astimezone(tz) if offsets else None

    return MoonTimes(date=day, moonrise=at(rises), moonset=at(sets), illumination=round(float(lit[middle]), 3),
                     waxing=bool(lit[-1] >= lit[0]), up_at_midnight=bool(altitude[middle] > MOON_HORIZON_ALT))
