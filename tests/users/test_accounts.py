"""The users file and login checks."""

from __future__ import annotations

import json
import stat

import pytest

from singularity.config import Settings
from singularity.errors import InputError
from singularity.users.accounts import AccountFile, authenticate, environment_accounts, user_name
from singularity.users.passwords import hash_password


def test_added_users_log_in_with_their_password_only(settings: Settings) -> None:
    accounts = AccountFile.from_settings(settings)
    assert accounts.add("Alice", "sirius-b")
    assert accounts.add("bob", "vega")
    assert authenticate(settings, "alice", "sirius-b") == "alice"
    assert authenticate(settings, " ALICE ", "sirius-b") == "alice"
    assert authenticate(settings, "alice", "vega") is None
    assert authenticate(settings, "carol", "vega") is None
    assert authenticate(settings, "../bob", "vega") is None


def test_the_file_holds_hashes_readable_by_the_owner_only(settings: Settings) -> None:
    accounts = AccountFile.from_settings(settings)
    accounts.add("alice", "sirius-b")
    text = accounts.path.read_text(encoding="utf-8")
    assert "sirius-b" not in text
    assert json.loads(text)["users"]["alice"]["password"].startswith("scrypt$")
    assert stat.S_IMODE(accounts.path.stat().st_mode) == 0o600


def test_adding_again_changes_the_password_and_removing_ends_the_login(settings: Settings) -> None:
    accounts = AccountFile.from_settings(settings)
    accounts.add("alice", "old")
    assert not accounts.add("alice", "new")
    assert authenticate(settings, "alice", "old") is None
    assert authenticate(settings, "alice", "new") == "alice"
    assert accounts.remove("alice")
    assert not accounts.remove("alice")
    assert authenticate(settings, "alice", "new") is None


def test_users_from_the_environment(settings: Settings) -> None:
    environ = {"SINGULARITY_USERS": f"dora:{hash_password('deneb')}, b/ad:{hash_password('x')},eve:,mallory:plain"}
    assert set(environment_accounts(environ)) == {"dora"}
    assert authenticate(settings, "dora", "deneb", environ=environ) == "dora"
    assert authenticate(settings, "dora", "altair", environ=environ) is None


@pytest.mark.parametrize("name", ["", "../etc", "a/b", "al ice", "-dash", "x" * 65, "é"])
def test_a_name_outside_the_rule_is_refused(name: str) -> None:
    with pytest.raises(InputError):
        user_name(name)


def test_an_empty_password_is_refused(settings: Settings) -> None:
    with pytest.raises(InputError):
        AccountFile.from_settings(settings).add("alice", "")


@pytest.mark.parametrize(("raw", "expected"), [("off", "off"), ("password", "password"), ("header", "header")])
def test_login_is_read_from_the_environment(raw: str, expected: str) -> None:
    from singularity.config import load_settings

    assert load_settings(environ={"SINGULARITY__USERS__LOGIN": raw}).users.login == expected
