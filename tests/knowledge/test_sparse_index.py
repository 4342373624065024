"""The sparse half of the local-mode search, scored in numpy, finds what Qdrant's local mode
finds: the same points, scores and order, ties included, with and without a title filter."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from singularity.config import Settings
from singularity.knowledge.glossary import expand
from singularity.knowledge.retrieval import KnowledgeBase
from singularity.knowledge.sparse_index import SparseIndex
from singularity.knowledge.vectors import SPARSE

QUESTIONS = Path(__file__).resolve().parents[2] / "eval" / "data" / "rag_questions.jsonl"


@pytest.fixture
def kb(knowledge_settings: Settings) -> KnowledgeBase:
    return KnowledgeBase.from_settings(knowledge_settings)


_VECTORS: dict[str, np.ndarray] = {}
"""Query vectors by text: every test here uses the bundled embedder, so each question is
embedded once for the module, not once per ranking compared."""


def _vector(kb: KnowledgeBase, query: str) -> np.ndarray:
    if query not in _VECTORS:
        _VECTORS[query] = kb.embedder.embed_query(query)
    return _VECTORS[query]


def _queries() -> list[str]:
    lines = QUESTIONS.read_text(encoding="utf-8").splitlines()
    return [expand(json.loads(line)["question"]) for line in lines if line.strip()]


def _by_qdrant(kb: KnowledgeBase, queries: list[str], *, limit: int, mode: str,
               titles: tuple[str, ...] = ()) -> list[list[tuple[object, float, str]]]:
    """The same queries with the sparse scoring left to Qdrant (as a server is asked)."""
    vectors = [_vector(kb, query) for query in queries]
    requests = [kb._request(query, vector, titles, limit=limit, mode=mode)
                for query, vector in zip(queries, vectors, strict=True)]
    responses = kb.client.query_batch_points(kb.collection, requests=requests)
    return [[(p.id, p.score, p.payload["text"]) for p in r.points] for r in responses]


def _by_index(kb: KnowledgeBase, queries: list[str], *, limit: int, mode: str,
              titles: tuple[str, ...] = ()) -> list[list[tuple[object, float, str]]]:
    index = kb.sparse_index()
    assert index is not None
    batch = [(query, _vector(kb, query), titles) for query in queries]
    ranked = kb._ranked_with(index, batch, limit=limit, mode=mode)
    return [[(p.id, p.score, p.payload["text"]) for p in points] for points in ranked]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["hybrid", "sparse"])
def test_the_evaluation_questions_rank_as_in_qdrant(kb: KnowledgeBase, mode: str) -> None:
    queries = _queries()
    ours = _by_index(kb, queries, limit=5, mode=mode)
    assert ours == _by_qdrant(kb, queries, limit=5, mode=mode)
    if mode == "sparse":  # the corpus has equal scores in these lists, so their order was compared too
        assert any(len({score for _, score, _ in points}) < len(points) for points in ours)


def test_a_title_filter_is_applied_as_qdrant_applies_it(kb: KnowledgeBase) -> None:
    titles = ("The Andromeda Galaxy", "The Local Group")
    queries = ["How far away is the Andromeda galaxy?", "galaxy collision"]
    for mode in ("hybrid", "sparse"):
        ours = _by_index(kb, queries, limit=5, mode=mode, titles=titles)
        assert ours == _by_qdrant(kb, queries, limit=5, mode=mode, titles=titles)
        assert ours[0] and all(text for points in ours for _, _, text in points)


def test_a_filters_mask_is_computed_once_and_is_its_own(kb: KnowledgeBase) -> None:
    from singularity.knowledge.retrieval import _title_filter

    index = kb.sparse_index()
    assert index is not None
    andromeda = index.allowed(_title_filter(("The Andromeda Galaxy",)))
    assert index.allowed(_title_filter(("The Andromeda Galaxy",))) is andromeda
    both = index.allowed(_title_filter(("The Andromeda Galaxy", "The Local Group")))
    assert 0 < andromeda.sum() < both.sum() and not andromeda.flags.writeable
    assert index.allowed(None) is None


def test_scores_equal_qdrants_sparse_search_bit_for_bit(kb: KnowledgeBase) -> None:
    from qdrant_client import models

    from singularity.knowledge.vectors import sparse_vector

    index = kb.sparse_index()
    assert index is not None
    indices, values = sparse_vector("spiral galaxies form from rotating discs of gas", query=True)
    scores = index.scores(indices, values)
    found = kb.client.query_points(kb.collection, query=models.SparseVector(indices=indices, values=values),
                                   using=SPARSE, limit=len(index.ids))
    assert found.points
    for point in found.points:
        assert np.float32(point.score) == scores[index.ids.index(point.id)]
    assert np.count_nonzero(np.isfinite(scores)) == len(found.points)


def test_the_index_is_read_again_when_the_collection_changes(kb: KnowledgeBase) -> None:
    from qdrant_client import models

    first = kb.sparse_index()
    assert first is not None and kb.sparse_index() is first
    kb.client.delete(kb.collection, points_selector=models.PointIdsList(points=[first.ids[0]]))
    second = kb.sparse_index()
    assert second is not first and second is not None and not second.live[0]


def test_a_qdrant_server_has_no_local_index() -> None:
    from qdrant_client import QdrantClient

    client = QdrantClient(url="http://127.0.0.1:9", check_compatibility=False)
    assert SparseIndex.of(client, "astronomy", SPARSE) is None
