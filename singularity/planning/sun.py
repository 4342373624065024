"""Sunset, twilight and sunrise for one night at one place.

"Evening" and "night" in a user's phrase start when the sky is dark enough to observe, so the
time parser and the planner both need the real twilight of that date at that place.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import lru_cache

import numpy as np
from pydantic import BaseModel

from singularity.planning.ephemeris import Site, check_supported, sun_altitude_curve
from singularity.planning.models import Location

SUNSET_ALT = -0.833  # upper limb with standard refraction
CIVIL_ALT = -6.0
NAUTICAL_ALT = -12.0
ASTRONOMICAL_ALT = -18.0
_STEP_MINUTES = 5  # linear interpolation between samples is good to a few seconds


class Night(BaseModel):
    """Twilight events of the night that starts on ``date`` (local), ``None`` when absent."""

    date: date
    sunset: datetime | None
    civil_dusk: datetime | None
    nautical_dusk: datetime | None
    astronomical_dusk: datetime | None
    astronomical_dawn: datetime | None
    nautical_dawn: datetime | None
    civil_dawn: datetime | None
    sunrise: datetime | None
    darkest: datetime
    """Local time of the Sun's lowest altitude that night (solar midnight)."""
    darkest_sun_alt_deg: float

    @property
    def dark_start(self) -> datetime:
        """Start of usable darkness: astronomical dusk, else nautical, civil, or solar midnight."""
        return self.astronomical_dusk or self.nautical_dusk or self.civil_dusk or self.darkest

    @property
    def dark_end(self) -> datetime:
        return self.astronomical_dawn or self.nautical_dawn or self.civil_dawn or self.darkest

    @property
    def darkness(self) -> str:
        """How dark the night gets: astronomical | nautical | civil | none."""
        if self.astronomical_dusk:
            return "astronomical"
        if self.nautical_dusk:
            return "nautical"
        if self.civil_dusk:
            return "civil"
        return "none"


def site_of(location: Location) -> Site:
    return Site(location.lat, location.lon, location.elevation_m or 0.0)


def sun_altitudes(start: datetime, minutes: np.ndarray, location: Location) -> np.ndarray:
    """Geometric altitude of the Sun's centre in degrees at ``start + minutes`` (no refraction)."""
    return sun_altitude_curve(start, minutes, site_of(location))


def crossings(minutes: np.ndarray, alt: np.ndarray, level: float) -> tuple[list[float], list[float]]:
    """Every downward and every upward crossing of ``level``, in minutes, by linear interpolation."""
    above = alt >= level

    def interp(i: int) -> float:
        a0, a1 = alt[i], alt[i + 1]
        return float(minutes[i] + (level - a0) / (a1 - a0) * (minutes[i + 1] - minutes[i]))

    return ([interp(i) for i in np.flatnonzero(above[:-1] & ~above[1:])],
            [interp(i) for i in np.flatnonzero(~above[:-1] & above[1:])])


def _crossings(
    minutes: np.ndarray, alt: np.ndarray, level: float
) -> tuple[float | None, float | None]:
    """First downward and last upward crossing of ``level``: dusk and dawn."""
    down, up = crossings(minutes, alt, level)
    return (down[0] if down else None, up[-1] if up else None)


def evening_of(moment: datetime, zone: tzinfo) -> date:
    """The date of the evening whose night holds ``moment`` (local): a time before noon belongs
    to the night that began the evening before."""
    local = moment.astimezone(zone)
    return (local - timedelta(hours=12)).date() if local.hour < 12 else local.date()


@lru_cache(maxsize=256)
def night_of(day: date, location: Location) -> Night:
    """Twilight events from local noon on ``day`` to local noon the next day (cached: the time
    parser and the planner ask for the same night)."""
    check_supported(day)
    tz = location.tz
    noon = datetime.combine(day, time(12, 0), tzinfo=tz).astimezone(UTC)  # elapsed-time steps
    minutes = np.arange(0, 24 * 60 + _STEP_MINUTES, _STEP_MINUTES, dtype=float)
    alt = sun_altitudes(noon, minutes, location)

    def at(offset: float | None) -> datetime | None:
        return None if offset is None else (noon + timedelta(minutes=offset)).astimezone(tz)

    events = {lvl: _crossings(minutes, alt, lvl) for lvl in
              (SUNSET_ALT, CIVIL_ALT, NAUTICAL_ALT, ASTRONOMICAL_ALT)}
    lowest = int(np.argmin(alt))
    return Night(
        date=day,
        sunset=at(events[SUNSET_ALT][0]),
        civil_dusk=at(events[CIVIL_ALT][0]),
        nautical_dusk=at(events[NAUTICAL_ALT][0]),
        astronomical_dusk=at(events[ASTRONOMICAL_ALT][0]),
        astronomical_dawn=at(events[ASTRONOMICAL_ALT][1]),
        nautical_dawn=at(events[NAUTICAL_ALT][1]),
        civil_dawn=at(events[CIVIL_ALT][1]),
        sunrise=at(events[SUNSET_ALT][1]),
        darkest=at(minutes[lowest]) or noon.astimezone(tz),
        darkest_sun_alt_deg=float(alt[lowest]),
    )
