"""Tokens keep the punctuation that belongs to a word and hand the rest to ``trail``."""

from __future__ import annotations

import pytest

from singularity.understanding.tokens import covered, tokenize


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('mit meinem 8" SCT.', ["mit", "meinem", '8"', "SCT"]),
        ("in St. Gallen, morgen.", ["in", "St.", "Gallen", "morgen"]),
        ("am 5. Dezember oder am 5.12.", ["am", "5.", "Dezember", "oder", "am", "5.12."]),
        ("47°39'N 9°10'E", ["47°39'N", "9°10'E"]),
        ("„Kreuzlingen“.", ["Kreuzlingen"]),
        ("von 21 – 23 Uhr ?", ["von", "21", "–", "23", "Uhr"]),
        ("Das Ziel 3.", ["Das", "Ziel", "3"]),
    ],
)
def test_words(text: str, words: list[str]) -> None:
    assert [t.text for t in tokenize(text)] == words


def test_positions_and_trailing_punctuation() -> None:
    text = "Zürich, heute Abend. Danke!"
    tokens = tokenize(text)
    assert [text[t.start : t.end] for t in tokens] == [t.text for t in tokens]
    assert [t.trail for t in tokens] == [",", "", ".", "!"]
    assert [t.ends_clause for t in tokens] == [True, False, True, True]
    assert [t.ends_sentence for t in tokens] == [False, False, True, True]
    assert tokenize("sehen ?")[-1].trail == "?"


def test_covered_finds_the_tokens_a_range_overlaps() -> None:
    text = "Heute  Abend, in Kreuzlingen!"
    tokens = tokenize(text)
    every = [(start, end) for start in range(len(text) + 1) for end in range(start, len(text) + 1)]
    for start, end in every:
        expected = [i for i, t in enumerate(tokens) if t.start < end and t.end > start]
        assert covered(tokens, start, end) == expected, (start, end)
