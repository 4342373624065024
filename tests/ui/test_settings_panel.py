"""What the settings panel's values change in the user's preferences."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():  # Chainlit 2.12 imports literalai → traceloop (see test_history)
    warnings.simplefilter("ignore", DeprecationWarning)
    from singularity.ui.settings_panel import changes


def test_every_field_maps_to_a_preference() -> None:
    assert changes({"persona": "sagan", "language": "en", "stellarium_url": "http://host:8090",
                    "stellarium_password": "pw"}) == {
        "persona": "sagan", "language": "en", "stellarium_url": "http://host:8090",
        "stellarium_password": "pw"}


@pytest.mark.parametrize("typed", ["", None])
def test_an_empty_password_keeps_the_stored_one(typed: str | None) -> None:
    assert "stellarium_password" not in changes({"stellarium_password": typed})


def test_the_switch_forgets_the_password_whatever_was_typed() -> None:
    assert changes({"stellarium_password": "new", "stellarium_forget_password": True}) == {
        "stellarium_password": None}


def test_a_language_outside_the_choice_is_ignored() -> None:
    assert changes({"language": "fr"}) == {}
