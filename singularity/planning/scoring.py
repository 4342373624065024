"""Deterministic target scoring: the article's scheme, composed from the small rules in
``rules.py`` (one per factor, all reading the same alt/az grid).

    effective_limit = limiting_magnitude − Σ magnitude losses
                      (light pollution, type difficulty, contrast, Moon glare, twilight)
    headroom        = effective_limit − magnitude
    magnitude_score = 100 · (1 − 2^(−(headroom + margin) / 2))     diminishing, never saturating
    altitude_score  = 100 · (0.75 · clip((altitude − 10°) / 50°) + 0.25 · share above 30°)
    score = (0.65 · magnitude_score + 0.35 · altitude_score) · size · showpiece · preference

The article's weights (0.65 / 0.35) stay the default. No score below the minimum altitude (10°);
objects fainter than the effective limit by more than the margin, and double stars closer than
the instrument splits, are dropped. ``docs/planning.md`` gives every constant its source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from singularity.catalogue import Message, chained, listing, msg
from singularity.planning.rules import (
    FACTORS,
    MAGNITUDE_LOSSES,
    Observables,
    Sky,
    altitude_quality,
    headroom_quality,
    unresolved,
)
from singularity.planning.showpieces import DOUBLE_STARS_LIST

MAGNITUDE_WEIGHT = 0.65
ALTITUDE_WEIGHT = 0.35
SCORE_DECIMALS = 2


@dataclass(frozen=True)
class Scores:
    score: np.ndarray
    """NaN where the object gets no score (too low, far too faint or unresolved)."""
    headroom: np.ndarray
    losses: dict[str, np.ndarray]
    """Magnitudes lost, per rule."""
    magnitude_score: np.ndarray
    altitude_score: np.ndarray
    factors: dict[str, np.ndarray]
    too_low: np.ndarray
    too_faint: np.ndarray

    def parts(self, indices: np.ndarray | Sequence[int]) -> list[dict[str, float]]:
        """The parts of the scores of the targets at ``indices``, rounded for display."""
        columns = {
            "magnitude_score": (self.magnitude_score, 1), "altitude_score": (self.altitude_score, 1),
            "headroom_mag": (self.headroom, 2),
            **{f"{name}_mag": (loss, 2) for name, loss in self.losses.items()},
            **{f"{name}_factor": (f, 3) for name, f in self.factors.items()},
        }
        rounded = [[round(v, places) for v in values[indices].tolist()]
                   for values, places in columns.values()]
        return [dict(zip(columns, row, strict=True)) for row in zip(*rounded, strict=True)]


def score(obs: Observables, sky: Sky) -> Scores:
    """Score every object at its best time."""
    losses = {name: rule(obs, sky) for name, rule in MAGNITUDE_LOSSES.items()}
    headroom = sky.limiting_magnitude - sum(losses.values()) - obs.magnitude
    magnitude_score = headroom_quality(headroom, sky.magnitude_margin)
    altitude_score = altitude_quality(obs, sky)
    factors = {name: rule(obs, sky) for name, rule in FACTORS.items()}
    total = MAGNITUDE_WEIGHT * magnitude_score + ALTITUDE_WEIGHT * altitude_score
    for factor in factors.values():
        total = total * factor
    too_low = obs.altitude_deg < sky.min_altitude_deg
    too_faint = (headroom < -sky.magnitude_margin) | unresolved(obs, sky)
    return Scores(
        score=np.where(too_low | too_faint, np.nan, np.round(total, SCORE_DECIMALS)),
        headroom=headroom, losses=losses, magnitude_score=magnitude_score,
        altitude_score=altitude_score, factors=factors, too_low=too_low, too_faint=too_faint,
    )


ASSESSED_LISTS = 2
"""How many of a target's observing lists its assessment names."""


def assessment(parts: dict[str, float], *, altitude_deg: float, point: str, family: str,
               showpiece_lists: Sequence[str], preferred: bool, overflows_field: bool = False,
               includes: Sequence[str] = ()) -> Message:
    """One line in plain words, composed from the score's parts, to be said in the
    conversation's language (``plan_table.assess_*``): how easy the target is, where it stands
    (``point``: its compass point), the remarks that matter, and what else the field shows."""
    headroom = parts["headroom_mag"]
    ease = ("easy" if headroom >= 4 else "comfortable" if headroom >= 2
            else "challenging" if headroom >= 0 else "at_limit")
    if altitude_deg >= 50:
        where = msg("plan_table.assess_high")
    else:
        where = msg("plan_table.assess_well_placed" if altitude_deg >= 30 else "plan_table.assess_low",
                    direction=msg(f"plan_table.compass_{point}"))
    said = [msg("plan_table.assess_what_where", where=where,
                what=msg(f"plan_table.assess_{ease}", type=msg(f"object_types.{family}")))]
    if showpiece_lists:
        names = [msg("plan_table.assess_named_double_stars") if name == DOUBLE_STARS_LIST
                 else msg("plan_table.assess_list_name", name=name)
                 for name in showpiece_lists[:ASSESSED_LISTS]]
        said.append(msg("plan_table.assess_on_lists" if len(showpiece_lists) > 1 else "plan_table.assess_on_list",
                        lists=listing(names)))
    glare = parts.get("moon_glare_mag", 0.0)
    if glare >= 1.0:
        said.append(msg("plan_table.assess_moon_washes_out"))
    elif glare >= 0.4:
        said.append(msg("plan_table.assess_moon_interferes"))
    if parts.get("contrast_mag", 0.0) >= 1.5:
        said.append(msg("plan_table.assess_low_contrast"))
    if parts.get("twilight_mag", 0.0) >= 0.5:
        said.append(msg("plan_table.assess_twilight"))
    if overflows_field:
        said.append(msg("plan_table.assess_overflows_field"))
    if preferred:
        said.append(msg("plan_table.assess_preferred"))
    sentence = msg("plan_table.assess_sentence", text=chained(said, "plan_table.assess_next"))
    if includes:
        return msg("plan_table.assess_same_field", assessment=sentence, names=", ".join(includes))
    return sentence


_COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
            "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def compass_point(azimuth_deg: float) -> str:
    """16-point compass direction of an azimuth (0° = north, 90° = east)."""
    return _COMPASS[int((azimuth_deg % 360) / 22.5 + 0.5) % 16]


def compass_point_in(point: str, language: str) -> str:
    """``point`` as observers abbreviate it in ``language``: German writes O (Ost) for E."""
    return point.replace("E", "O") if language == "de" else point

