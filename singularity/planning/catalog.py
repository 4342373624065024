"""The deep-sky catalog: every OpenNGC object (shipped by pyongc) that has a magnitude, plus the
named double stars observers seek out (``data/double_stars.json``; OpenNGC holds only a few
double stars). Showpieces OpenNGC gives without a magnitude (the Hyades, IC 2602, the Jewel Box,
NGC 6193) take theirs from a small cited supplement (``data/showpiece_magnitudes.json``).

Loaded once per process straight from pyongc's SQLite file into numpy arrays (about 11,500
objects); pyongc's object API would cost seconds for the whole catalog. :func:`openngc_rows` is
the one reader of that file: the per-object records with names and designations
(:mod:`singularity.planning.objects`) read it through the same function.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from functools import lru_cache

import erfa
import numpy as np

from singularity.planning.object_names import english_names, german_names, load_supplement
from singularity.planning.showpieces import DATA, memberships, named_double_stars

# OpenNGC type code → planner family (one family per object; used for difficulty and preferences)
FAMILY_OF_TYPE: dict[str, str] = {
    "G": "galaxy", "GPair": "galaxy_group", "GTrpl": "galaxy_group", "GGroup": "galaxy_group",
    "OCl": "open_cluster", "GCl": "globular_cluster", "Cl+N": "cluster_nebula",
    "*Ass": "association", "PN": "planetary_nebula", "HII": "nebula", "EmN": "nebula",
    "Neb": "nebula", "RfN": "nebula", "SNR": "supernova_remnant", "**": "double_star",
    "Other": "asterism",
}
FAMILY_LABEL: dict[str, str] = {
    "galaxy": "galaxy", "galaxy_group": "galaxy group", "open_cluster": "open cluster",
    "globular_cluster": "globular cluster", "cluster_nebula": "cluster with nebula",
    "association": "stellar association", "planetary_nebula": "planetary nebula",
    "nebula": "nebula", "supernova_remnant": "supernova remnant", "double_star": "double star",
    "asterism": "asterism", "planet": "planet", "moon": "Moon",
}
FAMILIES: tuple[str, ...] = tuple(FAMILY_LABEL)
"""Every planner family; an object's ``family_code`` is its index here."""
EXTENDED_FAMILIES = frozenset(
    {"galaxy", "galaxy_group", "nebula", "cluster_nebula", "supernova_remnant", "planetary_nebula"}
)


@dataclass(frozen=True, eq=False)
class Catalog:
    """Hashed by identity, so per-catalogue derived arrays can be cached."""

    ids: list[str]
    """OpenNGC primary names (``NGC0224``)."""
    names: list[str]
    """Display names: Messier number when there is one, else ``NGC 224`` / ``IC 434``."""
    common_names: list[str]
    """English title names ("Orion Nebula"; empty for objects without one)."""
    german_names: list[str]
    """The names German observers use ("Orionnebel"; empty where none is established)."""
    families: list[str]
    constellations: list[str]
    ra_rad: np.ndarray
    dec_rad: np.ndarray
    icrs: np.ndarray
    """ICRS unit vectors, shaped (objects, 3): what ``ephemeris.SkyGrid.cirs`` takes."""
    magnitude: np.ndarray
    surface_brightness: np.ndarray
    """Mean surface brightness in mag/arcsec² (NaN when neither given nor computable)."""
    major_arcmin: np.ndarray
    minor_arcmin: np.ndarray
    family_code: np.ndarray
    """Index into ``FAMILIES`` per object: numeric, so scoring never compares strings."""
    hubble: list[str]
    """Morphological type of galaxies (``Sb``, ``E3``; empty for other objects)."""
    showpiece_tier: np.ndarray
    """0 anonymous, 1 Herschel 400, 2 Messier, Caldwell, Finest NGC or a named double star."""
    showpiece_lists: list[tuple[str, ...]]
    """Names of the observing lists each object is on."""

    def __len__(self) -> int:
        return len(self.ids)


IMPLAUSIBLE_V_MINUS_B = 1.0


def catalog_magnitude(type_code: str, vmag: float | None, bmag: float | None) -> tuple[float | None, str | None]:
    """The magnitude to use and its band: V when given, else B. A galaxy's V more than a
    magnitude fainter than its B is a catalogue error (galaxy colours B − V lie between about
    0.4 and 1.1; OpenNGC gives NGC 253 V 11.1, B 7.9), so B is used then."""
    if (FAMILY_OF_TYPE.get(type_code) == "galaxy" and vmag is not None and bmag is not None
            and vmag > bmag + IMPLAUSIBLE_V_MINUS_B):
        return float(bmag), "B"
    if vmag is not None:
        return float(vmag), "V"
    return (float(bmag), "B") if bmag is not None else (None, None)


@lru_cache(maxsize=1)
def supplement_magnitudes() -> dict[str, float]:
    """V magnitudes for showpieces OpenNGC lists without one, each cited in the data file."""
    objects = json.loads((DATA / "showpiece_magnitudes.json").read_text(encoding="utf-8"))["objects"]
    return {name: float(entry["vmag"]) for name, entry in objects.items()}


