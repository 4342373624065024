"""The curated test set is valid, and a broken line is reported with its number."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from eval.dataset import (
    DEFAULT_DATASET,
    MIN_QUESTIONS,
    DatasetError,
    Kind,
    bundled_titles,
    load_answer_questions,
    load_questions,
)


@pytest.fixture(scope="module")
def titles() -> set[str]:
    return bundled_titles()


def test_the_curated_set_is_valid_against_the_bundled_corpus(titles: set[str]) -> None:
    questions = load_questions(DEFAULT_DATASET, known_titles=titles)
    assert len(questions) >= MIN_QUESTIONS
    languages = Counter(q.language for q in questions)
    assert abs(languages["de"] - languages["en"]) <= len(questions) // 10
    kinds = Counter(q.kind for q in questions)
    assert set(kinds) == set(Kind)
    assert min(kinds.values()) >= 5
    for kind in Kind:  # every kind is asked in both languages
        assert {q.language for q in questions if q.kind is kind} == {"de", "en"}
    assert all(not q.expected_titles for q in questions if q.kind is Kind.WEB_FALLBACK)


def _line(**changes: object) -> dict[str, object]:
    line: dict[str, object] = {
        "id": "q1", "question": "Wie hell ist M13?", "language": "de", "kind": "title_filter",
        "expected_titles": ["M13 — Hercules Globular Cluster"], "acceptable_titles": [],
        "expected_strategy": {"title_filter": "M13 — Hercules Globular Cluster", "topics": 1,
                              "web_fallback": False},
    }
    line.update(changes)
    return line


def _write(tmp_path: Path, *lines: object) -> Path:
    path = tmp_path / "set.jsonl"
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines),
                    encoding="utf-8")
    return path


def test_a_good_small_file_loads(tmp_path: Path, titles: set[str]) -> None:
    path = _write(tmp_path, _line(), "", _line(id="q2"))
    assert [q.id for q in load_questions(path, known_titles=titles, min_questions=2)] == ["q1", "q2"]


@pytest.mark.parametrize(("bad", "message"), [
    ('{"id": "q2", "question": ', r"line 2: not valid JSON"),
    (_line(id="q2", language="fr"), r"line 2: language: Input should be 'de' or 'en'"),
    (_line(id="q2", kind="trivia"), r"line 2: kind: Input should be"),
    (_line(id="q2", expected_titles=["No Such Article"],
           expected_strategy={"title_filter": "No Such Article", "topics": 1, "web_fallback": False}),
     r"line 2: no document in the knowledge base is titled 'No Such Article'"),
    (_line(), r"line 2: the id 'q1' is already used on line 1"),
    (_line(id="q2", kind="single"), r"line 2: expected_strategy.title_filter must be set exactly for kind title_filter"),
    (_line(id="q2", kind="compound", expected_strategy={"title_filter": None, "topics": 1, "web_fallback": False}),
     r"line 2: expected_strategy.topics must be above 1 exactly for comparison and compound"),
    (_line(id="q2", kind="web_fallback", expected_titles=[]), r"line 2: expected_strategy.web_fallback must be true exactly"),
    (_line(id="q2", surprise=1), r"line 2: surprise: Extra inputs are not permitted"),
])
def test_a_broken_line_is_named(tmp_path: Path, titles: set[str], bad: object, message: str) -> None:
    path = _write(tmp_path, _line(), bad)
    with pytest.raises(DatasetError, match=message) as caught:
        load_questions(path, known_titles=titles, min_questions=1)
    assert str(path) in str(caught.value)


def test_too_few_questions_and_a_missing_file_are_errors(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="1 questions; the test set needs at least 60"):
        load_questions(_write(tmp_path, _line()))
    with pytest.raises(DatasetError, match="cannot be read"):
        load_questions(tmp_path / "missing.jsonl")


def test_the_answer_set_has_60_answerable_and_60_unanswerable_in_both_languages_and_a_held_out_part() -> None:
    """The held-out part is a third of the first set (20 or more of each kind) plus fresh batches
    written without reading the rules; questions written to find weaknesses go to the dev part.
    The held-out part is balanced by language; the whole set within a tenth, because a dev batch
    may be written for one language's weakness (the eighth round's English batch)."""
    questions = load_answer_questions()
    for answerable in (True, False):
        group = [q for q in questions if q.answerable == answerable]
        assert len(group) >= 60
        held_out = [q for q in group if q.split == "heldout"]
        for part, margin in ((held_out, 6), (group, len(group) // 10)):
            assert abs(sum(q.language == "de" for q in part) - sum(q.language == "en" for q in part)) <= margin
        assert 20 <= len(held_out) <= len(group) // 2


@pytest.mark.parametrize(("line", "problem"), [
    ({"answerable": True}, "fact must be given exactly for answerable questions"),
    ({"answerable": False, "fact": "x"}, "fact must be given exactly for answerable questions"),
    ({"answerable": True, "fact": "(unclosed"}, "fact is no regular expression"),
])
def test_a_bad_answer_line_names_its_problem(tmp_path: Path, line: dict, problem: str) -> None:
    path = tmp_path / "answers.jsonl"
    base = {"id": "x", "question": "Who?", "language": "en", "split": "dev", "asked": "person"}
    path.write_text(json.dumps({**base, **line}) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=re.escape(problem)):
        load_answer_questions(path, min_each=0)
