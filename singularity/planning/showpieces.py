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
    position = {object_id: k for k, object_id in enumerate(ids)}
    tier = np.zeros(len(ids), dtype=np.int8)
    lists: list[list[str]] = [[] for _ in ids]

    def mark(k: int, name: str, level: int) -> None:
        lists[k].append(name)
        tier[k] = max(tier[k], level)

    for entry in showpiece_lists():
        if entry["id"] == "messier":
            members = [k for k, is_messier in enumerate(messier) if is_messier]
        else:
            members = [position[name] for name in _members(entry) if name in position]
        for k in sorted(members):
            mark(k, entry["name"], entry["tier"])
    for object_id in double_star_ids:
        if object_id in position:
            mark(position[object_id], DOUBLE_STARS_LIST, CLASSIC_TIER)
    return tier, [tuple(on) for on in lists]
