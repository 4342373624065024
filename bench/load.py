"""Benchmark: many people using one app at once, over Chainlit's real websocket.

Starts the chat app (``chainlit run app.py``, offline pilot) in its own process with a private
data directory, then N simulated users, each with a socket.io client as the browser has
(``/ws/socket.io``, the ``connection_successful`` → ``client_message`` → ``task_end`` protocol
of chainlit 2.12's ``socket.py``), and each in a different city. Every user sends a fixed
sequence of turns, one after the other with a short pause between them:

  planning    "Plane mir morgen Abend in <city> …" (place, time, instrument → weather → plan)
  stellarium  "Öffne das erste Ziel in Stellarium" (the plan's place and time, screenshot)
  knowledge   "Wie entstehen Spiralgalaxien?" (local knowledge base)
  image       "Zeig mir Bilder vom Orionnebel" (Wikimedia/NASA: unreachable here, one sentence)

Before the clock starts one more user sends each kind once (``--no-warm-up`` counts those
too): a fresh process loads the embedding model, the intent vectors, the gazetteer, the object
catalogue and matplotlib on its first turns (about 20 s on a loaded machine), once. That user
stays connected until the end, as someone always is on a server with 20 users: the Stellarium
bridge ends with the last chat that uses it, and was otherwise started again during the run.

Measured: each turn's latency from sending the message to the app's ``task_end`` (p50/p95
per kind), errors (a turn without an answer within the time limit, Chainlit's error message,
the app's "internal error" sentence), the resident memory of the app's process tree (the app
and its Stellarium MCP servers) once a second, the longest ``/health`` answer, and whether any
answer names another user's city (each user plans for their own); the CPU time of the app's
process tree per turn (over the whole run; with one user also per kind, each turn's own), which
says how many turns a second the cores can serve at all. The last line is the run as a row of
the table in docs/benchmarks.md.

Pause: each user waits 0.5–1.5 s (times ``--think``) between an answer and the next message.

Services: the weather is a local fake Open-Meteo; Nominatim and the image services keep their
real addresses (unreachable in a sandbox: they fail, the gazetteer answers); Stellarium is the
fake Remote Control (``--stellarium fake``) or a real Stellarium under Xvfb (``real``); the
knowledge base is a copy of an index built before (``--index``, or
``$SINGULARITY_TEST_KNOWLEDGE_INDEX``).

Login: when the app asks for one (``/auth/config``), each user logs in with Chainlit's
password form (``POST /login``) as ``<--user-prefix><n>`` with ``--password``, and the cookie
it sets goes with the socket; with login off nothing is sent. ``--login`` turns password login
on in the app it starts and adds those users to its users file first (each then has their own
profile and history, as several people would).

Run: ``uv run python bench/load.py --users 20 [--turns 8] [--think 1] [--login] [--stellarium real] [--json out.json]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import httpx
import psutil
import socketio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from singularity.catalogue import say
from singularity.planning.gazetteer import ensure_index
from singularity.users.accounts import AccountFile
from tests.fakes.server import running_server
from tests.fakes.stellarium import FakeStellarium
from tests.stellarium.instance import StellariumInstance, stellarium_available
from tests.support import make_settings, offline_env, with_knowledge
from tests.workflow.conftest import clear_forecast

CITIES = ("Kreuzlingen", "Konstanz", "Winterthur", "Schaffhausen", "Tübingen", "Reutlingen",
          "Heilbronn", "Pforzheim", "Ravensburg", "Friedrichshafen", "Kempten", "Memmingen",
          "Augsburg", "Ingolstadt", "Regensburg", "Passau", "Landshut", "Rosenheim", "Innsbruck",
          "Salzburg", "Dornbirn", "Bregenz", "Feldkirch", "Luzern")
"""Each resolves to one place in the gazetteer, and no name is part of a common word."""
TURNS = (
    ("planning", ("Plane mir morgen Abend in {city} zwei Stunden mit einem 10-Zoll-Dobson. "
                 "Ich möchte vor allem Galaxien sehen.")),
    ("stellarium", "Öffne das erste Ziel in Stellarium"),
    ("knowledge", "Wie entstehen Spiralgalaxien?"),
    ("image", "Zeig mir Bilder vom Orionnebel"),
)
TURN_TIMEOUT_S = 180.0
PAUSE_S = (0.5, 1.5)
"""A user's pause between an answer and the next message, times ``--think`` (mean 1 s): far
shorter than a person reading a plan, so 20 users send about as much as 60–100 would."""
BUSY = "|".join(re.escape(say("stellarium.busy", lang, seconds="@@").split("@@")[0][:40]) for lang in ("de", "en"))
"""The start of the sentence for an action that waited too long for Stellarium."""
INTERNAL_ERROR = "|".join(re.escape(say("ui.internal_error", lang, log="@@").split("@@")[0][:40])
                          for lang in ("de", "en"))
"""The start of the app's sentence for a turn that broke inside (its log file follows)."""


