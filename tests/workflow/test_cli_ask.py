"""`singularity ask`: the same turn runner from the command line, with a JSON record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from singularity.cli import app
from singularity.config import Settings, get_settings
from tests.fakes.server import FakeServer
from tests.support import offline_env
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast


@pytest.fixture
def ask(settings: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch):
    clear_forecast(fake_server)
    for key, value in offline_env(settings, fake_server.url).items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    runner = CliRunner()
    yield lambda *args: runner.invoke(app, ["ask", *args])
    get_settings.cache_clear()


def test_ask_json_records_agents_tools_answer_and_state(ask) -> None:
    result = ask(ARTICLE_EXAMPLE, "--now", "2026-11-30T15:00+01:00", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["agents"] == ["SingularityOrchestrator", "PlanningAgent"]
    assert [c["name"] for c in record["tool_calls"]][-1] == "compute_plan"
    assert all({"name", "arguments", "status"} <= set(c) for c in record["tool_calls"])
    assert record["answer"].startswith("Dein Beobachtungsplan")
    assert record["state"]["planning_data"]["location"]["name"].startswith("Kreuzlingen")


def test_ask_prints_steps_and_continues_a_session(ask, tmp_path: Path) -> None:
    session = tmp_path / "conversation.json"
    first = ask("Plane mir morgen Abend in Kreuzlingen", "--session", str(session),
                "--now", "2026-11-30T15:00+01:00")
    assert first.exit_code == 0, first.output
    assert "→ Weiterleitung an den zuständigen Assistenten… (handoff)" in first.output
    assert "Womit beobachtest du" in first.output
    second = ask("mit einem 10-Zoll-Dobson", "--session", str(session), "--now", "2026-11-30T15:00+01:00")
    assert "Dein Beobachtungsplan für Kreuzlingen" in second.output


def test_ask_with_persona_and_bad_now(ask) -> None:
    bad = ask("Hallo", "--now", "gestern")
    assert bad.exit_code == 2 and bad.output.startswith("Error: --now")
    ok = ask("Hallo", "--persona", "marvin", "--now", "2026-11-30T15:00+01:00")
    assert ok.exit_code == 0 and ok.output.strip()
