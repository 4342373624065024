"""The check_weather tool end to end: provider choice, range, failures, coverage, verdicts."""

from __future__ import annotations

import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from singularity.config import Settings
from singularity.planning.models import Location, TimeWindow
from singularity.planning.weather import check_weather
from singularity.results import Status
from tests.fakes.server import FakeServer, Response
from tests.planning.weather_payloads import (
    OWM_401,
    base_settings,
    by_hour,
    open_meteo_payload,
    owm_forecast5_payload,
    owm_onecall3_payload,
    weather_settings,
)

VIENNA = Location(
    name="Vienna", lat=48.2082, lon=16.3738, timezone="Europe/Vienna", source="coordinates"
)
TZ = ZoneInfo("Europe/Vienna")
NOW = datetime(2026, 12, 1, 15, 20, tzinfo=UTC)
TODAY = datetime(2026, 12, 1, tzinfo=UTC)
KEY = "0123456789abcdef0123456789abcdef"


def night(day: int = 1, start_hour: int = 22, hours: int = 4) -> TimeWindow:
    start = datetime(2026, 12, day, start_hour, tzinfo=TZ)
    return TimeWindow(start=start, end=start + timedelta(hours=hours), description="night")


TONIGHT = night()  # 21:00-01:00 UTC


@pytest.fixture(autouse=True)
def no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the developer's shell holds, tests start without an OpenWeatherMap key."""
    monkeypatch.delenv("OPENWEATHERMAP_API_KEY", raising=False)


@pytest.fixture
def base(tmp_path: Path) -> Settings:
    return base_settings(tmp_path / "data")


@pytest.fixture
def auto(base: Settings, fake_server: FakeServer) -> Settings:
    return weather_settings(base, fake_server.url, provider="auto")


def open_meteo(fake_server: FakeServer, hours: int = 16 * 24, **values: object) -> None:
    fake_server.route(
        "GET", "/v1/forecast", Response(200, open_meteo_payload(TODAY, hours, **values))
    )


def test_clear_night(auto: Settings, fake_server: FakeServer) -> None:
    open_meteo(fake_server, cloud_cover=by_hour({21: 4, 22: 10, 23: 25, 0: 10, 1: 4}, 60))
    result = check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    assert result.status is Status.OK, result.message
    data = result.data
    assert data["provider"] == "Open-Meteo" and data["verdict"] == "good"
    assert data["weather_ok"] is True and data["needs_confirmation"] is False
    assert data["summary"] == (
        "Mostly clear: cloud cover 12 % on average (max 25 %), rain chance 5 %, visibility ≥ 24 km."
    )
    assert data["numbers"]["cloud_max_pct"] == 25 and data["numbers"]["cloud_low_mean_pct"] == 0
    assert [s["time"] for s in data["samples"]] == [
        "2026-12-01T21:00Z",
        "2026-12-01T22:00Z",
        "2026-12-01T23:00Z",
        "2026-12-02T00:00Z",
        "2026-12-02T01:00Z",
    ]
    assert data["samples"][0] == {
        "time": "2026-12-01T21:00Z",
        "cloud_pct": 4,
        "cloud_low_pct": 0,
        "cloud_mid_pct": 4,
        "cloud_high_pct": 10,
        "precipitation_pct": 5,
        "visibility_km": 24.1,
        "temperature_c": 2.0,
        "dew_point_c": -2.8,
        "humidity_pct": 70,
        "wind_ms": 2.3,
    }
    assert data["window"] == "2026-12-01 22:00–02:00 CET"
    assert data["covered"]["hours"] == 4
    assert result.sources[0]["url"] == "https://open-meteo.com/"
    (request,) = fake_server.requests
    assert request.arg("latitude") == "48.2082" and request.arg("longitude") == "16.3738"


def test_marginal_night(auto: Settings, fake_server: FakeServer) -> None:
    open_meteo(fake_server, cloud_cover=50, cloud_cover_high=45)
    result = check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    assert result.status is Status.OK
    assert result.data["verdict"] == "marginal" and result.data["weather_ok"] is True
    assert result.data["needs_confirmation"] is False
    assert result.data["summary"].startswith("Partly cloudy: cloud cover 50 %")


def test_bad_night_is_ok_but_asks_before_planning(auto: Settings, fake_server: FakeServer) -> None:
    open_meteo(fake_server, cloud_cover=95, precipitation_probability=80, visibility=3000.0)
    result = check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    assert result.status is Status.OK
    data = result.data
    assert data["verdict"] == "bad" and data["weather_ok"] is False
    assert data["needs_confirmation"] is True
    assert data["summary"] == (
        "Cloudy, rain likely and poor visibility (fog or haze): cloud cover 95 % on average "
        "(max 95 %), rain chance 80 %, visibility down to 3.0 km. "
        "Shall I compute the observing plan anyway?"
    )


