"""Benchmark: warm turn latency of the chat with the offline pilot (what every user without a
key meets), through the real workflow and tools.

One session per run (as a new chat), after one warm-up session in the same process (the
embedding model, the intent vectors, the knowledge base and the gazetteer loaded). Timed:
``run_turn`` from the call until its TurnRecord, for

  * the article's planning example (place, time, instrument, preference → weather → plan),
  * a knowledge question ("Wie entstehen Spiralgalaxien?"),
  * a correction after the plan ("Nein, ich bin eigentlich in Konstanz." → re-plan).

The weather comes from a local fake Open-Meteo; the knowledge base is a copy of an index built
before (``--index``, a Qdrant local-mode folder as `singularity ingest` writes it).

Run: ``uv run python bench/turn_latency.py --index .singularity/qdrant [--runs 7]``
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from singularity.workflow.runner import Session, TurnRecord, run_turn
from tests.fakes.server import running_server
from tests.support import make_settings
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast

NOW = datetime.fromisoformat("2026-11-30T15:00:00+01:00")
TURNS = (
    ("planning", ARTICLE_EXAMPLE),
    ("knowledge", "Wie entstehen Spiralgalaxien?"),
    ("correction", "Nein, ich bin eigentlich in Konstanz."),
)


async def timed(session: Session, message: str) -> tuple[float, TurnRecord]:
    start = time.perf_counter()
    record = None
    async for item in run_turn(session, message, now=NOW):
        if isinstance(item, TurnRecord):
            record = item
    assert record is not None
    return time.perf_counter() - start, record


async def measure(settings, runs: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name, _ in TURNS}
    for run in range(runs + 1):
        session = Session.create(settings=settings)
        for name, message in TURNS:
            elapsed, record = await timed(session, message)
            if record.error:
                raise RuntimeError(f"{name} failed: {record.error}")
            if run:  # run 0 warms up
                times[name].append(elapsed)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--index", type=Path, required=True,
                        help="a built knowledge base (Qdrant local-mode folder) to copy")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, running_server() as server:
        clear_forecast(server)
        settings = make_settings(Path(tmp) / "data")
        shutil.copytree(args.index, settings.resolve(settings.knowledge.qdrant_path, under_data=True))
        settings = settings.model_copy(update={"weather": settings.weather.model_copy(
            update={"open_meteo_url": server.url, "provider": "open_meteo"})})
        times = asyncio.run(measure(settings, args.runs))
    for name, values in times.items():
        print(f"{name:11s} median {statistics.median(values) * 1000:7.0f} ms   "
              f"min {min(values) * 1000:6.0f} ms   max {max(values) * 1000:6.0f} ms   (n={len(values)})")


if __name__ == "__main__":
    main()
