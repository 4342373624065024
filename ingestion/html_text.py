"""OpenStax page XHTML to the Markdown the chunker understands (paragraphs, ``##`` headings).

Only what reads as prose survives: figures, images, learning-objective boxes, glossaries,
footnote markers and "Link to Learning" boxes are dropped; formulas keep their ``alttext``;
list items become ``- `` lines and table rows ``cell | cell`` lines. The page's own title is
dropped because every chunk is prefixed with the document title anyway.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_SKIPPED_TAGS = frozenset({"script", "style", "head", "figure", "img", "annotation",
                           "annotation-xml", "iframe", "audio", "video", "object"})
_SKIPPED_CLASSES = frozenset({"os-figure", "learning-objectives", "os-caption-container",
                              "link-to-learning", "os-glossary-container", "os-teacher",
                              "os-chapter-outline"})
_SKIPPED_DATA_TYPES = frozenset({"document-title", "glossary", "footnote-refs", "footnote-number",
                                 "footnote-ref", "metadata"})
_BLOCK_TAGS = frozenset({"p", "div", "section", "ul", "ol", "dl", "dt", "dd", "blockquote", "pre",
                         "table", "thead", "tbody", "tfoot", "caption", "body", "html", "header",
                         "footer", "aside", "figcaption"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_VOID_TAGS = frozenset({"br", "hr", "img", "meta", "link", "col", "input", "wbr", "source", "area",
                        "base", "mspace", "none", "mprescripts"})
_SPACES = re.compile(r"\s+")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+(?=[,.;:!?)])")


def _skipped(tag: str, attrs: dict[str, str | None]) -> bool:
    classes = set((attrs.get("class") or "").split())
    return (tag in _SKIPPED_TAGS or bool(classes & _SKIPPED_CLASSES)
            or attrs.get("data-type") in _SKIPPED_DATA_TYPES)


class _MarkdownWriter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, str]] = []
        """(kind, text): kind is "p", "h", "li" or "tr"; list items and rows join line by line."""
        self._open: list[str] = []
        self._inline: list[str] = []
        self._skip_depth = 0
        self._row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID_TAGS:
            self.handle_startendtag(tag, attrs)
            return
        if self._skip_depth:
            self._skip_depth += 1
            return
        named = dict(attrs)
        if tag == "math" and named.get("alttext"):
            self._inline.append(f" {named['alttext']} ")
            self._skip_depth = 1
            return
        if _skipped(tag, named):
            self._skip_depth = 1
            return
        if tag in _BLOCK_TAGS or tag in _HEADINGS or tag in ("li", "tr"):
            self._flush()
        if tag == "tr":
            self._row = []
        self._open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self._skip_depth and tag == "br":
            self._inline.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID_TAGS:
            return
        if self._skip_depth:
            self._skip_depth -= 1
            return
        if tag in ("td", "th") and self._row is not None:
            self._row.append(self._take())
        elif tag == "tr" and self._row is not None:
            cells = [cell for cell in self._row if cell]
            self._row = None
            if cells:
                self.blocks.append(("tr", " | ".join(cells)))
        elif tag in _BLOCK_TAGS or tag in _HEADINGS or tag == "li":
            self._flush()
        if tag in self._open:  # tolerate stray end tags: unwind to the matching element
            while self._open.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if not self._skip_depth:
            self._inline.append(data)

    def _take(self) -> str:
        text = _SPACE_BEFORE_PUNCTUATION.sub("", _SPACES.sub(" ", "".join(self._inline))).strip()
        self._inline = []
        return text

    def _flush(self) -> None:
        if self._row is not None:
            return  # inside a table row, text stays in the current cell
        text = self._take()
        if not text:
            return
        context = next((tag for tag in reversed(self._open) if tag in _HEADINGS or tag == "li"), None)
        if context in _HEADINGS:
            self.blocks.append(("h", f"## {text}"))
        elif context == "li":
            self.blocks.append(("li", f"- {text}"))
        else:
            self.blocks.append(("p", text))


def xhtml_to_markdown(xhtml: str) -> str:
    """Markdown text of an OpenStax page: paragraphs separated by blank lines, ``##`` headings."""
    writer = _MarkdownWriter()
    writer.feed(xhtml)
    writer.close()
    writer._flush()
    text = ""
    previous = None
    for kind, block in writer.blocks:
        if previous is not None:
            text += "\n" if kind == previous and kind in ("li", "tr") else "\n\n"
        text += block
        previous = kind
    return text


class _TitleParts(HTMLParser):
    """Collects the text of the ``os-number`` and ``os-text`` spans of a table-of-contents title."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: dict[str, list[str]] = {"os-number": [], "os-text": [], "all": []}
        self._stack: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID_TAGS:
            return
        classes = (dict(attrs).get("class") or "").split()
        self._stack.append(next((c for c in classes if c in ("os-number", "os-text")), None))

    def handle_endtag(self, tag: str) -> None:
        if self._stack and tag not in _VOID_TAGS:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        self.parts["all"].append(data)
        for kind in {kind for kind in self._stack if kind}:
            self.parts[kind].append(data)


def toc_title(fragment: str) -> tuple[str | None, str]:
    """(number, text) of an OpenStax table-of-contents title: ``("9.3", "Impact Craters")``.

    Titles without the numbering spans give ``(None, whole text)``; a "Chapter " label inside
    the number span is dropped.
    """
    parser = _TitleParts()
    parser.feed(fragment)
    parser.close()

    def joined(kind: str) -> str:
        return _SPACES.sub(" ", "".join(parser.parts[kind])).strip()

    number = joined("os-number").removeprefix("Chapter").strip() or None
    text = joined("os-text") or joined("all")
    return number, text
