"""`singularity plan` end to end: real pipeline, offline gazetteer, fake Open-Meteo."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from singularity.cli import app
from singularity.config import Settings, get_settings
from tests.fakes.server import FakeServer, Response
from tests.planning.weather_payloads import open_meteo_payload
from tests.support import offline_env

EXAMPLE = ["plan", "--where", "Kreuzlingen", "--when", "morgen Abend", "--hours", "2",
           "--equipment", "10-Zoll-Dobson", "--prefer", "galaxies", "--now", "2026-11-30T15:00"]
FORECAST_START = datetime(2026, 11, 30, 0, tzinfo=UTC)


@pytest.fixture
def cli(settings: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch):
    """Run the CLI against the test's data directory and a fake Open-Meteo."""
    for key, value in offline_env(settings, fake_server.url).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("SINGULARITY__WEATHER__TIMEOUT_S", "2")
    monkeypatch.delenv("OPENWEATHERMAP_API_KEY", raising=False)
    get_settings.cache_clear()
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(app, list(args))

    yield run
    get_settings.cache_clear()


def clear_sky(server: FakeServer) -> None:
    server.route("GET", "/v1/forecast", Response(200, open_meteo_payload(FORECAST_START, 16 * 24)))


def overcast(server: FakeServer) -> None:
    payload = open_meteo_payload(FORECAST_START, 16 * 24, cloud_cover=96, cloud_cover_low=90,
                                 precipitation_probability=80)
    server.route("GET", "/v1/forecast", Response(200, payload))


def test_article_example_prints_a_table(cli, fake_server: FakeServer) -> None:
    clear_sky(fake_server)
    result = cli(*EXAMPLE)
    assert result.exit_code == 0, result.output
    assert "Kreuzlingen" in result.output and "M31" in result.output
    assert "Andromeda Galaxy" in result.output
    assert "2026-12-01 18:2" in result.output  # tomorrow evening, after twilight
    request = fake_server.requests[0]
    assert float(request.arg("latitude")) == pytest.approx(47.65, abs=0.01)


