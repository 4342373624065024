"""Benchmark: the CPU time of each kind of turn, with the runner driven in one process as the
chat app drives it (the app's shared resources: one Stellarium bridge, one knowledge handle,
chart worker processes), so a profiler can be attached to that one process.

Every round is a new chat sending the four turns of ``bench/load.py`` (planning, Stellarium,
knowledge, images); round 0 warms the process up and is not counted. Per kind it prints the
median CPU time of this process (all its threads) and of its children (chart workers, the
Stellarium MCP server). Services as in the load test: a fake Open-Meteo, the fake Stellarium
Remote Control, Nominatim and the image services at their real (here unreachable) addresses, a
copy of a built index (``--index`` or ``$SINGULARITY_TEST_KNOWLEDGE_INDEX``).

When the warm-up is done the script prints ``ready <pid>`` and waits ``--pause`` seconds, time
to attach a sampling profiler to the measured rounds only, e.g.
``py-spy record --pid <pid> --gil --format raw -o turns.txt`` (``--gil``: only the thread holding
the interpreter lock, which is what limits the app). ``--only knowledge`` measures one kind
(the other turns of a round are not sent).

Run: ``uv run python bench/turn_cost.py [--rounds 6] [--only planning,knowledge] [--pause 3]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import suppress
from datetime import datetime
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import CITIES, TURNS
from singularity.config import load_settings
from singularity.planning.gazetteer import ensure_index
from singularity.workflow.runner import Session, SharedResources, TurnRecord, run_turn
from tests.fakes.server import running_server
from tests.fakes.stellarium import FakeStellarium
from tests.support import make_settings, offline_env, with_knowledge
from tests.workflow.conftest import clear_forecast


def children_cpu_s() -> float:
    """User and system CPU seconds of this process' children (alive ones)."""
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        with suppress(psutil.Error):
            times = child.cpu_times()
            total += times.user + times.system
    return total


async def measure(rounds: int, only: set[str], pause_s: float) -> dict[str, tuple[list[float], list[float]]]:
    settings = load_settings(config_path=ROOT / "config.yaml", environ=dict(os.environ))
    shared = SharedResources(cpu_processes=os.cpu_count() or 1, bridge_idle_s=300)
    costs: dict[str, tuple[list[float], list[float]]] = {kind: ([], []) for kind, _ in TURNS}
    try:
        for number in range(rounds + 1):
            if number == 1:
                print(f"ready {os.getpid()}", flush=True)
                await asyncio.sleep(pause_s)
            session = await asyncio.to_thread(Session.create, settings=settings, shared=shared)
            await session.start()
            for kind, text in TURNS:
                if number and only and kind not in only:
                    continue
                own, children = time.process_time(), children_cpu_s()
                record = None
                async for item in run_turn(session, text.format(city=CITIES[number % len(CITIES)]),
                                           now=datetime.now().astimezone()):
                    if isinstance(item, TurnRecord):
                        record = item
                if record is None or record.error:
                    raise SystemExit(f"The {kind} turn failed: {record.error if record else 'no record'}")
                if number:
                    costs[kind][0].append(time.process_time() - own)
                    costs[kind][1].append(children_cpu_s() - children)
            await session.close()
    finally:
        await shared.close()
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--only", default="", help="comma-separated kinds to measure (default: all)")
    parser.add_argument("--pause", type=float, default=0.0, help="seconds to wait after the warm-up")
    parser.add_argument("--index", type=Path, default=os.environ.get("SINGULARITY_TEST_KNOWLEDGE_INDEX"),
                        help="a built knowledge index (Qdrant local folder) to copy")
    args = parser.parse_args()
    if args.index is None:
        raise SystemExit("Give --index (a built knowledge index) or set SINGULARITY_TEST_KNOWLEDGE_INDEX.")
    data_dir = Path(tempfile.mkdtemp(prefix="singularity-turn-cost-"))
    try:
        settings = make_settings(data_dir / "data")
        ensure_index(settings)
        with_knowledge(settings, args.index)
        with running_server() as weather, FakeStellarium() as stellarium:
            clear_forecast(weather)
            os.environ.update(offline_env(settings, weather.url) | {
                "SINGULARITY__GEOCODING__ONLINE": "true", "SINGULARITY__STELLARIUM__URL": stellarium.url,
                "PHOENIX_TELEMETRY_ENABLED": "false"})
            costs = asyncio.run(measure(args.rounds, {k for k in args.only.split(",") if k}, args.pause))
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f}; CPU per turn, median of {args.rounds} (min):")
    for kind, (own, children) in costs.items():
        if own:
            print(f"{kind:11s} this process {statistics.median(own):.3f} s ({min(own):.3f})   "
                  f"children {statistics.median(children):.3f} s")


if __name__ == "__main__":
    main()
