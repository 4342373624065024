"""Every OpenNGC object of a type the planner knows, as a record with its names: designations in
every spelling, English common names and German names. What the name lookup
(:mod:`singularity.stellarium.names`) resolves and the generated object cards describe.

Data: OpenNGC as shipped by pyongc, read through :func:`singularity.planning.catalog.openngc_rows`
(the one reader of that file). Magnitude and surface brightness come from the planner's
catalogue (:func:`singularity.planning.catalog.load_catalog`) so that a card, a name lookup and
an observing plan agree. Common names, English and German, come from
:mod:`singularity.planning.object_names`; the hand-kept ``data/object_names.yaml`` also gives
certain Wikipedia articles, M102 and notes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from singularity.planning.catalog import (
    FAMILY_OF_TYPE,
    catalog_magnitude,
    display_name,
    load_catalog,
    openngc_rows,
)
from singularity.planning.constellations import CONSTELLATIONS
from singularity.planning.object_names import english_names, german_names, load_supplement

WIKIPEDIA = "https://en.wikipedia.org/wiki/"

# catalogue prefixes worth listing as designations (photometric survey ids are left out)
_DESIGNATION_PREFIXES = {
    "C": "Caldwell", "Mel": "Melotte", "Cl": "Collinder", "LBN": "LBN", "PGC": "PGC",
    "UGC": "UGC", "UGCA": "UGCA", "ESO": "ESO", "HCG": "HCG", "B": "Barnard",
}
_TITLE_PREFIXES = frozenset({"Caldwell", "Melotte", "Collinder", "HCG"})
_IDENTIFIER = re.compile(r"^(C|Mel|Cl|LBN|PGC|UGCA|UGC|ESO|HCG|B) ?0*(\d+)(?:-0*(\d+))?$")
_ADDENDUM = re.compile(r"^(C|Mel|Cl|HCG|ESO|PGC|UGC|B)0*(\d+)(?:-0*(\d+))?$")
_NGC_IC = re.compile(r"^(NGC|IC)\d")
_MESSIER_PRIMARY = re.compile(r"^M\d")  # addendum records named after Messier (M040)


@dataclass(frozen=True)
class DeepSkyObject:
    primary: str
    """OpenNGC primary name (``NGC0224``)."""
    designation: str
    """Short display designation: ``M31``, ``NGC 7000``, ``Melotte 111``, ``ESO 56-115``."""
    messier: int | None
    designations: tuple[str, ...]
    """Every listed designation, the display one first (``M31``, ``Messier 31``, ``NGC 224``…)."""
    names: tuple[str, ...]
    """English common names, the title name first."""
    german_names: tuple[str, ...]
    type_code: str
    family: str
    hubble: str
    constellation: str
    ra_rad: float
    dec_rad: float
    major_arcmin: float | None
    minor_arcmin: float | None
    magnitude: float | None
    band: str | None
    """``V`` or ``B``: which OpenNGC magnitude ``magnitude`` is."""
    surface_brightness: float | None
    parallax_mas: float | None
    wikipedia_url: str | None
    note: str | None
    kind: str | None
    """Type in words from the YAML, where OpenNGC's type is too coarse (M24: star cloud)."""

    @property
    def ngc_or_ic(self) -> bool:
        """Whether the primary name is an NGC or IC number (not an addendum record)."""
        return bool(_NGC_IC.match(self.primary))

    @property
    def title_designation(self) -> str | None:
        """The designation shown in the title, None for catalogues few observers know."""
        if self.messier or _NGC_IC.match(self.primary):
            return self.designation
        return self.designation if self.designation.split()[0] in _TITLE_PREFIXES else None


@lru_cache(maxsize=1)
def load_objects() -> tuple[DeepSkyObject, ...]:
    """Every OpenNGC object of a type the planner knows, with its card facts."""
    rows = openngc_rows(
        ("name", "type", "ra", "dec", "const", "majax", "minax", "vmag", "bmag", "hubble",
         "parallax", "messier", "ngc", "ic", "identifiers", "commonnames"), by_name=True)
    catalog = load_catalog()
    index = {name: i for i, name in enumerate(catalog.ids)}
    supplement = load_supplement()
    objects = []
    for row in rows:
        i = index.get(row[0])
        magnitude = None if i is None else float(catalog.magnitude[i])
        sb = None if i is None else float(catalog.surface_brightness[i])
        objects.append(_object(row, magnitude, None if sb is None or math.isnan(sb) else sb,
                               supplement.get(row[0], {})))
    return tuple(objects)


def _object(row: tuple, magnitude: float | None, surface_brightness: float | None,
            extra: dict) -> DeepSkyObject:
    (primary, type_code, ra, dec, const, majax, minax, vmag, bmag, hubble, parallax,
     messier_text, ngc, ic, identifiers, commonnames) = row
    messier = int(messier_text) if messier_text else extra.get("messier")
    designation = f"M{messier}" if messier else _display_designation(primary)
    names = english_names(commonnames or "", extra)
    # no OpenNGC magnitude but one from the planner's cited supplement: that one is V
    band = None if magnitude is None else catalog_magnitude(type_code, vmag, bmag)[1] or "V"
    return DeepSkyObject(
        primary=primary, designation=designation, messier=messier,
        designations=_designations(primary, designation, messier, ngc, ic, identifiers),
        names=names, german_names=german_names(extra), type_code=type_code,
        family=FAMILY_OF_TYPE[type_code], hubble=hubble or "",
        constellation=const if const in CONSTELLATIONS or const in ("Se1", "Se2") else "",
        ra_rad=float(ra), dec_rad=float(dec), major_arcmin=majax or None,
        minor_arcmin=minax or None, magnitude=magnitude, band=band,
        surface_brightness=surface_brightness, parallax_mas=parallax,
        wikipedia_url=_wikipedia(primary, messier, names, extra), note=extra.get("note"),
        kind=extra.get("kind"),
    )


def _display_designation(primary: str) -> str:
    if _NGC_IC.match(primary):
        return display_name(primary, None)
    match = _ADDENDUM.match(primary)
    if not match:
        return primary
    prefix = _DESIGNATION_PREFIXES.get(match[1], match[1])
    return f"{prefix} {match[2]}" + (f"-{match[3]}" if match[3] else "")


def _designations(primary: str, designation: str, messier: int | None, ngc: str, ic: str,
                  identifiers: str) -> tuple[str, ...]:
    found = [designation]
    if messier:
        found.append(f"Messier {messier}")
    if not _MESSIER_PRIMARY.match(primary):
        found.append(_display_designation(primary))
    found += [f"NGC {int(n)}" for n in (ngc or "").split(",") if n.strip().isdigit()]
    found += [f"IC {int(n)}" for n in (ic or "").split(",") if n.strip().isdigit()]
    for identifier in (identifiers or "").split(","):
        match = _IDENTIFIER.match(identifier.strip())
        if match:
            found.append(f"{_DESIGNATION_PREFIXES[match[1]]} {match[2]}"
                         + (f"-{match[3]}" if match[3] else ""))
    return tuple(dict.fromkeys(found))


def _wikipedia(primary: str, messier: int | None, names: tuple[str, ...],
               extra: dict) -> str | None:
    """Certain article from the YAML; else Messier_N, or NGC_N / IC_N for named objects."""
    if "wikipedia" in extra:
        title = extra["wikipedia"]
        return f"{WIKIPEDIA}{title}" if title else None
    if messier:
        return f"{WIKIPEDIA}Messier_{messier}"
    if names and _NGC_IC.match(primary):
        return WIKIPEDIA + display_name(primary, None).replace(" ", "_")
    return None
