"""The Sun, the Moon and the eight planets as ``data/solar_system.yaml`` describes them: names in
English and German, and the hand-kept NASA fact-sheet values (with their sources) the object
cards are written from. The name lookup (:mod:`singularity.stellarium.names`) reads the names;
positions come from :mod:`singularity.planning.ephemeris`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from singularity.planning.showpieces import DATA
from singularity.yamldata import load_yaml

DATA_PATH: Path = DATA / "solar_system.yaml"


@dataclass(frozen=True)
class Source:
    """A cited source: its title and address."""

    title: str
    url: str


@dataclass(frozen=True)
class Body:
    key: str
    name: str
    german: tuple[str, ...]
    kind: str
    """star | moon | planet"""
    body_class: str
    radius_km: float
    mass_earth: float
    density_kg_m3: float
    gravity_m_s2: float
    distance_million_km: float
    rotation_hours: float
    temperature_c: float
    sources: tuple[Source, ...]
    keywords: tuple[str, ...] = ()
    order: int | None = None
    orbital_period_days: float | None = None
    moons: int | None = None
    magnitude: tuple[float, float] | None = None
    synodic_days: float | None = None
    max_elongation_deg: float | None = None
    binoculars: tuple[str, ...] = ()
    telescope: tuple[str, ...] = ()
    rings_note: str = ""


@lru_cache(maxsize=1)
def load_bodies(path: Path = DATA_PATH) -> tuple[Body, ...]:
    """The bodies of the YAML file, in file order."""
    entries = load_yaml(path.read_text(encoding="utf-8"))
    return tuple(_body(entry) for entry in entries)



def _body(entry: dict) -> Body:
    magnitude = entry.get("magnitude")
    return Body(
        key=entry["key"], name=entry["name"], german=tuple(entry.get("german", ())),
        kind=entry["kind"], body_class=entry["class"], radius_km=float(entry["radius_km"]),
        mass_earth=float(entry["mass_earth"]), density_kg_m3=float(entry["density_kg_m3"]),
        gravity_m_s2=float(entry["gravity_m_s2"]),
        distance_million_km=float(entry["distance_million_km"]),
        rotation_hours=float(entry["rotation_hours"]),
        temperature_c=float(entry["temperature_c"]),
        sources=tuple(Source(s["title"], s["url"]) for s in entry["sources"]),
        keywords=tuple(entry.get("keywords", ())), order=entry.get("order"),
        orbital_period_days=entry.get("orbital_period_days"), moons=entry.get("moons"),
        magnitude=tuple(magnitude) if magnitude else None,
        synodic_days=entry.get("synodic_days"),
        max_elongation_deg=entry.get("max_elongation_deg"),
        binoculars=tuple(entry.get("binoculars", ())),
        telescope=tuple(entry.get("telescope", ())), rings_note=entry.get("rings_note", ""),
    )
