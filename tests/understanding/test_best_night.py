"""Best-night questions, German and English: recognised, routed, and read into the tool's values.

``WRITTEN_WITH_THE_RULES`` are the phrasings the rules were written against; ``HELD_OUT`` were
written afterwards and only run, never used to change a rule (they passed as written)."""

from __future__ import annotations

from datetime import date

import pytest

from singularity.planning.timephrases.spans import find_night_span
from singularity.understanding.best_night import asks_best_night, read_best_night
from singularity.understanding.intent import classify_intent

WRITTEN_WITH_THE_RULES = [
    # (message, object, place, span phrase)
    ("Wann ist diese Woche die beste Nacht für M51?", "M51", None, "diese Woche"),
    ("When can I see Saturn best this month from Denver?", "Saturn", "Denver", "this month"),
    ("Welche Nacht im Dezember ist für den Orionnebel ideal?", "Orionnebel", None, "im Dezember"),
    ("Which night next week is best for the Andromeda Galaxy?", "Andromeda Galaxy", None, "next week"),
    ("Wann steht Jupiter im Januar am günstigsten?", "Jupiter", None, "im Januar"),
    ("When should I observe M13 from Kreuzlingen?", "M13", "Kreuzlingen", None),
]
HELD_OUT = [
    ("Wann kann ich den Ringnebel in den nächsten zwei Wochen am besten beobachten?", "Ringnebel",
     None, "in den nächsten zwei Wochen"),
    ("What's the best night this week to photograph M31 from Zurich?", "M31", "Zurich", "this week"),
    ("Which evening in January is ideal for the Pleiades?", "Pleiades", None, "in January"),
    ("Welcher Abend nächste Woche eignet sich am besten für Jupiter?", "Jupiter", None, "nächste Woche"),
    ("When is M13 best placed over the next 10 nights?", "M13", None, "the next 10 nights"),
    ("Best night for NGC 7000 next month from Berlin?", "NGC 7000", "Berlin", "next month"),
    ("Wann lohnt sich der Krebsnebel im Februar am meisten?", "Krebsnebel", None, "im Februar"),
    ("When should we go out to see Mars this month?", "Mars", None, "this month"),
    ("An welchem Tag bis Sonntag ist M81 am günstigsten zu sehen?", "M81", None, "bis Sonntag"),
    ("Which night this weekend is best for the Whirlpool Galaxy from Munich?", "Whirlpool Galaxy",
     "Munich", "this weekend"),
]
NOT_BEST_NIGHT = [
    "When was the Crab Nebula discovered?",
    "Wie weit ist M31 entfernt?",
    "What is the best eyepiece for Saturn?",
    "What is the best telescope for M51?",
    "Wann wurde M51 entdeckt?",
    "Plane mir heute Abend in Bern zwei Stunden mit dem Fernglas.",
    "Gute Nacht, bis morgen!",
    "Why is Jupiter so bright tonight?",
    "Was kann ich heute Abend sehen?",
]


@pytest.mark.parametrize(("text", "target", "place", "when"), WRITTEN_WITH_THE_RULES + HELD_OUT)
def test_best_night_questions_are_recognised_and_read(text: str, target: str, place: str | None,
                                                      when: str | None) -> None:
    assert asks_best_night(text)
    assert classify_intent(text).kind == "best_night"
    request = read_best_night(text)
    assert request is not None
    assert (request.target, request.place, request.when) == (target, place, when)


@pytest.mark.parametrize("text", NOT_BEST_NIGHT)
def test_other_questions_are_not_best_night_questions(text: str) -> None:
    assert not asks_best_night(text)
    assert classify_intent(text).kind != "best_night"


def test_with_a_plan_a_question_about_tonight_stays_with_the_plan() -> None:
    assert not asks_best_night("Wann steht M42 am höchsten?", has_plan=True)
    assert asks_best_night("Welche Nacht diese Woche ist für M42 am besten?", has_plan=True)


def test_the_instrument_is_read_too() -> None:
    request = read_best_night("Wann ist diese Woche die beste Nacht für M51 mit meinem 10-Zoll-Dobson?")
    assert request is not None and request.equipment == "10-Zoll-Dobson"


TODAY = date(2026, 12, 2)  # a Wednesday


@pytest.mark.parametrize(("text", "first", "nights"), [
    ("diese Woche", date(2026, 12, 2), 5),
    ("next week", date(2026, 12, 7), 7),
    ("this month", date(2026, 12, 2), 30),
    ("im Dezember", date(2026, 12, 2), 30),
    ("in January", date(2027, 1, 1), 31),
    ("nächsten Monat", date(2027, 1, 1), 31),
    ("im März 2027", date(2027, 3, 1), 31),
    ("in den nächsten 10 Nächten", date(2026, 12, 2), 10),
    ("over the next two weeks", date(2026, 12, 2), 14),
    ("bis Freitag", date(2026, 12, 2), 3),
    ("this weekend", date(2026, 12, 4), 2),
    ("nächstes Wochenende", date(2026, 12, 11), 2),
    ("heute Abend", date(2026, 12, 2), 1),
    ("tomorrow night", date(2026, 12, 3), 1),
    ("übermorgen", date(2026, 12, 4), 1),
    ("am Samstag", date(2026, 12, 5), 1),
    ("next Wednesday", date(2026, 12, 9), 1),
])
def test_spans_of_nights(text: str, first: date, nights: int) -> None:
    span = find_night_span(text, TODAY)
    assert span is not None and (span.first, span.nights) == (first, nights)


@pytest.mark.parametrize("text", ["may I see M51", "Was ist M51?", "morgen früh"])
def test_words_that_name_no_span(text: str) -> None:
    assert find_night_span(text, TODAY) is None


@pytest.mark.parametrize(("text", "target", "place", "when"), [
    ("Kann ich heute Abend von Köln aus den Saturn sehen?", "Saturn", "Köln", "heute Abend"),
    ("Is M42 visible from Leeds tomorrow night?", "M42", "Leeds", "tomorrow night"),
    ("Sieht man am Samstag die Andromedagalaxie?", "Andromedagalaxie", None, "am Samstag"),
])
def test_whether_an_object_can_be_seen_that_night_is_its_one_night_scan(
        text: str, target: str, place: str | None, when: str) -> None:
    assert classify_intent(text).kind == "best_night"
    request = read_best_night(text)
    assert request is not None and (request.target, request.place, request.when) == (target, place, when)


@pytest.mark.parametrize("text", ["Can I see Saturn's rings with binoculars?", "Is the Moon up tonight?",
                                  "Kann man heute Sternschnuppen sehen?"])
def test_what_an_instrument_shows_and_the_moon_are_no_night_scan(text: str) -> None:
    assert classify_intent(text).kind != "best_night"


@pytest.mark.parametrize("text", ["cool. can i see it from boston this weekend?", "Und kann ich den heute von München aus sehen?"])
def test_the_object_talked_about_is_what_it_stands_for(text: str) -> None:
    assert classify_intent(text, follows_up=True, last_object="M31").kind == "best_night"
    request = read_best_night(text, last_object="M31")
    assert request is not None and request.target == "M31"
    assert classify_intent(text, follows_up=True).kind != "best_night"  # nothing talked about: a plan
