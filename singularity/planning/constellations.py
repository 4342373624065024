"""Which constellation a direction lies in (IAU boundaries, Roman 1987 / Delporte).

Uses the boundary table Astropy ships (``constellation_data_roman87.dat``) without importing
``astropy.coordinates``: the direction is precessed to B1875 with ERFA and looked up in the
table, the same method as ``astropy.coordinates.get_constellation``.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

import erfa
import numpy as np

_B1875_JD = 2405889.258550475  # Besselian epoch 1875.0


def _data_file(name: str) -> Path:
    spec = importlib.util.find_spec("astropy")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("astropy is not installed; constellation boundaries are unavailable")
    return Path(spec.submodule_search_locations[0]) / "coordinates" / "data" / name


@lru_cache(maxsize=1)
def _table() -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]:
    rows = [
        line.split()
        for line in _data_file("constellation_data_roman87.dat").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return (
        np.array([float(r[0]) for r in rows]), np.array([float(r[1]) for r in rows]),
        np.array([float(r[2]) for r in rows]), [r[3] for r in rows],
    )


@lru_cache(maxsize=1)
def _to_b1875() -> np.ndarray:
    return erfa.pmat06(_B1875_JD, 0.0)


def constellation_of(ra_rad: float, dec_rad: float) -> str:
    """IAU three-letter abbreviation of the constellation containing an ICRS direction."""
    vector = _to_b1875() @ erfa.s2c(ra_rad, dec_rad)
    ra, dec = erfa.c2s(vector)
    ra_hours, dec_deg = float(erfa.anp(ra)) * 12 / np.pi, float(np.degrees(dec))
    ra_low, ra_up, dec_low, names = _table()
    hits = np.flatnonzero((ra_low < ra_hours) & (ra_hours < ra_up) & (dec_deg > dec_low))
    return names[hits[0]] if hits.size else "Oct"
