"""The eyepiece view in a real Stellarium 0.22 under Xvfb: with the Oculars plugin loaded its
eyepiece view shows the user's true field (the mask's circle across the view, the rest black);
without it the core's circle marker does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from fastmcp import Client

from singularity.config import PathsSettings, Settings, StellariumSettings
from singularity.stellarium.server import build_server
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.stellarium.agent_support import stellarium_settings, turn
from tests.stellarium.instance import StellariumInstance, stellarium_available

pytestmark = pytest.mark.slow
M51_TRUE_FIELD = 1.0236  # a 25 mm, 52° eyepiece in a 254/1270 mm Dobsonian


@pytest.fixture(scope="module")
def stellarium_with_oculars() -> Iterator[StellariumInstance]:
    if not stellarium_available():
        pytest.skip("the stellarium binary is not installed (apt-get install stellarium xvfb)")
    with StellariumInstance(oculars=True, width=480, height=360) as instance:
        yield instance


def properties(url: str) -> dict[str, Any]:
    return {k: v["value"] for k, v in httpx.get(f"{url}/api/stelproperty/list", timeout=10).json().items()}


def view_fov(url: str) -> float:
    return float(httpx.get(f"{url}/api/main/status", timeout=10).json()["view"]["fov"])


async def _show_and_shoot(url: str, tmp_path: Path, settle_s: float = 2.0) -> tuple[dict[str, Any], Path]:
    settings = Settings(paths=PathsSettings(data_dir=tmp_path),
                        stellarium=StellariumSettings(url=url, timeout_s=10, script_timeout_s=20))
    async with Client(build_server(settings)) as mcp:
        async def call(tool: str, **arguments: Any) -> dict[str, Any]:
            return (await mcp.call_tool(tool, arguments)).data

        placed = await call("set_location", latitude=47.65, longitude=9.17, altitude_m=400,
                            name="Kreuzlingen", timezone="Europe/Zurich")
        assert placed["status"] == "ok", placed["message"]
        assert (await call("set_time", utc_iso="2026-12-06T04:00:00Z"))["status"] == "ok"  # M51 high
        shown = await call("show_eyepiece_field", name="M51", true_field_deg=M51_TRUE_FIELD, settle_s=settle_s)
        assert shown["status"] == "ok", shown["message"]
        shot = await call("take_screenshot", directory="eyepiece", prefix="m51")
        assert shot["status"] == "ok", shot["message"]
    return shown["data"], Path(shot["data"]["path"])


def _brightness(path: Path) -> np.ndarray:
    import matplotlib.image

    return matplotlib.image.imread(path)[..., :3].mean(axis=2)


async def test_the_oculars_plugin_shows_the_true_field(
        stellarium_with_oculars: StellariumInstance, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STELLARIUM_PASSWORD", raising=False)
    url = stellarium_with_oculars.url
    assert "Oculars.enableOcular" in properties(url)  # the plugin is loaded
    data, shot = await _show_and_shoot(url, tmp_path)
    assert data["mode"] == "oculars" and data["selected"] == "Whirlpool Galaxy" and data["centred"]
    now = properties(url)
    assert now["Oculars.enableOcular"] is True and now["Oculars.flagScaleImageCircle"] is False
    assert view_fov(url) == pytest.approx(M51_TRUE_FIELD, abs=1e-3)
    image = _brightness(shot)
    assert image.shape == (360, 480)
    # the eyepiece mask: black outside the circle inscribed in the view's height, sky inside
    assert image[:20, :20].max() == 0 and image[-20:, -20:].max() == 0
    assert image[130:230, 190:290].mean() > image[:, :60].mean()


async def test_without_the_plugin_a_circle_marks_the_field(
        real_stellarium: StellariumInstance, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STELLARIUM_PASSWORD", raising=False)
    assert "Oculars.enableOcular" not in properties(real_stellarium.url)
    data, shot = await _show_and_shoot(real_stellarium.url, tmp_path)
    assert data["mode"] == "marker"
    now = properties(real_stellarium.url)
    assert now["SpecialMarkersMgr.fovCircularMarkerDisplayed"] is True
    assert now["SpecialMarkersMgr.fovCircularMarkerSize"] == pytest.approx(M51_TRUE_FIELD, abs=1e-3)
    assert data["fov"] == pytest.approx(M51_TRUE_FIELD * 1.25, abs=1e-3)
    assert shot.exists()


async def test_the_question_through_the_app(
        settings: Settings, fake_server: FakeServer, stellarium_with_oculars: StellariumInstance) -> None:
    """The article's question through the workflow, the pilot and the MCP server as a stdio
    child process: the Oculars view is set and its screenshot is in the answer."""
    configured = stellarium_settings(settings, fake_server, stellarium_with_oculars.url)
    patient = configured.stellarium.model_copy(update={"timeout_s": 15.0, "script_timeout_s": 20.0})
    # the Oculars view renders slowly on a busy machine: a real Stellarium, not a slow one, is tested
    session = Session.create(settings=configured.model_copy(update={"stellarium": patient}))
    try:
        record = await turn(session, "Wie sieht M51 in meinem 10-Zoll-Dobson mit dem 25-mm-Okular aus?")
    finally:
        await session.close()
    assert [c.status for c in record.tool_calls] == ["ok", "ok"], record.answer
    (shot,) = record.artifacts
    assert shot.kind == "screenshot" and Path(shot.path).read_bytes().startswith(b"\x89PNG")
    assert properties(stellarium_with_oculars.url)["Oculars.enableOcular"] is True
    assert view_fov(stellarium_with_oculars.url) == pytest.approx(M51_TRUE_FIELD, abs=1e-3)
    assert record.answer.startswith("Stellarium zeigt M51 (Whirlpool-Galaxie) im wahren Gesichtsfeld")
