"""Title aliases, the title filter's name matching, and the search strategy (split or not)."""

from __future__ import annotations

from datetime import date

import pytest

from singularity.knowledge.strategy import asks_for_news, plan_search, topic_title
from singularity.knowledge.titles import TitleIndex

TITLES = TitleIndex([
    ("M31 — Andromeda Galaxy", ["M31", "Messier 31", "NGC 224", "Andromedagalaxie", "spiral galaxy"]),
    ("The Andromeda Galaxy", ["Andromeda Galaxy", "Andromedanebel", "spiral galaxy"]),
    ("M33 — Triangulum Galaxy", ["M33", "spiral galaxy"]),
    ("M81 — Bode's Galaxy", ["M81", "spiral galaxy"]),
    ("M51 — Whirlpool Galaxy", ["M51", "spiral galaxy"]),
    ("Mars", ["red planet", "Olympus Mons"]),
    ("Mars — the fourth planet from the Sun", ["Mars", "Roter Planet"]),
    ("The search for life beyond Earth", ["Mars", "Europa", "SETI"]),
    ("The Hubble Space Telescope", ["Hubble", "HST"]),
    ("The James Webb Space Telescope", ["JWST", "Webb", "James Webb"]),
    ("Hubble versus James Webb (a comparison)", ["Hubble", "Webb"]),
    ("Active galaxies and quasars", ["quasar", "AGN"]),
    ("Refracting telescopes (refractors)", ["refractor", "Refraktor"]),
    ("Reflecting telescopes and Newtonians", ["reflector", "Reflektor", "Newton"]),
])



def test_designations_and_german_names_resolve_to_the_card() -> None:
    for name in ("M31", "M 31", "Messier 31", "NGC 0224", "Andromedagalaxie"):
        assert TITLES.resolve(name) == ("M31 — Andromeda Galaxy",), name


def test_titles_and_specific_keywords_count_and_generic_keywords_are_dropped() -> None:
    assert TITLES.resolve("Mars") == ("Mars", "Mars — the fourth planet from the Sun",
                                      "The search for life beyond Earth")
    assert TITLES.resolve("Andromeda Galaxy") == ("M31 — Andromeda Galaxy", "The Andromeda Galaxy")
    assert TITLES.resolve("spiral galaxy") == ()  # names five documents: a kind, not a topic
    assert TITLES.resolve("refractors") == ("Refracting telescopes (refractors)",)


def test_names_are_found_in_a_sentence_longest_first() -> None:
    found = TITLES.find_in("Wie weit ist die Andromeda Galaxy von M33 entfernt?")
    assert [m.name for m in found] == ["Andromeda Galaxy", "M33"]


def test_one_word_of_a_text_is_no_name_written_as_several() -> None:
    titles = TitleIndex([("Saturn's Rings", ["B ring", "Cassini Division"]), ("Cassini-Huygens", ["Cassini-Huygens"])])
    assert titles.find_in("What did the astronauts bring back?") == []
    assert [m.name for m in titles.find_in("How wide is the B ring?")] == ["B ring"]
    assert [m.name for m in titles.find_in("When did Cassini-Huygens launch?")] == ["Cassini-Huygens"]


def test_a_simple_question_is_one_search_filtered_to_the_named_topic() -> None:
    plan = plan_search("Wie hell ist M 31?", TITLES)
    assert not plan.split and plan.title == "M 31"
    assert plan_search("What is the cosmic microwave background?", TITLES).title is None


@pytest.mark.parametrize("question", [
    "Was ist der Unterschied zwischen Hubble und James Webb?",
    "Compare Hubble and James Webb",
    "Hubble vs. JWST: which sees farther?",
])
def test_a_comparison_is_split_into_one_topic_per_thing_plus_the_whole(question: str) -> None:
    plan = plan_search(question, TITLES)
    assert plan.split and len(plan.topics) == 3
    assert plan.topics[-1].query == question  # an article may compare them directly
    first, second = (TITLES.resolve(topic_title(t.query, TITLES) or "") for t in plan.topics[:2])
    assert "The Hubble Space Telescope" in first and "The James Webb Space Telescope" in second


def test_a_comparison_of_unknown_things_splits_on_its_wording() -> None:
    plan = plan_search("Was ist der Unterschied zwischen Pulsaren und Magnetaren?", TITLES)
    assert [t.query for t in plan.topics[:2]] == ["Was ist der Unterschied zwischen Pulsaren?",
                                                  "Was ist der Unterschied zwischen Magnetaren?"]
    cases = {
        "Ist Venus heißer als Merkur?": ["Ist Venus heißer?", "Ist Merkur heißer?"],
        "How are white dwarfs different from neutron stars?": ["How are white dwarfs different?",
                                                               "How are neutron stars different?"],
        "Dobson oder Schmidt-Cassegrain: was passt besser?": ["Dobson: was passt besser?",
                                                             "Schmidt-Cassegrain: was passt besser?"],
        "Ist Thuban eigentlich heller als der Polarstern?": ["Ist Thuban eigentlich heller?",
                                                             "Ist der Polarstern eigentlich heller?"],
        "is Sirius really brighter than Vega?": ["is Sirius really brighter?", "is Vega really brighter?"],
    }
    for question, topics in cases.items():
        assert [t.query for t in plan_search(question, TITLES).topics[:2]] == topics, question


def test_a_compound_question_becomes_standalone_questions() -> None:
    plan = plan_search("Was ist ein Quasar und wie weit ist M31 entfernt?", TITLES)
    assert [t.query for t in plan.topics] == ["Was ist ein Quasar?", "Wie weit ist M31 entfernt?"]
    assert [t.title for t in plan.topics] == ["Quasar", "M31"]
    two = plan_search("Was ist ein Quasar? Und wie entstehen die Gezeiten?", TITLES)
    assert [t.query for t in two.topics] == ["Was ist ein Quasar?", "Wie entstehen die Gezeiten?"]


