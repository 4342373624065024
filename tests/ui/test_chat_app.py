"""The chat app in headless Chromium: persona mode, visible steps, plan table, chart."""

from __future__ import annotations

import time

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout

from tests.workflow.conftest import ARTICLE_EXAMPLE

pytestmark = pytest.mark.slow
ANSWERS = '[data-step-type="assistant_message"]'


@pytest.fixture
def app_url(shared_app_url: str) -> str:
    """The app these tests share: they read nothing from its data directory."""
    return shared_app_url


async def send(page, text: str) -> None:
    """Type ``text`` and send it once the chat is idle: while a task runs (the chat start's
    included, a moment after its banner shows) Chainlit swaps the send button for a stop
    button, leaving the text in the box — then it is sent again when the send button is back
    (an empty box sends nothing, so nothing is sent twice); a box emptied before the first
    click is filled again. The button is clicked rather than Enter pressed: a key goes to
    whichever page has the focus, and two users' pages type at once in the multi-user tests."""
    await page.fill("#chat-input", text)
    deadline = time.monotonic() + 60
    clicked = False
    while True:
        await page.locator("#chat-submit").wait_for(timeout=60_000)
        if not await page.input_value("#chat-input"):
            if clicked:
                return
            # emptied before it was sent: the chat was drawn anew (seen on a loaded machine,
            # history on, a plan's turn just ended), which leaves the send button disabled
            await page.fill("#chat-input", text)
        try:
            await page.locator("#chat-submit").click(timeout=5_000)
        except PlaywrightTimeout:  # disabled: emptied between the look and the click
            assert time.monotonic() < deadline, f"the send button stayed disabled for {text!r}"
            continue
        clicked = True
        await page.wait_for_timeout(300)
        if await page.input_value("#chat-input") != text or time.monotonic() > deadline:
            return


async def test_planning_example_shows_steps_table_and_chart(page, tmp_path) -> None:
    await page.get_by_role("button", name="Singularity").click()
    await page.get_by_text("Carl Sagan").first.click()
    await page.get_by_role("button", name="Carl Sagan").wait_for(timeout=5_000)

    await send(page, ARTICLE_EXAMPLE)
    answer = page.locator(ANSWERS).filter(has_text="Beobachtungsplan").last
    await answer.wait_for(timeout=60_000)
    await page.get_by_text("Ephemeriden und Bewertung der Ziele").first.wait_for(timeout=10_000)
    await page.get_by_text("Weiterleitung an den zuständigen Assistenten").first.wait_for(timeout=10_000)
    await page.get_by_text("Ortsbestimmung").first.wait_for(timeout=10_000)
    table = answer.locator("table")
    await table.wait_for(timeout=10_000)
    assert "M31" in await table.inner_text()
    assert "Und bedenke –" in await answer.inner_text()  # Carl Sagan's voice, offline (D25)
    chart = page.locator('img[alt*="Höhe"]')
    await chart.first.wait_for(timeout=10_000)
    assert await chart.first.evaluate("img => img.naturalWidth") > 300
    await page.screenshot(path=str(tmp_path / "plan.png"), full_page=True)


async def test_follow_up_and_off_topic(page) -> None:
    await send(page, ARTICLE_EXAMPLE)
    await page.locator(ANSWERS).filter(has_text="Beobachtungsplan").last.wait_for(timeout=60_000)
    await send(page, "Was ist das Besondere am ersten Ziel?")
    await page.locator(ANSWERS).filter(has_text="M31 (Andromedagalaxie): Galaxie").last.wait_for(timeout=30_000)
    await send(page, "Wer gewinnt die Bundesliga?")
    refusal = page.locator(ANSWERS).filter(has_text="Dabei kann ich leider nicht helfen").last
    await refusal.wait_for(timeout=30_000)


async def test_offline_banner_offers_the_starters(page) -> None:
    banner = page.locator(ANSWERS).filter(has_text="Offline mode").first  # the browser's language
    await banner.wait_for(timeout=10_000)
    await page.get_by_role("button", name="Plan an observation").click()
    answer = page.locator(ANSWERS).filter(has_text="observing plan").last
    await answer.wait_for(timeout=60_000)