def test_article_example_as_json(cli, fake_server: FakeServer) -> None:
    clear_sky(fake_server)
    result = cli(*EXAMPLE, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["status"] == "ok"
    assert set(data["steps"]) == {"location", "time", "equipment", "sky", "weather"}
    plan = data["plan"]
    assert plan["location"]["timezone"] == "Europe/Zurich"
    assert plan["equipment"]["class"] == "large_telescope"
    assert plan["equipment"]["aperture_mm"] == pytest.approx(254, abs=1)
    assert plan["preferences"][0] == "galaxy"
    assert plan["targets"][0]["name"] == "M31"
    assert plan["window"]["start"].startswith("2026-12-01T18:2")
    assert data["steps"]["weather"]["data"]["verdict"] == "good"


def test_bad_weather_asks_before_planning(cli, fake_server: FakeServer) -> None:
    overcast(fake_server)
    result = cli(*EXAMPLE)
    assert result.exit_code == 3
    assert "--ignore-weather" in result.output
    assert "M31" not in result.output
    forced = cli(*EXAMPLE, "--ignore-weather", "--json")
    assert forced.exit_code == 0
    assert json.loads(forced.output)["plan"]["targets"]
    german = cli("--language", "de", *EXAMPLE)
    assert german.exit_code == 3
    assert "Bewölkt" in german.output and "Bewölkung im Mittel 9" in german.output
    assert "cloud" not in german.output.lower()


def test_unreachable_weather_still_plans_and_says_so(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SINGULARITY__WEATHER__OPEN_METEO_URL", "http://127.0.0.1:9")
    get_settings.cache_clear()
    result = cli(*EXAMPLE, "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["status"] == "partial"
    assert data["steps"]["weather"]["status"] == "failed"
    assert "weather" in data["message"].lower() and data["plan"]["targets"]


@pytest.mark.parametrize(("args", "needle"), [
    (["--where", "Xyzzyqwv"], "Xyzzyqwv"),
    (["--when", "2026-11-01 21:00"], "past"),
    (["--equipment", "a toaster"], "toaster"),
    (["--now", "yesterday-ish"], "--now"),
    (["--prefer", "unicorns"], "unicorns"),
    (["--hours", "-3"], "duration"),
    (["--bortle", "4", "--sqm", "20.1"], "either --bortle or --sqm"),
    (["--bortle", "12"], "Bortle"),
])
def test_bad_input_is_one_clear_line_with_exit_code_2(cli, fake_server, args, needle) -> None:
    clear_sky(fake_server)
    base = dict(zip(EXAMPLE[1::2], EXAMPLE[2::2], strict=True))
    for key, value in zip(args[::2], args[1::2], strict=True):
        base[key] = value
    argv = ["plan", *[item for pair in base.items() for item in pair]]
    result = cli(*argv)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    assert needle.lower() in lines[0].lower()
    assert "Traceback" not in result.output


def test_the_command_line_speaks_german_when_asked(cli, fake_server: FakeServer) -> None:
    clear_sky(fake_server)
    result = cli("--language", "de", *EXAMPLE)
    assert result.exit_code == 0, result.output
    assert "Kreuzlingen, Schweiz" in result.output and "10-Zoll-Dobson (254 mm)" in result.output
    assert "Grenzgröße 14,5" in result.output and "Objekte geprüft" in result.output
    assert "Galaxie" in result.output and "Sternbild" in result.output
    assert "Assessment" not in result.output and "Switzerland" not in result.output
    assert "Einschätzung" in result.output and "Andromedagalaxie" in result.output  # German names
    assert "Wann: morgen Abend, Di, 1. Dez. 2026 (Ende der astronomischen Dämmerung " in result.output
    assert "; für 2 h bis " in result.output
    assert "tomorrow" not in result.output and "twilight" not in result.output


def test_the_locale_chooses_the_language_and_the_option_beats_it(cli, fake_server: FakeServer,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    clear_sky(fake_server)
    monkeypatch.setenv("LANG", "de_CH.UTF-8")
    refused = cli("plan", "--where", "Kreuzlingen", "--bortle", "4", "--sqm", "20.1")
    assert refused.output.strip() == "Fehler: Gib entweder --bortle oder --sqm an, nicht beides."
    english = cli("--language", "en", "plan", "--where", "Kreuzlingen", "--now", "yesterday-ish")
    assert english.output.startswith("Error: --now must be an ISO date-time")


def test_chart_option_writes_a_png(cli, fake_server: FakeServer, tmp_path: Path) -> None:
    clear_sky(fake_server)
    chart = tmp_path / "chart.png"
    result = cli(*EXAMPLE, "--chart", str(chart))
    assert result.exit_code == 0, result.output
    assert chart.read_bytes()[:4] == b"\x89PNG"


def test_user_sky_override_and_limit(cli, fake_server: FakeServer) -> None:
    clear_sky(fake_server)
    result = cli(*EXAMPLE, "--bortle", "2", "--limit", "30", "--json")
    data = json.loads(result.output)
    assert data["plan"]["sky"]["bortle"] == 2 and data["plan"]["sky"]["source"] == "user"
    assert len(data["plan"]["targets"]) == 30


# -- the command line's boundary: one sentence and an exit code, never a traceback ------------

def _one_error_line(result, code: int) -> str:
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, result.output
    return errors[0]


def test_a_folder_as_chart_is_refused_before_planning(cli, fake_server: FakeServer,
                                                      tmp_path: Path) -> None:
    clear_sky(fake_server)
    line = _one_error_line(cli(*EXAMPLE, "--chart", str(tmp_path)), 2)
    assert line == f"Error: --chart {tmp_path} is a folder; give a file name, e.g. --chart {tmp_path}/plan.png."
    assert not fake_server.requests  # nothing was planned


def test_a_chart_that_cannot_be_written_is_one_sentence(cli, fake_server: FakeServer,
                                                        tmp_path: Path) -> None:
    clear_sky(fake_server)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    line = _one_error_line(cli(*EXAMPLE, "--chart", str(blocker / "chart.png")), 2)
    assert line.startswith(f"Error: The altitude chart could not be written to {blocker}/chart.png "
                           "(a folder on the way is missing or is a file)")


@pytest.mark.parametrize("args", [
    ["plan", "--where", "Kreuz\udcfflingen"],
    ["plan", "--where", "Kreuzlingen", "--equipment", "Dobson \udce4"],
    ["ask", "Wie hei\udcdf ist die Venus?"],
    ["search", "Androm\udce8da"],
], ids=["where", "equipment", "ask", "search"])
def test_bytes_that_are_not_utf8_are_refused(cli, args: list[str]) -> None:
    """What Python makes of an argument in another encoding (Latin-1 ä, ß, è): lone
    surrogates, which no cache key or request can encode."""
    line = _one_error_line(cli(*args), 2)
    assert "holds bytes that are not UTF-8 text" in line


@pytest.mark.parametrize("message", ["", "   \n"])
def test_an_empty_question_is_refused(cli, message: str) -> None:
    line = _one_error_line(cli("ask", message), 2)
    assert line.startswith("Error: The question is empty")


@pytest.mark.parametrize(("content", "reason"), [
    (b"\xff\xfe\x00garbage", "not readable JSON"),
    (b"{\"state\": {", "not readable JSON"),
    (b"[1, 2, 3]", "its content is not in the expected shape"),
    (b"{\"state\": {}, \"messages\": [{\"role\": 5}]}", "its content is not in the expected shape"),
], ids=["binary", "broken-json", "list", "bad-messages"])
def test_a_session_file_of_something_else_is_refused(cli, tmp_path: Path, content: bytes,
                                                     reason: str) -> None:
    session = tmp_path / "conversation.json"
    session.write_bytes(content)
    line = _one_error_line(cli("ask", "Hallo", "--session", str(session)), 2)
    assert line.startswith(f"Error: --session {session} is not a conversation saved by "
                           f"singularity ask ({reason})")
    assert session.read_bytes() == content  # left as it was


def test_a_folder_as_session_is_refused(cli, tmp_path: Path) -> None:
    line = _one_error_line(cli("ask", "Hallo", "--session", str(tmp_path)), 2)
    assert line == (f"Error: --session {tmp_path} is a folder; give a file, "
                    f"e.g. --session {tmp_path}/conversation.json.")


def test_an_unforeseen_error_is_a_sentence_and_a_log(cli, settings: Settings, monkeypatch,
                                                     capsys) -> None:
    """The entry point's last resort: a bug anywhere is one sentence naming the log file
    that keeps the traceback."""
    import sys

    from singularity.cli import main
    from singularity.planning import pipeline

    def broken(*_args, **_kwargs):
        raise RuntimeError("an unforeseen bug")

    monkeypatch.setattr(pipeline, "run_plan", broken)
    monkeypatch.setattr(sys, "argv", ["singularity", "plan", "--where", "Kreuzlingen"])
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 1
    captured = capsys.readouterr()
    log = settings.data_dir / "logs" / "turns.log"
    assert captured.err == (f"Error: Singularity ran into an internal error; the details are in "
                            f"{log}. Please report it with those details.\n")
    assert "Traceback" not in captured.out + captured.err
    assert "RuntimeError: an unforeseen bug" in log.read_text(encoding="utf-8")


def test_an_invalid_setting_is_said_as_such_by_every_command(cli, monkeypatch, capsys) -> None:
    import sys

    from singularity.cli import main

    monkeypatch.setenv("SINGULARITY__WEATHER__ENABLED", "false")
    get_settings.cache_clear()
    for command in (["ask", "Hallo"], ["plan", "--where", "Kreuzlingen"]):
        monkeypatch.setattr(sys, "argv", ["singularity", *command])
        with pytest.raises(SystemExit) as stopped:
            main()
        assert stopped.value.code == 2
        said = capsys.readouterr().err
        assert said.startswith("Error: Invalid configuration value for 'weather.enabled'"), said
        assert "internal error" not in said
