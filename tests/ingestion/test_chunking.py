"""Chunks follow sections and whole sentences, carry their subject, and get stable point ids."""

from __future__ import annotations

import itertools
import re
import uuid
from datetime import date

import pytest

from ingestion.chunking import Chunk, chunk_document, point_id
from ingestion.documents import CORPUS_ROOT, Document, load_bundled_documents
from singularity.knowledge.sentences import split_sentences


def _doc(text: str, *, url: str | None = "https://en.wikipedia.org/wiki/Mars", doc_id: str = "topic-mars") -> Document:
    return Document(id=doc_id, source="bundled", url=url, title="Mars", section="Planets", text=text,
                    license="CC BY 4.0", retrieved_at=date(2026, 11, 30))


LONG_SECTION = " ".join(f"Sentence number {i} says that Mars is about 1.52 au from the Sun, e.g. on average."
                        for i in range(40))
ARTICLE = f"""# Mars

Mars is the fourth planet. It is red.

## Atmosphere and temperature

Die Temperatur liegt bei ca. 210 K, z. B. am Äquator. Das ist kalt! Is it cold? Yes.

## Orbit

{LONG_SECTION}
"""


@pytest.fixture(scope="module")
def corpus() -> list[Document]:
    return load_bundled_documents(CORPUS_ROOT)


def _body(chunk: Chunk) -> str:
    return chunk.text.split("\n", 1)[1]


def test_sections_become_chunks_with_their_heading_in_front() -> None:
    chunks = chunk_document(_doc(ARTICLE), max_chars=130)  # too small to join the first two
    assert [c.section_heading for c in chunks[:2]] == [None, "Atmosphere and temperature"]
    assert chunks[0].text == "Mars\nMars is the fourth planet. It is red."
    assert chunks[1].text == ("Mars — Atmosphere and temperature\n"
                              "Die Temperatur liegt bei ca. 210 K, z. B. am Äquator. Das ist kalt! Is it cold? Yes.")
    assert all(c.text.startswith("Mars — Orbit\n") for c in chunks[2:])
    assert [c.chunk_index for c in chunks] == list(range(len(chunks)))
    assert {(c.doc_id, c.url, c.source, c.title) for c in chunks} == {
        ("topic-mars", "https://en.wikipedia.org/wiki/Mars", "bundled", "Mars")}


def test_short_sections_share_a_chunk_and_keep_their_headings() -> None:
    lead, *rest = chunk_document(_doc(ARTICLE))
    assert lead.section_heading is None
    assert lead.text == ("Mars\nMars is the fourth planet. It is red.\n\n## Atmosphere and temperature\n"
                         "Die Temperatur liegt bei ca. 210 K, z. B. am Äquator. Das ist kalt! Is it cold? Yes.")
    assert all(c.section_heading == "Orbit" for c in rest)  # too long to join: its own chunks


def test_a_long_section_is_cut_between_sentences_within_the_limit() -> None:
    orbit = [c for c in chunk_document(_doc(ARTICLE), max_chars=300) if c.section_heading == "Orbit"]
    sentences = split_sentences(LONG_SECTION)
    assert len(orbit) > 5
    for chunk in orbit:
        assert len(chunk.text) <= 300
        assert all(part in sentences for part in split_sentences(_body(chunk)))
    covered = {s for c in orbit for s in split_sentences(_body(c))}
    assert covered == set(sentences)


def test_consecutive_chunks_overlap_by_the_requested_sentences() -> None:
    orbit = [c for c in chunk_document(_doc(ARTICLE), max_chars=300, overlap_sentences=1)
             if c.section_heading == "Orbit"]
    for previous, following in itertools.pairwise(orbit):
        assert split_sentences(_body(previous))[-1] == split_sentences(_body(following))[0]
    plain = [c for c in chunk_document(_doc(ARTICLE), max_chars=300, overlap_sentences=0)
             if c.section_heading == "Orbit"]
    bodies = [s for c in plain for s in split_sentences(_body(c))]
    assert bodies == split_sentences(LONG_SECTION)


