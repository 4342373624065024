"""The StellariumAgent's world in tests: offline settings (fake Open-Meteo, optional fake
SIMBAD), Stellarium at a given address, and the MCP server on the in-memory transport instead
of a child process."""

from __future__ import annotations

from datetime import datetime

import pytest

from singularity.config import Settings
from singularity.stellarium import bridge
from singularity.workflow.runner import Session, TurnRecord, run_turn
from tests.fakes.server import FakeServer

EVENING = datetime.fromisoformat("2026-11-30T22:00:00+01:00")
AFTERNOON = datetime.fromisoformat("2026-11-30T15:00:00+01:00")


def stellarium_settings(settings: Settings, server: FakeServer, stellarium_url: str, *,
                        simbad: bool = False) -> Settings:
    weather = settings.weather.model_copy(update={
        "open_meteo_url": server.url, "provider": "open_meteo", "timeout_s": 2.0})
    stellarium = settings.stellarium.model_copy(update={
        "url": stellarium_url, "simbad_online": simbad,
        # a cold Stellarium under Xvfb on a busy two-core machine took over 10 s for its first
        # slew (textures load on the first move), as long as the other real-Stellarium tests allow
        "simbad_url": f"{server.url}/simbad/sim-tap", "timeout_s": 3.0, "script_timeout_s": 20.0})
    return settings.model_copy(update={"weather": weather, "stellarium": stellarium})


def in_memory_mcp(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sessions talk to the MCP server in process (fastmcp's in-memory transport)."""
    from fastmcp import Client

    from singularity.stellarium.server import build_server

    monkeypatch.setattr(bridge, "stdio_client", lambda settings: Client(build_server(settings)))


async def turn(session: Session, message: str, *, now: datetime = EVENING) -> TurnRecord:
    record = None
    async for item in run_turn(session, message, now=now):
        if isinstance(item, TurnRecord):
            record = item
    assert record is not None
    return record
