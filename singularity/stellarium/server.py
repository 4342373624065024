"""A thin FastMCP server over Stellarium's Remote Control: typed tools, no dialogue.

Each tool does one thing, checks that it happened, and returns a ``ToolResult`` as JSON
(status/data/message/sources/artifacts). It never asks the user and never guesses which object
was meant: name resolution and visibility belong to the StellariumAgent. Unknown names and
invalid arguments are ``refused`` (nothing changed); an unreachable, slow or confused
Stellarium is ``failed`` with one sentence saying what to check.

Screenshots go only under the app's own folder (``stellarium.screenshot_dir`` in the data
directory): Stellarium writes wherever it is told and the tool creates the folder first, so a
client's ``directory`` must not name any other place; a relative one is taken inside it.

Run over stdio with ``python -m singularity.stellarium.server`` or ``singularity stellarium-mcp``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from fastmcp import FastMCP

from singularity.catalogue import msg
from singularity.config import Settings
from singularity.errors import InputError, ServiceError
from singularity.results import Artifact, ToolResult
from singularity.stellarium.eyepiece import EYEPIECE_SETTLE_S, show_true_field
from singularity.stellarium.remote import RemoteControl, jd_from_datetime

logger = logging.getLogger(__name__)

READ_ONLY = {"readOnlyHint": True, "openWorldHint": False}
INSTRUCTIONS = (
    "Controls a running Stellarium through its Remote Control plugin. Tools act only on the "
    "exact names and values given; each result's status says what happened."
)

Action = Callable[[RemoteControl], Awaitable[ToolResult]]


def build_server(settings: Settings) -> FastMCP:
    """The MCP server for the Stellarium configured in ``settings`` (nothing connects yet)."""
    config = settings.stellarium
    password = Settings.secret("STELLARIUM_PASSWORD")
    if not config.is_local and password is None:
        logger.warning("Stellarium at %s is not on this machine and STELLARIUM_PASSWORD is not "
                       "set: its Remote Control listens on all interfaces, so anyone on that "
                       "network can control it; give the plugin a password.", config.url)

    connection: dict[str, RemoteControl] = {}

    @asynccontextmanager
    async def lifespan(_server: FastMCP) -> AsyncIterator[dict[str, Any]]:
        """One Remote Control client while the server runs: a client per tool call built a
        new TLS context each time (certificates read even for plain HTTP), measured as 70 %
        of the server's CPU per call."""
        async with RemoteControl(config.url, password=password, timeout_s=config.timeout_s,
                                 script_timeout_s=config.script_timeout_s) as remote:
            connection["remote"] = remote
            try:
                yield {}
            finally:
                connection.clear()

    async def run(action: Action) -> dict[str, Any]:
        remote = connection["remote"]
        sent = remote.changes_sent
        try:
            result = await action(remote)
        except InputError as exc:
            result = ToolResult.refused(exc.message)
        except ServiceError as exc:
            # nothing sent that could change Stellarium (it is off, or refused the password):
            # not done, rather than an unknown outcome
            unchanged = remote.changes_sent == sent
            result = (ToolResult.refused if unchanged else ToolResult.failed)(
                exc.message, data={"detail": exc.detail} if exc.detail else None)
        return wire(result)

    server = FastMCP("Singularity Stellarium", instructions=INSTRUCTIONS, lifespan=lifespan)

    @server.tool(annotations=READ_ONLY)
    async def stellarium_status() -> dict[str, Any]:
        """Stellarium's version, observer location, simulation time (JD and UTC), selected
        object and field of view in degrees."""
        async def action(remote: RemoteControl) -> ToolResult:
            return ToolResult.success((await remote.status()).as_dict())
        return await run(action)

    @server.tool(annotations=READ_ONLY)
    async def find_objects(query: str) -> dict[str, Any]:
        """Names Stellarium's own search finds for ``query`` (shortest first); an object
        known under exactly ``query`` comes first (the search itself omits planets)."""
        if not query.strip():
            return wire(ToolResult.refused(msg("stellarium.no_query")))

        async def action(remote: RemoteControl) -> ToolResult:
            return ToolResult.success({"matches": await remote.find(query)})
        return await run(action)

    @server.tool(annotations=READ_ONLY)
    async def object_info(name: str) -> dict[str, Any]:
        """Position (RA/Dec J2000, altitude/azimuth now, degrees), V magnitude and type of the
        object Stellarium knows under exactly this name."""
        async def action(remote: RemoteControl) -> ToolResult:
            info = await remote.object_info(name)
            if info is None:
                return ToolResult.refused(msg("stellarium.unknown_object", name=name))
            return ToolResult.success(info.as_dict())
        return await run(action)

    @server.tool
    async def set_location(
        latitude: float,
        longitude: float,
        altitude_m: float = 0.0,
        name: str = "",
        timezone: str | None = None,
    ) -> dict[str, Any]:
        """Move Stellarium's observer (degrees, east and north positive; metres) and, when
        given, set its IANA time zone (e.g. Europe/Zurich) afterwards."""
        refusal = _check_location(latitude, longitude, timezone)
        if refusal is not None:
            return wire(refusal)

        async def action(remote: RemoteControl) -> ToolResult:
            location = await remote.set_location(latitude, longitude, altitude_m, name)
            data = {"location": location, "timezone": timezone}
            if timezone is not None:
                try:
                    await remote.set_timezone(timezone)
                except ServiceError as exc:
                    return ToolResult.partial(data | {"timezone": None}, msg(
                        "stellarium.zone_not_set", place=location["name"], zone=timezone,
                        reason=exc.message))
            return ToolResult.success(data)
        return await run(action)

    @server.tool
    async def set_time(utc_iso: str) -> dict[str, Any]:
        """Set Stellarium's simulation time to this ISO 8601 moment (UTC unless it carries an
        offset) and stop the clock so the view stays put."""
        try:
            moment = datetime.fromisoformat(utc_iso.strip())
        except ValueError:
            return wire(ToolResult.refused(msg("stellarium.bad_time", value=utc_iso)))

        async def action(remote: RemoteControl) -> ToolResult:
            clock = await remote.set_time(jd_from_datetime(moment), time_rate=0.0)
            return ToolResult.success({"jd": clock["jd"], "utc": clock["utc"], "time_rate": 0.0})
        return await run(action)

    @server.tool
    async def center_object(name: str, fov_deg: float | None = None) -> dict[str, Any]:
        """Select the object Stellarium knows under exactly this name, centre the view on it
        (tracking) and, when given, zoom to ``fov_deg`` degrees; the selection is verified."""
        if fov_deg is not None and not 0 < fov_deg <= 360:
            return wire(ToolResult.refused(msg("stellarium.bad_fov", fov=f"{fov_deg:g}")))

        async def action(remote: RemoteControl) -> ToolResult:
            centring = await remote.center(name, fov_deg)
            data = {"selected": centring.selected.name, "fov": centring.fov,
                    "centred": centring.centred}
            if not centring.centred:
                return ToolResult.partial(data, msg(
                    "stellarium.not_centred", object=centring.selected.name,
                    seconds=f"{config.script_timeout_s:g}"))
            return ToolResult.success(data)
        return await run(action)

    @server.tool
    async def show_eyepiece_field(name: str, true_field_deg: float,
                                  settle_s: float = EYEPIECE_SETTLE_S) -> dict[str, Any]:
        """Centre the object Stellarium knows under exactly this name and show an eyepiece's
        true field of ``true_field_deg`` degrees: in the Oculars plugin's eyepiece view when
        the plugin is loaded (``mode`` "oculars"), else as a circle marker ("marker"); then
        wait ``settle_s`` seconds (0–10) for the object's image to load."""
        if not 0 < true_field_deg <= 30 or not 0 <= settle_s <= 10:
            return wire(ToolResult.refused(msg("stellarium.bad_fov", fov=f"{true_field_deg:g}")))

        async def action(remote: RemoteControl) -> ToolResult:
            field = await show_true_field(remote, name, true_field_deg, settle_s=settle_s)
            if not field.centred:
                return ToolResult.partial(field.model_dump(), msg(
                    "stellarium.not_centred", object=field.selected,
                    seconds=f"{config.script_timeout_s:g}"))
            return ToolResult.success(field.model_dump())
        return await run(action)

    screenshots = settings.resolve(config.screenshot_dir, under_data=True)

    @server.tool
    async def take_screenshot(directory: str, prefix: str = "stellarium") -> dict[str, Any]:
        """Save Stellarium's current view as a PNG file in ``directory`` (a folder inside the
        app's screenshot folder; a relative name is taken inside it) and return its path and
        size in pixels."""
        folder = screenshot_folder(screenshots, directory)
        if folder is None:
            return wire(ToolResult.refused(msg("stellarium.screenshot_elsewhere", folder=directory,
                                               root=str(screenshots))))

        async def action(remote: RemoteControl) -> ToolResult:
            shot = await remote.screenshot(folder, prefix)
            return ToolResult.success(
                {"path": str(shot.path), "width": shot.width, "height": shot.height},
                artifacts=[Artifact(kind="screenshot", path=str(shot.path), mime="image/png",
                                    title="Stellarium view", credit="Stellarium")])
        return await run(action)

    return server


