"""The shared workflow state (docs/architecture.md, "Workflow state"): JSON-serialisable only.

Kept deliberately small, because the whole state is put in front of every model call: the
generated plan is stored as a compact summary (the full plan, with its altitude curves, lives
in the session for the UI, not in the prompt).
"""

from __future__ import annotations

import copy
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from singularity.catalogue import Language
from singularity.catalogue.objects import target_name
from singularity.planning.models import Location
from singularity.planning.moon_phases import next_phases
from singularity.planning.moon_times import moon_times
from singularity.planning.plan import phase_name
from singularity.planning.sun import night_of

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


def night_summary(plan: dict[str, Any]) -> dict[str, Any]:
    """The night's clock times (local HH:MM) that "when does it get dark?" and "when does the
    Moon rise?" ask for: sunset, astronomical darkness (with its length in minutes), sunrise,
    and the Moon's rise and set when they fall between sunset and sunrise; events that do not
    happen are left out. ``moon_up``: whether the Moon stands above the horizon during the plan's window."""
    night, moon = plan["night"], plan["moon"]
    begins, ends = night.get("sunset"), night.get("sunrise")
    summary: dict[str, Any] = {key: _clock(value) for key, value in (
        ("sunset", begins), ("dark_from", night.get("astronomical_dusk")),
        ("dark_until", night.get("astronomical_dawn")), ("sunrise", ends)) if value}
    if night.get("astronomical_dusk") and night.get("astronomical_dawn"):
        dark = datetime.fromisoformat(night["astronomical_dawn"]) - datetime.fromisoformat(night["astronomical_dusk"])
        summary["dark_minutes"] = round(dark.total_seconds() / 60)
    after = datetime.fromisoformat(begins) if begins else None
    before = datetime.fromisoformat(ends) if ends else None
    for key in ("moonrise", "moonset"):
        moment = moon.get(key)
        if moment and (after is None or datetime.fromisoformat(moment) >= after) and (
                before is None or datetime.fromisoformat(moment) <= before):
            summary[key] = _clock(moment)
    summary["moon_up"] = bool(moon.get("up_during_window"))
    return summary


def night_without_plan(location: Location, day: date) -> dict[str, Any]:
    """The night of ``day`` at ``location`` in the plan's shape (what :func:`night_summary` and
    the night's answer read), for "when does the Sun rise tomorrow in Dublin?" with no plan: no
    window, so the Moon counts as up when it is up in the night's middle."""
    night, moon = night_of(day, location), moon_times(day, location)
    return {
        "night": {**night.model_dump(mode="json", include={"sunset", "astronomical_dusk", "astronomical_dawn",
                                                           "sunrise"}), "darkness": night.darkness},
        "moon": {"phase": phase_name(moon.illumination, moon.waxing), "illumination": moon.illumination,
                 "up_during_window": moon.up_at_midnight,
                 **moon.model_dump(mode="json", include={"moonrise", "moonset"})},
    }


def month_ahead(now: datetime, zone: ZoneInfo, month: int) -> date:
    """The first day of ``month``'s next occurrence (1–12; this month's when it is now)."""
    local = now.astimezone(zone)
    return date(local.year + (month < local.month), month, 1)


def coming_phases(after: datetime, zone: ZoneInfo, month: date | None = None) -> list[dict[str, str]]:
    """The Moon's next four phases after ``after``, in local time (``zone``); with ``month``
    (its first day), those still to come in it and in the month after, so a month without a
    full moon can say when the next one is."""
    until = None
    if month is not None:
        following = (month + timedelta(days=32)).replace(day=1)
        until = datetime.combine(following, time(), zone) + timedelta(days=31)
        after = max(after, datetime.combine(month, time(), zone))
    return [{"phase": phase.phase, "moment": phase.moment.astimezone(zone).isoformat()}
            for phase in next_phases(after, until=until)]


def _clock(moment: str) -> str:
    """An ISO time as local HH:MM, to the nearest minute (as the plan's window is given)."""
    return f"{datetime.fromisoformat(moment) + timedelta(seconds=30):%H:%M}"


def now_at(now_iso: str, zone: ZoneInfo | None = None) -> datetime:
    """The turn's "now" as an aware time. One given without an offset (``--now
    2026-12-05T15:00``) is the local time of the place in question, as in ``singularity plan``;
    with no place yet, this machine's zone."""
    now = datetime.fromisoformat(now_iso)
    if now.tzinfo is not None:
        return now
    return now.replace(tzinfo=zone) if zone is not None else now.astimezone()
