"""Typing slips in a question, read as the word meant: "surface temperture of sirius b?" asks
for a temperature. A word is corrected only when it is long enough to be told from others, is
no word the answerer knows, and exactly one known word lies one slip away (a letter left out,
added, changed, or two letters swapped)."""

from __future__ import annotations

import re
from collections.abc import Collection

from singularity.knowledge.vectors import tokens

SHORTEST = 6
"""Shorter words are left as typed: "under" is one slip from the German "unter", "there" one swap
from "three"."""

_WORD = re.compile(r"[^\W\d_]+")


def corrected(text: str, known: Collection[str], *, shortest: int = SHORTEST, capitalised_are_names: bool = False) -> str:
    """``text`` with each unknown word of ``shortest`` letters or more replaced by the one
    word of ``known`` (folded, as :func:`~singularity.knowledge.vectors.tokens` gives them) that
    lies one slip away; a word with none or several such neighbours stays as typed.
    ``capitalised_are_names``: a capitalised word after the first is a name and stays (English:
    "Halley" is no slip for "valley"; German writes every noun so)."""
    by_length: dict[int, list[str]] = {}
    for word in known:
        by_length.setdefault(len(word), []).append(word)

    def fix(match: re.Match[str]) -> str:
        folded = tokens(match.group())
        if len(folded) != 1 or len(folded[0]) < shortest or folded[0] in known:
            return match.group()
        if capitalised_are_names and match.group()[0].isupper() and text[:match.start()].strip():
            return match.group()
        word = folded[0]
        near = {other for size in (len(word) - 1, len(word), len(word) + 1)
                for other in by_length.get(size, ()) if one_slip(word, other)}
        if any(other.startswith(word) or word.startswith(other) for other in near):
            return match.group()  # another form of a word ("introduce", "introduced"; "moon", "moons") is no slip
        return near.pop() if len(near) == 1 else match.group()

    return _WORD.sub(fix, text)


def one_slip(typed: str, meant: str) -> bool:
    """Whether ``typed`` is ``meant`` with one letter left out, added or changed, or two
    neighbouring letters swapped."""
    if typed == meant or abs(len(typed) - len(meant)) > 1:
        return False
    if len(typed) == len(meant):
        diffs = [i for i, (a, b) in enumerate(zip(typed, meant)) if a != b]
        return len(diffs) == 1 or (len(diffs) == 2 and diffs[1] == diffs[0] + 1
                                   and typed[diffs[0]] == meant[diffs[1]] and typed[diffs[1]] == meant[diffs[0]])
    shorter, longer = sorted((typed, meant), key=len)
    cut = next((i for i, (a, b) in enumerate(zip(shorter, longer)) if a != b), len(shorter))
    return shorter[cut:] == longer[cut + 1:]
