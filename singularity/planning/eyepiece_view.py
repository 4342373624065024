"""What an object looks like in a given telescope and eyepiece: magnification, exit pupil, true
field, and whether the object fits the field (formulas in :mod:`optics`, sources in
docs/planning.md, "Eyepiece view").

The telescope's focal length comes from the message or the instrument's label ("150/750",
"f/5", "1200 mm Brennweite", a Celestron C8's 2032 mm); a telescope named without one gets the
focal ratio typical of its kind, and the answer says so. An object's size is its OpenNGC major
and minor axis, or for the Sun, the Moon and planets their largest apparent diameter.

Whether it fits (a framing convention of ours, not a published rule): an object up to half the
field's diameter sits with sky around it; up to the full diameter it fills the field; larger,
only part of it is seen.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from singularity.catalogue import Message, msg
from singularity.planning.equipment import instrument_said
from singularity.planning.eyepieces import Eyepiece
from singularity.planning.models import Equipment, EquipmentClass
from singularity.planning.optics import (
    EYE_PUPIL_MM,
    exit_pupil_mm,
    magnification,
    true_field_deg,
    useful_magnifications,
)
from singularity.units import UnitSystem, optical_length

Fit = Literal["fits", "fills", "too_big"]
FITS_WITH_SKY = 0.5

# Focal ratios of the common commercial instruments of each kind, used when none is given:
# Dobsonians and Newtonians f/4.7–f/6 (Sky-Watcher Skyliner 250P: 1200 mm, f/4.7), Schmidt-
# Cassegrains f/10 (Celestron C-series, Meade LX), Maksutovs about f/12 (Skymax 127: 1500 mm,
# f/11.8), refractors f/6.5–f/7.5 (ED doublets).
_TYPICAL_RATIO: tuple[tuple[re.Pattern[str], float, str], ...] = (
    (re.compile(r"dobson|newton|reflect|spiegel"), 5.0, "newtonian"),
    (re.compile(r"schmidt|sct|cassegrain"), 10.0, "sct"),
    (re.compile(r"maksutov|\bmak\b"), 12.0, "maksutov"),
    (re.compile(r"refra|linsen|\bapo\b|\bed\b"), 7.0, "refractor"),
)
_DEFAULT_RATIO = (7.0, "telescope")
_CELESTRON_FOCAL_MM = {"5": 1250.0, "6": 1500.0, "8": 2032.0, "9.25": 2350.0, "11": 2800.0,
                       "14": 3910.0}  # Celestron's published focal lengths (f/10; C14 f/11)
_CELESTRON = re.compile(r"\bc(5|6|8|9[.,]25|11|14)\b")
_APERTURE_FOCAL = re.compile(r"\b(\d{2,4})\s*/\s*(\d{3,5})(?!\d)")
_RATIO = re.compile(r"\bf\s*/\s*(\d{1,2}(?:[.,]\d{1,2})?)")
_FOCAL = re.compile(
    r"(\d{3,5})\s*-?\s*mm\s*(?:-?\s*)?(?:brennweite|focal(?:\s+length)?)"
    r"|(?:brennweite|focal\s+length)\s*(?:von|of|:)?\s*(\d{3,5})\s*-?\s*mm")

# Largest apparent diameters (arcminutes) of the bodies (NASA planetary fact sheets; the Moon
# and Sun at mean distance): all planets fit any eyepiece, the Moon and the Sun often do not.
BODY_SIZE_ARCMIN = {
    "moon": 31.1, "sun": 32.0, "mercury": 0.22, "venus": 1.1, "mars": 0.42, "jupiter": 0.83,
    "saturn": 0.34, "uranus": 0.07, "neptune": 0.04,
}


@dataclass(frozen=True)
class Telescope:
    aperture_mm: float
    focal_length_mm: float
    label: str
    """The telescope in English words (``Equipment.label``), the form ``label_in`` converts."""
    focal_assumed: str | None = None
    """The kind whose typical focal ratio was assumed (``newtonian``, ``sct``, ``maksutov``,
    ``refractor``, ``telescope``), when no focal length was given."""
    said: Message | None = None
    """The telescope as a person is told it, in their language (``Equipment.said``)."""

    @property
    def focal_ratio(self) -> float:
        return self.focal_length_mm / self.aperture_mm


@dataclass(frozen=True)
class EyepieceView:
    telescope: Telescope
    eyepiece: Eyepiece
    magnification: float
    exit_pupil_mm: float
    true_field_deg: float
    from_field_stop: bool
    useful_magnification: tuple[float, float]
    object_size_arcmin: tuple[float, float] | None
    fit: Fit | None


def telescope_of(equipment: Equipment, text: str = "") -> Telescope | None:
    """The telescope with its focal length (from ``text`` or the label, else a typical one);
    None for binoculars and the naked eye, which take no eyepiece."""
    if equipment.equipment_class in (EquipmentClass.BINOCULARS, EquipmentClass.NAKED_EYE):
        return None
    aperture = equipment.aperture_mm
    words = f"{text} {equipment.label}".lower()
    focal = _focal_length(words, aperture)
    if focal is not None:
        return Telescope(aperture, focal, equipment.label, said=equipment.said)
    ratio, kind = next(((r, k) for pattern, r, k in _TYPICAL_RATIO if pattern.search(words)), _DEFAULT_RATIO)
    return Telescope(aperture, round(aperture * ratio), equipment.label, focal_assumed=kind,
                     said=equipment.said)


def focal_phrase(text: str) -> str | None:
    """The words of ``text`` that give a telescope's focal length or ratio ("f/4.7",
    "1200 mm Brennweite"), for passing along with the instrument."""
    lowered = text.lower()
    found = _FOCAL.search(lowered) or _RATIO.search(lowered)
    return found[0] if found else None


def _focal_length(words: str, aperture_mm: float) -> float | None:
    pair = _APERTURE_FOCAL.search(words)
    if pair and int(pair[1]) < int(pair[2]):
        return float(pair[2])
    stated = _FOCAL.search(words)
    if stated:
        return float(stated[1] or stated[2])
    ratio = _RATIO.search(words)
    if ratio:
        return round(aperture_mm * float(ratio[1].replace(",", ".")))
    celestron = _CELESTRON.search(words)
    if celestron:
        return _CELESTRON_FOCAL_MM[celestron[1].replace(",", ".")]
    return None


def eyepiece_view(telescope: Telescope, eyepiece: Eyepiece,
                  object_size_arcmin: tuple[float, float] | None = None) -> EyepieceView:
    """The numbers of one telescope-eyepiece pair, and how ``object_size_arcmin`` fits."""
    power = magnification(telescope.focal_length_mm, eyepiece.focal_length_mm)
    field = true_field_deg(power, eyepiece.apparent_field_deg, field_stop_mm=eyepiece.field_stop_mm,
                           telescope_focal_mm=telescope.focal_length_mm)
    fit: Fit | None = None
    if object_size_arcmin is not None:
        share = object_size_arcmin[0] / (field * 60)
        fit = "fits" if share <= FITS_WITH_SKY else "fills" if share <= 1.0 else "too_big"
    return EyepieceView(
        telescope=telescope, eyepiece=eyepiece, magnification=power,
        exit_pupil_mm=exit_pupil_mm(telescope.aperture_mm, power), true_field_deg=field,
        from_field_stop=eyepiece.field_stop_mm is not None,
        useful_magnification=useful_magnifications(telescope.aperture_mm),
        object_size_arcmin=object_size_arcmin, fit=fit)


def object_size_arcmin(name: str, body: str | None = None) -> tuple[float, float] | None:
    """Major and minor axis of a catalogued object (by display name, "M51"), or a body's
    largest diameter; None when the catalogue gives no size."""
    if body is not None:
        size = BODY_SIZE_ARCMIN.get(body)
        return (size, size) if size is not None else None
    return _catalog_sizes().get(name)


@lru_cache(maxsize=1)
def _catalog_sizes() -> dict[str, tuple[float, float]]:
    from singularity.planning.catalog import load_catalog

    catalog = load_catalog()
    sizes: dict[str, tuple[float, float]] = {}
    for name, major, minor in zip(catalog.names, catalog.major_arcmin, catalog.minor_arcmin, strict=True):
        if not math.isnan(major) and name not in sizes:
            sizes[name] = (float(major), float(minor if not math.isnan(minor) else major))
    return sizes


def angle_text(degrees: float) -> Message:
    """ "1.2°" ("1,2°") for a degree or more, "48′" below, "30″" below an arcminute."""
    if degrees >= 1:
        return msg("eyepiece.angle_degrees", value=degrees)
    if degrees * 60 >= 1:
        return msg("eyepiece.angle_arcmin", value=degrees * 60)
    return msg("eyepiece.angle_arcsec", value=degrees * 3600)


def size_text(size_arcmin: tuple[float, float]) -> Message:
    major, minor = size_arcmin
    if abs(major - minor) < 0.05 * major:
        return angle_text(major / 60)
    return msg("eyepiece.size_pair", major=angle_text(major / 60), minor=angle_text(minor / 60))


def describe(view: EyepieceView, object_name: str, units: UnitSystem = "metric") -> list[Message]:
    """The answer's sentences: the numbers, how the object fits, and every assumption made;
    the telescope's aperture and focal length in ``units`` (eyepieces and exit pupils are
    millimetres everywhere)."""
    t, e = view.telescope, view.eyepiece
    lines = [msg("eyepiece.numbers", object=object_name, telescope=instrument_said(t.label, t.said, units), eyepiece=e.name,
                 magnification=f"{view.magnification:.0f}", exit_pupil=view.exit_pupil_mm,
                 field=angle_text(view.true_field_deg), afov=e.apparent_field_deg)]
    if view.object_size_arcmin is None:
        lines.append(msg("eyepiece.size_unknown", object=object_name))
    else:
        percent = f"{100 * view.object_size_arcmin[0] / (view.true_field_deg * 60):.0f}"
        lines.append(msg(f"eyepiece.fit_{view.fit}", object=object_name,
                         size=size_text(view.object_size_arcmin), percent=percent))
    low, high = view.useful_magnification
    if view.magnification > high:
        lines.append(msg("eyepiece.too_much_power", magnification=f"{view.magnification:.0f}",
                         max=f"{high:.0f}"))
    if view.exit_pupil_mm > EYE_PUPIL_MM:
        lines.append(msg("eyepiece.pupil_too_wide", exit_pupil=view.exit_pupil_mm,
                         min=f"{low:.0f}"))
    if e.field_assumed:
        lines.append(msg("eyepiece.assumed_field", eyepiece=e.name))
    if t.focal_assumed is not None:
        lines.append(msg("eyepiece.assumed_focal", focal=str(optical_length(t.focal_length_mm, units)),
                         ratio=t.focal_ratio, kind=msg(f"eyepiece.kind_{t.focal_assumed}")))
    return lines
