"""Sentence boundaries in English and German text, shared by chunking (never cut mid-sentence)
and the offline pilot's extractive answers (quote whole sentences)."""

from __future__ import annotations

import re

# A candidate sentence end: terminal punctuation, optional closing quotes/brackets, whitespace.
_SENTENCE_END = re.compile(r"[.!?…]+[\"'“”‘’»«)\]]*\s+")
_ABBREVIATIONS = frozenset({
    "e.g", "i.e", "z.b", "d.h", "u.a", "o.ä", "s.o", "s.u", "ca", "approx", "st", "mt",
    "dr", "mr", "mrs", "ms", "prof", "vs", "cf", "fig", "no", "nr", "vol", "abb", "vgl", "bzw",
    "ggf", "evtl", "inkl", "zzgl", "sog", "chr", "jh", "jhd", "mio", "mrd", "bd", "hrsg", "engl",
    "lat", "griech", "jan", "feb", "mar", "apr", "aug", "sep", "sept", "oct", "okt", "nov", "dec", "dez",
})
_GERMAN_MONTHS = ("Januar", "Jänner", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                  "September", "Oktober", "November", "Dezember")


def split_sentences(text: str) -> list[str]:
    """Split running text into sentences (English and German), keeping abbreviations and decimals."""
    sentences: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if _is_boundary(text, match):
            sentences.append(text[start:match.end()].strip())
            start = match.end()
    rest = text[start:].strip()
    if rest:
        sentences.append(rest)
    return [s for s in sentences if s]


def _is_boundary(text: str, match: re.Match[str]) -> bool:
    following = text[match.end():match.end() + 1]
    if not following or following.islower():
        return False
    if not match.group().startswith("."):
        return True
    before = text[:match.start()].split()
    word = before[-1].lstrip("([\"'„“‚‘«»*_").removesuffix("\\") if before else ""  # a bold, escaped lead: **19\. Dezember
    if len(word) == 1 and word.isalpha():
        return False  # initials and split abbreviations: "J. R.", "z. B.", "d. h."
    if re.fullmatch(r"(?:[^\W\d]\.)+[^\W\d]", word) or word.lower() in _ABBREVIATIONS:
        return False  # "e.g", "U.S", "ca", "approx", "St"
    # German dates ("am 3. Mai", also bold and escaped in an answer's lead) are no sentence end either.
    return not (word.isdigit() and len(word) <= 2 and text[match.end():].startswith(_GERMAN_MONTHS))
