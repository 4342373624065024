"""Benchmark: from the start command to a chat UI that answers, Phoenix starting alongside.

Runs ``./start.sh --port P`` (environment already set up, so the bootstrap only verifies it),
then drives headless Chromium: open the page, wait for the app's first message (the session
started), send "Hallo" and wait for the reply. Prints the seconds from launching the command
to each point, and when Phoenix answered. Target: a UI that answers within 15 s.

``--fresh`` gives every run a new, empty data directory: the first start of a new
installation (the knowledge base is loaded into Qdrant before the chat starts; target: chat page
served within 30 s). The launcher's output is read through a pipe, as under a service manager
or CI, and the longest stretch without a line is reported with every line and its time.

Run: ``uv run python bench/startup.py [runs] [--fresh]`` (stops everything it started).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
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


async def wait_http(url: str, started: float, deadline_s: float = 600) -> float:
    async with httpx.AsyncClient() as client:
        while time.perf_counter() - started < deadline_s:
            try:
                if (await client.get(url, timeout=1)).status_code < 500:
                    return time.perf_counter() - started
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise TimeoutError(url)


def record_lines(stream: object, started: float, lines: list[tuple[float, str]]) -> threading.Thread:
    """Collect the launcher's output lines with their time since launch, in the background."""

    def read() -> None:
        for raw in stream:  # type: ignore[attr-defined]
            lines.append((time.perf_counter() - started, raw.decode(errors="replace").rstrip()))

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def longest_silence(lines: list[tuple[float, str]], until: float) -> float:
    """The longest gap between launch, the output lines before ``until``, and ``until``."""
    times = [0.0, *(at for at, _ in lines if at <= until), until]
    return max(later - earlier for earlier, later in itertools.pairwise(times))


async def one_run(data_dir: Path | None, lines: list[tuple[float, str]]) -> dict[str, float]:
    """One start; the launcher's output lines are collected into ``lines`` (also on failure)."""
    from playwright.async_api import async_playwright

    port, phoenix_port = free_port(), free_port()
    env = os.environ | {"SINGULARITY__TRACING__PHOENIX_PORT": str(phoenix_port)}
    if data_dir is not None:
        env["SINGULARITY__PATHS__DATA_DIR"] = str(data_dir)
    started = time.perf_counter()
    process = subprocess.Popen(  # noqa: ASYNC220 - started once; we poll it, not await it
        [str(ROOT / "start.sh"), "--port", str(port)], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    reader = record_lines(process.stdout, started, lines)
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
            while True:  # Chainlit ignores Enter while the chat start still runs: send when idle
                await page.locator("#chat-submit").wait_for(timeout=120_000)
                await page.keyboard.press("Enter")
                await page.wait_for_timeout(100)
                if await page.input_value("#chat-input") != "Hallo":
                    break
            await messages.nth(1).wait_for(timeout=120_000)
            answered = time.perf_counter() - started
            await browser.close()
        phoenix = await wait_http(f"http://127.0.0.1:{phoenix_port}/", started)
        silence = longest_silence(lines, http)
        return {"http": http, "session": session, "answered": answered, "phoenix": phoenix,
                "silence": silence}
    finally:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        reader.join(timeout=5)


def main() -> None:
    arguments = [argument for argument in sys.argv[1:] if argument != "--fresh"]
    fresh = "--fresh" in sys.argv[1:]
    runs = int(arguments[0]) if arguments else 3
    results = []
    for run in range(runs):
        lines: list[tuple[float, str]] = []
        try:
            with tempfile.TemporaryDirectory(prefix="singularity-startup-") as folder:
                results.append(asyncio.run(one_run(Path(folder) if fresh else None, lines)))
        finally:
            print(f"run {run + 1}: launcher output")
            for at, line in lines:
                print(f"  {at:6.1f} s  {line}")
    for key, label in (("http", "chat page served"), ("session", "session started (first message)"),
                       ("answered", "first reply to 'Hallo'"), ("phoenix", "Phoenix answering"),
                       ("silence", "longest stretch without output before the page was served")):
        values = [r[key] for r in results]
        print(f"{label}: median {statistics.median(values):.1f} s "
              f"(min {min(values):.1f}, max {max(values):.1f}, {runs} runs)")
    print("target: a UI that answers within 15 s; on a fresh data directory, the page within 30 s")


if __name__ == "__main__":
    main()
