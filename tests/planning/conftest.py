"""Fixtures shared by the planning tests.

Stopping a FakeServer costs half a second (its poll interval), so the planning tests that talk
to fake weather and geocoding services share one server per module, emptied before each test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.server import FakeServer, running_server


@pytest.fixture(scope="module")
def shared_server() -> Iterator[FakeServer]:
    """One running FakeServer for the whole test module."""
    with running_server() as server:
        yield server


@pytest.fixture
def fake_server(shared_server: FakeServer) -> FakeServer:
    """The module's server without routes or recorded requests, as tests/conftest.py gives it."""
    shared_server.routes.clear()
    shared_server.requests.clear()
    return shared_server
