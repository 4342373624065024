"""Small test sets cut from the curated one, settings with a private data directory, and a
knowledge-base stand-in whose hits each test scripts."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from eval.dataset import DEFAULT_DATASET
from ingestion.documents import load_bundled_documents
from singularity.config import PROJECT_ROOT, Settings, load_settings
from singularity.knowledge.retrieval import Hit, SearchOutcome
from singularity.knowledge.titles import TitleIndex
from tests.support import make_settings, with_gazetteer


@pytest.fixture
def eval_settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path / "data")


@pytest.fixture
def eval_data_dir(knowledge_index: Path, tmp_path: Path,
                  tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory as an evaluation run finds it on a user's machine, with the project's
    configuration: a copy of the bundled knowledge index and the gazetteer index (the session's,
    so that not every run builds it)."""
    data = tmp_path / "data"
    shutil.copytree(knowledge_index, data / "qdrant")
    with_gazetteer(load_settings(config_path=PROJECT_ROOT / "config.yaml",
                                 environ={**os.environ, "SINGULARITY__PATHS__DATA_DIR": str(data)}),
                   tmp_path_factory)
    return data


@pytest.fixture(scope="session")
def title_index() -> TitleIndex:
    return TitleIndex((document.title, document.keywords) for document in load_bundled_documents())


@pytest.fixture
def subset(tmp_path: Path) -> Callable[..., Path]:
    """Write the curated questions with the given ids to a file of their own."""
    lines = {json.loads(line)["id"]: line for line in DEFAULT_DATASET.read_text(encoding="utf-8").splitlines()}

    def write(*ids: str) -> Path:
        path = tmp_path / "subset.jsonl"
        path.write_text("".join(lines[i] + "\n" for i in ids), encoding="utf-8")
        return path

    return write


def hit(title: str, similarity: float = 0.9, doc_id: str = "") -> Hit:
    return Hit(doc_id=doc_id or title.lower(), title=title, section=None, text="…", url=None, source="bundled",
               score=similarity, similarity=similarity)


class FakeEmbedder:
    name = "fake-embedder"
    dimension = 8


class FakeKnowledgeBase:
    """Answers every query from ``answers`` (query substring → hits) with the real outcome type
    and the real title index, and records what it was asked."""

    collection = "astronomy"
    top_k = 5
    prefetch_k = 40
    threshold = 0.8
    embedder = FakeEmbedder()

    def __init__(self, titles: TitleIndex, answers: dict[str, list[Hit]], error: Exception | None = None) -> None:
        self.titles = titles
        self.answers = answers
        self.error = error
        self.calls: list[tuple[list[tuple[str, str | None]], int | None, str]] = []

    def search_topics(self, topics, *, top_k=None, mode="hybrid"):
        self.calls.append((list(topics), top_k, mode))
        if self.error is not None:
            raise self.error
        outcomes = []
        for query, title in topics:
            hits = next((found for key, found in self.answers.items() if key in query), [])
            wanted = self.titles.resolve(title) if title else ()
            outcomes.append(SearchOutcome(query, hits[: top_k or self.top_k], title_filter=wanted,
                                          threshold=self.threshold, mode=mode))
        return outcomes
