"""The curated RAG test sets: one JSON object per line, checked before anything is measured.

``rag_questions.jsonl`` measures retrieval; ``answer_questions.jsonl`` measures the offline
answer: each question either has an answer in the knowledge base (``fact``: a regular
expression the answer must match) or has none (the answer must say so).

A question names the documents an answer needs (``expected_titles``), documents that are also
correct sources but not required (``acceptable_titles``), and the search strategy a good
planner chooses (``expected_strategy``). Every title must be the exact title of a document in
the knowledge base, so a renamed article breaks the data set loudly instead of silently
lowering recall.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from enum import StrEnum
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

DEFAULT_DATASET = Path(__file__).resolve().parent / "data" / "rag_questions.jsonl"
MIN_QUESTIONS = 60
DEFAULT_ANSWERS = Path(__file__).resolve().parent / "data" / "answer_questions.jsonl"
MIN_ANSWER_QUESTIONS = 60
"""Issue 10: at least 60 answerable and 60 unanswerable questions."""


class Kind(StrEnum):
    """What a question tests."""

    SINGLE = "single"
    SYNTHESIS = "synthesis"
    COMPARISON = "comparison"
    COMPOUND = "compound"
    TITLE_FILTER = "title_filter"
    WEB_FALLBACK = "web_fallback"


class ExpectedStrategy(BaseModel):
    """How a good search plan handles the question."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title_filter: str | None
    """The document title the search should filter on; ``None``: no filter."""
    topics: int = Field(ge=1)
    """1: one search; more: the question should be split into that many topics."""
    web_fallback: bool
    """Whether the local hits should be judged insufficient, so the web is searched."""


class Question(BaseModel):
    """One line of the test set."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    question: str = Field(min_length=3)
    language: Literal["de", "en"]
    kind: Kind
    expected_titles: list[str]
    acceptable_titles: list[str] = Field(default_factory=list)
    expected_strategy: ExpectedStrategy
    notes: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> Question:
        strategy = self.expected_strategy
        if strategy.web_fallback != (self.kind is Kind.WEB_FALLBACK):
            raise ValueError("expected_strategy.web_fallback must be true exactly for kind web_fallback")
        if not self.expected_titles and self.kind is not Kind.WEB_FALLBACK:
            raise ValueError("expected_titles may only be empty for kind web_fallback")
        if (strategy.title_filter is not None) != (self.kind is Kind.TITLE_FILTER):
            raise ValueError("expected_strategy.title_filter must be set exactly for kind title_filter")
        if strategy.title_filter is not None and strategy.title_filter not in self.expected_titles:
            raise ValueError("expected_strategy.title_filter must be one of expected_titles")
        split = self.kind in (Kind.COMPARISON, Kind.COMPOUND)
        if (strategy.topics > 1) != split:
            raise ValueError("expected_strategy.topics must be above 1 exactly for comparison and compound")
        if set(self.expected_titles) & set(self.acceptable_titles):
            raise ValueError("a title may not be both expected and acceptable")
        return self

    @property
    def relevant_titles(self) -> set[str]:
        """Every title that counts as a correct source: expected and acceptable."""
        return set(self.expected_titles) | set(self.acceptable_titles)


class AnswerQuestion(BaseModel):
    """One line of the answer test set."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    question: str = Field(min_length=3)
    language: Literal["de", "en"]
    split: Literal["dev", "heldout"]
    asked: str = Field(min_length=1)
    """The kind of fact asked (person, date, distance, count, reason, …), as the author read it."""
    answerable: bool
    fact: str | None = None
    """A regular expression (case-insensitive) the answer must match; only for answerable questions."""
    notes: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> AnswerQuestion:
        if self.answerable != bool(self.fact):
            raise ValueError("fact must be given exactly for answerable questions")
        if self.fact:
            try:
                re.compile(self.fact)
            except re.error as exc:
                raise ValueError(f"fact is no regular expression ({exc})") from exc
        return self


class DatasetError(ValueError):
    """The test set is malformed; the message names the file and line."""


Line = TypeVar("Line", Question, AnswerQuestion)


def read_lines(path: Path, model: type[Line], check: Callable[[Line], str | None] = lambda _: None,
               *, error: type[ValueError] = DatasetError) -> list[Line]:
    """Every line of ``path`` as ``model`` (a JSONL test set), ids unique and ``check`` (a
    problem or None) passed; raises ``error`` naming the line. Shared by every evaluation."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise error(f"The test set {path} cannot be read ({exc.strerror or exc}).") from exc
    items: list[Line] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            item = model.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise error(f"{where}: not valid JSON ({exc.msg}).") from exc
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(map(str, first["loc"]))
            problem = first["msg"].removeprefix("Value error, ")
            raise error(f"{where}: {field + ': ' if field else ''}{problem}.") from exc
        if item.id in seen:
            raise error(f"{where}: the id '{item.id}' is already used on line {seen[item.id]}.")
        seen[item.id] = number
        problem = check(item)
        if problem:
            raise error(f"{where}: {problem}")
        items.append(item)
    return items


def load_answer_questions(path: Path = DEFAULT_ANSWERS, *, min_each: int = MIN_ANSWER_QUESTIONS) -> list[AnswerQuestion]:
    """Read and check the answer test set: at least ``min_each`` answerable and unanswerable questions."""
    questions = read_lines(path, AnswerQuestion)
    answerable = sum(q.answerable for q in questions)
    if min(answerable, len(questions) - answerable) < min_each:
        raise DatasetError(f"{path}: {answerable} answerable and {len(questions) - answerable} unanswerable "
                           f"questions; the test set needs at least {min_each} of each.")
    return questions


def load_questions(path: Path = DEFAULT_DATASET, *, known_titles: Collection[str] | None = None,
                   min_questions: int = MIN_QUESTIONS) -> list[Question]:
    """Read and check the test set; with ``known_titles`` every title must be one of them.

    Raises :class:`DatasetError` naming the line of the first problem: a bad line must stop a
    run, not drop out of the averages.
    """
    def unknown_titles(question: Question) -> str | None:
        unknown = [title for title in (*question.expected_titles, *question.acceptable_titles)
                   if known_titles is not None and title not in known_titles]
        return ("no document in the knowledge base is titled " + ", ".join(f"'{title}'" for title in unknown)
                + ".") if unknown else None

    questions = read_lines(path, Question, unknown_titles)
    if len(questions) < min_questions:
        raise DatasetError(f"{path}: {len(questions)} questions; the test set needs at least {min_questions}.")
    return questions


def bundled_titles() -> set[str]:
    """Titles of the bundled corpus, the knowledge base the test set is written for."""
    from ingestion.documents import load_bundled_documents

    return {document.title for document in load_bundled_documents()}