def test_three_hourly_owm_night_with_magnus_dew(
    auto: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENWEATHERMAP_API_KEY", KEY)
    payload = owm_forecast5_payload(
        datetime(2026, 12, 1, 18, tzinfo=UTC), clouds=20, temp=0.5, humidity=90
    )
    fake_server.route("GET", "/data/2.5/forecast", Response(200, payload))
    result = check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    assert result.status is Status.OK, result.message
    data = result.data
    assert data["provider"] == "OpenWeatherMap" and data["verdict"] == "good"
    # samples at 21:00 and 00:00 UTC cover the window; 03:00 starts at 01:30, after it
    assert [s["time"] for s in data["samples"]] == ["2026-12-01T21:00Z", "2026-12-02T00:00Z"]
    assert data["samples"][0]["span_h"] == 3
    assert data["numbers"]["cloud_high_mean_pct"] is None
    assert data["numbers"]["dew_spread_min_c"] == pytest.approx(1.5, abs=0.1)
    assert data["numbers"]["dew_risk"] is True and "dew likely on optics" in data["summary"]


def test_auto_uses_openweathermap_when_the_key_is_set(
    auto: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENWEATHERMAP_API_KEY", KEY)
    payload = owm_forecast5_payload(datetime(2026, 12, 1, 18, tzinfo=UTC))
    fake_server.route("GET", "/data/2.5/forecast", Response(200, payload))
    check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    (request,) = fake_server.requests
    assert request.path == "/data/2.5/forecast"
    assert request.arg("appid") == KEY and request.arg("units") == "metric"
    assert request.arg("lat") == "48.2082" and request.arg("lon") == "16.3738"


def test_auto_uses_open_meteo_without_key(auto: Settings, fake_server: FakeServer) -> None:
    open_meteo(fake_server)
    result = check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    assert result.data["provider"] == "Open-Meteo"
    assert [r.path for r in fake_server.requests] == ["/v1/forecast"]


def test_open_meteo_chosen_explicitly_ignores_the_key(
    base: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENWEATHERMAP_API_KEY", KEY)
    open_meteo(fake_server)
    settings = weather_settings(base, fake_server.url, provider="open_meteo")
    assert (
        check_weather(VIENNA, TONIGHT, settings=settings, now=NOW).data["provider"] == "Open-Meteo"
    )


def test_openweathermap_without_key_fails_naming_the_variable(
    base: Settings, fake_server: FakeServer
) -> None:
    settings = weather_settings(base, fake_server.url, provider="openweathermap")
    result = check_weather(VIENNA, TONIGHT, settings=settings, now=NOW)
    assert result.status is Status.FAILED
    assert "OPENWEATHERMAP_API_KEY is not set" in result.message
    assert fake_server.requests == []


def test_onecall3_reaches_day_eight_from_daily_data(
    base: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENWEATHERMAP_API_KEY", KEY)
    settings = weather_settings(base, fake_server.url, openweathermap_mode="onecall3")
    fake_server.route("GET", "/data/3.0/onecall", Response(200, owm_onecall3_payload(NOW)))
    result = check_weather(VIENNA, night(day=6), settings=settings, now=NOW)
    assert result.status is Status.OK, result.message
    assert [s["span_h"] for s in result.data["samples"]] == [24, 24]
    assert result.data["numbers"]["cloud_mean_pct"] == 20


@pytest.mark.parametrize(
    ("provider", "mode", "day", "reach"),
    [
        (
            "open_meteo",
            "forecast5",
            17,
            "Open-Meteo forecasts reach 16 days ahead (until 2026-12-16)",
        ),
        (
            "openweathermap",
            "forecast5",
            6,
            "OpenWeatherMap 5-day forecasts reach 5 days ahead (until 2026-12-06 15:20 UTC)",
        ),
        (
            "openweathermap",
            "onecall3",
            9,
            "OpenWeatherMap One Call forecasts reach 8 days ahead (until 2026-12-08)",
        ),
    ],
)
def test_beyond_range_is_refused_without_a_request(
    base: Settings,
    fake_server: FakeServer,
    monkeypatch: pytest.MonkeyPatch,
    provider: str,
    mode: str,
    day: int,
    reach: str,
) -> None:
    monkeypatch.setenv("OPENWEATHERMAP_API_KEY", KEY)
    settings = weather_settings(base, fake_server.url, provider=provider, openweathermap_mode=mode)
    result = check_weather(VIENNA, night(day=day), settings=settings, now=NOW)
    assert result.status is Status.REFUSED
    assert result.message == (
        f"{reach}; the window on 2026-12-{day:02d} 22:00–02:00 CET is beyond that."
    )
    assert fake_server.requests == []


def test_last_day_in_range_is_asked(auto: Settings, fake_server: FakeServer) -> None:
    open_meteo(fake_server)
    result = check_weather(VIENNA, night(day=16, start_hour=20, hours=2), settings=auto, now=NOW)
    assert result.status is Status.OK and len(fake_server.requests) == 1


def test_past_window_is_refused(auto: Settings, fake_server: FakeServer) -> None:
    result = check_weather(VIENNA, night(start_hour=10, hours=2), settings=auto, now=NOW)
    assert result.status is Status.REFUSED
    assert result.message == (
        "The window on 2026-12-01 10:00–12:00 CET is already over; forecasts only cover the future."
    )
    assert fake_server.requests == []


def test_window_under_way_is_judged_from_now(auto: Settings, fake_server: FakeServer) -> None:
    open_meteo(fake_server, cloud_cover=by_hour({14: 100}, 0))
    result = check_weather(VIENNA, night(start_hour=15, hours=3), settings=auto, now=NOW)
    assert result.status is Status.OK
    assert result.data["window"] == "2026-12-01 16:20–18:00 CET"
    assert result.data["numbers"]["cloud_max_pct"] == 0  # 14:00 UTC is before now


def test_window_ending_before_it_starts_is_refused(auto: Settings) -> None:
    start = datetime(2026, 12, 2, 2, tzinfo=TZ)
    window = TimeWindow(start=start, end=start - timedelta(hours=2))
    result = check_weather(VIENNA, window, settings=auto, now=NOW)
    assert result.status is Status.REFUSED and "ends before it starts" in result.message


def test_forecast_ending_inside_the_window_is_partial(
    auto: Settings, fake_server: FakeServer
) -> None:
    open_meteo(fake_server, hours=23, cloud_cover=10)  # last hour 22:00 UTC, valid to 22:30
    result = check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    assert result.status is Status.PARTIAL
    assert result.message == (
        "The Open-Meteo forecast covers only 2026-12-01 22:00–23:30 CET of your window on "
        "2026-12-01 22:00–02:00 CET, so the verdict (good) is for that part only."
    )
    assert result.data["covered"]["hours"] == 1.5 and result.data["verdict"] == "good"


def test_forecast_missing_the_window_is_partial_without_verdict(
    auto: Settings, fake_server: FakeServer
) -> None:
    open_meteo(fake_server, hours=12)
    result = check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    assert result.status is Status.PARTIAL
    assert "verdict" not in result.data
    assert result.message == (
        "The Open-Meteo forecast covers 2026-12-01 00:30–12:30 CET, which misses your window on "
        "2026-12-01 22:00–02:00 CET, so the weather for it is unknown."
    )


def test_unreachable_service_fails_in_three_parts(base: Settings) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings = weather_settings(base, f"http://127.0.0.1:{port}")
    result = check_weather(VIENNA, TONIGHT, settings=settings, now=NOW)
    assert result.status is Status.FAILED
    assert result.message.startswith(
        "The weather service (Open-Meteo) could not be reached (nothing is running at that address)")
    assert "Errno" not in result.message and "Connection refused" in result.data["detail"]
    assert result.message.endswith(
        "; the weather for your window is unknown, so check the network connection and that "
        f"http://127.0.0.1:{port} is the right address."
    )


def test_rejected_key_fails_naming_the_variable(
    auto: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENWEATHERMAP_API_KEY", KEY)
    fake_server.route("GET", "/data/2.5/forecast", Response(401, OWM_401))
    result = check_weather(VIENNA, TONIGHT, settings=auto, now=NOW)
    assert result.status is Status.FAILED
    assert result.message == (
        "The weather service (OpenWeatherMap) answered HTTP 401; the weather for your window is "
        "unknown, so check OPENWEATHERMAP_API_KEY.")
    assert result.message_in("de").startswith("Der Wetterdienst (OpenWeatherMap) meldete einen Fehler (HTTP 401)")
    assert result.data["detail"].startswith('OpenWeatherMap answered HTTP 401 "Invalid')  # for the step
    assert KEY not in result.message and KEY not in result.data["detail"]


def test_window_without_time_zone_is_refused(auto: Settings, fake_server: FakeServer) -> None:
    window = TimeWindow(start=datetime(2026, 12, 1, 22), end=datetime(2026, 12, 2, 2))
    result = check_weather(VIENNA, window, settings=auto, now=NOW)
    assert result.status is Status.REFUSED and "no time zone" in result.message
    assert fake_server.requests == []
