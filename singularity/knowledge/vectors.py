"""The two vectors of every knowledge-base point: the embedder's dense vector and a BM25-style
lexical sparse vector. Indexing and search build them here, so both sides always agree."""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections import Counter

DENSE = "dense"
SPARSE = "sparse"
SPARSE_DIMENSION = 2**20
"""Size of the hashed term space: collisions are rare for a corpus vocabulary of ~10^4 words."""
BM25_K1 = 1.2
BM25_B = 0.75
BM25_AVG_TOKENS = 145.0
"""Fixed average chunk length in tokens (the bundled corpus' median is 145), so a chunk's vector
does not depend on which other chunks were indexed with it."""

_WORD = re.compile(r"\w+")
STOPWORDS = frozenset(["a", "an", "and", "are", "as", "at", "be", "been", "but", "by", "can", "do", "does", "for", "from", "had", "has", "have", "how", "if", "in", "into", "is", "it", "its", "not", "of", "on", "or", "that", "the", "their", "there", "these", "they", "this", "to", "was", "were", "what", "when", "where", "which", "who", "why", "will", "with", "would", "also", "than", "then", "so", "such", "about", "more", "most", "other", "some", "only", "very", "much", "many", "may", "der", "die", "das", "den", "dem", "des", "ein", "eine", "einer", "eines", "einem", "einen", "und", "oder", "ist", "sind", "war", "waren", "wie", "was", "wer", "wo", "wann", "warum", "es", "er", "sie", "ihr", "sein", "seine", "im", "in", "am", "an", "auf", "aus", "bei", "mit", "von", "zu", "zum", "zur", "für", "über", "unter", "nach", "vor", "nicht", "auch", "als", "dass", "da", "so", "noch", "nur", "sehr", "man", "sich", "kann", "können", "wird", "werden", "hat", "haben"])
"""Words too common to carry lexical meaning: left out of every sparse vector, which makes them
about a third shorter (the local-mode sparse search loops over every entry of every chunk)."""


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens with diacritics folded ("Zürich" → "zurich", "ß" → "ss")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _WORD.findall(folded)


def sparse_vector(text: str, *, query: bool = False) -> tuple[list[int], list[float]]:
    """A deterministic BM25-style lexical vector of ``text``, needing no vocabulary or download.

    Tokens (see :func:`tokens`) other than :data:`STOPWORDS` are hashed with CRC-32 into :data:`SPARSE_DIMENSION` slots.
    A document gets the BM25 term weight ``tf·(k1+1) / (tf + k1·(1−b+b·len/avg))`` per slot;
    a query (``query=True``) gets 1.0 per distinct slot. The IDF factor of BM25 comes from
    Qdrant itself (``Modifier.IDF`` on the sparse vector), so the dot product is the BM25 score.
    Indices are sorted and unique.
    """
    words = tokens(text)
    counts = Counter(zlib.crc32(word.encode("utf-8")) % SPARSE_DIMENSION for word in words
                     if word not in STOPWORDS)
    indices = sorted(counts)
    if query:
        return indices, [1.0] * len(indices)
    norm = BM25_K1 * (1 - BM25_B + BM25_B * len(words) / BM25_AVG_TOKENS)
    return indices, [counts[i] * (BM25_K1 + 1) / (counts[i] + norm) for i in indices]


def stem(word: str) -> str:
    """A token without plural and German inflection endings ("quasars", "sterne" → "quasar", "stern")."""
    if len(word) <= 4:
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    for ending in ("es", "en", "er", "em", "s", "n", "e"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[:-len(ending)]
    return word


def stems(text: str) -> list[str]:
    """The stems of ``text``'s tokens, in order."""
    return [stem(word) for word in tokens(text)]

