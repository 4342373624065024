"""Image results in the chat: captions for the shown images, and a final answer text cleaned of
images so nothing is shown twice. Free of Chainlit so it can be tested.

Images reach the user only as elements built from tool artifacts (with source, licence and
credit). A Markdown image or a raw image URL the model writes would show the same picture a
second time, or a picture no tool found, so both are removed from the answer text (inline,
with nested brackets, and by reference: ``![x][r]`` with a ``[r]: url`` line); ordinary links
and citation markers stay. The captions' words come from the image services and are escaped
(``markdown_text``): they show as text, never as Markdown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from singularity.knowledge.text import markdown_text, markdown_url
from singularity.results import Artifact

_FENCE = re.compile(r"^\s*(```|~~~)")
_LABEL = r"\[(?:[^\[\]\\]|\\.|\[(?:[^\[\]\\]|\\.)*\])*\]"
"""A link text with brackets nested one deep (``[a [b] c]``), as CommonMark allows."""
_MARKDOWN_IMAGE = re.compile(
    r"!" + _LABEL + r"(?:\(\s*<?[^)\s>]*>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)|\s?\[[^\]]*\])?")
"""An image: inline ``![x](url "title")``, by reference ``![x][r]`` / ``![x][]``, or the
shortcut ``![x]`` (an image wherever a ``[x]: url`` line exists)."""
_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*\S+.*$")
"""A reference definition line ``[r]: url "title"``; removed, so no reference resolves."""
_HTML_IMAGE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_ANGLE_URL = re.compile(r"<(https?://[^\s<>]+)>")
_BARE_URL = re.compile(r"(?<!\]\()(?<![\[<\"'=])\bhttps?://[^\s<>()\[\]\"']+")
_IMAGE_PATH = re.compile(r"\.(?:jpe?g|png|gif|webp|avif|bmp|tiff?|svg)$", re.IGNORECASE)
_TRAILING = ".,;:!?"
_LEFTOVER = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*[:\-–—()]*\s*$")


def image_caption(artifact: Artifact, number: int) -> str:
    """One Markdown line under the images: number, title (linked to its page), description and
    the credit line ("author · licence · source")."""
    title = markdown_text(artifact.title) or "Image"
    page = markdown_url(artifact.page_url)
    head = f"[{title}]({page})" if page else title
    parts = [f"**{number}. {head}**"]
    if artifact.description:
        parts.append(markdown_text(artifact.description))
    if artifact.credit:
        parts.append(f"*{markdown_text(artifact.credit)}*")
    return " — ".join(parts)


def image_captions(artifacts: Iterable[Artifact]) -> str:
    """Captions of the shown web images, one per line, numbered in display order."""
    return "\n".join(image_caption(a, n) for n, a in enumerate(artifacts, start=1))


def strip_duplicate_images(text: str, image_urls: Iterable[str]) -> str:
    """``text`` without Markdown/HTML images and without raw URLs of images (the shown ones, and
    any URL ending in an image extension); links, citation markers and code blocks stay."""
    shown = {_without_query(url) for url in image_urls if url}
    lines: list[str] = []
    in_code = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            in_code = not in_code
        if in_code or _FENCE.match(line):
            lines.append(line)
            continue
        cleaned = "" if _DEFINITION.match(line) else _strip_line(line, shown)
        if cleaned == line:
            lines.append(line)
        elif not _LEFTOVER.match(cleaned):
            lines.append(cleaned)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def _strip_line(line: str, shown: set[str]) -> str:
    stripped = _HTML_IMAGE.sub("", _MARKDOWN_IMAGE.sub("", line))
    stripped = _ANGLE_URL.sub(
        lambda m: "" if _is_image(m.group(1), shown) else m.group(0), stripped
    )

    def bare(match: re.Match[str]) -> str:
        url = match.group(0).rstrip(_TRAILING)
        tail = match.group(0)[len(url) :]
        return tail if _is_image(url, shown) else match.group(0)

    stripped = _BARE_URL.sub(bare, stripped)
    if stripped == line:
        return line
    stripped = re.sub(r"\(\s*\)", "", stripped)
    stripped = re.sub(r"[ \t]{2,}", " ", stripped)
    stripped = re.sub(r"[ \t]+([.,;:!?])", r"\1", stripped)
    return re.sub(r"[:;,]([.!?])", r"\1", stripped).rstrip()


def _without_query(url: str) -> str:
    return urlsplit(url)._replace(query="", fragment="").geturl()


def _is_image(url: str, shown: set[str]) -> bool:
    """A shown image, or a file with an image extension (but not a wiki's page about a file,
    ``…/wiki/File:X.jpg``, which is a normal link)."""
    if _without_query(url) in shown:
        return True
    path = urlsplit(url).path
    return bool(_IMAGE_PATH.search(path)) and "/wiki/File:" not in path
