"""Samples, the Magnus dew point and the verdict rules: pure functions, no network."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from pydantic import ValidationError

from singularity.config import Settings
from singularity.planning.models import TimeWindow
from singularity.planning.weather import Forecast, WeatherSample, assess, magnus_dew_point_c
from tests.planning.weather_payloads import base_settings

HOUR = timedelta(hours=1)
NIGHT = datetime(2026, 12, 1, 21, tzinfo=UTC)
WINDOW = TimeWindow(start=NIGHT, end=NIGHT + 4 * HOUR, description="tonight")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The documented default thresholds, pinned so config.yaml edits cannot move them."""
    return with_thresholds(
        base_settings(tmp_path / "data"),
        cloud_good_pct=30.0,
        cloud_bad_pct=70.0,
        precipitation_bad_pct=50.0,
        visibility_bad_km=5.0,
    )


def hourly(clouds: list[float], start: datetime = NIGHT - HOUR, **values: float | None) -> Forecast:
    base = {
        "precipitation_probability_pct": 5.0,
        "visibility_km": 24.1,
        "temperature_c": 2.0,
        "dew_point_c": -3.0,
        "humidity_pct": 70.0,
        "wind_speed_ms": 2.0,
        "cloud_low_pct": 0.0,
        "cloud_mid_pct": 2.0,
        "cloud_high_pct": 10.0,
    }
    base.update(values)
    samples = [
        WeatherSample.centred(start + i * HOUR, HOUR, cloud_total_pct=c, **base)
        for i, c in enumerate(clouds)
    ]
    return Forecast(provider="Test", samples=tuple(samples))


def with_thresholds(settings: Settings, **weather: float) -> Settings:
    return settings.model_copy(update={"weather": settings.weather.model_copy(update=weather)})


@pytest.mark.parametrize(
    ("temperature", "humidity", "expected"),
    [(20.0, 50.0, 9.3), (25.0, 60.0, 16.7), (0.0, 80.0, -3.0), (10.0, 100.0, 10.0)],
)
def test_magnus_dew_point_matches_reference_values(
    temperature: float, humidity: float, expected: float
) -> None:
    assert magnus_dew_point_c(temperature, humidity) == pytest.approx(expected, abs=0.1)


def test_magnus_has_no_dew_point_for_dry_air() -> None:
    assert magnus_dew_point_c(10.0, 0.0) is None


def test_sample_times_become_utc_and_must_be_aware() -> None:
    vienna = datetime(2026, 12, 1, 22, tzinfo=ZoneInfo("Europe/Vienna"))
    sample = WeatherSample.centred(vienna, HOUR, cloud_total_pct=10)
    assert sample.time == datetime(2026, 12, 1, 21, tzinfo=UTC)
    assert sample.time.tzinfo is UTC
    assert sample.valid_from == datetime(2026, 12, 1, 20, 30, tzinfo=UTC)
    with pytest.raises(ValidationError, match="timezone-aware"):
        WeatherSample.centred(datetime(2026, 12, 1, 22), HOUR, cloud_total_pct=10)


def test_forecast_rejects_overlapping_samples() -> None:
    a = WeatherSample.centred(NIGHT, 3 * HOUR, cloud_total_pct=10)
    b = WeatherSample.centred(NIGHT + HOUR, 3 * HOUR, cloud_total_pct=10)
    with pytest.raises(ValidationError, match="must not overlap"):
        Forecast(provider="Test", samples=(a, b))
    forecast = Forecast(provider="Test", samples=(a,))
    assert (forecast.covers_from, forecast.covers_until) == (NIGHT - 1.5 * HOUR, NIGHT + 1.5 * HOUR)


def test_clear_night_is_good_with_the_numbers_in_the_sentence(settings: Settings) -> None:
    # samples 20:00..02:00; the window 21:00-01:00 takes half of 21:00 and 01:00 (spans ±30 min)
    result = assess(hourly([50, 4, 10, 25, 10, 4, 90]), WINDOW, settings=settings)
    assert result.verdict == "good" and result.weather_ok
    assert result.numbers.cloud_mean_pct == pytest.approx(12.2, abs=0.05)
    assert result.numbers.cloud_max_pct == 25
    assert result.summary == (
        "Mostly clear: cloud cover 12 % on average (max 25 %), rain chance 5 %, visibility ≥ 24 km."
    )
    assert [s.time.hour for s in result.samples] == [21, 22, 23, 0, 1]
    assert result.covered == WINDOW.duration
    assert result.numbers.cloud_high_mean_pct == 10 and result.numbers.cloud_low_mean_pct == 0


def test_partly_cloudy_night_is_marginal(settings: Settings) -> None:
    result = assess(hourly([45] * 7), WINDOW, settings=settings)
    assert result.verdict == "marginal" and result.weather_ok
    assert result.summary.startswith("Partly cloudy: cloud cover 45 % on average (max 45 %)")


def test_overcast_spell_in_a_clear_night_is_marginal(settings: Settings) -> None:
    result = assess(hourly([0, 0, 0, 80, 0, 0, 0]), WINDOW, settings=settings)
    assert result.numbers.cloud_mean_pct == 20
    assert result.verdict == "marginal"
    assert result.summary.startswith("Mostly clear with cloudy spells")


