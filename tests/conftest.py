"""Shared fixtures. Sockets may only reach loopback: no test talks to the internet, and
Astropy (used as the reference in tests) is switched offline before any test runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import singularity.planning.astropy_offline  # noqa: F401
from singularity.config import Settings
from tests.fakes.server import FakeServer, running_server
from tests.support import settings_with_index


@pytest.fixture
def fake_server() -> Iterator[FakeServer]:
    with running_server() as server:
        yield server


@pytest.fixture
def settings(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Project defaults with a private data directory, no online geocoding, and the
    session's shared gazetteer index."""
    return settings_with_index(tmp_path, tmp_path_factory)
