"""Words of a message with their positions, so that every extracted slot stays a substring.

Punctuation around a word is split off (and kept as ``trail`` when it follows the word) except
where it belongs to the word: the inch mark in ``8"``, the period in ``St.`` or in the date
``5.12.``, the minute mark in ``47°39'``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

_LEADING = "„“”\"'‚‘«»([{<"
_TRAILING = ",.;:!?)]}>»“”\"'’″′"
_QUOTES_AFTER_DIGITS = "\"'″′”’"
_DASHES = {"-", "–", "—"}
_ABBREVIATIONS = {"st", "mt", "ft", "sta", "ste", "nr", "no", "bd", "ca", "dr"}
_MONTH_START = re.compile(
    r"(?:jan|feb|mär|maer|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)", re.IGNORECASE
)


def fold(text: str) -> str:
    """Lower case with ß as ss, the spelling the lexicons are written in."""
    return text.lower().replace("ß", "ss")


_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")


def without_possessive(text: str) -> str:
    """``text`` without possessive endings: "Io's volcanoes", "on Titan's surface" name Io and Titan."""
    return _POSSESSIVE.sub("", text)


@dataclass(frozen=True)
class Token:
    text: str
    """The word as written, without the punctuation around it."""
    start: int
    end: int
    trail: str = ""
    """Punctuation that followed the word (",", ".", "?", …)."""

    @property
    def word(self) -> str:
        return fold(self.text)

    @property
    def capitalised(self) -> bool:
        return self.text[:1].isupper()

    @property
    def ends_sentence(self) -> bool:
        return any(c in ".!?;:" for c in self.trail)

    @property
    def ends_clause(self) -> bool:
        return self.ends_sentence or "," in self.trail


def tokenize(text: str) -> list[Token]:
    """Split ``text`` on white space and peel punctuation off each word."""
    raws = list(re.finditer(r"\S+", text))
    tokens: list[Token] = []
    for index, match in enumerate(raws):
        following = raws[index + 1].group() if index + 1 < len(raws) else ""
        start, end = match.start(), match.end()
        while start < end and text[start] in _LEADING:
            start += 1
        while (
            end > start and text[end - 1] in _TRAILING and not _belongs(text[start:end], following)
        ):
            end -= 1
        if start == end:
            raw = match.group()
            if raw in _DASHES:
                tokens.append(Token(raw, match.start(), match.end()))
            elif tokens:  # a lone "?" or "," belongs to the word before it
                last = tokens[-1]
                tokens[-1] = Token(last.text, last.start, last.end, last.trail + raw)
            continue
        tokens.append(Token(text[start:end], start, end, text[end : match.end()]))
    return tokens


def _belongs(core: str, following: str) -> bool:
    """Whether the last character of ``core`` is part of the word rather than punctuation."""
    last, body = core[-1], core[:-1]
    if last in _QUOTES_AFTER_DIGITS:
        return bool(re.search(r"\d[\"'″′”’]*$", body))
    if last == ".":
        if body.lower() in _ABBREVIATIONS:
            return True
        if re.fullmatch(r"\d{1,2}\.\d{1,2}", body):  # 5.12.
            return True
        return bool(re.fullmatch(r"\d{1,2}", body) and _MONTH_START.match(following))
    return False


def span_text(text: str, tokens: Sequence[Token], first: int, last: int) -> str:
    """The original text from token ``first`` to token ``last`` (inclusive)."""
    return text[tokens[first].start : tokens[last].end]


def covered(tokens: Sequence[Token], start: int, end: int) -> list[int]:
    """Indices of the tokens overlapping the character range ``[start, end)``; a binary search
    (tokens are in text order), so that many matches in a long message stay cheap."""
    first = bisect_right(tokens, start, key=lambda t: t.end)
    last = bisect_left(tokens, end, lo=first, key=lambda t: t.start)
    return list(range(first, last))


def indices_matching(
    text: str, tokens: Sequence[Token], patterns: Iterable[re.Pattern[str]]
) -> set[int]:
    """Tokens covered by any match of ``patterns`` in the lower-cased text."""
    lowered = text.lower()
    found: set[int] = set()
    for pattern in patterns:
        for match in pattern.finditer(lowered):
            found.update(covered(tokens, match.start(), match.end()))
    return found
