"""``singularity app`` as a service manager runs it: started, then stopped with SIGTERM, it
takes Chainlit, Phoenix and the Stellarium MCP server it started with it within 10 s, so the
ports and the knowledge base's folder lock are free again (none is left behind with parent 1)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
import socketio

from singularity.config import Settings
from tests.fakes.server import FakeServer
from tests.support import offline_env
from tests.ui.conftest import _free_port

pytestmark = pytest.mark.slow
STOP_WITHIN_S = 10
SINGULARITY = Path(sys.executable).parent / "singularity"


def _parents() -> dict[int, int]:
    """Every live process's parent (``/proc/<pid>/stat``); zombies count as gone."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if state != "Z":
            parents[int(entry.name)] = int(parent)
    return parents


def _descendants(root: int) -> dict[int, str]:
    """The processes under ``root``, with their command lines."""
    parents = _parents()
    found, frontier = {}, [root]
    while frontier:
        current = frontier.pop()
        for pid, parent in parents.items():
            if parent == current and pid not in found:
                try:
                    found[pid] = (Path(f"/proc/{pid}/cmdline").read_bytes()
                                  .replace(b"\0", b" ").decode(errors="replace"))
                except OSError:
                    continue
                frontier.append(pid)
    return found


def _port_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _wait_for(check, timeout_s: float, what: str):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


async def _start_chat(url: str) -> socketio.AsyncClient:
    """A chat session, as a browser opens one: its warm-up starts the Stellarium MCP server."""
    client = socketio.AsyncClient(reconnection=False)
    await client.connect(url, socketio_path="/ws/socket.io", transports=["websocket"],
                         auth={"sessionId": str(uuid.uuid4()), "clientType": "webapp"},
                         wait_timeout=10)
    await client.emit("connection_successful")
    return client


@dataclass
class RunningApp:
    process: subprocess.Popen[bytes]
    chat_url: str
    phoenix_port: int
    started: dict[int, str] = field(default_factory=dict)
    """Its processes once all are up; killed at teardown should a stop leave any."""


@pytest.fixture
def running_app(knowledge_settings: Settings, fake_server: FakeServer,
                tmp_path: Path) -> Iterator[RunningApp]:
    """``singularity app`` on free ports with tracing on (so it starts Phoenix), the test's
    knowledge base and the offline pilot; yields once the chat page answers."""
    chat_port, phoenix_port = _free_port(), _free_port()
    env = (os.environ | offline_env(knowledge_settings, fake_server.url) | {
        "SINGULARITY__TRACING__ENABLED": "true",
        "SINGULARITY__TRACING__PHOENIX_PORT": str(phoenix_port),
        "PHOENIX_TELEMETRY_ENABLED": "false"})
    env.pop("PHOENIX_COLLECTOR_ENDPOINT", None)
    with (tmp_path / "app.log").open("wb") as log:
        process = subprocess.Popen([str(SINGULARITY), "app", "--port", str(chat_port)], env=env,
                                   stdout=log, stderr=subprocess.STDOUT)
        app = RunningApp(process, f"http://127.0.0.1:{chat_port}", phoenix_port)
        try:
            _wait_for(lambda: _answers(app.chat_url), 180, "the chat page")
            yield app
        finally:
            for pid in [*app.started, *_descendants(process.pid)]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            if process.poll() is None:
                process.kill()
            process.wait()


async def test_sigterm_stops_everything_the_app_started(
        running_app: RunningApp, knowledge_settings: Settings) -> None:
    from qdrant_client import QdrantClient

    app = running_app
    client = await _start_chat(app.chat_url)
    try:
        await asyncio.to_thread(
            _wait_for, lambda: any("singularity.stellarium.server" in c
                                   for c in _descendants(app.process.pid).values()),
            60, "the MCP server")
        await asyncio.to_thread(
            _wait_for, lambda: _answers(f"http://127.0.0.1:{app.phoenix_port}/healthz"), 120, "Phoenix")
        app.started = _descendants(app.process.pid)
        assert any("chainlit" in c for c in app.started.values()), app.started
        assert any("phoenix" in c for c in app.started.values()), app.started

        app.process.send_signal(signal.SIGTERM)
        stopped_at = time.monotonic()
        code = await asyncio.to_thread(app.process.wait, STOP_WITHIN_S)
        await asyncio.to_thread(
            _wait_for, lambda: not set(app.started) & set(_parents()),
            STOP_WITHIN_S - (time.monotonic() - stopped_at), "the children to end")
        assert code == 0
        assert time.monotonic() - stopped_at < STOP_WITHIN_S
    finally:
        await client.disconnect()
    chat_port = int(app.chat_url.rsplit(":", 1)[1])
    assert _port_free(chat_port) and _port_free(app.phoenix_port)
    folder = knowledge_settings.resolve(knowledge_settings.knowledge.qdrant_path, under_data=True)
    QdrantClient(path=str(folder)).close()  # raises while another process holds the lock
