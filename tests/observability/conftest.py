"""The conversation and Stellarium fixtures, shared with the workflow and Stellarium tests."""

from tests.stellarium.conftest import fake_stellarium
from tests.workflow.conftest import offline_settings, session

__all__ = ["fake_stellarium", "offline_settings", "session"]
