"""`singularity best-night` end to end: offline gazetteer, fake Open-Meteo."""

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

NOW = "2026-11-30T15:00"


@pytest.fixture
def cli(settings: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch):
    for key, value in offline_env(settings, fake_server.url).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("SINGULARITY__WEATHER__TIMEOUT_S", "2")
    monkeypatch.delenv("OPENWEATHERMAP_API_KEY", raising=False)
    get_settings.cache_clear()
    runner = CliRunner()
    yield lambda *args: runner.invoke(app, list(args))
    get_settings.cache_clear()


def forecast(server: FakeServer, days: int = 3) -> None:
    server.route("GET", "/v1/forecast", Response(200, open_meteo_payload(
        datetime(2026, 11, 30, tzinfo=UTC), days * 24)))


@pytest.mark.slow
def test_ranked_nights_with_reasons_and_the_forecasts_reach(cli, fake_server: FakeServer) -> None:
    forecast(fake_server)
    result = cli("best-night", "M51", "--where", "Kreuzlingen", "--nights", "6",
                 "--equipment", "10-Zoll-Dobson", "--now", NOW)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("The best nights for M51 at Kreuzlingen")
    assert "6 nights" in lines[0]
    assert [line[:3] for line in lines[1:6]] == ["1. ", "2. ", "3. ", "4. ", "5. "]
    assert "forecast: mostly clear" in result.output and "no forecast yet" in result.output
    assert "The weather forecast reaches" in result.output


@pytest.mark.slow
def test_json_has_every_night_and_a_chart_is_written(cli, fake_server: FakeServer, tmp_path: Path) -> None:
    forecast(fake_server)
    chart = tmp_path / "nights.png"
    result = cli("best-night", "Saturn", "--where", "39.74N 104.99W", "--when", "next week",
                 "--now", NOW, "--json", "--chart", str(chart))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[:result.output.rindex("}") + 1])
    assert data["target"]["body"] == "saturn"
    assert [n["date"] for n in data["nights"]] == [f"2026-12-{d:02d}" for d in range(7, 14)]
    assert sorted(n["rank"] for n in data["nights"]) == list(range(1, 8))
    assert chart.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(("args", "needle"), [
    (["Gurkensalat", "--where", "Kreuzlingen"], "do not know 'Gurkensalat' as a sky object"),
    (["M51", "--where", "Kreuzlingen", "--nights", "90"], "between 1 and 60 nights"),
    (["M51", "--where", "Kreuzlingen", "--when", "irgendwann"], "could not read 'irgendwann'"),
    (["Mond", "--where", "Kreuzlingen"], "do not look for a best night for Moon"),
])
def test_bad_input_is_one_sentence_with_exit_code_2(cli, fake_server: FakeServer, args: list[str],
                                                    needle: str) -> None:
    forecast(fake_server)
    result = cli("best-night", *args, "--now", NOW)
    assert result.exit_code == 2
    assert needle in result.output


def test_best_night_answers_in_german_when_asked(cli, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/v1/forecast", Response(200, open_meteo_payload(datetime(2026, 11, 30, tzinfo=UTC), 16 * 24)))
    result = cli("--language", "de", "best-night", "NGC 2070", "--where", "Kreuzlingen", "--nights", "3",
                 "--now", NOW)
    assert result.exit_code == 0, result.output
    assert "Die besten Nächte für NGC 2070 in Kreuzlingen, Schweiz" in result.output
    assert "In keiner dieser Nächte ist NGC 2070 zu sehen, denn es steigt in der Dunkelheit nicht über" in result.output
    assert "Bewertet für bloßes Auge" in result.output
