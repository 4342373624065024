"""One ingestion run: sources → documents JSONL → chunks → embedded points in Qdrant.

Step one loads every selected source completely (from its cache, or the network when
``live``) before anything is written, so a failed fetch leaves the previous documents and
index untouched. Step two writes ``<data_dir>/knowledge/documents-<source>.jsonl``, chunks the
documents and upserts them; point ids are deterministic, so re-indexing updates points, and
points of a re-indexed source that no longer exist (a shortened article) are removed.
Sources that were not selected keep their points.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from qdrant_client import QdrantClient, models

from ingestion.chunking import Chunk, chunk_document
from ingestion.documents import BUNDLED_SOURCE, Document, load_bundled_documents, write_jsonl
from ingestion.fetch import NotCached, has_cache
from ingestion.index import IndexReport, build_index
from ingestion.shipped import shipped_vectors
from singularity.config import Settings
from singularity.errors import InputError
from singularity.knowledge.embeddings import Embedder
from singularity.knowledge.store import collection_ready, embedder_from_settings, open_qdrant

LIVE_SOURCES = ("openstax", "wikipedia")
SOURCES = (BUNDLED_SOURCE, *LIVE_SOURCES)

INDEXING = "Indexing chunks"
"""The progress stage of embedding and upserting."""

Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``, called as work advances (see :mod:`ingestion.progress`)."""


@dataclass(frozen=True)
class IngestReport:
    """What a run did: documents per source, the index figures, and what was left out."""

    documents: dict[str, int]
    index: IndexReport
    removed_points: int
    skipped: tuple[str, ...]
    """Why a source chosen by default (not named) was left out, e.g. an incomplete cache."""

    def summary(self, collection: str) -> str:
        per_source = ", ".join(f"{source} {count}" for source, count in self.documents.items())
        removed = f"; {self.removed_points} outdated points removed" if self.removed_points else ""
        return (f"Indexed {sum(self.documents.values())} documents ({per_source}) as {self.index.chunks} "
                f"chunks ({self.index.chunks - self.index.embedded} from the shipped vectors, "
                f"{self.index.embedded} embedded) "
                f"into '{collection}' in {self.index.seconds:.1f} s "
                f"({self.index.vectors_per_second:.1f} vectors/s){removed}.")


def documents_path(settings: Settings, source: str) -> Path:
    """Where the normalised documents of ``source`` are written."""
    return settings.data_dir / "knowledge" / f"documents-{source}.jsonl"


def default_sources(settings: Settings) -> list[str]:
    """The bundled corpus, plus every live source an earlier ``--live`` run has cached."""
    return [BUNDLED_SOURCE, *(source for source in LIVE_SOURCES if has_cache(settings, source))]


def load_documents(source: str, settings: Settings, *, live: bool = False,
                   progress: Progress | None = None) -> list[Document]:
    """The normalised documents of one source (network only for live sources with ``live``)."""
    if source == BUNDLED_SOURCE:
        return load_bundled_documents()
    if source == "openstax":
        from ingestion.openstax import load_openstax_documents

        return load_openstax_documents(settings, live=live, progress=progress)
    if source == "wikipedia":
        from ingestion.wikipedia import load_wikipedia_documents

        return load_wikipedia_documents(settings, live=live, progress=progress)
    raise InputError(f"Unknown source '{source}'; choose from {', '.join(SOURCES)}.")


def run_ingestion(
    settings: Settings,
    *,
    sources: Sequence[str] | None = None,
    live: bool = False,
    rebuild: bool = False,
    progress: Progress | None = None,
    embedder: Embedder | None = None,
) -> IngestReport:
    """Load ``sources`` (default: :func:`default_sources`), write their JSONL, index them.

    A named source that is not cached (and ``live`` is off) raises ``NotCached``; a source
    chosen by default is then skipped and reported in ``IngestReport.skipped``. Chunks of the
    bundled corpus take the shipped vectors when ``embedder`` made them; ``rebuild`` drops the
    collection first and embeds everything anew. ``embedder`` defaults to the configured one.
    """
    named = sources is not None
    chosen = list(dict.fromkeys(sources)) if sources is not None else default_sources(settings)
    unknown = [source for source in chosen if source not in SOURCES]
    if unknown or not chosen:
        raise InputError(f"Unknown source '{unknown[0]}'; choose from {', '.join(SOURCES)}." if unknown
                         else f"Name at least one source to ingest: {', '.join(SOURCES)}.")
    loaded: dict[str, list[Document]] = {}
    skipped: list[str] = []
    for source in chosen:
        try:
            loaded[source] = load_documents(source, settings, live=live, progress=progress)
        except NotCached as exc:
            if named:
                raise
            skipped.append(f"Skipped {source}: {exc}")
    for source, documents in loaded.items():
        _write_atomically(documents, documents_path(settings, source))
    chunks = {source: [chunk for document in documents for chunk in chunk_document(document)]
              for source, documents in loaded.items()}
    client = open_qdrant(settings)
    collection = settings.knowledge.collection
    embedder = embedder or embedder_from_settings(settings)
    report = build_index(
        [chunk for source_chunks in chunks.values() for chunk in source_chunks],
        client=client, collection=collection, embedder=embedder,
        documents=[document for documents in loaded.values() for document in documents],
        rebuild=rebuild, stored=None if rebuild else shipped_vectors(embedder),
        progress=(lambda done, total: progress(INDEXING, done, total)) if progress else None,
    )
    removed = 0 if rebuild else sum(_remove_outdated(client, collection, source, source_chunks)
                                    for source, source_chunks in chunks.items())
    return IngestReport(documents={source: len(documents) for source, documents in loaded.items()},
                        index=report, removed_points=removed, skipped=tuple(skipped))


def ensure_bundled_index(settings: Settings, progress: Progress | None = None, *,
                         embedder: Embedder | None = None) -> IndexReport | None:
    """Build the bundled knowledge base unless the collection already holds points.

    The check comes first, so an existing index costs no embedder load. Returns the index
    figures when it built, None when there was nothing to do. A build that fails or is
    interrupted drops the collection again: a half-filled one would count as ready next time.
    """
    if collection_ready(settings):
        return None
    try:
        return run_ingestion(settings, sources=[BUNDLED_SOURCE], progress=progress, embedder=embedder).index
    except BaseException:
        client = open_qdrant(settings)
        if client.collection_exists(settings.knowledge.collection):
            client.delete_collection(settings.knowledge.collection)
        raise


def _write_atomically(documents: list[Document], path: Path) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    write_jsonl(documents, temporary)
    os.replace(temporary, path)


def _remove_outdated(client: QdrantClient, collection: str, source: str, chunks: list[Chunk]) -> int:
    """Delete points of ``source`` that this run did not write (documents that shrank or left)."""
    current = {chunk.point_id for chunk in chunks}
    only_source = models.Filter(must=[models.FieldCondition(key="source", match=models.MatchValue(value=source))])
    outdated: list[str | int] = []
    offset = None
    while True:
        points, offset = client.scroll(collection, scroll_filter=only_source, limit=1024, offset=offset,
                                       with_payload=False, with_vectors=False)
        outdated.extend(point.id for point in points if str(point.id) not in current)
        if offset is None:
            break
    if outdated:
        client.delete(collection, points_selector=models.PointIdsList(points=outdated), wait=True)
    return len(outdated)
