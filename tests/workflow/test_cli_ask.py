"""`singularity ask`: the same turn runner from the command line, with a JSON record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from singularity.cli import app
from singularity.config import Settings, get_settings
from singularity.llm.providers import OPENROUTER_KEY
from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
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
    assert "  ← erledigt\n" in first.output and "← ok" not in first.output  # steps in German too
    assert "Womit beobachtest du" in first.output
    second = ask("mit einem 10-Zoll-Dobson", "--session", str(session), "--now", "2026-11-30T15:00+01:00")
    assert "Dein Beobachtungsplan für Kreuzlingen" in second.output


def test_ask_with_persona_and_bad_now(ask) -> None:
    bad = ask("Hallo", "--now", "gestern")
    assert bad.exit_code == 2 and bad.output.startswith("Error: --now")
    ok = ask("Hallo", "--persona", "marvin", "--now", "2026-11-30T15:00+01:00")
    assert ok.exit_code == 0 and ok.output.strip()


# -- a model that fails: one sentence in the user's language, exit code 1, no traceback -------

@pytest.fixture
def ask_model(settings: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch):
    """``ask`` against a scripted OpenAI-compatible model on the fake server (1 s timeout, no
    retries); yields the script and the runner."""
    clear_forecast(fake_server)
    fake = FakeOpenAI(fake_server)
    environment = offline_env(settings, fake_server.url) | {
        "SINGULARITY__LLM__PROVIDER": "openai_like",
        "SINGULARITY__LLM__OPENAI_LIKE_URL": fake.base_url,
        "SINGULARITY__LLM__TIMEOUT_S": "1", "SINGULARITY__LLM__MAX_RETRIES": "0"}
    for key, value in environment.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv(OPENROUTER_KEY, raising=False)
    get_settings.cache_clear()
    runner = CliRunner()
    yield fake, lambda *args: runner.invoke(app, ["ask", *args, "--now", "2026-11-30T15:00+01:00"])
    fake.release()
    get_settings.cache_clear()


HANDOFF = script.tool_call("handoff", {"to_agent": "PlanningAgent", "reason": "plan"})


@pytest.mark.parametrize(("reply", "message", "sentence"), [
    (script.garbage(), "Wie warm ist es auf dem Mars?",
     "hat mit etwas geantwortet, das keine Antwort eines OpenAI-kompatiblen Sprachmodells ist"),
    (script.empty(), "Wie warm ist es auf dem Mars?",
     "Das Sprachmodell openai/gpt-4.1-mini hat eine leere Antwort geschickt"),
    (script.empty(None), "How hot is it on Mars?",
     "The language model openai/gpt-4.1-mini sent an empty answer"),
    (script.fake_tool_call_text("handoff", {"to_agent": "PlanningAgent"}),
     "Plane mir morgen Abend in Kreuzlingen", "hat einen Werkzeugaufruf als Text geschrieben"),
    (script.http_error(401), "How hot is it on Mars?",
     "The model server rejected the API key (HTTP 401); check OPENAI_LIKE_API_KEY."),
    (script.http_error(500), "Wie warm ist es auf dem Mars?",
     "hatte einen internen Fehler (HTTP 500"),
    (script.slow(script.text("zu spät"), 30), "Wie warm ist es auf dem Mars?",
     "Das Sprachmodell hat 1 s lang nichts geantwortet; prüfe, ob der Server unter http://"),
], ids=["garbage", "empty", "null", "text-tool-call", "401", "500", "hang"])
def test_a_failing_model_ends_the_turn_with_one_sentence(
        ask_model, settings: Settings, reply, message: str, sentence: str) -> None:
    fake, ask = ask_model
    fake.script(reply)
    result = ask(message)
    assert result.exit_code == 1, result.output
    assert sentence in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.count(sentence) == 1 and "\n\n\n" not in result.stdout
    log = settings.data_dir / "logs" / "turns.log"
    assert log.exists() and log.read_text(encoding="utf-8").strip()


def test_a_model_failing_after_a_tool_keeps_the_tools_results(ask_model) -> None:
    fake, ask = ask_model
    fake.script(HANDOFF, script.tool_call("set_location", {"place": "Kreuzlingen"}),
                script.http_error(500))
    result = ask("Plane mir morgen Abend in Kreuzlingen", "--json")
    assert result.exit_code == 1, result.output
    record = json.loads(result.stdout)
    assert [(c["name"], c["status"]) for c in record["tool_calls"]] == [
        ("handoff", "ok"), ("set_location", "ok")]
    assert record["state"]["planning_data"]["location"]["name"].startswith("Kreuzlingen")
    assert record["error"].startswith("Der Modellserver unter http://")
    assert record["answer"].startswith(record["error"])


def test_a_hanging_model_leaves_the_session_usable(ask_model, tmp_path: Path) -> None:
    fake, ask = ask_model
    session = tmp_path / "conversation.json"
    fake.script(script.slow(script.text("zu spät"), 30))
    assert ask("Hallo", "--session", str(session)).exit_code == 1
    fake.release()
    fake.script(script.text("Hallo! Frag mich etwas über den Himmel."))
    again = ask("Hallo", "--session", str(session))
    assert again.exit_code == 0, again.output
    assert "Frag mich etwas über den Himmel." in again.stdout
