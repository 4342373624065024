"""The chat app in headless Chromium with the bundled knowledge base: a cited answer, the
search step, and a follow-up rewritten from the last object."""

from __future__ import annotations

import pytest

from tests.ui.test_chat_app import ANSWERS, send

pytestmark = pytest.mark.slow


@pytest.fixture
def app_url(shared_app_url: str) -> str:
    """The shared app (tests/ui/conftest.py), which has the bundled knowledge base."""
    return shared_app_url


async def test_knowledge_answer_with_sources_and_a_follow_up(page, tmp_path) -> None:
    await send(page, "Wie warm ist es auf dem Mars?")
    answer = page.locator(ANSWERS).filter(has_text="Die Wissensbasis sagt dazu").last
    await answer.wait_for(timeout=60_000)
    text = await answer.inner_text()
    assert "°C" in text and "[1]" in text and "Quellen" in text and "lokale Kopie vom 2026-11-30" in text
    await page.get_by_text("Suche in der Wissensbasis").first.wait_for(timeout=10_000)
    await send(page, "Wie warm ist es dort?")
    rewritten = page.locator(ANSWERS).filter(has_text="Wie warm ist es auf dem Mars?").last
    await rewritten.wait_for(timeout=60_000)
    await page.screenshot(path=str(tmp_path / "knowledge.png"), full_page=True)