def test_parts_about_one_subject_stay_one_question_and_mixed_ones_borrow_the_subject() -> None:
    assert not plan_search("What is M31 and how far away is it?", TITLES).split
    assert not plan_search("Wo steht die Andromeda Galaxy und wie groß erscheint sie?", TITLES).split
    plan = plan_search("Was ist ein Quasar? Und wie weit ist er entfernt? Und was ist M31?", TITLES)
    assert [t.query for t in plan.topics] == ["Was ist ein Quasar?", "Wie weit ist er entfernt (Quasar)?",
                                              "Was ist M31?"]


def test_questions_about_news_need_the_web() -> None:
    stored = date(2026, 11, 30)
    assert asks_for_news("Was hat Webb im November 2026 entdeckt?", as_of=stored)
    assert asks_for_news("What is the latest news about Betelgeuse?", as_of=stored)
    assert not asks_for_news("Wann wurde Hubble 1990 gestartet?", as_of=stored)
    assert not asks_for_news("Wie warm ist es auf dem Mars?", as_of=stored)


def test_a_why_question_that_compares_is_searched_as_one_question() -> None:
    """"Why is Venus hotter than Mercury?" asks one reason, which one sentence gives."""
    for question in ("Why is Venus hotter than Mercury?", "Warum ist Venus heißer als Merkur?"):
        assert not plan_search(question, TITLES).split, question


def test_a_name_of_common_words_is_common_only_as_a_phrase() -> None:
    """"north" and "star" stand in most texts, "North Star" in one: it names Polaris; "solar
    wind", said in most texts, is a common term."""
    texts = [("The solar wind", f"The star rose in the north of the sky, chunk {n}, and the solar wind blew.")
             for n in range(30)]
    texts.append(("Polaris", "Polaris, the North Star, lies near the pole."))
    titles = TitleIndex([("Polaris", ["North Star"]), ("The solar wind", ["solar wind"])], texts=texts)
    assert [match.titles for match in titles.find_in("How far is the North Star?")] == [("Polaris",)]
    assert titles.find_in("What is the solar wind made of?") == []


def test_a_word_written_as_a_name_names_only_when_the_question_writes_it_so() -> None:
    """The texts write "eyes" as the word, and one card writes "the Eyes" as a galaxy pair's
    name: "eyes" in lower case is the word, "the Eyes" the card; an article that writes its
    keyword as a word ("aurora") is named by it in lower case too."""
    texts = [("Dark adaptation", f"Your eyes adapt to the dark, note {n}; the aurora glows.") for n in range(4)]
    texts += [("Mars", f"Mars is red, note {n}.") for n in range(100)]
    texts += [("NGC 4435 — Eyes", "NGC 4435 and NGC 4438, the Eyes, are a pair of galaxies in Virgo."),
              ("Aurorae", "An aurora is a natural light display; an aurora glows green.")]
    titles = TitleIndex([("NGC 4435 — Eyes", ["Eyes"]), ("Aurorae", ["aurora"])], texts=texts)
    assert titles.find_in("How long does it take for eyes to adapt?") == []
    assert [match.titles for match in titles.find_in("How far away are the Eyes?")] == [("NGC 4435 — Eyes",)]
    assert [match.titles for match in titles.find_in("what is an aurora")] == [("Aurorae",)]


def test_a_two_letter_name_is_a_name_and_an_abbreviation_is_not() -> None:
    """Jupiter's moon Io is found by its name ("the weather on Io" is about a world); "RA", a
    keyword written in capitals, would meet the letters of any text."""
    titles = TitleIndex([("The Galilean moons", ["Io", "Europa"]), ("Celestial coordinates", ["RA", "declination"])])
    assert [match.titles for match in titles.find_in("What is the weather on Io?")] == [("The Galilean moons",)]
    assert titles.find_in("Ra is an Egyptian god") == []


def test_a_german_names_adjective_with_its_noun_names_the_english_pair() -> None:
    """"der Halleysche Komet" is Halley's Comet: the title it names, not merely any comet's."""
    titles = TitleIndex([("Famous comets", ["Halley's Comet"]), ("The Oort Cloud", ["Oort Cloud"])])
    assert topic_title("Wann kommt der Halleysche Komet wieder?", titles) == "Halley's comet"
    assert titles.resolve(topic_title("Wie weit ist die Oortsche Wolke?", titles) or "") == ("The Oort Cloud",)
    both = TitleIndex([("Famous comets", ["Halley's Comet"]), ("Comets", ["Komet"])])
    assert topic_title("Wann kommt der Halleysche Komet wieder?", both) is None


@pytest.mark.parametrize("question", ["ok and how far is andromeda galaxy from us", "Na und wie weit ist die Andromedagalaxie?"])
def test_a_word_that_only_opens_the_message_is_no_topic_of_its_own(question: str) -> None:
    """"ok and how far …" was searched as two topics, "Ok?" and the question, and answered as
    if "Ok?" had been asked."""
    plan = plan_search(question, TITLES)
    assert not plan.split
    assert plan.topics[0].query == question


def test_which_asks_a_choice_only_between_things_named_with_or() -> None:
    """"In which year did Isaac Newton build the first reflecting telescope?" names two things and
    compares none: it is searched whole, not as two topics with a name cut out of each."""
    titles = TitleIndex([("Isaac Newton", ["Isaac Newton"]), ("Reflectors", ["reflecting telescope"])])
    plan = plan_search("In which year did Isaac Newton build the first working reflecting telescope?", titles)
    assert [topic.query for topic in plan.topics] == [
        "In which year did Isaac Newton build the first working reflecting telescope?"]
