"""The chat app in headless Chromium with one real Stellarium: a user plans and opens the first
target (the steps and the screenshot appear in the chat); two logged-in users ask it for
different objects at the same moment: the actions take turns (``StellariumBridge.driving``),
so each user's answer and screenshot show the object that user asked for — or the one who
waited too long is told in one sentence that Stellarium is busy. One app with login serves
both tests."""

from __future__ import annotations

import asyncio
import re

import pytest

from singularity.catalogue import say
from singularity.config import Settings
from tests.stellarium.instance import StellariumInstance
from tests.ui.conftest import on_module_app
from tests.ui.test_chat_app import ANSWERS, send
from tests.ui.test_users_chat import ALICES_PLAN, add_users, logged_in
from tests.workflow.conftest import ARTICLE_EXAMPLE

pytestmark = pytest.mark.slow
CENTRED = "ist in Stellarium zentriert"
BUSY = say("stellarium.busy", "de", seconds=0).split("(")[0]
PLACES = {"alice": "Konstanz", "bob": "Kreuzlingen"}


@pytest.fixture(scope="module")
def module_app_env(real_stellarium: StellariumInstance) -> dict[str, str]:
    # Chromium, Chainlit and a software-rendered Stellarium share two cores here: allow time
    return {"SINGULARITY__USERS__LOGIN": "password",
            "SINGULARITY__STELLARIUM__URL": real_stellarium.url,
            "SINGULARITY__STELLARIUM__SIMBAD_ONLINE": "false",
            "SINGULARITY__STELLARIUM__TIMEOUT_S": "15", "SINGULARITY__STELLARIUM__SCRIPT_TIMEOUT_S": "30"}


app_url, settings = on_module_app()


async def test_open_first_target_shows_steps_and_screenshot(browser, app_url: str,
                                                             settings: Settings, tmp_path) -> None:
    add_users(settings, "carol")
    async with logged_in(browser, app_url, "carol", tmp_path) as page:
        await send(page, ARTICLE_EXAMPLE)
        await page.locator(ANSWERS).filter(has_text="Beobachtungsplan").last.wait_for(timeout=60_000)
        await send(page, "Öffne das erste Ziel in Stellarium")
        answer = page.locator(ANSWERS).filter(has_text=CENTRED).last
        await answer.wait_for(timeout=60_000)
        assert "aus deinem Plan" in await answer.inner_text()
        await page.get_by_text("In Stellarium öffnen").first.wait_for(timeout=10_000)
        shot = page.locator('img[alt*="Stellarium: M31"]')
        await shot.first.wait_for(timeout=20_000)
        assert await shot.first.evaluate("img => img.naturalWidth") >= 320


async def _target(page, rank: int) -> str:
    """The name of the plan's target ``rank`` as the plan's table lists it ("2. M33<tab>…")."""
    answer = page.locator(ANSWERS).filter(has_text="Beobachtungsplan").last
    await answer.wait_for(timeout=120_000)
    found = re.search(rf"^{rank}\. (.+?)\t", await answer.inner_text(), re.MULTILINE)
    assert found, await answer.inner_text()
    return found[1]


def _names(name: str, after: str, text: str) -> bool:
    """Whether ``text`` names ``name`` (its common name may follow in brackets) before ``after``."""
    return re.search(rf"(?<!\w){re.escape(name)}(?: \([^)]*\))? {after}", text) is not None


async def _outcome(page) -> str:
    answer = page.locator(ANSWERS).filter(has_text=re.compile(f"{CENTRED}|{re.escape(BUSY)}")).last
    await answer.wait_for(timeout=150_000)
    return await answer.inner_text()


async def test_two_users_drive_one_stellarium_in_turn(browser, app_url: str, settings: Settings,
                                                      tmp_path) -> None:
    add_users(settings, *PLACES)
    async with logged_in(browser, app_url, "alice", tmp_path) as alice, \
            logged_in(browser, app_url, "bob", tmp_path) as bob:
        await send(alice, ALICES_PLAN)
        await send(bob, ARTICLE_EXAMPLE)
        wanted = {"alice": await _target(alice, 1), "bob": await _target(bob, 2)}
        assert wanted["alice"] != wanted["bob"]
        await asyncio.gather(send(alice, "Öffne das erste Ziel in Stellarium"),
                             send(bob, "Öffne das zweite Ziel in Stellarium"))
        outcomes = dict(zip(("alice", "bob"), await asyncio.gather(_outcome(alice), _outcome(bob)),
                            strict=True))
        centred = [name for name, text in outcomes.items() if CENTRED in text]
        assert centred, outcomes  # at least the first in line got Stellarium
        for name, page in (("alice", alice), ("bob", bob)):
            them = "bob" if name == "alice" else "alice"
            text, other = outcomes[name], wanted[them]
            if name not in centred:  # waited longer than stellarium.busy_wait_s: one sentence
                assert BUSY in text and other not in text
                continue
            assert _names(wanted[name], CENTRED, text) and not _names(other, CENTRED, text)
            assert PLACES[name] in text and PLACES[them] not in text  # shown at their own place
            shots = page.locator('img[alt^="Stellarium: "]')
            await shots.last.wait_for(timeout=30_000)
            alts = [await s.get_attribute("alt") or "" for s in await shots.all()]
            assert len(alts) == 1 and _names("Stellarium: " + wanted[name], "", alts[0] + " "), alts
            assert await shots.last.evaluate("img => img.naturalWidth") >= 320
            await page.screenshot(path=str(tmp_path / f"{name}-stellarium.png"), full_page=True)