@dataclass
class Turn:
    user: int
    kind: str
    seconds: float
    answer: str
    error: str | None = None
    cpu_s: float | None = None
    """The app tree's CPU time from sending to the answer: one turn's own only with one user."""


@dataclass
class Run:
    turns: list[Turn] = field(default_factory=list)
    rss_mb: list[tuple[float, float]] = field(default_factory=list)
    health_max_s: float = 0.0
    leaks: list[str] = field(default_factory=list)
    busy: int = 0
    cpu_s: float = 0.0
    """CPU time of the app's process tree while the users ran (all cores together)."""
    wall_s: float = 0.0


class User:
    """One browser: a socket.io connection to the app and the messages it gets."""

    def __init__(self, number: int, url: str, cookie: str | None) -> None:
        self.number, self.url, self.cookie = number, url, cookie
        self.city = CITIES[number % len(CITIES)]
        self.sio = socketio.AsyncClient(reconnection=False)
        self.answers: list[str] = []
        self.errors: list[str] = []
        self.ended = asyncio.Event()
        self.sio.on("new_message", self._message)
        self.sio.on("task_end", self._task_end)

    async def _task_end(self, *_: object) -> None:
        """A turn ends with the first ``task_end`` after its answer: Chainlit sends one when
        the handler returns and one more when the message's task ends, so a late one of the
        turn before must not end the next."""
        if self.answers:
            self.ended.set()

    async def _message(self, step: dict) -> None:
        if step.get("type") != "assistant_message":
            return
        text = step.get("output") or ""
        if step.get("name") == "Error" or re.search(INTERNAL_ERROR, text):
            self.errors.append(text[:200])
        self.answers.append(text)

    async def connect(self) -> None:
        auth = {"clientType": "webapp", "sessionId": str(uuid.uuid4()), "threadId": None,
                "userEnv": "{}", "chatProfile": None}
        headers = {"Cookie": self.cookie} if self.cookie else {}
        await self.sio.connect(self.url, socketio_path="/ws/socket.io", transports=["websocket"],
                               auth=auth, headers=headers, wait_timeout=60)
        await self.sio.emit("connection_successful")
        deadline = time.monotonic() + 120
        while not self.answers and time.monotonic() < deadline:  # the chat's banner: started
            await asyncio.sleep(0.05)

    async def say(self, text: str) -> tuple[float, str, str | None]:
        self.answers.clear()
        self.errors.clear()
        self.ended.clear()
        now = datetime.now(UTC).isoformat()
        message = {"id": str(uuid.uuid4()), "threadId": "", "name": "User", "type": "user_message",
                   "output": text, "createdAt": now, "start": now, "end": now, "parentId": None}
        start = time.perf_counter()
        await self.sio.emit("client_message", {"message": message, "fileReferences": None})
        try:
            await asyncio.wait_for(self.ended.wait(), TURN_TIMEOUT_S)
        except TimeoutError:
            return time.perf_counter() - start, "", f"no answer within {TURN_TIMEOUT_S:g} s"
        elapsed = time.perf_counter() - start
        await asyncio.sleep(0.05)  # the answer may trail the task's end by a frame
        answer = "\n".join(self.answers)
        error = self.errors[0] if self.errors else (None if answer else "no answer")
        return elapsed, answer, error


