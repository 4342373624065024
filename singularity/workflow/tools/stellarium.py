"""Stellarium tools for the StellariumAgent: open a target (by name or as a target of the plan)
at the plan's place and time, and take a screenshot of the view.

The tools decide, the MCP server only acts: which object a name means, which place and time
to show (the plan's, the session's, the profile's or Stellarium's own, always said), and
whether the object is above the horizon there (refused otherwise, with its computed rise)
are settled here before anything in Stellarium changes.

Sessions share one Stellarium (and one bridge to it, from the session's resources). Every
action drives it alone (``StellariumBridge.driving``) and sets this session's place and time
before it selects, so the screenshot it takes shows this session's object; a screenshot of
"the view" first restores the last view this session showed. A session that waits longer
than ``stellarium.busy_wait_s`` is told in one sentence that Stellarium is busy.
"""

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from llama_index.core.workflow import Context

from singularity.catalogue import Language, Message, msg, say
from singularity.config import Settings
from singularity.errors import InputError
from singularity.planning.countries import place_name, place_said
from singularity.planning.equipment import parse_equipment
from singularity.planning.eyepiece_chart import render_field_chart
from singularity.planning.eyepiece_view import (
    EyepieceView,
    Telescope,
    describe,
    eyepiece_view,
    object_size_arcmin,
    telescope_of,
)
from singularity.planning.eyepieces import Eyepiece, find_eyepiece
from singularity.planning.models import Equipment, Location
from singularity.planning.timephrases.formatting import short_date, short_moment
from singularity.planning.visibility import Visibility, visibility
from singularity.results import Artifact, Status, ToolResult
from singularity.stellarium.bridge import StellariumBridge, StellariumBusy
from singularity.stellarium.names import SkyObject, local_matches
from singularity.stellarium.resolve import resolve_name
from singularity.understanding.references import target_reference
from singularity.workflow.resources import SessionResources
from singularity.workflow.state import now_at
from singularity.workflow.store_keys import LAST_PLAN_KEY, NOW_KEY, SESSION_DIR_KEY, STATE_KEY
from singularity.workflow.tools import conversation_language, remember_object, said, together
from singularity.workflow.tools.planning import pick_target


class Viewpoint:
    """Where and when to look from, and whose values they are."""

    def __init__(self, location: Location, when: datetime, source: str) -> None:
        self.location, self.when, self.source = location, when, source

    @property
    def local_time(self) -> Message:
        return short_moment(self.when.astimezone(self.location.tz))



