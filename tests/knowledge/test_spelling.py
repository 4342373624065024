"""Typing slips read as the word meant, and nothing else changed."""

from __future__ import annotations

import pytest

from singularity.knowledge.extract import known_words
from singularity.knowledge.spelling import corrected, one_slip

KNOWN = {"temperature", "distance", "discovered", "valley", "nucleus", "existed", "exited"}


@pytest.mark.parametrize(("typed", "meant", "slip"), [
    ("temperture", "temperature", True),  # a letter left out
    ("distancee", "distance", True),  # one added
    ("discovared", "discovered", True),  # one changed
    ("nucelus", "nucleus", True),  # two swapped
    ("temprture", "temperature", False),  # two left out
    ("distance", "distance", False),
])
def test_one_slip(typed: str, meant: str, slip: bool) -> None:
    assert one_slip(typed, meant) is slip


def test_an_unknown_word_with_one_neighbour_is_corrected() -> None:
    assert corrected("surface temperture of sirius b?", KNOWN) == "surface temperature of sirius b?"


def test_known_short_ambiguous_and_capitalised_words_stay() -> None:
    assert corrected("How big is the nucleus of Halley's comet?", KNOWN, capitalised_are_names=True) == \
        "How big is the nucleus of Halley's comet?"
    assert corrected("when it existed", KNOWN) == "when it existed"  # known, though one slip from "exited"
    assert corrected("how far under it", {"unter"}) == "how far under it"  # shorter than six letters
    assert corrected("exsted", KNOWN) == "exsted"  # one slip from two known words
    assert corrected("did he introduce it", {"introduced"}) == "did he introduce it"  # another form, no slip


def test_a_german_question_is_read_against_its_longer_words_only() -> None:
    assert corrected("Wie hoch ist die Tempratur?", {"temperatur"}, shortest=8) == "Wie hoch ist die temperatur?"
    assert corrected("Woraus besteht Staub?", {"voraus"}, shortest=8) == "Woraus besteht Staub?"


def test_the_small_words_are_known_to_the_answerer() -> None:
    """"there" is one swap from "three": a question's small words are never slips."""
    known = known_words(["Io has three hundred volcanoes."], ["Io"], german=False)
    assert corrected("How many volcanoes are there on Io?", known) == "How many volcanoes are there on Io?"
