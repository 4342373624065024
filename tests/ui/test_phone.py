"""The plan on a phone: a German browser at 390 × 844 shows what an observer at the telescope
needs without horizontal scrolling, and every column one tap away."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_chat_app import send
from tests.workflow.conftest import ARTICLE_EXAMPLE

pytestmark = pytest.mark.slow
ANSWERS = '[data-step-type="assistant_message"]'
SCREENSHOTS = Path(__file__).resolve().parents[2] / ".singularity" / "test-screenshots"
"""Kept after the run (the data folder is git-ignored): the phone screenshots to look at."""


@pytest.fixture
def app_url(shared_app_url: str) -> str:
    """The app these tests share: they read nothing from its data directory."""
    return shared_app_url


async def test_the_plan_reads_on_a_phone(phone_page, tmp_path: Path) -> None:
    page = phone_page
    await send(page, ARTICLE_EXAMPLE)
    answer = page.locator(ANSWERS).filter(has_text="Beobachtungsplan").last
    await answer.wait_for(timeout=90_000)
    table = answer.locator("table").first
    await table.wait_for(timeout=10_000)

    header = await table.locator("th").all_inner_texts()
    assert [h.strip() for h in header] == ["Objekt", "Name", "Zeit", "Höhe", "Richtung"]
    first_row = await table.locator("tbody tr").first.inner_text()
    assert "M31" in first_row and "°" in first_row and ":" in first_row
    await table.scroll_into_view_if_needed()
    fits = await page.evaluate("""() => {
        const table = [...document.querySelectorAll('[data-step-type="assistant_message"] table')].pop();
        let box = table; while (box && box.scrollWidth <= box.clientWidth + 1 && box !== document.body) box = box.parentElement;
        return {page: document.documentElement.scrollWidth, view: window.innerWidth,
                right: table.getBoundingClientRect().right, clipped: box !== document.body};
    }""")
    assert fits["page"] <= fits["view"], fits
    assert fits["right"] <= fits["view"] and not fits["clipped"], fits
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / "phone-plan-de.png"
    await page.screenshot(path=str(shot))
    print(f"phone screenshot: {shot}")

    await page.get_by_role("button", name="Alle Spalten").last.tap()
    full = page.locator(ANSWERS).locator("table").filter(has_text="Azimut").last
    await full.wait_for(timeout=10_000)
    assert "Wert" in await full.inner_text() and "M31" in await full.inner_text()
    await full.scroll_into_view_if_needed()
    await page.screenshot(path=str(SCREENSHOTS / "phone-plan-all-columns-de.png"))
    print(f"all columns: {SCREENSHOTS / 'phone-plan-all-columns-de.png'}")
