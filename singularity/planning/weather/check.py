"""The weather tool: will the sky cooperate during the observing window?"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from singularity.catalogue import msg
from singularity.config import Settings
from singularity.errors import ConfigError, ServiceError
from singularity.planning.models import Location, TimeWindow
from singularity.planning.weather.providers import Provider, choose_provider
from singularity.planning.weather.samples import WeatherSample
from singularity.planning.weather.verdict import WeatherVerdict, assess
from singularity.results import ToolResult

CONFIRM_QUESTION = "Shall I compute the observing plan anyway?"
_SAMPLE_FIELDS = {
    "cloud_pct": "cloud_total_pct",
    "cloud_low_pct": "cloud_low_pct",
    "cloud_mid_pct": "cloud_mid_pct",
    "cloud_high_pct": "cloud_high_pct",
    "precipitation_pct": "precipitation_probability_pct",
    "visibility_km": "visibility_km",
    "temperature_c": "temperature_c",
    "dew_point_c": "dew_point_c",
    "humidity_pct": "humidity_pct",
    "wind_ms": "wind_speed_ms",
}


def _at(moment: datetime, tz: ZoneInfo) -> str:
    return f"{moment.astimezone(tz):%Y-%m-%d %H:%M %Z}"


def _span(start: datetime, end: datetime, tz: ZoneInfo) -> str:
    """``2026-12-05 22:00–02:00 CET`` for spans under a day, both dates otherwise."""
    start, end = start.astimezone(tz), end.astimezone(tz)
    if end - start < timedelta(days=1):
        return f"{start:%Y-%m-%d %H:%M}–{end:%H:%M %Z}"
    return f"{start:%Y-%m-%d %H:%M} – {end:%Y-%m-%d %H:%M %Z}"


def _compact(sample: WeatherSample) -> dict[str, Any]:
    row: dict[str, Any] = {"time": sample.time.strftime("%Y-%m-%dT%H:%MZ")}
    span_h = (sample.valid_until - sample.valid_from).total_seconds() / 3600
    if span_h != 1:
        row["span_h"] = round(span_h, 1)
    for key, attribute in _SAMPLE_FIELDS.items():
        value = getattr(sample, attribute)
        if value is not None:
            row[key] = round(value, 1)
    return row


def _data(
    provider: Provider, result: WeatherVerdict, window: TimeWindow, tz: ZoneInfo
) -> dict[str, Any]:
    bad = not result.weather_ok
    return {
        "provider": provider.name,
        "verdict": result.verdict,
        "weather_ok": result.weather_ok,
        "summary": f"{result.summary} {CONFIRM_QUESTION}" if bad else result.summary,
        "said": result.said.model_dump(),
        "numbers": result.numbers.model_dump(),
        "samples": [_compact(sample) for sample in result.samples],
        "needs_confirmation": bad,
        "window": _span(window.start, window.end, tz),
        "covered": {
            "from": result.covered_from.astimezone(tz).isoformat(),
            "until": result.covered_until.astimezone(tz).isoformat(),
            "hours": round(result.covered.total_seconds() / 3600, 2),
        },
    }


def check_weather(
    location: Location,
    window: TimeWindow,
    *,
    settings: Settings,
    now: datetime,
    client: httpx.Client | None = None,
) -> ToolResult:
    """Forecast verdict (good | marginal | bad) for ``window`` at ``location``.

    Refuses windows in the past or beyond the provider's reach without calling it; a bad
    verdict is still ``ok`` but asks for confirmation before planning.
    """
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    tz = location.tz
    if window.start.tzinfo is None or window.end.tzinfo is None:
        return ToolResult.refused(msg("weather.no_time_zone"))
    described = _span(window.start, window.end, tz)
    if window.end <= window.start:
        return ToolResult.refused(msg("weather.ends_before_start", window=described))
    if window.end <= now:
        return ToolResult.refused(msg("weather.window_over", window=described))
    try:
        provider = choose_provider(settings=settings)
    except ConfigError as exc:
        return ToolResult.failed(exc.message)
    if window.start >= provider.horizon(now):
        return ToolResult.refused(msg(
            "weather.beyond_reach", label=provider.label, days=provider.reach_days,
            until=provider.reach_text(now), window=described))
    ahead = window.model_copy(update={"start": max(window.start, now.astimezone(tz))})
    sources = [{"title": f"{provider.name} weather forecast", "url": provider.source_url}]
    try:
        forecast = provider.fetch(location.lat, location.lon, settings=settings, client=client)
    except ServiceError as exc:
        return ToolResult.failed(
            msg("weather.failed", service=exc.service, reason=exc.reason, advice=exc.advice)
            if exc.reason is not None and exc.advice is not None else exc.message,
            data={"detail": str(exc)}, model_data={})
    try:
        result = assess(forecast, ahead, settings=settings)
    except ValueError:
        covers = _span(forecast.covers_from, forecast.covers_until, tz)
        return ToolResult.partial(
            {"provider": provider.name, "forecast_covers": covers},
            msg("weather.misses_window", service=provider.name, covers=covers, window=described),
            sources=sources,
        )
    data = _data(provider, result, ahead, tz)
    if result.covered < ahead.duration:
        covered = _span(result.covered_from, result.covered_until, tz)
        return ToolResult.partial(
            data,
            msg("weather.covers_part", service=provider.name, covered=covered, window=described,
                verdict=result.verdict),
            sources=sources,
        )
    return ToolResult.success(data, sources=sources)