class StellariumTools:
    """The Stellarium tools of one session, on the bridge its resources hold."""

    def __init__(self, settings: Settings, resources: SessionResources) -> None:
        self.settings = settings
        self.resources = resources
        self._shown: tuple[Viewpoint, SkyObject] | None = None
        """What this session showed last, restored before a screenshot of the view."""

    @property
    def bridge(self) -> StellariumBridge:
        return self.resources.stellarium

    def all(self) -> list:
        return [self.open_in_stellarium, self.take_stellarium_screenshot,
                self.show_eyepiece_view, self.tour_plan]

    async def open_in_stellarium(self, ctx: Context, target: str) -> ToolResult:
        """Show an object in Stellarium: a name ('M42', 'Orionnebel', 'Jupiter') or a target
        of the plan ('1', 'first'). Uses the plan's place and time, refuses objects below the
        horizon, returns a screenshot."""
        state = await ctx.store.get(STATE_KEY)
        plan = await ctx.store.get(LAST_PLAN_KEY, default=None)
        if not state["planning_data"].get("generated_plan"):
            plan = None
        chosen = await self._choose(target, state, plan)
        if chosen.status is not Status.OK:
            return chosen
        return await self._show(ctx, chosen, state, plan)

    async def _show(self, ctx: Context, chosen: ToolResult, state: dict[str, Any],
                    plan: dict[str, Any] | None) -> ToolResult:
        """Work out the place, time and visibility, then drive Stellarium alone only to set
        them, centre the object and take the screenshot: every other session waits while one
        holds the view, so nothing else happens under the lock."""
        obj = SkyObject.model_validate(chosen.data["object"])
        await remember_object(ctx, obj.name)  # talked about and asked for, shown or not
        notes: list[Message] = [Message.model_validate(n) for n in chosen.data.get("notes", [])]
        view = await self._viewpoint(ctx, state, plan, chosen.data.get("best_time"))
        if isinstance(view, ToolResult):
            return view
        seen = await asyncio.to_thread(_visibility, obj, view)  # ephemerides: CPU work
        if seen is not None and not seen.above_horizon:
            return ToolResult.refused(_below_horizon(obj, view, seen),
                                      data={"object": obj.name, "altitude_deg": seen.altitude_deg})
        if seen is None:
            notes.append(msg("stellarium.no_position", object=obj.name))

        try:
            async with self.bridge.driving(self.settings.stellarium.busy_wait_s):
                problems, failed = await self._point(view, obj)
                shot = failed or await self._screenshot(ctx, obj.name)
        except StellariumBusy:
            return _busy(self.settings)
        if failed is not None:
            return failed
        self._shown = (view, obj)

        language = state.get("language") or "en"  # the names as the conversation says them
        data = {"object": obj.name, "kind": obj.kind,
                "common_name": obj.german_name if language == "de" and obj.german_name and not obj.body
                else obj.common_name,
                "place": place_name(view.location, language), "time": view.local_time.render(language),
                "place_source": view.source, "resolved_by": obj.source,
                "notes": [n.model_dump(mode="json") for n in notes]}
        if seen is not None:
            data |= {"altitude_deg": round(seen.altitude_deg), "direction": seen.direction}
        if any(problem.key == "stellarium.not_centred" for problem in problems):
            data["centred"] = False  # selected, but the view had not arrived: the answer must not say centred
        model_view = {k: data[k] for k in ("object", "common_name", "place", "time", "place_source",
                                           "altitude_deg", "direction", "centred")
                      if data.get(k) not in (None, "", [])}
        if notes:  # in English for the model; the runner says them in the conversation's language
            model_view["notes"] = [n.render("en") for n in notes]
        if shot.status is Status.OK:
            data["screenshot"] = shot.artifacts[0].path
        else:
            problems.append(msg("stellarium.screenshot_failed", object=obj.name, reason=said(shot)))
        if problems:
            return ToolResult.partial(data, together(problems), artifacts=shot.artifacts,
                                      model_data=model_view)
        return ToolResult.success(data, artifacts=shot.artifacts, model_data=model_view)

    async def take_stellarium_screenshot(self, ctx: Context) -> ToolResult:
        """Take a screenshot of Stellarium's current view."""
        try:
            async with self.bridge.driving(self.settings.stellarium.busy_wait_s):
                if self._shown is not None:  # another session may have moved the view since
                    _, failed = await self._point(*self._shown)
                    if failed is not None:
                        return failed
                return await self._screenshot(ctx, "view")
        except StellariumBusy:
            return _busy(self.settings)

    async def _choose(self, target: str, state: dict[str, Any], plan: dict[str, Any] | None) -> ToolResult:
        """The object meant: a plan target, the object discussed last ('es'), or a name."""
        text = target.strip()
        reference = target_reference(f"#{text}" if text.isdigit() else text) if text else None
        if not text or (reference is not None and reference.pronoun):
            text = state.get("last_discussed_object") or ""
            if not text:
                return ToolResult.needs_input(msg("stellarium.which_object"))
        if plan is not None:
            picked = pick_target(plan["targets"], text)
            if picked is not None:
                matches = local_matches(picked["name"])
                obj = matches[0] if matches else SkyObject(name=picked["name"], stellarium_name=picked["name"])
                return ToolResult.success({"object": obj.model_copy(update={"source": "plan"}).model_dump(),
                                           "best_time": picked["best_time"]})
        if reference is not None and reference.index is not None:
            if plan is None:
                return ToolResult.needs_input(msg("stellarium.no_plan_for_position", target=target))
            return ToolResult.needs_input(
                msg("stellarium.no_such_target", target=target, count=len(plan["targets"])))
        return await resolve_name(text, settings=self.settings, bridge=self.bridge)

    async def _viewpoint(self, ctx: Context, state: dict[str, Any], plan: dict[str, Any] | None,
                         best_time: str | None) -> Viewpoint | ToolResult:
        """The plan's place and time (a plan target at its best time), else the session's
        place, else the profile's usual location, else Stellarium's own; now unless a time
        was set."""
        now_iso = await ctx.store.get(NOW_KEY)
        planning = state["planning_data"]
        if plan is not None:
            when = best_time or planning.get("datetime_iso") or plan["window"]["start"]
            return Viewpoint(Location.model_validate(plan["location"]), datetime.fromisoformat(when), "plan")
        if planning.get("location"):
            when = planning.get("datetime_iso")
            location = Location.model_validate(planning["location"])
            return Viewpoint(location, datetime.fromisoformat(when) if when else now_at(now_iso, location.tz),
                             "session")
        usual = (state.get("user_profile_memory") or {}).get("usual_location")
        if usual:
            location = Location.model_validate(usual)
            return Viewpoint(location, now_at(now_iso, location.tz), "profile")
        home = await self.bridge.home()
        if home.status is not Status.OK:
            return home
        location = _stellarium_location(home.data["location"])
        return Viewpoint(location, now_at(now_iso, location.tz), "stellarium")

    async def _point(self, view: Viewpoint, obj: SkyObject) -> tuple[list[Message], ToolResult | None]:
        """Set the place and time, then centre the object (the caller drives Stellarium):
        the flaws the user must hear of, and the result of a step that failed (None: done)."""
        problems: list[Message] = []
        for step in (self._set_viewpoint, self._center):
            result = await step(view, obj)
            if result.status is Status.PARTIAL:
                problems.append(said(result))  # done, with a flaw the user must hear of
            elif result.status is not Status.OK:
                return problems, result
        return problems, None

    async def _set_viewpoint(self, view: Viewpoint, obj: SkyObject) -> ToolResult:
        located = ToolResult.success({})
        if view.source != "stellarium" or self.bridge.moved:  # back to its own place after another session
            located = await self.bridge.set_location(
                latitude=view.location.lat, longitude=view.location.lon,
                altitude_m=view.location.elevation_m or 0.0, name=view.location.name,
                timezone=view.location.timezone)
            if located.status not in (Status.OK, Status.PARTIAL):
                return located
        timed = await self.bridge.set_time(view.when.astimezone(UTC).isoformat())
        return located if timed.status is Status.OK else timed

    async def _center(self, view: Viewpoint, obj: SkyObject) -> ToolResult:
        centred = await self.bridge.center_object(obj.stellarium_name, fov_deg=self.settings.stellarium.fov_deg)
        text = centred.text
        if centred.status is Status.PARTIAL and text is not None and text.key == "stellarium.not_centred":
            # Stellarium names what it selected in its own language ("Andromeda Galaxy"): say the plan's name
            return ToolResult.partial(centred.data or {}, msg(text.key, **(text.params | {"object": obj.name})))
        return centred

    async def _screenshot(self, ctx: Context, label: str) -> ToolResult:
        session_dir = await ctx.store.get(SESSION_DIR_KEY, default=None)
        session_id = Path(session_dir).name if session_dir else "default"
        directory = self.settings.resolve(self.settings.stellarium.screenshot_dir, under_data=True) / session_id
        directory.mkdir(parents=True, exist_ok=True)
        prefix = "".join(c if c.isalnum() else "-" for c in label).strip("-") or "view"
        shot = await self.bridge.take_screenshot(str(directory), prefix)
        path = (shot.data or {}).get("path")
        if shot.status is not Status.OK or not path or not Path(path).exists():
            return shot if shot.status is not Status.OK else ToolResult.failed(
                msg("stellarium.screenshot_missing"))
        return ToolResult.success(shot.data, artifacts=[Artifact(
            kind="screenshot", path=path, title=f"Stellarium: {label}",
            description="Screenshot of the Stellarium view")])

    # ------------------------------------------------------------------ eyepiece view and tour

    async def show_eyepiece_view(self, ctx: Context, target: str, telescope: str = "",
                                 eyepiece: str = "") -> ToolResult:
        """What an object looks like in the user's telescope and eyepiece: magnification, exit
        pupil, true field and whether it fits, shown in Stellarium (else drawn). ``target`` as
        for open_in_stellarium; ``telescope`` ('10-Zoll-Dobson', '150/750') defaults to the
        session's or profile's instrument; ``eyepiece`` ('25 mm', 'Nagler 13')."""
        state = await ctx.store.get(STATE_KEY)
        plan = await ctx.store.get(LAST_PLAN_KEY, default=None)
        if not state["planning_data"].get("generated_plan"):
            plan = None
        tour = state.get("tour") or {}
        pair = _telescope_and_eyepiece(state, telescope or tour.get("telescope", ""),
                                       eyepiece or tour.get("eyepiece", ""))
        if isinstance(pair, ToolResult):
            return pair
        chosen = await self._choose(target, state, plan)
        if chosen.status is not Status.OK:
            return chosen
        obj = SkyObject.model_validate(chosen.data["object"])
        scope, ocular = pair
        view = eyepiece_view(scope, ocular, object_size_arcmin(obj.name, obj.body))
        lines = describe(view, obj.label, self.settings.conversation.units)
        shown = await self._eyepiece_in_stellarium(ctx, state, plan, chosen.data.get("best_time"),
                                                   obj, view)
        artifacts = shown.artifacts
        if shown.status is Status.OK:
            lines.insert(0, msg("eyepiece.shown_in_stellarium", object=obj.said, place=shown.data["place"],
                                time=shown.data["time"]))
        else:
            lines.append(shown.text or said(shown))
            artifacts = [await _field_drawing(ctx, self.settings, view, obj.label, state.get("language") or "en")]
        await remember_object(ctx, obj.name)
        data = {"object": obj.name, "common_name": obj.common_name, "telescope": scope.label,
                "telescope_focal_mm": scope.focal_length_mm, "eyepiece": ocular.name,
                "magnification": round(view.magnification), "exit_pupil_mm": round(view.exit_pupil_mm, 1),
                "true_field_deg": round(view.true_field_deg, 3), "fit": view.fit,
                "object_size_arcmin": view.object_size_arcmin,
                "shown": "stellarium" if shown.status is Status.OK else "drawing",
                "lines": [line.model_dump(mode="json") for line in lines]}
        model_view = {k: v for k, v in data.items() if v is not None}
        model_view["summary"] = " ".join(line.render("en") for line in lines)  # "lines" in English
        return ToolResult.success(data, artifacts=artifacts, model_data=model_view)

    async def tour_plan(self, ctx: Context, step: str = "start", telescope: str = "",
                        eyepiece: str = "") -> ToolResult:
        """Step through the plan's targets in Stellarium, each in the eyepiece view: step
        'start' (first target), 'next', 'back' or 'stop'; ``telescope`` and ``eyepiece`` as
        for show_eyepiece_view, kept for the whole tour."""
        state = await ctx.store.get(STATE_KEY)
        plan = await ctx.store.get(LAST_PLAN_KEY, default=None)
        tour = state.get("tour") or {}
        if step not in TOUR_STEPS:
            return ToolResult.refused(msg("eyepiece.bad_step", step=step))
        if step == "stop":
            async with ctx.store.edit_state() as store:
                store[STATE_KEY]["tour"] = None
            return ToolResult.success({"lines": [msg("eyepiece.tour_ended").model_dump(mode="json")]})
        if not state["planning_data"].get("generated_plan") or not plan or not plan["targets"]:
            return ToolResult.refused(msg("eyepiece.tour_no_plan"))
        if step != "start" and not tour:
            return ToolResult.refused(msg("eyepiece.tour_not_running"))
        count = len(plan["targets"])
        position = 1 if step == "start" else tour["position"] + (1 if step == "next" else -1)
        if position > count:
            return ToolResult.refused(msg("eyepiece.tour_at_end", count=count))
        if position < 1:
            return ToolResult.refused(msg("eyepiece.tour_at_start"))
        telescope, eyepiece = telescope or tour.get("telescope", ""), eyepiece or tour.get("eyepiece", "")
        pair = _telescope_and_eyepiece(state, telescope, eyepiece)
        if isinstance(pair, ToolResult):
            return pair
        async with ctx.store.edit_state() as store:
            store[STATE_KEY]["tour"] = {"position": position, "count": count,
                                        "telescope": telescope, "eyepiece": eyepiece}
        shown = await self.show_eyepiece_view(ctx, str(position))
        if shown.status is not Status.OK:
            return shown
        step_line = msg("eyepiece.tour_step", position=position, count=count, object=shown.data["object"])
        lines = [step_line.model_dump(mode="json"), *shown.data["lines"]]
        data = shown.data | {"position": position, "count": count, "lines": lines}
        model_view = (shown.model_data or {}) | {
            "position": position, "count": count, "lines": lines,
            "summary": f"{step_line.render('en')} {(shown.model_data or {}).get('summary', '')}"}
        return ToolResult.success(data, artifacts=shown.artifacts, model_data=model_view)

    async def _eyepiece_in_stellarium(self, ctx: Context, state: dict[str, Any], plan: dict[str, Any] | None,
                                      best_time: str | None, obj: SkyObject, view: EyepieceView) -> ToolResult:
        """The view in Stellarium with its screenshot, or why it could not be shown (the
        caller draws the field instead); Stellarium is driven by this session alone, only
        while the view is set and shot."""
        where = await self._viewpoint(ctx, state, plan, best_time)
        if isinstance(where, ToolResult):
            return ToolResult.failed(msg("eyepiece.drawn_instead", reason=said(where)))
        seen = await asyncio.to_thread(_visibility, obj, where)  # ephemerides: CPU work
        if seen is not None and not seen.above_horizon:
            return ToolResult.refused(msg("eyepiece.below_horizon", object=obj.said))
        try:
            async with self.bridge.driving(self.settings.stellarium.busy_wait_s):
                return await self._eyepiece_shown(ctx, where, obj, view)
        except StellariumBusy:
            return ToolResult.failed(msg("eyepiece.drawn_instead", reason=said(_busy(self.settings))))

    async def _eyepiece_shown(self, ctx: Context, where: Viewpoint, obj: SkyObject,
                              view: EyepieceView) -> ToolResult:
        placed = await self._set_viewpoint(where, obj)
        if placed.status in (Status.OK, Status.PARTIAL):
            placed = await self.bridge.call("show_eyepiece_field", name=obj.stellarium_name,
                                            true_field_deg=round(view.true_field_deg, 4))
        if placed.status not in (Status.OK, Status.PARTIAL):
            return ToolResult.failed(msg("eyepiece.drawn_instead", reason=said(placed)))
        shot = await self._screenshot(ctx, f"{obj.name}-eyepiece")
        if shot.status is not Status.OK:
            return ToolResult.failed(msg("eyepiece.drawn_instead", reason=said(shot)))
        language = await conversation_language(ctx)
        return ToolResult.success({"place": where.location.name, "time": where.local_time.render(language)},
                                  artifacts=shot.artifacts)


