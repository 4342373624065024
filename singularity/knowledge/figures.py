"""The figure a knowledge answer leads with, said in the conversation's language.

The passages are English, so the part of a sentence that states the asked fact is English too
("about 2.5 million light-years", "13 March 1781"). The sentence below it stays a quote; the
lead is composed by the answer and so speaks the conversation's language: word by word from
the ``knowledge_figures`` entries of the message catalogue (longest match first), numbers with
the language's marks ("2,5", "3.500"), a day before a month with its dot ("13. März"), an
ordinal as German writes it ("17. Jahrhundert"). A figure with any word the catalogue does not
list keeps its English wording whole: half a translation ("fünf known moons") reads worse than
the quote's own words. Names of people and things are never translated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from singularity.catalogue import Language, catalogue, say
from singularity.knowledge.question_types import Asked

_PREFIX = "knowledge_figures."
_TOKEN = re.compile(r"(?P<number>\d[\d,.\u202f\u2009]*\d|\d)(?P<ordinal>st|nd|rd|th)?(?![a-wyz])"
                    r"|(?P<sign>[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+|°\s?[CFK]?|[×−–—+/′″%])"
                    r"|(?P<word>[^\W\d_]+(?:[-'’][^\W\d_]+)*\.?)"
                    r"|(?P<other>\S)")
"""A figure's parts: numbers (with an English ordinal's ending), words, and signs that read
the same in either language (a power's exponent, degrees, dashes, primes)."""
_KINDS = ("date_", "dative_", "month_")
"""Prefixes of the entries that apply only in some figures (dates, a time "ago", months)."""
_NAMES = frozenset({Asked.PERSON, Asked.NAME})
_IN_YEAR = re.compile(r"in\s+(?=\d{3,4}\b)", re.IGNORECASE)
_DAY = re.compile(r"\d{1,2}")
_MARKS = str.maketrans({".": ",", ",": "."})
"""German writes "2,5" and "3.500" where English writes "2.5" and "3,500" (Duden, "Zahlen und Ziffern")."""


def said_in(figure: str, asked: Asked, language: Language) -> str:
    """``figure`` (as a passage writes it) in ``language``: unchanged in English, for names,
    and when a word of it has no catalogue entry."""
    if language == "en" or asked in _NAMES or not figure:
        return figure
    return german(figure, asked) or figure


def german(figure: str, asked: Asked) -> str | None:
    """``figure`` in German, or None when a word of it has no German entry."""
    body = figure.strip()
    date = asked is Asked.DATE
    if date and (year := _IN_YEAR.match(body)):
        body = body[year.end():]  # "in 1930" is "1930"
    for name, head, tail in _frames():
        rest = body[len(head):len(body) - len(tail)]
        if body.lower().startswith(head) and body.lower().endswith(tail) and rest.strip() and not _point(rest):
            inner = _render(rest, date=False, dative=name.startswith("dative_"))
            return None if inner is None else say(f"{_PREFIX}{name}", "de", figure=inner)
    return _render(body, date=date, dative=False)


def _point(text: str) -> bool:
    """Whether ``text`` names a point in time ("March 1781", "the 17th century"), not an amount
    of time ("about 5 billion years"): "in" before it is a date's, not a time to come."""
    first = text.split(maxsplit=1)[0].lower()
    return first == "the" or _lookup(_table("month_"), [first]) is not None


@cache
def _frames() -> list[tuple[str, str, str]]:
    """The entries that frame a figure ("{figure} ago"): name and the English words before and
    after it, the longest frame first."""
    frames = []
    for key, texts in catalogue().items():
        if key.startswith(_PREFIX) and "{figure}" in texts["en"]:
            head, _, tail = texts["en"].lower().partition("{figure}")
            frames.append((key.removeprefix(_PREFIX), head, tail))
    return sorted(frames, key=lambda frame: -len(frame[1] + frame[2]))


def _render(text: str, *, date: bool, dative: bool) -> str | None:
    parts = [(match, text[match.end():match.end() + 1] == " ") for match in _TOKEN.finditer(text)]
    tables = [_table(prefix) for prefix in (*(["date_"] if date else []), *(["dative_"] if dative else []), "month_", "")]
    out: list[str] = []
    index = 0
    while index < len(parts):
        match, spaced = parts[index]
        words = [part.group() for part, _ in parts[index:]]
        found = next((hit for table in tables if (hit := _lookup(table, words))), None)
        if found is not None:  # a phrase first: "1 million" is "1 Million"
            size, german_words = found
            out.append(german_words + (" " if parts[index + size - 1][1] else ""))
            index += size
            continue
        if match.group("number"):
            said = match.group("number").translate(_MARKS)
            if match.group("ordinal") or _day(match.group("number"), words[1:]):
                said += "."
            out.append(said + (" " if spaced else ""))
            index += 1
            continue
        if match.group("sign"):
            out.append(match.group() + (" " if spaced else ""))
            index += 1
            continue
        return None
    return "".join(out).strip()


def _day(number: str, following: list[str]) -> bool:
    """Whether ``number`` is a day of the month: before a month ("13 March"), or first of a
    span of days before one ("12–13 August" is "12.–13. August")."""
    if not _DAY.fullmatch(number):
        return False
    if following[:1] and following[0] in "–-" and len(following) > 1 and _DAY.fullmatch(following[1]):
        following = following[2:]
    return bool(following) and _lookup(_table("month_"), following[:1]) is not None


def _lookup(table: Mapping[tuple[str, ...], str], words: list[str]) -> tuple[int, str] | None:
    """The longest entry of ``table`` that ``words`` start with: its length and German text."""
    for size in range(min(len(words), _longest(table)), 0, -1):
        said = table.get(tuple(word.lower() for word in words[:size]))
        if said is not None:
            return size, said
    return None


def _longest(table: Mapping[tuple[str, ...], str]) -> int:
    return max((len(key) for key in table), default=0)


@cache
def _table(prefix: str) -> Mapping[tuple[str, ...], str]:
    """English words → German text, of the entries named ``prefix``… (plain ones: no prefix)."""
    table: dict[tuple[str, ...], str] = {}
    for key, texts in catalogue().items():
        if not key.startswith(_PREFIX) or "{" in texts["en"]:
            continue
        name = key.removeprefix(_PREFIX)
        own = next((p for p in _KINDS if name.startswith(p)), "")
        if own == prefix:
            table[tuple(part.group().lower() for part in _TOKEN.finditer(texts["en"]))] = texts["de"]
    return table


@cache
def figure_words() -> frozenset[str]:
    """The (case-folded) words a German figure may use that no English figure does ("etwa",
    "Millionen", "Bogenminuten", "März"): what the claim check reads as the lead's own wording,
    not as names or words a source must hold."""
    german, english = set(), set()
    for key, texts in catalogue().items():
        if key.startswith(_PREFIX):
            german.update(word.casefold() for word in _WORD.findall(texts["de"].replace("{figure}", "")))
            english.update(word.casefold() for word in _WORD.findall(texts["en"].replace("{figure}", "")))
    return frozenset(german - english)


_WORD = re.compile(r"[^\W\d_]+\.?")

