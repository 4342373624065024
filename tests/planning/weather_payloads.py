"""Realistic Open-Meteo and OpenWeatherMap payloads for the weather tests.

Shapes follow the providers' documented answers (open-meteo.com/en/docs,
openweathermap.org/forecast5, openweathermap.org/api/one-call-3); values are per time step,
given as a constant or as a function of the step's UTC time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from singularity.config import Settings, load_settings

Value = Any | Callable[[datetime], Any]

OPEN_METEO_400 = {
    "error": True,
    "reason": "Latitude must be in range of -90 to 90°. Given: 95.0.",
}
OWM_401 = {
    "cod": 401,
    "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.",
}
OWM_429 = {
    "cod": 429,
    "message": "Your account is temporary blocked due to exceeding of requests limitation of "
    "your subscription type. Please choose the proper subscription https://openweathermap.org/price",
}
OWM_500 = {"cod": 500, "message": "Internal error"}
GARBAGE = "<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>"

OPEN_METEO_UNITS = {
    "time": "iso8601",
    "temperature_2m": "°C",
    "relative_humidity_2m": "%",
    "dew_point_2m": "°C",
    "precipitation_probability": "%",
    "cloud_cover": "%",
    "cloud_cover_low": "%",
    "cloud_cover_mid": "%",
    "cloud_cover_high": "%",
    "visibility": "m",
    "wind_speed_10m": "m/s",
}
CLEAR_HOUR = {
    "temperature_2m": 2.0,
    "relative_humidity_2m": 70,
    "dew_point_2m": -2.8,
    "precipitation_probability": 5,
    "cloud_cover": 12,
    "cloud_cover_low": 0,
    "cloud_cover_mid": 4,
    "cloud_cover_high": 10,
    "visibility": 24140.0,
    "wind_speed_10m": 2.3,
}


def _at(value: Value, moment: datetime) -> Any:
    return value(moment) if callable(value) else value


def by_hour(values: dict[int, Any], default: Any) -> Callable[[datetime], Any]:
    """A value per UTC hour of day, ``default`` for the other hours."""
    return lambda moment: values.get(moment.hour, default)


def open_meteo_payload(
    start: datetime, hours: int, *, omit: Iterable[str] = (), **values: Value
) -> dict[str, Any]:
    """``GET /v1/forecast?...&timezone=UTC`` answer: ``hourly`` arrays from ``start`` (UTC)."""
    variables = {**CLEAR_HOUR, **values}
    for name in omit:
        variables.pop(name)
    times = [start + timedelta(hours=i) for i in range(hours)]
    hourly: dict[str, list[Any]] = {"time": [t.strftime("%Y-%m-%dT%H:%M") for t in times]}
    for name, value in variables.items():
        hourly[name] = [_at(value, t) for t in times]
    return {
        "latitude": 48.2,
        "longitude": 16.38,
        "generationtime_ms": 0.0934600830078125,
        "utc_offset_seconds": 0,
        "timezone": "GMT",
        "timezone_abbreviation": "GMT",
        "elevation": 171.0,
        "hourly_units": {k: v for k, v in OPEN_METEO_UNITS.items() if k == "time" or k in hourly},
        "hourly": hourly,
    }


def owm_forecast5_payload(
    start: datetime,
    *,
    count: int = 40,
    clouds: Value = 8,
    pop: Value = 0.05,
    visibility: Value = 10000,
    temp: Value = 2.0,
    humidity: Value = 70,
    wind: Value = 2.1,
) -> dict[str, Any]:
    """``GET /data/2.5/forecast?units=metric`` answer: 3-hourly entries from ``start``."""
    entries = []
    for i in range(count):
        moment = start + timedelta(hours=3 * i)
        t = _at(temp, moment)
        entry: dict[str, Any] = {
            "dt": int(moment.timestamp()),
            "main": {
                "temp": t,
                "feels_like": t - 1.5,
                "temp_min": t - 0.4,
                "temp_max": t,
                "pressure": 1021,
                "sea_level": 1021,
                "grnd_level": 1001,
                "humidity": _at(humidity, moment),
                "temp_kf": 0.4,
            },
            "weather": [{"id": 800, "main": "Clear", "description": "clear sky", "icon": "01n"}],
            "clouds": {"all": _at(clouds, moment)},
            "wind": {"speed": _at(wind, moment), "deg": 282, "gust": 4.1},
            "pop": _at(pop, moment),
            "sys": {"pod": "n"},
            "dt_txt": moment.strftime("%Y-%m-%d %H:%M:%S"),
        }
        if (vis := _at(visibility, moment)) is not None:
            entry["visibility"] = vis
        entries.append(entry)
    return {
        "cod": "200",
        "message": 0,
        "cnt": count,
        "list": entries,
        "city": {
            "id": 2761369,
            "name": "Vienna",
            "coord": {"lat": 48.2082, "lon": 16.3738},
            "country": "AT",
            "population": 1691468,
            "timezone": 3600,
            "sunrise": 1796280000,
            "sunset": 1796311000,
        },
    }


def owm_onecall3_payload(
    now: datetime,
    *,
    clouds: Value = 10,
    daily_clouds: Value = 20,
    pop: Value = 0.0,
    temp: Value = 2.0,
    dew_point: Value = -3.0,
    local_noon_utc_hour: int = 11,
) -> dict[str, Any]:
    """``GET /data/3.0/onecall?exclude=minutely,alerts&units=metric``: 48 hours, 8 days."""
    first_hour = now.replace(minute=0, second=0, microsecond=0)
    hourly = []
    for i in range(48):
        moment = first_hour + timedelta(hours=i)
        hourly.append(
            {
                "dt": int(moment.timestamp()),
                "temp": _at(temp, moment),
                "feels_like": _at(temp, moment) - 1.2,
                "pressure": 1019,
                "humidity": 72,
                "dew_point": _at(dew_point, moment),
                "uvi": 0,
                "clouds": _at(clouds, moment),
                "visibility": 10000,
                "wind_speed": 1.9,
                "wind_deg": 250,
                "wind_gust": 3.4,
                "weather": [
                    {"id": 800, "main": "Clear", "description": "clear sky", "icon": "01n"}
                ],
                "pop": _at(pop, moment),
            }
        )
    daily = []
    today_noon = datetime(now.year, now.month, now.day, local_noon_utc_hour, tzinfo=UTC)
    for i in range(8):
        moment = today_noon + timedelta(days=i)
        daily.append(
            {
                "dt": int(moment.timestamp()),
                "sunrise": int(moment.timestamp()) - 16000,
                "sunset": int(moment.timestamp()) + 14000,
                "summary": "Expect a day of partly cloudy with clear spells",
                "temp": {
                    "day": 5.1,
                    "min": -0.5,
                    "max": 6.0,
                    "night": 0.4,
                    "eve": 2.2,
                    "morn": 0.1,
                },
                "feels_like": {"day": 3.0, "night": -2.1, "eve": 0.3, "morn": -1.8},
                "pressure": 1020,
                "humidity": 80,
                "dew_point": -1.9,
                "wind_speed": 3.2,
                "wind_deg": 270,
                "wind_gust": 7.5,
                "weather": [
                    {"id": 802, "main": "Clouds", "description": "scattered clouds", "icon": "03d"}
                ],
                "clouds": _at(daily_clouds, moment),
                "pop": 0.1,
                "uvi": 0.8,
            }
        )
    return {
        "lat": 48.2082,
        "lon": 16.3738,
        "timezone": "Europe/Vienna",
        "timezone_offset": 3600,
        "current": {"dt": int(now.timestamp()), "temp": 3.0, "clouds": 10, "visibility": 10000},
        "hourly": hourly,
        "daily": daily,
    }


def base_settings(data_dir: Path) -> Settings:
    """Project config with a private data directory (weather needs no gazetteer index)."""
    return load_settings(
        config_path=Path(__file__).resolve().parents[2] / "config.yaml",
        environ={"SINGULARITY__PATHS__DATA_DIR": str(data_dir)},
    )


def weather_settings(settings: Settings, url: str, **weather: Any) -> Settings:
    """``settings`` with both providers pointed at ``url`` and other weather overrides."""
    section = settings.weather.model_copy(
        update={"open_meteo_url": url, "openweathermap_url": url, "timeout_s": 2.0, **weather}
    )
    return settings.model_copy(update={"weather": section})
