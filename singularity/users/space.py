"""Each user's own folder: profile, settings, session files and charts.

The folder is named by the app from the authenticated identity — a readable slug and the
first 16 hex digits of its SHA-256 — never by anything the browser sends: Chainlit's session
and thread ids are not part of any path here, and a slug can hold no ``/`` or ``..``, so an
identity such as ``../../etc`` still lands in ``users/etc-<hash>``. The hash keeps two
identities apart whose slugs are equal (``Alice`` and ``alice!``).

The local user (login off, or the command line without ``--user``) keeps today's places:
``profile.json`` and ``sessions/`` directly in the data dir, so an existing profile is kept.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from singularity.config import Settings

USERS_FOLDER = "users"
SLUG_CHARS = 24


@dataclass(frozen=True)
class UserSpace:
    """Where one user's files live."""

    identifier: str | None
    """The authenticated identity; None for the local user."""
    root: Path
    profile_file: Path

    @property
    def sessions_dir(self) -> Path:
        """One subfolder per conversation (charts, screenshots, the CLI's session files)."""
        return self.root / "sessions"

    @property
    def preferences_file(self) -> Path:
        return self.root / "preferences.json"


def folder_name(identifier: str) -> str:
    """The folder of ``identifier``: slug and hash, safe for any input."""
    slug = re.sub(r"[^a-z0-9]+", "-", identifier.lower()).strip("-")[:SLUG_CHARS] or "user"
    return f"{slug}-{hashlib.sha256(identifier.encode('utf-8')).hexdigest()[:16]}"


def user_space(settings: Settings, identifier: str | None = None) -> UserSpace:
    """The folders of ``identifier`` (None: the local user)."""
    if identifier is None:
        return UserSpace(identifier=None, root=settings.data_dir,
                         profile_file=settings.resolve(settings.memory.profile_file, under_data=True))
    root = settings.data_dir / USERS_FOLDER / folder_name(identifier)
    return UserSpace(identifier=identifier, root=root, profile_file=root / settings.memory.profile_file.name)
