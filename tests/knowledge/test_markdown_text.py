"""Text from services put into Markdown shows as exactly that text: one escape function for
captions, source lists and quoted snippets (CommonMark, as the chat's renderer reads it)."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

from singularity.knowledge.sources import Source, local_citation, source_list, web_citation
from singularity.knowledge.text import markdown_text, markdown_url

RENDER = MarkdownIt("commonmark").render
HOSTILE = [
    "![x](https://127.0.0.1:9/beacon.png)",
    "![x][r]\n\n[r]: https://127.0.0.1:9/beacon.png",
    "![a [b] c](https://127.0.0.1:9/beacon.png)",
    "[Log in](https://phish.example/login)",
    "<https://phish.example/login>",
    '<img src="https://127.0.0.1:9/beacon.png">',
    "# Headline",
    "> quoted",
    "1. listed",
    "- listed",
    "`code`",
    "*bold* and _it_",
    "a | b\n--|--\nc | d",
]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_escaped_text_renders_as_one_plain_paragraph(hostile: str) -> None:
    html = RENDER(markdown_text(hostile))
    assert html.startswith("<p>") and html.count("<p>") == 1
    for tag in ("<img", "<a ", "<h1", "<blockquote", "<ol", "<ul", "<code", "<em", "<strong", "<table"):
        assert tag not in html, html
    assert html.removeprefix("<p>").removesuffix("</p>\n").replace("&lt;", "<").replace(
        "&gt;", ">").replace("&amp;", "&").replace("&quot;", '"') == " ".join(hostile.split())


@pytest.mark.parametrize(("text", "escaped"), [
    ("M31 (Andromeda) is 2.5 million light-years away.",
     "M31 (Andromeda) is 2.5 million light-years away."),
    ("2019 was 1.5 times brighter!", "2019 was 1.5 times brighter!"),
    ("Sky & Telescope", "Sky \\& Telescope"),
])
def test_ordinary_text_stays_readable(text: str, escaped: str) -> None:
    """Brackets, full stops and exclamation marks are inert once ``[`` is escaped: they stay
    as they are (the command line prints the same text)."""
    assert markdown_text(text) == escaped


def test_only_web_addresses_are_link_targets() -> None:
    assert markdown_url("javascript:alert(1)") is None
    assert markdown_url("data:text/html,x") is None
    assert markdown_url("https://x.org/a b)<c>") == "https://x.org/a%20b%29%3Cc%3E"


def test_a_web_sources_title_is_text_and_its_address_the_one_link() -> None:
    citation = web_citation(title="[Log in](https://phish.example) ![b](https://127.0.0.1:9/b.png)",
                            url="https://example.org/m31", retrieved_on="2026-12-01")
    source = Source(id=1, key="k", kind="web", title="t", url=None, citation=citation)
    html = RENDER(source_list([source], "en"))
    assert "<img" not in html and html.count("<a ") == 1
    assert 'href="https://example.org/m31"' in html


def test_a_local_documents_title_and_basis_are_text() -> None:
    citation = local_citation(title="M31 <b>", url="javascript:x", source="bundled",
                              retrieved_at=None,
                              references=[{"title": "![x](https://127.0.0.1:9/b.png)",
                                           "url": "https://en.wikipedia.org/wiki/M31"}])
    html = RENDER(citation.render("en"))
    assert "<img" not in html and "<b>" not in html and "javascript" not in html
    assert html.count("<a ") == 1