def _busy(settings: Settings) -> ToolResult:
    """Nothing was done: another session held Stellarium for longer than this one may wait."""
    return ToolResult.refused(msg("stellarium.busy", seconds=f"{settings.stellarium.busy_wait_s:g}"))


def _visibility(obj: SkyObject, view: Viewpoint) -> Visibility | None:
    if obj.body is None and (obj.ra_deg is None or obj.dec_deg is None):
        return None
    return visibility(location=view.location, when=view.when, ra_deg=obj.ra_deg,
                      dec_deg=obj.dec_deg, body=obj.body)


def _below_horizon(obj: SkyObject, view: Viewpoint, seen: Visibility) -> Message:
    """The refusal, composed here: what, where, when, and when it rises."""
    rise = seen.rises_at
    if rise is None:
        rising = msg("stellarium.never_rises")
    elif rise.date() == view.when.astimezone(view.location.tz).date():
        rising = msg("stellarium.rises_at", time=f"{rise:%H:%M}")
    else:
        rising = msg("stellarium.rises_on", time=f"{rise:%H:%M}", date=short_date(rise.date()))
    return msg("stellarium.below_horizon", object=obj.said, place=place_said(view.location),
               time=view.local_time, source=msg(f"stellarium.source_{view.source}"),
               altitude=f"{seen.altitude_deg:.0f}", rise=rising)



