"""The bundled topic articles are well-formed documents the ingestion can rely on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

TOPICS = Path(__file__).resolve().parents[2] / "ingestion" / "corpus" / "topics"
FRONT_MATTER = re.compile(r"\A---\n(?P<meta>.*?)\n---\n(?P<body>.*)\Z", re.DOTALL)
REQUIRED = {"id", "title", "section", "summary", "keywords", "sources", "license"}
FILES = sorted(TOPICS.glob("*.md"))


def test_there_are_at_least_150_topic_articles() -> None:
    assert len(FILES) >= 150


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_article_format(path: Path) -> None:
    match = FRONT_MATTER.match(path.read_text(encoding="utf-8"))
    assert match, "front matter between --- lines"
    meta = yaml.safe_load(match["meta"])
    assert REQUIRED <= set(meta), REQUIRED - set(meta)
    assert meta["id"] == path.stem
    assert isinstance(meta["keywords"], list) and meta["keywords"]
    assert 2 <= len(meta["sources"]) <= 5
    for source in meta["sources"]:
        assert source["title"] and re.match(r"https://[\w.-]+\.\w+/", source["url"])
    body = match["body"]
    assert body.lstrip().startswith(f"# {meta['title']}")
    sections = re.findall(r"^## .+$", body, flags=re.MULTILINE)
    assert 3 <= len(sections) <= 7
    words = len(body.split())
    assert 250 <= words <= 800, words
    assert "](" not in body and "<" not in body.replace("<=", ""), "no links or HTML in the body"


def test_ids_are_unique() -> None:
    ids = [yaml.safe_load(FRONT_MATTER.match(p.read_text(encoding="utf-8"))["meta"])["id"]
           for p in FILES if FRONT_MATTER.match(p.read_text(encoding="utf-8"))]
    assert len(ids) == len(set(ids))
