"""Which document titles a name refers to: the basis of the retriever's title filter.

Every title is reachable by its own wording, by the parts of an object card's title
("M31 — Andromeda Galaxy" → "M31", "Andromeda Galaxy") and by the document's keywords
(designations, German names). Keys ignore case, diacritics, spaces and leading zeros, so
"M 31", "m31" and "NGC 0224" find the same card as "M31" and "NGC 224". A keyword shared by
many documents ("spiral galaxy") names a kind of thing, not a topic, and is dropped; a title's
own wording always counts.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from singularity.knowledge.vectors import tokens
from singularity.naming import name_key

MAX_TITLES_PER_ALIAS = 4
"""An alias that names more documents than this is a generic term, not a title."""
MAX_ALIAS_WORDS = 5
COMMON_SHARE = 0.06
"""A name found in more than this share of all chunks is a common word ("galaxies": 7 %, "Mars": 2 %)."""
_LEADING_ARTICLES = {"the", "der", "die", "das", "des", "dem", "den"}
"""Skipped before a name found in a text ("the Orion Nebula")."""
_PARENTHESIS = re.compile(r"\s*\(([^)]*)\)")
_NUMBER = re.compile(r"\d+")
_TWO_LETTER_NAME = re.compile(r"[A-Z][a-z]")
_INSIDE_SENTENCE = re.compile(r"(?<=[\w,;:)] )[^\W\d_][\w'’-]*")
"""A word after another word in a sentence: its capital, if any, is a name's, not the sentence's."""


def title_aliases(title: str) -> set[str]:
    """Keys of a title's own wording and of its parts ("M31 — Andromeda Galaxy" → "M31", …)."""
    return _keys(_parts(title))


def _parts(title: str) -> set[str]:
    """A title's own wording and its parts, as written."""
    names = {title}
    for part in re.split(r"\s+[—–]\s+|:\s+", title):
        names.add(part)
        names.update(_PARENTHESIS.findall(part))
        names.add(_PARENTHESIS.sub("", part))
    return names


def _one_word(name: str) -> bool:
    """Whether a name is written as one word ("Cassini-Huygens", "the Moon"), not several ("B ring")."""
    words = name.split()
    return len(words[1:] if len(words) > 1 and words[0].casefold() in _LEADING_ARTICLES else words) == 1


def _keys(names: Iterable[str]) -> set[str]:
    """Keys of three or more characters, of a designation ("M1"), or of a two-letter name ("Io";
    not an abbreviation such as "RA" or "IC", which words of a text would meet)."""
    return {key for name in names if (key := name_key(name))
            and (len(key) >= 3 or _NUMBER.search(key) or _TWO_LETTER_NAME.fullmatch(name.strip()))}


@dataclass(frozen=True)
class TitleMatch:
    """A name found in a text, and the titles it names."""

    name: str
    titles: tuple[str, ...]