def screenshot_folder(root: Path, directory: str) -> Path | None:
    """``directory`` as a folder inside ``root`` (relative ones are taken from ``root``), or
    None when it leads anywhere else (``..``, another absolute path, a symbolic link out)."""
    base = root.resolve()
    folder = (base / Path(directory).expanduser()).resolve()
    return folder if folder.is_relative_to(base) else None


def _check_location(latitude: float, longitude: float, timezone: str | None) -> ToolResult | None:
    if not -90 <= latitude <= 90 or not -180 <= longitude <= 180:
        return ToolResult.refused(msg("stellarium.not_a_place", lat=f"{latitude:g}", lon=f"{longitude:g}"))
    if timezone is not None:
        try:
            ZoneInfo(timezone)
        except (ZoneInfoNotFoundError, ValueError):
            return ToolResult.refused(msg("stellarium.bad_timezone", zone=timezone))
    return None


def wire(result: ToolResult) -> dict[str, Any]:
    """A result as the MCP client receives it: its JSON with the catalogue message (``text``),
    so the agent's side can say it in the conversation's language."""
    payload = result.model_dump(mode="json")
    if result.text is not None:
        payload["text"] = result.text.model_dump(mode="json")
    return payload


def main() -> None:
    """Serve the tools over stdio for an MCP client (Claude Desktop, the StellariumAgent, …)."""
    from singularity.config import get_settings

    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    build_server(get_settings()).run(transport="stdio", show_banner=False)


if __name__ == "__main__":
    main()