def family_codes(families: list[str]) -> np.ndarray:
    return np.array([FAMILIES.index(f) for f in families], dtype=np.int16)


def display_name(primary: str, messier: str | None) -> str:
    if messier:
        return f"M{int(messier)}"
    match = re.fullmatch(r"(NGC|IC|C)0*(\d+)(.*)", primary)  # C041: OpenNGC's Caldwell addendum
    return f"{match[1]} {match[2]}{match[3]}" if match else primary


def _sexagesimal_rad(text: str, hours: bool) -> float:
    sign = -1.0 if text.strip().startswith("-") else 1.0
    a, b, c = (float(part) for part in text.strip().lstrip("+-").split())
    return float(np.radians(sign * (a + b / 60 + c / 3600) * (15 if hours else 1)))


def _double_star_rows() -> list[tuple]:
    """The named double stars in the shape of the OpenNGC query's rows; the size is the
    separation, the magnitude the fainter component's."""
    return [
        (star["id"], "**", _sexagesimal_rad(star["ra"], True), _sexagesimal_rad(star["dec"], False),
         star["constellation"], star["separation_arcsec"] / 60, None, star["magnitude"], None, None,
         "", star["name"], None)
        for star in named_double_stars()
    ]


def _surface_brightness(mag: float, major: float | None, minor: float | None) -> float:
    """Mean surface brightness over an elliptical disk (mag/arcsec²)."""
    if not major:
        return float("nan")
    area_arcsec2 = np.pi / 4 * (major * 60) * ((minor or major) * 60)
    return float(mag + 2.5 * np.log10(area_arcsec2))


def openngc_rows(columns: Sequence[str], condition: str = "", params: Sequence[object] = (), *,
                 by_name: bool = False) -> list[tuple]:
    """``columns`` of every OpenNGC object with coordinates and a type the planner knows (and
    ``condition``, an SQL expression with ``?`` for ``params``), in the file's order or, with
    ``by_name``, by primary name; read from pyongc's SQLite file, opened read-only."""
    from pyongc.ongc import DBPATH

    query = (
        f"SELECT {', '.join(columns)} FROM objects WHERE ra IS NOT NULL "
        f"AND type IN ({','.join('?' * len(FAMILY_OF_TYPE))})"
        + (f" AND ({condition})" if condition else "") + (" ORDER BY name" if by_name else "")
    )
    with closing(sqlite3.connect(f"file:{DBPATH}?mode=ro", uri=True)) as con:
        return con.execute(query, (*FAMILY_OF_TYPE, *params)).fetchall()


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    supplement = supplement_magnitudes()
    rows = openngc_rows(
        ("name", "type", "ra", "dec", "const", "majax", "minax", "vmag", "bmag", "sbrightn",
         "messier", "commonnames", "hubble"),
        f"vmag IS NOT NULL OR bmag IS NOT NULL OR name IN ({','.join('?' * len(supplement))})",
        tuple(supplement),
    ) + _double_star_rows()
    rows = [(*r[:7], supplement[r[0]], *r[8:]) if r[7] is None and r[8] is None else r for r in rows]
    mags = [catalog_magnitude(r[1], r[7], r[8])[0] for r in rows]
    ids = [r[0] for r in rows]
    ra_rad = np.array([r[2] for r in rows], dtype=float)
    dec_rad = np.array([r[3] for r in rows], dtype=float)
    doubles = {star["id"]: {"german": [star["german"]]} for star in named_double_stars() if "german" in star}
    extras = [load_supplement().get(r[0]) or doubles.get(r[0], {}) for r in rows]
    titles = [english_names(r[11] or "", extra) for r, extra in zip(rows, extras, strict=True)]
    tier, lists = memberships(ids, [bool(r[10]) for r in rows], {s["id"] for s in named_double_stars()})
    return Catalog(
        ids=ids,
        names=[display_name(r[0], r[10]) for r in rows],
        common_names=[names[0] if names else "" for names in titles],
        german_names=[next(iter(german_names(extra)), "") for extra in extras],
        families=[FAMILY_OF_TYPE[r[1]] for r in rows],
        constellations=[r[4] or "" for r in rows],
        ra_rad=ra_rad,
        dec_rad=dec_rad,
        icrs=erfa.s2c(ra_rad, dec_rad),
        magnitude=np.array(mags, dtype=float),
        surface_brightness=np.array(
            [r[9] if r[9] is not None else _surface_brightness(m, r[5], r[6])
             for r, m in zip(rows, mags, strict=True)], dtype=float,
        ),
        major_arcmin=np.array([r[5] or np.nan for r in rows], dtype=float),
        minor_arcmin=np.array([r[6] or r[5] or np.nan for r in rows], dtype=float),
        family_code=family_codes([FAMILY_OF_TYPE[r[1]] for r in rows]),
        hubble=[r[12] or "" for r in rows],
        showpiece_tier=tier,
        showpiece_lists=lists,
    )
