"""The bundled corpus loads into normalised documents, and JSONL round-trips them unchanged."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ingestion.documents import (
    CORPUS_DATE,
    CORPUS_ROOT,
    Document,
    load_bundled_documents,
    read_jsonl,
    write_jsonl,
)

GOOD = """---
id: topic-test
title: Test topic
section: Tests / Examples
summary: A tiny article.
keywords: [test, Beispiel]
sources:
  - title: "Wikipedia: Mars"
    url: https://en.wikipedia.org/wiki/Mars
  - title: "NASA Mars Fact Sheet"
    url: https://nssdc.gsfc.nasa.gov/planetary/factsheet/marsfact.html
license: CC BY 4.0 (text written for the Singularity project)
---
# Test topic

Lead text with ümlauts — and a dash.

## First section

Mars is red.
"""


@pytest.fixture(scope="module")
def documents() -> list[Document]:
    return load_bundled_documents(CORPUS_ROOT)


def _corpus(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / "topics").mkdir()
    (tmp_path / "objects").mkdir()
    (tmp_path / "topics" / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_real_corpus_loads_with_unique_ids(documents: list[Document]) -> None:
    topics = [d for d in documents if d.id.startswith("topic-")]
    objects = [d for d in documents if d.id.startswith("object-")]
    assert len(topics) >= 150 and len(objects) >= 300
    assert len({d.id for d in documents}) == len(documents)
    assert {d.source for d in documents} == {"bundled"}
    assert {d.retrieved_at for d in documents} == {date.fromisoformat(CORPUS_DATE)}


def test_a_document_keeps_its_metadata_and_body_without_front_matter(documents: list[Document]) -> None:
    mars = next(d for d in documents if d.id == "object-mars")
    assert mars.title.startswith("Mars")
    assert mars.url == mars.sources[0].url and mars.url.startswith("https://")
    assert mars.text.startswith(f"# {mars.title}\n") and "\n---\n" not in mars.text
    assert "## " in mars.text and mars.keywords and mars.license


def test_a_single_file_is_parsed_field_by_field(tmp_path: Path) -> None:
    [doc] = load_bundled_documents(_corpus(tmp_path, "topic-test.md", GOOD))
    assert doc.id == "topic-test" and doc.section == "Tests / Examples"
    assert doc.url == "https://en.wikipedia.org/wiki/Mars"
    assert [s.title for s in doc.sources] == ["Wikipedia: Mars", "NASA Mars Fact Sheet"]
    assert doc.keywords == ["test", "Beispiel"]
    assert doc.text == "# Test topic\n\nLead text with ümlauts — and a dash.\n\n## First section\n\nMars is red."


def test_jsonl_round_trip_is_lossless_and_stable(documents: list[Document], tmp_path: Path) -> None:
    path = tmp_path / "out" / "bundled.jsonl"
    write_jsonl(documents, path)
    assert read_jsonl(path) == documents
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(documents)
    assert lines[0].startswith('{"id": ')
    first = path.read_bytes()
    write_jsonl(read_jsonl(path), path)
    assert path.read_bytes() == first


def test_jsonl_keeps_non_ascii_text_readable(tmp_path: Path) -> None:
    docs = load_bundled_documents(_corpus(tmp_path, "topic-test.md", GOOD))
    write_jsonl(docs, tmp_path / "d.jsonl")
    assert "ümlauts —" in (tmp_path / "d.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "problem"), [
    ("# No front matter\n\nText.\n", "no YAML front matter"),
    (GOOD.replace("keywords: [test, Beispiel]", "keywords: [test"), "not valid YAML"),
    (GOOD.replace("license: CC BY 4.0 (text written for the Singularity project)\n", ""), "lacks license"),
    (GOOD.replace("id: topic-test", "id: topic-other"), "does not match the file name"),
    (GOOD.split("---\n# Test")[0] + "---\n", "no text after the front matter"),
    (GOOD.replace("sources:\n", "sources: []\nx:\n"), "'sources' must be a non-empty list"),
    (GOOD.replace("    url: https://en.wikipedia.org/wiki/Mars\n", ""), "invalid front matter"),
])
def test_a_malformed_file_raises_a_clear_error(tmp_path: Path, text: str, problem: str) -> None:
    root = _corpus(tmp_path, "topic-test.md", text)
    with pytest.raises(ValueError, match="topic-test.md") as info:
        load_bundled_documents(root)
    assert problem in str(info.value)


def test_duplicate_ids_across_folders_are_refused(tmp_path: Path) -> None:
    root = _corpus(tmp_path, "topic-test.md", GOOD)
    (root / "objects" / "topic-test.md").write_text(GOOD, encoding="utf-8")
    with pytest.raises(ValueError, match="already used"):
        load_bundled_documents(root)


def test_a_corrupt_jsonl_line_is_reported_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    write_jsonl(load_bundled_documents(_corpus(tmp_path, "topic-test.md", GOOD)), path)
    path.write_text(path.read_text(encoding="utf-8") + '{"id": "x"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="line 2"):
        read_jsonl(path)
