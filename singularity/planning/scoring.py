"""Deterministic target scoring (the article's scheme, extended with Moon glare and surface
brightness). Every constant is here, with its reason; ``docs/scoring.md`` explains the whole.

    effective_limit = limiting_magnitude(equipment) − light_pollution_penalty(bortle)
                      − type_difficulty(family) − moon_glare − surface_brightness_penalty
    magnitude_score = clip((effective_limit − magnitude) / 5, 0, 1) · 100
    altitude_score  = clip((altitude − 10°) / 50°, 0, 1) · 100
    score = (0.65 · magnitude_score + 0.35 · altitude_score) · preference_multiplier

No score below the minimum altitude (10°); objects fainter than the effective limit plus a
margin are dropped. With preferences, preferred families get ×1.25 and the others ×0.75: a
preferred object of two thirds the raw score still ranks first, yet a spectacular
non-preferred object stays in the list.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from singularity.planning.catalog import EXTENDED_FAMILIES, FAMILIES

TYPE_DIFFICULTY: dict[str, float] = {
    # magnitudes taken off the limit: diffuse light is harder to see than a star of equal total
    # magnitude; compact or resolved objects are nearly as easy as stars.
    "planet": 0.0, "moon": 0.0, "double_star": 0.0, "asterism": 0.0, "association": 0.0,
    "open_cluster": 0.0, "globular_cluster": 0.5, "planetary_nebula": 0.5,
    "cluster_nebula": 1.0, "nebula": 1.0, "supernova_remnant": 1.5, "galaxy": 1.5,
    "galaxy_group": 2.0,
}
MAGNITUDE_WEIGHT = 0.65
ALTITUDE_WEIGHT = 0.35
HEADROOM_FOR_FULL_SCORE = 5.0  # magnitudes brighter than the limit for a full magnitude score
ALTITUDE_FOR_FULL_SCORE = 60.0  # degrees; above this, extinction and seeing barely improve
PREFERRED_MULTIPLIER = 1.25
OTHER_MULTIPLIER = 0.75
MOON_GLARE_CAP = 2.5
SB_PENALTY_CAP = 3.0
NO_GLARE_FAMILIES = frozenset({"planet", "moon", "double_star"})

# per-family lookups indexed by ``family_code`` (catalog.FAMILIES order)
_DIFFICULTY = np.array([TYPE_DIFFICULTY[f] for f in FAMILIES])
_EXTENDED = np.array([f in EXTENDED_FAMILIES for f in FAMILIES])
_GLARE_EXEMPT = np.array([f in NO_GLARE_FAMILIES for f in FAMILIES])


def type_difficulty(family_code: np.ndarray) -> np.ndarray:
    return _DIFFICULTY[family_code]


def moon_glare_mag(illumination: float, moon_alt_deg: np.ndarray | float,
                   separation_deg: np.ndarray | float) -> np.ndarray:
    """Magnitudes lost to moonlight: grows with phase, much more close to the Moon; zero when
    the Moon is below the horizon. A heuristic shaped after Krisciunas & Schaefer (1991): the
    scattered moonlight falls off over tens of degrees and scales with the Moon's brightness."""
    up = np.asarray(moon_alt_deg) > 0
    glare = illumination * (0.5 + 2.0 * np.exp(-np.asarray(separation_deg) / 30.0))
    return np.where(up, np.minimum(glare, MOON_GLARE_CAP), 0.0)


def surface_brightness_penalty(surface_brightness: np.ndarray, sky_sqm: float) -> np.ndarray:
    """Magnitudes lost by diffuse objects whose mean surface brightness is fainter than the sky
    background: 0.4 mag per mag/arcsec² of contrast deficit, capped. Point-like and compact
    objects are unaffected; the same total magnitude spread thin is harder to see."""
    sb = np.asarray(surface_brightness, dtype=float)
    penalty = np.clip(0.4 * (sb - sky_sqm), 0.0, SB_PENALTY_CAP)
    return np.where(np.isnan(sb), 0.0, penalty)


