"""Each user's folder is named by the app from the identity, never by what a browser sends."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from singularity.config import Settings
from singularity.users.space import folder_name, user_space
from tests.support import make_settings

PATHS_ONLY = make_settings(Path("/nonexistent/singularity-data"))
"""Settings whose data dir is never created: these tests only compute paths."""


def test_the_local_user_keeps_todays_places(settings: Settings) -> None:
    local = user_space(settings)
    assert local.profile_file == settings.data_dir / "profile.json"
    assert local.sessions_dir == settings.data_dir / "sessions"


def test_two_users_have_separate_folders(settings: Settings) -> None:
    alice, bob = user_space(settings, "alice"), user_space(settings, "bob")
    assert alice.root != bob.root
    assert alice.profile_file.parent == alice.root
    assert alice.root.parent == settings.data_dir / "users"
    assert folder_name("alice").startswith("alice-")
    assert user_space(settings, "Alice").root != alice.root  # the hash tells them apart


@hypothesis_settings(max_examples=300, deadline=None)
@given(identity=st.text(min_size=1, max_size=300))
def test_any_identity_lands_in_one_folder_directly_under_users(identity: str) -> None:
    users = PATHS_ONLY.data_dir / "users"
    space = user_space(PATHS_ONLY, identity)
    assert space.root.parent == users
    assert space.root.resolve().parent == users.resolve()
    assert space.root.name not in (".", "..") and "/" not in space.root.name
    assert space.root.name == folder_name(identity)
