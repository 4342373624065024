"""The eyepiece view: the MCP server's ``show_eyepiece_field`` against the fake plugin (with and
without the Oculars plugin), and the StellariumAgent's eyepiece and tour tools through the real
workflow and the offline pilot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client

from singularity.config import Settings
from singularity.stellarium.names import local_matches
from singularity.stellarium.server import build_server
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.fakes.stellarium import OCULARS_OWN_FOV, FakeStellarium
from tests.stellarium.agent_support import AFTERNOON, in_memory_mcp, stellarium_settings, turn
from tests.stellarium.test_server import settings_for
from tests.workflow.conftest import ARTICLE_EXAMPLE, NOW, clear_forecast

QUESTION = "Wie sieht M51 in meinem 10-Zoll-Dobson mit dem 25-mm-Okular aus?"


def know(fake: FakeStellarium, name: str, common: str = "") -> None:
    """Let the fake Stellarium know a catalogued object (shaped like its recorded M31)."""
    obj = local_matches(name)[0]
    fake.add_object(fake.objects["Andromeda Galaxy"] | {
        "name": common or obj.stellarium_name, "localized-name": common or obj.stellarium_name,
        "designations": obj.stellarium_name, "raJ2000": obj.ra_deg, "decJ2000": obj.dec_deg})


@pytest.fixture
def fake_oculars() -> Iterator[FakeStellarium]:
    with FakeStellarium(oculars=True) as stellarium:
        know(stellarium, "M51", "Whirlpool Galaxy")
        know(stellarium, "M13", "Hercules Globular Cluster")
        yield stellarium


async def _field(url: str, tmp_path: Path, **arguments: Any) -> dict[str, Any]:
    async with Client(build_server(settings_for(url, tmp_path / "data"))) as mcp:
        return (await mcp.call_tool("show_eyepiece_field", {"settle_s": 0} | arguments)).data


async def test_with_the_oculars_plugin_its_view_shows_the_true_field(
        fake_oculars: FakeStellarium, tmp_path: Path) -> None:
    result = await _field(fake_oculars.url, tmp_path, name="M51", true_field_deg=1.02)
    assert result["status"] == "ok"
    assert result["data"] == {"selected": "Whirlpool Galaxy", "true_field_deg": 1.02, "fov": 1.02,
                              "mode": "oculars", "centred": True}
    properties = fake_oculars.state.properties
    assert properties["Oculars.enableOcular"] is True
    assert properties["Oculars.flagScaleImageCircle"] is False
    assert fake_oculars.state.fov == 1.02 != OCULARS_OWN_FOV  # not the plugin's own pair


async def test_without_the_plugin_a_circle_marks_the_field(
        fake_stellarium: FakeStellarium, tmp_path: Path) -> None:
    result = await _field(fake_stellarium.url, tmp_path, name="M42", true_field_deg=0.8)
    assert result["data"]["mode"] == "marker"
    assert fake_stellarium.state.properties["SpecialMarkersMgr.fovCircularMarkerSize"] == 0.8
    assert fake_stellarium.state.properties["SpecialMarkersMgr.fovCircularMarkerDisplayed"] is True
    assert fake_stellarium.state.fov == pytest.approx(1.0)


async def test_impossible_fields_and_unknown_objects_are_refused(
        fake_stellarium: FakeStellarium, tmp_path: Path) -> None:
    assert (await _field(fake_stellarium.url, tmp_path, name="M42", true_field_deg=0))["status"] == "refused"
    assert (await _field(fake_stellarium.url, tmp_path, name="M42", true_field_deg=1,
                         settle_s=60))["status"] == "refused"
    unknown = await _field(fake_stellarium.url, tmp_path, name="Planet X", true_field_deg=1.0)
    assert unknown["status"] == "refused"
    assert fake_stellarium.state.properties["SpecialMarkersMgr.fovCircularMarkerDisplayed"] is False


async def test_a_property_stellarium_keeps_refusing_is_a_failure(
        fake_oculars: FakeStellarium, tmp_path: Path) -> None:
    """The plugin refuses its view silently while nothing is selected: the read-back says so."""
    from singularity.stellarium.remote import RemoteControl, StellariumError

    async with RemoteControl(fake_oculars.url, script_timeout_s=0.3) as remote:
        with pytest.raises(StellariumError) as failure:
            await remote.set_property("Oculars.enableOcular", True)
        assert "Oculars.enableOcular" in failure.value.message.render("en")
        with pytest.raises(StellariumError):
            await remote.set_property("Oculars.noSuchThing", True)


@pytest.fixture
def session(settings: Settings, fake_server: FakeServer, fake_oculars: FakeStellarium,
            monkeypatch: pytest.MonkeyPatch) -> Session:
    in_memory_mcp(monkeypatch)
    clear_forecast(fake_server)
    return Session.create(settings=stellarium_settings(settings, fake_server, fake_oculars.url))


@pytest.mark.slow
async def test_the_eyepiece_question_in_german(session: Session, fake_oculars: FakeStellarium) -> None:
    record = await turn(session, QUESTION)
    assert [(c.name, c.arguments, c.status) for c in record.tool_calls][1:] == [
        ("show_eyepiece_view", {"target": "M51", "telescope": "10-Zoll-Dobson", "eyepiece": "25 mm"}, "ok")]
    assert record.agents == ["SingularityOrchestrator", "StellariumAgent"]
    assert fake_oculars.state.properties["Oculars.enableOcular"] is True
    assert fake_oculars.state.fov == pytest.approx(1.0236, abs=1e-3)
    assert fake_oculars.state.scripts[-2] == "core.wait(2);"  # the object's image loads first
    (shot,) = record.artifacts
    assert shot.kind == "screenshot" and Path(shot.path).exists()
    assert record.answer.startswith("Stellarium zeigt M51 (Whirlpool-Galaxie) im wahren Gesichtsfeld")
    assert "51-fache Vergrößerung, 5,0 mm Austrittspupille, 1,0° wahres Gesichtsfeld" in record.answer
    assert "passt gut ins Feld" in record.answer and "f/5" in record.answer
    assert record.state["last_discussed_object"] == "M51"


@pytest.mark.slow
async def test_without_stellarium_the_field_is_drawn(session: Session, fake_oculars: FakeStellarium) -> None:
    fake_oculars.stop()
    record = await turn(session, "How does M13 look in my 8 inch SCT with a Nagler 13?")
    assert record.tool_calls[-1].status == "ok"
    (drawing,) = record.artifacts
    assert drawing.kind == "plot" and Path(drawing.path).read_bytes().startswith(b"\x89PNG")
    assert "156× magnification" in record.answer  # 2032 mm / 13 mm
    assert "Stellarium could not show the view" in record.answer


async def test_a_missing_eyepiece_is_asked_for(session: Session) -> None:
    record = await turn(session, "Wie sieht M42 in meinem 10-Zoll-Dobson im Okular aus?")
    assert record.tool_calls[-1].status == "needs_input"
    assert "Welches Okular benutzt du?" in record.answer


@pytest.mark.slow
async def test_the_tour_steps_through_the_plan(session: Session, fake_oculars: FakeStellarium) -> None:
    planned = await turn(session, ARTICLE_EXAMPLE, now=NOW)
    names = [t["name"] for t in planned.plan["targets"]]
    for name in names[:2]:
        know(fake_oculars, name)
    first = await turn(session, "Führe mich durch den Plan mit dem Nagler 13", now=NOW)
    assert first.tool_calls[-1].name == "tour_plan" and first.tool_calls[-1].status == "ok"
    count = len(names)
    assert first.answer.startswith(f"Ziel 1 von {count} des Plans: {names[0]}.")
    assert first.state["tour"]["position"] == 1
    assert fake_oculars.state.selected == fake_oculars.lookup(names[0])["name"]
    second = await turn(session, "weiter", now=NOW)
    assert second.answer.startswith(f"Ziel 2 von {count} des Plans: {names[1]}.")
    assert "Nagler 13" in second.answer  # the tour keeps the eyepiece
    back = await turn(session, "zurück", now=NOW)
    assert back.state["tour"]["position"] == 1
    again = await turn(session, "zurück", now=NOW)
    assert again.tool_calls[-1].status == "refused"
    assert "schon das erste Ziel" in again.answer
    ended = await turn(session, "Führung beenden", now=NOW)
    assert ended.state["tour"] is None and "beendet" in ended.answer


async def test_no_tour_without_a_plan(session: Session) -> None:
    record = await turn(session, "Take me through the plan")
    assert record.tool_calls[-1].status == "refused"
    assert "no observing plan yet" in record.answer


@pytest.mark.slow
async def test_below_the_horizon_the_field_is_drawn_and_stellarium_untouched(
        session: Session, fake_oculars: FakeStellarium) -> None:
    record = await turn(session, "How does M42 look with my Panoptic 24 in a 10-inch Dobsonian?",
                        now=AFTERNOON)
    assert record.tool_calls[-1].status == "ok"
    (drawing,) = record.artifacts
    assert drawing.kind == "plot"
    assert "is below the horizon there at that time" in record.answer
    assert fake_oculars.state.properties["Oculars.enableOcular"] is False
    assert fake_oculars.state.scripts == []