async def login(client: httpx.AsyncClient, url: str, name: str, password: str | None) -> str | None:
    """The cookie header for the socket when the app asks for a login; None when it does not."""
    config = (await client.get(f"{url}/auth/config")).json()
    if not config.get("requireLogin"):
        return None
    if not config.get("passwordAuth") or password is None:
        raise SystemExit("The app asks for a login: give --password (and create the users first).")
    response = await client.post(f"{url}/login", data={"username": name, "password": password})
    response.raise_for_status()
    cookies = [header.split(";", 1)[0] for header in response.headers.get_list("set-cookie")]
    return "; ".join(cookies)


async def simulate(number: int, url: str, turns: int, think_s: float, run: Run,
                   user_prefix: str, password: str | None, everyone: list[str], *,
                   warm_up: bool = False, cpu: Callable[[], float] | None = None,
                   stay: list[User] | None = None) -> None:
    """One user's turns; ``stay`` keeps the connection open (and the user in it) afterwards."""
    rng = random.Random(number)
    if not warm_up:
        await asyncio.sleep(rng.uniform(0, 2))  # people do not arrive in the same millisecond
    async with httpx.AsyncClient(timeout=30) as client:
        cookie = await login(client, url, f"{user_prefix}{number}", password)
    user = User(number, url, cookie)
    try:
        await user.connect()
        for index in range(turns):
            kind, text = TURNS[index % len(TURNS)]
            before = cpu() if cpu is not None else None
            seconds, answer, error = await user.say(text.format(city=user.city))
            if warm_up:
                continue
            spent = cpu() - before if cpu is not None and before is not None else None
            run.turns.append(Turn(number, kind, seconds, answer, error, spent))
            run.busy += bool(re.search(BUSY, answer))
            others = [c for c in everyone if c != user.city and re.search(rf"\b{re.escape(c)}\b", answer)]
            if others:
                run.leaks.append(f"user {number} ({user.city}) was told about {', '.join(others)}")
            await asyncio.sleep(rng.uniform(*PAUSE_S) * think_s)
    except Exception as exc:  # noqa: BLE001 - a broken connection is a result, not a crash of the benchmark
        run.turns.append(Turn(number, "connection", 0.0, "", f"{type(exc).__name__}: {exc}"))
    finally:
        if stay is None:
            with suppress(Exception):
                await user.sio.disconnect()
        else:
            stay.append(user)


def tree_cpu_s(process: psutil.Process) -> float:
    """User and system CPU seconds of the app and its children (chart workers, MCP server)."""
    total = 0.0
    for proc in [process, *process.children(recursive=True)]:
        with suppress(psutil.Error):
            times = proc.cpu_times()
            total += times.user + times.system
    return total


def tree_rss_mb(process: psutil.Process) -> float:
    total = 0
    for proc in [process, *process.children(recursive=True)]:
        with suppress(psutil.Error):
            total += proc.memory_info().rss
    return total / 2**20


async def watch(process: psutil.Process, url: str, run: Run, stop: asyncio.Event) -> None:
    """Memory of the app's process tree and the /health answer time, once a second."""
    start = time.monotonic()
    async with httpx.AsyncClient(timeout=30) as client:
        while not stop.is_set():
            run.rss_mb.append((time.monotonic() - start, tree_rss_mb(process)))
            before = time.perf_counter()
            with suppress(httpx.HTTPError):
                await client.get(f"{url}/health")
            run.health_max_s = max(run.health_max_s, time.perf_counter() - before)
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1.0)


