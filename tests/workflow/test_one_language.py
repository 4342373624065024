"""One conversation, one language (docs/architecture.md, "Language"): every line composed by code — honesty
reports, confirmations, tool failures, questions, step names, source lists — is said in the
conversation's language, and no raw exception text reaches an answer.

A German and an English conversation run through planning, knowledge, images and Stellarium
with the offline pilot while every outside service is down (nothing listens on the ports),
and each answer and step name is scanned for the other language's words. Knowledge answers
quote English sources by design (docs/decisions.md D17): a line that ends in a citation marker
is a quotation, and the source list names titles as they are; both are left out of the scan.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from singularity.config import Settings
from singularity.knowledge.store import close_qdrant
from singularity.planning.constellations import CONSTELLATIONS
from singularity.workflow.runner import Session, TurnEvent, TurnRecord, run_turn
from tests.stellarium.agent_support import in_memory_mcp
from tests.support import with_knowledge
from tests.workflow.conftest import NOW

GERMAN = [
    "Zeig mir M42 in Stellarium",                          # Stellarium down, no plan yet
    "Plane mir morgen Abend mit einem 10-Zoll-Dobson",      # asks for the place
    "Kreuzlingen",                                          # a neutral answer keeps German
    "Öffne das erste Ziel in Stellarium",                   # Stellarium down, from the plan
    "Plane am 1.11.2026 um 21 Uhr",                         # refused: in the past
    "Wie wird das Wetter?",                                 # weather service down
    "Was ist der Orionnebel?",                              # knowledge
    "Zeig mir ein Bild davon",                              # both image services down
    "Was hat das James-Webb-Teleskop im November 2026 entdeckt?",  # no web search key
]
ENGLISH = [
    "Show me M42 in Stellarium",
    "Plan tomorrow evening with a 10-inch Dobsonian",
    "Kreuzlingen",
    "Open the first target in Stellarium",
    "Plan for 1 November 2026 at 21:00",
    "How is the weather going to be?",
    "What is the Orion Nebula?",
    "Show me a picture of it",
    "What did the James Webb Space Telescope discover in November 2026?",
]
ENGLISH_MARKERS = (
    "Done:", "Failed", "Not done", "Partly done", "Note:", "Assuming", "could not", "cannot",
    "not reachable", "the weather", "weather service", "No image source", "is below the horizon",
    "in the past", "please", "Please", "Which ", "I need", "I noted", "I found", "Routing",
    "Searching", "Looking", "Checking", "Resolving", "Reading", "Computing", "Opening",
    "Sources**", "local copy", "knowledge base", "retrieved", "based on", "check the",
    "Galaxy)", "Nebula)", "Cluster)", "partly done", "done",
)
GERMAN_MARKERS = (
    "Erledigt", "Fehlgeschlagen", "Nicht erledigt", "Teilweise", "Hinweis", "Ich nehme",
    "nicht erreichbar", "Wetter", "Keine Bildquelle", "Horizont", "Vergangenheit", "Welche",
    "brauche", "Weiterleitung", "Suche", "Prüfen", "prüfe", "Quellen", "lokale Kopie",
    "Wissensbasis", "abgerufen", "beruht auf", " und ", " ist ", " nicht ", " der ", " die ",
    "galaxie)", "nebel)", "Haufen)", "Sternbild", "erledigt",
)
_CONSTELLATION_CODE = re.compile(r"\b(?:in|Sternbild) (?:{})\b".format(
    "|".join(code for code, (name, _, _) in CONSTELLATIONS.items() if code != name)))
"""A constellation said by its IAU code ("im Sternbild Per", "in Cyg") instead of its name."""
RAW = ("Errno", "Connection refused", "Traceback", "Exception", "httpx", "ConnectError")
_CITED = re.compile(r"\[\d+\]\W*$")


def _closed_port() -> str:
    """A loopback address where nothing listens (the port was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


@pytest.fixture
def offline_world(settings: Settings, knowledge_index: Path,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[Settings]:
    """The bundled knowledge base; weather, images, web search and Stellarium all down."""
    in_memory_mcp(monkeypatch)
    monkeypatch.delenv("BRAVE_API_KEY", raising=False)
    down = _closed_port()
    base = with_knowledge(settings, knowledge_index)
    yield base.model_copy(update={
        "weather": base.weather.model_copy(update={"open_meteo_url": down, "provider": "open_meteo"}),
        "knowledge": base.knowledge.model_copy(update={"commons_api_url": f"{down}/w/api.php",
                                                        "nasa_images_url": down}),
        "stellarium": base.stellarium.model_copy(update={"url": down, "simbad_online": False}),
    })
    close_qdrant(settings)


async def _conversation(settings: Settings, messages: list[str]) -> tuple[list[TurnRecord], list[str]]:
    """Every turn's record, and every step name and step sentence the UI and the command line
    would show (a failure's technical detail, below the sentence, is left out)."""
    session = Session.create(settings=settings)
    records: list[TurnRecord] = []
    steps: list[str] = []
    for message in messages:
        async for item in run_turn(session, message, now=NOW):
            if isinstance(item, TurnRecord):
                records.append(item)
            elif isinstance(item, TurnEvent) and item.kind in ("tool_call", "tool_result"):
                steps.append(item.text.split("\n\n")[0])
    return records, steps


def _composed_lines(answer: str) -> list[str]:
    """The answer's lines that code or the pilot composed: not quotations (they end in a
    citation marker) and not the source list (titles as the sources give them)."""
    body = re.split(r"\n\*\*(?:Quellen|Sources)\*\*\n", answer)[0]
    return [line for line in body.splitlines() if line.strip() and not _CITED.search(line)]


def _foreign(lines: list[str], markers: tuple[str, ...]) -> list[str]:
    return [line for line in lines if any(m in line for m in markers + RAW)]


async def test_a_german_conversation_hears_no_english_from_code(offline_world: Settings) -> None:
    records, steps = await _conversation(offline_world, GERMAN)
    assert {r.language for r in records} == {"de"}
    failures = [c.status for r in records for c in r.tool_calls]
    # the failing paths ran (Stellarium, unreachable, changed nothing: refused)
    assert failures.count("failed") >= 3 and failures.count("refused") >= 2
    assert any("Quellen" in r.answer for r in records)
    lines = [line for r in records for line in _composed_lines(r.answer)]
    assert _foreign(lines, ENGLISH_MARKERS) == []
    assert _foreign(steps, ENGLISH_MARKERS) == []
    assert [line for line in lines + steps if _CONSTELLATION_CODE.search(line)] == []
    assert any("im Sternbild " in line for line in lines)  # the plan's lines were scanned
    assert "Fehlgeschlagen: Keine Bildquelle hat geantwortet" in records[7].answer


async def test_an_english_conversation_hears_no_german_from_code(offline_world: Settings) -> None:
    records, steps = await _conversation(offline_world, ENGLISH)
    assert {r.language for r in records} == {"en"}
    failures = [c.status for r in records for c in r.tool_calls]
    assert failures.count("failed") >= 3 and failures.count("refused") >= 2
    lines = [line for r in records for line in _composed_lines(r.answer)]
    assert _foreign(lines, GERMAN_MARKERS) == []
    assert _foreign(steps, GERMAN_MARKERS) == []
    assert [line for line in lines + steps if _CONSTELLATION_CODE.search(line)] == []
    assert "Failed: No image source answered" in records[7].answer


async def test_the_detail_of_a_failure_stays_in_the_step(offline_world: Settings) -> None:
    """The raw text ("[Errno 111] Connection refused") is what an engineer needs: the step shows
    it under the sentence, the answer never does."""
    session = Session.create(settings=offline_world)
    outputs: list[str] = []
    async for item in run_turn(session, "Zeig mir Bilder vom Orionnebel", now=NOW):
        if isinstance(item, TurnEvent) and item.kind == "tool_result" and item.tool != "handoff":
            outputs.append(item.text)
        elif isinstance(item, TurnRecord):
            record = item
    assert outputs[0].startswith("Keine Bildquelle hat geantwortet: Wikimedia Commons ist nicht erreichbar")
    assert "Connection refused" in outputs[0]
    assert "Connection refused" not in record.answer and "Errno" not in record.answer
