"""Nominatim client against a fake server speaking Nominatim's JSON: parsing, politeness, errors."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from singularity import http
from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.planning.geocoding import NominatimGeocoder, geocode
from tests.fakes.server import FakeServer, Request, Response
from tests.planning.location_support import (
    BLOCKED_HTML,
    KREUZLINGEN,
    make_settings,
    nominatim_place,
)


def online_settings(tmp_path: Path, url: str, **geocoding: str) -> Settings:
    options = {"online": "true", "nominatim_url": url, "timeout_s": "0.5", "min_interval_s": "0"}
    return make_settings(tmp_path / "data", **(options | geocoding))


def test_parses_nominatim_results(fake_server: FakeServer, tmp_path: Path) -> None:
    fake_server.route("GET", "/search", Response(200, [KREUZLINGEN]))
    [place] = geocode("Kreuzlingen", settings=online_settings(tmp_path, fake_server.url))
    assert (place.name, place.region, place.country_code, place.country) == (
        "Kreuzlingen",
        "Thurgau",
        "CH",
        "Switzerland",
    )
    assert place.lat == pytest.approx(47.6504238) and place.lon == pytest.approx(9.1748695)
    assert place.timezone == "Europe/Zurich" and place.kind == "city"
    assert place.importance == pytest.approx(0.52) and place.population is None


def test_request_is_polite_and_complete(fake_server: FakeServer, tmp_path: Path) -> None:
    fake_server.route("GET", "/search", Response(200, [KREUZLINGEN]))
    settings = online_settings(tmp_path, fake_server.url)
    geocode("  Kreuzlingen ", settings=settings)
    [request] = fake_server.requests
    assert request.headers["user-agent"] == settings.geocoding.user_agent
    assert request.arg("q") == "Kreuzlingen"
    assert request.arg("format") == "json" and request.arg("addressdetails") == "1"
    assert request.arg("limit") == str(settings.geocoding.max_candidates)


def test_non_settlements_are_sites(fake_server: FakeServer, tmp_path: Path) -> None:
    peak = nominatim_place(
        "Roque de los Muchachos",
        28.7542,
        -17.8851,
        country_code="ES",
        country="España",
        state="Canarias",
        addresstype="peak",
    )
    fake_server.route("GET", "/search", Response(200, [peak]))
    [place] = geocode("Roque de los Muchachos", settings=online_settings(tmp_path, fake_server.url))
    assert (place.kind, place.country, place.timezone) == ("site", "Spain", "Atlantic/Canary")


def test_second_identical_query_is_served_from_disk(
    fake_server: FakeServer, tmp_path: Path
) -> None:
    fake_server.route("GET", "/search", Response(200, [KREUZLINGEN]))
    settings = online_settings(tmp_path, fake_server.url)
    first = geocode("Kreuzlingen", settings=settings)
    second = NominatimGeocoder(settings=settings).search("kreuzlingen")
    assert first == second
    assert len(fake_server.requests) == 1
    assert list((settings.cache_dir / "nominatim").glob("*.json"))


def test_empty_answer_is_cached_too(fake_server: FakeServer, tmp_path: Path) -> None:
    fake_server.route("GET", "/search", Response(200, []))
    settings = online_settings(tmp_path, fake_server.url)
    assert geocode("Nowhere-on-earth", settings=settings) == []
    assert geocode("Nowhere-on-earth", settings=settings) == []
    assert len(fake_server.requests) == 1


class FakeTime:
    """The throttle's clock: ``sleep`` only advances it, and is recorded."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def test_requests_are_at_least_min_interval_apart(
    fake_server: FakeServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeTime()
    monkeypatch.setattr(http, "time", clock)  # the rate limiter's clock
    arrivals: list[float] = []

    def handler(request: Request) -> Response:
        arrivals.append(clock.now)
        clock.now += 0.05  # the answer takes a while
        return Response(200, [KREUZLINGEN])

    fake_server.route("GET", "/search", handler)
    geocoder = NominatimGeocoder(
        settings=online_settings(tmp_path, fake_server.url, min_interval_s="0.2")
    )
    geocoder.search("Kreuzlingen")
    geocoder.search("Konstanz")
    geocoder.search("Kreuzlingen")  # cached: no request, no waiting
    assert clock.sleeps == [pytest.approx(0.15)]
    assert arrivals[1] - arrivals[0] == pytest.approx(0.2)


