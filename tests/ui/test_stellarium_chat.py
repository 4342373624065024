"""The chat app in headless Chromium with the real Stellarium: plan, then open the first target;
the steps and the screenshot appear in the chat."""

from __future__ import annotations

import pytest

from tests.ui.test_chat_app import ANSWERS, send
from tests.workflow.conftest import ARTICLE_EXAMPLE

pytestmark = pytest.mark.slow


@pytest.fixture
def stellarium_env(real_stellarium, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SINGULARITY__STELLARIUM__URL", real_stellarium.url)
    monkeypatch.setenv("SINGULARITY__STELLARIUM__SIMBAD_ONLINE", "false")
    # Chromium, Chainlit and a software-rendered Stellarium share two cores here: allow time
    monkeypatch.setenv("SINGULARITY__STELLARIUM__TIMEOUT_S", "15")
    monkeypatch.setenv("SINGULARITY__STELLARIUM__SCRIPT_TIMEOUT_S", "30")


@pytest.fixture
def app_url(stellarium_env, app_url: str) -> str:
    """The app of tests/ui/conftest.py, started with Stellarium's address in its environment."""
    return app_url


async def test_open_first_target_shows_steps_and_screenshot(page, tmp_path) -> None:
    await send(page, ARTICLE_EXAMPLE)
    await page.locator(ANSWERS).filter(has_text="Beobachtungsplan").last.wait_for(timeout=60_000)
    await send(page, "Öffne das erste Ziel in Stellarium")
    answer = page.locator(ANSWERS).filter(has_text="ist in Stellarium zentriert").last
    await answer.wait_for(timeout=60_000)
    assert "aus deinem Plan" in await answer.inner_text()
    await page.get_by_text("In Stellarium öffnen").first.wait_for(timeout=10_000)
    shot = page.locator('img[alt*="Stellarium: M31"]')
    await shot.first.wait_for(timeout=20_000)
    assert await shot.first.evaluate("img => img.naturalWidth") >= 320
    await page.screenshot(path=str(tmp_path / "stellarium.png"), full_page=True)
