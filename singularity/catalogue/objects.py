"""The planner's English labels (an object's family, the Moon's phase) in the conversation's
language: one place for the chat's plan table and the offline pilot's plan lines."""

from __future__ import annotations

from functools import cache

from singularity.catalogue import Language, catalogue, say


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
