"""Fixtures for the LLM layer: a scripted fake OpenAI-compatible server and settings that point
the real OpenRouter / OpenAILike clients at it (no retries, short timeouts: tests stay fast)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from singularity.config import Settings, load_settings
from singularity.llm.providers import OPENAI_LIKE_KEY, OPENROUTER_KEY
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.server import FakeServer

ROOT = Path(__file__).resolve().parents[2]
TEST_KEY = "sk-or-test-key"

MakeSettings = Callable[..., Settings]


@pytest.fixture
def fake_openai(fake_server: FakeServer) -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI(fake_server)
    yield fake
    fake.release()  # before the server stops: a pending delay must not hold up teardown


@pytest.fixture
def no_llm_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (OPENROUTER_KEY, OPENAI_LIKE_KEY):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def make_settings(tmp_path: Path, no_llm_secrets: None) -> MakeSettings:
    """Project config plus ``SINGULARITY__LLM__<KEY>`` overrides (``models__planning=…`` too),
    loaded through the real loader; defaults to no retries and a 2 s timeout."""

    def make(**llm: str) -> Settings:
        values = {"max_retries": "0", "timeout_s": "2", **llm}
        environ = {"SINGULARITY__PATHS__DATA_DIR": str(tmp_path / "data")}
        environ |= {f"SINGULARITY__LLM__{key.upper()}": value for key, value in values.items()}
        return load_settings(config_path=ROOT / "config.yaml", environ=environ)

    return make


@pytest.fixture
def openrouter_settings(make_settings: MakeSettings, fake_openai: FakeOpenAI,
                        monkeypatch: pytest.MonkeyPatch) -> MakeSettings:
    """Settings for OpenRouter at the fake server, with a test key in the environment."""
    monkeypatch.setenv(OPENROUTER_KEY, TEST_KEY)
    return lambda **llm: make_settings(**{"openrouter_url": fake_openai.openrouter_url, **llm})


@pytest.fixture
def openai_like_settings(make_settings: MakeSettings, fake_openai: FakeOpenAI) -> MakeSettings:
    """Settings for an OpenAI-compatible server (no key) at the fake server."""
    return lambda **llm: make_settings(**{"openai_like_url": fake_openai.base_url, **llm})
