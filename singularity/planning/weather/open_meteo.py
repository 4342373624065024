"""Open-Meteo hourly forecast (no key, 16 days): https://open-meteo.com/en/docs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import httpx
from pydantic import ValidationError

from singularity.catalogue import msg
from singularity.config import Settings
from singularity.http import Advice, Service, ShapeError, get_parsed
from singularity.planning.weather.samples import Forecast, WeatherSample

PROVIDER = "Open-Meteo"
FORECAST_DAYS = 16
HOURLY_VARIABLES = (
    "temperature_2m",
    "relative_humidity_2m",
    "dew_point_2m",
    "precipitation_probability",
    "cloud_cover",
    "cloud_cover_low",
    "cloud_cover_mid",
    "cloud_cover_high",
    "visibility",
    "wind_speed_10m",
)
_HOUR = timedelta(hours=1)
# sample field <- (Open-Meteo variable, factor to our unit)
_FIELDS = {
    "temperature_c": ("temperature_2m", 1.0),
    "humidity_pct": ("relative_humidity_2m", 1.0),
    "dew_point_c": ("dew_point_2m", 1.0),
    "precipitation_probability_pct": ("precipitation_probability", 1.0),
    "cloud_total_pct": ("cloud_cover", 1.0),
    "cloud_low_pct": ("cloud_cover_low", 1.0),
    "cloud_mid_pct": ("cloud_cover_mid", 1.0),
    "cloud_high_pct": ("cloud_cover_high", 1.0),
    "visibility_km": ("visibility", 0.001),
    "wind_speed_ms": ("wind_speed_10m", 1.0),
}


def fetch_forecast(
    lat: float, lon: float, *, settings: Settings, client: httpx.Client | None = None
) -> Forecast:
    """Hourly forecast for 16 days from today (UTC); raises ServiceError on any failure."""
    base = settings.weather.open_meteo_url.rstrip("/")
    params = {
        "latitude": f"{lat:.4f}",
        "longitude": f"{lon:.4f}",
        "hourly": ",".join(HOURLY_VARIABLES),
        "timezone": "UTC",
        "forecast_days": FORECAST_DAYS,
        "wind_speed_unit": "ms",
    }
    service = Service(PROVIDER, Advice.standard(base, request=msg("weather.check_coordinates")))
    return get_parsed(service, f"{base}/v1/forecast", parse_forecast, params=params,
                      timeout_s=settings.weather.timeout_s, client=client)


def _number(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ShapeError(f"hourly.{name} holds {value!r}")
    return float(value)


def parse_forecast(payload: Any) -> Forecast:
    """Samples from Open-Meteo's ``hourly`` arrays; hours without total cloud cover are dropped.

    Variables the chosen weather model lacks may be missing or null: they become ``None``.
    """
    if not isinstance(payload, dict) or not isinstance(payload.get("hourly"), dict):
        raise ShapeError("no 'hourly' object")
    hourly = payload["hourly"]
    times = hourly.get("time")
    if not isinstance(times, list) or "cloud_cover" not in hourly:
        raise ShapeError("no 'hourly.time' or 'hourly.cloud_cover' array")
    offset = payload.get("utc_offset_seconds", 0)
    if not isinstance(offset, int):
        raise ShapeError(f"utc_offset_seconds is {offset!r}")
    zone = timezone(timedelta(seconds=offset))
    columns: dict[str, list[Any]] = {}
    for field, (variable, _factor) in _FIELDS.items():
        column = hourly.get(variable)
        if column is None:
            column = [None] * len(times)
        if not isinstance(column, list) or len(column) != len(times):
            raise ShapeError(f"hourly.{variable} does not match hourly.time")
        columns[field] = column
    samples = []
    try:
        for i, stamp in enumerate(times):
            values = {}
            for field, (variable, factor) in _FIELDS.items():
                number = _number(columns[field][i], variable)
                values[field] = None if number is None else number * factor
            if values["cloud_total_pct"] is not None:
                samples.append(WeatherSample.centred(_utc_time(stamp, zone), _HOUR, **values))
        if not samples:
            raise ShapeError("no hour with a cloud-cover value")
        return Forecast(provider=PROVIDER, samples=tuple(samples))
    except ValidationError as exc:
        raise ShapeError(f"implausible values: {exc.errors()[0]['msg']}") from exc


def _utc_time(stamp: Any, zone: timezone) -> datetime:
    """Open-Meteo's local ISO time without offset ("2026-12-01T00:00") as aware UTC."""
    try:
        return datetime.fromisoformat(stamp).replace(tzinfo=zone).astimezone(UTC)
    except (TypeError, ValueError) as exc:
        raise ShapeError(f"hourly.time holds {stamp!r}") from exc
