"""Planning tools for the PlanningAgent: each sets one planning value in the shared state, or
computes from what is there, and returns the domain tool's ``ToolResult``.

The model never passes numbers it could have made up: places, times, instruments and plans
are resolved by the planning engine and stored by these tools.
"""

import asyncio
import hashlib
import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from llama_index.core.workflow import Context

from singularity.catalogue import Message, listing, msg, say
from singularity.catalogue.failures import file_reason
from singularity.config import Settings
from singularity.errors import InputError
from singularity.naming import name_key
from singularity.planning.countries import place_name, place_said
from singularity.planning.equipment import (
    classify_equipment,
    instrument_said,
    label_in,
    size_assumed,
)
from singularity.planning.export import (
    FORMATS,
    Format,
    StellariumListUnreadable,
    export_all,
    stellarium_list,
    stellarium_user_dir,
    write_stellarium_lists,
)
from singularity.planning.geocoding import in_geocoding_thread
from singularity.planning.location import chosen_candidate, resolve_location
from singularity.planning.models import Equipment, Location, TimeWindow
from singularity.planning.plan import ObservingPlan, SkyCondition, compute_plan
from singularity.planning.preferences import parse_preference_request
from singularity.planning.skybrightness import sky_brightness
from singularity.planning.sun import evening_of
from singularity.planning.timephrases import parse_duration, resolve_time
from singularity.planning.timephrases.formatting import short_moment
from singularity.planning.timephrases.twilight import tonight_of
from singularity.planning.weather.check import check_weather
from singularity.results import Artifact, Status, ToolResult
from singularity.units import UnitSystem, distance
from singularity.workflow.resources import SessionResources
from singularity.workflow.state import (
    coming_phases,
    compact_plan,
    month_ahead,
    night_summary,
    night_without_plan,
    now_at,
)
from singularity.workflow.store_keys import (
    LAST_PLAN_KEY,
    LAST_WEATHER_KEY,
    NOW_KEY,
    SESSION_DIR_KEY,
    STATE_KEY,
)
from singularity.workflow.tools import conversation_language, remember_object, said, together


async def _now(ctx: Context, location: Location) -> datetime:
    return now_at(await ctx.store.get(NOW_KEY), location.tz)


async def _planning(ctx: Context) -> dict[str, Any]:
    state = await ctx.store.get(STATE_KEY)
    return state["planning_data"]


async def _update(ctx: Context, **values: Any) -> None:
    async with ctx.store.edit_state() as store:
        store[STATE_KEY]["planning_data"].update(values)


def _invalidate_plan() -> dict[str, Any]:
    return {"generated_plan": None, "weather_checked": False, "weather_ok": None,
            "weather_summary": None}


