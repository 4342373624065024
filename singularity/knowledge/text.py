"""Plain text from the HTML fragments services return (Brave snippets, Commons metadata)."""

from __future__ import annotations

import html
import re

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
