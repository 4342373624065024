"""The sparse (BM25) half of a hybrid search over a local-mode collection, scored with numpy
exactly as Qdrant's local mode scores it, so a search finds the same points in the same order.

Why: local mode (qdrant-client 1.x, ``local/sparse_distances.py``) scores a sparse query by
walking the index lists of the query and of every stored point in Python, about 60 % of a
hybrid search's CPU on the bundled corpus of 1,289 chunks (py-spy, 2026-12-02), all of it
holding the app's one interpreter. Here the stored vectors become posting lists once per
process, and a query touches only the points that share one of its few terms. A Qdrant server
scores natively and is asked as before (:meth:`SparseIndex.of` gives None for it).

What local mode does, reproduced step by step (read from ``local_collection.py``):

- ``Modifier.IDF`` multiplies each query weight by ln((N − df + 0.5) / (df + 0.5) + 1), N the
  live points with a sparse vector, df those of them holding the index.
- A point's score is the sum, in ascending index order, of query weight × stored weight in
  double precision, then cast to float32; a point sharing no index gets −inf and is no hit.
- The order is numpy's ``argsort`` of those scores over the collection's internal point order,
  reversed, then filtered by the payload filter. Equal scores are common (41 of 77 evaluation
  queries have ties in their sparse top 40, 2026-12-02) and that order breaks them, so the
  vectors are read from the local collection object in its internal order rather than
  scrolled (a scroll orders by point id). Anything unexpected there gives None: Qdrant then
  searches as before.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from qdrant_client import QdrantClient, models
from qdrant_client.local.payload_filters import calculate_payload_mask

_Posting = tuple[np.ndarray, np.ndarray]
"""Internal point numbers holding one index, and their stored weights (float64)."""


@dataclass(frozen=True)
class SparseIndex:
    """One sparse vector of a local collection as posting lists, with what scoring needs."""

    collection: Any
    """The local collection it was read from (its identity tells a rebuilt collection)."""
    vector: str
    postings: dict[int, _Posting]
    document_frequency: dict[int, int]
    live: np.ndarray
    """Points neither deleted nor without this vector (local mode's mask without a filter)."""
    ids: list[models.ExtendedPointId]
    size: int
    deleted: int
    masks: dict[str, np.ndarray] = field(default_factory=dict, compare=False, repr=False)
    """Filters' masks already computed: local mode checks a filter point by point in Python
    (7 % of the dialogue evaluation's CPU), and a conversation filters by the same few titles."""

    @classmethod
    def of(cls, client: QdrantClient, collection: str, vector: str) -> SparseIndex | None:
        """The index of ``collection``'s ``vector`` when ``client`` is in local mode, else None."""
        local = getattr(client, "_client", None)
        stored = getattr(local, "collections", {}).get(collection) if local is not None else None
        try:
            vectors = stored.sparse_vectors[vector]
            deleted = np.asarray(stored.deleted, dtype=bool)
            live = ~deleted & ~np.asarray(stored.deleted_per_vector[vector], dtype=bool)
            size = len(stored.payload)
            ids = list(stored.ids_inv)
        except (AttributeError, KeyError, TypeError):
            return None
        rows: dict[int, list[int]] = defaultdict(list)
        weights: dict[int, list[float]] = defaultdict(list)
        frequency: dict[int, int] = defaultdict(int)
        for row, sparse in enumerate(vectors[:size]):
            for index, weight in zip(sparse.indices, sparse.values, strict=True):
                rows[index].append(row)
                weights[index].append(weight)
                frequency[index] += bool(live[row])
        postings = {index: (np.asarray(rows[index], dtype=np.intp), np.asarray(weights[index], dtype=np.float64))
                    for index in rows}
        return cls(collection=stored, vector=vector, postings=postings, document_frequency=dict(frequency),
                   live=live[:size], ids=ids, size=size, deleted=int(deleted.sum()))

    def current(self, client: QdrantClient, collection: str) -> bool:
        """Whether the collection is still the one read (not rebuilt, grown or thinned since)."""
        stored = getattr(getattr(client, "_client", None), "collections", {}).get(collection)
        return (stored is self.collection and len(stored.payload) == self.size
                and int(np.asarray(stored.deleted, dtype=bool).sum()) == self.deleted)

    def allowed(self, where: models.Filter | None) -> np.ndarray | None:
        """The points ``where`` lets through, by local mode's own filter code (None: all)."""
        if where is None:
            return None
        key = where.model_dump_json()
        if key not in self.masks:
            stored = self.collection
            mask = calculate_payload_mask(payloads=stored.payload, payload_filter=where, ids_inv=stored.ids_inv,
                                          deleted_per_vector=stored.deleted_per_vector)
            mask.flags.writeable = False
            self.masks[key] = mask
        return self.masks[key]

    def scores(self, indices: list[int], values: list[float]) -> np.ndarray:
        """Local mode's float32 score of every point (−inf: no shared index)."""
        documents = int(self.live.sum())
        total = np.zeros(self.size, dtype=np.float64)
        shared = np.zeros(self.size, dtype=bool)
        for index, value in sorted(zip(indices, values, strict=True)):
            posting = self.postings.get(index)
            if posting is None:
                continue
            df = self.document_frequency.get(index, 0)
            weight = value * math.log((documents - df + 0.5) / (df + 0.5) + 1)
            rows, stored = posting
            total[rows] += weight * stored
            shared[rows] = True
        return np.where(shared, total.astype(np.float32), np.float32("-inf")).astype(np.float32)

    def search(self, indices: list[int], values: list[float], *, limit: int,
               allowed: np.ndarray | None = None) -> list[models.ScoredPoint]:
        """The ``limit`` best points as local mode returns them (id and score, no payload);
        ``allowed`` is the payload filter's mask over the internal points."""
        scores = self.scores(indices, values)
        order = np.argsort(scores)[::-1]
        keep = self.live & (scores != np.float32("-inf"))
        if allowed is not None:
            keep &= allowed[:self.size]
        chosen = order[keep[order]][:limit]
        return [models.ScoredPoint(id=self.ids[row], version=0, score=float(scores[row])) for row in chosen]
