"""OpenWeatherMap: free 5 day / 3 hour forecast, or One Call 3.0 (hourly 48 h, daily 8 days).

Docs: https://openweathermap.org/forecast5 and https://openweathermap.org/api/one-call-3.
Both need the OPENWEATHERMAP_API_KEY secret; ``units=metric`` gives °C and m/s.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import httpx
from pydantic import ValidationError

from singularity.catalogue import msg
from singularity.config import Settings
from singularity.http import Advice, Service, ShapeError, get_parsed
from singularity.planning.weather.samples import Forecast, WeatherSample, magnus_dew_point_c

PROVIDER = "OpenWeatherMap"
KEY_VARIABLE = "OPENWEATHERMAP_API_KEY"
Mode = Literal["forecast5", "onecall3"]
FORECAST5_DAYS = 5
ONECALL3_DAYS = 8
_THREE_HOURS = timedelta(hours=3)
_HOUR = timedelta(hours=1)
_DAY = timedelta(days=1)


def _service(base: str, mode: Mode, api_key: str) -> Service:
    key_check = "weather.check_key_onecall" if mode == "onecall3" else "weather.check_key"
    return Service(PROVIDER, Advice.standard(
        base, request=msg("weather.check_coordinates"),
        by_status={
            401: msg(key_check, variable=KEY_VARIABLE),
            429: msg("weather.calls_used_up", variable=KEY_VARIABLE),
        },
    ), secrets=(api_key,))


def fetch_forecast(
    lat: float,
    lon: float,
    *,
    settings: Settings,
    api_key: str,
    mode: Mode,
    client: httpx.Client | None = None,
) -> Forecast:
    """The forecast of ``mode``; raises ServiceError on any failure."""
    base = settings.weather.openweathermap_url.rstrip("/")
    params: dict[str, Any] = {
        "lat": f"{lat:.4f}",
        "lon": f"{lon:.4f}",
        "appid": api_key,
        "units": "metric",
    }
    if mode == "onecall3":
        url, parse = f"{base}/data/3.0/onecall", parse_onecall3
        params["exclude"] = "minutely,alerts"
    else:
        url, parse = f"{base}/data/2.5/forecast", parse_forecast5
    return get_parsed(_service(base, mode, api_key), url, parse, params=params,
                      timeout_s=settings.weather.timeout_s, client=client)


def _optional(obj: Any, path: str) -> float | None:
    """The number at a dotted ``path`` of ``obj``, ``None`` when absent or null."""
    value = obj
    for key in path.split("."):
        value = value.get(key) if isinstance(value, dict) else None
    if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)):
        raise ShapeError(f"{path} holds {value!r}")
    return None if value is None else float(value)


def _required(obj: Any, path: str) -> float:
    value = _optional(obj, path)
    if value is None:
        raise ShapeError(f"an entry has no {path}")
    return value


def _time(entry: Any) -> datetime:
    try:
        return datetime.fromtimestamp(_required(entry, "dt"), tz=UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise ShapeError(f"dt holds {entry.get('dt')!r}") from exc


def _scaled(value: float | None, factor: float) -> float | None:
    return None if value is None else value * factor


def _entries(payload: Any, key: str) -> list[Any]:
    entries = payload.get(key) if isinstance(payload, dict) else None
    if not isinstance(entries, list) or not entries:
        raise ShapeError(f"no '{key}' list")
    return entries


def _forecast(samples: list[WeatherSample]) -> Forecast:
    try:
        return Forecast(provider=PROVIDER, samples=tuple(samples))
    except ValidationError as exc:
        raise ShapeError(f"implausible values: {exc.errors()[0]['msg']}") from exc


def parse_forecast5(payload: Any) -> Forecast:
    """3-hourly samples; the dew point, which this API lacks, comes from the Magnus formula."""
    samples = []
    try:
        for entry in _entries(payload, "list"):
            temperature = _required(entry, "main.temp")
            humidity = _required(entry, "main.humidity")
            samples.append(
                WeatherSample.centred(
                    _time(entry),
                    _THREE_HOURS,
                    temperature_c=temperature,
                    humidity_pct=humidity,
                    dew_point_c=magnus_dew_point_c(temperature, humidity),
                    cloud_total_pct=_required(entry, "clouds.all"),
                    visibility_km=_scaled(_optional(entry, "visibility"), 0.001),
                    precipitation_probability_pct=_scaled(_optional(entry, "pop"), 100.0),
                    wind_speed_ms=_optional(entry, "wind.speed"),
                )
            )
    except ValidationError as exc:
        raise ShapeError(f"implausible values: {exc.errors()[0]['msg']}") from exc
    return _forecast(samples)


def parse_onecall3(payload: Any) -> Forecast:
    """Hourly samples for 48 h, then daily ones (night temperature) for the days after.

    A day's values stand for that whole day, trimmed so they start where the hourly data end.
    """
    samples = []
    try:
        for entry in _entries(payload, "hourly"):
            samples.append(
                WeatherSample.centred(
                    _time(entry),
                    _HOUR,
                    temperature_c=_required(entry, "temp"),
                    dew_point_c=_optional(entry, "dew_point"),
                    humidity_pct=_optional(entry, "humidity"),
                    cloud_total_pct=_required(entry, "clouds"),
                    visibility_km=_scaled(_optional(entry, "visibility"), 0.001),
                    precipitation_probability_pct=_scaled(_optional(entry, "pop"), 100.0),
                    wind_speed_ms=_optional(entry, "wind_speed"),
                )
            )
        hourly_end = samples[-1].valid_until
        for entry in _entries(payload, "daily"):
            time = _time(entry)
            day_from, day_until = max(time - _DAY / 2, hourly_end), time + _DAY / 2
            if day_until <= day_from:
                continue
            samples.append(
                WeatherSample(
                    time=time,
                    valid_from=day_from,
                    valid_until=day_until,
                    temperature_c=_required(entry, "temp.night"),
                    dew_point_c=_optional(entry, "dew_point"),
                    humidity_pct=_optional(entry, "humidity"),
                    cloud_total_pct=_required(entry, "clouds"),
                    precipitation_probability_pct=_scaled(_optional(entry, "pop"), 100.0),
                    wind_speed_ms=_optional(entry, "wind_speed"),
                )
            )
    except ValidationError as exc:
        raise ShapeError(f"implausible values: {exc.errors()[0]['msg']}") from exc
    return _forecast(samples)
