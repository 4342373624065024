"""Retrieval metrics over ranked document titles with binary relevance.

All functions take the ranking as the titles in the order the retriever returned them. A
document usually comes back as several chunks, so the ranking is first collapsed to unique
titles, each at the rank of its first occurrence (``["A", "A", "B"]`` ranks A first, B
second): a document found twice is still one document found. Ranks are 1-based; ``k`` cuts the
collapsed ranking. Each metric returns ``None`` when ``relevant`` is empty, because a question
that expects no local document (a web-fallback case) has no defined recall or rank; averaging
code skips those instead of counting them as 0 or 1.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence


def unique_ranking(titles: Iterable[str]) -> list[str]:
    """The titles in order of first occurrence, duplicates dropped."""
    return list(dict.fromkeys(titles))


def _top(ranked: Sequence[str], k: int) -> list[str]:
    if k < 1:
        raise ValueError(f"k must be at least 1, not {k}.")
    return unique_ranking(ranked)[:k]


def recall_at_k(ranked: Sequence[str], relevant: Collection[str], k: int) -> float | None:
    """Share of the relevant titles that appear among the first ``k`` unique titles."""
    top = _top(ranked, k)
    if not relevant:
        return None
    return len(set(top) & set(relevant)) / len(set(relevant))


def precision_at_k(ranked: Sequence[str], relevant: Collection[str], k: int) -> float | None:
    """Relevant titles among the first ``k`` unique titles, divided by ``k``.

    The denominator is ``k`` even when fewer titles came back, so returning less is not
    rewarded; with one relevant title the best possible value is therefore ``1/k``.
    """
    top = _top(ranked, k)
    if not relevant:
        return None
    return len(set(top) & set(relevant)) / k


def reciprocal_rank(ranked: Sequence[str], relevant: Collection[str], k: int | None = None) -> float | None:
    """``1/r`` for the rank ``r`` of the first relevant title (within ``k`` if given), else 0."""
    top = unique_ranking(ranked) if k is None else _top(ranked, k)
    if not relevant:
        return None
    wanted = set(relevant)
    for rank, title in enumerate(top, start=1):
        if title in wanted:
            return 1.0 / rank
    return 0.0


def ndcg_at_k(ranked: Sequence[str], relevant: Collection[str], k: int) -> float | None:
    """Normalised discounted cumulative gain with gain 1 per relevant title.

    ``DCG = Σ 1/log2(r+1)`` over the relevant titles at ranks ``r ≤ k``; the ideal DCG puts
    ``min(k, |relevant|)`` relevant titles at ranks 1, 2, …; the result is their ratio in [0, 1].
    """
    top = _top(ranked, k)
    if not relevant:
        return None
    wanted = set(relevant)
    dcg = sum(1.0 / math.log2(rank + 1) for rank, title in enumerate(top, start=1) if title in wanted)
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(k, len(wanted)) + 1))
    return dcg / ideal


def mean(values: Iterable[float | None]) -> float | None:
    """Arithmetic mean of the defined values; ``None`` when none is defined."""
    defined = [value for value in values if value is not None]
    return sum(defined) / len(defined) if defined else None
