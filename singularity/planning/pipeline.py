"""The whole planning path in one call: place → time → equipment → sky → weather → plan.

Each step is a tool with its own ToolResult; this module runs them in order for the CLI (and
the end-to-end runner later), stops at the first step that cannot continue, and never hides a
step's refusal or failure: the outcome carries every step's result.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from singularity.catalogue import Language, Message, listing, msg
from singularity.config import Settings
from singularity.errors import InputError
from singularity.planning.equipment import classify_equipment
from singularity.planning.location import resolve_location
from singularity.planning.models import Equipment, Location, TimeWindow
from singularity.planning.plan import ObservingPlan, SkyCondition, compute_plan
from singularity.planning.preferences import parse_preference_request
from singularity.planning.skybrightness import sky_brightness
from singularity.planning.timephrases import parse_duration, resolve_time
from singularity.planning.weather.check import check_weather
from singularity.results import Status, ToolResult


class PlanRequest(BaseModel):
    where: str
    when: str
    equipment: str
    hours: str | float | None = None
    prefer: str | None = None
    bortle: int | None = None
    sqm: float | None = None
    limit: int | None = None
    ignore_weather: bool = False


class PlanOutcome(BaseModel):
    status: Status
    message: str = ""
    steps: dict[str, ToolResult]
    plan: ObservingPlan | None = None
    text: Message | None = Field(default=None, exclude=True)
    """The message as a catalogue entry, to be said in the command line's language."""

    def message_in(self, language: Language) -> str:
        return self.text.render(language) if self.text is not None else self.message

    def to_json_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def _stop(steps: dict[str, ToolResult], name: str) -> PlanOutcome:
    result = steps[name]
    return PlanOutcome(status=result.status, message=result.message, steps=steps, text=result.text)


def run_plan(request: PlanRequest, *, settings: Settings, now: datetime) -> PlanOutcome:
    """Run every step; the first that needs input, refuses or fails ends the run.

    A naive ``now`` is read in the location's time zone."""
    steps: dict[str, ToolResult] = {}
    try:
        preferences = parse_preference_request(request.prefer)
        hours = (
            parse_duration(str(request.hours)) if request.hours is not None
            else None
        )
    except InputError as exc:
        steps["input"] = ToolResult.needs_input(exc.message)
        return _stop(steps, "input")

    steps["location"] = resolve_location(request.where, settings=settings)
    if steps["location"].status is not Status.OK:
        return _stop(steps, "location")
    location = Location.model_validate(steps["location"].data["location"])
    if now.tzinfo is None:  # a bare clock time means the observing site's local time
        now = now.replace(tzinfo=location.tz)

    steps["time"] = resolve_time(
        request.when, location=location, now=now, duration_hours=hours,
        default_duration_hours=settings.planning.default_duration_hours,
    )
    if steps["time"].status is not Status.OK:
        return _stop(steps, "time")
    window = TimeWindow.from_tool_data(steps["time"].data["window"], steps["time"].data.get("description", ""),
                                       steps["time"].data.get("said"))

    steps["equipment"] = classify_equipment(request.equipment)
    if steps["equipment"].status is not Status.OK:
        return _stop(steps, "equipment")
    equipment = Equipment.model_validate(steps["equipment"].data["equipment"])

    steps["sky"] = sky_brightness(location, settings=settings, bortle=request.bortle, sqm=request.sqm)
    if steps["sky"].status not in (Status.OK, Status.PARTIAL):
        return _stop(steps, "sky")
    sky = SkyCondition.from_tool_data(steps["sky"].data)

    steps["weather"] = check_weather(location, window, settings=settings, now=now)
    weather = steps["weather"]
    if (weather.status in (Status.OK, Status.PARTIAL) and weather.data
            and weather.data.get("needs_confirmation") and not request.ignore_weather):
        return PlanOutcome(status=Status.NEEDS_INPUT, message=weather.data["summary"], steps=steps,
                           text=Message.model_validate(weather.data["said"]))

    plan = compute_plan(
        location=location, window=window, equipment=equipment, sky=sky,
        preferences=preferences.families, preference_strength=preferences.strength,
        settings=settings.planning, limit=request.limit,
    )
    problems = [r.text or msg("common.verbatim", text=r.message)
                for r in steps.values() if r.status is not Status.OK]
    if problems:
        said = msg("planning.computed_but", problems=listing(problems))
        return PlanOutcome(status=Status.PARTIAL, steps=steps, plan=plan, message=said.render("en"),
                           text=said)
    return PlanOutcome(status=Status.OK, steps=steps, plan=plan)