@contextmanager
def app(env: dict[str, str], data_dir: Path) -> Iterator[tuple[str, psutil.Process]]:
    """The chat app as ``./start.sh`` runs it, in its own root (Chainlit writes ``.files``)."""
    root = data_dir / "app-root"
    root.mkdir(parents=True)
    for name in (".chainlit", "chainlit.md", "app.py", "public"):
        (root / name).symlink_to(ROOT / name)
    port = free_port()
    log = (data_dir / "chainlit.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "chainlit", "run", str(root / "app.py"), "--headless",
         "--host", "127.0.0.1", "--port", str(port)],
        cwd=root, env=os.environ | env | {"PYTHONPATH": str(ROOT)}, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            with suppress(httpx.HTTPError):
                if httpx.get(url, timeout=2).status_code == 200:
                    break
            time.sleep(0.3)
        else:
            raise SystemExit((data_dir / "chainlit.log").read_text())
        yield url, psutil.Process(process.pid)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def stellarium(kind: str) -> Iterator[str]:
    if kind == "real":
        if not stellarium_available():
            raise SystemExit("No stellarium binary: use --stellarium fake.")
        with StellariumInstance() as instance:
            yield instance.url
    else:
        with FakeStellarium() as fake:
            yield fake.url


async def measure(args: argparse.Namespace, url: str, process: psutil.Process) -> Run:
    run = Run()
    stop = asyncio.Event()
    watcher = asyncio.create_task(watch(process, url, run, stop))
    everyone = [CITIES[n % len(CITIES)] for n in range(args.users)]
    stay: list[User] = []
    if args.warm_up:  # one user, each kind once, not counted: what the first chats of a process load;
        # still connected while the others run, so the Stellarium bridge they share is not ended
        # with the last chat and started again by the next (an MCP server start: 1-2 s of CPU)
        await simulate(args.users, url, len(TURNS), 0.0, run, args.user_prefix, args.password,
                       [], warm_up=True, stay=stay)
    started, cpu_before = time.perf_counter(), tree_cpu_s(process)
    per_turn = (lambda: tree_cpu_s(process)) if args.users == 1 else None  # serial: one turn's own
    await asyncio.gather(*(simulate(n, url, args.turns, args.think, run, args.user_prefix,
                                    args.password, everyone, cpu=per_turn) for n in range(args.users)))
    run.cpu_s, run.wall_s = tree_cpu_s(process) - cpu_before, time.perf_counter() - started
    run.rss_mb.append((time.perf_counter() - started, tree_rss_mb(process)))
    for user in stay:
        with suppress(Exception):
            await user.sio.disconnect()
    stop.set()
    await watcher
    return run


def quantile(values: list[float], q: float) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1]


