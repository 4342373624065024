"""Two sessions, one Stellarium: one bridge for both, started once and ended with the last
session; one action at a time, each with its own place and screenshot; a session that waits
too long is told Stellarium is busy. Real workflow and offline pilot, the fake Remote Control
behind the real MCP server (in-memory transport)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from singularity.catalogue import say
from singularity.config import Settings
from singularity.planning.models import Location
from singularity.stellarium.bridge import StellariumBridge
from singularity.workflow.runner import Session, SharedResources
from tests.fakes.server import FakeServer
from tests.fakes.stellarium import FakeStellarium
from tests.stellarium.agent_support import (
    AFTERNOON,
    EVENING,
    in_memory_mcp,
    stellarium_settings,
    turn,
)
from tests.workflow.conftest import clear_forecast

KREUZLINGEN = Location(name="Kreuzlingen, Switzerland", lat=47.65, lon=9.17, elevation_m=400,
                       timezone="Europe/Zurich", source="gazetteer")
VIENNA = Location(name="Vienna, Austria", lat=48.21, lon=16.37, elevation_m=190,
                  timezone="Europe/Vienna", source="gazetteer")


class Counted:
    """A factory of in-memory MCP clients that counts the servers it starts."""

    def __init__(self, settings: Settings) -> None:
        from fastmcp import Client

        from singularity.stellarium.server import build_server

        self.started = 0
        self._client = lambda: Client(build_server(settings))

    def __call__(self) -> Any:
        self.started += 1
        return self._client()


@pytest.fixture
def world(settings: Settings, fake_server: FakeServer, fake_stellarium: FakeStellarium,
          monkeypatch: pytest.MonkeyPatch) -> Settings:
    in_memory_mcp(monkeypatch)
    clear_forecast(fake_server)
    return stellarium_settings(settings, fake_server, fake_stellarium.url)


def at_home(world: Settings, shared: SharedResources, place: Location) -> Session:
    return Session.create(settings=world, shared=shared,
                          profile={"usual_location": place.model_dump(mode="json")})


def shots_by_selection(fake: FakeStellarium, monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[str | None, str]]:
    """Each screenshot's file with what Stellarium had selected and where it stood then."""
    seen: dict[str, tuple[str | None, str]] = {}
    original = fake._screenshot

    def screenshot(prefix: str, folder: Path, *, overwrite: bool) -> None:
        original(prefix, folder, overwrite=overwrite)
        seen[str(fake.state.screenshots[-1])] = (fake.state.selected, fake.state.location.get("name", ""))

    monkeypatch.setattr(fake, "_screenshot", screenshot)
    return seen


async def test_two_sessions_share_one_bridge_started_once_and_ended_with_the_last(world: Settings) -> None:
    counted = Counted(world)
    shared = SharedResources(bridge_factory=lambda s: StellariumBridge(s, client_factory=counted))
    alice, bob = at_home(world, shared, KREUZLINGEN), at_home(world, shared, VIENNA)
    await asyncio.gather(alice.start(), bob.start())
    assert alice.resources.stellarium is bob.resources.stellarium
    assert counted.started == 1 and len(shared.bridges) == 1
    await turn(alice, "Zeig mir M31 in Stellarium")
    await turn(bob, "Zeig mir M42 in Stellarium")
    assert counted.started == 1

    await alice.close()
    assert shared.bridges == [bob.resources.stellarium]  # Bob still uses it
    await bob.close()
    assert shared.bridges == []


async def test_a_bridge_outlives_its_last_session_for_the_next_one_then_ends(world: Settings) -> None:
    counted = Counted(world)
    shared = SharedResources(bridge_factory=lambda s: StellariumBridge(s, client_factory=counted),
                             bridge_idle_s=0.2)
    first = at_home(world, shared, KREUZLINGEN)
    await first.start()
    await turn(first, "Zeig mir M31 in Stellarium")
    bridge = first.resources.stellarium
    await first.close()
    assert shared.bridges == [bridge]  # waiting for a next chat
    second = at_home(world, shared, KREUZLINGEN)
    await second.start()
    await turn(second, "Zeig mir M42 in Stellarium")
    assert second.resources.stellarium is bridge and counted.started == 1
    await second.close()
    for _ in range(100):  # its idle time, then it ends
        if not shared.bridges:
            break
        await asyncio.sleep(0.05)
    assert shared.bridges == [] and bridge._client is None
    await shared.close()


async def test_the_app_shutdown_ends_every_bridge(world: Settings) -> None:
    shared = SharedResources()
    session = Session.create(settings=world, shared=shared)
    await session.start()
    bridge = session.resources.stellarium
    await shared.close()
    assert shared.bridges == [] and bridge._client is None


