"""The chat app in headless Chromium: an explicit request for pictures shows them as images with
their captions (title, source, licence); Commons and NASA answered by a local fake (the image
files themselves are not reachable offline, the elements are what is checked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from singularity.config import Settings
from tests.fakes.server import FakeServer, Response
from tests.knowledge.fallback_support import recorded
from tests.support import with_knowledge
from tests.ui.test_chat_app import ANSWERS, send

pytestmark = pytest.mark.slow
@pytest.fixture
def image_services(settings: Settings, knowledge_index: Path, fake_server: FakeServer,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    with_knowledge(settings, knowledge_index)
    fake_server.route("GET", "/w/api.php", Response(200, recorded("commons_search")))
    fake_server.route("GET", "/search", Response(200, recorded("nasa_search")))
    monkeypatch.setenv("SINGULARITY__KNOWLEDGE__COMMONS_API_URL", f"{fake_server.url}/w/api.php")
    monkeypatch.setenv("SINGULARITY__KNOWLEDGE__NASA_IMAGES_URL", fake_server.url)


@pytest.fixture
def app_url(image_services, app_url: str) -> str:
    """The app of tests/ui/conftest.py, started with the fake image services in its environment."""
    return app_url


async def test_pictures_are_shown_once_with_their_credits(page, tmp_path) -> None:
    await send(page, "Zeig mir Bilder vom Orionnebel")
    answer = page.locator(ANSWERS).filter(has_text="Hier sind").last
    await answer.wait_for(timeout=60_000)
    text = await answer.inner_text()
    assert "Hier sind 3 Bilder von Orionnebel" in text and "None" not in text
    assert text.count("Andromeda Galaxy (with h-alpha)") == 1  # once, as the caption of its image
    assert "Adam Evans · CC BY 2.0 · Wikimedia Commons" in text
    images = answer.locator("img")
    await images.first.wait_for(timeout=10_000)
    assert await images.count() >= 1
    await page.screenshot(path=str(tmp_path / "images.png"), full_page=True)
