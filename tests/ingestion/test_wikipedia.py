"""The Wikipedia adapter against a fake MediaWiki API replaying recorded TextExtracts answers."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from ingestion.fetch import NotCached, source_cache_dir
from ingestion.wikipedia import extract_to_markdown, load_article_list, load_wikipedia_documents
from singularity.config import PROJECT_ROOT, Settings
from singularity.errors import ConfigError, ServiceError
from tests.fakes.server import FakeServer, Request, Response
from tests.ingestion.recorded import (
    WIKIPEDIA,
    recorded,
    serve_wikipedia,
    wikipedia_answer,
    with_sources,
)


@pytest.fixture
def wikipedia(settings: Settings, fake_server: FakeServer) -> Settings:
    serve_wikipedia(fake_server)
    return with_sources(settings, fake_server.url)


def test_live_run_follows_batches_redirects_and_continuation(
    wikipedia: Settings, fake_server: FakeServer, caplog: pytest.LogCaptureFixture
) -> None:
    steps: list[tuple[str, int, int]] = []
    with caplog.at_level(logging.WARNING, logger="singularity.ingestion"):
        documents = load_wikipedia_documents(wikipedia, live=True, batch_size=2,
                                             progress=lambda *step: steps.append(step))
    assert [d.title for d in documents] == ["Andromeda Galaxy", "Crab Nebula", "Halley's Comet"]
    assert "Wikipedia has no article 'Xyzzy Nebula' (skipped)" in caplog.text
    assert steps == [("Wikipedia articles", 2, 4), ("Wikipedia articles", 4, 4)]
    andromeda = documents[0]
    assert andromeda.id == "wikipedia-andromeda-galaxy"
    assert andromeda.url == f"{fake_server.url}/wiki/Andromeda_Galaxy"
    assert documents[2].url == f"{fake_server.url}/wiki/Halley%27s_Comet"
    assert (andromeda.section, andromeda.license) == ("Wikipedia / Galaxies and nebulae", "CC BY-SA 4.0, Wikipedia")
    assert andromeda.sources[0].title == "Wikipedia: Andromeda Galaxy"
    assert andromeda.text.startswith("The Andromeda Galaxy is a barred spiral galaxy")
    assert "\n\n## Observation history: Island universe\n\n" in andromeda.text
    assert "distance modulus  once the Cepheids" in andromeda.text  # the TeX fallback is gone
    assert "See also" not in andromeda.text and "Local Group" not in andromeda.text
    assert "## Notes" not in documents[1].text and "A book about" not in documents[1].text
    assert [r.arg("excontinue") for r in fake_server.requests] == [None, "1", None]
    first = fake_server.requests[0]
    assert first.query == {
        "action": ["query"], "format": ["json"], "formatversion": ["2"], "prop": ["extracts"],
        "explaintext": ["1"], "exsectionformat": ["wiki"], "exlimit": ["1"], "redirects": ["1"],
        "maxlag": ["5"], "titles": ["Andromeda galaxy|Crab Nebula"],
    }
    assert fake_server.requests[1].arg("continue") == "||"
    assert first.headers["user-agent"] == wikipedia.geocoding.user_agent


def test_a_rerun_without_live_reads_only_the_cache(wikipedia: Settings, fake_server: FakeServer) -> None:
    fetched = load_wikipedia_documents(wikipedia, live=True, batch_size=2)
    asked = len(fake_server.requests)
    assert load_wikipedia_documents(wikipedia) == fetched
    assert len(fake_server.requests) == asked  # the missing article is cached as missing, too


def test_without_live_an_empty_cache_names_the_live_option(wikipedia: Settings, fake_server: FakeServer) -> None:
    with pytest.raises(NotCached) as missing:
        load_wikipedia_documents(wikipedia)
    assert str(missing.value) == (
        f"4 of 4 Wikipedia articles (first: 'Andromeda galaxy') are not cached in "
        f"{source_cache_dir(wikipedia, 'wikipedia')}; run `singularity ingest --source wikipedia --live` "
        "once with network access to fetch them.")
    assert fake_server.requests == []


def test_a_lagged_server_is_asked_again_after_retry_after(wikipedia: Settings, fake_server: FakeServer) -> None:
    lagged = iter([True])

    def answer(request: Request) -> Response:
        if next(lagged, False):
            return Response(200, recorded(WIKIPEDIA / "error-maxlag.json"),
                            headers={"Retry-After": "0", "X-Database-Lag": "6"})
        return wikipedia_answer(request)

    fake_server.route("GET", "/w/api.php", answer)
    assert len(load_wikipedia_documents(wikipedia, live=True, batch_size=2)) == 3
    assert len(fake_server.requests) == 4


def test_a_server_that_stays_lagged_fails_and_caches_nothing(wikipedia: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/w/api.php", Response(200, recorded(WIKIPEDIA / "error-maxlag.json"),
                                                    headers={"Retry-After": "0"}))
    with pytest.raises(ServiceError) as failed:
        load_wikipedia_documents(wikipedia, live=True, batch_size=2)
    assert str(failed.value) == (
        f"The Wikipedia API at {wikipedia.knowledge.wikipedia_api_url} stayed too busy (maxlag: Waiting for "
        "10.64.48.35: 6.2 seconds lagged.) after 3 retries; try again later.")
    assert len(fake_server.requests) == 4
    assert not source_cache_dir(wikipedia, "wikipedia").exists()


def test_an_api_error_names_its_code(wikipedia: Settings, fake_server: FakeServer) -> None:
    with pytest.raises(ServiceError, match=r"answered with the error 'toomanyvalues' \(Too many values supplied"):
        load_wikipedia_documents(wikipedia, live=True, batch_size=4)


@pytest.mark.parametrize(("answer", "expected"), [
    (Response(200, "<html>Wikimedia Error</html>"), "with something that is not JSON"),
    (Response(200, {"batchcomplete": True, "query": {"pages": {"2101": {"title": "Andromeda Galaxy"}}}}),
     "answered JSON of an unexpected shape"),
    (Response(429, "Too many requests"), 'answered HTTP 429 "Too many requests"; try again later.'),
])
def test_garbage_is_one_sentence_and_writes_nothing(
    wikipedia: Settings, fake_server: FakeServer, answer: Response, expected: str
) -> None:
    fake_server.route("GET", "/w/api.php", answer)
    with pytest.raises(ServiceError, match=f"^The Wikipedia API at .*{expected}"):
        load_wikipedia_documents(wikipedia, live=True, batch_size=2)
    assert not source_cache_dir(wikipedia, "wikipedia").exists()


def test_extracts_become_markdown_sections() -> None:
    extract = ("Lead text.\n\n\n== History ==\nEarly.\n\n\n=== Modern era ===\nNow {\\displaystyle x^{2}} here."
               "\n\n\n==== Detail ====\nFine.\n\n\n== References ==\nA ref.\n\n\n== Legacy ==\nLater.")
    assert extract_to_markdown(extract) == (
        "Lead text.\n\n## History\n\nEarly.\n\n## History: Modern era\n\nNow  here.\n\n"
        "## History: Modern era: Detail\n\nFine.\n\n## Legacy\n\nLater.")


def test_the_curated_list_holds_real_astronomy_titles() -> None:
    articles = load_article_list(PROJECT_ROOT / "ingestion" / "wikipedia_articles.yaml")
    titles = [article.title for article in articles]
    assert 60 <= len(titles) <= 100 and len(set(titles)) == len(titles)
    assert {"Andromeda Galaxy", "Crab Nebula", "Hertzsprung–Russell diagram", "Light pollution"} <= set(titles)


@pytest.mark.parametrize("content", ["articles: [Sun, Moon]\n", "other: {}\n", "articles:\n  Stars: [Sun, 3]\n", ": :\n"])
def test_a_malformed_list_is_a_config_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "articles.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=f"The Wikipedia article list {path}"):
        load_article_list(path)
