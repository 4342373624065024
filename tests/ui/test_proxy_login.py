"""Login by a proxy's header: the named user is in, nobody else is."""

from __future__ import annotations

import httpx
import pytest

from singularity.config import Settings
from singularity.users.space import user_space
from tests.ui.test_chat_app import ANSWERS, send
from tests.workflow.conftest import ARTICLE_EXAMPLE

pytestmark = pytest.mark.slow


@pytest.fixture
def app_env() -> dict[str, str]:
    return {"SINGULARITY__USERS__LOGIN": "header", "SINGULARITY__USERS__PROXY_HEADER": "X-Remote-User"}


async def test_the_proxy_names_the_user(browser, app_url: str, settings: Settings,
                                        tmp_path) -> None:
    context = await browser.new_context(locale="de-DE", extra_http_headers={"X-Remote-User": "carol"})
    page = await context.new_page()
    await page.goto(app_url)
    await page.wait_for_selector("#chat-input", timeout=60_000)
    await page.locator(ANSWERS).first.wait_for(timeout=60_000)  # the banner: session ready
    await send(page, ARTICLE_EXAMPLE)
    await page.locator(ANSWERS).filter(has_text="Beobachtungsplan").last.wait_for(timeout=90_000)
    assert "Kreuzlingen" in user_space(settings, "carol").profile_file.read_text(encoding="utf-8")
    await page.screenshot(path=str(tmp_path / "carol.png"), full_page=True)
    await context.close()

    async with httpx.AsyncClient(base_url=app_url) as client:  # what the front end asks first
        assert (await client.post("/auth/header", headers={"X-Remote-User": "dora"})).status_code == 200
        assert (await client.post("/auth/header")).status_code == 401
