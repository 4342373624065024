"""OpenWeatherMap clients (5 day / 3 hour and One Call 3.0) against its real JSON and errors."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.http import ShapeError
from singularity.planning.weather import magnus_dew_point_c
from singularity.planning.weather.openweathermap import fetch_forecast, parse_forecast5
from tests.fakes.server import FakeServer, Response
from tests.planning.weather_payloads import (
    GARBAGE,
    OWM_401,
    OWM_429,
    OWM_500,
    base_settings,
    owm_forecast5_payload,
    owm_onecall3_payload,
    weather_settings,
)

NOW = datetime(2026, 12, 1, 15, 20, tzinfo=UTC)
FIRST_SLOT = datetime(2026, 12, 1, 18, tzinfo=UTC)
KEY = "0123456789abcdef0123456789abcdef"
FORECAST5 = "/data/2.5/forecast"
ONECALL = "/data/3.0/onecall"


@pytest.fixture
def owm_settings(tmp_path: Path, fake_server: FakeServer) -> Settings:
    return weather_settings(base_settings(tmp_path / "data"), fake_server.url)


def fetch(settings: Settings, mode: str = "forecast5"):
    return fetch_forecast(48.2082, 16.3738, settings=settings, api_key=KEY, mode=mode)


def test_forecast5_request_and_three_hourly_samples(
    owm_settings: Settings, fake_server: FakeServer
) -> None:
    payload = owm_forecast5_payload(
        FIRST_SLOT, clouds=lambda t: 75 if t.hour == 0 else 8, pop=0.2, temp=1.5, humidity=81
    )
    fake_server.route("GET", FORECAST5, Response(200, payload))
    forecast = fetch(owm_settings)

    (request,) = fake_server.requests
    assert request.path == FORECAST5
    assert request.arg("lat") == "48.2082" and request.arg("lon") == "16.3738"
    assert request.arg("appid") == KEY and request.arg("units") == "metric"
    assert request.arg("exclude") is None

    assert forecast.provider == "OpenWeatherMap" and len(forecast.samples) == 40
    first = forecast.samples[0]
    assert first.time == FIRST_SLOT
    assert (first.valid_from, first.valid_until) == (
        FIRST_SLOT - timedelta(hours=1.5),
        FIRST_SLOT + timedelta(hours=1.5),
    )
    assert first.cloud_total_pct == 8 and forecast.samples[2].cloud_total_pct == 75
    assert first.precipitation_probability_pct == pytest.approx(20)
    assert first.visibility_km == 10 and first.wind_speed_ms == 2.1
    assert first.cloud_low_pct is first.cloud_mid_pct is first.cloud_high_pct is None
    # no dew point in this API: Magnus from 1.5 °C and 81 % gives -1.5 °C
    assert first.dew_point_c == pytest.approx(-1.5, abs=0.1)
    assert first.dew_point_c == magnus_dew_point_c(1.5, 81)
    assert forecast.covers_until == FIRST_SLOT + timedelta(hours=3 * 39 + 1.5)


def test_forecast5_without_visibility_or_pop() -> None:
    payload = owm_forecast5_payload(FIRST_SLOT, count=2, visibility=None)
    del payload["list"][0]["pop"]
    forecast = parse_forecast5(payload)
    assert forecast.samples[0].visibility_km is None
    assert forecast.samples[0].precipitation_probability_pct is None
    assert forecast.samples[1].precipitation_probability_pct == 5


def test_onecall3_hourly_then_daily(owm_settings: Settings, fake_server: FakeServer) -> None:
    payload = owm_onecall3_payload(NOW, clouds=15, daily_clouds=lambda t: 10 * t.day % 100)
    fake_server.route("GET", ONECALL, Response(200, payload))
    forecast = fetch(owm_settings, "onecall3")

    (request,) = fake_server.requests
    assert request.path == ONECALL and request.arg("exclude") == "minutely,alerts"
    assert request.arg("appid") == KEY and request.arg("units") == "metric"

    hourly = [s for s in forecast.samples if s.valid_until - s.valid_from == timedelta(hours=1)]
    daily = forecast.samples[len(hourly) :]
    assert len(hourly) == 48 and hourly[0].time == datetime(2026, 12, 1, 15, tzinfo=UTC)
    assert hourly[0].dew_point_c == -3.0 and hourly[0].visibility_km == 10
    hourly_end = hourly[-1].valid_until  # 2026-12-03 14:30 UTC
    # days 1 and 2 lie inside the hourly data; day 3 is trimmed to start where it ends
    assert [s.time.day for s in daily] == [3, 4, 5, 6, 7, 8]
    assert daily[0].valid_from == hourly_end
    assert daily[0].valid_until == datetime(2026, 12, 3, 23, tzinfo=UTC)
    assert daily[1].valid_from == datetime(2026, 12, 3, 23, tzinfo=UTC)
    assert daily[0].temperature_c == 0.4  # temp.night
    assert daily[0].cloud_total_pct == 30 and daily[0].visibility_km is None
    assert forecast.covers_until == datetime(2026, 12, 8, 23, tzinfo=UTC)


@pytest.mark.parametrize(
    ("mode", "status", "body", "expected"),
    [
        ("forecast5", 401, OWM_401, "check OPENWEATHERMAP_API_KEY."),
        ("onecall3", 401, OWM_401, "subscribes to One Call 3.0"),
        ("forecast5", 429, OWM_429, "temporary blocked"),
        ("forecast5", 500, OWM_500, 'HTTP 500 "Internal error"; the service may be down'),
    ],
)
def test_error_bodies(
    owm_settings: Settings,
    fake_server: FakeServer,
    mode: str,
    status: int,
    body: dict,
    expected: str,
) -> None:
    fake_server.route("GET", FORECAST5 if mode == "forecast5" else ONECALL, Response(status, body))
    with pytest.raises(ServiceError) as caught:
        fetch(owm_settings, mode)
    message = str(caught.value)
    assert message.startswith(f"OpenWeatherMap answered HTTP {status}")
    assert expected in message
    assert KEY not in message


def test_invalid_key_message_quotes_the_provider(
    owm_settings: Settings, fake_server: FakeServer
) -> None:
    fake_server.route("GET", FORECAST5, Response(401, OWM_401))
    with pytest.raises(ServiceError) as caught:
        fetch(owm_settings)
    assert str(caught.value) == (
        'OpenWeatherMap answered HTTP 401 "Invalid API key. Please see '
        'https://openweathermap.org/faq#error401 for more info."; check OPENWEATHERMAP_API_KEY.'
    )


def test_garbage(owm_settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", FORECAST5, Response(200, GARBAGE))
    with pytest.raises(ServiceError, match="not JSON"):
        fetch(owm_settings)


def test_key_is_masked_when_echoed(owm_settings: Settings, fake_server: FakeServer) -> None:
    echo = {"cod": 400, "message": f"appid {KEY} is malformed"}
    fake_server.route("GET", FORECAST5, Response(400, echo))
    with pytest.raises(ServiceError) as caught:
        fetch(owm_settings)
    assert KEY not in str(caught.value) and "appid *** is malformed" in str(caught.value)


@pytest.mark.parametrize(
    ("mutate", "detail"),
    [
        (lambda p: p.pop("list"), "no 'list' list"),
        (lambda p: p["list"][1]["main"].pop("temp"), "no main.temp"),
        (lambda p: p["list"][1]["clouds"].__setitem__("all", "few"), "clouds.all holds 'few'"),
        (lambda p: p["list"][1].__setitem__("pop", 3.0), "implausible values"),
        (lambda p: p["list"].reverse(), "must be time-ordered"),
    ],
)
def test_forecast5_wrong_shape(mutate, detail: str) -> None:
    payload = owm_forecast5_payload(FIRST_SLOT, count=3)
    mutate(payload)
    with pytest.raises(ShapeError, match=detail):
        parse_forecast5(payload)


def test_onecall3_wrong_shape(owm_settings: Settings, fake_server: FakeServer) -> None:
    payload = owm_onecall3_payload(NOW)
    del payload["daily"][4]["temp"]
    fake_server.route("GET", ONECALL, Response(200, payload))
    with pytest.raises(
        ServiceError, match=r"unexpected shape \(an entry has no temp.night\)"
    ):
        fetch(owm_settings, "onecall3")


def test_timeout(tmp_path: Path, fake_server: FakeServer) -> None:
    slow = weather_settings(base_settings(tmp_path), fake_server.url, timeout_s=0.5)
    payload = owm_forecast5_payload(FIRST_SLOT, count=2)
    fake_server.route("GET", FORECAST5, Response(200, payload, delay_s=1.5))
    with pytest.raises(ServiceError, match="OpenWeatherMap did not answer within 0.5 s"):
        fetch(slow)
