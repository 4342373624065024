"""`singularity user …` and `singularity ask --user`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from singularity.cli import app
from singularity.config import Settings, get_settings
from singularity.users.accounts import authenticate
from singularity.users.passwords import verify_password
from singularity.users.space import user_space
from tests.fakes.server import FakeServer
from tests.support import offline_env
from tests.workflow.conftest import ARTICLE_EXAMPLE


@pytest.fixture
def cli(settings: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch):
    for key, value in offline_env(settings, fake_server.url).items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    runner = CliRunner()
    yield lambda *args, stdin=None: runner.invoke(app, list(args), input=stdin)
    get_settings.cache_clear()


def test_add_list_and_remove_users(cli, settings: Settings) -> None:
    added = cli("user", "add", "Alice", "--password-stdin", stdin="sirius-b\n")
    assert added.exit_code == 0, added.output
    assert added.output.startswith("alice can log in now")
    assert cli("user", "add", "bob", "--password-stdin", stdin="vega\n").exit_code == 0
    assert cli("user", "list").output.split() == ["alice", "bob"]
    assert authenticate(settings, "alice", "sirius-b") == "alice"
    assert cli("user", "remove", "alice").exit_code == 0
    assert cli("user", "list").output.split() == ["bob"]
    missing = cli("user", "remove", "alice")
    assert missing.exit_code == 2 and "There is no user alice" in missing.output


def test_the_password_is_asked_twice_without_echo(cli, settings: Settings) -> None:
    result = cli("user", "add", "carol", stdin="deneb\ndeneb\n")
    assert result.exit_code == 0, result.output
    assert "deneb" not in result.output
    assert authenticate(settings, "carol", "deneb") == "carol"


@pytest.mark.parametrize(("args", "stdin", "needle"), [
    (("user", "add", "../x", "--password-stdin"), "pw\n", "is not a valid user name"),
    (("user", "add", "dora", "--password-stdin"), "\n", "The password is empty"),
])
def test_bad_names_and_empty_passwords_are_one_line(cli, args, stdin: str, needle: str) -> None:
    result = cli(*args, stdin=stdin)
    assert result.exit_code == 2
    assert needle in result.output


def test_hash_for_the_environment(cli) -> None:
    result = cli("user", "hash", "--password-stdin", stdin="altair\n")
    assert result.exit_code == 0
    assert verify_password("altair", result.output.strip())


@pytest.mark.slow
def test_ask_as_a_user_keeps_the_profile_in_their_folder(cli, settings: Settings) -> None:
    result = cli("ask", ARTICLE_EXAMPLE, "--user", "Alice", "--json", "--now", "2026-11-30T15:00")
    assert result.exit_code == 0, result.output
    profile = json.loads(user_space(settings, "alice").profile_file.read_text(encoding="utf-8"))
    assert profile["usual_location"]["name"].startswith("Kreuzlingen")
    assert not user_space(settings).profile_file.exists()  # the local user's stays untouched
    assert list((user_space(settings, "alice").sessions_dir).iterdir())
