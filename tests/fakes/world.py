"""Every outside service of a turn answered by local fakes, and any one of them broken.

:class:`World` runs one fake server answering the web services well (Open-Meteo,
OpenWeatherMap, Nominatim, Brave, Commons, NASA, SIMBAD), a fake Stellarium, and a second
server whose every answer is the fault under test. :meth:`World.environment` is what
``singularity ask`` needs to meet that world: all services healthy except ``dependency``,
which suffers ``fault``. Used by the fault matrix (tests/test_fault_matrix.py,
bench/fault_matrix.py) and the canary scan for secrets (tests/test_secrets.py).
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from singularity.config import Settings
from singularity.masking import SECRET_VARIABLES
from tests.fakes.server import FakeServer, Response
from tests.fakes.stellarium import FakeStellarium
from tests.knowledge.fallback_support import recorded
from tests.planning.weather_payloads import open_meteo_payload, owm_forecast5_payload
from tests.support import offline_env
from tests.workflow.conftest import ARTICLE_EXAMPLE

TIMEOUT_S = 1.0
"""Every web client's timeout in this world."""
STELLARIUM_TIMEOUT_S = 3.0
"""Stellarium's: a turn there makes several requests, each of which a loaded two-core machine
sometimes answers in more than a second even when nothing is broken."""
HANG_S = 60.0
"""How long a hanging service keeps silent: far beyond every timeout, so a turn that is not
over long before this has a client without a timeout."""
NOW = "2026-11-30T22:00+01:00"
SIMBAD_FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "simbad"
START = datetime(2026, 11, 30, tzinfo=UTC)


class Fault(StrEnum):
    REFUSED = "refused"
    HANG = "hang"
    HTTP_500 = "HTTP 500"
    MALFORMED = "malformed"


FAULT_ANSWERS = {
    Fault.HANG: Response(200, b"{}", {"Content-Type": "application/json"}, delay_s=HANG_S),
    Fault.HTTP_500: Response(500, {"error": {"message": "internal error", "code": 500}}),
    Fault.MALFORMED: Response(200, "<!doctype html><html><body>Maintenance</body></html>",
                              {"Content-Type": "text/html; charset=utf-8"}),
}
"""What the broken server answers to every request (a refused connection has no server)."""


@dataclass(frozen=True)
class Dependency:
    """One outside service: how a turn reaches it, and how to point it at a given address."""

    name: str
    question: str
    point_at: Callable[[str], dict[str, str]]
    """Environment that sends this service's requests to a base URL."""
    said: str = ""
    """What the user must read exactly once: the sentence about the failure (German), or,
    where another source stands in silently, the answer it made possible."""
    exit_code: int = 0
    """A failing service is a failed step (0); only a failing model fails the turn (1)."""


def _llm(url: str) -> dict[str, str]:
    return {"SINGULARITY__LLM__PROVIDER": "openai_like", "SINGULARITY__LLM__OPENAI_LIKE_URL": f"{url}/v1",
            "SINGULARITY__LLM__TIMEOUT_S": f"{TIMEOUT_S:g}", "SINGULARITY__LLM__MAX_RETRIES": "0",
            "OPENAI_LIKE_API_KEY": "test-llm-key"}


