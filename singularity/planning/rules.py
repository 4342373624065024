"""The scoring rules, one small piece per factor, after astroplan's constraints: every rule reads
the same per-target observables (taken from one alt/az grid) and returns one array.

Three kinds of rule:
* **magnitude losses** (mag, ≥ 0) lower the faintest magnitude the observer can reach for that
  target: light pollution, type difficulty, contrast, Moon glare, twilight;
* **qualities** (0…100) judge what is left: magnitude headroom, altitude;
* **factors** (around 1) weigh what observers value beyond visibility: size against the field,
  showpiece status, the user's preference.

``scoring.score`` composes them; ``docs/planning.md`` gives every constant its source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from singularity.planning.catalog import EXTENDED_FAMILIES, FAMILIES, Catalog

TYPE_DIFFICULTY: dict[str, float] = {
    # magnitudes taken off the limit: diffuse light is harder to see than a star of equal total
    # magnitude; compact or resolved objects are nearly as easy as stars.
    "planet": 0.0, "moon": 0.0, "double_star": 0.0, "asterism": 0.0, "association": 0.0,
    "open_cluster": 0.0, "globular_cluster": 0.5, "planetary_nebula": 0.5,
    "cluster_nebula": 1.0, "nebula": 1.0, "supernova_remnant": 1.5, "galaxy": 1.5,
    "galaxy_group": 2.0,
}
NO_GLARE_FAMILIES = frozenset({"planet", "moon", "double_star"})
POINT_FAMILIES = frozenset({"planet", "moon", "double_star"})
MOON_GLARE_CAP = 2.5
CONTRAST_SLOPE = 0.4  # mag lost per mag/arcsec² the bright part lies below the sky
CONTRAST_CAP = 3.0
# Large diffuse nebulae are judged by surface brightness alone: the slope rises from
# CONTRAST_SLOPE at 30′ to 1 (a mag/arcsec² fainter is a magnitude harder) at 2°, linear in log
# size. Galaxies keep CONTRAST_SLOPE: the eye sees their core, far smaller than the catalogue size.
LARGE_CONTRAST_SLOPE = 1.0
CONTRAST_SIZE_ARCMIN = (30.0, 120.0)
DIFFUSE_FAMILIES = frozenset({"nebula", "cluster_nebula", "supernova_remnant"})
SKY_PER_LIMIT_MAG = 2.0  # mag/arcsec² of sky brightening per magnitude of limit lost (1 / 0.5)
# How much brighter than its catalogue-mean surface brightness the part of a galaxy the eye
# picks up first is (mag/arcsec²), by Hubble type: bulge-dominated types concentrate their light.
GALAXY_CORE_GAIN = {"E": 2.0, "S0": 2.0, "Sa": 2.0, "Sab": 1.8, "Sb": 1.6, "Sbc": 1.3, "Sc": 1.0,
                    "Scd": 0.7, "Sd": 0.5, "Sdm": 0.4, "Sm": 0.3, "I": 0.3}
DEFAULT_CORE_GAIN = {"galaxy": 1.0, "galaxy_group": 1.0, "nebula": 0.75, "cluster_nebula": 0.75,
                     "supernova_remnant": 0.5, "planetary_nebula": 0.0}
TWILIGHT_LOSS_AT_NAUTICAL = 1.5  # mag lost at Sun −12°, falling to 0 at −18°
EXTINCTION_MAG_PER_AIRMASS = 0.25  # V-band extinction at a typical low-altitude site
HEADROOM_HALF = 2.0  # each 2 mag of headroom halves what is left to a full magnitude score
HIGH_ALTITUDE_DEG = 30.0
ALTITUDE_TIME_SHARE = 0.25  # share of the altitude score from time spent above 30°
SIZE_FACTOR_FLOOR = 0.8
STARLIKE_APPARENT_ARCMIN = 2.0
FULL_APPARENT_ARCMIN = 30.0
SHOWPIECE_FACTOR = {0: 1.0, 1: 1.07, 2: 1.15}
PREFERENCE_FACTOR = 1.1

_DIFFICULTY = np.array([TYPE_DIFFICULTY[f] for f in FAMILIES])
_EXTENDED = np.array([f in EXTENDED_FAMILIES for f in FAMILIES])
_DIFFUSE = np.array([f in DIFFUSE_FAMILIES for f in FAMILIES])
_GLARE_EXEMPT = np.array([f in NO_GLARE_FAMILIES for f in FAMILIES])
_POINT = np.array([f in POINT_FAMILIES for f in FAMILIES])
_DOUBLE = np.array([f == "double_star" for f in FAMILIES])
_DEEP_SKY = ~np.array([f in {"planet", "moon"} for f in FAMILIES])
_SHOWPIECE = np.array([SHOWPIECE_FACTOR[t] for t in sorted(SHOWPIECE_FACTOR)])
_GAIN_PREFIXES = sorted(GALAXY_CORE_GAIN, key=len, reverse=True)


def core_gain(family: str, hubble: str) -> float:
    """Mag/arcsec² by which an object's brighter part outshines its catalogue-mean surface
    brightness (so M31's core counts, not its mean over 3°)."""
    if family == "galaxy" and hubble:
        unbarred = re.sub(r"^S(AB|B|A)", "S", hubble)
        for prefix in _GAIN_PREFIXES:
            if unbarred.startswith(prefix):
                return GALAXY_CORE_GAIN[prefix]
    return DEFAULT_CORE_GAIN.get(family, 0.0)


@lru_cache(maxsize=2)
def catalog_core_gain(catalog: Catalog) -> np.ndarray:
    """``core_gain`` of every catalogue object, computed once per catalogue."""
    return np.array([core_gain(f, h) for f, h in zip(catalog.families, catalog.hubble, strict=True)])


@dataclass(frozen=True)
class Sky:
    """What is common to every target: instrument, sky and Moon."""

    limiting_magnitude: float
    light_pollution_penalty: float
    sky_sqm: float
    min_altitude_deg: float
    magnitude_margin: float
    field_deg: float
    magnification: float
    resolution_arcsec: float
    moon_illumination: float


@dataclass(frozen=True)
class Observables:
    """Per-target arrays, aligned, taken from the shared alt/az grid at each target's best time."""

    family_code: np.ndarray
    magnitude: np.ndarray
    surface_brightness: np.ndarray
    core_gain: np.ndarray
    size_arcmin: np.ndarray
    altitude_deg: np.ndarray
    high_fraction: np.ndarray
    """Share of the usable window the target spends above 30°."""
    sun_alt_deg: np.ndarray
    moon_alt_deg: np.ndarray
    moon_separation_deg: np.ndarray
    showpiece_tier: np.ndarray
    preferred: np.ndarray


# --- magnitude losses -------------------------------------------------------------------------

def light_pollution(obs: Observables, sky: Sky) -> np.ndarray:
    """The sky's light-pollution penalty (``skybrightness.light_pollution_penalty``), for all."""
    return np.full(obs.family_code.shape, sky.light_pollution_penalty)


def type_difficulty(obs: Observables, sky: Sky) -> np.ndarray:
    """Diffuse light is harder to see than a star of the same total magnitude."""
    return _DIFFICULTY[obs.family_code]


def moon_glare_mag(illumination: float, moon_alt_deg: np.ndarray | float,
                   separation_deg: np.ndarray | float) -> np.ndarray:
    """Magnitudes lost to moonlight: grows with phase, much more close to the Moon; zero when
    the Moon is below the horizon. A heuristic shaped after Krisciunas & Schaefer (1991): the
    scattered moonlight falls off over tens of degrees and scales with the Moon's brightness."""
    up = np.asarray(moon_alt_deg) > 0
    glare = illumination * (0.5 + 2.0 * np.exp(-np.asarray(separation_deg) / 30.0))
    return np.where(up, np.minimum(glare, MOON_GLARE_CAP), 0.0)


def moon_glare(obs: Observables, sky: Sky) -> np.ndarray:
    """Moonlight at the target's best time; planets, the Moon and double stars are exempt."""
    glare = moon_glare_mag(sky.moon_illumination, obs.moon_alt_deg, obs.moon_separation_deg)
    return np.where(_GLARE_EXEMPT[obs.family_code], 0.0, glare)


def contrast_slope(size_arcmin: np.ndarray | float) -> np.ndarray:
    """Magnitudes lost per mag/arcsec² of surface brightness below the sky, by size: 0.4 up to
    30′, where the total magnitude still describes the object; 1 from 2° on, where the eye judges
    it by surface brightness alone (Clark, *Visual Astronomy of the Deep Sky*, 1990: visibility
    of a large object is set by its contrast with the sky, not by its integrated light)."""
    small, large = CONTRAST_SIZE_ARCMIN
    size = np.nan_to_num(np.asarray(size_arcmin, dtype=float), nan=0.0)
    share = np.clip(np.log10(np.maximum(size, 1e-9) / small) / np.log10(large / small), 0.0, 1.0)
    return CONTRAST_SLOPE + (LARGE_CONTRAST_SLOPE - CONTRAST_SLOPE) * share


def contrast_loss_mag(bright_part_sb: np.ndarray, sky_sqm: np.ndarray | float,
                      slope: np.ndarray | float = CONTRAST_SLOPE) -> np.ndarray:
    """``slope`` mag per mag/arcsec² the object's bright part lies below the sky, counting up to
    7.5 mag/arcsec² (3 mag at the small-object slope of 0.4)."""
    sb = np.asarray(bright_part_sb, dtype=float)
    below = np.clip(sb - sky_sqm, 0.0, CONTRAST_CAP / CONTRAST_SLOPE)
    return np.where(np.isnan(sb), 0.0, slope * below)


def contrast(obs: Observables, sky: Sky) -> np.ndarray:
    """Extended objects are seen by their brighter parts against the sky background, and large
    diffuse nebulae by surface brightness alone (``contrast_slope``). The background is the sky at
    the target's best time: twilight and moonlight brighten it by 2 mag/arcsec² per magnitude
    they take off the limit, the relation of the light-pollution penalty (0.5 · ΔSQM)."""
    lost = twilight_loss_mag(obs.sun_alt_deg) + moon_glare_mag(
        sky.moon_illumination, obs.moon_alt_deg, obs.moon_separation_deg)
    sky_sb = sky.sky_sqm - SKY_PER_LIMIT_MAG * lost
    slope = np.where(_DIFFUSE[obs.family_code], contrast_slope(obs.size_arcmin), CONTRAST_SLOPE)
    loss = contrast_loss_mag(obs.surface_brightness - obs.core_gain, sky_sb, slope)
    return np.where(_EXTENDED[obs.family_code], loss, 0.0)


def twilight_loss_mag(sun_alt_deg: np.ndarray) -> np.ndarray:
    """0 with the Sun below −18°, rising linearly to 1.5 mag at −12°."""
    return np.clip((np.asarray(sun_alt_deg) + 18.0) / 6.0, 0.0, 1.0) * TWILIGHT_LOSS_AT_NAUTICAL


def twilight(obs: Observables, sky: Sky) -> np.ndarray:
    """Deep-sky targets timed in nautical twilight (Sun −18° … −12°) lose up to 1.5 mag."""
    return np.where(_DEEP_SKY[obs.family_code], twilight_loss_mag(obs.sun_alt_deg), 0.0)


def best_sample(sin_alt: np.ndarray, sun_alt_deg: np.ndarray, usable: np.ndarray) -> np.ndarray:
    """Per target (columns of ``sin_alt``), the usable sample with the least light lost to the
    air and the twilight: ``0.25 mag × airmass + twilight loss``. A target setting in the west
    is timed a little later than its highest point when the sky darkens meanwhile. Targets never
    up in a usable sample get their highest usable sample."""
    valid = usable[:, None] & (sin_alt > 0.0)
    cost = EXTINCTION_MAG_PER_AIRMASS / np.maximum(sin_alt, 1e-3) + twilight_loss_mag(sun_alt_deg)[:, None]
    best = np.argmin(np.where(valid, cost, np.inf), axis=0)
    highest = np.argmax(np.where(usable[:, None], sin_alt, -2.0), axis=0)
    return np.where(valid.any(axis=0), best, highest)


MAGNITUDE_LOSSES = {
    "light_pollution": light_pollution, "type_difficulty": type_difficulty,
    "contrast": contrast, "moon_glare": moon_glare, "twilight": twilight,
}


# --- qualities --------------------------------------------------------------------------------

def headroom_quality(headroom: np.ndarray, margin: float) -> np.ndarray:
    """0 at the margin below the limit, rising with diminishing returns and never saturating:
    ``100 · (1 − 2^(−(headroom + margin) / 2))`` (29 at the limit, 82 at 4 mag, 95 at 8 mag)."""
    return 100.0 * np.clip(1.0 - np.exp2(-(headroom + margin) / HEADROOM_HALF), 0.0, None)


def altitude_quality(obs: Observables, sky: Sky) -> np.ndarray:
    """Three quarters from the best altitude, linear in 1/airmass = sin(altitude) so that it
    follows extinction and never saturates (10° → 0, 35° → 0.49 as in the article's linear
    score, 60° → 0.84, zenith → 1); one quarter from the share of the window above 30°."""
    low = np.sin(np.radians(sky.min_altitude_deg))
    peak = np.clip((np.sin(np.radians(obs.altitude_deg)) - low) / (1.0 - low), 0.0, 1.0)
    return 100.0 * ((1 - ALTITUDE_TIME_SHARE) * peak + ALTITUDE_TIME_SHARE * obs.high_fraction)


# --- factors ----------------------------------------------------------------------------------

def split_quality(separation_arcsec: np.ndarray, resolution_arcsec: float) -> np.ndarray:
    """0 at the resolution limit, 1 from four times it on (log scale)."""
    ratio = np.asarray(separation_arcsec) / resolution_arcsec
    return np.clip(np.log2(np.maximum(ratio, 1e-9)) / 2.0, 0.0, 1.0)


def size_fit(obs: Observables, sky: Sky) -> np.ndarray:
    """0.8 … 1: objects that look starlike at the working magnification, or overflow the widest
    field, are less rewarding; double stars by how comfortably they split."""
    size = obs.size_arcmin
    apparent = size * sky.magnification
    small = np.clip(np.log10(np.maximum(apparent, 1e-9) / STARLIKE_APPARENT_ARCMIN)
                    / np.log10(FULL_APPARENT_ARCMIN / STARLIKE_APPARENT_ARCMIN), 0.0, 1.0)
    overflow = np.sqrt(np.clip(sky.field_deg * 60.0 / np.maximum(size, 1e-9), 0.0, 1.0))
    fit = np.where(np.isnan(size), 0.5, small * overflow)
    fit = np.where(_DOUBLE[obs.family_code], split_quality(size * 60.0, sky.resolution_arcsec), fit)
    fit = np.where(_POINT[obs.family_code] & ~_DOUBLE[obs.family_code], 1.0, fit)
    return SIZE_FACTOR_FLOOR + (1.0 - SIZE_FACTOR_FLOOR) * fit


def unresolved(obs: Observables, sky: Sky) -> np.ndarray:
    """Double stars closer than the instrument splits are no target at all."""
    return _DOUBLE[obs.family_code] & (obs.size_arcmin * 60.0 < sky.resolution_arcsec)


def showpiece(obs: Observables, sky: Sky) -> np.ndarray:
    """×1.15 for Messier, Caldwell, Finest NGC and named doubles, ×1.07 for the Herschel 400."""
    return _SHOWPIECE[obs.showpiece_tier]


def preference(obs: Observables, sky: Sky) -> np.ndarray:
    """×1.1 for the families the user asked for; the list's composition is set by
    ``selection``, this only orders near-equal targets."""
    return np.where(obs.preferred, PREFERENCE_FACTOR, 1.0)


FACTORS = {"size": size_fit, "showpiece": showpiece, "preference": preference}
