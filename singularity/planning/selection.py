"""Which scored targets make the list, and in what order: the preference as people mean it.

* ``only``: only the requested families, best first.
* ``mostly``: the best targets of the requested families fill two thirds of the list when
  enough are within reach, best first; then the best of the rest (which may be more of them).
* ``none``: a varied night: no family fills more than 30 % of the first ten or of the list
  (3 of 10) while the sky offers other targets; a slot that would break that takes the next best target of
  another family.

Before any of these, the pieces of one nebula complex share one slot (``complexes.fold``): the
member on the highest showpiece tier (a requested family first), then the best scored.

Ranks follow the slots, so a target held back for the share or for variety can follow one with
a lower score; each target carries its score parts to show why.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from singularity.planning.catalog import FAMILIES
from singularity.planning.complexes import fold
from singularity.planning.preferences import PreferenceStrength

HEAD = 10
MOSTLY_SHARE = 2 / 3
VARIETY_SHARE = 0.3  # at most 3 of the first 10 per family: a night shows several kinds
_VARIETY_FAMILY = {"galaxy_group": "galaxy"}  # a galaxy pair is still galaxies to the eye


@dataclass(frozen=True)
class Selection:
    indices: list[int]
    """Chosen candidates in rank order."""
    preferred_within_reach: int
    """How many targets of the requested families were scored (within reach, high enough)."""
    preferred_listed: int
    parts: dict[int, list[int]] = field(default_factory=dict)
    """Per chosen candidate, the members of its complex folded into it (best first)."""


def select(order: np.ndarray, family_code: np.ndarray, preferred: np.ndarray,
           strength: PreferenceStrength, limit: int, *, complex_id: np.ndarray | None = None,
           tier: np.ndarray | None = None) -> Selection:
    """``order``: scored candidates, best score first; ``preferred``, ``complex_id`` (−1: in no
    complex) and ``tier`` (showpiece tier): per candidate."""
    ranked = np.asarray(order, dtype=int)
    preferred = np.asarray(preferred, dtype=bool)
    if strength is PreferenceStrength.ONLY:
        ranked = ranked[preferred[ranked]]
    parts: dict[int, list[int]] = {}
    if complex_id is not None:
        tiers = np.zeros(len(preferred), dtype=int) if tier is None else np.asarray(tier, dtype=int)
        ranked, parts = fold(ranked, complex_id, 10 * preferred.astype(int) + tiers)
    wanted = preferred[ranked]
    if strength is PreferenceStrength.ONLY:
        chosen = ranked[:limit].tolist()
    elif strength is PreferenceStrength.MOSTLY:
        chosen = _mostly(ranked, wanted, limit)
    else:
        chosen = _varied(ranked, family_code, limit)
    return Selection(chosen, int(np.count_nonzero(wanted)), int(np.count_nonzero(preferred[chosen])),
                     {i: parts[i] for i in chosen if i in parts})


def _blocks(limit: int) -> list[int]:
    return sorted({min(HEAD, limit), limit})


def _mostly(ranked: np.ndarray, wanted: np.ndarray, limit: int) -> list[int]:
    """The best requested targets first (two thirds of the list, more when they outscore the
    rest), then the best of the rest. ``wanted``: per ranked candidate, whether it is requested."""
    first = wanted & (np.cumsum(wanted) <= math.ceil(MOSTLY_SHARE * limit))
    head = ranked[first]
    return [*head.tolist(), *ranked[~first][: limit - head.size].tolist()]


def _varied(ranked: np.ndarray, family_code: np.ndarray, limit: int) -> list[int]:
    family = [_VARIETY_FAMILY.get(f, f) for f in FAMILIES]
    caps = [(size, math.ceil(VARIETY_SHARE * size)) for size in _blocks(limit)]
    chosen: list[int] = []
    counts: Counter[str] = Counter()
    rest = list(zip(ranked.tolist(), (family[c] for c in family_code[ranked].tolist()), strict=True))
    while rest and len(chosen) < limit:
        slot = len(chosen)
        allowed = (k for k, (_, kind) in enumerate(rest)
                   if all(slot >= size or counts[kind] < cap for size, cap in caps))
        pick, kind = rest.pop(next(allowed, 0))
        chosen.append(pick)
        counts[kind] += 1
    return chosen
