"""Fixtures for the Stellarium bridge: a fake Remote Control per test, and one real Stellarium
under Xvfb per test session (skipped only where the stellarium binary is missing; CI installs
it, so there it always runs)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.stellarium import FakeStellarium
from tests.stellarium.instance import StellariumInstance, stellarium_available


@pytest.fixture
def fake_stellarium() -> Iterator[FakeStellarium]:
    with FakeStellarium() as stellarium:
        yield stellarium


@pytest.fixture(scope="session")
def real_stellarium() -> Iterator[StellariumInstance]:
    if not stellarium_available():
        pytest.skip("the stellarium binary is not installed (apt-get install stellarium xvfb)")
    with StellariumInstance() as instance:
        yield instance