@pytest.mark.parametrize(
    ("response", "fragment"),
    [
        (Response(403, BLOCKED_HTML, {"Content-Type": "text/html; charset=utf-8"}), "HTTP 403"),
        (Response(429, "Too Many Requests"), "HTTP 429"),
        (Response(500, "Internal Server Error"), "HTTP 500"),
        (Response(503, "Service Unavailable"), "HTTP 503"),
        (Response(200, "<html>not json</html>"), "not JSON"),
        (
            Response(200, {"error": {"code": 400, "message": "Nothing to search for."}}),
            "unexpected shape",
        ),
        (Response(200, {"place_id": 1}), "unexpected shape"),
        (Response(200, ["Kreuzlingen"]), "unexpected shape"),
        (Response(200, [{"place_id": 1, "display_name": "no coordinates"}]), "unexpected shape"),
        (Response(200, [dict(KREUZLINGEN, lat="north")]), "unexpected shape"),
        (Response(200, [dict(KREUZLINGEN, lat="95.0")]), "unexpected shape"),
        (
            Response(200, [dict(KREUZLINGEN, address={"country": ["not", "text"]})]),
            "unexpected shape",
        ),
        (Response(200, [KREUZLINGEN], delay_s=1.0), "did not answer within 0.5 s"),
    ],
)
def test_failures_become_one_sentence_service_errors(
    fake_server: FakeServer, tmp_path: Path, response: Response, fragment: str
) -> None:
    fake_server.route("GET", "/search", response)
    settings = online_settings(tmp_path, fake_server.url)
    with pytest.raises(ServiceError) as info:
        geocode("Kreuzlingen", settings=settings)
    message = str(info.value)
    assert message.startswith(f"Nominatim at {fake_server.url}") and fragment in message
    assert message.endswith(".") and "\n" not in message
    assert not (settings.cache_dir / "nominatim").exists()  # failures are not cached


def test_failures_are_not_cached(fake_server: FakeServer, tmp_path: Path) -> None:
    fake_server.route("GET", "/search", Response(500, "boom"))
    settings = online_settings(tmp_path, fake_server.url)
    with pytest.raises(ServiceError):
        geocode("Kreuzlingen", settings=settings)
    fake_server.route("GET", "/search", Response(200, [KREUZLINGEN]))
    assert geocode("Kreuzlingen", settings=settings)[0].country_code == "CH"
    assert len(fake_server.requests) == 2


def test_connection_refused(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ServiceError, match="could not be reached .*; check the network"):
        geocode("Kreuzlingen", settings=online_settings(tmp_path, f"http://127.0.0.1:{port}"))


def test_dns_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_host(*args: object, **kwargs: object) -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)
    with pytest.raises(ServiceError, match="could not be reached"):
        geocode("Kreuzlingen", settings=online_settings(tmp_path, "http://nominatim.invalid"))


def test_url_that_is_not_http_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="geocoding.nominatim_url"):
        NominatimGeocoder(settings=online_settings(tmp_path, "ftp://example.org"))


def test_url_path_prefix_is_kept(fake_server: FakeServer, tmp_path: Path) -> None:
    fake_server.route("GET", "/nominatim/search", Response(200, [KREUZLINGEN]))
    places = geocode(
        "Kreuzlingen", settings=online_settings(tmp_path, fake_server.url + "/nominatim/")
    )
    assert places[0].name == "Kreuzlingen"


async def test_lookups_waiting_for_nominatim_leave_the_shared_pool_free(
        fake_server: FakeServer, tmp_path: Path) -> None:
    import asyncio
    import threading

    from singularity.planning.geocoding import GEOCODING_THREADS, in_geocoding_thread

    answer = threading.Event()

    def slow(request: Request) -> Response:
        answer.wait(10)  # Nominatim's turn has not come yet
        return Response(200, [KREUZLINGEN])

    fake_server.route("GET", "/search", slow)
    settings = online_settings(tmp_path, fake_server.url, timeout_s="20")
    lookups = [asyncio.create_task(in_geocoding_thread(geocode, f"Ort {n}", settings=settings))
               for n in range(GEOCODING_THREADS * 3)]  # more than the default pool has threads
    try:
        assert await asyncio.to_thread(lambda: "free") == "free"  # every session's other work runs
        assert not any(lookup.done() for lookup in lookups)
    finally:
        answer.set()
    assert all(places[0].country_code == "CH" for places in await asyncio.gather(*lookups))


def test_an_unreachable_nominatim_is_asked_once_and_then_fails_at_once(
        fake_server: FakeServer, tmp_path: Path) -> None:
    fake_server.route("GET", "/search", Response(200, [KREUZLINGEN], delay_s=1.0))
    settings = online_settings(tmp_path, fake_server.url)
    for query in ("Kreuzlingen", "Konstanz"):
        with pytest.raises(ServiceError, match="did not answer within 0.5 s"):
            geocode(query, settings=settings)
    assert len(fake_server.requests) == 1
