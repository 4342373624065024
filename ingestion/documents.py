"""Normalised knowledge-base documents and the adapter for the bundled Markdown corpus.

Every source adapter (bundled corpus, OpenStax, Wikipedia) produces the same :class:`Document`
shape, stored as JSONL, so chunking and indexing never need to know where a text came from.
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from singularity.yamldata import load_yaml

CORPUS_ROOT = Path(__file__).resolve().parent / "corpus"
"""Directory holding the bundled corpus (``topics/`` and ``objects/``)."""

CORPUS_DIRS = ("topics", "objects")
BUNDLED_SOURCE = "bundled"

CORPUS_DATE = "2026-11-30"
"""When the bundled texts were written (ISO date): their ``retrieved_at``, shown as the local copy's date."""

_FRONT_MATTER = re.compile(r"\A---\n(?P<meta>.*?)\n---\n(?P<body>.*)\Z", re.DOTALL)


class SourceRef(BaseModel):
    """A public reference a document relied on, kept for citations."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str = Field(min_length=1)
    url: str = Field(min_length=1)


class Document(BaseModel):
    """One normalised text, whatever adapter produced it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    source: str = Field(min_length=1)
    url: str | None
    title: str = Field(min_length=1)
    section: str
    text: str = Field(min_length=1)
    license: str = Field(min_length=1)
    retrieved_at: date
    keywords: list[str] = Field(default_factory=list)
    sources: list[SourceRef] = Field(default_factory=list)


def load_bundled_documents(root: Path = CORPUS_ROOT) -> list[Document]:
    """Read every Markdown file under ``root/topics`` and ``root/objects``, sorted by path.

    Raises ``ValueError`` naming the file when one is malformed or two files share an id,
    because a silently skipped article would only show up later as a missing answer.
    """
    documents: list[Document] = []
    seen: dict[str, Path] = {}
    for folder in CORPUS_DIRS:
        directory = root / folder
        if not directory.is_dir():
            raise ValueError(f"The bundled corpus folder {directory} does not exist.")
        for path in sorted(directory.glob("*.md")):
            document = parse_markdown_document(path)
            if document.id in seen:
                raise ValueError(f"{path}: the id {document.id!r} is already used by {seen[document.id]}.")
            seen[document.id] = path
            documents.append(document)
    return documents


def parse_markdown_document(path: Path) -> Document:
    """Turn one bundled Markdown file (YAML front matter + body) into a :class:`Document`."""
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    match = _FRONT_MATTER.match(text)
    if match is None:
        raise ValueError(f"{path}: no YAML front matter between two '---' lines at the top.")
    try:
        meta = load_yaml(match["meta"])
    except yaml.YAMLError as exc:
        raise ValueError(f"{path}: the front matter is not valid YAML ({exc}).") from exc
    if not isinstance(meta, dict):
        raise ValueError(f"{path}: the front matter is not a mapping of fields.")  # noqa: TRY004 (one error type per bad file)
    missing = sorted({"id", "title", "section", "sources", "license"} - set(meta))
    if missing:
        raise ValueError(f"{path}: the front matter lacks {', '.join(missing)}.")
    if meta["id"] != path.stem:
        raise ValueError(f"{path}: the id {meta['id']!r} does not match the file name.")
    body = match["body"].strip()
    if not body:
        raise ValueError(f"{path}: the document has no text after the front matter.")
    sources = meta["sources"]
    if not isinstance(sources, list) or not sources:
        raise ValueError(f"{path}: 'sources' must be a non-empty list of title/url entries.")
    first_url = sources[0].get("url") if isinstance(sources[0], dict) else None
    try:
        return Document(
            id=meta["id"], source=BUNDLED_SOURCE, url=first_url, title=meta["title"],
            section=meta["section"], text=body, license=meta["license"],
            retrieved_at=date.fromisoformat(CORPUS_DATE), keywords=meta.get("keywords") or [], sources=sources,
        )
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"{path}: invalid front matter ({problems}).") from exc


def write_jsonl(documents: list[Document], path: Path) -> None:
    """Write one JSON object per line (UTF-8, field order of the model) so diffs stay readable."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for document in documents:
            handle.write(json.dumps(document.model_dump(mode="json"), ensure_ascii=False) + "\n")


def read_jsonl(path: Path) -> list[Document]:
    """Read documents written by :func:`write_jsonl`; a bad line raises ``ValueError`` with its number."""
    documents: list[Document] = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                documents.append(Document.model_validate_json(line))
            except ValidationError as exc:
                raise ValueError(f"{path}, line {number}: not a valid document ({exc.error_count()} "
                                 f"problem(s), first: {exc.errors()[0]['msg']}).") from exc
    return documents
