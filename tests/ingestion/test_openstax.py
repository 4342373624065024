"""The OpenStax adapter against a fake openstax.org replaying recorded CMS, archive and page JSON."""

from __future__ import annotations

import socket
from datetime import UTC, datetime

import pytest

from ingestion.documents import Document
from ingestion.fetch import NotCached, source_cache_dir
from ingestion.html_text import toc_title
from ingestion.openstax import load_openstax_documents
from singularity.config import Settings
from singularity.errors import ServiceError
from tests.fakes.server import FakeServer, Response
from tests.ingestion.recorded import (
    ARCHIVE,
    BOOK_ID,
    BOOK_VERSION,
    OPENSTAX,
    OPENSTAX_PAGES,
    page_path,
    recorded,
    serve_openstax,
    with_sources,
)

IMPACT_CRATERS = "c1e5f0a2-7d3b-4f61-9e0a-5b8c2d4e6f77"


@pytest.fixture
def openstax(settings: Settings, fake_server: FakeServer) -> Settings:
    serve_openstax(fake_server)
    return with_sources(settings, fake_server.url)


def _by_id(documents: list[Document]) -> dict[str, Document]:
    return {document.id: document for document in documents}


def test_live_run_turns_chapter_sections_into_documents(openstax: Settings, fake_server: FakeServer) -> None:
    steps: list[tuple[str, int, int]] = []
    documents = load_openstax_documents(openstax, live=True, progress=lambda *step: steps.append(step))
    assert [d.id for d in documents] == [
        "openstax-astronomy-2e-2-introduction", "openstax-astronomy-2e-2-1-the-sky-above",
        "openstax-astronomy-2e-9-introduction", "openstax-astronomy-2e-9-1-general-properties-of-the-moon",
        "openstax-astronomy-2e-9-3-impact-craters",
    ]  # preface, key terms, summary, exercises, appendix and index are not prose sections
    assert steps[-1] == ("OpenStax pages", OPENSTAX_PAGES, OPENSTAX_PAGES)
    craters = _by_id(documents)["openstax-astronomy-2e-9-3-impact-craters"]
    assert craters.title == "Impact Craters"
    assert craters.section == "OpenStax Astronomy 2e / Chapter 9: Cratered Worlds / 9.3"
    assert craters.url == f"{fake_server.url}/books/astronomy-2e/pages/9-3-impact-craters"
    assert craters.license == "CC BY 4.0, OpenStax Astronomy 2e"
    assert craters.source == "openstax"
    assert craters.retrieved_at == datetime.now(UTC).date()
    assert craters.sources[0].title == "OpenStax Astronomy 2e, Chapter 9: Cratered Worlds, 9.3 Impact Craters"
    text = craters.text
    assert text.startswith("The Moon’s surface is covered with craters")
    assert "\n\n## Volcanic versus Impact Origin\n\n" in text and "## The Cratering Process" in text
    assert "kinetic energy E equals one half m v squared is released" in text  # formula's alttext
    for dropped in ("Learning Objectives", "Figure", "Glossary", "a circular depression", "Impact Craters\n"):
        assert dropped not in text
    intro = _by_id(documents)["openstax-astronomy-2e-9-introduction"]
    assert (intro.title, intro.section) == ("Cratered Worlds", "OpenStax Astronomy 2e / Chapter 9: Cratered Worlds")
    assert "credit" not in intro.text and intro.text.startswith("The Moon is the only other world")
    sky = _by_id(documents)["openstax-astronomy-2e-2-1-the-sky-above"]
    assert "Sirius | Canis Major | −1.46\nVega | Lyra | 0.03" in sky.text  # table rows
    assert "Link to Learning" not in sky.text and "precession" not in sky.text  # box and footnote
    assert "latitude phi, the celestial pole" in sky.text
    assert all(r.headers["user-agent"] == openstax.geocoding.user_agent for r in fake_server.requests)
    cms = fake_server.requests[0]
    assert (cms.path, cms.arg("type"), cms.arg("slug")) == ("/apps/cms/api/v2/pages/", "books.Book", "astronomy-2e")
    assert len(fake_server.requests) == 3 + OPENSTAX_PAGES


def test_a_rerun_without_live_rebuilds_from_the_cache_alone(openstax: Settings, fake_server: FakeServer) -> None:
    fetched = load_openstax_documents(openstax, live=True)
    asked = len(fake_server.requests)
    assert load_openstax_documents(openstax) == fetched
    assert len(fake_server.requests) == asked
    # with --live again, only what is missing is fetched
    (source_cache_dir(openstax, "openstax") / "pages" / f"{IMPACT_CRATERS}.json").unlink()
    assert load_openstax_documents(openstax, live=True) == fetched
    assert [r.path for r in fake_server.requests[asked:]] == [page_path(IMPACT_CRATERS)]