async def test_actions_of_two_sessions_do_not_interleave_and_each_screenshot_shows_its_own_object(
        world: Settings, fake_stellarium: FakeStellarium, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = shots_by_selection(fake_stellarium, monkeypatch)
    shared = SharedResources()
    alice, bob = at_home(world, shared, KREUZLINGEN), at_home(world, shared, VIENNA)
    try:
        shown = await asyncio.gather(turn(alice, "Zeig mir M31 in Stellarium", now=EVENING),
                                     turn(bob, "Zeig mir M42 in Stellarium", now=EVENING))
    finally:
        await asyncio.gather(alice.close(), bob.close())
    for record, name, place in zip(shown, ("M31", "M42"), ("Kreuzlingen", "Vienna"), strict=True):
        assert [c.status for c in record.tool_calls] == ["ok", "ok"], record.answer
        (shot,) = record.artifacts
        selected, where = seen[shot.path]
        assert selected == fake_stellarium.lookup(name)["name"] and where.startswith(place)
        assert place in record.answer


async def test_a_screenshot_of_the_view_restores_the_sessions_own_view(
        world: Settings, fake_stellarium: FakeStellarium, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = shots_by_selection(fake_stellarium, monkeypatch)
    shared = SharedResources()
    alice, bob = at_home(world, shared, KREUZLINGEN), at_home(world, shared, VIENNA)
    try:
        await turn(alice, "Zeig mir M31 in Stellarium")
        await turn(bob, "Zeig mir M42 in Stellarium")
        record = await turn(alice, "Mach einen Screenshot von Stellarium")
    finally:
        await asyncio.gather(alice.close(), bob.close())
    assert [(c.name, c.status) for c in record.tool_calls][-1] == ("take_stellarium_screenshot", "ok")
    (shot,) = record.artifacts
    assert seen[shot.path] == (fake_stellarium.lookup("M31")["name"], seen[shot.path][1])
    assert seen[shot.path][1].startswith("Kreuzlingen")


@pytest.mark.parametrize("language", ["de", "en"])
async def test_a_session_that_waits_too_long_is_told_stellarium_is_busy(
        world: Settings, fake_stellarium: FakeStellarium, language: str) -> None:
    impatient = world.model_copy(update={"stellarium": world.stellarium.model_copy(update={"busy_wait_s": 0.0})})
    shared = SharedResources()
    alice, bob = at_home(impatient, shared, KREUZLINGEN), at_home(impatient, shared, VIENNA)
    message = {"de": "Zeig mir M42 in Stellarium", "en": "Show me M42 in Stellarium"}[language]
    try:
        async with alice.resources.stellarium.driving(1.0):  # Alice's action is under way
            before = len(fake_stellarium.requests)
            record = await turn(bob, message)
            assert len(fake_stellarium.requests) == before  # nothing was changed or asked
    finally:
        await asyncio.gather(alice.close(), bob.close())
    assert [c.status for c in record.tool_calls][-1] == "refused"
    assert say("stellarium.busy", language, seconds="0") in record.answer


async def test_another_process_driving_the_same_stellarium_is_waited_for(world: Settings) -> None:
    """Two sets of shared resources stand for two processes (the app and ``singularity ask``):
    each has its own bridge, and the lock file under the data dir keeps their actions apart."""
    from singularity.stellarium.bridge import StellariumBusy

    app, command_line = SharedResources(), SharedResources()
    ours = Session.create(settings=world, shared=app).resources.stellarium
    theirs = Session.create(settings=world, shared=command_line).resources.stellarium
    assert ours is not theirs
    async with theirs.driving(1.0):
        with pytest.raises(StellariumBusy):
            async with ours.driving(0.1):
                pass
    async with ours.driving(0.1):  # free again once the other action ended
        pass
    await asyncio.gather(app.close(), command_line.close())


async def test_a_session_without_a_place_sees_stellariums_own_not_the_last_users(
        world: Settings, fake_stellarium: FakeStellarium) -> None:
    own = dict(fake_stellarium.state.location)
    shared = SharedResources()
    alice = at_home(world, shared, VIENNA)
    nobody = Session.create(settings=world, shared=shared)  # no plan, no place, no profile
    try:
        await turn(alice, "Zeig mir M31 in Stellarium")
        assert fake_stellarium.state.location["name"] != own.get("name")  # Alice's Vienna
        record = await turn(nobody, "Zeig mir M42 in Stellarium")
    finally:
        await alice.close()
        await nobody.close()
        await shared.close()
    assert "Vienna" not in record.answer and "Wien" not in record.answer
    assert fake_stellarium.state.location["latitude"] == pytest.approx(own["latitude"])


async def test_a_target_below_the_horizon_is_refused_while_another_session_drives(world: Settings) -> None:
    """Place, time and visibility are worked out before the lock: only changing the view and
    the screenshot wait for another session's action."""
    impatient = world.model_copy(update={"stellarium": world.stellarium.model_copy(update={"busy_wait_s": 0.0})})
    shared = SharedResources()
    alice, bob = at_home(impatient, shared, KREUZLINGEN), at_home(impatient, shared, VIENNA)
    try:
        async with alice.resources.stellarium.driving(1.0):  # Alice's action is under way
            record = await turn(bob, "Zeig mir M42 in Stellarium", now=AFTERNOON)
    finally:
        await asyncio.gather(alice.close(), bob.close())
    assert [c.status for c in record.tool_calls][-1] == "refused"
    assert "Horizont" in record.answer
    assert say("stellarium.busy", "de", seconds="0") not in record.answer
