"""Provider-neutral weather samples, so the verdict never depends on whose API answered.

Every sample states the span of time its values stand for (``valid_from``–``valid_until``):
an hourly value covers half an hour either side of its time, a 3-hourly value 1.5 h, a daily
value its whole day. Coverage of an observing window and the weighting of means both follow
from these spans, which is how hourly, 3-hourly and daily data are treated alike.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

# Magnus coefficients over water (Sonntag 1990, as recommended by the WMO).
_MAGNUS_A = 17.62
_MAGNUS_B = 243.12


def _utc(value: datetime) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError("weather times must be timezone-aware")
    return value.astimezone(UTC)


class WeatherSample(BaseModel):
    """One forecast value set; ``None`` wherever the provider gives no number."""

    model_config = ConfigDict(frozen=True)

    time: datetime
    valid_from: datetime
    valid_until: datetime
    cloud_total_pct: float | None = Field(None, ge=0, le=100)
    cloud_low_pct: float | None = Field(None, ge=0, le=100)
    cloud_mid_pct: float | None = Field(None, ge=0, le=100)
    cloud_high_pct: float | None = Field(None, ge=0, le=100)
    visibility_km: float | None = Field(None, ge=0)
    precipitation_probability_pct: float | None = Field(None, ge=0, le=100)
    dew_point_c: float | None = None
    temperature_c: float | None = None
    humidity_pct: float | None = Field(None, ge=0, le=100)
    wind_speed_ms: float | None = Field(None, ge=0)

    _aware_utc = field_validator("time", "valid_from", "valid_until")(_utc)

    @model_validator(mode="after")
    def _span_not_empty(self) -> WeatherSample:
        if self.valid_until <= self.valid_from:
            raise ValueError("a sample must stand for a non-empty span of time")
        return self

    @classmethod
    def centred(cls, time: datetime, span: timedelta, **values: float | None) -> WeatherSample:
        """A sample whose values stand for ``span`` centred on ``time`` (point forecasts)."""
        return cls(time=time, valid_from=time - span / 2, valid_until=time + span / 2, **values)

    @property
    def dew_spread_c(self) -> float | None:
        """Temperature minus dew point: below ~2.5 °C, optics dew up."""
        if self.temperature_c is None or self.dew_point_c is None:
            return None
        return self.temperature_c - self.dew_point_c


class Forecast(BaseModel):
    """A provider's forecast as time-ordered samples whose spans do not overlap."""

    model_config = ConfigDict(frozen=True)

    provider: str
    samples: tuple[WeatherSample, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ordered(self) -> Forecast:
        for before, after in zip(self.samples, self.samples[1:], strict=False):
            if after.valid_from < before.valid_until:
                raise ValueError("forecast samples must be time-ordered and must not overlap")
        return self

    @property
    def covers_from(self) -> datetime:
        return self.samples[0].valid_from

    @property
    def covers_until(self) -> datetime:
        return self.samples[-1].valid_until

    def overlapping(self, start: datetime, end: datetime) -> list[tuple[WeatherSample, timedelta]]:
        """Samples whose span meets ``[start, end)``, each with the length of the overlap."""
        found = []
        for sample in self.samples:
            overlap = min(sample.valid_until, end) - max(sample.valid_from, start)
            if overlap > timedelta(0):
                found.append((sample, overlap))
        return found


def magnus_dew_point_c(temperature_c: float, humidity_pct: float) -> float | None:
    """Dew point from temperature and relative humidity (Magnus formula, ±0.35 °C).

    Needed because OpenWeatherMap's free 5-day forecast gives no dew point.
    """
    if humidity_pct <= 0:
        return None
    gamma = math.log(min(humidity_pct, 100.0) / 100.0) + _MAGNUS_A * temperature_c / (
        _MAGNUS_B + temperature_c
    )
    return _MAGNUS_B * gamma / (_MAGNUS_A - gamma)