class PlanningTools:
    """The planning tools bound to one set of settings and the session's resources (built by
    the workflow factory)."""

    def __init__(self, settings: Settings, resources: SessionResources) -> None:
        self.settings = settings
        self.resources = resources

    def all(self) -> list:
        return [self.set_location, self.set_time, self.set_equipment, self.set_preferences,
                self.check_weather, self.compute_plan, self.describe_target, self.describe_night, self.best_night,
                self.export_plan, self.load_plan_into_stellarium]

    async def set_location(self, ctx: Context, place: str) -> ToolResult:
        """The observing place: a name (any language) or coordinates."""
        asked = (await _planning(ctx)).get("place_candidates") or []
        chosen = chosen_candidate(place, asked)  # "the one in England" after "York could mean …"
        result = await in_geocoding_thread(resolve_location, chosen["label"] if chosen else place,
                                           settings=self.settings)
        if result.status is Status.NEEDS_INPUT and (result.data or {}).get("candidates"):
            await _update(ctx, place_candidates=[
                {key: c.get(key) for key in ("label", "region", "country_code")} for c in result.data["candidates"]])
        elif asked:
            await _update(ctx, place_candidates=None)
        if chosen and result.status is Status.OK:  # the place asked back for, not another one
            result = result.model_copy(update={"data": {**result.data, "picked": place}})
        if result.status is Status.OK:
            planning = await _planning(ctx)
            await _update(ctx, location=result.data["location"], **_invalidate_plan())
            view = {"place": place_name(Location.model_validate(result.data["location"]), await conversation_language(ctx)),
                    "timezone": result.data["location"]["timezone"]}
            if planning.get("time_phrase"):  # the same words mean another instant elsewhere
                timed = await self.set_time(ctx, planning["time_phrase"])
                view["time"] = timed.model_data or timed.message
                result = result.model_copy(update={"data": {**result.data, "time": timed.model_dump(mode="json")}})
            result = result.model_copy(update={"model_data": view})
        return result

    async def set_time(self, ctx: Context, when: str, duration: str | None = None) -> ToolResult:
        """When to observe, in the user's words ('morgen Abend'); optional duration."""
        planning = await _planning(ctx)
        if planning["location"] is None:
            await _update(ctx, time_phrase=when)
            return ToolResult.needs_input(msg("planning.time_noted", when=when),
                                          data={"pending_time": when})
        hours: float | None = planning.get("duration_hours")
        if duration:
            try:
                hours = parse_duration(duration)
            except InputError as exc:
                return ToolResult.needs_input(exc.message)
        location = Location.model_validate(planning["location"])
        result = await asyncio.to_thread(  # parsing and twilight: CPU work off the event loop
            resolve_time, when, location=location, now=await _now(ctx, location),
            duration_hours=hours, default_duration_hours=self.settings.planning.default_duration_hours,
        )
        if result.status is Status.OK:
            window = result.data["window"]
            await _update(
                ctx, datetime_iso=window["start"], window_end_iso=window["end"],
                duration_hours=window["duration_hours"], time_phrase=when,
                time_description=result.data.get("description"), **_invalidate_plan(),
            )
            result = result.model_copy(update={"model_data": {"description": result.data.get("description")}})
        return result

    async def set_equipment(self, ctx: Context, equipment: str) -> ToolResult:
        """The instrument, in the user's words ('10-Zoll-Dobson', '10x50')."""
        result = classify_equipment(equipment)
        if result.status is Status.OK:
            await _update(ctx, equipment=result.data["equipment"], generated_plan=None)
            label = label_in(result.data["equipment"]["label"], self.settings.conversation.units)
            result = result.model_copy(update={"model_data": {"equipment": label}})
        return result

    async def set_preferences(self, ctx: Context, preferences: str) -> ToolResult:
        """Preferred object types ('Galaxien', 'only planets')."""
        try:
            request = parse_preference_request(preferences)
        except InputError as exc:
            return ToolResult.needs_input(exc.message)
        await _update(ctx, object_preferences=request.families, generated_plan=None,
                      preference_strength=request.strength.value)
        return ToolResult.success({"object_preferences": request.families,
                                   "strength": request.strength.value})

    async def check_weather(self, ctx: Context) -> ToolResult:
        """Forecast for the place and time set."""
        assumed = await self._assume_from_profile(ctx)
        planning = await _planning(ctx)
        missing = [name for name in ("location", "datetime_iso") if not planning.get(name)]
        if missing:
            return ToolResult.needs_input(msg("planning.weather_needs_place_and_time"))
        window = TimeWindow(start=datetime.fromisoformat(planning["datetime_iso"]),
                            end=datetime.fromisoformat(planning["window_end_iso"]))
        location = Location.model_validate(planning["location"])
        result = await asyncio.to_thread(
            check_weather, location, window, settings=self.settings, now=await _now(ctx, location),
        )
        await ctx.store.set(LAST_WEATHER_KEY, {"verdict": (result.data or {}).get("verdict"),
                                               **((result.data or {}).get("numbers") or {}),
                                               "message": said(result).model_dump(mode="json"),
                                               "said": (result.data or {}).get("said")})
        if result.data and "verdict" in result.data:
            await _update(ctx, weather_checked=True, weather_ok=bool(result.data["weather_ok"]),
                          weather_summary=result.data["summary"])
            view = {key: result.data[key] for key in ("verdict", "summary", "needs_confirmation", "window")}
            numbers = _weather_numbers(await ctx.store.get(LAST_WEATHER_KEY, default=None),
                                       self.settings.conversation.units)
            result = result.model_copy(update={"model_data": {
                **view, "place": place_name(Location.model_validate(planning["location"]), await conversation_language(ctx)),
                "numbers": numbers,
                "assumptions": _english(assumed)}})
        else:
            await _update(ctx, weather_checked=True, weather_ok=None,
                          weather_summary=result.message)
        return result

    async def compute_plan(self, ctx: Context, proceed_despite_bad_weather: bool = False,
                           bortle: int | None = None, sqm: float | None = None) -> ToolResult:
        """The plan, weather checked first; proceed_despite_bad_weather only if the user agreed;
        bortle/sqm only if given."""
        assumed = await self._assume_from_profile(ctx)
        planning = await _planning(ctx)
        missing = [msg(f"planning.the_{name}") for key, name in (
            ("location", "place"), ("datetime_iso", "time"), ("equipment", "equipment"))
            if not planning.get(key)]
        if missing:
            return ToolResult.needs_input(msg("planning.still_needed", missing=listing(missing)))
        equipment = Equipment.model_validate(planning["equipment"])
        if size_assumed(equipment) and not any(a.key == "profile.assume_equipment" for a in assumed):
            said_as = instrument_said(equipment.label, equipment.title, self.settings.conversation.units)
            assumed.append(msg("planning.instrument_assumed", equipment=said_as))
        if not planning["weather_checked"]:
            await self.check_weather(ctx)
            planning = await _planning(ctx)
        if planning["weather_ok"] is False and not proceed_despite_bad_weather:
            verdict = (await ctx.store.get(LAST_WEATHER_KEY, default=None) or {}).get("said")
            return ToolResult.needs_input(
                msg("planning.bad_weather_ask",
                    summary=Message.model_validate(verdict) if verdict else planning["weather_summary"]),
                data={"weather_ok": False, "summary": planning["weather_summary"], "said": verdict})
        location = Location.model_validate(planning["location"])
        sky_result = await asyncio.to_thread(sky_brightness, location, settings=self.settings,
                                             bortle=bortle, sqm=sqm)
        if sky_result.status not in (Status.OK, Status.PARTIAL):
            return sky_result
        plan = await asyncio.to_thread(  # every candidate's ephemeris: CPU work off the event loop
            compute_plan,
            location=location,
            window=TimeWindow(start=datetime.fromisoformat(planning["datetime_iso"]),
                              end=datetime.fromisoformat(planning["window_end_iso"]),
                              description=planning.get("time_description") or ""),
            equipment=equipment,
            sky=SkyCondition.from_tool_data(sky_result.data),
            preferences=planning.get("object_preferences") or [],
            preference_strength=planning.get("preference_strength"),
            settings=self.settings.planning,
        )
        full = plan.model_dump(mode="json")
        language = await conversation_language(ctx)
        summary = compact_plan(full, language=language)
        await _update(ctx, generated_plan=summary, night_asked=False)
        await ctx.store.set(LAST_PLAN_KEY, full)
        artifacts = await self._chart(ctx, plan, full)
        night = night_summary(full)
        data = {**summary, "night": night, "notes": plan.notes, "sky": sky_result.data.get("label"),
                "weather": planning["weather_summary"], "listed": len(plan.targets)}
        problems = ([said(sky_result)] if sky_result.status is Status.PARTIAL else []) + (
            [] if planning["weather_ok"] is not None else [await _weather_problem(ctx, planning)])
        data["assumptions"] = [a.model_dump(mode="json") for a in assumed]
        view = {"place": place_name(location, language), "start": short_moment(plan.window.start.astimezone(location.tz)).render(language),
                "targets": summary["targets"],
                "moon": {"phase": plan.moon.phase, "illumination": plan.moon.illumination},
                "night": night,
                "weather": planning["weather_summary"],
                "weather_numbers": _weather_numbers(await ctx.store.get(LAST_WEATHER_KEY, default=None),
                                       self.settings.conversation.units)}
        if assumed:  # only when there are some: every word here is read again on every later call
            view["assumptions"] = _english(assumed)
        if plan.note_details:
            view["notes"] = {lang: [d.text[lang] for d in plan.note_details] for lang in ("en", "de")}
        if problems:
            return ToolResult.partial(data, together(problems), artifacts=artifacts, model_data=view)
        return ToolResult.success(data, artifacts=artifacts, model_data=view)

    async def _assume_from_profile(self, ctx: Context) -> list[Message]:
        """Fill what the session has not set from the profile (the session always wins) and
        return the visible assumptions; a time noted before the place is read in its zone."""
        from singularity.memory.profile import Profile, assumptions, profile_defaults

        state = await ctx.store.get(STATE_KEY)
        stored = state.get("user_profile_memory")
        if not stored:
            return []
        profile = Profile.model_validate(stored)
        planning = state["planning_data"]
        defaults = {k: v for k, v in profile_defaults(profile, planning).items() if k != "duration_hours"}
        if not defaults:
            return []
        sentences = [s for s in assumptions(profile, planning, units=self.settings.conversation.units) if s.key != "profile.assume_duration"]
        await _update(ctx, **defaults)
        if "location" in defaults and planning.get("time_phrase") and not planning.get("datetime_iso"):
            await self.set_time(ctx, planning["time_phrase"])
        return sentences

    async def _chart(self, ctx: Context, plan: Any, full: dict[str, Any]) -> list[Artifact]:
        """The plan's altitude chart, drawn once per plan and language: its file is named by
        what it shows, so the same plan asked again (a repeated question, a correction that
        changed nothing) reuses it, and a different plan for the same start never replaces
        the chart an earlier answer shows. Drawing is a third to a half of a planning turn's CPU."""
        session_dir = await ctx.store.get(SESSION_DIR_KEY, default=None)
        if not plan.targets or session_dir is None or not self.settings.planning.charts:
            return []
        from singularity.planning.chart import render_altitude_chart

        language = await conversation_language(ctx)
        shown = hashlib.sha256(json.dumps([full, language], sort_keys=True).encode()).hexdigest()[:12]
        path = Path(session_dir) / f"altitude-{plan.window.start:%Y%m%dT%H%M}-{shown}.png"
        if not path.exists():
            await self.resources.run_cpu(render_altitude_chart, plan, path, language)  # a worker process in the app
        return [Artifact(kind="plot", path=str(path), title=say("planning.chart_title", language))]

    async def describe_night(self, ctx: Context, morning: bool = False, month: int = 0) -> ToolResult:
        """The night set: Sun, darkness, Moon, next phases (a month 1-12's if given); morning:
        the night ending then."""
        await self._assume_from_profile(ctx)
        planning = await _planning(ctx)
        full = await ctx.store.get(LAST_PLAN_KEY, default=None)
        if planning.get("location") and (planning.get("datetime_iso") or not full):
            location = Location.model_validate(planning["location"])
            if planning.get("datetime_iso"):
                day = evening_of(datetime.fromisoformat(planning["datetime_iso"]), location.tz) - timedelta(days=int(morning))
            else:  # no time set: tonight
                day = tonight_of(await _now(ctx, location), location)
        elif full:
            location = Location.model_validate(full["location"])
            day = evening_of(datetime.fromisoformat(full["window"]["start"]), location.tz)
        else:
            return ToolResult.refused(msg("planning.no_plan_for_night"))
        plans_night = full and full["location"] == (planning.get("location") or full["location"]) and evening_of(
            datetime.fromisoformat(full["window"]["start"]), location.tz) == day
        if not plans_night:  # another place or night than the plan's, or no plan
            full = await asyncio.to_thread(night_without_plan, location, day)
        now = await _now(ctx, location)
        asked = month_ahead(now, location.tz, month) if 1 <= month <= 12 else None
        phases = await asyncio.to_thread(coming_phases, now, location.tz, asked)
        await _update(ctx, night_asked=True)  # "Und am Sonntag?" asks the night again, for Sunday
        return ToolResult.success({"place": place_name(location, await conversation_language(ctx)), "date": day.isoformat(),
                                   "darkness": full["night"]["darkness"], "night": night_summary(full),
                                   "moon": {key: full["moon"][key] for key in ("phase", "illumination")},
                                   "phases": phases, **({"month": f"{asked:%Y-%m}"} if asked else {})})

    async def describe_target(self, ctx: Context, target: str) -> ToolResult:
        """A plan target's facts, by rank ('1') or name ('M31')."""
        full = await ctx.store.get(LAST_PLAN_KEY, default=None)
        if not full or not full["targets"]:
            return ToolResult.refused(msg("planning.no_plan_yet"))
        chosen = pick_target(full["targets"], target)
        if chosen is None:
            scanned = await self._plan_night_scan(ctx, full, target)
            if scanned is not None:
                return scanned
            names = ", ".join(t["name"] for t in full["targets"][:8])
            return ToolResult.needs_input(msg("planning.not_in_plan", target=target, names=names))
        await remember_object(ctx, chosen["name"])
        return ToolResult.success({"target": chosen})

    async def _plan_night_scan(self, ctx: Context, full: dict[str, Any], target: str) -> ToolResult | None:
        """An object the plan does not list ("What about M42?"), scanned for the plan's night at its
        place with its instrument: how high it stands and when. None when it is no such object."""
        from singularity.workflow.best_night import resolve_target, run_best_night

        found = resolve_target(target)
        if isinstance(found, ToolResult):
            return None
        location = Location.model_validate(full["location"])
        night = evening_of(datetime.fromisoformat(full["window"]["start"]), location.tz)
        scanned = await asyncio.to_thread(
            run_best_night, found, location=location, equipment=Equipment.model_validate(full["equipment"]),
            first=night, nights=1, settings=self.settings, now=await _now(ctx, location),
            language=await conversation_language(ctx))
        if scanned.status not in (Status.OK, Status.PARTIAL):
            return None
        await remember_object(ctx, found.name)
        return scanned.model_copy(update={"data": {**(scanned.data or {}), "not_in_plan": found.name},
                                          "model_data": {**(scanned.model_data or {}), "not_in_plan": found.name}})

    async def best_night(self, ctx: Context, target: str, place: str | None = None,
                         when: str | None = None, nights: int | None = None,
                         equipment: str | None = None) -> ToolResult:
        """Rank the coming nights for one object ('M51'); when: the user's words; nights 1-60."""
        from singularity.workflow.best_night import nights_asked, resolve_target, run_best_night

        chosen = resolve_target(target)
        if isinstance(chosen, ToolResult):
            return chosen
        if place:
            placed = await self.set_location(ctx, place)
            if placed.status is not Status.OK:
                return placed
        if equipment:
            instrument = await self.set_equipment(ctx, equipment)
            if instrument.status is not Status.OK:
                return instrument
        await self._assume_from_profile(ctx)
        planning = await _planning(ctx)
        if not planning.get("location"):  # the answer with a place resumes this question
            await _update(ctx, pending_best_night={"target": target, "when": when, "nights": nights})
            return ToolResult.needs_input(msg("best_night.needs_place", target=chosen.name))
        await _update(ctx, pending_best_night=None)
        location = Location.model_validate(planning["location"])
        equipment = (Equipment.model_validate(planning["equipment"]) if planning.get("equipment")
                     else classify_equipment("naked eye").data["equipment"])
        now = await _now(ctx, location)
        try:
            first, count = nights_asked(when, nights, now.date())
        except InputError as exc:
            return ToolResult.needs_input(exc.message)
        session_dir = await ctx.store.get(SESSION_DIR_KEY, default=None)
        ranked = await asyncio.to_thread(
            run_best_night, chosen, location=location, equipment=Equipment.model_validate(equipment),
            first=first, nights=count, settings=self.settings, now=now,
            chart_dir=Path(session_dir) if session_dir else None, language=await conversation_language(ctx))
        if ranked.status in (Status.OK, Status.PARTIAL):
            await remember_object(ctx, chosen.name)
        return ranked

    async def export_plan(self, ctx: Context) -> ToolResult:
        """The plan as files: Stellarium list, CSV, PDF."""
        exported = await self._export(ctx)
        if isinstance(exported, ToolResult):
            return exported
        plan, artifacts = exported
        return ToolResult.success({"files": [Path(a.path or "").name for a in artifacts]},
                                  message=msg("export.exported", place=place_said(plan.location)),
                                  artifacts=artifacts)

    async def load_plan_into_stellarium(self, ctx: Context) -> ToolResult:
        """The plan into Stellarium's observing lists."""
        exported = await self._export(ctx, ("stellarium",))  # the download, should writing fail
        if isinstance(exported, ToolResult):
            return exported
        plan, artifacts = exported
        config = self.settings.stellarium
        if not config.is_local:  # its files are on another computer: the download stands in
            return ToolResult.refused(msg("export.stellarium_remote", url=config.url),
                                      artifacts=artifacts)
        user_dir = stellarium_user_dir(config.user_dir)
        if not user_dir.is_dir():
            return ToolResult.refused(msg("export.stellarium_no_user_dir", path=str(user_dir)),
                                      artifacts=artifacts)
        try:
            path, made = await asyncio.to_thread(write_stellarium_lists, plan, user_dir,
                                                 await conversation_language(ctx))
        except StellariumListUnreadable as exc:
            return ToolResult.refused(exc.message, artifacts=artifacts)
        except OSError as exc:
            return ToolResult.failed(msg("export.stellarium_not_written", path=str(user_dir),
                                         reason=file_reason(exc)), artifacts=artifacts)
        entry = stellarium_list(plan, await conversation_language(ctx))
        written = [msg("export.stellarium_written", name=entry["name"], count=len(plan.targets),
                       path=str(path))]
        if made:
            written.append(msg("export.stellarium_new_folder", folder=str(path.parent)))
        return ToolResult.success({"path": str(path), "list": entry["name"],
                                   "objects": len(plan.targets)}, message=together(written))

    async def _export(self, ctx: Context, formats: tuple[Format, ...] = tuple(FORMATS.values()),
                      ) -> tuple[ObservingPlan, list[Artifact]] | ToolResult:
        """The last plan and its files in the session's folder (refused without a plan)."""
        full = await ctx.store.get(LAST_PLAN_KEY, default=None)
        state = await ctx.store.get(STATE_KEY)
        if not full or not full["targets"] or not state["planning_data"].get("generated_plan"):
            return ToolResult.refused(msg("export.no_plan"))
        plan = ObservingPlan.model_validate(full)
        folder = Path(await ctx.store.get(SESSION_DIR_KEY, default=None)
                      or self.settings.data_dir / "exports")
        language = await conversation_language(ctx)
        try:
            files = await asyncio.to_thread(export_all, plan, folder, language, formats)
        except OSError as exc:
            return ToolResult.failed(msg("export.not_written", path=str(folder),
                                         reason=file_reason(exc)))
        return plan, [Artifact(kind="file", path=str(path), mime=_MIME[kind],
                               title=say(f"export.title_{kind}", language))
                      for kind, path in files.items()]