def test_without_live_an_empty_cache_names_the_live_option(openstax: Settings, fake_server: FakeServer) -> None:
    with pytest.raises(NotCached) as missing:
        load_openstax_documents(openstax)
    message = str(missing.value)
    assert message.startswith("No OpenStax answers are cached in ")
    assert "`singularity ingest --source openstax --live`" in message
    assert str(source_cache_dir(openstax, "openstax")) in message
    assert fake_server.requests == []


def test_without_live_missing_pages_are_counted(openstax: Settings) -> None:
    load_openstax_documents(openstax, live=True)
    (source_cache_dir(openstax, "openstax") / "pages" / f"{IMPACT_CRATERS}.json").unlink()
    with pytest.raises(NotCached, match=rf"^1 of {OPENSTAX_PAGES} OpenStax pages are not cached in .* --live`"):
        load_openstax_documents(openstax)


def test_an_unreachable_server_is_one_clear_sentence(settings: Settings) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    offline = with_sources(settings, closed)
    with pytest.raises(ServiceError) as failed:
        load_openstax_documents(offline, live=True)
    assert str(failed.value).startswith(f"OpenStax at {closed} could not be reached (")
    assert str(failed.value).endswith(f"check the network connection and that {closed} is the right address.")
    assert not source_cache_dir(offline, "openstax").exists()


@pytest.mark.parametrize(("answer", "expected"), [
    (Response(200, "<!DOCTYPE html><html><body>Maintenance</body></html>"), "with something that is not JSON"),
    (Response(200, {"content": None, "id": IMPACT_CRATERS}), "with JSON of an unexpected shape"),
    (Response(503, "upstream connect error"), 'answered HTTP 503 "upstream connect error"'),
])
def test_a_bad_page_fails_the_run_and_is_not_cached(
    openstax: Settings, fake_server: FakeServer, answer: Response, expected: str
) -> None:
    fake_server.route("GET", page_path(IMPACT_CRATERS), answer)
    with pytest.raises(ServiceError, match=expected) as failed:
        load_openstax_documents(openstax, live=True)
    assert str(failed.value).startswith("OpenStax ")
    cache = source_cache_dir(openstax, "openstax")
    assert not (cache / "pages" / f"{IMPACT_CRATERS}.json").exists()
    assert len(list((cache / "pages").glob("*.json"))) == OPENSTAX_PAGES - 1  # the good ones resume later
    assert not list(cache.rglob(".tmp-*"))


def test_a_release_without_the_book_is_a_shape_error(openstax: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/rex/release.json", Response(200, {"archiveUrl": "/apps/archive/1", "books": {}}))
    with pytest.raises(ServiceError, match=r"^OpenStax answered .*/rex/release.json with JSON of an unexpected shape"):
        load_openstax_documents(openstax, live=True)
    assert not (source_cache_dir(openstax, "openstax") / "release.json").exists()


def test_an_older_table_of_contents_without_toc_types_falls_back_to_slugs(
    openstax: Settings, fake_server: FakeServer
) -> None:
    book = recorded(OPENSTAX / f"{BOOK_ID}@{BOOK_VERSION}.json")

    def untyped(node: dict) -> dict:
        node = {key: value for key, value in node.items() if key not in ("toc_type", "toc_target_type")}
        if "contents" in node:
            node["contents"] = [untyped(child) for child in node["contents"]]
        return node

    book["tree"] = untyped(book["tree"])
    fake_server.route("GET", f"{ARCHIVE}/contents/{BOOK_ID}@{BOOK_VERSION}.json", Response(200, book))
    documents = load_openstax_documents(openstax, live=True)
    assert [d.id.removeprefix("openstax-astronomy-2e-") for d in documents] == [
        "2-introduction", "2-1-the-sky-above", "9-introduction", "9-1-general-properties-of-the-moon",
        "9-3-impact-craters"]
    assert documents[4].section == "OpenStax Astronomy 2e / Chapter 9: Cratered Worlds / 9.3"


def test_toc_titles_split_number_and_text() -> None:
    assert toc_title('<span class="os-number"><span class="os-part-text">Chapter </span>9</span>'
                     '<span class="os-divider"> </span><span class="os-text">Cratered Worlds</span>') == \
        ("9", "Cratered Worlds")
    assert toc_title('<span class="os-text">Preface</span>') == (None, "Preface")
    assert toc_title("Plain &amp; simple") == (None, "Plain & simple")
