"""What an instrument shows of an object's size: its widest true field, the magnification used on
small objects and the closest double star it splits. Rules of thumb, each with its source:

* Widest field. Binoculars: an apparent field of 65° divided by the magnification (a 10x50
  shows 6.5°, the usual figure for that class). Telescopes: the lowest useful magnification
  gives a 7 mm exit pupil, the dark-adapted eye's (``D / 7``), with a 52° Plössl eyepiece: a
  10-inch shows 1.4°, an 80 mm refractor 4.6°. Naked eye: 60°, more than any object.
* Magnification on small objects. Telescopes: 1× per millimetre of aperture (the common
  "high power" of 50× per inch), at most 300×; binoculars: their fixed magnification.
* Resolution. Dawes' limit ``116″ / D[mm]``, or 2′ at the eye divided by the magnification when
  that is coarser (a pair needs about 2′ of apparent separation to look comfortably split);
  the naked eye splits about 3′ (Mizar and Alcor at 12′ are the classic test).

A given telescope and eyepiece (docs/planning.md, "Eyepiece view", has the sources):

* Magnification ``M = f_telescope / f_eyepiece``; exit pupil ``D / M``.
* True field: ``field stop / f_telescope`` in radians when the eyepiece's field stop is known,
  else ``apparent field / M`` (the textbook approximation; a few per cent off for wide fields).
* Useful magnifications: from ``D / 7 mm`` (an exit pupil as wide as the dark-adapted eye's)
  to ``2 × D[mm]`` (50× per inch), above which the image only grows dimmer and softer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from singularity.planning.models import Equipment, EquipmentClass

BINOCULAR_APPARENT_FIELD_DEG = 65.0
EYEPIECE_APPARENT_FIELD_DEG = 52.0
EYE_PUPIL_MM = 7.0
NAKED_EYE_FIELD_DEG = 60.0
MAX_MAGNIFICATION = 300.0
DAWES_ARCSEC_MM = 116.0
SPLIT_APPARENT_ARCSEC = 120.0
NAKED_EYE_RESOLUTION_ARCSEC = 180.0
DEFAULT_BINOCULAR_MAGNIFICATION = 10.0
_MAGNIFICATION = re.compile(r"(\d+(?:\.\d+)?)x\d")


@dataclass(frozen=True)
class Optics:
    field_deg: float
    magnification: float
    resolution_arcsec: float


def optics_of(equipment: Equipment) -> Optics:
    """Field, working magnification and resolution of ``equipment``."""
    aperture = equipment.aperture_mm
    if equipment.equipment_class is EquipmentClass.NAKED_EYE:
        return Optics(NAKED_EYE_FIELD_DEG, 1.0, NAKED_EYE_RESOLUTION_ARCSEC)
    if equipment.equipment_class is EquipmentClass.BINOCULARS:
        match = _MAGNIFICATION.search(equipment.label)
        power = float(match[1]) if match else DEFAULT_BINOCULAR_MAGNIFICATION
        return Optics(BINOCULAR_APPARENT_FIELD_DEG / power, power,
                      max(DAWES_ARCSEC_MM / aperture, SPLIT_APPARENT_ARCSEC / power))
    power = min(aperture, MAX_MAGNIFICATION)
    return Optics(EYEPIECE_APPARENT_FIELD_DEG * EYE_PUPIL_MM / aperture, power,
                  max(DAWES_ARCSEC_MM / aperture, SPLIT_APPARENT_ARCSEC / power))


MAX_USEFUL_PER_MM = 2.0
DEGREES_PER_RADIAN = 57.29578


def magnification(telescope_focal_mm: float, eyepiece_focal_mm: float) -> float:
    """How many times larger an eyepiece shows the sky than the eye alone."""
    return telescope_focal_mm / eyepiece_focal_mm


def exit_pupil_mm(aperture_mm: float, power: float) -> float:
    """Width of the light beam leaving the eyepiece: wider than the eye's pupil wastes light."""
    return aperture_mm / power


def true_field_deg(power: float, apparent_field_deg: float, *, field_stop_mm: float | None = None,
                   telescope_focal_mm: float | None = None) -> float:
    """The sky's width in the eyepiece: from the field stop when known, else apparent field / M."""
    if field_stop_mm is not None and telescope_focal_mm:
        return DEGREES_PER_RADIAN * field_stop_mm / telescope_focal_mm
    return apparent_field_deg / power


def useful_magnifications(aperture_mm: float) -> tuple[float, float]:
    """Lowest (7 mm exit pupil) and highest (2× per millimetre) useful magnification."""
    return aperture_mm / EYE_PUPIL_MM, MAX_USEFUL_PER_MM * aperture_mm
