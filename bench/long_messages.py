"""Benchmark: how long one turn takes for a long message, and whether the event loop keeps
answering meanwhile.

For messages of about 1 KB, 8 KB and 100 KB of chatty prose (the kind of text that made the
duration search cubic), each size in its own process with a time limit:

  * ``slots``: the slot extractor the pilot calls for every message, awaiting the time
    (``extract_planning_slots(text, awaiting="time")``),
  * ``when``: ``parse_when`` on the whole message (what ``plan --when`` does),
  * ``turn``: ``run_turn`` with the offline pilot (no knowledge base: rules-only routing; a
    local fake Open-Meteo), the long message answering the pilot's question "when?" after
    "Plane mir eine Beobachtung in Kreuzlingen mit einem 10-Zoll-Dobson."; timed from the call
    to its TurnRecord, with the longest the event loop was blocked meanwhile (a 10 ms ticker
    runs beside the turn).

Run: ``uv run python bench/long_messages.py [--limit 150] [--what turn] [--max-message-chars
200000]``; a figure that did not finish within the limit is shown as ``>limit``. The turn
answers a message over ``conversation.max_message_chars`` (4000) with the limit at once; a
higher ``--max-message-chars`` measures how long reading such a message would take.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = {"1KB": 1_000, "8KB": 8_000, "100KB": 100_000}
WHAT = ("slots", "when", "turn")
NOW = datetime.fromisoformat("2026-11-30T15:00:00+01:00")
REQUEST = "Plane mir eine Beobachtung in Kreuzlingen mit einem 10-Zoll-Dobson."
PROSE = ("Letzte Woche war der Himmel klar und wir haben lange geredet, the night was dark "
         "and I want to look at the sky again. ")


def message(size: int) -> str:
    return (PROSE * (size // len(PROSE) + 1))[:size]


def _measure_slots(text: str) -> float:
    from singularity.understanding.slots import extract_planning_slots

    start = time.perf_counter()
    extract_planning_slots(text, awaiting="time")
    return time.perf_counter() - start


def _measure_when(text: str) -> float:
    from singularity.errors import InputError
    from singularity.planning.models import Location
    from singularity.planning.timephrases import parse_when

    place = Location(name="Kreuzlingen", lat=47.65, lon=9.17, timezone="Europe/Zurich",
                     source="coordinates")
    start = time.perf_counter()
    try:
        parse_when(text, now=NOW, location=place)
    except InputError:
        pass
    return time.perf_counter() - start


async def _turn(text: str, settings) -> tuple[float, float]:
    from singularity.workflow.runner import Session, run_turn

    session = Session.create(settings=settings)
    async for _ in run_turn(session, REQUEST, now=NOW):
        pass
    longest = 0.0
    done = False

    async def ticker() -> None:
        nonlocal longest
        last = time.perf_counter()
        while not done:
            await asyncio.sleep(0.01)
            now = time.perf_counter()
            longest = max(longest, now - last - 0.01)
            last = now

    tick = asyncio.create_task(ticker())
    start = time.perf_counter()
    async for _ in run_turn(session, text, now=NOW):
        pass
    elapsed = time.perf_counter() - start
    done = True
    await tick
    return elapsed, longest


def _measure_turn(text: str, max_chars: int | None) -> tuple[float, float]:
    from tests.fakes.server import running_server
    from tests.support import make_settings
    from tests.workflow.conftest import clear_forecast

    with tempfile.TemporaryDirectory() as tmp, running_server() as server:
        clear_forecast(server)
        settings = make_settings(Path(tmp) / "data")
        settings = settings.model_copy(update={"weather": settings.weather.model_copy(
            update={"open_meteo_url": server.url, "provider": "open_meteo"})})
        if max_chars is not None:
            settings = settings.model_copy(update={"conversation": settings.conversation.model_copy(
                update={"max_message_chars": max_chars})})
        asyncio.run(_turn(message(200), settings))  # warm up imports and the gazetteer
        return asyncio.run(_turn(text, settings))


def one(what: str, size: int, max_chars: int | None) -> None:
    text = message(size)
    if what == "slots":
        figures = {"seconds": _measure_slots(text)}
    elif what == "when":
        figures = {"seconds": _measure_when(text)}
    else:
        seconds, blocked = _measure_turn(text, max_chars)
        figures = {"seconds": seconds, "blocked": blocked}
    print(json.dumps(figures))


def run(what: str, size: int, limit: float, max_chars: int | None) -> dict[str, float] | None:
    command = [sys.executable, __file__, "--one", what, str(size)]
    if max_chars is not None:
        command += ["--max-message-chars", str(max_chars)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=float, default=150.0, help="seconds per measurement")
    parser.add_argument("--what", choices=WHAT, action="append", help="only these measurements")
    parser.add_argument("--max-message-chars", type=int, help="the turn's message limit")
    parser.add_argument("--one", nargs=2, metavar=("WHAT", "SIZE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one(args.one[0], int(args.one[1]), args.max_message_chars)
        return
    for what in args.what or WHAT:
        for name, size in SIZES.items():
            figures = run(what, size, args.limit, args.max_message_chars)
            if figures is None:
                print(f"{what:5s} {name:>5s}  >{args.limit:.0f} s", flush=True)
                continue
            line = f"{what:5s} {name:>5s}  {figures['seconds']:8.3f} s"
            if "blocked" in figures:
                line += f"   event loop blocked at most {figures['blocked'] * 1000:7.0f} ms"
            print(line, flush=True)


if __name__ == "__main__":
    main()
