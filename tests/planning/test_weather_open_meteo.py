"""Open-Meteo client against a fake server speaking its real JSON and error bodies."""

from __future__ import annotations

import socket
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.http import ShapeError
from singularity.planning.weather.open_meteo import HOURLY_VARIABLES, fetch_forecast, parse_forecast
from tests.fakes.server import FakeServer, Response
from tests.planning.weather_payloads import (
    GARBAGE,
    OPEN_METEO_400,
    base_settings,
    by_hour,
    open_meteo_payload,
    weather_settings,
)

TODAY = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return base_settings(tmp_path / "data")


@pytest.fixture
def om_settings(settings: Settings, fake_server: FakeServer) -> Settings:
    return weather_settings(settings, fake_server.url, provider="open_meteo")


def test_request_parameters_and_parsed_samples(
    om_settings: Settings, fake_server: FakeServer
) -> None:
    payload = open_meteo_payload(TODAY, 48, cloud_cover=by_hour({22: 35}, 12))
    fake_server.route("GET", "/v1/forecast", Response(200, payload))
    forecast = fetch_forecast(48.2082, 16.3738, settings=om_settings)

    (request,) = fake_server.requests
    assert request.path == "/v1/forecast"
    assert request.arg("latitude") == "48.2082" and request.arg("longitude") == "16.3738"
    assert request.arg("hourly", "").split(",") == list(HOURLY_VARIABLES)
    assert "cloud_cover_low" in HOURLY_VARIABLES and "dew_point_2m" in HOURLY_VARIABLES
    assert request.arg("timezone") == "UTC"
    assert request.arg("forecast_days") == "16"
    assert request.arg("wind_speed_unit") == "ms"

    assert forecast.provider == "Open-Meteo"
    assert len(forecast.samples) == 48
    assert forecast.covers_from == datetime(2026, 11, 30, 23, 30, tzinfo=UTC)
    at_22 = forecast.samples[22]
    assert at_22.time == datetime(2026, 12, 1, 22, tzinfo=UTC)
    assert at_22.cloud_total_pct == 35 and at_22.cloud_high_pct == 10
    assert at_22.visibility_km == pytest.approx(24.14)
    assert at_22.dew_point_c == -2.8 and at_22.wind_speed_ms == 2.3
    assert at_22.precipitation_probability_pct == 5 and at_22.humidity_pct == 70


def test_nulls_and_missing_variables() -> None:
    payload = open_meteo_payload(
        TODAY,
        24,
        omit=("cloud_cover_low",),
        cloud_cover=by_hour({5: None}, 20),
        visibility=by_hour({3: None}, 30000.0),
        precipitation_probability=None,
    )
    forecast = parse_forecast(payload)
    assert len(forecast.samples) == 23  # the hour without total cloud cover is dropped
    assert all(s.time.hour != 5 for s in forecast.samples)
    assert all(s.cloud_low_pct is None and s.cloud_mid_pct == 4 for s in forecast.samples)
    assert all(s.precipitation_probability_pct is None for s in forecast.samples)
    assert forecast.samples[3].visibility_km is None
    assert forecast.samples[4].visibility_km == 30


def test_local_offset_is_converted_to_utc() -> None:
    payload = open_meteo_payload(TODAY, 2)
    payload["utc_offset_seconds"] = 3600
    forecast = parse_forecast(payload)
    assert forecast.samples[0].time == datetime(2026, 11, 30, 23, tzinfo=UTC)


def test_error_body_is_quoted_with_advice(om_settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/v1/forecast", Response(400, OPEN_METEO_400))
    with pytest.raises(ServiceError) as caught:
        fetch_forecast(95.0, 16.4, settings=om_settings)
    message = str(caught.value)
    assert message.startswith("Open-Meteo answered HTTP 400")
    assert "Latitude must be in range of -90 to 90°" in message
    assert message.endswith("check the coordinates of the place.")


def test_server_error(om_settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/v1/forecast", Response(500, "Internal Server Error"))
    with pytest.raises(
        ServiceError, match=r"HTTP 500 \"Internal Server Error\".*try again later"
    ):
        fetch_forecast(48.2, 16.4, settings=om_settings)


def test_garbage_is_not_json(om_settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/v1/forecast", Response(200, GARBAGE))
    with pytest.raises(
        ServiceError, match="Open-Meteo answered with something that is not JSON"
    ):
        fetch_forecast(48.2, 16.4, settings=om_settings)


@pytest.mark.parametrize(
    ("mutate", "detail"),
    [
        (lambda p: p["hourly"].pop("cloud_cover"), "hourly.cloud_cover"),
        (lambda p: p["hourly"]["visibility"].pop(), "hourly.visibility does not match"),
        (lambda p: p["hourly"]["cloud_cover"].__setitem__(0, "cloudy"), "holds 'cloudy'"),
        (lambda p: p["hourly"]["cloud_cover"].__setitem__(0, 140), "implausible values"),
        (lambda p: p["hourly"]["time"].__setitem__(0, "yesterday"), "holds 'yesterday'"),
        (lambda p: p["hourly"].__setitem__("cloud_cover", [None] * 6), "no hour with a cloud"),
        (lambda p: p.__setitem__("utc_offset_seconds", "GMT"), "utc_offset_seconds"),
    ],
)
def test_wrong_shape_is_named(mutate, detail: str) -> None:
    payload = open_meteo_payload(TODAY, 6)
    mutate(payload)
    with pytest.raises(ShapeError, match=detail):
        parse_forecast(payload)


@pytest.mark.parametrize("body", [{"latitude": 48.2, "hourly_units": {}}, [1, 2, 3]])
def test_json_of_the_wrong_shape(
    om_settings: Settings, fake_server: FakeServer, body: object
) -> None:
    fake_server.route("GET", "/v1/forecast", Response(200, body))
    with pytest.raises(ServiceError) as caught:
        fetch_forecast(48.2, 16.4, settings=om_settings)
    assert str(caught.value).startswith(
        "Open-Meteo answered JSON of an unexpected shape (no 'hourly' object); "
        f"check that {fake_server.url} is the address of this service"
    )


def test_timeout(settings: Settings, fake_server: FakeServer) -> None:
    slow = weather_settings(settings, fake_server.url, timeout_s=0.5)
    fake_server.route(
        "GET", "/v1/forecast", Response(200, open_meteo_payload(TODAY, 2), delay_s=1.5)
    )
    with pytest.raises(ServiceError, match="Open-Meteo did not answer within 0.5 s"):
        fetch_forecast(48.2, 16.4, settings=slow)


def test_connection_refused(settings: Settings) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    closed = weather_settings(settings, f"http://127.0.0.1:{port}")
    with pytest.raises(ServiceError) as caught:
        fetch_forecast(48.2, 16.4, settings=closed)
    assert str(caught.value).startswith("Open-Meteo could not be reached (")
    assert f"check the network connection and that http://127.0.0.1:{port} is" in str(caught.value)


def test_dns_failure(settings: Settings) -> None:
    def unresolvable(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno -2] Name or service not known", request=request)

    transport = httpx.MockTransport(unresolvable)
    with (
        httpx.Client(transport=transport) as client,
        pytest.raises(ServiceError, match="Name or service not known.*network"),
    ):
        fetch_forecast(48.2, 16.4, settings=settings, client=client)
