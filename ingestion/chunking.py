"""Cut normalised documents into retrievable chunks and give each a stable Qdrant point id.

Chunks follow the ``##`` sections the corpus is written in, and fall back to sentence
boundaries (never mid-sentence) when a section is too long; a short section joins the chunk
before it (its heading kept as a ``## …`` line) while that stays within the limit. Each chunk
starts with "<title> — <section heading>" so that a chunk found on its own still names its subject.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from ingestion.documents import Document
from singularity.knowledge.sentences import split_sentences

POINT_NAMESPACE = uuid.UUID("5d1c2f0e-7b1a-5e2c-9a43-3f6b0c8e1d27")
"""Fixed namespace of every point id: changing it would re-create the whole index."""

_HEADING = re.compile(r"^##\s+(?P<heading>.+?)\s*#*\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")

class Chunk(BaseModel):
    """One retrievable piece of a document, ready to embed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    doc_id: str
    chunk_index: int
    title: str
    section_heading: str | None
    """``None`` for the lead text before the first ``##`` heading."""
    text: str
    url: str | None
    source: str

    @property
    def point_id(self) -> str:
        """The Qdrant point id of this chunk (see :func:`point_id`)."""
        return point_id(self.source, self.url, self.chunk_index, doc_id=self.doc_id)


def point_id(source: str, url: str | None, chunk_index: int, *, doc_id: str | None = None) -> str:
    """Deterministic UUID5 of a chunk, so re-indexing a document overwrites its points.

    The key is source, url and chunk index; ``doc_id`` is part of it too when given, because
    several bundled documents cite the same first URL (all OpenNGC object cards do) and would
    otherwise collide. With no url the doc id alone identifies the document.
    """
    if chunk_index < 0:
        raise ValueError("The chunk index must be 0 or more.")
    if not url and not doc_id:
        raise ValueError("A point id needs a url or a document id.")
    name = "\x1f".join((source, url or "", doc_id or "", str(chunk_index)))
    return str(uuid.uuid5(POINT_NAMESPACE, name))


def chunk_document(doc: Document, *, max_chars: int = 1200, overlap_sentences: int = 1) -> list[Chunk]:
    """Split ``doc`` along ``##`` sections, then sentences, into chunks of at most ``max_chars``.

    ``max_chars`` counts the whole chunk text including its title prefix. A single sentence
    longer than that stays whole in its own chunk rather than being cut. Consecutive chunks of
    one section share ``overlap_sentences`` sentences when they fit, so context is not lost at
    the cut.
    """
    if max_chars <= 0:
        raise ValueError("max_chars must be positive.")
    if overlap_sentences < 0:
        raise ValueError("overlap_sentences must be 0 or more.")
    pieces: list[tuple[str | None, str]] = []  # (section heading, text without the title line)
    for heading, body in _sections(doc.text):
        prefix = f"{doc.title} — {heading}\n" if heading else f"{doc.title}\n"
        texts = _pack(_units(body), budget=max_chars - len(prefix), overlap=overlap_sentences)
        if len(texts) == 1 and pieces and _fits(doc.title, pieces[-1], heading, texts[0], max_chars):
            previous_heading, previous = pieces[-1]
            pieces[-1] = (previous_heading, f"{previous}\n\n## {heading}\n{texts[0]}")
            continue
        pieces.extend((heading, text) for text in texts)
    return [Chunk(doc_id=doc.id, chunk_index=index, title=doc.title, section_heading=heading,
                  text=f"{_prefix(doc.title, heading)}{text}", url=doc.url, source=doc.source)
            for index, (heading, text) in enumerate(pieces)]


def _prefix(title: str, heading: str | None) -> str:
    return f"{title} — {heading}\n" if heading else f"{title}\n"


def _fits(title: str, piece: tuple[str | None, str], heading: str | None, text: str, max_chars: int) -> bool:
    """Whether a short section still fits into the chunk before it (short sections are merged:
    fewer, fuller chunks are cheaper to search and keep a small section's context)."""
    merged = f"{_prefix(title, piece[0])}{piece[1]}\n\n## {heading}\n{text}"
    return heading is not None and len(merged) <= max_chars


@dataclass(frozen=True)
class _Unit:
    """A sentence and the separator that precedes it in the original layout."""

    text: str
    separator: str


def _sections(markdown: str) -> list[tuple[str | None, str]]:
    """(heading, body) pairs: the lead before the first ``##`` (heading ``None``), then each section."""
    sections: list[tuple[str | None, list[str]]] = [(None, [])]
    for line in markdown.splitlines():
        heading = _HEADING.match(line)
        if heading:
            sections.append((heading["heading"], []))
        elif line.startswith("# ") and sections[-1][0] is None and not any(sections[-1][1]):
            continue  # the document title, already carried by every chunk's prefix
        else:
            sections[-1][1].append(line)
    result = [(heading, "\n".join(lines).strip()) for heading, lines in sections]
    return [(heading, body) for heading, body in result if body]


def _units(body: str) -> list[_Unit]:
    """Sentences of a section, remembering paragraph and list-item breaks for re-joining."""
    units: list[_Unit] = []
    for paragraph in re.split(r"\n\s*\n", body):
        lines: list[str] = []
        for line in paragraph.splitlines():
            if lines and not _LIST_ITEM.match(line):
                lines[-1] += " " + line.strip()
            else:
                lines.append(line.strip())
        for line_number, line in enumerate(lines):
            for sentence_number, sentence in enumerate(split_sentences(line)):
                if sentence_number:
                    separator = " "
                elif line_number:
                    separator = "\n"
                else:
                    separator = "\n\n"
                units.append(_Unit(sentence, separator))
    return units


def _join(units: list[_Unit]) -> str:
    """Re-join sentences with their original separators (the first one's is dropped)."""
    return "".join((unit.separator if i else "") + unit.text for i, unit in enumerate(units))


def _pack(units: list[_Unit], *, budget: int, overlap: int) -> list[str]:
    """Greedy packing of sentences into texts of at most ``budget`` characters, with overlap."""
    texts: list[str] = []
    start = 0
    while start < len(units):
        end = start + 1
        while end < len(units) and len(_join(units[start:end + 1])) <= budget:
            end += 1
        texts.append(_join(units[start:end]))
        if end == len(units):
            break
        next_start = max(end - overlap, start + 1)
        while next_start < end and len(_join(units[next_start:end + 1])) > budget:
            next_start += 1
        start = next_start
    return texts
