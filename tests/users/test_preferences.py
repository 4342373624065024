"""A user's settings: stored privately, the Stellarium password masked everywhere."""

from __future__ import annotations

import stat

import pytest
from pydantic import ValidationError

from singularity.config import Settings
from singularity.masking import mask
from singularity.users.preferences import PreferencesStore, session_settings
from singularity.users.space import user_space


def test_preferences_round_trip_privately(settings: Settings) -> None:
    store = PreferencesStore(user_space(settings, "alice").preferences_file)
    assert store.load().persona == "default"
    store.update(persona="sagan", language="de", stellarium_url="http://10.0.0.5:8090/",
                 stellarium_password="pw-of-alice-7")
    again = PreferencesStore(store.path).load()
    assert (again.persona, again.language, again.stellarium_url) == ("sagan", "de", "http://10.0.0.5:8090")
    assert again.stellarium_password is not None
    assert again.stellarium_password.get_secret_value() == "pw-of-alice-7"
    assert "pw-of-alice-7" not in repr(again)
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600


def test_the_password_is_masked_once_stored(settings: Settings) -> None:
    PreferencesStore(user_space(settings, "bob").preferences_file).update(stellarium_password="pw-of-bob-9")
    assert "pw-of-bob-9" not in mask("Stellarium said: wrong password pw-of-bob-9")


def test_the_session_runs_with_the_users_stellarium(settings: Settings) -> None:
    store = PreferencesStore(user_space(settings, "carol").preferences_file)
    mine = session_settings(settings, store.update(stellarium_url="http://192.0.2.7:8090",
                                                    stellarium_password="pw-carol-3"))
    assert mine.stellarium.url == "http://192.0.2.7:8090"
    assert mine.stellarium.password is not None
    assert mine.stellarium.password.get_secret_value() == "pw-carol-3"
    assert session_settings(settings, store.update(stellarium_url="")).stellarium.url == settings.stellarium.url


def test_an_address_that_is_not_http_is_refused_and_nothing_changes(settings: Settings) -> None:
    store = PreferencesStore(user_space(settings, "dan").preferences_file)
    with pytest.raises(ValidationError):
        store.update(stellarium_url="file:///etc/passwd")
    assert store.load().stellarium_url is None


def test_the_users_units_replace_the_configured_ones_and_stay_with_the_user(settings: Settings) -> None:
    store = PreferencesStore(user_space(settings, "erin").preferences_file)
    assert session_settings(settings, store.load()).conversation.units == settings.conversation.units
    store.update(units="imperial")
    assert session_settings(settings, PreferencesStore(store.path).load()).conversation.units == "imperial"
    with pytest.raises(ValidationError):
        store.update(units="furlongs")
    assert store.load().units == "imperial"
