"""The plan's Export button in the chat app: the three files appear as downloads."""

from __future__ import annotations

import pytest

from tests.ui.test_chat_app import ANSWERS, send
from tests.workflow.conftest import ARTICLE_EXAMPLE

pytestmark = pytest.mark.slow


@pytest.fixture
def app_url(shared_app_url: str) -> str:
    """The app these tests share: they read nothing from its data directory."""
    return shared_app_url


async def test_the_export_button_under_the_plan_offers_three_downloads(page, app_url: str) -> None:
    await send(page, ARTICLE_EXAMPLE)
    await page.locator(ANSWERS).filter(has_text="Beobachtungsplan").last.wait_for(timeout=60_000)
    await page.get_by_role("button", name="Exportieren").click()
    answer = page.locator(ANSWERS).filter(has_text="ist exportiert").last
    await answer.wait_for(timeout=60_000)
    for suffix in (".json", ".csv", ".pdf"):
        link = answer.locator(f'a[href*="{suffix}"], a:has-text("{suffix}")').first
        await link.wait_for(timeout=10_000)
    href = await answer.locator('a:has-text(".csv")').first.get_attribute("href")
    assert href
    reply = await page.request.get(href if href.startswith("http") else app_url + href)
    assert reply.ok and (await reply.text()).startswith("Nr.,Objekt,Name,Typ")
