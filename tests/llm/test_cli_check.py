"""`singularity check-llm` through typer's CliRunner, configured only by environment variables
that point the real OpenRouter client at the fake server."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from singularity.cli import app
from singularity.config import get_settings
from singularity.llm.check import CHECK_DATE, TOOL_NAME, expected_sunset
from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
from tests.llm.conftest import TEST_KEY

Run = Callable[..., Result]


@pytest.fixture
def cli(tmp_path: Path, fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> Iterator[Run]:
    """The CLI with OpenRouter at the fake server and no ``.env`` of the developer's."""
    monkeypatch.setenv("SINGULARITY_ENV_FILE", str(tmp_path / "absent.env"))
    monkeypatch.setenv("SINGULARITY__PATHS__DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SINGULARITY__LLM__PROVIDER", "auto")
    monkeypatch.setenv("SINGULARITY__LLM__OPENROUTER_URL", fake_openai.openrouter_url)
    monkeypatch.setenv("SINGULARITY__LLM__MAX_RETRIES", "0")
    monkeypatch.setenv("SINGULARITY__LLM__TIMEOUT_S", "2")
    monkeypatch.setenv("SINGULARITY__LLM__MODELS__JUDGE", "judge/model")
    monkeypatch.setenv("OPENROUTER_API_KEY", TEST_KEY)
    monkeypatch.setenv("OPENAI_LIKE_API_KEY", "")
    get_settings.cache_clear()
    runner = CliRunner()
    yield lambda *args: runner.invoke(app, ["check-llm", *args])
    get_settings.cache_clear()


def good(fake: FakeOpenAI) -> None:
    fake.script(script.tool_call(TOOL_NAME, {"date": CHECK_DATE.isoformat()}),
                script.text(f"Sunset is at {expected_sunset()}."))


def test_a_good_model_exits_zero(cli: Run, fake_openai: FakeOpenAI) -> None:
    good(fake_openai)
    result = cli()
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Provider: OpenRouter (") and "judge/model for judge" in lines[0]
    assert lines[1].startswith("Checked openai/gpt-4.1-mini (planning) in ")
    assert lines[2:7] == ["  [ok] native tool call", "  [ok] valid arguments",
                          "  [ok] answer after the tool result",
                          "  [ok] answer uses the tool's value",
                          "  [ok] no tool call written as text"]
    assert fake_openai.calls[0].headers["authorization"] == f"Bearer {TEST_KEY}"


def test_json_report_for_another_role(cli: Run, fake_openai: FakeOpenAI) -> None:
    good(fake_openai)
    result = cli("--role", "judge", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert (report["ok"], report["role"], report["model"]) == (True, "judge", "judge/model")
    assert report["tool_value"] == expected_sunset()
    assert fake_openai.calls[0].body["model"] == "judge/model"


def test_a_model_writing_tool_calls_as_text_exits_one(cli: Run, fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.fake_tool_call_text(TOOL_NAME, {"date": CHECK_DATE.isoformat()}))
    result = cli()
    assert result.exit_code == 1
    assert "  [FAIL] native tool call" in result.output
    assert "  [FAIL] no tool call written as text" in result.output
    assert "wrote a tool call as text" in result.output


def test_a_rate_limit_is_one_sentence_not_a_traceback(cli: Run, fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.http_error(429))
    result = cli("--json")
    assert result.exit_code == 1
    assert json.loads(result.output)["messages"] == [
        ("The model provider is limiting requests (HTTP 429: rate limit or quota); wait a moment "
         "and try again.")]
    assert "Traceback" not in result.output


def test_an_error_prints_the_sentence_without_the_checklist(cli: Run,
                                                             fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.http_error(401))
    result = cli()
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [
        "The model server rejected the API key (HTTP 401); check OPENROUTER_API_KEY."]


def test_offline_exits_one_and_says_why(cli: Run, fake_openai: FakeOpenAI,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENROUTER_API_KEY", "")
    result = cli()
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        ("Provider: offline pilot (no LLM configured: set OPENROUTER_API_KEY or "
         "llm.openai_like_url)"),
        ("There is no model to check: no LLM is configured, so the offline pilot answers (set "
         "OPENROUTER_API_KEY or llm.openai_like_url to connect one)."),
    ]
    assert fake_openai.calls == []


def test_a_missing_key_for_an_explicit_provider_exits_one(
    cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENROUTER_API_KEY", "")
    monkeypatch.setenv("SINGULARITY__LLM__PROVIDER", "openrouter")
    result = cli()
    assert result.exit_code == 1
    assert result.output.strip() == (
        "llm.provider is 'openrouter' but OPENROUTER_API_KEY is not set.")


def test_an_unknown_role_is_a_usage_error(cli: Run, fake_openai: FakeOpenAI) -> None:
    result = cli("--role", "astrologer")
    assert result.exit_code == 2
    assert "--role must be one of orchestrator, knowledge, planning" in result.output
    assert fake_openai.calls == []
