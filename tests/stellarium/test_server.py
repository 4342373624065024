"""The FastMCP server in memory (fastmcp.Client) against the fake plugin, and once over stdio
as MCP clients start it."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport

from singularity.config import PROJECT_ROOT, PathsSettings, Settings, StellariumSettings
from singularity.stellarium.server import build_server
from tests.fakes.stellarium import FakeStellarium

TOOLS = {"stellarium_status", "find_objects", "object_info", "set_location", "set_time",
         "center_object", "take_screenshot", "show_eyepiece_field"}


def settings_for(url: str, data_dir: Path = Path(".singularity")) -> Settings:
    return Settings(paths=PathsSettings(data_dir=data_dir),
                    stellarium=StellariumSettings(url=url, timeout_s=1, script_timeout_s=0.5))


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """The app's screenshot folder (``stellarium.screenshot_dir`` under the data directory)."""
    return tmp_path / "data" / "screenshots"


@pytest.fixture
async def client(
    fake_stellarium: FakeStellarium, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> AsyncIterator[Client[Any]]:
    monkeypatch.delenv("STELLARIUM_PASSWORD", raising=False)
    async with Client(build_server(settings_for(fake_stellarium.url, tmp_path / "data"))) as mcp:
        yield mcp


async def call(client: Client[Any], tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert set(result.data) - {"text"} == {"status", "data", "message", "sources", "artifacts"}
    return result.data


async def test_the_tools_and_their_parameters(client: Client[Any]) -> None:
    tools = {tool.name: tool for tool in await client.list_tools()}
    assert set(tools) == TOOLS
    assert set(tools["set_location"].inputSchema["properties"]) == {
        "latitude", "longitude", "altitude_m", "name", "timezone"}
    assert tools["set_location"].inputSchema["required"] == ["latitude", "longitude"]
    assert tools["object_info"].annotations.readOnlyHint is True


async def test_status_find_and_info(client: Client[Any]) -> None:
    status = await call(client, "stellarium_status")
    assert status["status"] == "ok"
    assert set(status["data"]) == {"version", "location", "time", "selected", "fov"}
    assert set(status["data"]["location"]) == {"name", "latitude", "longitude", "altitude"}
    assert set(status["data"]["time"]) == {"jd", "utc"}
    assert (await call(client, "find_objects", query="jupiter"))["data"] == {"matches": ["Jupiter"]}
    info = await call(client, "object_info", name="M42")
    assert set(info["data"]) == {"name", "ra_deg", "dec_deg", "altitude_deg", "azimuth_deg",
                                 "magnitude", "type"}
    assert info["data"]["name"] == "Great Orion Nebula"


async def test_refusals_change_nothing(
    client: Client[Any], fake_stellarium: FakeStellarium
) -> None:
    refusals = [
        await call(client, "object_info", name="Planet X"),
        await call(client, "find_objects", query="  "),
        await call(client, "set_location", latitude=95.0, longitude=9.0),
        await call(client, "set_location", latitude=47.0, longitude=9.0, timezone="Moon/Base"),
        await call(client, "set_time", utc_iso="next Tuesday"),
        await call(client, "center_object", name="Planet X"),
        await call(client, "center_object", name="M31", fov_deg=0),
    ]
    assert [r["status"] for r in refusals] == ["refused"] * len(refusals)
    assert all(r["message"].endswith(".") for r in refusals)
    assert fake_stellarium.state.scripts == []
    assert fake_stellarium.state.location["name"] == "Kreuzlingen"


async def test_location_time_centre_and_screenshot(
    client: Client[Any], fake_stellarium: FakeStellarium, shots: Path
) -> None:
    placed = await call(client, "set_location", latitude=-33.86, longitude=151.21,
                        altitude_m=58, name="Sydney", timezone="Australia/Sydney")
    assert placed["status"] == "ok" and placed["data"]["location"]["name"] == "Sydney"
    assert fake_stellarium.state.timezone == "Australia/Sydney"
    timed = await call(client, "set_time", utc_iso="2026-12-05T21:00:00+01:00")
    assert timed["data"]["utc"] == "2026-12-05T20:00:00.000Z" and timed["data"]["time_rate"] == 0
    centred = await call(client, "center_object", name="Jupiter", fov_deg=2)
    assert centred == {"status": "ok", "message": "", "sources": [], "artifacts": [],
                       "data": {"selected": "Jupiter", "fov": 2.0, "centred": True}}
    shot = await call(client, "take_screenshot", directory=str(shots / "s1"), prefix="jupiter")
    assert shot["data"] == {"path": str(shots / "s1" / "jupiter001.png"), "width": 64, "height": 48}
    assert shot["artifacts"][0]["kind"] == "screenshot"
    relative = await call(client, "take_screenshot", directory="s2", prefix="jupiter")
    assert relative["data"]["path"] == str(shots / "s2" / "jupiter001.png")


@pytest.mark.parametrize("elsewhere", ["../outside", "/tmp/singularity-shots", "s1/../../x"])
async def test_screenshots_go_nowhere_but_the_apps_folder(
    client: Client[Any], fake_stellarium: FakeStellarium, shots: Path, tmp_path: Path,
    elsewhere: str,
) -> None:
    shot = await call(client, "take_screenshot", directory=elsewhere)
    assert shot["status"] == "refused"
    assert shot["message"] == (f"Singularity saves screenshots only in its own folder {shots}, not "
                               f"in {elsewhere}; give a folder inside it or a relative name.")
    assert fake_stellarium.state.scripts == []
    assert sorted(p.name for p in tmp_path.rglob("*")) == []  # no folder was made


async def test_a_link_out_of_the_screenshot_folder_is_refused(
    client: Client[Any], fake_stellarium: FakeStellarium, shots: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    shots.mkdir(parents=True)
    (shots / "link").symlink_to(outside)
    shot = await call(client, "take_screenshot", directory="link")
    assert shot["status"] == "refused" and fake_stellarium.state.scripts == []


async def test_unverified_effects_fail_or_are_partial(
    client: Client[Any], fake_stellarium: FakeStellarium, shots: Path
) -> None:
    fake_stellarium.scripts_ignored = True
    placed = await call(client, "set_location", latitude=35.68, longitude=139.69,
                        timezone="Asia/Tokyo")
    assert placed["status"] == "partial"
    assert placed["message"].startswith("Stellarium moved to 35.6800, 139.6900, but its time zone")
    centred = await call(client, "center_object", name="M31")
    assert centred["status"] == "failed" and "did not select Andromeda Galaxy" in centred["message"]
    shot = await call(client, "take_screenshot", directory=str(shots))
    assert shot["status"] == "failed" and "wrote no screenshot" in shot["message"]


async def test_stellarium_down_is_one_sentence_and_nothing_done(
    client: Client[Any], fake_stellarium: FakeStellarium
) -> None:
    fake_stellarium.stop()
    for tool, arguments in (("stellarium_status", {}), ("center_object", {"name": "M31"})):
        result = await call(client, tool, **arguments)
        assert result["status"] == "refused"  # nothing reached Stellarium: "not done", not "unknown"
        assert "not running or its Remote Control plugin is off" in result["message"]


async def test_a_failure_after_a_change_was_sent_has_an_unknown_outcome(
    client: Client[Any], fake_stellarium: FakeStellarium
) -> None:
    fake_stellarium.scripts_ignored = True  # the selecting script is sent, its effect never comes
    result = await call(client, "center_object", name="M31")
    assert result["status"] == "failed"


async def test_password_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeStellarium(password="secret") as fake:
        monkeypatch.setenv("STELLARIUM_PASSWORD", "secret")
        async with Client(build_server(settings_for(fake.url))) as mcp:
            assert (await call(mcp, "stellarium_status"))["status"] == "ok"
        monkeypatch.setenv("STELLARIUM_PASSWORD", "wrong")
        async with Client(build_server(settings_for(fake.url))) as mcp:
            failed = await call(mcp, "stellarium_status")
        assert failed["status"] == "refused" and "STELLARIUM_PASSWORD" in failed["message"]


def test_a_remote_stellarium_without_password_is_warned_about(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("STELLARIUM_PASSWORD", raising=False)
    with caplog.at_level(logging.WARNING, logger="singularity.stellarium.server"):
        build_server(settings_for("http://127.0.0.1:8090"))
        assert not caplog.records
        build_server(settings_for("http://192.168.1.20:8090"))
    assert "listens on all interfaces" in caplog.records[0].getMessage()


@pytest.mark.slow
@pytest.mark.parametrize("entry_point", [["-m", "singularity.stellarium.server"],
                                         ["-m", "singularity.cli", "stellarium-mcp"]])
async def test_the_stdio_server_as_mcp_clients_start_it(
    fake_stellarium: FakeStellarium, entry_point: list[str]
) -> None:
    environment = {key: value for key, value in os.environ.items()
                   if key != "STELLARIUM_PASSWORD"}
    environment |= {"SINGULARITY__STELLARIUM__URL": fake_stellarium.url,
                    "SINGULARITY__TRACING__ENABLED": "false"}
    transport = StdioTransport(command=sys.executable, args=entry_point, env=environment,
                               cwd=str(PROJECT_ROOT))
    async with Client(transport) as mcp:
        status = await call(mcp, "stellarium_status")
    assert status["status"] == "ok" and status["data"]["version"] == "0.22.2"


async def test_one_remote_control_client_serves_every_call(
    fake_stellarium: FakeStellarium, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A client per call built a TLS context each time (most of the server's CPU per call)."""
    import singularity.stellarium.server as server_module

    made: list[object] = []

    class Counted(server_module.RemoteControl):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(server_module, "RemoteControl", Counted)
    monkeypatch.delenv("STELLARIUM_PASSWORD", raising=False)
    async with Client(build_server(settings_for(fake_stellarium.url, tmp_path / "data"))) as mcp:
        for tool, arguments in (("stellarium_status", {}), ("object_info", {"name": "M31"}),
                                ("center_object", {"name": "M31"})):
            assert (await call(mcp, tool, **arguments))["status"] == "ok"
    assert len(made) == 1