@dataclass(frozen=True)
class Conditions:
    limiting_magnitude: float
    light_pollution_penalty: float
    sky_sqm: float
    min_altitude_deg: float
    magnitude_margin: float
    preferences: frozenset[str]


@dataclass(frozen=True)
class Scores:
    score: np.ndarray
    """0…125; NaN where the object gets no score (too low or far too faint)."""
    effective_limit: np.ndarray
    headroom: np.ndarray
    moon_glare: np.ndarray
    too_faint: np.ndarray
    too_low: np.ndarray


def score(
    *, family_code: np.ndarray, magnitude: np.ndarray, surface_brightness: np.ndarray,
    altitude_deg: np.ndarray, moon_illumination: float, moon_alt_deg: np.ndarray,
    moon_separation_deg: np.ndarray, conditions: Conditions,
) -> Scores:
    """Score every object at its best time (arrays aligned with ``family_code``)."""
    difficulty = _DIFFICULTY[family_code]
    glare = np.where(
        _GLARE_EXEMPT[family_code], 0.0,
        moon_glare_mag(moon_illumination, moon_alt_deg, moon_separation_deg),
    )
    sb_penalty = np.where(
        _EXTENDED[family_code], surface_brightness_penalty(surface_brightness, conditions.sky_sqm), 0.0
    )
    limit = (
        conditions.limiting_magnitude - conditions.light_pollution_penalty - difficulty - glare - sb_penalty
    )
    headroom = limit - magnitude
    magnitude_score = np.clip(headroom / HEADROOM_FOR_FULL_SCORE, 0, 1) * 100
    span = ALTITUDE_FOR_FULL_SCORE - conditions.min_altitude_deg
    altitude_score = np.clip((altitude_deg - conditions.min_altitude_deg) / span, 0, 1) * 100
    if conditions.preferences:
        preferred = np.isin(family_code, [FAMILIES.index(f) for f in conditions.preferences])
        multiplier = np.where(preferred, PREFERRED_MULTIPLIER, OTHER_MULTIPLIER)
    else:
        multiplier = 1.0
    total = (MAGNITUDE_WEIGHT * magnitude_score + ALTITUDE_WEIGHT * altitude_score) * multiplier
    too_low = altitude_deg < conditions.min_altitude_deg
    too_faint = headroom < -conditions.magnitude_margin
    return Scores(
        score=np.where(too_low | too_faint, np.nan, np.round(total, 1)),
        effective_limit=limit, headroom=headroom, moon_glare=glare,
        too_faint=too_faint, too_low=too_low,
    )


def assessment(*, headroom: float, altitude_deg: float, direction: str, glare: float,
               preferred: bool, family_label: str) -> str:
    """One line in plain words, composed from the numbers."""
    if headroom >= 4:
        ease = "easy"
    elif headroom >= 2:
        ease = "comfortable"
    elif headroom >= 0:
        ease = "challenging"
    else:
        ease = "at the limit of your equipment"
    if altitude_deg >= 50:
        place = "high in the sky"
    elif altitude_deg >= 30:
        place = f"well placed in the {direction}"
    else:
        place = f"low in the {direction}"
    text = f"{ease.capitalize()} {family_label}, {place}"
    if glare >= 1.0:
        text += "; moonlight will wash it out noticeably"
    elif glare >= 0.4:
        text += "; some moonlight interference"
    if preferred:
        text += "; matches your preferences"
    return text + "."


_COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
            "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
_COMPASS_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def compass_point(azimuth_deg: float) -> str:
    """16-point compass direction of an azimuth (0° = north, 90° = east)."""
    return _COMPASS[int((azimuth_deg % 360) / 22.5 + 0.5) % 16]


def compass_words(point: str) -> str:
    """``SW`` → ``south-west``; ``SSW`` → ``south-south-west``."""
    letters = [_COMPASS_WORDS[c] for c in point]
    if len(letters) == 3:
        return f"{letters[0]}-{letters[1]}-{letters[2]}"
    return "-".join(letters)