class TitleIndex:
    """Aliases of every title in a collection, for filters and for spotting named topics."""

    def __init__(self, entries: Iterable[tuple[str, Iterable[str]]], *,
                 texts: Iterable[tuple[str, str]] = ()) -> None:
        """``entries``: each title with its keywords; ``texts``: the collection's chunks, each
        as its title and text, which tell common words ("galaxies", "star") from names when
        spotting topics."""
        self._chunks_with: dict[str, set[int]] = defaultdict(set)
        self._chunk_words: list[str] = []
        written: dict[str, int] = defaultdict(int)  # lower-case minus capitalised writings of a word
        written_in: dict[tuple[str, str], int] = defaultdict(int)  # the same within one title's chunks
        for number, (title, text) in enumerate(texts):
            for word in _INSIDE_SENTENCE.findall(text):
                change = 1 if word[0].islower() else -1
                written[word.casefold()] += change
                written_in[title, word.casefold()] += change
            words = tokens(text)
            self._chunk_words.append(f" {' '.join(words)} ")
            for word in set(words):
                self._chunks_with[word].add(number)
        self._chunk_count = len(self._chunk_words)
        self._ordinary = frozenset(word for word, balance in written.items() if balance > 0)
        """Words the texts mostly write in lower case: a text that writes one so means the word."""
        self._named_in = frozenset(key for key, balance in written_in.items() if balance < 0)
        """(title, word) where the title's own chunks write the word as a name ("the Eyes", the
        galaxy pair NGC 4435/4438): "eyes" in a question is not that document, while "aurora"
        still names the article that writes it as the word it is."""
        by_title: dict[str, set[str]] = defaultdict(set)
        by_keyword: dict[str, set[str]] = defaultdict(set)
        entries_list = [(title, tuple(keywords)) for title, keywords in entries]
        for title, keywords in entries_list:
            for alias in title_aliases(title):
                by_title[alias].add(title)
            for alias in _keys(keywords):
                by_keyword[alias].add(title)
        specific = {alias: titles for alias, titles in by_keyword.items() if len(titles) <= MAX_TITLES_PER_ALIAS}
        single = {key for title, keywords in entries_list for name in (*keywords, *_parts(title))
                  if _one_word(name) for key in _keys([name])}
        self._joined = {alias for alias in specific.keys() | by_title.keys()
                        if alias not in single and not _NUMBER.search(alias)}
        """Keys only ever written as several words ("B ring" → "bring"): one word of a text is no such name."""
        self._titles = {alias: tuple(sorted(by_title.get(alias, set()) | specific.get(alias, set())))
                        for alias in by_title.keys() | specific.keys()}
        self.titles = frozenset(title for titles in self._titles.values() for title in titles)

    def resolve(self, name: str) -> tuple[str, ...]:
        """The titles ``name`` refers to (empty when it names none)."""
        return self._titles.get(name_key(name), ())

    def is_common(self, name: str) -> bool:
        """Whether ``name`` is a common word of the texts rather than a name: more than
        ``COMMON_SHARE`` of the chunks contain it ("galaxies", "the Sun", "Solar System"). A name
        of several words counts where they stand in a row: "north" and "star" are everywhere,
        "North Star" is Polaris."""
        if not self._chunk_count:
            return False
        words = tokens(name)
        if words and words[0] in _LEADING_ARTICLES:
            words = words[1:]
        chunks = set.intersection(*(self._chunks_with.get(word, set()) for word in words)) if words else set()
        if len(words) > 1 and len(chunks) > COMMON_SHARE * self._chunk_count:
            phrase = f" {' '.join(words)} "
            chunks = {number for number in chunks if phrase in self._chunk_words[number]}
        return len(chunks) > COMMON_SHARE * self._chunk_count

    def find_in(self, text: str) -> list[TitleMatch]:
        """Named topics in ``text``, longest names first and without overlaps, in text order;
        common words are no names even when a title uses them."""
        words = re.findall(r"[\w'’*-]+", text)
        taken = [False] * len(words)
        found: list[tuple[int, TitleMatch]] = []
        for size in range(min(MAX_ALIAS_WORDS, len(words)), 0, -1):
            for start in range(len(words) - size + 1):
                if any(taken[start:start + size]):
                    continue
                name = " ".join(words[start:start + size])
                titles = () if size == 1 and name_key(name) in self._joined else self.resolve(name)
                if size == 1 and name.islower() and name.casefold() in self._ordinary:
                    titles = tuple(title for title in titles if (title, name.casefold()) not in self._named_in)
                if titles and self.is_common(name):
                    continue
                if titles and size > 1 and words[start].casefold() in _LEADING_ARTICLES:
                    name = " ".join(words[start + 1:start + size])  # "der Venus" → "Venus"
                if titles:
                    found.append((start, TitleMatch(name, titles)))
                    taken[start:start + size] = [True] * size
        return [match for _, match in sorted(found, key=lambda item: item[0])]
