"""The chat app in headless Chromium: an explicit request for pictures shows them as images with
their captions (title, source, licence); Commons and NASA answered by the shared app's local fake (the image
files themselves are not reachable offline, the elements are what is checked)."""

from __future__ import annotations

import pytest

from tests.ui.test_chat_app import ANSWERS, send

pytestmark = pytest.mark.slow


@pytest.fixture
def app_url(shared_app_url: str) -> str:
    """The shared app (tests/ui/conftest.py), whose Commons and NASA answer with recorded pages."""
    return shared_app_url


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
