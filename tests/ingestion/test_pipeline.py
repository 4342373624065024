"""Ingestion runs end to end with a tiny embedder: JSONL, chunks, points, updates, first-start build."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import pytest

from ingestion import pipeline, wikipedia
from ingestion.chunking import chunk_document
from ingestion.documents import Document, load_bundled_documents, read_jsonl
from ingestion.fetch import NotCached
from ingestion.pipeline import default_sources, documents_path, ensure_bundled_index, run_ingestion
from singularity import vectorfile
from singularity.config import Settings
from singularity.errors import InputError, ServiceError
from singularity.knowledge.store import close_qdrant, open_qdrant
from tests.fakes.server import FakeServer, Response
from tests.ingestion.recorded import (
    OPENSTAX_PAGES,
    page_path,
    serve_openstax,
    serve_wikipedia,
    with_sources,
)
from tests.ingestion.test_index import HashedBagOfWords

SAMPLE = load_bundled_documents()[::40]
"""13 bundled documents (topics and object cards): enough to see every step, fast to index."""


@pytest.fixture(autouse=True)
def small_bundled_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "load_bundled_documents", lambda: list(SAMPLE))
    monkeypatch.setattr(wikipedia, "TITLES_PER_REQUEST", 2)  # the batches the recorded answers hold


@pytest.fixture
def knowledge(settings: Settings, fake_server: FakeServer) -> Iterator[Settings]:
    """Settings whose live sources are the fake servers; the Qdrant client is released after."""
    serve_openstax(fake_server)
    serve_wikipedia(fake_server)
    configured = with_sources(settings, fake_server.url)
    yield configured
    close_qdrant(configured)


def _count(settings: Settings) -> int:
    return open_qdrant(settings).count(settings.knowledge.collection, exact=True).count


class NoEmbedder:
    """Fails the test if anything is embedded."""

    name = "fake-bow"
    dimension = 16

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        raise AssertionError("nothing should be embedded")

    def embed_query(self, text: str) -> np.ndarray:
        raise AssertionError("nothing should be embedded")


def test_bundled_run_writes_jsonl_and_one_point_per_chunk(knowledge: Settings) -> None:
    steps: list[tuple[str, int, int]] = []
    report = run_ingestion(knowledge, progress=lambda *step: steps.append(step), embedder=HashedBagOfWords())
    assert read_jsonl(documents_path(knowledge, "bundled")) == SAMPLE
    assert report.documents == {"bundled": len(SAMPLE)}
    assert report.index.chunks == _count(knowledge) > len(SAMPLE)
    assert report.skipped == () and report.removed_points == 0
    assert steps[-1] == (pipeline.INDEXING, report.index.chunks, report.index.chunks)
    summary = report.summary("astronomy")
    assert summary.startswith(f"Indexed {len(SAMPLE)} documents (bundled {len(SAMPLE)}) as "
                              f"{report.index.chunks} chunks (0 from the shipped vectors, "
                              f"{report.index.chunks} embedded) into 'astronomy' in ")
    assert "vectors/s" in summary


def test_indexing_twice_keeps_the_count(knowledge: Settings) -> None:
    first = run_ingestion(knowledge, embedder=HashedBagOfWords())
    second = run_ingestion(knowledge, embedder=HashedBagOfWords())
    assert second.index.chunks == first.index.chunks == _count(knowledge)
    assert second.removed_points == 0


def test_a_shortened_document_loses_its_outdated_points(knowledge: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    run_ingestion(knowledge, embedder=HashedBagOfWords())
    before = _count(knowledge)
    longest = max(SAMPLE, key=lambda d: len(d.text))
    short = longest.model_copy(update={"text": longest.text.split("\n## ")[0]})
    monkeypatch.setattr(pipeline, "load_bundled_documents",
                        lambda: [short if d.id == longest.id else d for d in SAMPLE])
    report = run_ingestion(knowledge, embedder=HashedBagOfWords())
    assert report.removed_points > 0
    assert _count(knowledge) == before - report.removed_points == report.index.chunks


def test_rebuild_drops_what_other_sources_put_there(knowledge: Settings) -> None:
    run_ingestion(knowledge, sources=["bundled", "openstax"], live=True, embedder=HashedBagOfWords())
    report = run_ingestion(knowledge, sources=["bundled"], rebuild=True, embedder=HashedBagOfWords())
    assert _count(knowledge) == report.index.chunks


def test_live_sources_once_fetched_join_the_default_run(knowledge: Settings, fake_server: FakeServer) -> None:
    assert default_sources(knowledge) == ["bundled"]
    report = run_ingestion(knowledge, sources=["openstax", "wikipedia"], live=True, embedder=HashedBagOfWords())
    assert report.documents == {"openstax": OPENSTAX_PAGES, "wikipedia": 3}
    assert len(read_jsonl(documents_path(knowledge, "wikipedia"))) == 3
    asked = len(fake_server.requests)
    assert default_sources(knowledge) == ["bundled", "openstax", "wikipedia"]
    again = run_ingestion(knowledge, embedder=HashedBagOfWords())  # offline, from the caches
    assert again.documents == {"bundled": len(SAMPLE), "openstax": OPENSTAX_PAGES, "wikipedia": 3}
    assert len(fake_server.requests) == asked
    assert _count(knowledge) == again.index.chunks
    points, _ = open_qdrant(knowledge).scroll(knowledge.knowledge.collection, limit=1000, with_payload=True)
    licences = {point.payload["source"]: point.payload["license"] for point in points}
    assert licences == {"bundled": SAMPLE[0].license, "openstax": "CC BY 4.0, OpenStax Astronomy 2e",
                        "wikipedia": "CC BY-SA 4.0, Wikipedia"}


def test_a_named_source_without_cache_fails_but_a_default_one_is_skipped(knowledge: Settings) -> None:
    with pytest.raises(NotCached, match="--live"):
        run_ingestion(knowledge, sources=["bundled", "wikipedia"], embedder=NoEmbedder())
    assert not documents_path(knowledge, "bundled").exists()  # nothing written before all sources loaded
    run_ingestion(knowledge, sources=["openstax"], live=True, embedder=HashedBagOfWords())
    (knowledge.cache_dir / "ingestion" / "openstax" / "release.json").unlink()
    report = run_ingestion(knowledge, embedder=HashedBagOfWords())
    assert report.documents == {"bundled": len(SAMPLE)}
    assert report.skipped[0].startswith("Skipped openstax: No OpenStax answers are cached in ")


def test_a_failed_fetch_leaves_documents_and_index_untouched(knowledge: Settings, fake_server: FakeServer) -> None:
    run_ingestion(knowledge, embedder=HashedBagOfWords())
    before = (_count(knowledge), documents_path(knowledge, "bundled").read_bytes())
    fake_server.route("GET", page_path("c1e5f0a2-7d3b-4f61-9e0a-5b8c2d4e6f77"), Response(500, "boom"))
    with pytest.raises(ServiceError, match="OpenStax at .* answered HTTP 500"):
        run_ingestion(knowledge, sources=["bundled", "openstax"], live=True, embedder=NoEmbedder())
    assert (_count(knowledge), documents_path(knowledge, "bundled").read_bytes()) == before
    assert not documents_path(knowledge, "openstax").exists()


@pytest.mark.parametrize(("sources", "expected"), [
    (["bundled", "arxiv"], "Unknown source 'arxiv'; choose from bundled, openstax, wikipedia."),
    ([], "Name at least one source to ingest: bundled, openstax, wikipedia."),
])
def test_unknown_sources_are_refused(knowledge: Settings, sources: list[str], expected: str) -> None:
    with pytest.raises(InputError) as refused:
        run_ingestion(knowledge, sources=sources, embedder=NoEmbedder())
    assert str(refused.value) == expected


def test_the_first_start_builds_once_and_then_embeds_nothing(knowledge: Settings) -> None:
    report = ensure_bundled_index(knowledge, embedder=HashedBagOfWords())
    assert report is not None and report.chunks == _count(knowledge)
    assert ensure_bundled_index(knowledge, embedder=NoEmbedder()) is None


class CountingEmbedder(HashedBagOfWords):
    """Remembers every text it embedded."""

    def __init__(self) -> None:
        super().__init__()
        self.embedded: list[str] = []

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.embedded.extend(texts)
        return super().embed_documents(texts)


def _shipped(texts: list[str], embedder_name: str = "fake-bow") -> vectorfile.StoredVectors:
    """What ``ingestion.shipped`` would find in the package for ``texts``."""
    return vectorfile.StoredVectors(
        embedder=embedder_name, keys=vectorfile.key_array(texts),
        vectors=HashedBagOfWords().embed_documents(texts))


def test_the_first_start_takes_the_shipped_vectors_and_embeds_only_what_changed(
    knowledge: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [chunk.text for document in SAMPLE for chunk in chunk_document(document)]
    shipped = _shipped(texts[1:])  # the first chunk was edited since the file was made
    monkeypatch.setattr(pipeline, "shipped_vectors",
                        lambda embedder: shipped if embedder.name == shipped.embedder else None)
    embedder = CountingEmbedder()
    report = ensure_bundled_index(knowledge, embedder=embedder)
    assert report is not None and (report.chunks, report.embedded) == (len(texts), 1)
    assert embedder.embedded == texts[:1]
    stored = open_qdrant(knowledge).retrieve(knowledge.knowledge.collection,
                                             [chunk_document(SAMPLE[-1])[-1].point_id], with_vectors=True)
    assert np.allclose(stored[0].vector["dense"], shipped.vectors[-1], atol=1e-6)


def test_rebuild_embeds_everything_anew(knowledge: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [chunk.text for document in SAMPLE for chunk in chunk_document(document)]
    monkeypatch.setattr(pipeline, "shipped_vectors", lambda embedder: _shipped(texts))
    embedder = CountingEmbedder()
    assert run_ingestion(knowledge, embedder=embedder).index.embedded == 0
    report = run_ingestion(knowledge, embedder=embedder, rebuild=True)
    assert report.index.embedded == len(texts) and embedder.embedded == texts


def test_vectors_of_another_embedder_are_not_taken(knowledge: Settings) -> None:
    report = run_ingestion(knowledge, embedder=CountingEmbedder())  # the real shipped file: e5's
    assert report.index.embedded == report.index.chunks


class FailsMidBuild(HashedBagOfWords):
    """The endpoint 'dies' once the collection exists (the sample fits in one batch)."""

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        raise ServiceError("The embeddings endpoint went away.")


def test_a_failed_first_start_build_leaves_no_half_filled_collection(knowledge: Settings) -> None:
    with pytest.raises(ServiceError, match="went away"):
        ensure_bundled_index(knowledge, embedder=FailsMidBuild())
    assert not open_qdrant(knowledge).collection_exists(knowledge.knowledge.collection)
    assert ensure_bundled_index(knowledge, embedder=HashedBagOfWords()) is not None


def test_documents_of_every_source_keep_distinct_ids(knowledge: Settings) -> None:
    run_ingestion(knowledge, sources=["openstax", "wikipedia"], live=True, embedder=HashedBagOfWords())
    ids = [d.id for source in ("bundled", "openstax", "wikipedia") if documents_path(knowledge, source).exists()
           for d in read_jsonl(documents_path(knowledge, source))]
    assert len(ids) == len(set(ids)) == OPENSTAX_PAGES + 3
    assert all(isinstance(d, Document) for d in read_jsonl(documents_path(knowledge, "openstax")))
