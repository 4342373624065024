"""Which constellation a direction lies in (IAU boundaries, Roman 1987 / Delporte).

Uses the boundary table Astropy ships (``constellation_data_roman87.dat``) without importing
``astropy.coordinates``: the direction is precessed to B1875 with ERFA and looked up in the
table, the same method as ``astropy.coordinates.get_constellation``.

And what the 88 IAU constellations are called: abbreviation → (name, genitive). OpenNGC writes
Serpens as ``Se1`` (Serpens Caput) and ``Se2`` (Serpens Cauda); both are the one IAU
constellation Serpens. The genitive turns catalogue shorthand such as ``omi Per`` into
"Omicron Persei".
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


CONSTELLATIONS: dict[str, tuple[str, str]] = {
    "And": ("Andromeda", "Andromedae"), "Ant": ("Antlia", "Antliae"), "Aps": ("Apus", "Apodis"),
    "Aqr": ("Aquarius", "Aquarii"), "Aql": ("Aquila", "Aquilae"), "Ara": ("Ara", "Arae"),
    "Ari": ("Aries", "Arietis"), "Aur": ("Auriga", "Aurigae"), "Boo": ("Boötes", "Boötis"),
    "Cae": ("Caelum", "Caeli"), "Cam": ("Camelopardalis", "Camelopardalis"),
    "Cnc": ("Cancer", "Cancri"), "CVn": ("Canes Venatici", "Canum Venaticorum"),
    "CMa": ("Canis Major", "Canis Majoris"), "CMi": ("Canis Minor", "Canis Minoris"),
    "Cap": ("Capricornus", "Capricorni"), "Car": ("Carina", "Carinae"),
    "Cas": ("Cassiopeia", "Cassiopeiae"), "Cen": ("Centaurus", "Centauri"),
    "Cep": ("Cepheus", "Cephei"), "Cet": ("Cetus", "Ceti"),
    "Cha": ("Chamaeleon", "Chamaeleontis"), "Cir": ("Circinus", "Circini"),
    "Col": ("Columba", "Columbae"), "Com": ("Coma Berenices", "Comae Berenices"),
    "CrA": ("Corona Australis", "Coronae Australis"),
    "CrB": ("Corona Borealis", "Coronae Borealis"), "Crv": ("Corvus", "Corvi"),
    "Crt": ("Crater", "Crateris"), "Cru": ("Crux", "Crucis"), "Cyg": ("Cygnus", "Cygni"),
    "Del": ("Delphinus", "Delphini"), "Dor": ("Dorado", "Doradus"),
    "Dra": ("Draco", "Draconis"), "Equ": ("Equuleus", "Equulei"),
    "Eri": ("Eridanus", "Eridani"), "For": ("Fornax", "Fornacis"),
    "Gem": ("Gemini", "Geminorum"), "Gru": ("Grus", "Gruis"), "Her": ("Hercules", "Herculis"),
    "Hor": ("Horologium", "Horologii"), "Hya": ("Hydra", "Hydrae"), "Hyi": ("Hydrus", "Hydri"),
    "Ind": ("Indus", "Indi"), "Lac": ("Lacerta", "Lacertae"), "Leo": ("Leo", "Leonis"),
    "LMi": ("Leo Minor", "Leonis Minoris"), "Lep": ("Lepus", "Leporis"),
    "Lib": ("Libra", "Librae"), "Lup": ("Lupus", "Lupi"), "Lyn": ("Lynx", "Lyncis"),
    "Lyr": ("Lyra", "Lyrae"), "Men": ("Mensa", "Mensae"),
    "Mic": ("Microscopium", "Microscopii"), "Mon": ("Monoceros", "Monocerotis"),
    "Mus": ("Musca", "Muscae"), "Nor": ("Norma", "Normae"), "Oct": ("Octans", "Octantis"),
    "Oph": ("Ophiuchus", "Ophiuchi"), "Ori": ("Orion", "Orionis"), "Pav": ("Pavo", "Pavonis"),
    "Peg": ("Pegasus", "Pegasi"), "Per": ("Perseus", "Persei"),
    "Phe": ("Phoenix", "Phoenicis"), "Pic": ("Pictor", "Pictoris"),
    "Psc": ("Pisces", "Piscium"), "PsA": ("Piscis Austrinus", "Piscis Austrini"),
    "Pup": ("Puppis", "Puppis"), "Pyx": ("Pyxis", "Pyxidis"), "Ret": ("Reticulum", "Reticuli"),
    "Sge": ("Sagitta", "Sagittae"), "Sgr": ("Sagittarius", "Sagittarii"),
    "Sco": ("Scorpius", "Scorpii"), "Scl": ("Sculptor", "Sculptoris"),
    "Sct": ("Scutum", "Scuti"), "Ser": ("Serpens", "Serpentis"),
    "Sex": ("Sextans", "Sextantis"), "Tau": ("Taurus", "Tauri"),
    "Tel": ("Telescopium", "Telescopii"), "Tri": ("Triangulum", "Trianguli"),
    "TrA": ("Triangulum Australe", "Trianguli Australis"), "Tuc": ("Tucana", "Tucanae"),
    "UMa": ("Ursa Major", "Ursae Majoris"), "UMi": ("Ursa Minor", "Ursae Minoris"),
    "Vel": ("Vela", "Velorum"), "Vir": ("Virgo", "Virginis"), "Vol": ("Volans", "Volantis"),
    "Vul": ("Vulpecula", "Vulpeculae"),
}
_SERPENS_PARTS = {"Se1": "Serpens Caput", "Se2": "Serpens Cauda"}


def constellation_name(abbreviation: str) -> str:
    """Full IAU name of an OpenNGC constellation code; Serpens keeps its part in brackets."""
    if abbreviation in _SERPENS_PARTS:
        return f"Serpens ({_SERPENS_PARTS[abbreviation]})"
    return CONSTELLATIONS[abbreviation][0]


def constellation_genitive(abbreviation: str) -> str:
    """Genitive of an IAU abbreviation ("Per" → "Persei"), used in star-based names."""
    return CONSTELLATIONS["Ser" if abbreviation in _SERPENS_PARTS else abbreviation][1]
