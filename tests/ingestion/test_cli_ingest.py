"""`singularity ingest` and the first-start build of `singularity app`, through the real CLI.

Embeddings come from a fake OpenAI-compatible ``/v1/embeddings`` endpoint (hashed bag of
words), OpenStax and Wikipedia from the recorded fakes; the bundled corpus is a sample.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Iterator
from typing import Any, Self

import pytest
from qdrant_client import QdrantClient
from typer.testing import CliRunner, Result

from ingestion import pipeline, wikipedia
from singularity.cli import app
from singularity.config import Settings, get_settings
from singularity.knowledge.store import qdrant_location
from tests.fakes.server import FakeServer, Request, Response
from tests.ingestion.recorded import WIKIPEDIA, serve_openstax, serve_wikipedia
from tests.ingestion.test_index import HashedBagOfWords
from tests.ingestion.test_pipeline import SAMPLE
from tests.support import offline_env

Run = Callable[..., Result]


def _embeddings(request: Request) -> Response:
    body = json.loads(request.body)
    rows = HashedBagOfWords().embed_documents(body["input"])
    return Response(200, {"object": "list", "model": body["model"],
                          "data": [{"object": "embedding", "index": i, "embedding": row.tolist()}
                                   for i, row in enumerate(rows)],
                          "usage": {"prompt_tokens": 0, "total_tokens": 0}})


@pytest.fixture
def cli(settings: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Run]:
    serve_openstax(fake_server)
    serve_wikipedia(fake_server)
    fake_server.route("POST", "/v1/embeddings", _embeddings)
    environment = offline_env(settings, fake_server.url) | {
        "SINGULARITY__KNOWLEDGE__EMBEDDING_URL": f"{fake_server.url}/v1",
        "SINGULARITY__KNOWLEDGE__OPENSTAX_URL": fake_server.url,
        "SINGULARITY__KNOWLEDGE__WIKIPEDIA_API_URL": f"{fake_server.url}/w/api.php",
        "SINGULARITY__KNOWLEDGE__WIKIPEDIA_ARTICLES_FILE": str(WIKIPEDIA / "articles.yaml"),
        "SINGULARITY__KNOWLEDGE__TIMEOUT_S": "2",
    }
    for key, value in environment.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(pipeline, "load_bundled_documents", lambda: list(SAMPLE))
    monkeypatch.setattr(wikipedia, "TITLES_PER_REQUEST", 2)
    get_settings.cache_clear()
    runner = CliRunner()
    yield lambda *args: runner.invoke(app, list(args))
    get_settings.cache_clear()


def _embedding_calls(server: FakeServer) -> int:
    return sum(request.path == "/v1/embeddings" for request in server.requests)


def _points() -> int:
    settings = get_settings()
    client = QdrantClient(path=qdrant_location(settings))  # opens only if the CLI released the folder
    try:
        if not client.collection_exists(settings.knowledge.collection):
            return 0
        return client.count(settings.knowledge.collection, exact=True).count
    finally:
        client.close()


def test_ingest_indexes_the_bundled_corpus_and_prints_the_summary(cli: Run, fake_server: FakeServer) -> None:
    result = cli("ingest")
    assert result.exit_code == 0, result.output
    assert f"Indexed {len(SAMPLE)} documents (bundled {len(SAMPLE)}) as " in result.output
    assert "vectors/s" in result.output and f"Knowledge base: {qdrant_location(get_settings())}" in result.output
    assert _embedding_calls(fake_server) > 0
    chunks = _points()
    assert cli("ingest").exit_code == 0
    assert _points() == chunks  # updated, not duplicated


def test_live_sources_are_fetched_once_and_then_rebuilt_from_the_cache(cli: Run, fake_server: FakeServer) -> None:
    fetched = cli("ingest", "--source", "openstax", "--source", "wikipedia", "--live")
    assert fetched.exit_code == 0, fetched.output
    assert "(openstax 5, wikipedia 3)" in fetched.output
    asked = [r.path for r in fake_server.requests if r.path != "/v1/embeddings"]
    rerun = cli("ingest")
    assert rerun.exit_code == 0, rerun.output
    assert f"(bundled {len(SAMPLE)}, openstax 5, wikipedia 3)" in rerun.output
    assert [r.path for r in fake_server.requests if r.path != "/v1/embeddings"] == asked
    rebuilt = cli("ingest", "--source", "bundled", "--rebuild")
    assert rebuilt.exit_code == 0, rebuilt.output
    assert f"(bundled {len(SAMPLE)})" in rebuilt.output


def test_a_live_source_without_cache_asks_for_live(cli: Run, fake_server: FakeServer) -> None:
    result = cli("ingest", "--source", "wikipedia")
    assert result.exit_code == 1
    assert "Error: 4 of 4 Wikipedia articles (first: 'Andromeda galaxy') are not cached" in result.output
    assert "`singularity ingest --source wikipedia --live`" in result.output
    assert fake_server.requests == []


def test_an_unknown_source_is_bad_input(cli: Run) -> None:
    result = cli("ingest", "--source", "arxiv")
    assert result.exit_code == 2
    assert "Error: --source must be one of bundled, openstax, wikipedia, not 'arxiv'." in result.output


def test_a_failing_embedder_fails_the_run_with_its_sentence(cli: Run, fake_server: FakeServer) -> None:
    fake_server.route("POST", "/v1/embeddings", Response(503, {"error": {"message": "model unloaded"}}))
    result = cli("ingest")
    assert result.exit_code == 1
    assert (f'Error: The embeddings endpoint {fake_server.url}/v1/embeddings answered HTTP 503; '
            'check the model name') in result.output
    assert '"model unloaded"' in result.output  # the server's own words, as the technical detail


class FakeChainlit:
    """Stands in for the Chainlit process: records its command, and which Qdrant it could open."""

    started: list[list[str]] = []  # noqa: RUF012 (one list per test, reset by the fixture)
    points_seen: list[int] = []  # noqa: RUF012

    def __init__(self, command: list[str], **_: Any) -> None:
        FakeChainlit.started.append(command)
        FakeChainlit.points_seen.append(_points())

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def wait(self) -> int:
        return 0


@pytest.fixture
def chainlit(monkeypatch: pytest.MonkeyPatch) -> type[FakeChainlit]:
    FakeChainlit.started, FakeChainlit.points_seen = [], []
    monkeypatch.setattr(subprocess, "Popen", FakeChainlit)
    return FakeChainlit


def test_the_app_builds_the_index_on_first_start_and_frees_it_for_chainlit(
    cli: Run, fake_server: FakeServer, chainlit: type[FakeChainlit]
) -> None:
    first = cli("app", "--no-phoenix", "--port", "8765")
    assert first.exit_code == 0, first.output
    assert "Knowledge base built in " in first.output
    assert f" s: {len(SAMPLE)} documents, " in first.output
    assert "chainlit" in chainlit.started[0] and chainlit.points_seen[0] > 0
    calls = _embedding_calls(fake_server)
    second = cli("app", "--no-phoenix", "--port", "8765")
    assert second.exit_code == 0, second.output
    assert "Knowledge base built" not in second.output and "Knowledge base ready in " in second.output
    assert _embedding_calls(fake_server) == calls  # an existing index embeds nothing
    assert chainlit.points_seen[1] == chainlit.points_seen[0]


def test_the_app_still_starts_when_the_index_cannot_be_built(
    cli: Run, fake_server: FakeServer, chainlit: type[FakeChainlit]
) -> None:
    fake_server.route("POST", "/v1/embeddings", Response(503, {"error": {"message": "model unloaded"}}))
    result = cli("app", "--no-phoenix", "--port", "8765")
    assert result.exit_code == 0, result.output
    assert "Warning: the knowledge base is not ready: The embeddings endpoint" in result.output
    assert "Run `singularity ingest` to retry." in result.output
    assert len(chainlit.started) == 1
