"""Plain text from the HTML fragments services return (Brave snippets, Commons metadata), and
that text put into Markdown so it shows as exactly that text.

A title, description or snippet from a service is not ours: read as Markdown, ``![x](url)``
makes the browser load ``url`` (a beacon), ``[Log in](url)`` is a link the service chose, and
``![x][r]`` with a ``[r]: url`` line does both by reference. :func:`markdown_text` is the one
way such a string enters the Markdown the chat renders (image captions, source lists, the
pilot's quotes); :func:`markdown_url` the one way its address does.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote, urlsplit

_BLOCK_TAG = re.compile(r"<\s*(?:br|/p|/li|/div|/tr|/h\d)\b[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")
_SENTENCE_END = re.compile(r"[.!?](?=\s)")


def plain_text(fragment: str | None) -> str:
    """Tags removed, entities decoded, whitespace collapsed; block ends become spaces."""
    if not fragment:
        return ""
    text = _TAG.sub("", _BLOCK_TAG.sub(" ", fragment))
    return " ".join(html.unescape(text).split())


def shorten(text: str, limit: int = 300) -> str:
    """``text`` cut to at most ``limit`` characters, at the last sentence end when there is one
    in the second half, else at a word boundary with an ellipsis."""
    if len(text) <= limit:
        return text
    head = text[: limit + 1]
    ends = [m.end() for m in _SENTENCE_END.finditer(head)]
    if ends and ends[-1] >= limit // 2:
        return head[: ends[-1]]
    cut = head[:limit].rsplit(" ", 1)[0].rstrip(" ,;:-–")
    return cut + "…"


_MARKDOWN_SPECIAL = re.compile(r"[\\`*_\[\]<>|~&]")
"""Characters that open links, images, autolinks, HTML, code, emphasis, tables or entities
anywhere in a line (CommonMark with GFM: what Chainlit's react-markdown renders); ``(`` and
``!`` are inert once ``[`` is escaped."""
_LINE_START = re.compile(r"^(?:[#>+=-]|\d{1,9}[.)](?=\s))")
"""What makes a line a heading, quote, list or underline when it starts with it."""
_BARE_LINK = re.compile(r"(?i)(?<=[a-z0-9])(:)(?=//)|(?<=\bwww)(\.)")
"""The ``://`` and ``www.`` that GFM turns into links without any brackets."""


def markdown_text(text: str | None) -> str:
    """``text`` as Markdown that renders as exactly that text, on one line: no link, image,
    HTML, heading or list can come out of it."""
    if not text:
        return ""
    flat = _MARKDOWN_SPECIAL.sub(lambda m: "\\" + m.group(0), " ".join(text.split()))
    flat = _BARE_LINK.sub(lambda m: "\\" + m.group(0), flat)
    return _LINE_START.sub(lambda m: m.group(0)[:-1] + "\\" + m.group(0)[-1], flat)


def markdown_url(url: str | None) -> str | None:
    """``url`` fit for a Markdown link target: http(s) only (no ``javascript:``, no ``data:``),
    with spaces, brackets and quotes percent-encoded so it cannot end the link early."""
    if not url or urlsplit(url.strip()).scheme.lower() not in ("http", "https"):
        return None
    return quote(url.strip(), safe="/:?#@!$&'*+,;=%-._~")
