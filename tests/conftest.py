"""Shared fixtures. Sockets may only reach loopback: no test talks to the internet, and
Astropy (used as the reference in tests) is switched offline before any test runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import singularity.planning.astropy_offline  # noqa: F401
from singularity.config import Settings
from tests.fakes.server import FakeServer, running_server
from tests.support import bundled_index, settings_with_index, with_knowledge


@pytest.fixture
def fake_server() -> Iterator[FakeServer]:
    with running_server() as server:
        yield server


@pytest.fixture
def settings(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Project defaults with a private data directory, no online geocoding, and the
    session's shared gazetteer index."""
    return settings_with_index(tmp_path, tmp_path_factory)


@pytest.fixture(scope="session")
def knowledge_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bundled_index(tmp_path_factory)


@pytest.fixture
def knowledge_settings(settings: Settings, knowledge_index: Path) -> Iterator[Settings]:
    """``settings`` with a private copy of the bundled knowledge base, released afterwards."""
    from singularity.knowledge.store import close_qdrant

    yield with_knowledge(settings, knowledge_index)
    close_qdrant(settings)

