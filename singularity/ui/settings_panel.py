"""The user's own settings in Chainlit's settings panel: persona, language, units, their Stellarium.

Chainlit 2.12 has no password field (``chainlit/input_widget.py``): the Stellarium password is
a text field that starts empty — empty keeps the stored password, a value replaces it, the
switch below forgets it — and the value is blanked in the session's ``chat_settings`` once
stored, because Chainlit writes those into the thread's metadata in the database.
"""

from __future__ import annotations

from typing import Any

import chainlit as cl
from chainlit.input_widget import InputWidget, Select, Switch, TextInput

from singularity.catalogue import Language, say
from singularity.config import Settings
from singularity.personas import Persona
from singularity.units import UNIT_SYSTEMS
from singularity.users.preferences import Preferences

PERSONA = "persona"
LANGUAGE = "language"
UNITS = "units"
STELLARIUM_URL = "stellarium_url"
STELLARIUM_PASSWORD = "stellarium_password"
FORGET_PASSWORD = "stellarium_forget_password"


def widgets(preferences: Preferences, personas: list[Persona], settings: Settings,
            language: Language) -> list[InputWidget]:
    """The panel's fields, filled with the user's stored values, labelled in ``language``."""
    stored = preferences.stellarium_password is not None
    fields: list[InputWidget] = [
        Select(id=PERSONA, label=say("ui.settings_persona", language),
               items={p.name: p.id for p in personas}, initial_value=preferences.persona),
        Select(id=LANGUAGE, label=say("ui.settings_language", language),
               items={say("ui.settings_language_auto", language): "auto", "Deutsch": "de", "English": "en"},
               initial_value=preferences.language),
        Select(id=UNITS, label=say("ui.settings_units", language),
               items={say(f"ui.settings_units_{system}", language): system for system in UNIT_SYSTEMS},
               initial_value=preferences.units or settings.conversation.units),
        TextInput(id=STELLARIUM_URL, label=say("ui.settings_stellarium_url", language),
                  initial=preferences.stellarium_url or "", placeholder=settings.stellarium.url,
                  description=say("ui.settings_stellarium_url_help", language)),
        TextInput(id=STELLARIUM_PASSWORD, label=say("ui.settings_stellarium_password", language),
                  initial="", placeholder=say("ui.settings_password_stored" if stored
                                              else "ui.settings_password_none", language)),
    ]
    if stored:
        fields.append(Switch(id=FORGET_PASSWORD, label=say("ui.settings_forget_password", language),
                             initial=False))
    return fields


def changes(values: dict[str, Any]) -> dict[str, Any]:
    """The preference changes the panel's ``values`` ask for."""
    update: dict[str, Any] = {}
    if isinstance(values.get(PERSONA), str):
        update["persona"] = values[PERSONA]
    if values.get(LANGUAGE) in ("auto", "de", "en"):
        update["language"] = values[LANGUAGE]
    if values.get(UNITS) in UNIT_SYSTEMS:
        update["units"] = values[UNITS]
    if isinstance(values.get(STELLARIUM_URL), str):
        update["stellarium_url"] = values[STELLARIUM_URL]
    password = values.get(STELLARIUM_PASSWORD)
    if values.get(FORGET_PASSWORD) is True:
        update["stellarium_password"] = None
    elif isinstance(password, str) and password:
        update["stellarium_password"] = password
    return update


async def send_panel(preferences: Preferences, personas: list[Persona], settings: Settings,
                     language: Language) -> None:
    await cl.ChatSettings(widgets(preferences, personas, settings, language)).send()


def forget_typed_password() -> None:
    """Blank the typed password in the session's settings (Chainlit persists those)."""
    chat_settings = cl.context.session.chat_settings
    if chat_settings.get(STELLARIUM_PASSWORD):
        chat_settings[STELLARIUM_PASSWORD] = ""
    chat_settings.pop(FORGET_PASSWORD, None)
