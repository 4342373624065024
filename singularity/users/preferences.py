"""A user's own settings (the chat's settings panel): persona, language, units, their Stellarium.

Kept in the user's folder (``preferences.json``, readable by the owner only, since it may hold
the Stellarium password) and changed under the file lock. :func:`session_settings` turns them
into the settings a conversation runs with; the password is registered with the secret masking
the moment it is read, so it never reaches a log or a trace.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, SecretStr, ValidationError, field_validator

from singularity.config import Settings
from singularity.masking import register_secret
from singularity.units import UnitSystem
from singularity.users.files import locked, write_atomic

log = logging.getLogger(__name__)

LanguageChoice = Literal["auto", "de", "en"]


class Preferences(BaseModel):
    model_config = ConfigDict(extra="ignore")

    persona: str = "default"
    language: LanguageChoice = "auto"
    """``auto``: the browser's language until the user's words show one."""
    units: UnitSystem | None = None
    """None: the configured ``conversation.units``."""
    stellarium_url: str | None = None
    """None: the configured ``stellarium.url``."""
    stellarium_password: SecretStr | None = None

    @field_validator("stellarium_url", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("stellarium_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.strip().startswith(("http://", "https://")):
            raise ValueError("the Stellarium address starts with http:// or https://")
        return value.strip().rstrip("/") if value else value


class PreferencesStore:
    """Loads and updates one user's preferences file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> Preferences:
        """The stored preferences; the defaults when there are none or the file is damaged."""
        try:
            preferences = Preferences.model_validate(json.loads(self.path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return Preferences()
        except (OSError, ValueError, ValidationError) as exc:
            log.warning("Could not read the preferences %s (%s); using the defaults.", self.path,
                        type(exc).__name__)
            return Preferences()
        if preferences.stellarium_password is not None:
            register_secret(preferences.stellarium_password.get_secret_value())
        return preferences

    def update(self, **changes: object) -> Preferences:
        """Apply ``changes`` to the stored preferences and save them (under the lock)."""
        with locked(self.path):
            merged = Preferences.model_validate(self.load().model_dump() | changes)
            payload = merged.model_dump(mode="json") | {
                "stellarium_password": merged.stellarium_password.get_secret_value()
                if merged.stellarium_password else None}
            write_atomic(self.path, json.dumps(payload, indent=2), private=True)
        if merged.stellarium_password is not None:
            register_secret(merged.stellarium_password.get_secret_value())
        return merged


def session_settings(settings: Settings, preferences: Preferences) -> Settings:
    """``settings`` with the user's Stellarium (address and password) and units in place."""
    stellarium = settings.stellarium.model_copy(update={
        "url": preferences.stellarium_url or settings.stellarium.url,
        "password": preferences.stellarium_password or settings.stellarium.password,
    })
    conversation = settings.conversation.model_copy(update={
        "units": preferences.units or settings.conversation.units})
    return settings.model_copy(update={"stellarium": stellarium, "conversation": conversation})
