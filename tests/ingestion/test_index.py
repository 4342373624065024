"""Indexing into a local on-disk Qdrant: stable ids, payloads, embedder checks, lexical vectors."""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest
from qdrant_client import QdrantClient, models

from ingestion.chunking import Chunk, chunk_document
from ingestion.documents import Document, load_bundled_documents
from ingestion.index import build_index, local_storage
from singularity.errors import ServiceError
from singularity.knowledge.embeddings import BundledEmbedder, Embedder
from singularity.knowledge.vectors import DENSE, SPARSE, sparse_vector, tokens

COLLECTION = "knowledge"


class HashedBagOfWords:
    """A fast deterministic embedder: word counts hashed into ``dimension`` slots, normalised."""

    def __init__(self, *, name: str = "fake-bow", dimension: int = 16) -> None:
        self.name = name
        self.dimension = dimension

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        rows = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in zip(rows, texts, strict=True):
            for word in tokens(text):
                row[zlib.crc32(word.encode()) % self.dimension] += 1.0
            row += 1e-3  # never a zero vector
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_documents([text])[0]


@pytest.fixture(scope="module")
def documents() -> list[Document]:
    return load_bundled_documents()


@pytest.fixture(scope="module")
def chunks(documents: list[Document]) -> list[Chunk]:
    """About 20 chunks from several real documents (topics and object cards)."""
    picked = [c for d in documents[::40] for c in chunk_document(d)[:2]][:20]
    assert len(picked) == 20 and len({c.doc_id for c in picked}) >= 10
    return picked


@pytest.fixture
def client(tmp_path: Path) -> Iterator[QdrantClient]:
    qdrant = QdrantClient(path=str(tmp_path / "qdrant"))
    yield qdrant
    qdrant.close()


def _count(client: QdrantClient) -> int:
    return client.count(COLLECTION, exact=True).count


def test_indexing_creates_one_point_per_chunk_with_its_payload(
    client: QdrantClient, chunks: list[Chunk], documents: list[Document]
) -> None:
    calls: list[tuple[int, int]] = []
    report = build_index(chunks, client=client, collection=COLLECTION, embedder=HashedBagOfWords(),
                         documents=documents, batch_size=8, progress=lambda d, t: calls.append((d, t)))
    assert _count(client) == 20
    assert calls == [(8, 20), (16, 20), (20, 20)]
    assert (report.documents, report.chunks) == (len({c.doc_id for c in chunks}), 20)
    assert report.seconds > 0 and report.vectors_per_second > 0
    info = client.get_collection(COLLECTION)
    assert info.config.metadata == {"embedder": {"name": "fake-bow", "dimension": 16}}
    assert info.config.params.vectors[DENSE].size == 16
    assert info.config.params.vectors[DENSE].distance == models.Distance.COSINE
    assert SPARSE in info.config.params.sparse_vectors
    chunk = chunks[3]
    [point] = client.retrieve(COLLECTION, [chunk.point_id], with_payload=True)
    document = next(d for d in documents if d.id == chunk.doc_id)
    assert point.payload == {
        "doc_id": chunk.doc_id, "chunk_index": chunk.chunk_index, "title": chunk.title,
        "section_heading": chunk.section_heading, "text": chunk.text, "url": chunk.url,
        "source": chunk.source, "license": document.license,
        "retrieved_at": document.retrieved_at.isoformat(), "keywords": document.keywords,
        "references": [reference.model_dump() for reference in document.sources],
    }


def test_reindexing_updates_instead_of_duplicating(client: QdrantClient, chunks: list[Chunk]) -> None:
    embedder = HashedBagOfWords()
    build_index(chunks, client=client, collection=COLLECTION, embedder=embedder)
    changed = chunks[5].model_copy(update={"text": chunks[5].text + " Revised: Saturn's rings are icy."})
    build_index([*chunks[:5], changed, *chunks[6:]], client=client, collection=COLLECTION, embedder=embedder)
    assert _count(client) == 20
    [point] = client.retrieve(COLLECTION, [changed.point_id], with_payload=True)
    assert point.payload is not None and point.payload["text"].endswith("Saturn's rings are icy.")
    assert "license" not in point.payload  # no documents given: nothing invented


@pytest.mark.parametrize(("embedder", "named"), [
    (HashedBagOfWords(name="other-model"), "'other-model' (16 dimensions)"),
    (HashedBagOfWords(dimension=8), "'fake-bow' (8 dimensions)"),
])
def test_another_embedder_is_refused_even_after_reopening(
    tmp_path: Path, chunks: list[Chunk], embedder: Embedder, named: str
) -> None:
    path = str(tmp_path / "qdrant")
    first = QdrantClient(path=path)
    build_index(chunks[:4], client=first, collection=COLLECTION, embedder=HashedBagOfWords())
    first.close()
    reopened = QdrantClient(path=path)
    try:
        with pytest.raises(ServiceError) as refused:
            build_index(chunks, client=reopened, collection=COLLECTION, embedder=embedder)
        assert str(refused.value).startswith(
            f"The Qdrant collection '{COLLECTION}' was built with the embedding model 'fake-bow' "
            f"(16 dimensions), not {named}; rebuild it")
        assert reopened.count(COLLECTION, exact=True).count == 4  # nothing was written
    finally:
        reopened.close()


