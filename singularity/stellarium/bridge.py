"""The agent side of the Stellarium path: an MCP client with one typed method per server tool.

The app starts the FastMCP server (``python -m singularity.stellarium.server``) as a local
stdio process, once per Stellarium address, shared by every session that uses that address
(the first session's warm-up starts it, otherwise the first call does; it ends when the last
session goes or the app shuts down); tests hand in a client on the in-memory transport. Every
answer is the server's ``ToolResult``; a bridge that cannot start or breaks mid-call becomes a
``failed`` result with one sentence, so the rest of the app keeps working.

One Stellarium has one view: a session that shows something (place, time, object, then the
screenshot) drives it alone, under :meth:`StellariumBridge.driving`. Measured with two
browsers before this lock: Alice's "open M31" failed while Bob's screenshot was taken, and a
screenshot could show the other user's object. The lock is held around the whole sequence of
server calls, not inside the server, because the sequence is what must not interleave: an
asyncio lock for the sessions of this process, and a file lock per address under the data
directory for other processes driving the same Stellarium (``singularity ask``, a second app
instance), each with its own MCP server. A session that waits longer than the configured time
gets :class:`StellariumBusy`.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import json
import logging
import os
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from singularity.catalogue import msg
from singularity.config import PROJECT_ROOT, Settings
from singularity.results import Status, ToolResult

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


class StellariumBusy(Exception):
    """Another session drove Stellarium for longer than the caller may wait."""


class StellariumBridge:
    """Calls the MCP server's tools; connects lazily and stays connected. One per Stellarium
    address, shared by the sessions that use it; :meth:`driving` gives one of them the view."""

    def __init__(self, settings: Settings, client_factory: ClientFactory | None = None) -> None:
        self.settings = settings
        self._factory = client_factory or (lambda: stdio_client(settings))
        self._client: Any = None
        self._connecting = asyncio.Lock()  # two sessions' first calls start one server, not two
        self._driver = asyncio.Lock()
        self._home: dict[str, Any] | None = None
        self._reading_home = asyncio.Lock()
        """A session may read the home place outside the view's lock while another moves it."""
        self.moved = False
        """Whether a session of this app set Stellarium's place (it is then no longer its own)."""

    async def call(self, tool: str, **arguments: Any) -> ToolResult:
        """One server tool; its ToolResult, or ``failed`` when the bridge itself broke."""
        try:
            client = await self._connected()
            async with client:
                result = await client.call_tool(tool, arguments, raise_on_error=False)
        except Exception as exc:  # noqa: BLE001 - the bridge process, not Stellarium: one sentence, no crash
            log.warning("The Stellarium MCP server failed on %s: %r", tool, exc)
            await self.close()  # the next call starts a fresh server
            return ToolResult.failed(msg("stellarium.bridge_broke"), data={"detail": repr(exc)},
                                     model_data={})
        return _as_result(tool, result)

    async def _connected(self) -> Any:
        """The client with its server running (started here on first use)."""
        async with self._connecting:
            if self._client is None:
                client = self._factory()
                await client.__aenter__()  # one MCP session, held until close; calls nest in it
                self._client = client
            return self._client

    async def start(self) -> None:
        """Start the server process now (a session's warm-up), so the first request does not
        wait for it; a failure is only logged, the first call then tries again."""
        try:
            await self._connected()
        except Exception as exc:  # noqa: BLE001 - a warm-up: the first real call reports problems
            log.warning("The Stellarium MCP server did not start ahead of use: %r", exc)
            self._client = None

    async def close(self) -> None:
        """End the server process (the last session using it went, or the app shuts down)."""
        async with self._connecting:
            client, self._client = self._client, None
        if client is not None:
            try:
                await client.close()
            except Exception as exc:  # noqa: BLE001 - a broken server process is gone either way
                log.debug("Closing the Stellarium MCP client failed: %r", exc)

    @property
    def busy(self) -> bool:
        """Whether a session is driving Stellarium now."""
        return self._driver.locked()

    @asynccontextmanager
    async def driving(self, wait_s: float) -> AsyncIterator[None]:
        """Hold Stellarium's view for one action (place, time, object, screenshot); waits at
        most ``wait_s`` for another session's action to end, else raises StellariumBusy."""
        deadline = time.monotonic() + wait_s
        try:
            async with asyncio.timeout(wait_s):
                await self._driver.acquire()
        except TimeoutError:
            raise StellariumBusy(self.settings.stellarium.url) from None
        try:
            async with _process_lock(_lock_file(self.settings), deadline):
                yield
        finally:
            self._driver.release()

    async def status(self) -> ToolResult:
        return await self.call("stellarium_status")

    async def home(self) -> ToolResult:
        """Stellarium's own place, as it was before any session of this app moved it: what a
        session without a place of its own is shown, never the last user's place."""
        async with self._reading_home:  # read once, before any session's move (set_location)
            if self._home is None:
                status = await self.status()
                if status.status is not Status.OK:
                    return status
                self._home = status.data["location"]
        return ToolResult.success({"location": self._home})

    async def find_objects(self, query: str) -> ToolResult:
        return await self.call("find_objects", query=query)

    async def object_info(self, name: str) -> ToolResult:
        return await self.call("object_info", name=name)

    async def set_location(self, *, latitude: float, longitude: float, altitude_m: float,
                           name: str, timezone: str | None) -> ToolResult:
        if self._home is None:
            await self.home()  # remembered before the first session moves it
        self.moved = True
        return await self.call("set_location", latitude=latitude, longitude=longitude,
                               altitude_m=altitude_m, name=name, timezone=timezone)

    async def set_time(self, utc_iso: str) -> ToolResult:
        return await self.call("set_time", utc_iso=utc_iso)

    async def center_object(self, name: str, fov_deg: float | None = None) -> ToolResult:
        return await self.call("center_object", name=name, fov_deg=fov_deg)

    async def take_screenshot(self, directory: str, prefix: str) -> ToolResult:
        return await self.call("take_screenshot", directory=directory, prefix=prefix)


LOCK_POLL_S = 0.05
"""How often a session waiting for another process's Stellarium action looks again."""


def _lock_file(settings: Settings) -> Path:
    """One lock file per Stellarium address, where every process of this data dir finds it."""
    address = settings.stellarium.url.rstrip("/").lower()
    return settings.data_dir / "locks" / f"stellarium-{hashlib.sha256(address.encode()).hexdigest()[:16]}.lock"


@asynccontextmanager
async def _process_lock(path: Path, deadline: float) -> AsyncIterator[None]:
    """An exclusive ``flock`` on ``path``, polled (never blocking the event loop) until
    ``deadline``; the operating system releases it when a process dies holding it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise StellariumBusy(str(path)) from None
                await asyncio.sleep(LOCK_POLL_S)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


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
