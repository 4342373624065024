"""Objects observers seek out: the Messier, Caldwell, Herschel 400 and RASC Finest NGC lists and
named double stars, shipped as data with their sources (``data/showpieces.json``,
``data/double_stars.json``).

Observing guides and clubs build their programmes on these lists, so a target on one of them is
what an experienced observer would put on a night's list before an anonymous catalogue entry of
the same visibility. Two tiers: the classic showpiece lists (Messier, Caldwell, Finest NGC,
named doubles) and the Herschel 400, which is broader and fainter.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

DATA = Path(__file__).with_name("data")
CLASSIC_TIER = 2
HERSCHEL_TIER = 1
DOUBLE_STARS_LIST = "Named double stars"


@lru_cache(maxsize=1)
def showpiece_lists() -> tuple[dict, ...]:
    """The lists as shipped, each with its id, name, tier, source and how it was checked."""
    return tuple(json.loads((DATA / "showpieces.json").read_text(encoding="utf-8"))["lists"])


@lru_cache(maxsize=1)
def named_double_stars() -> tuple[dict, ...]:
    """The named double stars, with J2000 positions as sexagesimal strings."""
    return tuple(json.loads((DATA / "double_stars.json").read_text(encoding="utf-8"))["stars"])


def _members(entry: dict) -> set[str]:
    if "entries" in entry:
        groups = entry["entries"].values() if isinstance(entry["entries"], dict) else entry["entries"]
        return {name for group in groups for name in group}
    return set(entry.get("objects", []))


def memberships(ids: list[str], messier: list[bool], double_star_ids: set[str]) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """Per catalogue object: its showpiece tier (0 = anonymous) and the names of the lists it is
    on. ``messier`` marks objects with a Messier number (read from OpenNGC with the catalogue)."""
    members = {entry["id"]: _members(entry) for entry in showpiece_lists()}
    names = {entry["id"]: entry["name"] for entry in showpiece_lists()}
    tiers = {entry["id"]: entry["tier"] for entry in showpiece_lists()}
    tier = np.zeros(len(ids), dtype=np.int8)
    lists: list[tuple[str, ...]] = []
    for k, (object_id, is_messier) in enumerate(zip(ids, messier, strict=True)):
        on = [names[key] for key, group in members.items()
              if (key == "messier" and is_messier) or object_id in group]
        if object_id in double_star_ids:
            on.append(DOUBLE_STARS_LIST)
        lists.append(tuple(on))
        best = [tiers[key] for key, group in members.items()
                if (key == "messier" and is_messier) or object_id in group]
        tier[k] = max(best + ([CLASSIC_TIER] if object_id in double_star_ids else []), default=0)
    return tier, lists