DEPENDENCIES = (
    Dependency("LLM provider", "Wie warm ist es auf dem Mars?", _llm, "http://127.0.0.1:",
               exit_code=1),
    Dependency("embeddings endpoint", "Wie heiß ist die Oberfläche der Venus?",
               lambda url: {"SINGULARITY__KNOWLEDGE__EMBEDDING_URL": f"{url}/v1"},
               "Der Embedding-Dienst"),
    Dependency("Qdrant server", "Wie heiß ist die Oberfläche der Venus?",
               lambda url: {"SINGULARITY__KNOWLEDGE__QDRANT_URL": url}, "Der Qdrant-Server"),
    Dependency("Nominatim", ARTICLE_EXAMPLE,
               lambda url: {"SINGULARITY__GEOCODING__ONLINE": "true",
                            "SINGULARITY__GEOCODING__NOMINATIM_URL": url},
               "Dein Beobachtungsplan für Kreuzlingen"),
    Dependency("Open-Meteo", ARTICLE_EXAMPLE,
               lambda url: {"SINGULARITY__WEATHER__OPEN_METEO_URL": url},
               "Der Wetterdienst (Open-Meteo)"),
    Dependency("OpenWeatherMap", ARTICLE_EXAMPLE,
               lambda url: {"SINGULARITY__WEATHER__PROVIDER": "openweathermap",
                            "SINGULARITY__WEATHER__OPENWEATHERMAP_URL": url,
                            "OPENWEATHERMAP_API_KEY": "test-owm-key"},
               "Der Wetterdienst (OpenWeatherMap)"),
    Dependency("Brave Search", "Was hat das James-Webb-Teleskop im November 2026 entdeckt?",
               lambda url: {"SINGULARITY__KNOWLEDGE__BRAVE_URL": url, "BRAVE_API_KEY": "test-brave-key"},
               "Brave Search"),
    Dependency("Wikimedia Commons", "Zeig mir Bilder vom Orionnebel",
               lambda url: {"SINGULARITY__KNOWLEDGE__COMMONS_API_URL": f"{url}/w/api.php"},
               "Wikimedia Commons"),
    Dependency("NASA Images", "Zeig mir Bilder vom Orionnebel",
               lambda url: {"SINGULARITY__KNOWLEDGE__NASA_IMAGES_URL": url},
               "NASA Image and Video Library"),
    Dependency("SIMBAD", "Öffne Vega in Stellarium",
               lambda url: {"SINGULARITY__STELLARIUM__SIMBAD_ONLINE": "true",
                            "SINGULARITY__STELLARIUM__SIMBAD_URL": f"{url}/simbad/sim-tap"},
               "SIMBAD"),
    Dependency("Stellarium", "Zeig mir M42 in Stellarium",
               lambda url: {"SINGULARITY__STELLARIUM__URL": url},
               ": Stellarium"),  # "Nicht erledigt" when nothing reached it, else "… Ergebnis unbekannt"
    Dependency("Phoenix", "Hallo",
               lambda url: {"SINGULARITY__TRACING__ENABLED": "true",
                            "SINGULARITY__TRACING__COLLECTOR_ENDPOINT": url},
               "Hallo! Ich bin Singularity"),
)


