"""How easy an object is to see, rated with the planner's own rules so cards and plans agree.

The planner (``singularity.planning.scoring``) takes the type difficulty, the light-pollution
penalty and the surface-brightness penalty off the instrument's limiting magnitude
(``singularity.planning.equipment.limiting_magnitude``). Here the same terms are added to the
object's magnitude instead, giving the limiting magnitude an instrument *needs*; the headroom
``limit − needed`` is then worded with the planner's thresholds (easy ≥ 4, comfortable ≥ 2,
challenging ≥ 0). Reference instruments: the naked eye, 10x50 binoculars, a 100 mm (small) and
a 200 mm (large) telescope. Reference skies: a dark rural sky (Bortle 3) and a suburban sky
(Bortle 5), with the SQM and penalty of ``singularity.planning.skybrightness``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from singularity.planning.catalog import EXTENDED_FAMILIES
from singularity.planning.equipment import NAKED_EYE_LIMITING_MAGNITUDE, limiting_magnitude
from singularity.planning.rules import TYPE_DIFFICULTY, contrast_loss_mag
from singularity.planning.skybrightness import light_pollution_penalty, typical_sqm

TELESCOPE_APERTURES_MM = (80, 100, 130, 150, 200, 250, 300, 400, 500)
"""Common aperture steps for "needs a telescope of X mm or more"."""
NEAR_MISS_MAG = 0.5
"""Objects this little beyond the naked-eye limit are "at the threshold" rather than invisible."""


@dataclass(frozen=True)
class Sky:
    label: str
    sqm: float
    penalty: float


@dataclass(frozen=True)
class Instrument:
    label: str
    aperture_mm: float
    limiting_magnitude: float


DARK_SKY = Sky("a dark rural sky (Bortle 3)", typical_sqm(3), light_pollution_penalty(3))
SUBURBAN_SKY = Sky("a suburban sky (Bortle 5)", typical_sqm(5), light_pollution_penalty(5))
NAKED_EYE = Instrument("the naked eye", 7.0, NAKED_EYE_LIMITING_MAGNITUDE)
BINOCULARS = Instrument("10x50 binoculars", 50.0, limiting_magnitude(50.0))
SMALL_TELESCOPE = Instrument("a 100 mm telescope", 100.0, limiting_magnitude(100.0))
LARGE_TELESCOPE = Instrument("a 200 mm telescope", 200.0, limiting_magnitude(200.0))
"""A typical large telescope: the planner's class starts at 150 mm; 200 mm (8 inch) is common."""


def needed_limit(*, magnitude: float, family: str, surface_brightness: float | None,
                 sky: Sky) -> float:
    """Limiting magnitude an instrument needs to show the object under ``sky``."""
    penalty = 0.0
    if family in EXTENDED_FAMILIES and surface_brightness is not None:
        penalty = float(contrast_loss_mag(np.array([surface_brightness]), sky.sqm)[0])
    return magnitude + TYPE_DIFFICULTY[family] + penalty + sky.penalty


def headroom(instrument: Instrument, needed: float) -> float:
    """Magnitudes to spare (negative: too faint for the instrument)."""
    return instrument.limiting_magnitude - needed


def ease(margin: float) -> str:
    """The planner's words for a headroom: easy, comfortable, challenging or out of reach."""
    if margin >= 4:
        return "easy"
    if margin >= 2:
        return "comfortable"
    if margin >= 0:
        return "challenging"
    return "out of reach"


def smallest_telescope_mm(needed: float) -> int | None:
    """Smallest common telescope aperture that reaches ``needed``; None beyond 500 mm."""
    return next((a for a in TELESCOPE_APERTURES_MM if limiting_magnitude(a) >= needed), None)


def instrument_phrase(needed: float) -> str:
    """What it takes, in words: "the naked eye", "binoculars", "a telescope of 150 mm or more"."""
    if headroom(NAKED_EYE, needed) >= 0:
        return "the naked eye"
    if headroom(BINOCULARS, needed) >= 0:
        return "binoculars"
    aperture = smallest_telescope_mm(needed)
    if aperture is None:
        return f"a telescope larger than {TELESCOPE_APERTURES_MM[-1]} mm"
    return f"a telescope of {aperture} mm or more"