def report(run: Run, args: argparse.Namespace, load_before: tuple[float, ...]) -> dict:
    kinds = sorted({t.kind for t in run.turns})
    latency = {kind: [t.seconds for t in run.turns if t.kind == kind and t.error is None] for kind in kinds}
    every = [s for values in latency.values() for s in values]
    rss = [mb for _, mb in run.rss_mb]
    half = rss[len(rss) // 2:] or rss
    return {
        "users": args.users, "turns_per_user": args.turns, "think": args.think,
        "stellarium": args.stellarium, "login": args.login,
        "load_average_before": load_before, "load_average_after": os.getloadavg(),
        "latency_s": {kind: {"n": len(v), "p50": round(quantile(v, 0.5), 2), "p95": round(quantile(v, 0.95), 2)}
                      for kind, v in latency.items() if v},
        "all_p50_s": round(quantile(every, 0.5), 2) if every else None,
        "all_p95_s": round(quantile(every, 0.95), 2) if every else None,
        "errors": [f"user {t.user} {t.kind}: {t.error}" for t in run.turns if t.error],
        "leaks": run.leaks,
        "stellarium_busy_answers": run.busy,
        "rss_mb": {"peak": round(max(rss)), "second_half_min": round(min(half)), "second_half_max": round(max(half)),
                   "end": round(rss[-1])},
        "health_max_s": round(run.health_max_s, 2),
        "cpu": {"per_turn_s": round(run.cpu_s / max(1, len(run.turns)), 3),
                "turns_per_s": round(len(run.turns) / run.wall_s, 2) if run.wall_s else None,
                "cores_busy": round(run.cpu_s / run.wall_s, 2) if run.wall_s else None,
                "per_kind_s": {kind: round(statistics.median(t.cpu_s for t in run.turns if t.kind == kind
                                                             and t.cpu_s is not None), 3)
                               for kind in kinds if any(t.kind == kind and t.cpu_s is not None
                                                        for t in run.turns)}},
    }


def table_row(figures: dict) -> str:
    """The figures as a row of the table in docs/benchmarks.md ("Many users at once")."""
    def pair(kind: str) -> str:
        value = figures["latency_s"].get(kind)
        return f"{value['p50']:.2f} / {value['p95']:.2f} s" if value else "–"

    rss = figures["rss_mb"]
    before, after = figures["load_average_before"][0], figures["load_average_after"][0]
    cells = [str(figures["users"]), f"{before:.1f} ({after:.1f} at the end)",
             *(pair(kind) for kind in ("planning", "stellarium", "knowledge", "image")),
             f"{figures['all_p50_s']:.2f} / {figures['all_p95_s']:.2f} s", str(len(figures["errors"])),
             str(len(figures["leaks"])), str(figures["stellarium_busy_answers"]),
             f"{rss['peak']} MB ({rss['second_half_min']}–{rss['second_half_max']})",
             f"{figures['health_max_s']:.2f} s", f"{figures['cpu']['per_turn_s']:.2f} s",
             f"{figures['cpu']['turns_per_s']:.1f}", f"{figures['think']:g}"]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=5)
    parser.add_argument("--turns", type=int, default=8, help="turns per user (the four kinds in turn)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean pause between a user's turns, s (drawn from 0.5–1.5 times it)")
    parser.add_argument("--stellarium", choices=("fake", "real"), default="fake")
    parser.add_argument("--index", type=Path, default=os.environ.get("SINGULARITY_TEST_KNOWLEDGE_INDEX"),
                        help="a built knowledge index (Qdrant local folder) to copy")
    parser.add_argument("--user-prefix", default="load-user-")
    parser.add_argument("--password", default=os.environ.get("LOAD_PASSWORD"))
    parser.add_argument("--login", action="store_true",
                        help="password login on, with the simulated users added to the app's users file")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--no-warm-up", dest="warm_up", action="store_false",
                        help="count the first turns of the fresh process too")
    args = parser.parse_args()
    if args.index is None:
        raise SystemExit("Give --index (a built knowledge index) or set SINGULARITY_TEST_KNOWLEDGE_INDEX.")

    data_dir = Path(tempfile.mkdtemp(prefix="singularity-load-"))
    try:
        settings = make_settings(data_dir / "data")
        ensure_index(settings)  # the gazetteer, built before the clock starts
        if args.login:
            args.password = args.password or "load-test-password"
            accounts = AccountFile.from_settings(settings)
            for number in range(args.users + 1):  # and the warm-up user
                accounts.add(f"{args.user_prefix}{number}", args.password)
        with_knowledge(settings, args.index)
        with running_server() as weather, stellarium(args.stellarium) as stellarium_url:
            clear_forecast(weather)
            env = offline_env(settings, weather.url) | {
                "SINGULARITY__GEOCODING__ONLINE": "true",  # Nominatim as configured (unreachable here)
                "SINGULARITY__STELLARIUM__URL": stellarium_url,
                "PHOENIX_TELEMETRY_ENABLED": "false",
            } | ({"SINGULARITY__USERS__LOGIN": "password"} if args.login else {})
            with app(env, data_dir) as (url, process):
                load_before = os.getloadavg()
                run = asyncio.run(measure(args, url, process))
        figures = report(run, args, load_before)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    text = json.dumps(figures, indent=2, ensure_ascii=False)
    print(text)
    print(table_row(figures))
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
