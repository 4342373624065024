"""The curated RAG test set: one JSON object per line, checked before anything is measured.

A question names the documents an answer needs (``expected_titles``), documents that are also
correct sources but not required (``acceptable_titles``), and the search strategy a good
planner chooses (``expected_strategy``). Every title must be the exact title of a document in
the knowledge base, so a renamed article breaks the data set loudly instead of silently
lowering recall.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

DEFAULT_DATASET = Path(__file__).resolve().parent / "data" / "rag_questions.jsonl"
MIN_QUESTIONS = 60


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


class DatasetError(ValueError):
    """The test set is malformed; the message names the file and line."""


def load_questions(path: Path = DEFAULT_DATASET, *, known_titles: Collection[str] | None = None,
                   min_questions: int = MIN_QUESTIONS) -> list[Question]:
    """Read and check the test set; with ``known_titles`` every title must be one of them.

    Raises :class:`DatasetError` naming the line of the first problem: a bad line must stop a
    run, not drop out of the averages.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DatasetError(f"The test set {path} cannot be read ({exc.strerror or exc}).") from exc
    questions: list[Question] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            question = Question.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{where}: not valid JSON ({exc.msg}).") from exc
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(map(str, first["loc"]))
            problem = first["msg"].removeprefix("Value error, ")
            raise DatasetError(f"{where}: {field + ': ' if field else ''}{problem}.") from exc
        if question.id in seen:
            raise DatasetError(f"{where}: the id '{question.id}' is already used on line {seen[question.id]}.")
        seen[question.id] = number
        if known_titles is not None:
            unknown = [title for title in (*question.expected_titles, *question.acceptable_titles)
                       if title not in known_titles]
            if unknown:
                raise DatasetError(f"{where}: no document in the knowledge base is titled "
                                   + ", ".join(f"'{title}'" for title in unknown) + ".")
        questions.append(question)
    if len(questions) < min_questions:
        raise DatasetError(f"{path}: {len(questions)} questions; the test set needs at least {min_questions}.")
    return questions


def bundled_titles() -> set[str]:
    """Titles of the bundled corpus, the knowledge base the test set is written for."""
    from ingestion.documents import load_bundled_documents

    return {document.title for document in load_bundled_documents()}