def _stellarium_location(location: dict[str, Any]) -> Location:
    """Stellarium's current location (from ``stellarium_status``) as a planning Location."""
    from singularity.planning.timezones import timezone_at

    lat = float(location.get("latitude", location.get("lat", 0.0)))
    lon = float(location.get("longitude", location.get("lon", 0.0)))
    return Location(name=location.get("name") or f"{lat:.2f}, {lon:.2f}", lat=lat, lon=lon,
                    elevation_m=location.get("altitude_m", location.get("altitude")),
                    timezone=timezone_at(lat, lon), source="stellarium")


TOUR_STEPS = ("start", "next", "back", "stop")


def _telescope_and_eyepiece(state: dict[str, Any], telescope: str,
                            eyepiece: str) -> tuple[Telescope, Eyepiece] | ToolResult:
    """The pair to compute with: the named telescope, else the session's or the profile's
    instrument; the named eyepiece. Asks for whichever is missing."""
    equipment: Equipment | None = None
    if telescope.strip():
        try:
            equipment = parse_equipment(telescope)
        except InputError as exc:
            return ToolResult.needs_input(exc.message)
    else:
        stored = state["planning_data"].get("equipment") or (
            (state.get("user_profile_memory") or {}).get("equipment"))
        equipment = Equipment.model_validate(stored) if stored else None
    if equipment is None:
        return ToolResult.needs_input(msg("eyepiece.which_telescope"))
    scope = telescope_of(equipment, telescope)
    if scope is None:
        return ToolResult.refused(msg("eyepiece.not_a_telescope", equipment=equipment.said))
    ocular = find_eyepiece(eyepiece, bare=True) if eyepiece.strip() else None
    if ocular is None:
        return ToolResult.needs_input(msg("eyepiece.which_eyepiece"))
    return scope, ocular


async def _field_drawing(ctx: Context, settings: Settings, view: EyepieceView, label: str,
                         language: Language) -> Artifact:
    """The field drawn on the object's size, in the session's folder."""
    session_dir = await ctx.store.get(SESSION_DIR_KEY, default=None)
    folder = Path(session_dir) if session_dir else settings.resolve(
        settings.stellarium.screenshot_dir, under_data=True) / "default"
    name = "".join(c if c.isalnum() else "-" for c in label).strip("-")
    path = folder / f"eyepiece-{name}-{view.eyepiece.focal_length_mm:g}mm.png"
    await asyncio.to_thread(render_field_chart, view, label, path, language)
    return Artifact(kind="plot", path=str(path), title=say("eyepiece.chart_title", language, object=label,
                                                           eyepiece=view.eyepiece.name,
                                                           telescope=view.telescope.said or view.telescope.label))
