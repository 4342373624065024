"""Quantities as a person reads them: metric or imperial, converted in one place.

Everything is computed and stored in metric (°C, m/s, mm, m, km); a value becomes the user's
unit only where a sentence shows it. A :class:`Quantity` keeps the number and the unit symbol
apart, so the number can be written in the conversation's own style (decimal comma or point)
by the catalogue's number formatting; ``str()`` writes it with a point.

Conversion factors are exact by definition (NIST SP 811, appendix B): 1 in = 25.4 mm,
1 ft = 0.3048 m, 1 mi = 1.609344 km; °F = °C × 9/5 + 32, and a temperature *difference* of
1 °C is 1.8 °F (no offset).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from singularity.catalogue import Language, number

UnitSystem = Literal["metric", "imperial"]
UNIT_SYSTEMS: tuple[UnitSystem, ...] = ("metric", "imperial")

MM_PER_INCH = 25.4
M_PER_FOOT = 0.3048
KM_PER_MILE = 1.609344
KMH_PER_MS = 3.6


@dataclass(frozen=True)
class Quantity:
    """A value rounded to ``decimals`` places and its unit symbol."""

    value: float
    unit: str
    decimals: int = 0

    def __str__(self) -> str:
        return f"{self.value:.{self.decimals}f} {self.unit}"

    def said(self, language: Language) -> str:
        """The quantity with the number written the language's way ("2,5 mi")."""
        return f"{number(self.value, language, f'.{self.decimals}f')} {self.unit}"

    def as_json(self) -> dict[str, Any]:
        """The form a tool result carries (the pilot composes its sentences from it)."""
        return {"value": self.value, "unit": self.unit} | ({"decimals": self.decimals} if self.decimals else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Quantity:
        return cls(float(data["value"]), str(data["unit"]), int(data.get("decimals", 0)))


def _quantity(value: float, unit: str, decimals: int) -> Quantity:
    return Quantity(round(value, decimals) + 0.0, unit, decimals)  # + 0.0: no "-0"


def temperature(celsius: float, units: UnitSystem) -> Quantity:
    """An air temperature, to whole degrees."""
    if units == "imperial":
        return _quantity(celsius * 9 / 5 + 32, "°F", 0)
    return _quantity(celsius, "°C", 0)


def temperature_difference(celsius: float, units: UnitSystem) -> Quantity:
    """A difference of temperatures (e.g. air minus dew point), to a tenth."""
    if units == "imperial":
        return _quantity(celsius * 9 / 5, "°F", 1)
    return _quantity(celsius, "°C", 1)


def wind_speed(m_per_s: float, units: UnitSystem) -> Quantity:
    """A wind speed, to whole km/h or mph."""
    km_h = m_per_s * KMH_PER_MS
    if units == "imperial":
        return _quantity(km_h / KM_PER_MILE, "mph", 0)
    return _quantity(km_h, "km/h", 0)


def distance(km: float, units: UnitSystem) -> Quantity:
    """A distance (e.g. visibility): whole units from 10 on, tenths below."""
    value, unit = (km / KM_PER_MILE, "mi") if units == "imperial" else (km, "km")
    return _quantity(value, unit, 0 if value >= 10 else 1)


def elevation(m: float, units: UnitSystem) -> Quantity:
    """A height above sea level, to whole metres or feet."""
    if units == "imperial":
        return _quantity(m / M_PER_FOOT, "ft", 0)
    return _quantity(m, "m", 0)


def optical_length(mm: float, units: UnitSystem) -> Quantity:
    """An aperture or a focal length: whole millimetres, or inches to a tenth."""
    if units == "imperial":
        return _quantity(mm / MM_PER_INCH, "in", 1)
    return _quantity(mm, "mm", 0)
