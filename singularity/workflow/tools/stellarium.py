"""Stellarium tools for the StellariumAgent: open a target (by name or as a target of the plan)
at the plan's place and time, and take a screenshot of the view.

The tools decide, the MCP server only acts: which object a name means, which place and time
to show (the plan's, the session's, the profile's or Stellarium's own, always said), and
whether the object is above the horizon there (refused otherwise, with its computed rise)
are settled here before anything in Stellarium changes.
"""

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from llama_index.core.workflow import Context

from singularity.catalogue import Message, msg
from singularity.config import Settings
from singularity.planning.models import Location
from singularity.planning.visibility import Visibility, visibility
from singularity.results import Artifact, Status, ToolResult
from singularity.stellarium.bridge import StellariumBridge
from singularity.stellarium.names import SkyObject, local_matches
from singularity.stellarium.resolve import resolve_name
from singularity.understanding.references import target_reference
from singularity.workflow.state import now_at
from singularity.workflow.store_keys import LAST_PLAN_KEY, NOW_KEY, SESSION_DIR_KEY, STATE_KEY
from singularity.workflow.tools import said, together
from singularity.workflow.tools.planning import pick_target


class Viewpoint:
    """Where and when to look from, and whose values they are."""

    def __init__(self, location: Location, when: datetime, source: str) -> None:
        self.location, self.when, self.source = location, when, source

    @property
    def local_time(self) -> str:
        return f"{self.when.astimezone(self.location.tz):%d.%m.%Y %H:%M}"



class StellariumTools:
    """The Stellarium tools bound to settings and one MCP bridge (one per chat session)."""

    def __init__(self, settings: Settings, bridge: StellariumBridge | None = None) -> None:
        self.settings = settings
        self.bridge = bridge or StellariumBridge(settings)

    def all(self) -> list:
        return [self.open_in_stellarium, self.take_stellarium_screenshot]

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
        obj = SkyObject.model_validate(chosen.data["object"])
        notes: list[Message] = [Message.model_validate(n) for n in chosen.data.get("notes", [])]
        view = await self._viewpoint(ctx, state, plan, chosen.data.get("best_time"))
        if isinstance(view, ToolResult):
            return view
        seen = _visibility(obj, view)
        if seen is not None and not seen.above_horizon:
            return ToolResult.refused(_below_horizon(obj, view, seen),
                                      data={"object": obj.name, "altitude_deg": seen.altitude_deg})
        if seen is None:
            notes.append(msg("stellarium.no_position", object=obj.name))

        problems: list[Message] = []
        for step in (self._set_viewpoint, self._center):
            result = await step(view, obj)
            if result.status is Status.PARTIAL:
                problems.append(said(result))  # done, with a flaw the user must hear of
            elif result.status is not Status.OK:
                return result
        async with ctx.store.edit_state() as store:
            store[STATE_KEY]["last_discussed_object"] = obj.name

        data = {"object": obj.name, "common_name": obj.common_name, "kind": obj.kind,
                "place": view.location.name, "time": view.local_time,
                "place_source": view.source, "resolved_by": obj.source,
                "notes": [n.model_dump(mode="json") for n in notes]}
        if seen is not None:
            data |= {"altitude_deg": round(seen.altitude_deg), "direction": seen.direction}
        shot = await self._screenshot(ctx, obj.name)
        model_view = {k: data[k] for k in ("object", "common_name", "place", "time", "place_source",
                                           "altitude_deg", "direction")
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
        return await self._screenshot(ctx, "view")

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
        status = await self.bridge.status()
        if status.status is not Status.OK:
            return status
        location = _stellarium_location(status.data["location"])
        return Viewpoint(location, now_at(now_iso, location.tz), "stellarium")

    async def _set_viewpoint(self, view: Viewpoint, obj: SkyObject) -> ToolResult:
        located = ToolResult.success({})
        if view.source != "stellarium":
            located = await self.bridge.set_location(
                latitude=view.location.lat, longitude=view.location.lon,
                altitude_m=view.location.elevation_m or 0.0, name=view.location.name,
                timezone=view.location.timezone)
            if located.status not in (Status.OK, Status.PARTIAL):
                return located
        timed = await self.bridge.set_time(view.when.astimezone(UTC).isoformat())
        return located if timed.status is Status.OK else timed

    async def _center(self, view: Viewpoint, obj: SkyObject) -> ToolResult:
        return await self.bridge.center_object(obj.stellarium_name, fov_deg=self.settings.stellarium.fov_deg)

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
        rising = msg("stellarium.rises_on", time=f"{rise:%H:%M}", date=f"{rise:%d.%m.%Y}")
    return msg("stellarium.below_horizon", object=obj.label, place=view.location.name,
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


def _bridges(workflow: Any) -> list[StellariumBridge]:
    """The MCP bridges of a session's workflow (one, held by its Stellarium tools)."""
    bridges: dict[int, StellariumBridge] = {}
    for agent in workflow.agents.values():
        for tool in agent.tools or []:
            owner = getattr(getattr(tool, "async_fn", None), "__self__", None)
            if isinstance(owner, StellariumTools):
                bridges[id(owner.bridge)] = owner.bridge
    return list(bridges.values())


async def start_stellarium(workflow: Any) -> None:
    """Start the MCP server process of a session's workflow ahead of its first use (chat start)."""
    for bridge in _bridges(workflow):
        await bridge.start()


async def close_stellarium(workflow: Any) -> None:
    """End the MCP server process of a session's workflow (at chat end; idempotent)."""
    for bridge in _bridges(workflow):
        await bridge.close()
