"""Which constellation a direction lies in (IAU boundaries, Roman 1987 / Delporte).

Uses the boundary table Astropy ships (``constellation_data_roman87.dat``) without importing
``astropy.coordinates``: the direction is precessed to B1875 with ERFA and looked up in the
table, the same method as ``astropy.coordinates.get_constellation``.

And what the 88 IAU constellations are called: abbreviation → (name, genitive, German name). OpenNGC writes
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


CONSTELLATIONS: dict[str, tuple[str, str, str]] = {
    "And": ("Andromeda", "Andromedae", "Andromeda"),
    "Ant": ("Antlia", "Antliae", "Luftpumpe"),
    "Aps": ("Apus", "Apodis", "Paradiesvogel"),
    "Aqr": ("Aquarius", "Aquarii", "Wassermann"),
    "Aql": ("Aquila", "Aquilae", "Adler"),
    "Ara": ("Ara", "Arae", "Altar"),
    "Ari": ("Aries", "Arietis", "Widder"),
    "Aur": ("Auriga", "Aurigae", "Fuhrmann"),
    "Boo": ("Boötes", "Boötis", "Bärenhüter"),
    "Cae": ("Caelum", "Caeli", "Grabstichel"),
    "Cam": ("Camelopardalis", "Camelopardalis", "Giraffe"),
    "Cnc": ("Cancer", "Cancri", "Krebs"),
    "CVn": ("Canes Venatici", "Canum Venaticorum", "Jagdhunde"),
    "CMa": ("Canis Major", "Canis Majoris", "Großer Hund"),
    "CMi": ("Canis Minor", "Canis Minoris", "Kleiner Hund"),
    "Cap": ("Capricornus", "Capricorni", "Steinbock"),
    "Car": ("Carina", "Carinae", "Kiel des Schiffs"),
    "Cas": ("Cassiopeia", "Cassiopeiae", "Kassiopeia"),
    "Cen": ("Centaurus", "Centauri", "Zentaur"),
    "Cep": ("Cepheus", "Cephei", "Kepheus"),
    "Cet": ("Cetus", "Ceti", "Walfisch"),
    "Cha": ("Chamaeleon", "Chamaeleontis", "Chamäleon"),
    "Cir": ("Circinus", "Circini", "Zirkel"),
    "Col": ("Columba", "Columbae", "Taube"),
    "Com": ("Coma Berenices", "Comae Berenices", "Haar der Berenike"),
    "CrA": ("Corona Australis", "Coronae Australis", "Südliche Krone"),
    "CrB": ("Corona Borealis", "Coronae Borealis", "Nördliche Krone"),
    "Crv": ("Corvus", "Corvi", "Rabe"),
    "Crt": ("Crater", "Crateris", "Becher"),
    "Cru": ("Crux", "Crucis", "Kreuz des Südens"),
    "Cyg": ("Cygnus", "Cygni", "Schwan"),
    "Del": ("Delphinus", "Delphini", "Delphin"),
    "Dor": ("Dorado", "Doradus", "Schwertfisch"),
    "Dra": ("Draco", "Draconis", "Drache"),
    "Equ": ("Equuleus", "Equulei", "Füllen"),
    "Eri": ("Eridanus", "Eridani", "Eridanus"),
    "For": ("Fornax", "Fornacis", "Chemischer Ofen"),
    "Gem": ("Gemini", "Geminorum", "Zwillinge"),
    "Gru": ("Grus", "Gruis", "Kranich"),
    "Her": ("Hercules", "Herculis", "Herkules"),
    "Hor": ("Horologium", "Horologii", "Pendeluhr"),
    "Hya": ("Hydra", "Hydrae", "Wasserschlange"),
    "Hyi": ("Hydrus", "Hydri", "Kleine Wasserschlange"),
    "Ind": ("Indus", "Indi", "Inder"),
    "Lac": ("Lacerta", "Lacertae", "Eidechse"),
    "Leo": ("Leo", "Leonis", "Löwe"),
    "LMi": ("Leo Minor", "Leonis Minoris", "Kleiner Löwe"),
    "Lep": ("Lepus", "Leporis", "Hase"),
    "Lib": ("Libra", "Librae", "Waage"),
    "Lup": ("Lupus", "Lupi", "Wolf"),
    "Lyn": ("Lynx", "Lyncis", "Luchs"),
    "Lyr": ("Lyra", "Lyrae", "Leier"),
    "Men": ("Mensa", "Mensae", "Tafelberg"),
    "Mic": ("Microscopium", "Microscopii", "Mikroskop"),
    "Mon": ("Monoceros", "Monocerotis", "Einhorn"),
    "Mus": ("Musca", "Muscae", "Fliege"),
    "Nor": ("Norma", "Normae", "Winkelmaß"),
    "Oct": ("Octans", "Octantis", "Oktant"),
    "Oph": ("Ophiuchus", "Ophiuchi", "Schlangenträger"),
    "Ori": ("Orion", "Orionis", "Orion"),
    "Pav": ("Pavo", "Pavonis", "Pfau"),
    "Peg": ("Pegasus", "Pegasi", "Pegasus"),
    "Per": ("Perseus", "Persei", "Perseus"),
    "Phe": ("Phoenix", "Phoenicis", "Phönix"),
    "Pic": ("Pictor", "Pictoris", "Maler"),
    "Psc": ("Pisces", "Piscium", "Fische"),
    "PsA": ("Piscis Austrinus", "Piscis Austrini", "Südlicher Fisch"),
    "Pup": ("Puppis", "Puppis", "Achterdeck des Schiffs"),
    "Pyx": ("Pyxis", "Pyxidis", "Kompass"),
    "Ret": ("Reticulum", "Reticuli", "Netz"),
    "Sge": ("Sagitta", "Sagittae", "Pfeil"),
    "Sgr": ("Sagittarius", "Sagittarii", "Schütze"),
    "Sco": ("Scorpius", "Scorpii", "Skorpion"),
    "Scl": ("Sculptor", "Sculptoris", "Bildhauer"),
    "Sct": ("Scutum", "Scuti", "Schild"),
    "Ser": ("Serpens", "Serpentis", "Schlange"),
    "Sex": ("Sextans", "Sextantis", "Sextant"),
    "Tau": ("Taurus", "Tauri", "Stier"),
    "Tel": ("Telescopium", "Telescopii", "Teleskop"),
    "Tri": ("Triangulum", "Trianguli", "Dreieck"),
    "TrA": ("Triangulum Australe", "Trianguli Australis", "Südliches Dreieck"),
    "Tuc": ("Tucana", "Tucanae", "Tukan"),
    "UMa": ("Ursa Major", "Ursae Majoris", "Großer Bär"),
    "UMi": ("Ursa Minor", "Ursae Minoris", "Kleiner Bär"),
    "Vel": ("Vela", "Velorum", "Segel des Schiffs"),
    "Vir": ("Virgo", "Virginis", "Jungfrau"),
    "Vol": ("Volans", "Volantis", "Fliegender Fisch"),
    "Vul": ("Vulpecula", "Vulpeculae", "Fuchs"),
}
"""Abbreviation → (IAU name, genitive, German name). German names: those of German Wikipedia's
"Liste der Sternbilder" and the German observing literature."""
_SERPENS_PARTS = {"Se1": ("Serpens Caput", "Kopf"), "Se2": ("Serpens Cauda", "Schwanz")}


def constellation_name(abbreviation: str, language: str = "en") -> str:
    """What a constellation is called (an IAU or OpenNGC code): its IAU name in English ("Cygnus"
    — the name English-speaking observers use), its German name in German ("Schwan"). Serpens
    keeps its part in brackets; a code that is no constellation is said as it is."""
    german = language == "de"
    if abbreviation in _SERPENS_PARTS:
        latin, part = _SERPENS_PARTS[abbreviation]
        return f"Schlange ({part})" if german else f"Serpens ({latin})"
    if abbreviation not in CONSTELLATIONS:
        return abbreviation
    return CONSTELLATIONS[abbreviation][2 if german else 0]


def constellation_genitive(abbreviation: str) -> str:
    """Genitive of an IAU abbreviation ("Per" → "Persei"), used in star-based names."""
    return CONSTELLATIONS["Ser" if abbreviation in _SERPENS_PARTS else abbreviation][1]
