"""Conversions to the units a person reads, against values exact by definition."""

from __future__ import annotations

import pytest

from singularity.units import (
    Quantity,
    distance,
    elevation,
    optical_length,
    temperature,
    temperature_difference,
    wind_speed,
)


@pytest.mark.parametrize(("convert", "metric", "value", "expected_metric", "expected_imperial"), [
    (temperature, 0.0, 0.0, "0 °C", "32 °F"),
    (temperature, -40.0, -40.0, "-40 °C", "-40 °F"),
    (temperature, 21.4, 21.4, "21 °C", "71 °F"),
    (temperature_difference, 2.5, 2.5, "2.5 °C", "4.5 °F"),
    (wind_speed, 10.0, 10.0, "36 km/h", "22 mph"),
    (distance, 1.609344, 1.609344, "1.6 km", "1.0 mi"),
    (distance, 24.1, 24.1, "24 km", "15 mi"),
    (elevation, 1000.0, 1000.0, "1000 m", "3281 ft"),
    (optical_length, 254.0, 254.0, "254 mm", "10.0 in"),
    (optical_length, 1200.0, 1200.0, "1200 mm", "47.2 in"),
])
def test_each_quantity_in_both_systems(convert, metric: float, value: float, expected_metric: str,
                                       expected_imperial: str) -> None:
    assert str(convert(value, "metric")) == expected_metric
    assert str(convert(value, "imperial")) == expected_imperial


def test_number_and_symbol_stay_apart_for_the_languages_number_style() -> None:
    shown = distance(3.0, "imperial")
    assert (shown.value, shown.unit, shown.decimals) == (1.9, "mi", 1)
    assert Quantity.from_json(shown.as_json()) == shown


def test_a_value_that_rounds_to_zero_has_no_sign() -> None:
    assert str(temperature(-0.2, "metric")) == "0 °C"
