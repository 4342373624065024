"""The ERFA fast path against Astropy's full transform, and geometry at the edges of the map."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import astropy.units as u
import numpy as np
import pytest
from astropy.coordinates import AltAz, EarthLocation, SkyCoord, get_body
from astropy.time import Time

from singularity.planning.catalog import load_catalog
from singularity.planning.ephemeris import (
    BODIES,
    Site,
    SkyGrid,
    angular_separation_deg,
    moon_magnitude,
    planet_magnitude,
)

TIMES = [datetime(2026, 12, 1, 17, 30, tzinfo=UTC) + timedelta(minutes=15 * i) for i in range(9)]
ONE_ARCMIN_DEG = 1 / 60


def _astropy_site(site: Site) -> EarthLocation:
    return EarthLocation.from_geodetic(site.lon_deg * u.deg, site.lat_deg * u.deg, site.elevation_m * u.m)


@pytest.mark.parametrize("site", [Site(47.65, 9.175, 404), Site(-33.9, 18.4, 10), Site(89.9, 0.0),
                                  Site(-16.5, 179.99), Site(-16.5, -179.99)])
def test_catalog_positions_match_astropy_within_an_arcminute(site: Site) -> None:
    catalog = load_catalog()
    sample = slice(0, None, 23)  # ~500 objects spread over the sky
    ra, dec = catalog.ra_rad[sample], catalog.dec_rad[sample]
    ours = SkyGrid(TIMES, site).fixed(ra, dec)
    frame = AltAz(obstime=Time(TIMES)[:, None], location=_astropy_site(site))
    ref = SkyCoord(ra[None, :] * u.rad, dec[None, :] * u.rad).transform_to(frame)
    sep = angular_separation_deg(ref.alt.deg, ref.az.deg, ours.alt_deg, ours.az_deg)
    assert sep.max() < ONE_ARCMIN_DEG / 10  # a few arcseconds in practice


@pytest.mark.parametrize("name", BODIES)
def test_bodies_match_astropy_builtin_ephemeris(name: str) -> None:
    site = Site(47.65, 9.175, 404)
    ours = SkyGrid(TIMES, site).body(name)
    location = _astropy_site(site)
    ref = get_body(name, Time(TIMES), location).transform_to(AltAz(obstime=Time(TIMES), location=location))
    sep = angular_separation_deg(ref.alt.deg, ref.az.deg, ours.alt_deg, ours.az_deg)
    assert sep.max() < ONE_ARCMIN_DEG


def test_a_36_hour_grid_keeps_the_sun_and_planets_within_arcseconds() -> None:
    # the Earth's state is computed once, at the middle of the grid, and carried to its ends
    times = [datetime(2026, 7, 3, 6, tzinfo=UTC) + timedelta(minutes=30 * i) for i in range(73)]
    site = Site(47.65, 9.175, 404)
    grid = SkyGrid(times, site)
    location = _astropy_site(site)
    for name in ("sun", "venus", "mars"):
        ours = grid.body(name)
        ref = get_body(name, Time(times), location).transform_to(AltAz(obstime=Time(times), location=location))
        sep = angular_separation_deg(ref.alt.deg, ref.az.deg, ours.alt_deg, ours.az_deg)
        assert sep.max() < 5 / 3600, name


def test_catalog_unit_vectors_are_its_directions() -> None:
    catalog = load_catalog()
    assert np.allclose(np.linalg.norm(catalog.icrs, axis=1), 1.0)
    assert np.allclose(np.arcsin(catalog.icrs[:, 2]), catalog.dec_rad)


def test_north_pole_altitude_equals_declination() -> None:
    grid = SkyGrid(TIMES, Site(90.0, 0.0))
    dec = np.radians([80.0, 10.0, -5.0])
    track = grid.fixed(np.zeros(3), dec)
    # apparent places differ from catalog ones by precession since J2000 (~0.15° here)
    assert np.allclose(track.alt_deg, np.degrees(dec)[None, :], atol=0.3)
    assert (track.alt_deg[:, 2] < 0).all()  # never rises
    assert np.ptp(track.alt_deg[:, 0]) < 0.01  # circumpolar at constant altitude


def test_date_line_sides_agree() -> None:
    east = SkyGrid(TIMES, Site(-16.5, 179.999)).body("moon")
    west = SkyGrid(TIMES, Site(-16.5, -179.999)).body("moon")
    assert np.allclose(east.alt_deg, west.alt_deg, atol=0.01)


def test_moon_illumination_full_and_new() -> None:
    site = Site(47.65, 9.175)
    full = SkyGrid([datetime(2026, 12, 24, 1, 28, tzinfo=UTC)], site).moon_illumination()[0]
    new = SkyGrid([datetime(2026, 12, 9, 0, 52, tzinfo=UTC)], site).moon_illumination()[0]
    assert full > 0.99
    assert new < 0.01


def test_planet_and_moon_magnitudes_are_plausible() -> None:
    grid = SkyGrid(TIMES[:1], Site(47.65, 9.175))
    jupiter = grid.body("jupiter")
    mag = planet_magnitude("jupiter", float(jupiter.heliocentric_au[0]), float(jupiter.distance_au[0]),
                           float(jupiter.phase_angle_deg[0]))
    assert -2.9 < mag < -1.6
    assert moon_magnitude(0.0) == pytest.approx(-12.73)
    assert -10.5 < moon_magnitude(90.0) < -9.7  # quarter Moon
