"""Fake OpenStax and MediaWiki servers replaying recorded answers from tests/fixtures/ingestion."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from singularity.config import Settings
from tests.fakes.server import FakeServer, Request, Response

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ingestion"
OPENSTAX = FIXTURES / "openstax"
WIKIPEDIA = FIXTURES / "wikipedia"
BOOK_ID = "4c29f9e5-a53d-42c0-bdb5-091990527d79"
BOOK_VERSION = "d5b3b0c"
ARCHIVE = "/apps/archive/20250410.153829"
OPENSTAX_PAGES = 5
"""Chapter introductions and numbered sections in the recorded table of contents."""


def recorded(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def with_sources(settings: Settings, base_url: str) -> Settings:
    """``settings`` whose OpenStax and Wikipedia point at ``base_url`` (the test article list)."""
    knowledge = settings.knowledge.model_copy(update={
        "openstax_url": base_url, "wikipedia_api_url": f"{base_url}/w/api.php",
        "wikipedia_articles_file": WIKIPEDIA / "articles.yaml", "timeout_s": 2.0,
    })
    return settings.model_copy(update={"knowledge": knowledge})


def serve_openstax(server: FakeServer) -> None:
    """CMS, release manifest, table of contents and every page, as openstax.org serves them."""
    server.route("GET", "/apps/cms/api/v2/pages/", lambda request: Response(
        200, recorded(OPENSTAX / "cms-books-astronomy-2e.json") if request.arg("slug") == "astronomy-2e"
        else {"meta": {"total_count": 0}, "items": []}))
    server.route("GET", "/rex/release.json", Response(200, recorded(OPENSTAX / "release.json")))
    book = f"{BOOK_ID}@{BOOK_VERSION}"
    server.route("GET", f"{ARCHIVE}/contents/{book}.json", Response(200, recorded(OPENSTAX / f"{book}.json")))
    for page in sorted((OPENSTAX / "pages").glob("*.json")):
        server.route("GET", f"{ARCHIVE}/contents/{book}:{page.name}", Response(200, recorded(page)))


def page_path(page_id: str) -> str:
    return f"{ARCHIVE}/contents/{BOOK_ID}@{BOOK_VERSION}:{page_id}.json"


def wikipedia_answer(request: Request) -> Response:
    """The recorded MediaWiki answer for the batch (and continuation) ``request`` asks for."""
    titles = request.arg("titles")
    if titles == "Andromeda galaxy|Crab Nebula":
        name = "query-andromeda-crab-2.json" if request.arg("excontinue") == "1" else "query-andromeda-crab-1.json"
    elif titles == "Halley's Comet|Xyzzy Nebula":
        name = "query-halley-xyzzy.json"
    else:
        return Response(200, recorded(WIKIPEDIA / "error-toomanyvalues.json"))
    return Response(200, recorded(WIKIPEDIA / name))


def serve_wikipedia(server: FakeServer) -> None:
    server.route("GET", "/w/api.php", wikipedia_answer)
