"""What the browser shows of a model's answer is the checked text only: no raw tokens while
the model writes, and no image a web page planted in the answer (inline, by reference or with
nested brackets) is ever loaded. The fake model and the "beacon" share the local fake server,
which records every request the browser makes."""

from __future__ import annotations

import pytest

from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.server import FakeServer, Response
from tests.ui.conftest import ModelApp, on_model_app
from tests.ui.test_chat_app import ANSWERS, send

pytestmark = pytest.mark.slow
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


app_url, fake_model = on_model_app()


@pytest.fixture
def fake_server(model_app: ModelApp) -> FakeServer:
    """The model app's server, serving the "beacon" images beside the fake model."""
    for name in ("inline", "nested", "reference", "shortcut"):
        model_app.server.route("GET", f"/beacon-{name}.png", Response(200, PNG))
    return model_app.server


async def test_planted_images_are_never_loaded(page, fake_model: FakeOpenAI,
                                               fake_server: FakeServer) -> None:
    beacon = f"{fake_server.url}/beacon"
    fake_model.script(script.text(
        "Der Mars ist kalt, im Mittel etwa minus 60 Grad.\n\n"
        f"![Mars]({beacon}-inline.png)\n"
        f"![ein [verschachteltes] Bild]({beacon}-nested.png)\n"
        f"![Mars][karte] und ![schnell]\n\n"
        f"[karte]: {beacon}-reference.png\n"
        f"[schnell]: {beacon}-shortcut.png"))
    await send(page, "Wie kalt ist es auf dem Mars?")
    answer = page.locator(ANSWERS).filter(has_text="Der Mars ist kalt").last
    await answer.wait_for(timeout=60_000)
    await page.wait_for_timeout(2_000)  # time for any image in the page to be requested
    loaded = [r.path for r in fake_server.requests if r.path.startswith("/beacon")]
    assert loaded == []
    assert await page.locator("img[src*=beacon]").count() == 0
