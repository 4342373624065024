"""The agent side of the Stellarium path: an MCP client with one typed method per server tool.

The app starts the FastMCP server (``python -m singularity.stellarium.server``) as a local
stdio process, once per chat session (the app starts it at chat start, otherwise the first
call does), and keeps it running while the session lasts; tests hand in a client on the in-memory transport. Every answer is the server's
``ToolResult``; a bridge that cannot start or breaks mid-call becomes a ``failed`` result with
one sentence, so the rest of the app keeps working.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable
from typing import Any

from singularity.catalogue import msg
from singularity.config import PROJECT_ROOT, Settings
from singularity.results import ToolResult

log = logging.getLogger(__name__)
ClientFactory = Callable[[], Any]
"""Builds a ``fastmcp.Client`` (not connected)."""


def stdio_client(settings: Settings) -> Any:
    """A client that runs the MCP server as a child process with this process's settings
    (the stdio transport passes no environment on its own, so the settings go along)."""
    from fastmcp import Client
    from fastmcp.client.transports import StdioTransport

    s = settings.stellarium
    env = dict(os.environ) | {
        "SINGULARITY__PATHS__DATA_DIR": str(settings.data_dir),
        "SINGULARITY__STELLARIUM__URL": s.url,
        "SINGULARITY__STELLARIUM__TIMEOUT_S": str(s.timeout_s),
        "SINGULARITY__STELLARIUM__SCRIPT_TIMEOUT_S": str(s.script_timeout_s),
        "SINGULARITY__STELLARIUM__FOV_DEG": str(s.fov_deg),
        "SINGULARITY__TRACING__ENABLED": "false",
    }
    if s.password is not None:  # the user's own Stellarium (settings panel)
        env["STELLARIUM_PASSWORD"] = s.password.get_secret_value()
    log_file = settings.data_dir / "logs" / "stellarium-mcp.log"  # the server's stderr
    log_file.parent.mkdir(parents=True, exist_ok=True)
    transport = StdioTransport(command=sys.executable, args=["-m", "singularity.stellarium.server"],
                               env=env, cwd=str(PROJECT_ROOT), keep_alive=True, log_file=log_file)
    return Client(transport, timeout=s.script_timeout_s + s.timeout_s * 3, init_timeout=30)


class StellariumBridge:
    """Calls the MCP server's tools; connects lazily and stays connected."""

    def __init__(self, settings: Settings, client_factory: ClientFactory | None = None) -> None:
        self.settings = settings
        self._factory = client_factory or (lambda: stdio_client(settings))
        self._client: Any = None

    async def call(self, tool: str, **arguments: Any) -> ToolResult:
        """One server tool; its ToolResult, or ``failed`` when the bridge itself broke."""
        try:
            if self._client is None:
                self._client = self._factory()
            async with self._client:
                result = await self._client.call_tool(tool, arguments, raise_on_error=False)
        except Exception as exc:  # noqa: BLE001 - the bridge process, not Stellarium: one sentence, no crash
            log.warning("The Stellarium MCP server failed on %s: %r", tool, exc)
            self._client = None  # the next call starts a fresh server
            return ToolResult.failed(msg("stellarium.bridge_broke"), data={"detail": repr(exc)},
                                     model_data={})
        return _as_result(tool, result)

    async def start(self) -> None:
        """Start the server process now (at chat start), so the first request does not wait
        for it; a failure is only logged, the first call then tries again."""
        try:
            if self._client is None:
                self._client = self._factory()
            async with self._client:
                pass
        except Exception as exc:  # noqa: BLE001 - a warm-up: the first real call reports problems
            log.warning("The Stellarium MCP server did not start ahead of use: %r", exc)
            self._client = None

    async def close(self) -> None:
        if self._client is not None:
            await self._client.close()
            self._client = None

    async def status(self) -> ToolResult:
        return await self.call("stellarium_status")

    async def find_objects(self, query: str) -> ToolResult:
        return await self.call("find_objects", query=query)

    async def object_info(self, name: str) -> ToolResult:
        return await self.call("object_info", name=name)

    async def set_location(self, *, latitude: float, longitude: float, altitude_m: float,
                           name: str, timezone: str | None) -> ToolResult:
        return await self.call("set_location", latitude=latitude, longitude=longitude,
                               altitude_m=altitude_m, name=name, timezone=timezone)

    async def set_time(self, utc_iso: str) -> ToolResult:
        return await self.call("set_time", utc_iso=utc_iso)

    async def center_object(self, name: str, fov_deg: float | None = None) -> ToolResult:
        return await self.call("center_object", name=name, fov_deg=fov_deg)

    async def take_screenshot(self, directory: str, prefix: str) -> ToolResult:
        return await self.call("take_screenshot", directory=directory, prefix=prefix)


def _as_result(tool: str, result: Any) -> ToolResult:
    """The server's ToolResult from structured content, else from its JSON text."""
    payload = result.structured_content
    if isinstance(payload, dict) and "result" in payload and "status" not in payload:
        payload = payload["result"]  # FastMCP wraps non-object return types
    if not isinstance(payload, dict):
        text = "".join(getattr(block, "text", "") for block in result.content)
        try:
            payload = json.loads(text)
        except json.JSONDecodeError:
            return ToolResult.failed(msg("stellarium.bridge_garbled"),
                                     data={"detail": f"{tool}: {text[:120] or 'empty'}"}, model_data={})
    try:
        parsed = ToolResult.model_validate(payload)
    except ValueError:
        return ToolResult.failed(msg("stellarium.bridge_garbled"), data={"detail": f"{tool}: invalid"},
                                 model_data={})
    if (parsed.data or {}).get("detail"):  # a failure's raw text is for the step, not the model
        return parsed.model_copy(update={"model_data": {}})
    return parsed