def test_a_collection_without_embedder_metadata_is_refused(client: QdrantClient, chunks: list[Chunk]) -> None:
    client.create_collection(COLLECTION, vectors_config={DENSE: models.VectorParams(
        size=16, distance=models.Distance.COSINE)})
    with pytest.raises(ServiceError, match="records no embedding model; rebuild it"):
        build_index(chunks, client=client, collection=COLLECTION, embedder=HashedBagOfWords())


def test_rebuild_empties_and_refills_with_the_new_embedder(client: QdrantClient, chunks: list[Chunk]) -> None:
    build_index(chunks, client=client, collection=COLLECTION, embedder=HashedBagOfWords())
    report = build_index(chunks[:7], client=client, collection=COLLECTION,
                         embedder=HashedBagOfWords(name="next", dimension=12), rebuild=True)
    assert report.chunks == _count(client) == 7
    info = client.get_collection(COLLECTION)
    assert info.config.metadata == {"embedder": {"name": "next", "dimension": 12}}
    assert info.config.params.vectors[DENSE].size == 12


def test_sparse_vectors_are_deterministic_and_fold_case_and_diacritics() -> None:
    indices, values = sparse_vector("Zürich lies near Zurich; ZURICH!")
    assert (indices, values) == sparse_vector("zurich lies near zurich; zurich")
    assert sparse_vector("Zürich") == sparse_vector("zurich") == sparse_vector("ZÜRICH")
    assert indices == sorted(set(indices)) and all(0 <= i < 2**20 for i in indices)
    assert len(indices) == 3  # zurich, lies, near
    zurich = indices.index(zlib.crc32(b"zurich") % 2**20)
    assert values[zurich] > max(v for i, v in enumerate(values) if i != zurich)  # tf 3 beats tf 1
    # BM25 saturation: ten repeats weigh less than ten times one, and never reach k1 + 1
    one = sparse_vector("nebula")[1][0]
    ten = sparse_vector(" ".join(["nebula"] * 10))[1][0]
    assert one < ten < 2.2 and ten < 10 * one
    assert sparse_vector("Mars Mars Venus", query=True)[1] == [1.0, 1.0]


def test_a_chunks_own_vectors_find_it_first(client: QdrantClient, chunks: list[Chunk]) -> None:
    embedder = HashedBagOfWords()
    build_index(chunks, client=client, collection=COLLECTION, embedder=embedder)
    target = chunks[11]
    dense = client.query_points(COLLECTION, query=embedder.embed_query(target.text).tolist(),
                                using=DENSE, limit=3).points
    assert dense[0].id == target.point_id
    indices, values = sparse_vector(target.text, query=True)
    lexical = client.query_points(COLLECTION, query=models.SparseVector(indices=indices, values=values),
                                  using=SPARSE, limit=3).points
    assert lexical[0].id == target.point_id


@pytest.mark.slow
def test_indexing_with_the_bundled_model(client: QdrantClient, documents: list[Document]) -> None:
    chunks = [c for d in documents[::60] for c in chunk_document(d)[:1]][:8]  # two batches; the model is slow
    embedder = BundledEmbedder()
    report = build_index(chunks, client=client, collection=COLLECTION, embedder=embedder, batch_size=5)
    assert report.chunks == _count(client) == 8
    assert client.get_collection(COLLECTION).config.params.vectors[DENSE].size == 384
    target = chunks[6]
    hits = client.query_points(COLLECTION, query=embedder.embed_query(target.text).tolist(),
                               using=DENSE, limit=1).points
    assert hits[0].id == target.point_id


def test_a_local_build_commits_without_waiting_for_the_disk_and_syncs_once_at_the_end(
        client: QdrantClient, chunks: list[Chunk], tmp_path: Path) -> None:
    during: list[int] = []

    def progress(done: int, total: int) -> None:
        connection = local_storage(client, COLLECTION)
        assert connection is not None, "qdrant-client's local storage moved: the build waits for every commit"
        during.append(connection.execute("PRAGMA synchronous").fetchone()[0])

    build_index(chunks, client=client, collection=COLLECTION, embedder=HashedBagOfWords(),
                batch_size=8, progress=progress)
    connection = local_storage(client, COLLECTION)
    assert connection is not None
    assert during == [0, 0, 0]
    assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2
    client.close()
    reopened = QdrantClient(path=str(tmp_path / "qdrant"))
    try:
        assert reopened.count(COLLECTION, exact=True).count == 20
    finally:
        reopened.close()


def test_a_server_or_memory_client_has_no_local_storage_to_tune() -> None:
    memory = QdrantClient(location=":memory:")
    try:
        memory.create_collection("c", vectors_config={DENSE: models.VectorParams(size=4, distance=models.Distance.COSINE)})
        assert local_storage(memory, "c") is None
        assert local_storage(memory, "missing") is None
    finally:
        memory.close()
