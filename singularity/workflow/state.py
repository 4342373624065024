"""The shared workflow state (docs/architecture.md, "Workflow state"): JSON-serialisable only.

Kept deliberately small, because the whole state is put in front of every model call: the
generated plan is stored as a compact summary (the full plan, with its altitude curves, lives
in the session for the UI, not in the prompt).
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from singularity.catalogue import Language
from singularity.catalogue.objects import target_name

INITIAL_STATE: dict[str, Any] = {
    "current_path": None,
    "planning_data": {
        "location": None,
        "datetime_iso": None,
        "time_phrase": None,
        "window_end_iso": None,
        "time_description": None,
        "duration_hours": 2.0,
        "equipment": None,
        "object_preferences": None,
        "preference_strength": None,
        "weather_checked": False,
        "weather_ok": None,
        "weather_summary": None,
        "generated_plan": None,
    },
    "last_discussed_object": None,
    "tour": None,  # stepping through the plan in Stellarium: position, count, telescope, eyepiece
    "user_profile_memory": None,
    "language": None,  # the conversation's, "de" or "en": set by the turn runner from the user's words
}

STATE_PROMPT = (
    "Current state (set by tools; do not invent values that are not here):\n{state}\n\n"
    "User message: {msg}"
)


def initial_state(*, duration_hours: float = 2.0, profile: dict[str, Any] | None = None) -> dict[str, Any]:
    state = copy.deepcopy(INITIAL_STATE)
    state["planning_data"]["duration_hours"] = duration_hours
    state["user_profile_memory"] = profile
    return state


def compact_plan(plan: dict[str, Any], *, limit: int = 5, language: Language = "en") -> dict[str, Any]:
    """The part of a plan that models and follow-up questions need: the top targets, briefly
    (rank, name, type, magnitude, best time, altitude and direction), named as the conversation
    names them ("M42 (Orionnebel)"), so that an answer written from it stays in one language."""
    return {
        "targets": [
            {"rank": t["rank"], "name": target_name(t, language),
             "type": t["type"], "constellation": t["constellation"], "magnitude": t["magnitude"],
             "best_time": t["best_time"][11:16], "altitude_deg": round(t["altitude_deg"]),
             "direction": t["direction"]}
            for t in plan["targets"][:limit]
        ],
        "moon": f"{plan['moon']['phase']}, {plan['moon']['illumination']:.0%} lit",
    }


def now_at(now_iso: str, zone: ZoneInfo | None = None) -> datetime:
    """The turn's "now" as an aware time. One given without an offset (``--now
    2026-12-05T15:00``) is the local time of the place in question, as in ``singularity plan``;
    with no place yet, this machine's zone."""
    now = datetime.fromisoformat(now_iso)
    if now.tzinfo is not None:
        return now
    return now.replace(tzinfo=zone) if zone is not None else now.astimezone()
