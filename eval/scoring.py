"""What one question's search produced, how it scores, and the averages of a run.

Recall@k and NDCG@k count the *expected* titles (the documents the answer needs); Precision@k
and the reciprocal rank count expected and *acceptable* titles alike (any correct source at the
top is a good first hit). Strategy checks compare the search plan with the expected strategy.

An answer question is scored on the pilot's answer text: an answerable one must state its
fact (a regular expression) before any related passages or sources and not decline; an
unanswerable one must decline in one of the catalogue's sentences for it.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

from eval.dataset import AnswerQuestion, Question
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


# --- answers ----------------------------------------------------------------------------------

ANSWER_GROUPS = ("all", "dev", "heldout", "de", "en")
KNOWLEDGE_SEARCHES = frozenset({"search_local_knowledge", "search_multiple_topics"})
_DECLINES = ("knowledge_answers.not_said", "knowledge_answers.not_answered", "knowledge_answers.nothing_local")
"""The catalogue's sentences with which an answer says the knowledge base does not answer."""
_AFTER_ANSWER = ("knowledge_answers.related",)
_SOURCE_HEADINGS = re.compile(r"^\*\*(?:Quellen|Sources)\*\*", re.MULTILINE)


@cache
def _decline_patterns() -> tuple[re.Pattern[str], ...]:
    """The decline sentences of the catalogue in both languages, parameters as wildcards."""
    from singularity.catalogue import LANGUAGES, catalogue, parameters

    patterns = []
    for key in _DECLINES:
        for language in LANGUAGES:
            template = catalogue()[key][language]
            holes = {name: "\x00" for name in parameters(template)}
            patterns.append(re.compile(".*?".join(map(re.escape, template.format(**holes).split("\x00")))))
    return tuple(patterns)


def declines(answer: str) -> bool:
    """Whether ``answer`` says, in the catalogue's words, that the knowledge base does not answer."""
    return any(pattern.search(answer) for pattern in _decline_patterns())


def answer_part(answer: str) -> str:
    """The answer without what follows it: the related passages and the source list (a name
    in a citation or a related sentence is no answer)."""
    from singularity.catalogue import LANGUAGES, say

    end = len(answer)
    for key in _AFTER_ANSWER:
        for language in LANGUAGES:
            found = answer.find(say(key, language))
            if found >= 0:
                end = min(end, found)
    heading = _SOURCE_HEADINGS.search(answer)
    return answer[:min(end, heading.start() if heading else end)]


@dataclass
class AnswerResult:
    """One answer question through the offline pilot, and how it scored."""

    id: str
    question: str
    language: str
    split: str
    asked: str
    answerable: bool
    fact: str | None
    answer: str
    declined: bool
    correct: bool
    """Answerable: the answer states the fact and does not decline. Unanswerable: it declines."""
    tools: list[str]
    seconds: float
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def score_answer(question: AnswerQuestion, answer: str, *, tools: list[str], seconds: float,
                 error: str | None = None) -> AnswerResult:
    declined = declines(answer)
    if question.answerable:
        correct = (error is None and not declined and question.fact is not None
                   and re.search(question.fact, answer_part(answer), re.IGNORECASE) is not None)
    else:
        correct = error is None and declined
    return AnswerResult(id=question.id, question=question.question, language=question.language,
                        split=question.split, asked=question.asked, answerable=question.answerable,
                        fact=question.fact, answer=answer, declined=declined, correct=correct, tools=tools,
                        seconds=round(seconds, 3), error=error)


def summarise_answers(results: list[AnswerResult]) -> dict[str, dict[str, Any]]:
    """Per group (all, dev, heldout, de, en): answer accuracy on answerable questions, the rate
    of unanswerable questions recognised, answerable questions wrongly declined, and questions
    that never reached a knowledge search (routed elsewhere: they count as failed)."""
    groups: dict[str, dict[str, Any]] = {}
    for group in ANSWER_GROUPS:
        members = [r for r in results if group in ("all", r.split, r.language)]
        answerable = [r for r in members if r.answerable]
        unanswerable = [r for r in members if not r.answerable]
        groups[group] = {
            "answerable": len(answerable), "unanswerable": len(unanswerable),
            "answer_accuracy": mean(1.0 if r.correct else 0.0 for r in answerable),
            "unanswerable_recognised": mean(1.0 if r.correct else 0.0 for r in unanswerable),
            "wrongly_declined": sum(1 for r in answerable if r.declined),
            "not_searched": sum(1 for r in members if not KNOWLEDGE_SEARCHES & set(r.tools)),
            "errors": sum(1 for r in members if r.error),
        }
    return groups
