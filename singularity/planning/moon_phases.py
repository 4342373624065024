"""When the Moon's next phases come: new moon, first quarter, full moon, last quarter.

"Wann ist der nächste Vollmond?" is among the first questions people ask about the sky, and
observers plan around it (the faint galaxies wait for the new moon). A phase is the moment the
Moon's geocentric ecliptic longitude leads the Sun's by 0°, 90°, 180° or 270°, as the almanacs
define it: both bodies from ERFA (``moon98`` for the Moon, ``epv00`` for the Earth, whose
opposite is the Sun) on an hourly grid, turned into the ecliptic of date (``ecm06``), and each
crossing interpolated linearly (the lead grows by about half a degree an hour, nearly evenly).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Literal

import erfa
import numpy as np
from pydantic import BaseModel

from singularity.planning.ephemeris import check_supported, terrestrial_time

PhaseName = Literal["new_moon", "first_quarter", "full_moon", "last_quarter"]
PHASES: tuple[PhaseName, ...] = ("new_moon", "first_quarter", "full_moon", "last_quarter")
"""In the order of their longitude lead: 0°, 90°, 180°, 270°."""
_SEARCH_DAYS = 32  # longer than a synodic month (29.5 days): every phase comes once at least


class MoonPhase(BaseModel):
    phase: PhaseName
    moment: datetime
    """UTC; say it in the place's zone."""


def longitude_lead_deg(times: list[datetime]) -> np.ndarray:
    """The Moon's geocentric ecliptic longitude minus the Sun's, 0–360°, at each time."""
    tt1, tt2 = terrestrial_time(times)
    moon = erfa.moon98(tt1, tt2)["p"]
    sun = -erfa.epv00(tt1, tt2)[0]["p"]
    to_ecliptic = erfa.ecm06(tt1, tt2)

    def longitude(vectors: np.ndarray) -> np.ndarray:
        turned = np.einsum("nij,nj->ni", to_ecliptic, vectors)
        return np.degrees(np.arctan2(turned[:, 1], turned[:, 0]))

    return (longitude(moon) - longitude(sun)) % 360.0


def next_phases(after: datetime, count: int = 4, *, until: datetime | None = None) -> list[MoonPhase]:
    """The first ``count`` phases after ``after`` (aware), in time order; with ``until``, at
    least all of them up to that moment."""
    if after.tzinfo is None:
        raise ValueError("after must be timezone-aware")
    start = after.astimezone(UTC).replace(minute=0, second=0, microsecond=0)
    found: list[MoonPhase] = []
    while len(found) < count or (until is not None and found[-1].moment < until):
        check_supported(start + timedelta(days=_SEARCH_DAYS))
        times = [start + timedelta(hours=h) for h in range(_SEARCH_DAYS * 24 + 1)]
        lead = np.unwrap(longitude_lead_deg(times), period=360.0)
        quarters = np.floor(lead / 90.0)
        for i in np.flatnonzero(np.diff(quarters) > 0):
            target = quarters[i + 1] * 90.0
            fraction = (target - lead[i]) / (lead[i + 1] - lead[i])
            moment = times[i] + timedelta(hours=float(fraction))
            if moment > after:
                found.append(MoonPhase(phase=PHASES[int(quarters[i + 1]) % 4], moment=moment))
        start = times[-1]
    return found if until is not None else found[:count]
