"""The chat app's Chainlit settings (.chainlit/config.toml) that keep it safe to expose."""

from __future__ import annotations

import tomllib

from singularity.config import PROJECT_ROOT


def _config() -> dict:
    return tomllib.loads((PROJECT_ROOT / ".chainlit" / "config.toml").read_text(encoding="utf-8"))


def test_file_upload_is_off() -> None:
    """The app reads no uploads; Chainlit 2.12 checks ``features.spontaneous_file_upload``
    (a missing section means *any* upload is allowed, so it must be present and off)."""
    assert _config()["features"]["spontaneous_file_upload"]["enabled"] is False


def test_html_in_messages_is_not_rendered() -> None:
    assert _config()["features"]["unsafe_allow_html"] is False
