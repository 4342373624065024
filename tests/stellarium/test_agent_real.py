"""The StellariumAgent against the real Stellarium 0.22 under Xvfb, through the app's own path:
the MCP server as a stdio child process, started by the session's bridge."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

import httpx
import pytest

from singularity.config import Settings
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.stellarium.agent_support import AFTERNOON, EVENING, stellarium_settings, turn
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


async def test_two_sessions_open_different_objects_at_once_and_each_screenshot_shows_its_own(
        settings: Settings, fake_server: FakeServer, real_stellarium: StellariumInstance,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's two browsers: Alice opens M31 while Bob opens M42, on one Stellarium."""
    from singularity.planning.models import Location
    from singularity.stellarium.bridge import StellariumBridge
    from singularity.workflow.runner import SharedResources

    clear_forecast(fake_server)
    at_shot: dict[str, tuple[str, str]] = {}  # screenshot prefix -> what Stellarium showed then
    take = StellariumBridge.take_screenshot

    async def take_and_note(self: StellariumBridge, directory: str, prefix: str):
        status = await self.status()
        at_shot[prefix] = (status.data["selected"], status.data["location"]["name"])
        return await take(self, directory, prefix)

    monkeypatch.setattr(StellariumBridge, "take_screenshot", take_and_note)
    world = stellarium_settings(settings, fake_server, real_stellarium.url)
    shared = SharedResources()
    homes = {"Kreuzlingen": (47.65, 9.17, "Europe/Zurich"), "Vienna": (48.21, 16.37, "Europe/Vienna")}
    alice, bob = (Session.create(settings=world, shared=shared, profile={"usual_location": Location(
        name=name, lat=lat, lon=lon, elevation_m=300, timezone=zone, source="gazetteer").model_dump(mode="json")})
        for name, (lat, lon, zone) in homes.items())
    try:
        shown = await asyncio.gather(turn(alice, "Zeig mir M31 in Stellarium", now=EVENING),
                                     turn(bob, "Zeig mir M42 in Stellarium", now=EVENING))
    finally:
        await asyncio.gather(alice.close(), bob.close())
    assert shared.bridges == []
    for record, (name, known_as), home in zip(shown, (("M31", "Andromeda"), ("M42", "Orion")), homes,
                                              strict=True):
        assert [c.status for c in record.tool_calls] == ["ok", "ok"], record.answer
        (shot,) = record.artifacts
        assert Path(shot.path).exists() and png_size(Path(shot.path))[0] > 0
        selected, place = at_shot[name]  # Stellarium's own name: "Andromeda Galaxy"
        assert known_as in selected and place == home, (selected, place)
