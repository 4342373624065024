"""A failing model in the chat app: each failure is one bubble with one sentence in the user's
language (never an empty bubble), and the app keeps serving."""

from __future__ import annotations

import pytest

from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
from tests.ui.conftest import on_model_app
from tests.ui.test_chat_app import send

pytestmark = pytest.mark.slow
ANSWERS = '[data-step-type="assistant_message"]'
QUESTION = "Wie warm ist es auf dem Mars?"
FAILURES = [
    (script.garbage(), "keine Antwort eines OpenAI-kompatiblen Sprachmodells"),
    (script.empty(), "hat eine leere Antwort geschickt"),
    (script.fake_tool_call_text("handoff", {"to_agent": "KnowledgeAgent"}),
     "hat einen Werkzeugaufruf als Text geschrieben"),
    (script.http_error(401), "hat den API-Schlüssel abgelehnt (HTTP 401); prüfe OPENAI_LIKE_API_KEY"),
    (script.http_error(500), "hatte einen internen Fehler (HTTP 500"),
    (script.slow(script.text("zu spät"), 30), "hat 1 s lang nichts geantwortet"),
]

app_url, fake_model = on_model_app()


async def test_each_model_failure_is_one_bubble_with_its_sentence(page, fake_model: FakeOpenAI,
                                                                  tmp_path) -> None:
    bubbles = page.locator(ANSWERS)
    for reply, sentence in FAILURES:
        before = await bubbles.count()
        fake_model.script(reply)
        await send(page, QUESTION)
        await bubbles.filter(has_text=sentence).last.wait_for(timeout=30_000)
        await page.locator("#chat-input").wait_for(state="visible")
        texts = await bubbles.all_inner_texts()
        assert len(texts) == before + 1, texts[before:]
        assert texts[-1].count(sentence) == 1 and "```" not in texts[-1]
        assert all(text.strip() for text in texts), texts
    await page.screenshot(path=str(tmp_path / "model-failures.png"), full_page=True)

    fake_model.release()
    fake_model.script(script.text("Hallo! Frag mich etwas über den Himmel."))
    await send(page, "Hallo")
    await bubbles.filter(has_text="Frag mich etwas über den Himmel.").last.wait_for(timeout=30_000)
