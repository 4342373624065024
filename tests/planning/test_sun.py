from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import astropy.units as u
import numpy as np
import pytest
from astropy.coordinates import AltAz, EarthLocation, get_body
from astropy.time import Time

from singularity.errors import InputError
from singularity.planning.ephemeris import Site, SkyGrid
from singularity.planning.models import Location
from singularity.planning.sun import night_of, sun_altitudes

KREUZLINGEN = Location(name="Kreuzlingen", lat=47.6505, lon=9.175, timezone="Europe/Zurich", source="test")
TROMSO = Location(name="Tromsø", lat=69.65, lon=18.96, timezone="Europe/Oslo", source="test")


def test_sun_altitude_curve_matches_astropy() -> None:
    start = datetime(2026, 12, 1, 12, tzinfo=KREUZLINGEN.tz)
    minutes = np.arange(0, 24 * 60 + 1, 30.0)
    times = [start + timedelta(minutes=float(m)) for m in minutes]
    ours = sun_altitudes(start, minutes, KREUZLINGEN)
    location = EarthLocation.from_geodetic(KREUZLINGEN.lon * u.deg, KREUZLINGEN.lat * u.deg)
    ref = get_body("sun", Time(times), location).transform_to(AltAz(obstime=Time(times), location=location))
    assert np.abs(ref.alt.deg - ours).max() < 0.01


def test_twilight_sequence_in_kreuzlingen_in_december() -> None:
    night = night_of(date(2026, 12, 1), KREUZLINGEN)
    assert night.sunset < night.civil_dusk < night.nautical_dusk < night.astronomical_dusk
    assert night.astronomical_dusk < night.darkest < night.astronomical_dawn < night.sunrise
    assert night.sunset.strftime("%H:%M") in {"16:33", "16:34"}
    assert abs((night.astronomical_dusk - night.astronomical_dusk.replace(hour=18, minute=25, second=0)).total_seconds()) < 120
    assert night.darkness == "astronomical"
    assert night.dark_start == night.astronomical_dusk


def test_midsummer_far_north_has_no_dark_night() -> None:
    night = night_of(date(2026, 6, 21), TROMSO)
    assert night.sunset is None and night.astronomical_dusk is None
    assert night.darkness == "none"
    assert night.darkest_sun_alt_deg > 0  # midnight sun
    assert night.dark_start == night.darkest


def test_polar_night_has_no_sunset() -> None:
    night = night_of(date(2026, 12, 21), TROMSO)
    assert night.sunset is None and night.sunrise is None
    assert night.astronomical_dusk is not None  # darkness falls in the afternoon


@pytest.mark.parametrize("day", [date(9999, 12, 31), date(1, 1, 1), date(3000, 6, 1), date(1900, 6, 1)])
def test_a_night_outside_the_supported_years_is_refused_by_name(day: date) -> None:
    with pytest.raises(InputError, match=rf"The year {day.year} is outside .*\(1901 to 2099\)"):
        night_of(day, KREUZLINGEN)


@pytest.mark.parametrize("year", [1901, 2099])
def test_the_first_and_last_supported_years_compute_without_erfa_warnings(year: int) -> None:
    """pytest turns warnings into errors: an ErfaWarning here would fail the test."""
    start = datetime(year, 1 if year == 1901 else 12, 1 if year == 1901 else 31, 20, tzinfo=UTC)
    grid = SkyGrid([start + timedelta(hours=h) for h in range(4)], Site(47.65, 9.17))
    assert grid.body("moon").alt_deg.shape == (4,)
    assert night_of(start.date(), KREUZLINGEN).darkest_sun_alt_deg < -18


def test_a_sky_grid_outside_the_supported_years_is_refused_by_name() -> None:
    start = datetime(2099, 12, 31, 20, tzinfo=UTC)
    with pytest.raises(InputError, match=r"The year 2100 is outside"):
        SkyGrid([start + timedelta(hours=h) for h in range(8)], Site(47.65, 9.17))
