"""Benchmark: from a Stellarium request in the chat to the screenshot file on disk.

Starts a real Stellarium 0.22 under Xvfb (not timed), then, through the real workflow with the
offline pilot and the app's own bridge (the MCP server as a stdio child process of the session),
times ``run_turn`` of

  * "Zeig mir M31 in Stellarium" (no plan: Stellarium's own place, the turn's time), and
  * "Öffne das erste Ziel in Stellarium" after the article's planning example (the plan's place
    and the target's best time; the weather comes from a local fake Open-Meteo),

each N times in one session, from the call until the turn's screenshot artifact exists. The
first request of a session also starts the MCP server process: it is reported on its own, and
the median is taken over the runs after it.

Run: ``uv run python bench/stellarium_speed.py [N]`` (default 7; about a minute on 2 cores).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from singularity.workflow.runner import Session, TurnRecord, run_turn
from tests.fakes.server import running_server
from tests.stellarium.instance import StellariumInstance
from tests.support import make_settings
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast

NOW = datetime.fromisoformat("2026-11-30T21:00:00+01:00")


async def timed_turn(session: Session, message: str, now: datetime) -> tuple[float, TurnRecord]:
    start = time.perf_counter()
    record = None
    async for item in run_turn(session, message, now=now):
        if isinstance(item, TurnRecord):
            record = item
    elapsed = time.perf_counter() - start
    assert record is not None
    shots = [a for a in record.artifacts if a.kind == "screenshot" and a.path and Path(a.path).exists()]
    if not shots:
        raise RuntimeError(f"no screenshot for {message!r}: {record.answer}")
    return elapsed, record


async def measure(url: str, weather_url: str, data_dir: Path, runs: int) -> dict[str, list[float]]:
    settings = make_settings(data_dir)
    settings = settings.model_copy(update={
        "stellarium": settings.stellarium.model_copy(update={"url": url, "simbad_online": False}),
        "weather": settings.weather.model_copy(update={"open_meteo_url": weather_url, "provider": "open_meteo"}),
    })
    times: dict[str, list[float]] = {"named": [], "first_target": []}
    session = Session.create(settings=settings)
    try:
        for i in range(runs + 1):
            elapsed, _ = await timed_turn(session, "Zeig mir M31 in Stellarium", NOW + timedelta(minutes=i))
            times["named"].append(elapsed)
    finally:
        await session.close()
    planned = Session.create(settings=settings)
    try:
        async for _ in run_turn(planned, ARTICLE_EXAMPLE, now=NOW):
            pass
        for _ in range(runs + 1):
            elapsed, _ = await timed_turn(planned, "Öffne das erste Ziel in Stellarium", NOW)
            times["first_target"].append(elapsed)
    finally:
        await planned.close()
    return times


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    with tempfile.TemporaryDirectory() as tmp, running_server() as weather, StellariumInstance() as stellarium:
        clear_forecast(weather)
        times = asyncio.run(measure(stellarium.url, weather.url, Path(tmp), runs))
    for label, key in (("Zeig mir M31 in Stellarium", "named"),
                       ("Öffne das erste Ziel in Stellarium (after a plan)", "first_target")):
        first, rest = times[key][0], times[key][1:]
        print(f"{label}: first (starts the MCP server) {first:.2f} s; then median "
              f"{statistics.median(rest):.2f} s (min {min(rest):.2f}, max {max(rest):.2f}, n={len(rest)})")


if __name__ == "__main__":
    main()
