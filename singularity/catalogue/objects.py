"""The planner's English labels (an object's family, the Moon's phase, a constellation's code, a
target's names) in the conversation's language: one place for the chat's plan table, the
terminal's, the exported lists and the offline pilot's plan lines."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from singularity.catalogue import Language, catalogue, say
from singularity.planning.constellations import constellation_name

_BODY_FAMILIES = frozenset({"planet", "moon"})


@cache
def _families() -> dict[str, str]:
    from singularity.planning.catalog import FAMILY_LABEL

    return {label: family for family, label in FAMILY_LABEL.items()}


def object_type(label: str, language: Language) -> str:
    """A target's ``type`` ("open cluster") as its family is called in ``language``."""
    family = _families().get(label)
    return say(f"object_types.{family}", language) if family else label


def moon_phase(phase: str, language: Language) -> str:
    """The plan's phase name ("waxing gibbous") in ``language``."""
    key = f"object_types.moon_{phase.lower().replace(' ', '_')}"
    return say(key, language) if key in catalogue() else phase


def constellation(code: str, language: Language) -> str:
    """A target's constellation code ("Cyg") as a person reads it: "Cygnus" in English (the IAU
    name observers use), "Schwan" in German."""
    return constellation_name(code, language)


def designation(target: Mapping[str, Any], language: Language) -> str:
    """A plan target's designation as shown: "M42"; a planet or the Moon by its name in
    ``language`` ("Mond"), since its designation is its English name."""
    if language == "de" and target.get("family") in _BODY_FAMILIES and target.get("german_name"):
        return target["german_name"]
    return target["name"]


def common_name(target: Mapping[str, Any], language: Language) -> str:
    """A plan target's common name in ``language``: the German one in German where German
    observers have one ("Orionnebel"), else the English or Latin one ("Omega Centauri");
    empty for objects without one and for planets and the Moon (their designation is a name)."""
    if target.get("family") in _BODY_FAMILIES:
        return ""
    if language == "de" and target.get("german_name"):
        return target["german_name"]
    return target.get("common_name") or ""


def target_name(target: Mapping[str, Any], language: Language) -> str:
    """Designation and common name together: "M42 (Orionnebel)", "Mond"."""
    name = common_name(target, language)
    return f"{designation(target, language)} ({name})" if name else designation(target, language)
