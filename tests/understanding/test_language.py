"""German or English from the words of a message; neutral text keeps the conversation's language."""

from __future__ import annotations

import pytest

from singularity.understanding.language import detect_language

ARTICLE = (
    "Plane mir morgen Abend in Kreuzlingen zwei Stunden mit einem 10-Zoll-Dobson. "
    "Ich möchte vor allem Galaxien sehen."
)
LONG_ENGLISH = (
    'Plan tonight in La Palma, Spain for 3 hours with my 8" SCT, I like nebulae. '
    "What is the best target for the first hour?"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hallo", "de"),
        ("ja", "de"),
        ("ok, trotzdem", "de"),
        ("Wie warm ist es dort?", "de"),
        ("Was ist ein Weißer Zwerg?", "de"),
        ("Wie entstehen Spiralgalaxien?", "de"),
        ("für zwei Stunden", "de"),
        ("mit bloßem Auge", "de"),
        (ARTICLE, "de"),
        ("Kannst du mir ein Rezept für Lasagne geben?", "de"),
        ("Hi", "en"),
        ("yes", "en"),
        ("go ahead", "en"),
        ("How hot is Venus?", "en"),
        ("Hi, what can you do?", "en"),
        ("What should I observe tonight from Zurich?", "en"),
        ("What's the stock price of Apple?", "en"),
        ("I don't know", "en"),
        (LONG_ENGLISH, "en"),
        ("What should I observe tonight from Zürich?", "en"),  # English words outweigh the umlaut
        ("Was hat Mariner 10 am Merkur entdeckt?", "de"),
        ("Wie weit ist Andromeda entfernt?", "de"),
        ("Wer hat Uranus entdeckt?", "de"),
        ("Who discovered Uranus?", "en"),
        ("How far away is Andromeda?", "en"),
        ("How many moons did Voyager 2 find?", "en"),
        ("Woraus besteht interstellarer Staub?", "de"),  # a question of a question word, a verb and a noun
        ("Wodurch entsteht Polarlicht?", "de"),
    ],
)
def test_language_of_short_and_long_messages(text: str, expected: str) -> None:
    assert detect_language(text) == expected


@pytest.mark.parametrize("text", ["M31", "Kreuzlingen", "Zürich", "NGC 7000", "10x50", "ok", ""])
def test_neutral_text_gets_the_default(text: str) -> None:
    assert detect_language(text) == "en"
    assert detect_language(text, default="de") == "de"


def test_lowercase_umlaut_words_tip_a_tie_towards_german() -> None:
    assert detect_language("schön") == "de"
    assert detect_language("Zürich") == "en"  # a capitalised name is not evidence


@pytest.mark.parametrize(("text", "expected"), [
    ("Was kostet das Extremely Large Telescope?", "de"),
    ("Wo steht das Very Large Telescope?", "de"),
    ("Wer baute das Green Bank Telescope?", "de"),
    ("Where is the Very Large Telescope?", "en"),
    ("Tell Me About The Moon", "en"),
    ("Is it true that I can see it? Show me.", "en"),
])
def test_english_words_of_a_name_inside_a_sentence_count_for_neither(text: str, expected: str) -> None:
    assert detect_language(text) == expected


def test_one_word_does_not_change_a_settled_conversations_language() -> None:
    assert detect_language("Und Jupiter?", default="en", settled=True) == "en"
    assert detect_language("ok thanks", default="de", settled=True) == "de"
    assert detect_language("Und wie alt ist Jupiter?", default="en", settled=True) == "de"
    assert detect_language("Hallo", default="en") == "de"  # a first message decides with one word
