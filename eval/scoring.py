"""What one question's search produced, how it scores, and the averages of a run.

Recall@k and NDCG@k count the *expected* titles (the documents the answer needs); Precision@k
and the reciprocal rank count expected and *acceptable* titles alike (any correct source at the
top is a good first hit). Strategy checks compare the search plan with the expected strategy.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from eval.dataset import Question
from eval.metrics import (
    mean,
    ndcg_at_k,
    precision_at_k,
    recall_at_k,
    reciprocal_rank,
    unique_ranking,
)

CHECKS = ("title_filter", "topics", "web_fallback")
METRICS = ("recall", "precision", "rr", "ndcg")


@dataclass(frozen=True)
class RetrievedHit:
    """One returned chunk, reduced to what the metrics and a reader of the report need."""

    title: str
    doc_id: str
    score: float
    similarity: float
    topic: int
    """Index of the search topic that returned it."""


@dataclass(frozen=True)
class Retrieval:
    """The search of one question: the merged hits and the strategy the planner chose."""

    hits: list[RetrievedHit]
    topics: list[str]
    """The standalone queries searched (one unless the question was split)."""
    title_filters: list[list[str]]
    """Per topic, the document titles the planner's title filter named (empty: no filter)."""
    retried_without_filter: bool
    web_fallback: bool
    """Whether no topic's local hits were judged sufficient, so the web would be searched."""
    best_similarity: float
    seconds: float = 0.0
    error: str | None = None

    @property
    def ranked_titles(self) -> list[str]:
        return unique_ranking(hit.title for hit in self.hits)


def merge_ranked(per_topic: list[list[RetrievedHit]]) -> list[RetrievedHit]:
    """Hits of several topics interleaved by rank (1st of each topic, then 2nd, …), so every
    topic is represented at the top of the merged list."""
    merged: list[RetrievedHit] = []
    for rank in range(max((len(hits) for hits in per_topic), default=0)):
        merged.extend(hits[rank] for hits in per_topic if rank < len(hits))
    return merged


def strategy_checks(question: Question, retrieval: Retrieval) -> dict[str, bool]:
    """Whether the plan did what ``question.expected_strategy`` asks.

    * ``title_filter``: with an expected title, some topic's filter must include it; without
      one, a filter fails only when it shuts out every correct source (filtering "Oortsche
      Wolke" to "The Oort Cloud" is fine; a question with no local source cannot lose one).
    * ``topics``: split into several topics exactly when a split is expected.
    * ``web_fallback``: local hits judged insufficient exactly when the web is expected.
    """
    expected = question.expected_strategy
    filters = [set(titles) for titles in retrieval.title_filters if titles]
    if expected.title_filter is not None:
        title_ok = any(expected.title_filter in titles for titles in filters)
    else:
        relevant = question.relevant_titles
        title_ok = not relevant or all(titles & relevant for titles in filters)
    return {
        "title_filter": title_ok,
        "topics": (len(retrieval.topics) > 1) == (expected.topics > 1),
        "web_fallback": retrieval.web_fallback == expected.web_fallback,
    }


@dataclass
class QuestionResult:
    """Everything the report keeps about one question."""

    id: str
    question: str
    language: str
    kind: str
    expected_titles: list[str]
    acceptable_titles: list[str]
    expected_strategy: dict[str, Any]
    retrieved_titles: list[str]
    hits: list[dict[str, Any]]
    strategy: dict[str, Any]
    checks: dict[str, bool]
    metrics: dict[str, float | None]
    seconds: float
    error: str | None = None
    notes: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def score_question(question: Question, retrieval: Retrieval, k: int) -> QuestionResult:
    """Metrics and strategy checks of one question (no metrics when its search failed)."""
    ranked = retrieval.ranked_titles
    required, relevant = question.expected_titles, question.relevant_titles
    if retrieval.error is None:
        metrics = {"recall": recall_at_k(ranked, required, k), "precision": precision_at_k(ranked, relevant, k),
                   "rr": reciprocal_rank(ranked, relevant, k), "ndcg": ndcg_at_k(ranked, required, k)}
        checks = strategy_checks(question, retrieval)
    else:  # a failed search counts as nothing found, and as no strategy followed
        metrics = {"recall": 0.0 if required else None, "precision": 0.0 if required else None,
                   "rr": 0.0 if required else None, "ndcg": 0.0 if required else None}
        checks = dict.fromkeys(CHECKS, False)
    return QuestionResult(
        id=question.id, question=question.question, language=question.language, kind=str(question.kind),
        expected_titles=list(required), acceptable_titles=list(question.acceptable_titles),
        expected_strategy=question.expected_strategy.model_dump(), retrieved_titles=ranked,
        hits=[asdict(hit) for hit in retrieval.hits],
        strategy={"topics": retrieval.topics, "title_filters": retrieval.title_filters,
                  "retried_without_filter": retrieval.retried_without_filter,
                  "web_fallback": retrieval.web_fallback, "best_similarity": retrieval.best_similarity},
        checks=checks, metrics=metrics, seconds=round(retrieval.seconds, 4), error=retrieval.error,
        notes=question.notes,
    )


def summarise(results: list[QuestionResult]) -> dict[str, Any]:
    """Mean metrics (over questions where they are defined) and strategy-check pass rates."""
    summary: dict[str, Any] = {"questions": len(results),
                               "with_expected_titles": sum(1 for r in results if r.expected_titles),
                               "errors": sum(1 for r in results if r.error)}
    for name in METRICS:
        summary[name] = mean(r.metrics[name] for r in results)
    for check in CHECKS:
        summary[f"{check}_ok"] = mean(1.0 if r.checks[check] else 0.0 for r in results)
    summary["strategy_ok"] = mean(1.0 if all(r.checks.values()) else 0.0 for r in results)
    return summary


def breakdown(results: list[QuestionResult], key: str) -> dict[str, dict[str, Any]]:
    """:func:`summarise` per value of ``key`` ("kind" or "language"), in first-seen order."""
    groups: dict[str, list[QuestionResult]] = {}
    for result in results:
        groups.setdefault(getattr(result, key), []).append(result)
    return {name: summarise(members) for name, members in groups.items()}