def closed_port_url() -> str:
    """A loopback URL nothing listens on: connections are refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


class World:
    """The healthy services, the broken one, and the environment that joins them."""

    def __init__(self) -> None:
        self.healthy = FakeServer()
        self.broken = FakeServer()
        self.stellarium = FakeStellarium()
        self.healthy.start()
        self.broken.start()
        self._serve_healthy()

    def stop(self) -> None:
        for server in (self.healthy, self.broken, self.stellarium):
            server.stop()

    def _serve_healthy(self) -> None:
        route = self.healthy.route
        route("GET", "/v1/forecast", Response(200, open_meteo_payload(START, 16 * 24)))
        route("GET", "/data/2.5/forecast", Response(200, owm_forecast5_payload(START)))
        route("GET", "/nominatim/search", Response(200, []))
        route("GET", "/res/v1/web/search", Response(200, recorded("brave_web_search")))
        route("GET", "/w/api.php", Response(200, recorded("commons_search")))
        route("GET", "/nasa/search", Response(200, recorded("nasa_search")))
        route("POST", "/simbad/sim-tap/sync",
              Response(200, (SIMBAD_FIXTURES / "vega.json").read_bytes()))

    def environment(self, settings: Settings, dependency: Dependency | None = None,
                    fault: Fault | None = None) -> dict[str, str]:
        """Environment for ``singularity ask``: every service healthy, except ``dependency``
        suffering ``fault``; short timeouts everywhere."""
        url = self.healthy.url
        environment = offline_env(settings, url) | {
            "SINGULARITY__WEATHER__TIMEOUT_S": f"{TIMEOUT_S:g}",
            "SINGULARITY__WEATHER__OPENWEATHERMAP_URL": url,
            "SINGULARITY__GEOCODING__NOMINATIM_URL": f"{url}/nominatim",
            "SINGULARITY__GEOCODING__TIMEOUT_S": f"{TIMEOUT_S:g}",
            "SINGULARITY__GEOCODING__MIN_INTERVAL_S": "0",
            "SINGULARITY__KNOWLEDGE__TIMEOUT_S": f"{TIMEOUT_S:g}",
            "SINGULARITY__KNOWLEDGE__BRAVE_URL": url,
            "SINGULARITY__KNOWLEDGE__COMMONS_API_URL": f"{url}/w/api.php",
            "SINGULARITY__KNOWLEDGE__NASA_IMAGES_URL": f"{url}/nasa",
            "SINGULARITY__STELLARIUM__URL": self.stellarium.url,
            "SINGULARITY__STELLARIUM__TIMEOUT_S": f"{STELLARIUM_TIMEOUT_S:g}",
            "SINGULARITY__STELLARIUM__SIMBAD_ONLINE": "false",
            "SINGULARITY__STELLARIUM__SIMBAD_URL": f"{url}/simbad/sim-tap",
        }
        if dependency is None or fault is None:
            return environment
        if fault is Fault.REFUSED:
            target = closed_port_url()
        else:
            self.broken.fallback = FAULT_ANSWERS[fault]
            target = self.broken.url
        return environment | dependency.point_at(target)


@dataclass(frozen=True)
class Outcome:
    """One ``singularity ask`` in the world: exit code, wall time and the JSON record."""

    exit_code: int
    seconds: float
    record: dict[str, Any] | None
    output: str

    @property
    def answer(self) -> str:
        return str((self.record or {}).get("answer") or "")


_CLEARED_PREFIXES = ("SINGULARITY__", "PHOENIX_")


@contextmanager
def environment_of(values: dict[str, str]) -> Iterator[None]:
    """``os.environ`` holding exactly the project's settings and secrets in ``values`` (others
    from the shell removed), restored afterwards; settings are re-read on both sides."""
    from singularity.config import get_settings

    saved = dict(os.environ)
    for name in list(os.environ):
        if name.startswith(_CLEARED_PREFIXES) or name in SECRET_VARIABLES:
            del os.environ[name]
    os.environ.update(values)
    get_settings.cache_clear()
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
        get_settings.cache_clear()


@contextmanager
def stellarium_in_process() -> Iterator[None]:
    """The Stellarium MCP server in this process (fastmcp's in-memory transport), not as a
    child process, so that one process holds every log line and span of a turn."""
    from fastmcp import Client

    from singularity.stellarium import bridge
    from singularity.stellarium.server import build_server

    original = bridge.stdio_client
    bridge.stdio_client = lambda settings: Client(build_server(settings))
    try:
        yield
    finally:
        bridge.stdio_client = original


def ask(environment: dict[str, str], message: str, session: Path, *,
        verbose: bool = False, keep_local_knowledge: bool = False) -> Outcome:
    """``singularity ask --json`` in this process, continuing the conversation in ``session``
    (``verbose``: with debug logging). Afterwards the knowledge base's client is closed, as at
    the end of a process, so the next turn opens it anew (0.2–0.4 s of CPU for the local
    folder); ``keep_local_knowledge`` keeps a local folder's open for the next turn (a server's
    client is closed all the same), where opening it is not what is tested."""
    from typer.testing import CliRunner

    from singularity.cli import app
    from singularity.config import get_settings
    from singularity.knowledge.store import close_qdrant

    with environment_of(environment):
        started = time.perf_counter()
        options = ["--verbose"] if verbose else []
        result = CliRunner().invoke(app, [*options, "ask", message, "--json", "--session",
                                          str(session), "--now", NOW])
        seconds = time.perf_counter() - started
        settings = get_settings()
        if not keep_local_knowledge or settings.knowledge.qdrant_url:
            close_qdrant(settings)
    try:
        record = json.loads(result.stdout)
    except ValueError:
        record = None
    return Outcome(result.exit_code, seconds, record, result.output)
