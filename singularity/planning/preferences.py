"""Object-type preferences from free text ("vor allem Galaxien", "nur Kugelsternhaufen",
"planets and clusters"): which families, and how strongly.

Strength, as people mean it: "nur …" / "only …" asks for nothing else; "vor allem …" /
"mostly …" — and a bare "Galaxien" — asks for a list mostly of that kind; no preference asks
for a varied night. ``selection`` turns the strength into the list's composition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from singularity.catalogue import msg
from singularity.errors import InputError

# word stem (lower case, German and English) → planner families
_STEMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("planetary nebula", ("planetary_nebula",)), ("planetarischer nebel", ("planetary_nebula",)),
    ("planetarische nebel", ("planetary_nebula",)), ("planetarische", ("planetary_nebula",)),
    ("globular cluster", ("globular_cluster",)), ("globular", ("globular_cluster",)), ("kugelsternhaufen", ("globular_cluster",)),
    ("kugelhaufen", ("globular_cluster",)),
    ("open cluster", ("open_cluster",)), ("offene sternhaufen", ("open_cluster",)),
    ("offener sternhaufen", ("open_cluster",)), ("offene haufen", ("open_cluster",)),
    ("galax", ("galaxy", "galaxy_group")),
    ("nebul", ("nebula", "planetary_nebula", "supernova_remnant", "cluster_nebula")),
    ("nebel", ("nebula", "planetary_nebula", "supernova_remnant", "cluster_nebula")),
    ("supernova", ("supernova_remnant",)),
    ("cluster", ("open_cluster", "globular_cluster", "cluster_nebula")),
    ("sternhaufen", ("open_cluster", "globular_cluster", "cluster_nebula")),
    ("haufen", ("open_cluster", "globular_cluster", "cluster_nebula")),
    ("double star", ("double_star",)), ("doppelstern", ("double_star",)),
    ("planet", ("planet",)), ("moon", ("moon",)), ("mond", ("moon",)),
    ("deep sky", ("galaxy", "galaxy_group", "nebula", "planetary_nebula", "open_cluster",
                  "globular_cluster", "cluster_nebula", "supernova_remnant")),
    ("deep-sky", ("galaxy", "galaxy_group", "nebula", "planetary_nebula", "open_cluster",
                  "globular_cluster", "cluster_nebula", "supernova_remnant")),
)
CHOICES = msg("planning.object_types")


class PreferenceStrength(StrEnum):
    NONE = "none"
    MOSTLY = "mostly"
    ONLY = "only"


_ONLY = re.compile(
    r"\b(?:nur|ausschlie(?:ß|ss)lich|lediglich|only|exclusively|just|nothing but|nichts au(?:ß|ss)er)\b"
)


@dataclass(frozen=True)
class PreferenceRequest:
    families: list[str]
    strength: PreferenceStrength


def parse_preference_request(text: str | None) -> PreferenceRequest:
    """The families and the strength of the preference in ``text``."""
    families = parse_preferences(text)
    if not families:
        return PreferenceRequest([], PreferenceStrength.NONE)
    only = _ONLY.search(re.sub(r"\s+", " ", (text or "").lower()))
    return PreferenceRequest(families, PreferenceStrength.ONLY if only else PreferenceStrength.MOSTLY)


def parse_preferences(text: str | None) -> list[str]:
    """Planner families the user prefers, in a stable order; empty for no preference."""
    if not text or not text.strip() or text.strip().lower() in {"any", "alles", "egal", "none"}:
        return []
    remaining = re.sub(r"\s+", " ", text.lower())
    found: list[str] = []
    for stem, families in _STEMS:
        if stem in remaining:
            remaining = remaining.replace(stem, " ")
            found.extend(f for f in families if f not in found)
    if not found:
        raise InputError(msg("planning.unknown_object_type", text=text.strip(), choices=CHOICES))
    return found
