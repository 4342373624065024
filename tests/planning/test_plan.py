"""The observing plan end to end on real catalog data (no network: sockets are disabled)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from pytest_socket import disable_socket, enable_socket

from singularity.config import PlanningSettings
from singularity.planning.chart import render_altitude_chart
from singularity.planning.models import Equipment, EquipmentClass, Location, TimeWindow
from singularity.planning.plan import SkyCondition, compute_plan, phase_name
from singularity.planning.sun import night_of

KREUZLINGEN = Location(name="Kreuzlingen", lat=47.6505, lon=9.175, elevation_m=404,
                       timezone="Europe/Zurich", source="test")
DOBSON = Equipment(equipment_class=EquipmentClass.LARGE_TELESCOPE, aperture_mm=254,
                   label="10-inch Dobson", limiting_magnitude=14.7)
BINOCULARS = Equipment(equipment_class=EquipmentClass.BINOCULARS, aperture_mm=50,
                       label="10x50 binoculars", limiting_magnitude=9.2)
SUBURBAN = SkyCondition(sqm=20.0, bortle=5, light_pollution_penalty=1.5, source="test")
SETTINGS = PlanningSettings()


@pytest.fixture(autouse=True)
def _no_network():
    disable_socket()
    yield
    enable_socket()


def evening_window(day: date, location: Location = KREUZLINGEN, hours: float = 2.0) -> TimeWindow:
    start = night_of(day, location).dark_start
    return TimeWindow(start=start, end=start + timedelta(hours=hours))


def plan_for(window: TimeWindow, *, location=KREUZLINGEN, equipment=DOBSON, prefs=("galaxy", "galaxy_group"),
             limit=None, strength=None):
    return compute_plan(location=location, window=window, equipment=equipment, sky=SUBURBAN,
                        preferences=list(prefs), settings=SETTINGS, limit=limit,
                        preference_strength=strength)


GALAXIES = {"galaxy", "galaxy_group"}


def test_article_example_mostly_galaxies_best_first() -> None:
    """Kreuzlingen, 10-inch Dobsonian, "vor allem Galaxien": the galaxies a 10-inch shows from
    a suburban sky, then the best of the rest (the old planner listed 2 galaxies of 15)."""
    window = evening_window(date(2026, 12, 1))
    plan = plan_for(window)
    assert plan.preference_strength == "mostly"
    assert len(plan.targets) == SETTINGS.result_limit
    assert plan.targets[0].name == "M31" and plan.targets[0].common_name == "Andromeda Galaxy"
    assert plan.targets[0].constellation == "And" and "Messier" in plan.targets[0].showpiece_lists
    galaxies = [t for t in plan.targets if t.family in GALAXIES]
    assert len(galaxies) >= 10  # two thirds of 15
    assert sum(t.family in GALAXIES for t in plan.targets[:10]) >= 7
    assert {"M33", "M32", "M110", "NGC 7331"} <= {t.name for t in galaxies}
    galaxy_scores = [t.score for t in galaxies]
    assert galaxy_scores == sorted(galaxy_scores, reverse=True)  # best first
    top = [t.score for t in plan.targets[:10]]
    assert len(set(top)) == len(top)  # no ties
    assert [t.rank for t in plan.targets] == list(range(1, len(plan.targets) + 1))
    for target in plan.targets:
        assert target.altitude_deg >= SETTINGS.min_altitude_deg
        assert window.start <= target.best_time <= window.end
        assert target.best_time.utcoffset() == timedelta(hours=1)  # local time (CET)
        assert 0 <= target.azimuth_deg < 360 and target.assessment.render("en").endswith(".") and target.assessment.render("de").endswith(".")
        assert {"magnitude_score", "altitude_score", "headroom_mag", "contrast_mag",
                "showpiece_factor", "hours_above_30"} <= set(target.score_parts)


def test_only_lists_the_requested_family_and_says_when_few_are_reachable() -> None:
    window = evening_window(date(2026, 12, 1))
    plan = plan_for(window, equipment=BINOCULARS, prefs=("planetary_nebula",), strength="only")
    assert plan.targets and all(t.family == "planetary_nebula" for t in plan.targets)
    assert len(plan.targets) < SETTINGS.result_limit
    shortfall = next(n for n in plan.note_details if n.key == "only_few_within_reach")
    assert shortfall.params["count"] == len(plan.targets)
    assert f"Only {len(plan.targets)} planetary nebula" in shortfall.text["en"]
    assert f"nur {len(plan.targets)} Planetarische" in shortfall.text["de"]
    assert shortfall.text["en"] in plan.notes


def test_no_preference_gives_a_varied_night() -> None:
    plan = plan_for(evening_window(date(2026, 12, 1)), prefs=())
    assert plan.preference_strength == "none"
    top = [t.family for t in plan.targets[:10]]
    assert max(top.count(f) for f in set(top)) <= 5
    assert len(set(top)) >= 4
    assert "M31" in {t.name for t in plan.targets}


def test_binoculars_list_the_andromeda_galaxy() -> None:
    flagstaff = Location(name="Flagstaff", lat=35.198, lon=-111.651, elevation_m=2100,
                         timezone="America/Phoenix", source="test")
    plan = plan_for(evening_window(date(2026, 12, 1), flagstaff), location=flagstaff,
                    equipment=BINOCULARS, prefs=())
    assert "M31" in {t.name for t in plan.targets[:10]}
    assert sum(t.family == "open_cluster" for t in plan.targets[:10]) <= 5


def test_never_rising_objects_are_dropped_and_circumpolar_kept() -> None:
    plan = plan_for(evening_window(date(2026, 12, 1)), prefs=(), limit=200)
    names = {t.name for t in plan.targets}
    assert "NGC 104" not in names  # 47 Tucanae, dec −72°: never rises at 47.6° N
    assert "M103" in names or "NGC 457" in names  # Cassiopeia: circumpolar here
    assert plan.counts["above_horizon_when_dark"] < plan.counts["bright_enough"] <= plan.counts["catalog"]


def test_southern_sky_from_the_southern_hemisphere() -> None:
    sutherland = Location(name="Sutherland", lat=-32.38, lon=20.81, timezone="Africa/Johannesburg", source="test")
    plan = plan_for(evening_window(date(2026, 12, 1), sutherland), location=sutherland, prefs=(), limit=200)
    names = {t.name for t in plan.targets}
    assert "NGC 104" in names  # 47 Tucanae is well up
    assert "M31" not in {t.name for t in plan.targets[:3]} or plan.targets[0].altitude_deg < 30


def test_full_moon_lowers_faint_targets_and_says_so() -> None:
    full = plan_for(evening_window(date(2026, 12, 23), hours=4), limit=200)
    new = plan_for(evening_window(date(2026, 12, 9), hours=4), limit=200)
    assert full.moon.illumination > 0.9 and full.moon.up_during_window
    assert new.moon.illumination < 0.05
    assert any("Moon" in note for note in full.notes)
    moon_note = next(n for n in full.note_details if n.key == "bright_moon")
    assert "Mond" in moon_note.text["de"]
    m33_full = next(t for t in full.targets if t.name == "M33")
    m33_new = next(t for t in new.targets if t.name == "M33")
    assert m33_full.score < m33_new.score


def test_daylight_window_lists_nothing_and_explains() -> None:
    noon = datetime(2026, 12, 2, 12, 0, tzinfo=KREUZLINGEN.tz)
    plan = plan_for(TimeWindow(start=noon, end=noon + timedelta(hours=2)))
    assert plan.targets == []
    assert any("Sun is too high" in note for note in plan.notes)


def test_white_night_lists_only_bright_bodies() -> None:
    tromso = Location(name="Tromsø", lat=69.65, lon=18.96, timezone="Europe/Oslo", source="test")
    window = evening_window(date(2026, 6, 10), tromso)
    plan = plan_for(window, location=tromso, equipment=BINOCULARS)
    assert all(t.family in {"planet", "moon"} for t in plan.targets)
    assert any("astronomically dark" in note or "Sun is too high" in note for note in plan.notes)


def test_north_pole_winter_sees_only_the_northern_sky() -> None:
    pole = Location(name="North Pole", lat=90.0, lon=0.0, timezone="Etc/GMT", source="test")
    noon = datetime(2026, 12, 21, 12, tzinfo=pole.tz)
    plan = plan_for(TimeWindow(start=noon, end=noon + timedelta(hours=2)), location=pole, prefs=(), limit=50)
    assert plan.targets, "polar night: the sky is dark at noon"
    m31 = next(t for t in plan.targets if t.name == "M31")
    assert m31.altitude_deg == pytest.approx(41.5, abs=0.5)  # at the pole, altitude = declination


def test_binoculars_reach_fewer_objects_than_a_dobson() -> None:
    window = evening_window(date(2026, 12, 1))
    dob = plan_for(window)
    bino = plan_for(window, equipment=BINOCULARS)
    assert bino.counts["within_reach"] < dob.counts["within_reach"]
    assert all(t.magnitude < 10.5 for t in bino.targets)


def test_plan_serialises_and_chart_renders(tmp_path: Path) -> None:
    plan = plan_for(evening_window(date(2026, 12, 1)))
    data = plan.model_dump(mode="json")
    assert data["targets"][0]["best_time"].endswith("+01:00")
    assert len(plan.series.targets) == 5
    assert all(len(v) == len(plan.series.times) for v in plan.series.targets.values())
    path = render_altitude_chart(plan, tmp_path / "chart.png")
    blob = path.read_bytes()
    assert blob[:8] == b"\x89PNG\r\n\x1a\n" and len(blob) > 10_000


@pytest.mark.parametrize(("illum", "waxing", "name"), [
    (0.01, True, "new Moon"), (0.3, True, "waxing crescent"), (0.5, False, "last quarter"),
    (0.8, False, "waning gibbous"), (0.99, True, "full Moon"),
])
def test_phase_names(illum, waxing, name) -> None:
    assert phase_name(illum, waxing) == name


def test_southern_showpieces_without_an_openngc_magnitude_are_listed() -> None:
    cape_town = Location(name="Cape Town", lat=-33.92, lon=18.42, timezone="Africa/Johannesburg", source="test")
    plan = plan_for(evening_window(date(2026, 6, 15), cape_town), location=cape_town,
                    equipment=BINOCULARS, prefs=(), limit=40)
    names = {t.name for t in plan.targets}
    assert {"IC 2602", "NGC 4755"} <= names  # the Southern Pleiades and the Jewel Box


def test_a_large_nebula_loses_more_to_a_bright_sky_than_a_small_one() -> None:
    window = evening_window(date(2026, 9, 10))
    city = SkyCondition(sqm=18.94, bortle=6, light_pollution_penalty=1.53, source="test")
    plan = compute_plan(location=KREUZLINGEN, window=window, equipment=BINOCULARS, sky=city,
                        preferences=[], settings=SETTINGS, limit=300)
    parts = {t.name: t.score_parts for t in plan.targets}
    # NGC 7000 (120′): a magnitude per mag/arcsec² it lies below the sky; M27 (8′): 0.4
    assert parts["NGC 7000"]["contrast_mag"] > 1.5
    assert parts["M27"]["contrast_mag"] < 0.5
