"""Fixtures for the Stellarium bridge: a fake Remote Control per test (the real Stellarium of
the session is ``real_stellarium`` in ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.stellarium import FakeStellarium


@pytest.fixture
def fake_stellarium() -> Iterator[FakeStellarium]:
    with FakeStellarium() as stellarium:
        yield stellarium
