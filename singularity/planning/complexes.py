"""One object, one slot: the pieces of one nebula complex are not separate targets.

OpenNGC catalogues the parts of large star-forming regions as objects of their own: around the
Orion Nebula M42 (90′) lie NGC 1973, NGC 1975 and NGC 1977 (the Running Man), NGC 1980 (the
Lower Sword) and M43; in the Rosette the nebula NGC 2238 and its cluster NGC 2239 (= NGC 2244);
in the Lagoon M8 its cluster NGC 6530. An observer points the telescope once and sees them in
one field, and observing guides describe them with the main object (Turn Left at Orion's
Orion Nebula pages show M43 and the Trapezium in the same view). Listing each part would spend
the night's slots on one sight.

The rule: two objects form one **complex** when the centre of one lies inside the other's
catalogue extent (within half its major axis), and both are of the families such regions are
made of: nebulae, clusters with nebulosity, supernova remnants, open clusters and stellar
associations. Complexes are the connected groups of such pairs. Galaxies (M32 and M110 beside
M31 are galaxies of their own that observers list separately; a Milky Way cluster in front of
the Small Magellanic Cloud is no part of it), globular clusters, planetary nebulae and double
stars keep their own slots.

Of each complex only one member is listed: the one on the highest showpiece tier, then the best
scored (``selection``); the others are named with it (``Target.includes``).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from singularity.planning.catalog import FAMILIES, Catalog

COMPLEX_FAMILIES = frozenset(
    {"nebula", "cluster_nebula", "supernova_remnant", "open_cluster", "association"}
)
_COMPLEX = np.array([f in COMPLEX_FAMILIES for f in FAMILIES])
_CHUNK = 512


def _components(n: int, pairs: np.ndarray) -> np.ndarray:
    """Connected components of ``pairs`` (rows of two indices below ``n``): a label per index."""
    parent = np.arange(n)

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return int(i)

    for a, b in pairs:
        ra, rb = root(int(a)), root(int(b))
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return np.array([root(i) for i in range(n)])


def complex_ids(ra_rad: np.ndarray, dec_rad: np.ndarray, major_arcmin: np.ndarray,
                eligible: np.ndarray) -> np.ndarray:
    """Per object, the id of its complex (the smallest index among its members), −1 for objects
    in no complex. Two eligible objects are linked when their separation is below half the
    larger major axis."""
    n = ra_rad.size
    ids = np.full(n, -1)
    candidates = np.flatnonzero(eligible & np.isfinite(major_arcmin) & (major_arcmin > 0))
    if candidates.size < 2:
        return ids
    candidates = candidates[np.argsort(dec_rad[candidates], kind="stable")]
    dec = dec_rad[candidates]
    xyz = np.column_stack([np.cos(dec) * np.cos(ra_rad[candidates]),
                           np.cos(dec) * np.sin(ra_rad[candidates]), np.sin(dec)])
    radius = np.radians(major_arcmin[candidates] / 120.0)
    widest = float(radius.max())
    pairs = []
    for start in range(0, candidates.size, _CHUNK):
        block = slice(start, start + _CHUNK)
        # sorted by declination: only objects within the widest radius of the block can pair
        lo, hi = np.searchsorted(dec, [dec[block][0] - widest, dec[block][-1] + widest])
        cos_sep = np.clip(xyz[block] @ xyz[lo:hi].T, -1.0, 1.0)
        reach = np.cos(np.maximum(radius[block, None], radius[None, lo:hi]))
        a, b = np.nonzero(cos_sep > reach)
        a, b = a + start, b + lo
        keep = a < b
        pairs.append(np.column_stack([a[keep], b[keep]]))
    linked = np.concatenate(pairs)
    if linked.size == 0:
        return ids
    members = np.unique(linked)
    label = _components(candidates.size, linked)
    for root in np.unique(label[members]):  # the complex's id: its smallest catalogue index
        group = candidates[members[label[members] == root]]
        ids[group] = group.min()
    return ids


@lru_cache(maxsize=2)
def catalog_complexes(catalog: Catalog) -> np.ndarray:
    """``complex_ids`` of every catalogue object, computed once per catalogue."""
    return complex_ids(catalog.ra_rad, catalog.dec_rad, catalog.major_arcmin,
                       _COMPLEX[catalog.family_code])


def fold(ranked: np.ndarray, complex_id: np.ndarray, priority: np.ndarray) -> tuple[np.ndarray, dict[int, list[int]]]:
    """One slot per complex. ``ranked``: candidates, best score first; ``complex_id`` and
    ``priority`` per candidate (higher priority wins, then the earlier rank). Returns the ranked
    candidates without the folded members, and per kept member the members folded into it."""
    ranked = np.asarray(ranked, dtype=int)
    in_complex = ranked[complex_id[ranked] >= 0].tolist()
    if not in_complex:
        return ranked, {}
    principal: dict[int, int] = {}
    for i in in_complex:
        c = int(complex_id[i])
        if c not in principal or priority[i] > priority[principal[c]]:
            principal[c] = i
    parts: dict[int, list[int]] = {}
    for i in in_complex:
        head = principal[int(complex_id[i])]
        if head != i:
            parts.setdefault(head, []).append(i)
    folded = [i for members in parts.values() for i in members]
    return ranked[~np.isin(ranked, folded)], parts
