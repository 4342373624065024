"""resolve_location: coordinates, Nominatim first, gazetteer fallback, ambiguity, time zones."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.planning import timezones
from singularity.planning.countries import place_name
from singularity.planning.gazetteer import Place, index_path
from singularity.planning.location import resolve_location
from singularity.planning.models import Location
from singularity.results import Status, ToolResult
from tests.fakes.server import FakeServer, Response
from tests.planning.location_support import (
    BLOCKED_HTML,
    KREUZLINGEN,
    nominatim_place,
    settings_with_index,
)


@pytest.fixture
def online(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, fake_server: FakeServer
) -> Settings:
    return settings_with_index(
        tmp_path,
        tmp_path_factory,
        online="true",
        nominatim_url=fake_server.url,
        timeout_s="0.5",
        min_interval_s="0",
    )


def location_of(result: ToolResult) -> Location:
    assert result.status is Status.OK, result.message
    return Location.model_validate(result.data["location"])


# ---------------------------------------------------------------- coordinates


def test_coordinates_resolve_directly_with_nearby_town(settings: Settings) -> None:
    result = resolve_location("47.65N 9.17E 400 m", settings=settings)
    location = location_of(result)
    assert (location.lat, location.lon, location.elevation_m) == (47.65, 9.17, 400.0)
    assert location.source == "coordinates" and location.timezone == "Europe/Zurich"
    assert location.name == "47.6500°N 9.1700°E (near Kreuzlingen, Switzerland)"


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("-16.5, 179.99", "Pacific/Fiji"),
        ("-16.5, -179.99", "Pacific/Fiji"),
        ("0, -140", "Etc/GMT+9"),
        ("0, 180", "Etc/GMT-12"),
    ],
)
def test_date_line_and_ocean_time_zones(settings: Settings, text: str, zone: str) -> None:
    location = location_of(resolve_location(text, settings=settings))
    assert location.timezone == zone
    assert location.name.startswith(("16.5000°S", "0.0000°N"))


@pytest.mark.parametrize("text", ["90N 0E", "-90, 0", "90°0'0\"S 180°0'0\"W"])
def test_poles(settings: Settings, text: str) -> None:
    location = location_of(resolve_location(text, settings=settings))
    ZoneInfo(location.timezone)
    if location.lat < 0:
        assert location.timezone.startswith("Antarctica/")


def test_unknown_zone_falls_back_to_nominal_offset(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    class NoZones:
        def timezone_at(self, *, lat: float, lng: float) -> None:
            return None

    monkeypatch.setattr(timezones, "_finder", lambda: NoZones())
    assert (
        location_of(resolve_location("-16.5, 179.99", settings=settings)).timezone == "Etc/GMT-12"
    )
    assert location_of(resolve_location("10, -75", settings=settings)).timezone == "Etc/GMT+5"
    assert location_of(resolve_location("10, 3", settings=settings)).timezone == "Etc/GMT"


@pytest.mark.parametrize("text", ["91, 0", "47°61'N 9°10'E", "47.65N 9.17N"])
def test_malformed_coordinates_ask_again(settings: Settings, text: str) -> None:
    result = resolve_location(text, settings=settings)
    assert result.status is Status.NEEDS_INPUT and result.data is None
    assert result.message.endswith(".")


def test_empty_text_asks_for_a_place(settings: Settings) -> None:
    result = resolve_location("   ", settings=settings)
    assert result.status is Status.NEEDS_INPUT and "coordinates" in result.message


# ---------------------------------------------------------------- offline gazetteer


def test_kreuzlingen_offline(settings: Settings) -> None:
    result = resolve_location("Kreuzlingen", settings=settings)
    location = location_of(result)
    assert location.source == "gazetteer" and location.timezone == "Europe/Zurich"
    assert location.lat == pytest.approx(47.65, abs=0.02) and location.lon == pytest.approx(
        9.17, abs=0.02
    )
    assert result.data["place"]["country_code"] == "CH"
    assert "note" not in result.data


@pytest.mark.parametrize("text", ["Zürich", "Zurich", "zurich"])
def test_zurich_spellings(settings: Settings, text: str) -> None:
    assert location_of(resolve_location(text, settings=settings)).name == "Zürich, Switzerland"


def test_muenchen_is_munich(settings: Settings) -> None:
    result = resolve_location("München", settings=settings)
    location = location_of(result)
    assert location.name == "Munich, Germany" and location.timezone == "Europe/Berlin"
    assert result.data["place"]["known_as"] == "München"  # an exonym names the same place
    assert location.asked_as == "München" and place_name(location, "de") == "München, Deutschland"
    for typed, shown in (("münchen", "Munich, Germany"), ("Zurich", "Zürich, Switzerland"),
                         ("Paris, Texas", "Paris, Texas, United States")):
        assert place_name(location_of(resolve_location(typed, settings=settings)), "en") == shown


def test_a_place_found_by_the_start_of_its_name_is_not_known_by_it(settings: Settings) -> None:
    result = resolve_location("Buenos", settings=settings)
    assert location_of(result).name.startswith("Buenos Aires")
    assert "known_as" not in result.data["place"]


def test_a_name_is_not_cut_to_its_leading_word(settings: Settings) -> None:
    """"Lake Tahoe" is in no gazetteer of towns; the towns called "Lake …" are not what was asked."""
    assert resolve_location("Lake", settings=settings).data["candidates"]
    result = resolve_location("Lake Tahoe", settings=settings)
    assert result.status is Status.NEEDS_INPUT and not (result.data or {}).get("candidates")
    assert "Lake Tahoe" in str(result.message)


def test_a_place_with_words_after_it_is_still_found(settings: Settings) -> None:
    assert location_of(resolve_location("Kreuzlingen zum Beobachten", settings=settings)).name.startswith("Kreuzlingen")


def test_la_palma_spanien(settings: Settings) -> None:
    result = resolve_location("La Palma, Spanien", settings=settings)
    location = location_of(result)
    assert result.data["place"]["country_code"] == "ES"
    assert location.timezone == "Atlantic/Canary" and location.elevation_m == pytest.approx(2396)


def test_dominant_candidate_resolves_and_lists_the_others(settings: Settings) -> None:
    result = resolve_location("Paris", settings=settings)
    assert location_of(result).name == "Paris, France"
    assert "Paris, Texas, United States" in [c["label"] for c in result.data["candidates"]]


def test_country_hint_resolves(settings: Settings) -> None:
    location = location_of(resolve_location("Paris, Texas", settings=settings))
    assert location.name == "Paris, Texas, United States" and location.timezone == "America/Chicago"


@pytest.mark.parametrize("text", ["Springfield", "Springfield, USA"])
def test_ambiguous_name_asks_which_one(settings: Settings, text: str) -> None:
    result = resolve_location(text, settings=settings)
    assert result.status is Status.NEEDS_INPUT
    assert "which one do you mean?" in result.message and "Missouri" in result.message
    candidates = result.data["candidates"]
    assert len(candidates) >= 3
    for candidate in candidates:
        assert {"name", "region", "country", "population", "lat", "lon"} <= candidate.keys()
        assert candidate["name"] == "Springfield" and candidate["population"] > 0


def test_unknown_name_asks_for_another_spelling(settings: Settings) -> None:
    result = resolve_location("Xyzzyqwertville", settings=settings)
    assert result.status is Status.NEEDS_INPUT
    assert "another spelling, a nearby town or coordinates" in result.message


def test_unusable_gazetteer_fails_names_but_not_coordinates(settings: Settings) -> None:
    path = index_path(settings)
    path.unlink()  # a hard link to the shared index: replace it, do not overwrite it
    path.write_bytes(b"not a database" * 100)
    result = resolve_location("Kreuzlingen", settings=settings)
    assert result.status is Status.FAILED and "gazetteer index" in result.message
    location = location_of(resolve_location("47.65, 9.17", settings=settings))
    assert location.name == "47.6500°N 9.1700°E"


# ---------------------------------------------------------------- online


def test_nominatim_first(online: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/search", Response(200, [KREUZLINGEN]))
    result = resolve_location("Kreuzlingen", settings=online)
    location = location_of(result)
    assert location.source == "nominatim" and location.name == "Kreuzlingen, Thurgau, Switzerland"
    assert location.timezone == "Europe/Zurich"
    assert result.sources[0]["licence"] == "ODbL 1.0"
    assert len(fake_server.requests) == 1


def test_nominatim_same_place_twice_is_not_ambiguous(
    online: Settings, fake_server: FakeServer
) -> None:
    district = nominatim_place(
        "Bezirk Kreuzlingen",
        47.61,
        9.13,
        country_code="CH",
        country="Schweiz",
        state="Thurgau",
        importance=0.45,
        addresstype="county",
        osm_id=1684626,
    )
    fake_server.route("GET", "/search", Response(200, [KREUZLINGEN, district]))
    assert location_of(resolve_location("Kreuzlingen", settings=online)).source == "nominatim"


def test_nominatim_close_importances_ask_which_one(
    online: Settings, fake_server: FakeServer
) -> None:
    results = [
        nominatim_place(
            "Springfield",
            39.7990,
            -89.6440,
            country_code="US",
            country="United States",
            state="Illinois",
            importance=0.62,
            addresstype="city",
            osm_id=1,
        ),
        nominatim_place(
            "Springfield",
            37.2090,
            -93.2923,
            country_code="US",
            country="United States",
            state="Missouri",
            importance=0.60,
            addresstype="city",
            osm_id=2,
        ),
        nominatim_place(
            "Springfield",
            42.1015,
            -72.5898,
            country_code="US",
            country="United States",
            state="Massachusetts",
            importance=0.59,
            addresstype="city",
            osm_id=3,
        ),
    ]
    fake_server.route("GET", "/search", Response(200, results))
    result = resolve_location("Springfield", settings=online)
    assert result.status is Status.NEEDS_INPUT
    assert [c["region"] for c in result.data["candidates"]] == [
        "Illinois",
        "Missouri",
        "Massachusetts",
    ]
    assert result.data["source"] == "nominatim"


def test_nominatim_clear_leader_resolves(online: Settings, fake_server: FakeServer) -> None:
    results = [
        nominatim_place(
            "Paris",
            48.8534951,
            2.3483915,
            country_code="FR",
            country="France",
            state="Île-de-France",
            importance=0.88,
            addresstype="city",
            osm_id=7444,
        ),
        nominatim_place(
            "Paris",
            33.6617962,
            -95.555513,
            country_code="US",
            country="United States",
            state="Texas",
            importance=0.55,
            addresstype="city",
            osm_id=115357,
        ),
    ]
    fake_server.route("GET", "/search", Response(200, results))
    result = resolve_location("Paris", settings=online)
    assert location_of(result).timezone == "Europe/Paris"
    assert result.data["candidates"][0]["region"] == "Texas"


@pytest.mark.parametrize(
    "response",
    [
        Response(403, BLOCKED_HTML, {"Content-Type": "text/html"}),
        Response(429, "Too Many Requests"),
        Response(500, "Internal Server Error"),
        Response(200, "%%% garbage %%%"),
        Response(200, {"unexpected": "shape"}),
        Response(200, []),
        Response(200, [KREUZLINGEN], delay_s=1.0),
    ],
    ids=["403", "429", "500", "garbage", "shape", "empty", "timeout"],
)
def test_nominatim_failure_falls_back_to_gazetteer(
    online: Settings, fake_server: FakeServer, response: Response
) -> None:
    fake_server.route("GET", "/search", response)
    result = resolve_location("Kreuzlingen", settings=online)
    location = location_of(result)
    assert location.source == "gazetteer" and location.timezone == "Europe/Zurich"
    assert "Nominatim" in result.data["note"] and "offline gazetteer" in result.data["note"]
    assert len(fake_server.requests) == 1


def test_failure_and_unknown_name_still_asks(online: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/search", Response(500, "down"))
    result = resolve_location("Xyzzyqwertville", settings=online)
    assert result.status is Status.NEEDS_INPUT
    assert "HTTP 500" in result.data["note"]


def test_injected_geocoder_is_used(online: Settings) -> None:
    class Down:
        def search(self, query: str) -> list[Place]:
            raise ServiceError("Nominatim at http://example.invalid could not be reached.")

    class Fixed:
        def search(self, query: str) -> list[Place]:
            return [
                Place(
                    name="Somewhere",
                    lat=10.0,
                    lon=20.0,
                    timezone="Africa/Ndjamena",
                    country_code="TD",
                    country="Chad",
                )
            ]

    fallback = resolve_location("Kreuzlingen", settings=online, geocoder=Down())
    assert location_of(fallback).source == "gazetteer"
    assert fallback.data["note"].startswith("Nominatim at http://example.invalid")
    assert (
        location_of(resolve_location("x y", settings=online, geocoder=Fixed())).name
        == "Somewhere, Chad"
    )


def test_offline_never_calls_the_geocoder(settings: Settings) -> None:
    class Forbidden:
        def search(self, query: str) -> list[Place]:
            raise AssertionError("offline settings must not geocode online")

    assert location_of(resolve_location("Kreuzlingen", settings=settings, geocoder=Forbidden()))


# ---------------------------------------------------------------- hostile input


def test_a_long_place_name_is_refused_and_quoted_back_briefly(settings: Settings) -> None:
    result = resolve_location("Kreuzlingen " * 9000, settings=settings)
    assert result.status is Status.NEEDS_INPUT
    assert "too long for a place name (at most 200 characters)" in result.message
    assert len(result.message) < 400


def test_an_unknown_name_is_quoted_back_briefly(settings: Settings) -> None:
    result = resolve_location("Xyzzyqwertville" * 13, settings=settings)
    assert result.status is Status.NEEDS_INPUT
    assert "Xyzzyqwertville" in result.message and "…" in result.message


def test_undecodable_bytes_in_a_place_name_reach_no_encoder(
    online: Settings, fake_server: FakeServer
) -> None:
    """``sys.argv`` holds bytes that are not UTF-8 as lone surrogates ("Zürich" typed in
    Latin-1), which the cache key's hash and the request's encoding refused."""
    fake_server.route("GET", "/search", Response(200, []))
    result = resolve_location("Z\udcfcrich", settings=online)
    assert result.status is Status.NEEDS_INPUT
    assert "Z\ufffdrich" in result.message
    assert len(fake_server.requests) == 1


def test_a_reply_picks_one_of_the_places_asked_about(settings: Settings) -> None:
    from singularity.planning.location import chosen_candidate

    candidates = resolve_location("York", settings=settings).data["candidates"]
    picks = {reply: (chosen_candidate(reply, candidates) or {}).get("label")
             for reply in ("the one in England", "Pennsylvania", "die zweite", "UK", "in den USA", "York")}
    assert picks == {"the one in England": "York, United Kingdom", "Pennsylvania": "York, Pennsylvania, United States",
                     "die zweite": "York, Pennsylvania, United States", "UK": "York, United Kingdom",
                     "in den USA": None, "York": None}
