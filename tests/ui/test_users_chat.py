"""Two users in two browsers: separate profiles and histories, and a conversation that goes on
after the browser was closed (login on, history in SQLite, offline pilot)."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from singularity.config import Settings
from singularity.users.accounts import AccountFile
from singularity.users.space import user_space
from tests.ui.conftest import on_module_app
from tests.ui.test_chat_app import ANSWERS, send
from tests.workflow.conftest import ARTICLE_EXAMPLE

pytestmark = pytest.mark.slow
PASSWORDS = {"alice": "pw-of-alice", "bob": "pw-of-bob", "carol": "pw-of-carol",
             "dave": "pw-of-dave", "erin": "pw-of-erin"}
ALICES_PLAN = ARTICLE_EXAMPLE.replace("Kreuzlingen", "Konstanz")
QUESTION_WITHOUT_PLACE = "Was kann ich morgen Abend mit einem 10x50-Fernglas sehen?"


def add_users(settings: Settings, *names: str) -> None:
    """Accounts for ``names`` with their ``PASSWORDS`` (the app reads the file at each login)."""
    accounts = AccountFile.from_settings(settings)
    for name in names:
        accounts.add(name, PASSWORDS[name])


@pytest.fixture(scope="module")
def module_app_env() -> dict[str, str]:
    return {"SINGULARITY__USERS__LOGIN": "password"}


app_url, settings = on_module_app()  # One app with login for this module's tests; each logs in as users of its own.


@asynccontextmanager
async def logged_in(browser, app_url: str, name: str, tmp_path) -> AsyncIterator:
    """A fresh browser context (no cookies: a restarted browser) logged in as ``name``."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1000}, locale="de-DE")
    page = await context.new_page()
    try:
        await page.goto(app_url)
        await page.locator("#email").fill(name)
        await page.locator("#password").fill(PASSWORDS[name])
        await page.locator('button[type="submit"]').click()
        await page.wait_for_selector("#chat-input", timeout=60_000)
        await page.locator(ANSWERS).first.wait_for(timeout=60_000)  # the banner: session ready
        yield page
    finally:
        await page.screenshot(path=str(tmp_path / f"{name}-last.png"), full_page=True)
        await context.close()


async def test_a_wrong_password_does_not_log_in(browser, app_url: str, settings: Settings) -> None:
    add_users(settings, "erin")
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(app_url)
    await page.locator("#email").fill("erin")
    await page.locator("#password").fill("pw-of-bob")
    await page.locator('button[type="submit"]').click()
    await page.get_by_text("credentials", exact=False).first.wait_for(timeout=30_000)
    assert await page.locator("#chat-input").count() == 0
    await context.close()


async def test_two_users_have_their_own_profile_history_and_resumed_plan(
        browser, app_url: str, settings: Settings, tmp_path) -> None:
    add_users(settings, "alice", "bob")
    async with logged_in(browser, app_url, "alice", tmp_path) as alice, \
            logged_in(browser, app_url, "bob", tmp_path) as bob:
        await send(alice, ALICES_PLAN)
        await alice.locator(ANSWERS).filter(has_text="Beobachtungsplan").last.wait_for(timeout=90_000)
        await send(bob, QUESTION_WITHOUT_PLACE)
        bobs_answer = bob.locator(ANSWERS).nth(1)
        await bobs_answer.wait_for(timeout=90_000)
        assert "Wo möchtest du beobachten" in await bobs_answer.inner_text()  # no place of Alice's
        assert "Konstanz" not in await bobs_answer.inner_text()
        await bob.locator('[id^="thread-"]').first.wait_for(timeout=30_000)
        assert not any("Konstanz" in text for text in await bob.locator('[id^="thread-"]').all_inner_texts())
    assert "Konstanz" in user_space(settings, "alice").profile_file.read_text(encoding="utf-8")
    assert not user_space(settings, "bob").profile_file.exists()

    # a new browser: Alice finds her conversation and goes on with its plan
    async with logged_in(browser, app_url, "alice", tmp_path) as alice:
        thread = alice.locator('[id^="thread-"]').filter(has_text="Konstanz")
        await thread.first.wait_for(timeout=30_000)
        await thread.first.click()
        await alice.locator(ANSWERS).filter(has_text="Beobachtungsplan").first.wait_for(timeout=30_000)
        chart = alice.locator('img[alt*="Höhe der besten Ziele"]')  # kept in her folder, served to her
        await chart.first.wait_for(timeout=30_000)
        await alice.wait_for_function("img => img.complete && img.naturalWidth > 0",
                                      arg=await chart.first.element_handle(), timeout=30_000)
        assert await chart.first.evaluate("img => img.naturalWidth") >= 320
        await alice.screenshot(path=str(tmp_path / "alice-resumed.png"), full_page=True)
        await send(alice, "Was ist das Besondere am ersten Ziel?")
        follow_up = alice.locator(ANSWERS).filter(has_text="M31 (Andromedagalaxie): Galaxie").last
        await follow_up.wait_for(timeout=60_000)
        await alice.screenshot(path=str(tmp_path / "alice-follow-up.png"), full_page=True)
        assert await alice.locator(ANSWERS).filter(has_text="Beobachtungsplan").count() == 1

    # and in a new conversation her profile knows her place
    async with logged_in(browser, app_url, "alice", tmp_path) as alice:
        await send(alice, QUESTION_WITHOUT_PLACE)
        await alice.locator(ANSWERS).filter(has_text="Konstanz").filter(
            has_text="aus deinem Profil").last.wait_for(timeout=90_000)


async def test_settings_apply_at_once_and_stay_with_the_user(browser, app_url: str, settings: Settings,
                                                             tmp_path) -> None:
    add_users(settings, "carol", "dave")
    async with logged_in(browser, app_url, "carol", tmp_path) as carol:
        await carol.locator("#chat-settings-open-modal").click()
        await carol.get_by_role("combobox").first.click()
        await carol.get_by_role("option", name="Carl Sagan").click()
        await carol.get_by_label("Stellarium-Passwort").fill("pw-stellarium-carol")
        await carol.get_by_role("button", name="Bestätigen").click()
        await carol.locator(ANSWERS).filter(has_text="Einstellungen gespeichert").wait_for(timeout=30_000)
        await carol.get_by_role("button", name="Carl Sagan").wait_for(timeout=10_000)
        await send(carol, ARTICLE_EXAMPLE)
        answer = carol.locator(ANSWERS).filter(has_text="Beobachtungsplan").last
        await answer.wait_for(timeout=90_000)
        assert "Und bedenke –" in await answer.inner_text()  # Carl Sagan's voice
    stored = user_space(settings, "carol").preferences_file.read_text(encoding="utf-8")
    assert '"persona": "sagan"' in stored and "pw-stellarium-carol" in stored
    assert "pw-stellarium-carol" not in (settings.data_dir / "chainlit.log").read_text(encoding="utf-8")
    with sqlite3.connect(settings.data_dir / "history.db") as database:  # nor in the history
        assert not database.execute("SELECT 1 FROM threads WHERE metadata LIKE '%pw-stellarium%'").fetchall()

    async with logged_in(browser, app_url, "carol", tmp_path) as carol:  # a new browser
        await carol.get_by_role("button", name="Carl Sagan").wait_for(timeout=10_000)
    async with logged_in(browser, app_url, "dave", tmp_path) as dave:  # Dave's own settings
        await dave.get_by_role("button", name="Singularity").wait_for(timeout=10_000)
