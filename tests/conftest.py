"""Shared fixtures. Sockets may only reach loopback: no test talks to the internet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from singularity.config import Settings, load_settings
from tests.fakes.server import FakeServer, running_server


@pytest.fixture
def fake_server() -> Iterator[FakeServer]:
    with running_server() as server:
        yield server


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Project defaults with a private data directory and no online geocoding."""
    return load_settings(
        config_path=Path(__file__).resolve().parent.parent / "config.yaml",
        environ={
            "SINGULARITY__PATHS__DATA_DIR": str(tmp_path / "data"),
            "SINGULARITY__GEOCODING__ONLINE": "false",
        },
    )
