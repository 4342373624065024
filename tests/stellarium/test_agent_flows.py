"""The StellariumAgent through the real workflow and the offline pilot, against the fake
Remote Control behind the real MCP server (in-memory transport)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from singularity.catalogue import msg
from singularity.config import Settings
from singularity.results import ToolResult
from singularity.stellarium.bridge import StellariumBridge
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer, Response
from tests.fakes.stellarium import FakeStellarium
from tests.stellarium.agent_support import (
    AFTERNOON,
    EVENING,
    in_memory_mcp,
    stellarium_settings,
    turn,
)
from tests.workflow.conftest import ARTICLE_EXAMPLE, NOW, clear_forecast

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "simbad"


@pytest.fixture
def session(settings: Settings, fake_server: FakeServer, fake_stellarium: FakeStellarium,
            monkeypatch: pytest.MonkeyPatch) -> Session:
    in_memory_mcp(monkeypatch)
    clear_forecast(fake_server)
    return Session.create(settings=stellarium_settings(settings, fake_server, fake_stellarium.url))


def changes(fake: FakeStellarium) -> list[str]:
    """Requests that change Stellarium (location, time, scripts)."""
    return [r.path for r in fake.requests if r.method == "POST"]


def jd_utc(jd: float) -> datetime:
    return datetime.fromtimestamp((jd - 2440587.5) * 86400, tz=UTC)


async def test_open_first_target_uses_the_plans_place_and_time(
        session: Session, fake_stellarium: FakeStellarium) -> None:
    planned = await turn(session, ARTICLE_EXAMPLE, now=NOW)
    first = planned.plan["targets"][0]
    record = await turn(session, "Öffne das erste Ziel in Stellarium", now=NOW)
    assert record.agents == ["SingularityOrchestrator", "StellariumAgent"]
    assert [(c.name, c.arguments, c.status) for c in record.tool_calls] == [
        ("handoff", {"to_agent": "StellariumAgent", "reason": "Stellarium request"}, "ok"),
        ("open_in_stellarium", {"target": "1"}, "ok")]
    state = fake_stellarium.state
    assert state.location["name"].startswith("Kreuzlingen") and state.timezone == "Europe/Zurich"
    assert abs(state.location["latitude"] - 47.65) < 0.05
    best = datetime.fromisoformat(first["best_time"])
    assert abs((jd_utc(state.jd) - best).total_seconds()) < 2
    assert state.selected == fake_stellarium.lookup("M31")["name"] and state.time_rate == 0
    (shot,) = record.artifacts
    assert shot.kind == "screenshot" and Path(shot.path).exists()
    assert Path(shot.path).parent == session.settings.data_dir / "screenshots" / session.id
    assert record.answer.startswith("M31 (Andromedagalaxie) ist in Stellarium zentriert – Kreuzlingen, Schweiz")
    assert "(aus deinem Plan)" in record.answer
    assert (f"Erledigt: M31 in Stellarium zentriert (Kreuzlingen, Schweiz, {best:%d.%m.%Y %H:%M}, "
            "aus deinem Plan).") in record.answer
    assert record.state["last_discussed_object"] == "M31"


async def test_named_object_without_a_plan_uses_stellarias_own_place(
        session: Session, fake_stellarium: FakeStellarium) -> None:
    record = await turn(session, "Zeig mir M42 in Stellarium")
    assert [c.status for c in record.tool_calls] == ["ok", "ok"]
    assert "/api/location/setlocationfields" not in changes(fake_stellarium)  # its own place
    assert fake_stellarium.state.selected == fake_stellarium.lookup("M42")["name"]
    assert "Stellariums eigener Standort" in record.answer
    english = await turn(session, "Show me Jupiter in Stellarium",
                         now=datetime.fromisoformat("2026-11-30T23:30:00+01:00"))
    assert english.answer.startswith("Jupiter is centred in Stellarium – Kreuzlingen")
    again = await turn(session, "Öffne es nochmal in Stellarium",
                       now=datetime.fromisoformat("2026-11-30T23:30:00+01:00"))
    assert again.tool_calls[1].arguments == {"target": "Jupiter"}
    another = await turn(session, "Und jetzt M42", now=datetime.fromisoformat("2026-11-30T23:30:00+01:00"))
    assert [(c.name, c.arguments) for c in another.tool_calls][1:] == [("open_in_stellarium", {"target": "M42"})]


async def test_below_the_horizon_is_refused_and_nothing_changes(
        session: Session, fake_stellarium: FakeStellarium) -> None:
    before = fake_stellarium.state.jd
    record = await turn(session, "Zeig mir M42 in Stellarium", now=AFTERNOON)
    assert [c.status for c in record.tool_calls] == ["ok", "refused"]
    assert record.prose_suppressed
    assert record.answer.startswith(
        "Nicht erledigt: M42 (Orionnebel) steht in Kreuzlingen am 30.11.2026 15:00 unter dem "
        "Horizont (Stellariums eigener Standort, -4")
    assert "deshalb wurde in Stellarium nichts geöffnet; es geht um 19:" in record.answer
    assert changes(fake_stellarium) == [] and fake_stellarium.state.jd == before
    assert record.artifacts == []


async def test_several_matches_are_offered_not_picked(
        session: Session, fake_stellarium: FakeStellarium) -> None:
    record = await turn(session, "Zeig mir den Schleiernebel in Stellarium")
    assert record.tool_calls[1].status == "needs_input"
    assert "passt auf mehrere Objekte: NGC 6960 (Western Veil Nebula), NGC 6992" in record.answer
    assert changes(fake_stellarium) == []


async def test_without_a_plan_a_plan_position_asks(session: Session, fake_stellarium: FakeStellarium) -> None:
    record = await turn(session, "Öffne das erste Ziel in Stellarium")
    assert record.tool_calls[1].status == "needs_input"
    assert "Es gibt noch keinen Beobachtungsplan" in record.answer
    assert changes(fake_stellarium) == []


async def test_stellarium_not_running_is_one_sentence(
        session: Session, fake_stellarium: FakeStellarium) -> None:
    fake_stellarium.stop()
    record = await turn(session, "Zeig mir M42 in Stellarium")
    assert record.tool_calls[1].status == "refused"  # nothing reached Stellarium: nothing changed
    assert record.answer.startswith("Nicht erledigt: Stellarium ist unter")
    assert "Remote-Control-Plugin" in record.answer and record.answer.count(". ") == 0
    assert "Errno" not in record.answer and "Connection refused" not in record.answer
    planning = await turn(session, ARTICLE_EXAMPLE, now=NOW)  # the rest keeps working
    assert planning.plan is not None


async def test_wrong_password(settings: Settings, fake_server: FakeServer,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    in_memory_mcp(monkeypatch)
    monkeypatch.setenv("STELLARIUM_PASSWORD", "wrong")
    with FakeStellarium(password="secret") as fake:
        session = Session.create(settings=stellarium_settings(settings, fake_server, fake.url))
        record = await turn(session, "Zeig mir M42 in Stellarium")
    assert record.answer == ("Nicht erledigt: Stellariums Remote Control hat "
                             "das Passwort abgelehnt: STELLARIUM_PASSWORD stimmt nicht mit dem im "
                             "Remote-Control-Plugin eingestellten Passwort überein.")


async def test_failed_screenshot_leaves_the_centring_a_success(
        session: Session, fake_stellarium: FakeStellarium, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(self, directory: str, prefix: str) -> ToolResult:
        return ToolResult.failed("Stellarium wrote no screenshot within 5 s.")

    monkeypatch.setattr(StellariumBridge, "take_screenshot", broken)
    record = await turn(session, "Zeig mir M42 in Stellarium")
    assert record.tool_calls[1].status == "partial"
    assert fake_stellarium.state.selected == fake_stellarium.lookup("M42")["name"]
    assert ("M42 ist in Stellarium zentriert, aber das Bildschirmfoto ist fehlgeschlagen: "
            "Stellarium wrote no screenshot") in record.answer  # the fake's own plain sentence
    assert "Erledigt:" not in record.answer and record.artifacts == []


async def test_a_view_that_did_not_arrive_is_said_with_the_plans_name(
        session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = StellariumBridge.center_object

    async def not_there(self, name: str, fov_deg: float | None = None) -> ToolResult:
        done = await slow(self, name, fov_deg)
        return ToolResult.partial(done.data or {}, msg("stellarium.not_centred", object="Orion Nebula",
                                                       seconds="10"))  # Stellarium's English name

    monkeypatch.setattr(StellariumBridge, "center_object", not_there)
    record = await turn(session, "Zeig mir M42 in Stellarium")
    assert record.tool_calls[1].status == "partial"
    assert record.answer.startswith("M42 (Orionnebel) ist in Stellarium ausgewählt – ")  # not "zentriert"
    assert "Stellarium hat M42 ausgewählt, aber die Ansicht war nach 10 s noch nicht dort." in record.answer
    assert "zentriert" not in record.answer and "Orion Nebula" not in record.answer


async def test_unknown_to_the_catalogue_simbad_then_stellarium(
        settings: Settings, fake_server: FakeServer, fake_stellarium: FakeStellarium,
        monkeypatch: pytest.MonkeyPatch) -> None:
    in_memory_mcp(monkeypatch)
    fake_server.route("POST", "/simbad/sim-tap/sync", Response(200, (FIXTURES / "vega.json").read_bytes()))
    online = Session.create(settings=stellarium_settings(settings, fake_server, fake_stellarium.url, simbad=True))
    record = await turn(online, "Öffne Vega in Stellarium")
    assert record.tool_calls[1].status == "ok" and fake_stellarium.state.selected == fake_stellarium.lookup("Vega")["name"]
    assert len([r for r in fake_server.requests if r.path.endswith("/sync")]) == 1
    assert not any(r.path == "/api/objects/find" for r in fake_stellarium.requests)

    offline = Session.create(settings=stellarium_settings(settings, fake_server, fake_stellarium.url))
    record = await turn(offline, "Öffne Vega in Stellarium")
    assert record.tool_calls[1].status == "ok"
    assert any(r.path == "/api/objects/find" for r in fake_stellarium.requests)


async def test_screenshot_of_the_current_view(session: Session) -> None:
    record = await turn(session, "Take a screenshot in Stellarium")
    assert [c.name for c in record.tool_calls] == ["handoff", "take_stellarium_screenshot"]
    assert record.answer.startswith("Here is Stellarium's current view.")
    assert [a.kind for a in record.artifacts] == ["screenshot"]


async def test_a_broken_bridge_is_a_failure_not_a_crash(
        session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    from singularity.stellarium import bridge

    def cannot_start(settings: Settings):
        raise OSError("no python")

    monkeypatch.setattr(bridge, "stdio_client", cannot_start)
    record = await turn(session, "Zeig mir M42 in Stellarium")
    assert record.answer.startswith(
        "Fehlgeschlagen – Ergebnis unbekannt: Die Stellarium-Brücke (ihr lokaler MCP-Server) konnte nicht laufen")


async def test_the_bridge_starts_ahead_of_use_and_a_failed_start_is_only_logged(
        session: Session, caplog: pytest.LogCaptureFixture) -> None:
    from singularity.stellarium.bridge import StellariumBridge

    await session.start()
    record = await turn(session, "Zeig mir M31 in Stellarium")
    assert [c.status for c in record.tool_calls if c.name == "open_in_stellarium"] == ["ok"]
    await session.close()

    def unstartable():
        raise OSError("no such interpreter")

    broken = StellariumBridge(session.settings, client_factory=unstartable)
    await broken.start()  # no exception: the first real call reports the problem
    assert "did not start ahead of use" in caplog.text
    assert (await broken.status()).status.value == "failed"


async def test_an_explicit_unknown_name_is_not_replaced_by_the_object_shown_before(
        session: Session, fake_stellarium: FakeStellarium) -> None:
    shown = await turn(session, "Zeig mir M42 in Stellarium", now=EVENING)
    assert fake_stellarium.state.selected == fake_stellarium.lookup("M42")["name"]
    before = len(changes(fake_stellarium))
    record = await turn(session, "Zeig mir das Objekt Xyzzy-42 in Stellarium", now=EVENING)
    assert [(c.name, c.arguments) for c in record.tool_calls][-1] == (
        "open_in_stellarium", {"target": "Xyzzy-42"})
    assert record.tool_calls[-1].status == "needs_input"
    assert "Xyzzy-42" in record.answer and "zentriert" not in record.answer
    assert "Erledigt:" not in record.answer and "Erledigt:" in shown.answer
    assert len(changes(fake_stellarium)) == before  # nothing in Stellarium was changed


def test_an_unknown_name_after_a_shown_object_through_singularity_ask(
        settings: Settings, fake_server: FakeServer, fake_stellarium: FakeStellarium,
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The issue's example as a user types it, one `singularity ask` per message."""
    import json

    from typer.testing import CliRunner

    from singularity.cli import app
    from singularity.config import get_settings
    from tests.support import offline_env

    in_memory_mcp(monkeypatch)
    clear_forecast(fake_server)
    env = offline_env(settings, fake_server.url) | {
        "SINGULARITY__STELLARIUM__URL": fake_stellarium.url,
        "SINGULARITY__STELLARIUM__SIMBAD_ONLINE": "false"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    session, runner = tmp_path / "talk.json", CliRunner()

    def ask(message: str) -> dict:
        result = runner.invoke(app, ["ask", message, "--json", "--session", str(session),
                                     "--now", EVENING.isoformat()])
        assert result.stdout.strip(), result.output
        return json.loads(result.stdout)

    try:
        shown = ask("Zeig mir M42 in Stellarium")
        assert shown["tool_calls"][-1]["status"] == "ok"
        record = ask("Zeig mir das Objekt Xyzzy-42 in Stellarium")
    finally:
        get_settings.cache_clear()
    call = record["tool_calls"][-1]
    assert (call["name"], call["arguments"], call["status"]) == (
        "open_in_stellarium", {"target": "Xyzzy-42"}, "needs_input")
    assert "Erledigt:" not in record["answer"] and "zentriert" not in record["answer"]
