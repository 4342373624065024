"""Is an object above the horizon at a place and time, and if not, when does it rise?

Opening a target in Stellarium is refused below the horizon; the refusal says when the object
rises, computed here with the planner's ephemerides (``ephemeris.SkyGrid``), not by the model.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

import numpy as np
from pydantic import BaseModel

from singularity.planning.ephemeris import Site, SkyGrid
from singularity.planning.models import Location
from singularity.planning.scoring import compass_point

SEARCH_HOURS = 36
"""How far ahead a rise is searched: more than a day, so every rise of a day is found."""
STEP_MINUTES = 5


class Visibility(BaseModel):
    altitude_deg: float
    azimuth_deg: float
    direction: str
    above_horizon: bool
    rises_at: datetime | None = None
    """Next time the object climbs above the horizon (local time), when it is below now;
    ``None`` when it is up or does not rise within ``SEARCH_HOURS``."""


def visibility(*, location: Location, when: datetime, ra_deg: float | None = None,
               dec_deg: float | None = None, body: str | None = None) -> Visibility:
    """Altitude and direction of a catalogue direction (ICRS degrees) or a solar-system body
    (``body``: an ephemeris key) at ``when``, and its next rise if it is below the horizon."""
    steps = SEARCH_HOURS * 60 // STEP_MINUTES
    times = [when + timedelta(minutes=STEP_MINUTES * i) for i in range(steps + 1)]
    grid = SkyGrid(times, Site(location.lat, location.lon, location.elevation_m or 0.0))
    if body is not None:
        track = grid.body(body)
        alt, az = track.alt_deg, track.az_deg
    elif ra_deg is not None and dec_deg is not None:
        track = grid.fixed(np.array([math.radians(ra_deg)]), np.array([math.radians(dec_deg)]))
        alt, az = track.alt_deg[:, 0], track.az_deg[:, 0]
    else:
        raise ValueError("visibility needs coordinates or a body")
    up = alt > 0.0
    rises_at = None
    if not up[0] and up.any():
        i = int(np.argmax(up))  # first sample above; interpolate between it and the one before
        fraction = float(-alt[i - 1] / (alt[i] - alt[i - 1]))
        rises_at = (times[i - 1] + timedelta(minutes=STEP_MINUTES * fraction)).astimezone(location.tz)
    return Visibility(altitude_deg=round(float(alt[0]), 1), azimuth_deg=round(float(az[0]), 1),
                      direction=compass_point(float(az[0])), above_horizon=bool(up[0]),
                      rises_at=rises_at)