@pytest.mark.parametrize(
    ("clouds", "values", "head"),
    [
        (90, {}, "Cloudy: cloud cover 90 %"),
        (20, {"precipitation_probability_pct": 60.0}, "Rain likely: cloud cover 20 %"),
        (20, {"visibility_km": 1.2}, "Poor visibility (fog or haze): cloud cover 20 %"),
        (90, {"precipitation_probability_pct": 80.0}, "Cloudy and rain likely:"),
    ],
)
def test_bad_nights_name_their_reason(
    settings: Settings, clouds: float, values: dict[str, float], head: str
) -> None:
    result = assess(hourly([clouds] * 7, **values), WINDOW, settings=settings)
    assert result.verdict == "bad" and not result.weather_ok
    assert result.summary.startswith(head)


def test_fog_is_reported_as_a_minimum_visibility(settings: Settings) -> None:
    result = assess(hourly([20] * 7, visibility_km=1.2), WINDOW, settings=settings)
    assert "visibility down to 1.2 km" in result.summary


def test_thresholds_come_from_settings(settings: Settings) -> None:
    forecast = hourly([45] * 7)
    assert assess(forecast, WINDOW, settings=settings).verdict == "marginal"
    strict = with_thresholds(settings, cloud_bad_pct=40.0)
    assert assess(forecast, WINDOW, settings=strict).verdict == "bad"
    lenient = with_thresholds(settings, cloud_good_pct=50.0)
    assert assess(forecast, WINDOW, settings=lenient).verdict == "good"


def test_three_hourly_samples_are_weighted_by_overlap(settings: Settings) -> None:
    samples = tuple(
        WeatherSample.centred(NIGHT + i * 3 * HOUR, 3 * HOUR, cloud_total_pct=c)
        for i, c in enumerate([0, 90, 90])
    )
    forecast = Forecast(provider="Test", samples=samples)
    # 22:00-23:00 UTC: 30 min of the 21:00 sample (to 22:30), 30 min of the 00:00 one
    window = TimeWindow(start=NIGHT + HOUR, end=NIGHT + 2 * HOUR)
    result = assess(forecast, window, settings=settings)
    assert result.numbers.cloud_mean_pct == 45 and result.numbers.cloud_max_pct == 90
    # a short window meets only its nearest sample
    short = TimeWindow(start=NIGHT + HOUR, end=NIGHT + 1.25 * HOUR)
    assert assess(forecast, short, settings=settings).numbers.cloud_max_pct == 0
    # a window matching one sample's span takes only that sample, not the ones it touches
    exact = TimeWindow(start=NIGHT + 1.5 * HOUR, end=NIGHT + 4.5 * HOUR)
    assert [s.time for s in assess(forecast, exact, settings=settings).samples] == [
        NIGHT + 3 * HOUR
    ]


def test_missing_layers_and_nulls_stay_unknown(settings: Settings) -> None:
    forecast = hourly(
        [10] * 7,
        cloud_low_pct=None,
        cloud_mid_pct=None,
        cloud_high_pct=None,
        precipitation_probability_pct=None,
        visibility_km=None,
    )
    result = assess(forecast, WINDOW, settings=settings)
    numbers = result.numbers
    assert numbers.cloud_low_mean_pct is None and numbers.cloud_high_mean_pct is None
    assert numbers.precipitation_max_pct is None and numbers.visibility_min_km is None
    assert result.summary == "Mostly clear: cloud cover 10 % on average (max 10 %)."


def test_dew_risk_when_the_air_is_near_its_dew_point(settings: Settings) -> None:
    damp = assess(hourly([10] * 7, temperature_c=1.0, dew_point_c=-0.5), WINDOW, settings=settings)
    assert damp.numbers.dew_spread_min_c == 1.5 and damp.numbers.dew_risk
    assert "dew likely on optics (air within 1.5 °C of its dew point)" in damp.summary
    assert damp.verdict == "good"
    dry = assess(hourly([10] * 7), WINDOW, settings=settings)
    assert dry.numbers.dew_spread_min_c == 5 and not dry.numbers.dew_risk
    assert "dew" not in dry.summary


def test_the_summary_speaks_the_users_units(settings: Settings) -> None:
    imperial = settings.model_copy(update={"conversation": settings.conversation.model_copy(
        update={"units": "imperial"})})
    foggy = assess(hourly([20] * 7, visibility_km=1.2), WINDOW, settings=imperial)
    assert "visibility down to 0.7 mi" in foggy.summary
    damp = assess(hourly([10] * 7, temperature_c=1.0, dew_point_c=-0.5), WINDOW, settings=imperial)
    assert "air within 2.7 °F of its dew point" in damp.summary  # a difference: 1.5 × 1.8, no offset
    assert damp.numbers.dew_spread_min_c == 1.5  # the numbers stay metric


def test_a_window_outside_the_forecast_has_no_verdict(settings: Settings) -> None:
    late = TimeWindow(start=NIGHT + 24 * HOUR, end=NIGHT + 26 * HOUR)
    with pytest.raises(ValueError, match="does not reach"):
        assess(hourly([10] * 7), late, settings=settings)


def test_the_sentence_is_said_in_german_with_german_numbers(settings: Settings) -> None:
    foggy = assess(hourly([95] * 7, visibility_km=1.2, temperature_c=1.0, dew_point_c=-0.5),
                   WINDOW, settings=settings)
    german = foggy.said.render("de")
    assert german.startswith("Bewölkt und schlechte Sicht (Nebel oder Dunst): Bewölkung im Mittel 95 %")
    assert "Sicht bis hinab zu 1,2 km" in german
    assert "bis auf 1,5 °C an ihrem Taupunkt" in german
    assert foggy.summary == foggy.said.render("en")
    assert foggy.summary.startswith("Cloudy and poor visibility (fog or haze): cloud cover 95 % on average")