_MIME = {"stellarium": "application/json", "csv": "text/csv", "pdf": "application/pdf"}


def _english(messages: list[Message]) -> list[str]:
    """Messages as the model reads them (the runner says them in the conversation's language)."""
    return [m.render("en") for m in messages]


async def _weather_problem(ctx: Context, planning: dict[str, Any]) -> Message:
    """Why the weather is unknown: the last check's message, else its summary."""
    kept = (await ctx.store.get(LAST_WEATHER_KEY, default=None) or {}).get("message")
    if kept:
        return Message.model_validate(kept)
    return msg("common.verbatim", text=planning["weather_summary"] or "")


def _weather_numbers(weather: dict[str, Any] | None, units: UnitSystem) -> dict[str, Any] | None:
    """The few weather numbers an answer quotes, rounded, the visibility in ``units`` (None
    when the check failed)."""
    if not weather or not weather.get("verdict"):
        return None
    keys = ("cloud_mean_pct", "precipitation_max_pct")
    numbers = {"verdict": weather["verdict"],
               **{k: round(weather[k]) for k in keys if weather.get(k) is not None}}
    if weather.get("visibility_min_km") is not None:
        numbers["visibility_min"] = distance(weather["visibility_min_km"], units).as_json()
    return numbers


def pick_target(targets: list[dict[str, Any]], reference: str) -> dict[str, Any] | None:
    """The plan target a reference names: a rank ('1', 'first', 'das erste', 'last') or a
    name ('M31', 'M 31', 'Andromeda Galaxy')."""
    from singularity.understanding.references import target_reference

    text = reference.strip()
    ref = target_reference(f"#{text}" if text.isdigit() else text)
    if ref is None or ref.pronoun:
        return None
    if ref.index is not None:
        index = ref.index - 1 if ref.index > 0 else ref.index
        return targets[index] if -len(targets) <= index < len(targets) else None
    wanted = name_key(ref.name)
    for target in targets:
        names = {target["name"], target["catalog_id"], target["common_name"] or "",
                 target.get("german_name") or ""}
        if wanted in {name_key(n) for n in names if n}:
            return target
    return None
