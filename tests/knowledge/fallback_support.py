"""Settings and recorded bodies for the knowledge fallbacks' tests (web and image search)."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

from singularity.config import Settings
from tests.support import make_settings

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "knowledge"
SHORT_TIMEOUT_S = 0.3


def recorded(name: str) -> Any:
    """A recorded response body from ``tests/fixtures/knowledge``."""
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def knowledge_settings(tmp_path: Path, **knowledge: Any) -> Settings:
    """Project settings with a private data dir, a short timeout and ``knowledge`` overrides."""
    settings = make_settings(tmp_path / "data")
    section = settings.knowledge.model_copy(update={"timeout_s": SHORT_TIMEOUT_S, **knowledge})
    return settings.model_copy(update={"knowledge": section})


def closed_port_url() -> str:
    """A loopback URL nothing listens on: connections are refused at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"
