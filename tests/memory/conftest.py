from __future__ import annotations

from pathlib import Path

import pytest

from singularity.config import Settings
from tests.support import make_settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Project settings with a private data directory; memory needs no gazetteer index."""
    return make_settings(tmp_path / "data")
