"""Above the horizon or not, and when it rises: checked against Astropy."""

from __future__ import annotations

from datetime import datetime

import pytest
from astropy import units as u
from astropy.coordinates import AltAz, EarthLocation, SkyCoord
from astropy.time import Time

from singularity.planning.models import Location
from singularity.planning.visibility import visibility

KREUZLINGEN = Location(name="Kreuzlingen", lat=47.65, lon=9.17, elevation_m=400,
                       timezone="Europe/Zurich", source="gazetteer")
AFTERNOON = datetime.fromisoformat("2026-11-30T15:00:00+01:00")
M42 = (83.8221, -5.3911)


def astropy_altitude(ra: float, dec: float, when: datetime) -> float:
    site = EarthLocation(lat=KREUZLINGEN.lat * u.deg, lon=KREUZLINGEN.lon * u.deg, height=400 * u.m)
    frame = AltAz(obstime=Time(when), location=site)
    return float(SkyCoord(ra * u.deg, dec * u.deg).transform_to(frame).alt.deg)


def test_below_the_horizon_with_its_rise() -> None:
    seen = visibility(location=KREUZLINGEN, when=AFTERNOON, ra_deg=M42[0], dec_deg=M42[1])
    assert not seen.above_horizon
    assert seen.altitude_deg == pytest.approx(astropy_altitude(*M42, AFTERNOON), abs=0.1)
    assert seen.rises_at is not None and seen.rises_at.tzinfo is not None
    assert abs(astropy_altitude(*M42, seen.rises_at)) < 0.3
    assert seen.rises_at.strftime("%H") == "19"


def test_above_the_horizon() -> None:
    seen = visibility(location=KREUZLINGEN, when=AFTERNOON, ra_deg=10.6847, dec_deg=41.2688)
    assert seen.above_horizon and seen.rises_at is None and seen.direction in {"ENE", "NE", "E"}


def test_planet_and_never_rising_object() -> None:
    jupiter = visibility(location=KREUZLINGEN, when=AFTERNOON, body="jupiter")
    assert not jupiter.above_horizon and jupiter.rises_at is not None
    south = visibility(location=KREUZLINGEN, when=AFTERNOON, ra_deg=10.0, dec_deg=-80.0)
    assert not south.above_horizon and south.rises_at is None
