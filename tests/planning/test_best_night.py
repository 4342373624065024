"""The best-night scan: dark windows, the Moon, the forecast's reach, the ranking and its reasons,
the whole-catalogue pass, and positions against Astropy's full transform."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import astropy.units as u
import numpy as np
import pytest
from astropy.coordinates import AltAz, EarthLocation, SkyCoord, get_body
from astropy.time import Time

import singularity.planning.astropy_offline  # noqa: F401
from singularity.config import PlanningSettings, Settings
from singularity.errors import InputError
from singularity.planning.best_night import (
    MAX_NIGHTS,
    Target,
    best_nights,
    check_nights,
    night_grid,
    scan_catalog,
)
from singularity.planning.catalog import load_catalog
from singularity.planning.ephemeris import angular_separation_deg
from singularity.planning.models import Equipment, EquipmentClass, Location
from singularity.planning.plan import SkyCondition
from singularity.planning.sun import night_of
from singularity.planning.weather.samples import Forecast, WeatherSample

KREUZLINGEN = Location(name="Kreuzlingen", lat=47.65051, lon=9.17504, elevation_m=404,
                       timezone="Europe/Zurich", source="gazetteer")
TROMSO = Location(name="Tromsø", lat=69.65, lon=18.96, timezone="Europe/Oslo", source="gazetteer")
DOBSON = Equipment(equipment_class=EquipmentClass.LARGE_TELESCOPE, aperture_mm=254,
                   label="10-inch Dobson", limiting_magnitude=14.7)
SUBURBAN = SkyCondition(sqm=20.0, bortle=5, light_pollution_penalty=1.0, source="test")
M51 = Target(name="M51", ra_deg=202.4696, dec_deg=47.1952)
M42 = Target(name="M42", ra_deg=83.8221, dec_deg=-5.3911)
FIRST = date(2026, 12, 1)


def scan(target: Target, count: int, *, location: Location = KREUZLINGEN, first: date = FIRST,
         forecast: Forecast | None = None, settings: Settings | None = None):
    return best_nights(target, location=location, first=first, count=count, equipment=DOBSON,
                       sky=SUBURBAN, planning=PlanningSettings(), settings=settings,
                       forecast=forecast)


def keys(night) -> list[str]:
    return [m.key for m in night.reasons]


def test_the_window_is_the_astronomical_darkness_and_its_length_is_reported() -> None:
    result = scan(M51, 3)
    for night in result.nights:
        twilight = night_of(night.date, KREUZLINGEN)
        assert night.darkness == "astronomical"
        assert night.dark_start == twilight.astronomical_dusk
        assert night.dark_end == twilight.astronomical_dawn
        hours = (twilight.astronomical_dawn - twilight.astronomical_dusk).total_seconds() / 3600
        assert night.dark_hours == pytest.approx(hours, abs=0.01)
        assert 11.0 < night.dark_hours < 12.5  # early December at 47.7° N
        assert night.dark_start <= night.best_time <= night.dark_end
    grid = night_grid(KREUZLINGEN, FIRST, 3)
    assert grid.sun_alt_deg.max() < -17.9  # every sample is dark


def test_a_night_without_astronomical_darkness_says_so_and_has_no_dark_hours() -> None:
    result = scan(M51, 1, location=TROMSO, first=date(2026, 6, 21))
    (night,) = result.nights
    assert night.darkness == "none" and night.dark_hours == 0.0
    assert "best_night.darkness_none" in keys(night)


@pytest.mark.slow
def test_the_moon_separation_is_the_angle_astropy_finds() -> None:
    result = scan(M42, 10)
    location = EarthLocation.from_geodetic(KREUZLINGEN.lon * u.deg, KREUZLINGEN.lat * u.deg,
                                           KREUZLINGEN.elevation_m * u.m)
    for night in result.nights:
        when = Time(night.best_time.astimezone(UTC))
        frame = AltAz(obstime=when, location=location)
        moon = get_body("moon", when, location).transform_to(frame)
        target = SkyCoord(M42.ra_deg * u.deg, M42.dec_deg * u.deg).transform_to(frame)
        expected = angular_separation_deg(target.alt.deg, target.az.deg, moon.alt.deg, moon.az.deg)
        assert night.moon_separation_deg == pytest.approx(float(expected), abs=0.1)
        assert night.moon_altitude_deg == pytest.approx(float(moon.alt.deg), abs=0.1)


def test_full_moon_nights_rank_last_for_a_nebula_and_say_why() -> None:
    result = scan(M42, 30)  # full Moon on 24 December 2026
    ranked = result.ranked()
    assert [n.rank for n in ranked] == list(range(1, 31))
    assert [n.rating for n in ranked] == sorted((n.rating for n in ranked), reverse=True)
    full = max(result.nights, key=lambda n: n.moon_illumination)
    assert full.date in (date(2026, 12, 23), date(2026, 12, 24), date(2026, 12, 25))
    assert full.rank > 20
    assert "best_night.moon_glare" in keys(full)
    assert keys(full)[-1] == "best_night.behind_moon"
    assert ranked[0].moon_glare_mag < 0.2 and ranked[0].rank == 1
    assert not any(k.startswith("best_night.behind") for k in keys(ranked[0]))
    assert ranked[0].reasons[0].key == "best_night.altitude"


def test_the_best_hour_waits_for_the_moon_to_set() -> None:
    (night,) = scan(M42, 1, first=date(2026, 12, 17)).nights  # Moon 58 % lit, sets after 00:19
    grid = night_grid(KREUZLINGEN, date(2026, 12, 17), 1)
    sky = grid.grids[0]
    altitude = sky.fixed(np.radians([M42.ra_deg]), np.radians([M42.dec_deg])).alt_deg[:, 0]
    highest = int(np.argmax(altitude))
    assert grid.moon_alt_deg[0, highest] > 0  # the Moon is up when M42 culminates
    assert night.moon_altitude_deg <= 0 and night.moon_glare_mag == 0.0
    assert night.best_time > sky.times[highest] and night.altitude_deg < altitude[highest]
    assert "best_night.moon_down" in keys(night)


def test_a_target_that_never_rises_high_enough_is_rated_zero() -> None:
    result = scan(Target(name="NGC 2070", ra_deg=84.676, dec_deg=-69.101), 3)
    assert all(n.rating == 0.0 and n.score is None for n in result.nights)
    assert all(keys(n)[0] == "best_night.too_low" for n in result.nights)


def _hourly(start: datetime, hours: int, cloud: dict[date, float]) -> Forecast:
    samples = []
    for k in range(hours):
        moment = start + timedelta(hours=k)
        evening = (moment.astimezone(KREUZLINGEN.tz) - timedelta(hours=12)).date()
        samples.append(WeatherSample.centred(moment, timedelta(hours=1),
                                             cloud_total_pct=cloud.get(evening, 5.0),
                                             precipitation_probability_pct=0.0))
    return Forecast(provider="test", samples=tuple(samples))


def test_forecast_rates_the_nights_it_reaches_and_later_nights_say_no_forecast_yet() -> None:
    forecast = _hourly(datetime(2026, 12, 1, 12, tzinfo=UTC), 3 * 24, {date(2026, 12, 2): 80.0})
    result = scan(M51, 6, forecast=forecast, settings=Settings())
    by_date = {n.date: n for n in result.nights}
    clear, cloudy = by_date[date(2026, 12, 1)], by_date[date(2026, 12, 2)]
    assert clear.forecast == "good" and clear.cloud_pct == pytest.approx(5.0)
    assert clear.rating == pytest.approx(clear.score * 0.95, abs=0.01)
    assert cloudy.forecast == "bad" and cloudy.cloud_pct == pytest.approx(80.0)
    assert cloudy.rating == pytest.approx(cloudy.score * 0.2, abs=0.01)
    assert "best_night.forecast_bad" in keys(cloudy)
    assert keys(cloudy)[-1] == "best_night.behind_clouds"
    assert cloudy.rank == 6
    for day in (date(2026, 12, 4), date(2026, 12, 5), date(2026, 12, 6)):
        assert by_date[day].forecast == "none" and by_date[day].cloud_pct is None
        assert "best_night.no_forecast" in keys(by_date[day])
        assert by_date[day].rating == pytest.approx(by_date[day].score, abs=0.01)
    assert result.forecast_until == forecast.covers_until


def test_the_night_count_is_checked() -> None:
    assert check_nights(MAX_NIGHTS) == MAX_NIGHTS
    for wrong in (0, MAX_NIGHTS + 1):
        with pytest.raises(InputError) as raised:
            check_nights(wrong)
        assert raised.value.said is not None and raised.value.said.key == "best_night.nights_range"


def test_a_planet_is_followed_by_its_ephemeris() -> None:
    result = scan(Target(name="Saturn", body="saturn"), 5)
    assert all(n.score is not None and n.altitude_deg > 30 for n in result.nights)
    assert all(n.moon_glare_mag == 0.0 for n in result.nights)  # planets shine through moonlight


def test_the_catalogue_scan_agrees_with_the_single_target_scan() -> None:
    catalog = load_catalog()
    i = catalog.names.index("M51")
    grid = night_grid(KREUZLINGEN, FIRST, 4)
    everything = scan_catalog(grid, catalog.icrs, min_altitude_deg=30.0, min_moon_separation_deg=30.0)
    single = scan(Target(name="M51", ra_deg=float(np.degrees(catalog.ra_rad[i])),
                         dec_deg=float(np.degrees(catalog.dec_rad[i]))), 4)
    assert everything.peak_alt_deg.shape == (4, len(catalog))
    for n, night in enumerate(single.nights):
        assert everything.peak_alt_deg[n, i] == pytest.approx(night.altitude_deg, abs=0.06)
        assert everything.observable[n, i]
        assert 0 < everything.hours_observable[n, i] <= night.dark_hours + 0.01
    south = catalog.names.index("NGC 2070")  # the Tarantula never rises at 47.7° N
    assert not everything.observable[:, south].any()
    assert everything.hours_observable[:, south].sum() == 0


@pytest.mark.slow
def test_catalogue_positions_agree_with_astropys_full_transform() -> None:
    catalog = load_catalog()
    take = slice(0, None, 25)  # every 25th object: 460 objects, all over the sky
    grid = night_grid(KREUZLINGEN, FIRST, 30)
    location = EarthLocation.from_geodetic(KREUZLINGEN.lon * u.deg, KREUZLINGEN.lat * u.deg,
                                           KREUZLINGEN.elevation_m * u.m)
    coords = SkyCoord(catalog.ra_rad[take] * u.rad, catalog.dec_rad[take] * u.rad)
    for n in (0, 29):  # the grid's first and last night: no drift over the month
        sky = grid.grids[n]
        ours = sky.tracks(sky.cirs(catalog.icrs[take]))
        ref = coords[None, :].transform_to(AltAz(obstime=Time(sky.times)[:, None], location=location))
        difference = angular_separation_deg(ref.alt.deg, ref.az.deg, ours.alt_deg, ours.az_deg)
        assert difference.max() * 3600 < 5.0


def test_when_no_night_shows_the_target_the_answer_names_the_cause() -> None:
    low = scan(Target(name="NGC 2070", ra_deg=84.676, dec_deg=-69.101), 2).unseen()
    assert low.render("en").startswith("NGC 2070 cannot be seen on any of these nights: it climbs no higher than")
    assert "denn es steigt in der Dunkelheit nicht über" in low.render("de")
    bright = scan(M51, 1, location=TROMSO, first=date(2026, 6, 21)).unseen()
    assert "does not get astronomically dark" in bright.render("en")
    assert "nicht astronomisch dunkel" in bright.render("de")


def test_an_overcast_forecast_is_named_as_the_cause() -> None:
    overcast = _hourly(datetime(2026, 12, 1, 12, tzinfo=UTC), 3 * 24,
                       {date(2026, 12, 1): 100.0, date(2026, 12, 2): 100.0})
    result = scan(M51, 2, forecast=overcast, settings=Settings())
    assert all(n.rating == 0.0 for n in result.nights)
    assert result.unseen().render("en").endswith("nights: the forecast shows an overcast sky.")


def test_nights_with_different_causes_are_counted_per_cause() -> None:
    overcast = _hourly(datetime(2026, 12, 1, 12, tzinfo=UTC), 2 * 24, {date(2026, 12, 1): 100.0})
    result = scan(M51, 1, forecast=overcast, settings=Settings())
    mixed = result.model_copy(update={"nights": [
        *result.nights, scan(M51, 1, location=TROMSO, first=date(2026, 6, 21)).nights[0]]})
    said = mixed.unseen().render("de")
    assert "bedeckten Himmel (eine Nacht)" in said and "nicht astronomisch dunkel" in said
