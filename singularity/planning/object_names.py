"""What catalogue objects are called, in English and in German: OpenNGC's common names written
out ("omi Per Cloud" → "Omicron Persei Cloud"), completed and corrected by the hand-kept
``data/object_names.yaml``, which also holds the names German observers use ("Orionnebel",
"Plejaden"; those of German Wikipedia and the German observing literature, where one is
established — none is invented).

One place for names: the planner's catalogue (:mod:`singularity.planning.catalog`, a plan's
person-facing names) and the object records (:mod:`singularity.planning.objects`, the name
lookup and the object cards) both read them here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from singularity.planning.constellations import CONSTELLATIONS, constellation_genitive
from singularity.planning.showpieces import DATA
from singularity.yamldata import load_yaml

SUPPLEMENT_PATH = DATA / "object_names.yaml"

_GREEK = {
    "alf": "Alpha", "alp": "Alpha", "bet": "Beta", "gam": "Gamma", "del": "Delta",
    "eps": "Epsilon", "zet": "Zeta", "eta": "Eta", "tet": "Theta",
    "iot": "Iota", "kap": "Kappa", "kappa": "Kappa", "lam": "Lambda", "mu": "Mu", "nu": "Nu",
    "xi": "Xi", "omi": "Omicron", "pi": "Pi", "rho": "Rho", "sig": "Sigma", "tau": "Tau",
    "ups": "Upsilon", "phi": "Phi", "chi": "Chi", "psi": "Psi", "ome": "Omega",
}
# a Bayer letter, a Latin letter or a Flamsteed number, then a constellation abbreviation
_STAR_NAME = re.compile(
    rf"^(?P<star>{'|'.join(sorted(set(_GREEK.values())))}|[A-Za-z]|\d+) "
    r"(?P<abbr>[A-Z][A-Za-z]{2}) (?P<rest>.+)$"
)

_GENITIVES = sorted({genitive for _, genitive, _ in CONSTELLATIONS.values()}, key=len, reverse=True)
STAR_DESIGNATION = re.compile(
    rf"\b(?:{'|'.join(sorted(set(_GREEK.values())))}|[A-Z]{{1,2}}|\d{{1,3}})\s+(?:{'|'.join(_GENITIVES)})\b",
    re.IGNORECASE)
"""A star by its designation in running text: a Bayer letter, a variable star's letters or a
Flamsteed number before its constellation's genitive ("Eta Carinae", "U Scorpii", "RR Lyrae",
"61 Cygni", "T Coronae Borealis"), whether or not the catalogue holds it."""


@lru_cache(maxsize=1)
def load_supplement() -> dict[str, dict]:
    """The hand-kept name additions, keyed by OpenNGC primary name (or a named double star's id)."""
    return load_yaml(SUPPLEMENT_PATH.read_text(encoding="utf-8")) or {}


def english_names(commonnames: str, extra: dict) -> tuple[str, ...]:
    """An object's English common names, the title name first: OpenNGC's comma-separated
    ``commonnames`` written out, without those ``extra`` drops, with its ``names`` added and
    its ``title`` first."""
    dropped = set(extra.get("drop", ()))
    names = [expand_name(n.strip()) for n in commonnames.split(",") if n.strip() and n.strip() not in dropped]
    names += extra.get("names", [])
    unique = list(dict.fromkeys(names))
    title = extra.get("title")
    if title:
        unique = [title] + [n for n in unique if n != title]
    return tuple(unique)


def german_names(extra: dict) -> tuple[str, ...]:
    """The object's German names, the one a German plan shows first (empty: none is established,
    the English or Latin name serves in German too)."""
    return tuple(extra.get("german", ()))


def expand_name(name: str) -> str:
    """Catalogue shorthand to words: "the Running Man Nebula" → "Running Man Nebula",
    "omi Per Cloud" → "Omicron Persei Cloud", "47 Tuc Cluster" → "47 Tucanae Cluster"."""
    if name.lower().startswith("the "):
        name = name[4:]
    first, _, rest = name.partition(" ")
    if first in _GREEK:
        name = f"{_GREEK[first]} {rest}"
    match = _STAR_NAME.match(name)
    if match and match["abbr"] in CONSTELLATIONS:
        return f"{match['star']} {constellation_genitive(match['abbr'])} {match['rest']}"
    return name
