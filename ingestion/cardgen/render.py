"""A card as Markdown with the knowledge base's YAML front matter (the topic-article format).

Front matter keys, in order: id, title, section, summary, keywords (flow list), sources
(title/url pairs), license. Scalars are written plain when PyYAML reads them back unchanged and
double-quoted otherwise, so every file parses with ``yaml.safe_load``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import yaml

from singularity.planning.bodies import Source

_FLOW_UNSAFE = re.compile(r"[,\[\]{}#&*!|>'\"%@`]|: |^[-?:]|\s$|^\s")


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    section: str
    summary: str
    keywords: tuple[str, ...]
    sources: tuple[Source, ...]
    license: str
    sections: tuple[tuple[str, str], ...]
    """(heading, paragraph) pairs after the opening paragraph."""
    opening: str

    @property
    def filename(self) -> str:
        return f"{self.id}.md"

    def body(self) -> str:
        """The Markdown after the front matter."""
        parts = [f"# {self.title}", self.opening]
        for heading, text in self.sections:
            parts += [f"## {heading}", text]
        return "\n\n".join(parts) + "\n"

    def markdown(self) -> str:
        """The whole file: front matter, then the body."""
        lines = [
            "---",
            f"id: {self.id}",
            f"title: {_scalar(self.title)}",
            f"section: {_scalar(self.section)}",
            f"summary: {_scalar(self.summary)}",
            f"keywords: [{', '.join(_flow_item(k) for k in self.keywords)}]",
            "sources:",
        ]
        for source in self.sources:
            lines += [f"  - title: {json.dumps(source.title, ensure_ascii=False)}",
                      f"    url: {_scalar(source.url)}"]
        lines += [f"license: {_scalar(self.license)}", "---"]
        return "\n".join(lines) + "\n" + self.body()


def _scalar(value: str) -> str:
    if _plain_ok(value) and ": " not in value and " #" not in value:
        return value
    return json.dumps(value, ensure_ascii=False)


def _flow_item(value: str) -> str:
    return value if _plain_ok(value) and not _FLOW_UNSAFE.search(value) else json.dumps(
        value, ensure_ascii=False)


def _plain_ok(value: str) -> bool:
    try:
        return yaml.safe_load(value) == value
    except yaml.YAMLError:
        return False
