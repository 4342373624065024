"""Hybrid search over the knowledge base: dense and BM25-style sparse candidates fused by
reciprocal rank fusion in Qdrant, with an optional title filter and a relevance verdict.

A title filter that finds nothing is retried once without it (logged): a named topic may live
only inside a larger chapter, so an empty filtered result does not mean the base knows nothing.
Whether local hits suffice is judged on the dense cosine of the best hit, the one score whose
scale does not depend on the other candidates (RRF scores are ranks, not relevance).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

import numpy as np
from qdrant_client import QdrantClient, models
from qdrant_client.hybrid.fusion import reciprocal_rank_fusion

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.knowledge.embeddings import Embedder
from singularity.knowledge.glossary import expand
from singularity.knowledge.sparse_index import SparseIndex
from singularity.knowledge.store import SERVER_FAILURES, qdrant_failure
from singularity.knowledge.strategy import asks_for_news
from singularity.knowledge.titles import TitleIndex
from singularity.knowledge.vectors import DENSE, SPARSE, sparse_vector

log = logging.getLogger(__name__)

Mode = Literal["hybrid", "dense", "sparse"]
MAX_CHUNKS_PER_DOCUMENT = 2
"""More chunks of one document would push other relevant documents out of the top k."""
CANDIDATE_FACTOR = 4


@dataclass(frozen=True)
class Hit:
    """One retrieved chunk with what a citation needs."""

    doc_id: str
    title: str
    section: str | None
    text: str
    url: str | None
    source: str
    score: float
    similarity: float
    """Dense cosine of query and chunk (the relevance verdict's scale)."""
    license: str = ""
    retrieved_at: str | None = None
    references: tuple[dict[str, str], ...] = ()


@dataclass(frozen=True)
class SearchOutcome:
    """The hits of one query and how they were found."""

    query: str
    hits: list[Hit]
    expanded_query: str = ""
    """The query as searched: with the English terms of its German words (see ``glossary``)."""
    title_filter: tuple[str, ...] = ()
    """Titles the hits were restricted to (empty: no filter in effect)."""
    retried_without_filter: bool = False
    threshold: float = 0.0
    mode: Mode = "hybrid"
    notes: list[str] = field(default_factory=list)

    @property
    def best_similarity(self) -> float:
        return max((hit.similarity for hit in self.hits), default=0.0)

    @property
    def stored_on(self) -> date | None:
        """When the newest hit's text was stored (the knowledge's horizon)."""
        dates = [date.fromisoformat(hit.retrieved_at[:10]) for hit in self.hits if hit.retrieved_at]
        return max(dates, default=None)

    @property
    def asks_for_news(self) -> bool:
        stored = self.stored_on
        return stored is not None and asks_for_news(self.query, as_of=stored)

    @property
    def sufficient(self) -> bool:
        """Whether the local hits are good enough to answer from: relevant enough, and not a
        question about what happened after the texts were stored."""
        return bool(self.hits) and self.best_similarity >= self.threshold and not self.asks_for_news


class KnowledgeBase:
    """Searches one Qdrant collection filled by ``ingestion`` with the same embedder."""

    def __init__(self, *, client: QdrantClient, collection: str, embedder: Embedder,
                 top_k: int = 5, prefetch_k: int = 40, threshold: float = 0.8) -> None:
        self.client = client
        self.collection = collection
        self.embedder = embedder
        self.top_k = top_k
        self.prefetch_k = prefetch_k
        self.threshold = threshold
        self._titles: TitleIndex | None = None
        self._sparse: SparseIndex | None = None
        self._sparse_lock = threading.Lock()

    @classmethod
    def from_settings(cls, settings: Settings) -> KnowledgeBase:
        """The configured collection, client and embedder; fails clearly when it is missing."""
        from singularity.knowledge.store import (
            collection_ready,
            embedder_from_settings,
            open_qdrant,
        )

        if not collection_ready(settings):
            raise ServiceError(
                f"The knowledge base '{settings.knowledge.collection}' has not been built yet; "
                "run `singularity ingest` (the app builds it on first start)."
            )
        knowledge = settings.knowledge
        return cls(client=open_qdrant(settings), collection=knowledge.collection,
                   embedder=embedder_from_settings(settings), top_k=knowledge.top_k,
                   prefetch_k=knowledge.prefetch_k, threshold=knowledge.relevance_threshold)

    @property
    def titles(self) -> TitleIndex:
        """Every title in the collection with its aliases and word statistics, read once."""
        if self._titles is None:
            entries: dict[str, set[str]] = {}
            texts: list[tuple[str, str]] = []
            offset: Any = None
            while True:
                with _service_errors(self.client):
                    points, offset = self.client.scroll(
                        self.collection, limit=1024, offset=offset, with_vectors=False,
                        with_payload=models.PayloadSelectorInclude(include=["title", "keywords", "text"]),
                    )
                for point in points:
                    payload = point.payload or {}
                    entries.setdefault(payload.get("title", ""), set()).update(payload.get("keywords") or ())
                    texts.append((payload.get("title", ""), payload.get("text", "")))
                if offset is None:
                    break
            self._titles = TitleIndex(((title, keywords) for title, keywords in entries.items() if title),
                                      texts=texts)
        return self._titles

    def closeness(self, vector: np.ndarray) -> float:
        """Dense cosine of the passage closest to ``vector``: how much the base has to say about
        a message (evidence that it is about astronomy at all), one nearest-neighbour query."""
        with _service_errors(self.client):
            response = self.client.query_points(self.collection, query=vector.tolist(),
                                                using=DENSE, limit=1, with_payload=False)
        return float(response.points[0].score) if response.points else 0.0

    def search(self, query: str, *, title: str | None = None, top_k: int | None = None,
               mode: Mode = "hybrid") -> SearchOutcome:
        """The best chunks for ``query``; with ``title``, only chunks of the titles it names,
        retried once without the filter when that finds nothing."""
        return self.search_topics([(query, title)], top_k=top_k, mode=mode)[0]

    def search_topics(self, topics: Sequence[tuple[str, str | None]], *, top_k: int | None = None,
                      mode: Mode = "hybrid") -> list[SearchOutcome]:
        """One outcome per ``(query, title)``, all queries sent to Qdrant as one batch (run
        concurrently by a server); filtered queries that find nothing are retried unfiltered."""
        queries = [" ".join(query.split()) for query, _ in topics]
        if not topics or not all(queries):
            raise ValueError("Every search query needs some text.")
        limit = top_k or self.top_k
        expanded = [expand(query) for query in queries]
        vectors = [self.embedder.embed_query(query) for query in expanded]
        wanted = [(self.titles.resolve(title) or (title,)) if title else () for _, title in topics]
        first = self._batch([(q, v, t) for q, v, t in zip(expanded, vectors, wanted, strict=True)],
                            limit=limit, mode=mode)
        retry = [i for i, titles in enumerate(wanted) if titles and not first[i]]
        for i in retry:
            log.info("Title filter %s found nothing for %r; retrying without it.", wanted[i], queries[i])
        again = dict(zip(retry, self._batch([(expanded[i], vectors[i], ()) for i in retry],
                                            limit=limit, mode=mode), strict=True))
        outcomes = []
        for i, (query, (_, title)) in enumerate(zip(queries, topics, strict=True)):
            notes = []
            if i in again:
                notes.append(f"The title filter {list(wanted[i])} found nothing; searched without it.")
            outcomes.append(SearchOutcome(
                query, again.get(i, first[i]), expanded_query=expanded[i], title_filter=() if i in again else wanted[i],
                retried_without_filter=i in again, threshold=self.threshold, mode=mode, notes=notes))
        return outcomes

    def sparse_index(self) -> SparseIndex | None:
        """The collection's sparse vectors as posting lists, read once per base and again when
        the collection changed; None for a Qdrant server (it scores them itself)."""
        with self._sparse_lock:
            if self._sparse is None or not self._sparse.current(self.client, self.collection):
                self._sparse = SparseIndex.of(self.client, self.collection, SPARSE)
            return self._sparse

    def _batch(self, queries: list[tuple[str, np.ndarray, tuple[str, ...]]], *, limit: int,
               mode: Mode) -> list[list[Hit]]:
        if not queries:
            return []
        index = self.sparse_index() if mode != "dense" else None
        if index is None:
            requests = [self._request(query, vector, titles, limit=limit, mode=mode)
                        for query, vector, titles in queries]
            with _service_errors(self.client):
                ranked = [response.points for response in
                          self.client.query_batch_points(self.collection, requests=requests)]
        else:
            ranked = self._ranked_with(index, queries, limit=limit, mode=mode)
        return [[_hit(point, vector) for point in _diverse(
                    points, limit, per_document=limit if titles else MAX_CHUNKS_PER_DOCUMENT)]
                for points, (_, vector, titles) in zip(ranked, queries, strict=True)]

    def _ranked_with(self, index: SparseIndex, queries: list[tuple[str, np.ndarray, tuple[str, ...]]], *,
                     limit: int, mode: Mode) -> list[list[models.ScoredPoint]]:
        """What ``_request``'s query returns in local mode, its sparse half scored by ``index``:
        the dense candidates from Qdrant, fused by Qdrant's own RRF, payloads and dense vectors
        fetched for the fused points as local mode fetches them."""
        wanted = limit * CANDIDATE_FACTOR
        wheres = [_title_filter(titles) for _, _, titles in queries]
        sparse = [index.search(*sparse_vector(query, query=True), allowed=index.allowed(where),
                               limit=self.prefetch_k if mode == "hybrid" else wanted)
                  for (query, _, _), where in zip(queries, wheres, strict=True)]
        if mode == "hybrid":
            requests = [models.QueryRequest(query=vector.tolist(), using=DENSE, filter=where,
                                            limit=self.prefetch_k, with_payload=False)
                        for (_, vector, _), where in zip(queries, wheres, strict=True)]
            with _service_errors(self.client):
                dense = self.client.query_batch_points(self.collection, requests=requests)
            ranked = [reciprocal_rank_fusion([d.points, s], limit=wanted)
                      for d, s in zip(dense, sparse, strict=True)]
        else:
            ranked = sparse
        with _service_errors(self.client):
            records = {record.id: record for record in self.client.retrieve(
                self.collection, ids=list({point.id: None for points in ranked for point in points}),
                with_payload=True, with_vectors=[DENSE])}
        for point in (point for points in ranked for point in points):
            point.payload, point.vector = records[point.id].payload, records[point.id].vector
        return ranked

    def _request(self, query: str, vector: np.ndarray, titles: tuple[str, ...], *, limit: int,
                 mode: Mode) -> models.QueryRequest:
        where = _title_filter(titles)
        indices, values = sparse_vector(query, query=True)
        dense = models.Prefetch(query=vector.tolist(), using=DENSE, limit=self.prefetch_k, filter=where)
        sparse = models.Prefetch(query=models.SparseVector(indices=indices, values=values), using=SPARSE,
                                 limit=self.prefetch_k, filter=where)
        common: dict[str, Any] = {"limit": limit * CANDIDATE_FACTOR, "with_payload": True,
                                  "with_vector": [DENSE]}
        if mode == "hybrid":
            return models.QueryRequest(prefetch=[dense, sparse],
                                       query=models.FusionQuery(fusion=models.Fusion.RRF), **common)
        chosen = dense if mode == "dense" else sparse
        return models.QueryRequest(query=chosen.query, using=chosen.using, filter=where, **common)


def _title_filter(titles: tuple[str, ...]) -> models.Filter | None:
    return (models.Filter(must=[models.FieldCondition(key="title", match=models.MatchAny(any=list(titles)))])
            if titles else None)


def _diverse(points: list[models.ScoredPoint], limit: int, *, per_document: int) -> list[models.ScoredPoint]:
    """The first ``limit`` points, at most ``per_document`` per document (unless a title filter
    already chose the documents)."""
    counts: dict[str, int] = {}
    chosen: list[models.ScoredPoint] = []
    for point in points:
        doc_id = (point.payload or {}).get("doc_id", "")
        if counts.get(doc_id, 0) >= per_document:
            continue
        counts[doc_id] = counts.get(doc_id, 0) + 1
        chosen.append(point)
        if len(chosen) == limit:
            break
    return chosen


def _hit(point: models.ScoredPoint, vector: np.ndarray) -> Hit:
    payload = point.payload or {}
    stored = point.vector.get(DENSE) if isinstance(point.vector, dict) else None
    return Hit(
        doc_id=payload.get("doc_id", ""), title=payload.get("title", ""),
        section=payload.get("section_heading"), text=payload.get("text", ""), url=payload.get("url"),
        source=payload.get("source", ""), score=float(point.score),
        similarity=float(np.dot(vector, np.asarray(stored, dtype=np.float32))) if stored else 0.0,
        license=payload.get("license", ""), retrieved_at=payload.get("retrieved_at"),
        references=tuple(payload.get("references") or ()),
    )


@contextmanager
def _service_errors(client: QdrantClient) -> Iterator[None]:
    """Qdrant failures as one sentence (local files, or a server that does not answer)."""
    try:
        yield
    except SERVER_FAILURES as exc:
        if client.init_options.get("url"):
            raise qdrant_failure(exc, client) from exc
        raise ServiceError(f"The knowledge base could not be searched ({exc}).") from exc
    except OSError as exc:
        raise ServiceError(f"The knowledge base could not be searched ({exc}).") from exc
