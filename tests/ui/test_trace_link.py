"""The "Trace" link under an answer opens that turn's trace in a real Phoenix."""

from __future__ import annotations

import re
import time

import httpx
import pytest

from tests.ui.test_chat_app import ANSWERS, send

pytestmark = pytest.mark.slow
PROJECT = "singularity-ui-test"


@pytest.fixture
def app_env(real_phoenix: int) -> dict[str, str]:
    return {"SINGULARITY__TRACING__ENABLED": "true",
            "SINGULARITY__TRACING__PHOENIX_PORT": str(real_phoenix),
            "SINGULARITY__TRACING__PROJECT_NAME": PROJECT}


def _wait_for_trace(base: str, trace_id: str) -> None:
    """Spans reach Phoenix a second or two after the turn."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        spans = httpx.get(f"{base}/v1/projects/{PROJECT}/spans", params={"trace_id": trace_id},
                          timeout=5, trust_env=False)
        if spans.status_code == 200 and spans.json()["data"]:
            return
        time.sleep(0.3)
    raise AssertionError(f"trace {trace_id} did not arrive")


async def test_the_trace_link_opens_the_turns_trace(page, real_phoenix: int) -> None:
    base = f"http://127.0.0.1:{real_phoenix}"
    await send(page, "Hello!")
    answer = page.locator(ANSWERS).nth(1)
    link = answer.get_by_role("link", name="Trace")
    await link.wait_for(timeout=60_000)
    href = await link.get_attribute("href")
    match = re.fullmatch(re.escape(base) + r"/redirects/traces/([0-9a-f]{32})", href or "")
    assert match, href
    _wait_for_trace(base, match[1])

    if await link.get_attribute("target") == "_blank":
        async with page.context.expect_page() as opened:
            await link.click()
        trace_page = await opened.value
    else:
        await link.click()
        trace_page = page
    await trace_page.wait_for_url(re.compile(rf"/projects/[^/]+/traces/{match[1]}"), timeout=30_000)
    await trace_page.get_by_text("turn", exact=True).first.wait_for(timeout=30_000)
    await trace_page.get_by_text("AgentWorkflow.run").first.wait_for(timeout=10_000)
