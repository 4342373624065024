"""What the settings panel's values change in the user's preferences."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():  # Chainlit 2.12 imports literalai → traceloop (see test_history)
    warnings.simplefilter("ignore", DeprecationWarning)
    from chainlit.input_widget import Select

    from singularity.ui.settings_panel import changes, widgets

from singularity.config import Settings
from singularity.personas import Persona
from singularity.users.preferences import Preferences


def test_every_field_maps_to_a_preference() -> None:
    assert changes({"persona": "sagan", "language": "en", "units": "imperial",
                    "stellarium_url": "http://host:8090", "stellarium_password": "pw"}) == {
        "persona": "sagan", "language": "en", "units": "imperial", "stellarium_url": "http://host:8090",
        "stellarium_password": "pw"}


@pytest.mark.parametrize("typed", ["", None])
def test_an_empty_password_keeps_the_stored_one(typed: str | None) -> None:
    assert "stellarium_password" not in changes({"stellarium_password": typed})


def test_the_switch_forgets_the_password_whatever_was_typed() -> None:
    assert changes({"stellarium_password": "new", "stellarium_forget_password": True}) == {
        "stellarium_password": None}


def test_a_language_outside_the_choice_is_ignored() -> None:
    assert changes({"language": "fr"}) == {}


def test_units_outside_the_choice_are_ignored() -> None:
    assert changes({"units": "furlongs"}) == {}


def test_the_units_field_offers_both_systems_in_the_users_language(settings: Settings) -> None:
    persona = Persona(id="default", name="Singularity", description="", icon="")
    fields = widgets(Preferences(units="imperial"), [persona], settings, "de")
    units = next(f for f in fields if f.id == "units")
    assert isinstance(units, Select)
    assert units.label == "Einheiten" and units.initial == "imperial"
    assert sorted(units.items.values()) == ["imperial", "metric"]
    default = next(f for f in widgets(Preferences(), [persona], settings, "en") if f.id == "units")
    assert default.initial == settings.conversation.units
