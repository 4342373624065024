"""Benchmark: from the start command to a chat UI that answers, Phoenix starting alongside.

Runs ``./start.sh --port P`` (environment already set up, so the bootstrap only verifies it),
then drives headless Chromium: open the page, wait for the app's first message (the session
started), send "Hallo" and wait for the reply. Prints the seconds from launching the command
to each point, and when Phoenix answered. Target: a UI that answers within 15 s.

Run: ``uv run python bench/startup.py [runs]`` (stops everything it started).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_http(url: str, started: float, deadline_s: float = 120) -> float:
    async with httpx.AsyncClient() as client:
        while time.perf_counter() - started < deadline_s:
            try:
                if (await client.get(url, timeout=1)).status_code < 500:
                    return time.perf_counter() - started
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise TimeoutError(url)


async def one_run() -> dict[str, float]:
    from playwright.async_api import async_playwright

    port, phoenix_port = free_port(), free_port()
    env = os.environ | {"SINGULARITY__TRACING__PHOENIX_PORT": str(phoenix_port)}
    started = time.perf_counter()
    process = subprocess.Popen(  # noqa: ASYNC220 - started once; we poll it, not await it
        [str(ROOT / "start.sh"), "--port", str(port)], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        http = await wait_http(f"http://127.0.0.1:{port}/", started)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = await browser.new_page()
            await page.goto(f"http://127.0.0.1:{port}/")
            messages = page.locator('[data-step-type="assistant_message"]')
            await messages.first.wait_for(timeout=120_000)
            session = time.perf_counter() - started
            await page.fill("#chat-input", "Hallo")
            await page.keyboard.press("Enter")
            await messages.nth(1).wait_for(timeout=120_000)
            answered = time.perf_counter() - started
            await browser.close()
        phoenix = await wait_http(f"http://127.0.0.1:{phoenix_port}/", started)
        return {"http": http, "session": session, "answered": answered, "phoenix": phoenix}
    finally:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    results = [asyncio.run(one_run()) for _ in range(runs)]
    for key, label in (("http", "chat page served"), ("session", "session started (first message)"),
                       ("answered", "first reply to 'Hallo'"), ("phoenix", "Phoenix answering")):
        values = [r[key] for r in results]
        print(f"{label}: median {statistics.median(values):.1f} s "
              f"(min {min(values):.1f}, max {max(values):.1f}, {runs} runs)")
    print("target: a UI that answers within 15 s")


if __name__ == "__main__":
    main()
