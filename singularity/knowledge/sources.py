"""The source registry of one answer: numbers, inline markers and formatted citations.

Tools register what they return, so citing is a data contract rather than a request in a
prompt: every source gets one number per answer (all chunks of a document share it), local
copies say when they were stored, web results say they are from the web. At the end of a turn
:func:`cite` keeps the answer's markers and the listed sources in step: markers without a
source are removed, the rest renumbered in order of use, and only cited sources are listed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pydantic import BaseModel

from singularity.catalogue import Language, Message, msg, say
from singularity.knowledge.text import markdown_text, markdown_url

Kind = Literal["local", "web"]
_MARKER = re.compile(r"\[(\d{1,3})\]")
_SPACED_MARKER = re.compile(r" ?\[(\d{1,3})\]")


class Source(BaseModel):
    """One cited source of the current answer."""

    id: int
    key: str
    kind: Kind
    title: str
    url: str | None = None
    citation: Message
    """Said in the answer's language when listed (``source_list``)."""

    @property
    def marker(self) -> str:
        return f"[{self.id}]"


def local_citation(*, title: str, url: str | None, source: str, retrieved_at: str | None,
                   references: Sequence[dict[str, str]] = ()) -> Message:
    """A knowledge-base document: where the text is from and that it is a dated local copy.
    Titles and addresses were fetched from the web at build time: they enter the list as text."""
    stored = msg("sources.local_copy_of", date=retrieved_at) if retrieved_at else msg("sources.local_copy")
    if source == "bundled":
        basis = "; ".join(f"{markdown_text(ref['title'])}{_link(ref['url'])}" for ref in references[:3])
        if basis:
            return msg("sources.bundled_based", title=markdown_text(title), stored=stored, basis=basis)
        return msg("sources.bundled", title=markdown_text(title), stored=stored)
    origin = {"openstax": "OpenStax Astronomy 2e", "wikipedia": "Wikipedia"}.get(source, source)
    return msg("sources.document", title=markdown_text(title), origin=markdown_text(origin),
               link=_link(url), stored=stored)


def web_citation(*, title: str, url: str, retrieved_on: str) -> Message:
    """A web search result; its title and address are the search service's, shown as text."""
    return msg("sources.web", title=markdown_text(title), link=_link(url), date=retrieved_on)


def _link(url: str | None) -> str:
    """`` <url>`` (an autolink) for a web address; nothing for anything else."""
    safe = markdown_url(url)
    return f" <{safe}>" if safe else ""


def register(entries: list[dict[str, Any]], *, key: str, kind: Kind, title: str, url: str | None,
             citation: Message) -> Source:
    """The source of ``key`` in ``entries`` (the registry as stored in the turn's context),
    added with the next number when it is new."""
    for entry in entries:
        if entry["key"] == key:
            return Source.model_validate(entry)
    source = Source(id=len(entries) + 1, key=key, kind=kind, title=title, url=url, citation=citation)
    entries.append(source.model_dump(mode="json"))
    return source


def cited_ids(text: str) -> list[int]:
    """Marker numbers in ``text``, in order of first use."""
    seen: dict[int, None] = {}
    for match in _MARKER.finditer(text):
        seen.setdefault(int(match.group(1)), None)
    return list(seen)


def cite(text: str, entries: Iterable[dict[str, Any]]) -> tuple[str, list[Source]]:
    """``text`` without markers that name no registered source, renumbered 1, 2, … in order of
    first use, and the sources it cites in that order."""
    registry = {entry["id"]: Source.model_validate(entry) for entry in entries}
    cleaned = _SPACED_MARKER.sub(lambda m: m.group(0) if int(m.group(1)) in registry else "", text)
    numbers = {old: new for new, old in enumerate(cited_ids(cleaned), start=1)}
    renumbered = _MARKER.sub(lambda m: f"[{numbers[int(m.group(1))]}]", cleaned)
    return renumbered, [registry[old].model_copy(update={"id": new}) for old, new in numbers.items()]


def source_list(sources: Sequence[Source], language: Language) -> str:
    """The Markdown list under an answer, in the answer's language."""
    if not sources:
        return ""
    lines = [f"{s.marker} {s.citation.render(language)}" for s in sources]
    return f"**{say('sources.heading', language)}**\n" + "\n".join(f"- {line}" for line in lines)
