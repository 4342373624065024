"""Profile memory: the user's stable observing preferences, kept in one small JSON file.

Only planning values are stored (usual location, equipment, preferred object types, default
duration), never chat transcripts. The profile fills gaps only: every value it supplies is
announced as an assumption, and whatever the current session has set wins. Each user has their
own file (``users/space.py``). Writes are atomic and every read-modify-write holds the file's
lock (``users/files.py``), so the chat app and the command line never lose each other's
updates; a damaged file is moved aside instead of breaking the session.
"""

from __future__ import annotations

import json
import logging
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from singularity.catalogue import Message, catalogue, listing, msg
from singularity.config import Settings
from singularity.planning.countries import place_said
from singularity.planning.equipment import instrument_said
from singularity.planning.models import Equipment, Location
from singularity.units import UnitSystem
from singularity.users.files import locked, write_atomic
from singularity.users.space import user_space

log = logging.getLogger(__name__)

PROFILE_SOURCE = "profile"
"""``Location.source`` of a location filled in from the profile."""

class Profile(BaseModel):
    model_config = ConfigDict(extra="ignore")

    usual_location: Location | None = None
    equipment: Equipment | None = None
    preferred_object_types: list[str] = Field(default_factory=list)
    """Planner families (``galaxy``, ``open_cluster``, …), as the preference tool stores them."""
    default_duration_hours: float | None = Field(None, gt=0, le=24)
    updated_at: datetime | None = None


class ProfileStore:
    """Loads and saves one profile file; never raises on a missing or damaged file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def from_settings(cls, *, settings: Settings, user: str | None = None) -> ProfileStore:
        """The profile of ``user`` (an authenticated identity; None: the local user)."""
        return cls(user_space(settings, user).profile_file)

    def load(self) -> Profile:
        """The stored profile; empty when there is none. A damaged file is moved to
        ``<name>.corrupt`` (with a warning) so the next save starts clean."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return Profile()
        except OSError as exc:
            log.warning("Could not read the profile %s (%s); starting without it.", self.path, exc)
            return Profile()
        try:
            return Profile.model_validate(json.loads(raw.decode("utf-8")))
        except ValueError as exc:  # bad UTF-8, bad JSON and ValidationError are all ValueErrors
            aside = self.path.with_name(self.path.name + ".corrupt")
            log.warning(
                "The profile %s is damaged (%s); moved it to %s and starting with an empty "
                "profile.", self.path, _first_line(exc), aside,
            )
            try:
                os.replace(self.path, aside)
            except OSError as move_error:
                log.warning("Could not move the damaged profile aside: %s", move_error)
            return Profile()

    def save(self, profile: Profile) -> None:
        """Write atomically: readers see the old or the new file, never a partial one."""
        write_atomic(self.path, profile.model_dump_json(indent=2, exclude_none=True))

    def remember(self, planning_data: dict[str, Any], *, now: datetime | None = None) -> Profile:
        """Merge the session's valid planning values into the stored profile and save it.

        Values that are unset, empty or malformed (an unresolved place, a bare equipment
        string) are skipped; a failed write is logged, not raised, so a turn never fails on it.
        Returns the merged profile."""
        try:
            with locked(self.path):
                profile = self.load()
                merged = merge_planning_data(profile, planning_data)
                if merged == profile:
                    return profile
                merged = merged.model_copy(update={"updated_at": now or datetime.now(UTC)})
                self.save(merged)
        except OSError as exc:
            log.warning("Could not save the profile %s: %s", self.path, exc)
            return merge_planning_data(self.load(), planning_data)
        return merged


def merge_planning_data(profile: Profile, planning_data: dict[str, Any]) -> Profile:
    """``profile`` with every valid, non-empty planning value of the session taking over."""
    update: dict[str, Any] = {}
    location = _valid(Location, planning_data.get("location"))
    if location is not None and location.source != PROFILE_SOURCE:  # not our own default back
        update["usual_location"] = location
    if (equipment := _valid(Equipment, planning_data.get("equipment"))) is not None:
        update["equipment"] = equipment
    preferences = planning_data.get("object_preferences")
    if isinstance(preferences, list) and preferences and all(isinstance(p, str) for p in preferences):
        update["preferred_object_types"] = list(preferences)
    hours = planning_data.get("duration_hours")
    if isinstance(hours, int | float) and not isinstance(hours, bool) and 0 < hours <= 24:
        update["default_duration_hours"] = float(hours)
    return profile.model_copy(update=update)


def profile_defaults(profile: Profile, planning_data: dict[str, Any]) -> dict[str, Any]:
    """The ``planning_data`` values the profile fills in: only keys the session has not set
    (missing or ``None``), as JSON-ready values. The location is marked ``source="profile"``."""
    defaults: dict[str, Any] = {}
    if planning_data.get("location") is None and profile.usual_location is not None:
        location = profile.usual_location.model_copy(update={"source": PROFILE_SOURCE})
        defaults["location"] = location.model_dump(mode="json")
    if planning_data.get("equipment") is None and profile.equipment is not None:
        defaults["equipment"] = profile.equipment.model_dump(mode="json")
    if planning_data.get("object_preferences") is None and profile.preferred_object_types:
        defaults["object_preferences"] = list(profile.preferred_object_types)
    if planning_data.get("duration_hours") is None and profile.default_duration_hours is not None:
        defaults["duration_hours"] = profile.default_duration_hours
    return defaults


def assumptions(profile: Profile, planning_data: dict[str, Any], *,
                units: UnitSystem = "metric") -> list[Message]:
    """One plain sentence per value the profile would fill in, for the user to see (the
    instrument's aperture in ``units``)."""
    defaults = profile_defaults(profile, planning_data)
    sentences: list[Message] = []
    if "location" in defaults:
        sentences.append(msg("profile.assume_location", place=place_said(Location.model_validate(defaults["location"]))))
    if "equipment" in defaults:
        equipment = Equipment.model_validate(defaults["equipment"])
        sentences.append(msg("profile.assume_equipment",
                             equipment=instrument_said(equipment.label, equipment.title, units)))
    if "object_preferences" in defaults:
        sentences.append(msg("profile.assume_types", types=listing(
            [_family(kind) for kind in defaults["object_preferences"]])))
    if "duration_hours" in defaults:
        sentences.append(msg("profile.assume_duration", hours=f"{defaults['duration_hours']:g}"))
    return sentences


def _family(kind: str) -> Message:
    """An object family in running text; one the catalogue does not know keeps its name."""
    if f"types.{kind}" in catalogue():
        return msg(f"types.{kind}")
    return msg("common.verbatim", text=kind.replace("_", " "))


def _valid(model: type[BaseModel], value: Any) -> Any:
    if not isinstance(value, dict):
        return None
    try:
        return model.model_validate(value)
    except ValidationError:
        log.debug("Not remembering an invalid %s: %r", model.__name__, value)
        return None


def _first_line(exc: Exception) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