def test_a_sentence_longer_than_the_limit_stays_whole() -> None:
    giant = "Mars " + "is very red and dusty " * 30 + "indeed."
    chunks = chunk_document(_doc(f"# Mars\n\n## Colour\n\nShort one. {giant} Short two."), max_chars=200)
    bodies = [_body(c) for c in chunks]
    assert giant in bodies
    assert all(len(c.text) <= 200 for c in chunks if giant not in c.text)


@pytest.mark.parametrize(("text", "expected"), [
    ("Mars is approx. 1.52 au away, e.g. in 2020. Next.", ["Mars is approx. 1.52 au away, e.g. in 2020.", "Next."]),
    ("Er ist ca. 5 km groß, z. B. am 3. Mai 2020. Das ist gut!", ["Er ist ca. 5 km groß, z. B. am 3. Mai 2020.",
                                                                 "Das ist gut!"]),
    ("St. Helena is far. Is it? Yes… Sure.", ["St. Helena is far.", "Is it?", "Yes…", "Sure."]),
    ('He said "Look up." Then he left.', ['He said "Look up."', "Then he left."]),
    ("Ein „Zitat.“ Dann weiter. Pi is 3.14159 roughly.", ["Ein „Zitat.“", "Dann weiter.", "Pi is 3.14159 roughly."]),
    ("J. R. Smith found it in 1963. The end", ["J. R. Smith found it in 1963.", "The end"]),
])
def test_sentence_splitting_in_english_and_german(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


def test_list_items_keep_their_lines() -> None:
    text = "# Mars\n\n## Missions\n\nMissions:\n\n- Viking 1, 1976.\n- Curiosity, 2012.\n"
    [chunk] = chunk_document(_doc(text))
    assert chunk.text == "Mars — Missions\nMissions:\n\n- Viking 1, 1976.\n- Curiosity, 2012."


def test_the_whole_corpus_chunks_within_the_limit_without_cutting_sentences(corpus: list[Document]) -> None:
    for doc in corpus:
        chunks = chunk_document(doc, max_chars=800)
        assert chunks, doc.id
        for chunk in chunks:
            assert len(chunk.text) <= 800 or len(split_sentences(_body(chunk))) == 1, chunk.text
            assert chunk.text.startswith(doc.title)
            assert re.search(r"[.!?…:)\"”]$", chunk.text), chunk.text[-60:]


def test_chunking_is_deterministic(corpus: list[Document]) -> None:
    sample = corpus[::25]
    assert [chunk_document(d) for d in sample] == [chunk_document(d) for d in sample]


def test_point_ids_are_stable_uuids_that_differ_per_chunk() -> None:
    first = point_id("bundled", "https://en.wikipedia.org/wiki/Mars", 0)
    assert first == point_id("bundled", "https://en.wikipedia.org/wiki/Mars", 0)
    assert uuid.UUID(first).version == 5
    assert first != point_id("bundled", "https://en.wikipedia.org/wiki/Mars", 1)
    assert first != point_id("wikipedia", "https://en.wikipedia.org/wiki/Mars", 0)
    assert point_id("bundled", None, 0, doc_id="topic-mars") == point_id("bundled", None, 0, doc_id="topic-mars")
    with pytest.raises(ValueError):
        point_id("bundled", None, 0)


def test_every_chunk_of_the_corpus_has_its_own_point_id(corpus: list[Document]) -> None:
    chunks = [c for d in corpus for c in chunk_document(d)]
    ids = [c.point_id for c in chunks]
    assert len(set(ids)) == len(ids)
    assert ids == [c.point_id for d in corpus for c in chunk_document(d)]


def test_documents_sharing_a_url_do_not_collide() -> None:
    a = chunk_document(_doc(ARTICLE, doc_id="object-m1", url="https://github.com/mattiaverga/OpenNGC"))
    b = chunk_document(_doc(ARTICLE, doc_id="object-m2", url="https://github.com/mattiaverga/OpenNGC"))
    assert a[0].point_id != b[0].point_id


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError):
        chunk_document(_doc(ARTICLE), max_chars=0)
    with pytest.raises(ValueError):
        chunk_document(_doc(ARTICLE), overlap_sentences=-1)
