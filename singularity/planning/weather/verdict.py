"""Is the sky good enough for the window? Numbers, a verdict and a sentence, all from code.

Rules, with the thresholds of ``settings.weather``:

* **bad** when the mean cloud cover is at least ``cloud_bad_pct``, or the highest chance of
  precipitation is at least ``precipitation_bad_pct``, or the visibility drops below
  ``visibility_bad_km`` (fog or haze);
* **good** when none of that holds, the mean cloud cover is at most ``cloud_good_pct`` and no
  sample reaches ``cloud_bad_pct`` (no overcast spell);
* **marginal** otherwise.

Dew does not change the verdict (a dew heater fixes it) but is reported: optics dew up when the
air is within ``DEW_RISK_SPREAD_C`` of its dew point. Means are weighted by how long each
sample overlaps the window, so a 3-hourly value that only touches the window counts less.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Literal

from pydantic import BaseModel, ConfigDict

from singularity.catalogue import Message, chained, in_languages, listing, msg
from singularity.config import Settings
from singularity.planning.models import TimeWindow
from singularity.planning.weather.samples import Forecast, WeatherSample
from singularity.units import distance, temperature_difference

DEW_RISK_SPREAD_C = 2.5
"""Temperature minus dew point below which dew on optics is likely (2–3 °C in practice)."""

Verdict = Literal["good", "marginal", "bad"]


class WeatherNumbers(BaseModel):
    model_config = ConfigDict(frozen=True)

    cloud_mean_pct: float
    cloud_max_pct: float
    cloud_low_mean_pct: float | None
    cloud_mid_mean_pct: float | None
    cloud_high_mean_pct: float | None
    precipitation_max_pct: float | None
    visibility_min_km: float | None
    dew_spread_min_c: float | None
    dew_risk: bool
    temperature_min_c: float | None
    humidity_max_pct: float | None
    wind_max_ms: float | None


class WeatherVerdict(BaseModel):
    model_config = ConfigDict(frozen=True)

    verdict: Verdict
    said: Message
    """The verdict and its numbers as a sentence for a person, in either language."""
    numbers: WeatherNumbers
    samples: tuple[WeatherSample, ...]
    """The samples that overlap the window, in time order."""
    covered_from: datetime
    covered_until: datetime
    covered: timedelta
    """How much of the window the samples cover (less than its duration at a forecast's edge)."""

    @property
    def weather_ok(self) -> bool:
        return self.verdict != "bad"

    @property
    def summary(self) -> str:
        """The sentence in English, as the tool's data gives it to a model."""
        return self.said.render("en")


Overlaps = list[tuple[WeatherSample, timedelta]]


def _weighted_mean(
    overlaps: Overlaps, value: Callable[[WeatherSample], float | None]
) -> float | None:
    pairs = [(v, w.total_seconds()) for s, w in overlaps if (v := value(s)) is not None]
    total = sum(weight for _, weight in pairs)
    return sum(v * weight for v, weight in pairs) / total if total else None


def _extreme(
    overlaps: Overlaps, value: Callable[[WeatherSample], float | None], pick: Callable[..., float]
) -> float | None:
    values = [v for s, _ in overlaps if (v := value(s)) is not None]
    return pick(values) if values else None


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def _numbers(overlaps: Overlaps) -> WeatherNumbers:
    spread = _extreme(overlaps, lambda s: s.dew_spread_c, min)
    mean = _weighted_mean(overlaps, lambda s: s.cloud_total_pct)
    top = _extreme(overlaps, lambda s: s.cloud_total_pct, max)
    if mean is None or top is None:
        raise ValueError("the samples in the window have no cloud cover")
    return WeatherNumbers(
        cloud_mean_pct=round(mean, 1),
        cloud_max_pct=round(top, 1),
        cloud_low_mean_pct=_rounded(_weighted_mean(overlaps, lambda s: s.cloud_low_pct)),
        cloud_mid_mean_pct=_rounded(_weighted_mean(overlaps, lambda s: s.cloud_mid_pct)),
        cloud_high_mean_pct=_rounded(_weighted_mean(overlaps, lambda s: s.cloud_high_pct)),
        precipitation_max_pct=_rounded(
            _extreme(overlaps, lambda s: s.precipitation_probability_pct, max)
        ),
        visibility_min_km=_rounded(_extreme(overlaps, lambda s: s.visibility_km, min)),
        dew_spread_min_c=_rounded(spread),
        dew_risk=spread is not None and spread < DEW_RISK_SPREAD_C,
        temperature_min_c=_rounded(_extreme(overlaps, lambda s: s.temperature_c, min)),
        humidity_max_pct=_rounded(_extreme(overlaps, lambda s: s.humidity_pct, max)),
        wind_max_ms=_rounded(_extreme(overlaps, lambda s: s.wind_speed_ms, max)),
    )


def _bad_reasons(numbers: WeatherNumbers, settings: Settings) -> list[Message]:
    limits = settings.weather
    reasons = []
    if numbers.cloud_mean_pct >= limits.cloud_bad_pct:
        reasons.append(msg("weather.head_cloudy"))
    if (numbers.precipitation_max_pct or 0) >= limits.precipitation_bad_pct:
        reasons.append(msg("weather.head_rain"))
    visibility = numbers.visibility_min_km
    if visibility is not None and visibility < limits.visibility_bad_km:
        reasons.append(msg("weather.head_poor_visibility"))
    return reasons


def _said(head: Message, numbers: WeatherNumbers, settings: Settings) -> Message:
    parts = [msg("weather.part_cloud", mean=round(numbers.cloud_mean_pct), top=round(numbers.cloud_max_pct))]
    if numbers.precipitation_max_pct is not None:
        parts.append(msg("weather.part_rain", percent=round(numbers.precipitation_max_pct)))
    units = settings.conversation.units
    if numbers.visibility_min_km is not None:
        seen = distance(numbers.visibility_min_km, units)
        low = numbers.visibility_min_km < settings.weather.visibility_bad_km
        parts.append(msg("weather.part_visibility_down_to" if low else "weather.part_visibility_at_least",
                         distance=in_languages({"de": seen.said("de"), "en": seen.said("en")})))
    if numbers.dew_risk and numbers.dew_spread_min_c is not None:
        spread = temperature_difference(max(numbers.dew_spread_min_c, 0.0), units)
        parts.append(msg("weather.part_dew", spread=in_languages({"de": spread.said("de"), "en": spread.said("en")})))
    return msg("weather.summary", head=head, parts=chained(parts, "common.series"))


def assess(forecast: Forecast, window: TimeWindow, *, settings: Settings) -> WeatherVerdict:
    """Verdict for the samples overlapping ``window``; ValueError when none does.

    With 3-hourly data a short window still meets the nearest sample, because each sample
    stands for the span around its time.
    """
    overlaps = forecast.overlapping(window.start, window.end)
    if not overlaps:
        raise ValueError("the forecast does not reach the window")
    numbers = _numbers(overlaps)
    limits = settings.weather
    reasons = _bad_reasons(numbers, settings)
    verdict: Verdict
    if reasons:
        verdict, head = "bad", listing(reasons)
    elif numbers.cloud_mean_pct > limits.cloud_good_pct:
        verdict, head = "marginal", msg("weather.head_partly_cloudy")
    elif numbers.cloud_max_pct >= limits.cloud_bad_pct:
        verdict, head = "marginal", msg("weather.head_cloudy_spells")
    else:
        verdict, head = "good", msg("weather.head_mostly_clear")
    first, last = overlaps[0][0], overlaps[-1][0]
    return WeatherVerdict(
        verdict=verdict,
        said=_said(head, numbers, settings),
        numbers=numbers,
        samples=tuple(sample for sample, _ in overlaps),
        covered_from=max(first.valid_from, window.start),
        covered_until=min(last.valid_until, window.end),
        covered=sum((overlap for _, overlap in overlaps), timedelta(0)),
    )
