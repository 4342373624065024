"""The conversation and Stellarium fixtures, shared with the workflow and Stellarium tests; no
test leaves tracing set up for the next (a failed one included)."""

from collections.abc import Iterator

import pytest

from singularity.tracing import active_tracing
from tests.stellarium.conftest import fake_stellarium
from tests.workflow.conftest import offline_settings, session

__all__ = ["fake_stellarium", "offline_settings", "session"]


@pytest.fixture(autouse=True)
def _no_tracing_left_behind() -> Iterator[None]:
    yield
    handle = active_tracing()
    if handle is not None:
        handle.shutdown(timeout_s=0.5)
