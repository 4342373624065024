"""Which weather service answers, how far ahead it reaches, and how to call it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta

import httpx

from singularity.catalogue import Message, msg
from singularity.config import Settings
from singularity.errors import ConfigError
from singularity.planning.weather import open_meteo, openweathermap
from singularity.planning.weather.samples import Forecast


@dataclass(frozen=True)
class Provider:
    """A configured weather service; ``api_key`` is only set for OpenWeatherMap."""

    name: str
    label: Message
    """Name of the product in messages, e.g. "OpenWeatherMap 5-day forecasts"."""
    reach_days: int
    from_midnight: bool
    """Day-based ranges start at today's UTC midnight; the 5-day forecast starts now."""
    source_url: str
    api_key: str | None = field(default=None, repr=False)
    mode: openweathermap.Mode | None = None

    def horizon(self, now: datetime) -> datetime:
        """The latest time this provider's forecast can reach, asked at ``now``."""
        start = now.astimezone(UTC)
        if self.from_midnight:
            start = datetime.combine(start.date(), time(0), tzinfo=UTC)
        return start + timedelta(days=self.reach_days)

    def reach_text(self, now: datetime) -> str:
        horizon = self.horizon(now)
        if self.from_midnight:
            return f"{(horizon - timedelta(seconds=1)).date().isoformat()}"
        return f"{horizon:%Y-%m-%d %H:%M} UTC"

    def fetch(
        self, lat: float, lon: float, *, settings: Settings, client: httpx.Client | None
    ) -> Forecast:
        """The forecast for a place; raises ServiceError on any failure."""
        if self.api_key is None or self.mode is None:
            return open_meteo.fetch_forecast(lat, lon, settings=settings, client=client)
        return openweathermap.fetch_forecast(
            lat, lon, settings=settings, api_key=self.api_key, mode=self.mode, client=client
        )


def choose_provider(*, settings: Settings) -> Provider:
    """The service ``settings.weather.provider`` names; ``auto`` prefers OWM when keyed.

    Raises ConfigError when OpenWeatherMap is asked for without its key.
    """
    choice = settings.weather.provider
    key = Settings.secret(openweathermap.KEY_VARIABLE)
    if choice == "openweathermap" and key is None:
        raise ConfigError(msg("weather.key_missing", variable=openweathermap.KEY_VARIABLE))
    if choice == "open_meteo" or key is None:
        return Provider(
            name=open_meteo.PROVIDER,
            label=msg("weather.open_meteo_forecasts"),
            reach_days=open_meteo.FORECAST_DAYS,
            from_midnight=True,
            source_url="https://open-meteo.com/",
        )
    mode = settings.weather.openweathermap_mode
    onecall = mode == "onecall3"
    return Provider(
        name=openweathermap.PROVIDER,
        label=msg("weather.owm_onecall_forecasts" if onecall else "weather.owm_5day_forecasts"),
        reach_days=openweathermap.ONECALL3_DAYS if onecall else openweathermap.FORECAST5_DAYS,
        from_midnight=onecall,
        source_url="https://openweathermap.org/",
        api_key=key,
        mode=mode,
    )
