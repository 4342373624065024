"""The StellariumAgent against the real Stellarium 0.22 under Xvfb, through the app's own path:
the MCP server as a stdio child process, started by the session's bridge."""

from __future__ import annotations

import struct
from pathlib import Path

import httpx
import pytest

from singularity.config import Settings
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.stellarium.agent_support import AFTERNOON, stellarium_settings, turn
from tests.stellarium.instance import StellariumInstance
from tests.workflow.conftest import ARTICLE_EXAMPLE, NOW, clear_forecast

pytestmark = pytest.mark.slow


def png_size(path: Path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


async def get(url: str, **params: str) -> dict:
    async with httpx.AsyncClient(timeout=10) as client:
        return (await client.get(url, params=params)).json()


async def test_below_the_horizon_is_refused_and_stellarium_is_untouched(
        settings: Settings, fake_server: FakeServer, real_stellarium: StellariumInstance) -> None:
    session = Session.create(settings=stellarium_settings(settings, fake_server, real_stellarium.url))
    before = await get(f"{real_stellarium.url}/api/main/status")
    try:
        record = await turn(session, "Zeig mir M42 in Stellarium", now=AFTERNOON)
    finally:
        await session.close()
    assert [c.status for c in record.tool_calls] == ["ok", "refused"]
    assert "unter dem Horizont" in record.answer and "geht um" in record.answer
    after = await get(f"{real_stellarium.url}/api/main/status")
    assert after["location"] == before["location"] and after["selectioninfo"] == before["selectioninfo"]


async def test_open_first_target_of_the_plan_with_screenshot(
        settings: Settings, fake_server: FakeServer, real_stellarium: StellariumInstance) -> None:
    clear_forecast(fake_server)
    session = Session.create(settings=stellarium_settings(settings, fake_server, real_stellarium.url))
    try:
        planned = await turn(session, ARTICLE_EXAMPLE, now=NOW)
        assert planned.plan["targets"][0]["name"] == "M31"
        record = await turn(session, "Öffne das erste Ziel in Stellarium", now=NOW)
    finally:
        await session.close()
    assert [c.status for c in record.tool_calls] == ["ok", "ok"], record.answer
    status = await get(f"{real_stellarium.url}/api/main/status")
    assert status["location"]["name"].startswith("Kreuzlingen")
    assert abs(status["location"]["latitude"] - 47.65) < 0.05
    assert status["time"]["timerate"] == 0
    info = await get(f"{real_stellarium.url}/api/objects/info", format="json")
    assert "M31" in info.get("designations", "") or info.get("name") == "Andromeda Galaxy"
    (shot,) = record.artifacts
    path = Path(shot.path)
    assert shot.kind == "screenshot" and path.exists() and path.parent.name == session.id
    assert png_size(path) == (real_stellarium.width, real_stellarium.height)
    assert "Erledigt: M31 in Stellarium zentriert (Kreuzlingen" in record.answer
