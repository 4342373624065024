"""Who may log in with a password: ``users.json`` in the data dir, and ``SINGULARITY_USERS``.

The file maps a user name to a scrypt hash (``passwords.py``); ``singularity user add`` writes
it under the file lock, so the command line and a running app never lose each other's
changes, and the app reads it at every login (a user added while the app runs can log in at
once). ``SINGULARITY_USERS`` holds ``name:hash`` pairs separated by spaces, commas or new lines
(for containers whose data dir is not prepared by hand; ``singularity user hash`` makes
one); the file wins for a name in both. An entry that is
not a scrypt hash (a password in plain text) is ignored.
"""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from singularity.catalogue import msg
from singularity.config import Settings
from singularity.errors import InputError
from singularity.users.files import locked, write_atomic
from singularity.users.passwords import SCHEME, hash_password, verify_password

ENV_USERS = "SINGULARITY_USERS"
NAME = re.compile(r"^[a-z0-9][a-z0-9._@-]{0,63}$")
"""Lower-case letters, digits and ``. _ @ -``: a login name and an e-mail address fit."""
_UNKNOWN_USER_HASH = hash_password("")
"""Checked against when the name is unknown, so a wrong name takes as long as a wrong password."""


class Account(BaseModel):
    password: str
    """scrypt hash (``passwords.py``), never the password."""
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC))


def user_name(raw: str) -> str:
    """The canonical name (trimmed, lower case); an ``InputError`` saying the rule otherwise."""
    name = raw.strip().lower()
    if not NAME.match(name):
        raise InputError(msg("users.bad_name", name=raw))
    return name


class AccountFile:
    """The users file; every change holds its lock and writes atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def from_settings(cls, settings: Settings) -> AccountFile:
        return cls(settings.resolve(settings.users.users_file, under_data=True))

    def load(self) -> dict[str, Account]:
        """Every account in the file (none when there is no file yet)."""
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        return {name: Account.model_validate(entry) for name, entry in raw.get("users", {}).items()}

    def add(self, name: str, password: str) -> bool:
        """Add ``name`` or set its new password; True when the name is new."""
        name = user_name(name)
        if not password:
            raise InputError(msg("users.empty_password"))
        with locked(self.path):
            accounts = self.load()
            new = name not in accounts
            accounts[name] = Account(password=hash_password(password))
            self._save(accounts)
        return new

    def remove(self, name: str) -> bool:
        """Remove ``name``; False when there was no such user."""
        name = user_name(name)
        with locked(self.path):
            accounts = self.load()
            if accounts.pop(name, None) is None:
                return False
            self._save(accounts)
        return True

    def _save(self, accounts: dict[str, Account]) -> None:
        payload = {"users": {name: account.model_dump(mode="json") for name, account in sorted(accounts.items())}}
        write_atomic(self.path, json.dumps(payload, indent=2), private=True)


def environment_accounts(environ: dict[str, str] | None = None) -> dict[str, str]:
    """``name → hash`` from ``SINGULARITY_USERS``; malformed entries are skipped."""
    raw = (environ if environ is not None else os.environ).get(ENV_USERS, "")
    pairs = (entry.partition(":") for entry in re.split(r"[\s,]+", raw) if entry)
    return {name.strip().lower(): hashed for name, _, hashed in pairs
            if NAME.match(name.strip().lower()) and hashed.startswith(f"{SCHEME}$")}


def authenticate(settings: Settings, name: str, password: str, *,
                 environ: dict[str, str] | None = None) -> str | None:
    """The canonical user name when ``password`` is that user's, else None."""
    try:
        canonical = user_name(name)
    except InputError:
        canonical = ""
    hashes = environment_accounts(environ) | {
        account_name: account.password for account_name, account in AccountFile.from_settings(settings).load().items()}
    stored = hashes.get(canonical)
    matches = verify_password(password, stored or _UNKNOWN_USER_HASH)
    return canonical if stored is not None and matches else None
