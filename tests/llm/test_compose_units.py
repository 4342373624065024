"""The pilot's weather line shows the visibility in the unit the weather tool chose."""

from __future__ import annotations

from singularity.llm.pilot.compose import compose_weather_answer
from singularity.units import distance


def _result(units: str) -> dict:
    return {"status": "ok", "data": {
        "verdict": "good", "summary": "Mostly clear", "place": "Kreuzlingen", "window": "heute 22:00",
        "numbers": {"verdict": "good", "cloud_mean_pct": 12, "visibility_min": distance(24.1, units).as_json()}}}


def test_the_german_weather_line_in_either_unit() -> None:
    assert compose_weather_answer(_result("metric"), "de").endswith(
        "Bewölkung im Mittel 12 %, Sicht mindestens 24 km.")
    assert compose_weather_answer(_result("imperial"), "de").endswith("Sicht mindestens 15 mi.")
