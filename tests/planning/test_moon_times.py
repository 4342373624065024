from __future__ import annotations

from datetime import date, datetime, time, timedelta

import astropy.units as u
import numpy as np
import pytest
from astropy.coordinates import AltAz, EarthLocation, get_body
from astropy.time import Time

from singularity.planning.models import Location
from singularity.planning.moon_times import MOON_HORIZON_ALT, moon_times

KREUZLINGEN = Location(name="Kreuzlingen", lat=47.6505, lon=9.175, timezone="Europe/Zurich", source="test")
SYDNEY = Location(name="Sydney", lat=-33.87, lon=151.21, timezone="Australia/Sydney", source="test")


def _astropy_events(day: date, place: Location) -> tuple[list[datetime], list[datetime]]:
    """Rises and sets of the Moon's centre through MOON_HORIZON_ALT, minute by minute (no refraction)."""
    noon = datetime.combine(day, time(12), tzinfo=place.tz)
    times = [noon + timedelta(minutes=m) for m in range(24 * 60 + 1)]
    site = EarthLocation.from_geodetic(place.lon * u.deg, place.lat * u.deg)
    alt = get_body("moon", Time(times), site).transform_to(AltAz(obstime=Time(times), location=site)).alt.deg
    above = alt >= MOON_HORIZON_ALT
    rises = [times[i + 1] for i in np.flatnonzero(~above[:-1] & above[1:])]
    sets = [times[i + 1] for i in np.flatnonzero(above[:-1] & ~above[1:])]
    return rises, sets


@pytest.mark.parametrize(("day", "place"), [(date(2026, 12, 2), KREUZLINGEN), (date(2026, 12, 20), KREUZLINGEN),
                                            (date(2027, 3, 10), SYDNEY)])
def test_moonrise_and_moonset_match_astropy_within_two_minutes(day: date, place: Location) -> None:
    ours = moon_times(day, place)
    rises, sets = _astropy_events(day, place)
    assert (ours.moonrise is None) == (not rises) and (ours.moonset is None) == (not sets)
    for found, reference in ((ours.moonrise, rises), (ours.moonset, sets)):
        if found is not None:
            assert abs((found - reference[0]).total_seconds()) < 120
            assert found.tzinfo is not None and found.utcoffset() == reference[0].utcoffset()


@pytest.mark.parametrize(("day", "place"), [(date(2026, 12, 2), KREUZLINGEN), (date(2026, 12, 20), KREUZLINGEN),
                                            (date(2027, 3, 10), SYDNEY)])
def test_the_nights_phase_and_whether_the_moon_is_up_match_astropy(day: date, place: Location) -> None:
    ours = moon_times(day, place)
    middle = Time(datetime.combine(day, time(12), tzinfo=place.tz) + timedelta(hours=12))
    sun, moon = get_body("sun", middle), get_body("moon", middle)
    elongation = sun.separation(moon).rad
    phase_angle = np.arctan2(sun.distance.km * np.sin(elongation),
                             moon.distance.km - sun.distance.km * np.cos(elongation))
    assert abs(ours.illumination - (1 + np.cos(phase_angle)) / 2) < 0.01
    later = get_body("sun", middle + 1 * u.h).separation(get_body("moon", middle + 1 * u.h)).rad
    assert ours.waxing == bool(later > elongation)
    site = EarthLocation.from_geodetic(place.lon * u.deg, place.lat * u.deg)
    altitude = moon.transform_to(AltAz(obstime=middle, location=site)).alt.deg
    assert ours.up_at_midnight == bool(altitude > MOON_HORIZON_ALT)
