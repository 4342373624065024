"""Embed chunks and upsert them into a Qdrant collection with a dense and a sparse vector.

Each point carries a named dense vector ``"dense"`` (the embedder's, cosine) and a named
sparse vector ``"sparse"`` (a BM25-style lexical vector, see :func:`singularity.knowledge.vectors.sparse_vector`), so the
retriever can fuse both. Point ids are :attr:`Chunk.point_id`, so re-indexing overwrites.
Dense vectors already made by the same embedder (the shipped ones of the bundled corpus, see
:mod:`ingestion.shipped`) are taken as they are; only the other chunks are embedded.

The embedder that filled a collection is recorded in the collection's own metadata
(``create_collection(metadata=...)``, supported by qdrant-client 1.20 in local mode and on a
server) under :data:`EMBEDDER_KEY`, rather than in a reserved point that every search would
have to filter out. A later run with another model is refused instead of mixing vector spaces.

Qdrant's local mode writes every point as a SQLite transaction of its own
(``qdrant_client/local/persistence.py``), and each commit waits for the disk: 1,290 of them made
most of a first start (13–20 ms each on a busy disk). During a build those commits skip the
wait, and the file is synced once at the end (:func:`_one_sync_for_the_build`).
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from qdrant_client import QdrantClient, models

from ingestion.chunking import Chunk
from ingestion.documents import Document
from singularity import vectorfile
from singularity.errors import ServiceError
from singularity.knowledge.embeddings import Embedder, describe
from singularity.knowledge.vectors import DENSE, SPARSE, sparse_vector

EMBEDDER_KEY = "embedder"
"""Key of the collection metadata holding ``describe(embedder)``."""


@dataclass(frozen=True)
class IndexReport:
    """The summary printed at the end of an ingestion run."""

    documents: int
    chunks: int
    seconds: float
    vectors_per_second: float
    embedded: int
    """Chunks embedded in this run; the others had stored vectors."""


def build_index(
    chunks: Sequence[Chunk],
    *,
    client: QdrantClient,
    collection: str,
    embedder: Embedder,
    documents: Iterable[Document] = (),
    batch_size: int = 64,
    rebuild: bool = False,
    progress: Callable[[int, int], None] | None = None,
    stored: vectorfile.StoredVectors | None = None,
) -> IndexReport:
    """Embed ``chunks`` and upsert them into ``collection``, creating it when missing.

    ``documents`` (optional) supply each chunk's ``license`` and ``retrieved_at`` for the
    payload, which citations need. ``rebuild`` drops the collection first. ``progress`` is
    called as ``progress(done, total)`` after every batch. ``stored`` holds vectors made by
    ``embedder`` (the caller checks that), found by chunk text. Raises ``ServiceError`` when the
    existing collection was built with another embedder (name or dimension).
    """
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1.")
    started = time.perf_counter()
    if rebuild and client.collection_exists(collection):
        client.delete_collection(collection)
    if client.collection_exists(collection):
        _check_embedder(client, collection, embedder)
    else:
        client.create_collection(
            collection,
            vectors_config={DENSE: models.VectorParams(size=int(embedder.dimension),
                                                       distance=models.Distance.COSINE)},
            sparse_vectors_config={SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)},
            metadata={EMBEDDER_KEY: describe(embedder)},
        )
    by_id = {document.id: document for document in documents}
    embedded = 0
    with _one_sync_for_the_build(client, collection):
        for start in range(0, len(chunks), batch_size):
            batch = chunks[start:start + batch_size]
            dense, fresh = vectorfile.vectors_for([chunk.text for chunk in batch], embedder.embed_documents, stored)
            embedded += fresh
            client.upsert(collection, points=[_point(chunk, row.tolist(), by_id.get(chunk.doc_id))
                                              for chunk, row in zip(batch, dense, strict=True)], wait=True)
            if progress is not None:
                progress(start + len(batch), len(chunks))
    seconds = time.perf_counter() - started
    return IndexReport(documents=len({chunk.doc_id for chunk in chunks}), chunks=len(chunks),
                       seconds=seconds, vectors_per_second=len(chunks) / seconds if seconds > 0 else 0.0,
                       embedded=embedded)


def local_storage(client: QdrantClient, collection: str) -> sqlite3.Connection | None:
    """The SQLite connection behind ``collection`` in Qdrant's local mode; None on a server
    (or in memory), where writes are the server's business."""
    local = getattr(client, "_client", None)
    persistence = getattr(getattr(local, "collections", {}).get(collection), "storage", None)
    connection = getattr(persistence, "storage", None)
    return connection if isinstance(connection, sqlite3.Connection) else None


@contextmanager
def _one_sync_for_the_build(client: QdrantClient, collection: str) -> Iterator[None]:
    """Commits without waiting for the disk while the block runs, then one sync of the file.

    Safe for the index because a build that fails or is interrupted drops the collection
    (``ensure_bundled_index``); only a machine crash in the middle could leave a torn file, and
    that build would not have finished either.
    """
    connection = local_storage(client, collection)
    if connection is None:
        yield
        return
    connection.execute("PRAGMA synchronous=OFF")
    try:
        yield
    finally:
        connection.execute("PRAGMA synchronous=FULL")
        (_, _, path), *_ = connection.execute("PRAGMA database_list").fetchall()
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _check_embedder(client: QdrantClient, collection: str, embedder: Embedder) -> None:
    stored = (client.get_collection(collection).config.metadata or {}).get(EMBEDDER_KEY)
    wanted = describe(embedder)
    if stored is None:
        raise ServiceError(f"The Qdrant collection '{collection}' records no embedding model; "
                           "rebuild it (singularity ingest --rebuild) before indexing into it.")
    if stored != wanted:
        raise ServiceError(
            f"The Qdrant collection '{collection}' was built with the embedding model "
            f"'{stored.get('name')}' ({stored.get('dimension')} dimensions), not '{wanted['name']}' "
            f"({wanted['dimension']} dimensions); rebuild it (singularity ingest --rebuild) "
            "or configure the model it was built with."
        )


def _point(chunk: Chunk, dense: list[float], document: Document | None) -> models.PointStruct:
    indices, values = sparse_vector(chunk.text)
    payload: dict[str, Any] = {
        "doc_id": chunk.doc_id, "chunk_index": chunk.chunk_index, "title": chunk.title,
        "section_heading": chunk.section_heading, "text": chunk.text, "url": chunk.url,
        "source": chunk.source,
    }
    if document is not None:
        payload["license"] = document.license
        payload["retrieved_at"] = document.retrieved_at.isoformat()
        payload["keywords"] = document.keywords
        payload["references"] = [reference.model_dump() for reference in document.sources]
    return models.PointStruct(
        id=chunk.point_id,
        vector={DENSE: dense, SPARSE: models.SparseVector(indices=indices, values=values)},
        payload=payload,
    )
