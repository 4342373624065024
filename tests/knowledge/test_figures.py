"""The figure a knowledge answer leads with, in the conversation's language. The figures here
are written for the tests, in the shapes the passages use."""

from __future__ import annotations

import pytest

from singularity.knowledge.figures import said_in
from singularity.knowledge.question_types import Asked


@pytest.mark.parametrize(("figure", "asked", "german"), [
    ("about 15 million K", Asked.TEMPERATURE, "etwa 15 Millionen K"),
    ("3,500–3,600 K", Asked.TEMPERATURE, "3.500–3.600 K"),
    ("3,500 to 3,600 K", Asked.TEMPERATURE, "3.500 bis 3.600 K"),
    ("about −180 °C", Asked.TEMPERATURE, "etwa −180 °C"),
    ("90 × 60 arcminutes", Asked.SIZE, "90 × 60 Bogenminuten"),
    ("about 7 by 5 degrees", Asked.SIZE, "etwa 7 × 5 Grad"),
    ("around 2.5 million light-years", Asked.DISTANCE, "rund 2,5 Millionen Lichtjahre"),
    ("about 1 million km", Asked.SIZE, "etwa 1 Million km"),
    ("about 5.97 × 10²⁴ kg", Asked.MASS, "etwa 5,97 × 10²⁴ kg"),
    ("1.4 solar masses", Asked.MASS, "1,4 Sonnenmassen"),
    ("about 2 times the Sun's mass", Asked.MASS, "etwa 2 Sonnenmassen"),
    ("about 17 km/s", Asked.SPEED, "etwa 17 km/s"),
    ("magnitude −1.2", Asked.BRIGHTNESS, "Größenklasse −1,2"),
    ("about 4.5 billion years old", Asked.AGE, "etwa 4,5 Milliarden Jahre alt"),
    ("about 4.5 billion years ago", Asked.AGE, "vor etwa 4,5 Milliarden Jahren"),
    ("from 1997 to 2017", Asked.DURATION, "von 1997 bis 2017"),
    ("687 Earth days", Asked.DURATION, "687 Erdtage"), ("about 84 Earth years", Asked.DURATION, "etwa 84 Erdjahre"),
])
def test_a_quantity_takes_the_german_words_and_number_marks(figure: str, asked: Asked, german: str) -> None:
    assert said_in(figure, asked, "de") == german
    assert said_in(figure, asked, "en") == figure


@pytest.mark.parametrize(("figure", "german"), [
    ("14 known moons", "14 bekannte Monde"), ("three known planets", "drei bekannte Planeten"),
    ("one moon", "ein Mond"), ("about 12,000 stars", "etwa 12.000 Sterne"),
    ("more than 40 globular clusters", "mehr als 40 Kugelsternhaufen"),
])
def test_a_count_says_what_it_counts_in_german(figure: str, german: str) -> None:
    assert said_in(figure, Asked.COUNT, "de") == german
    assert said_in(figure, Asked.COUNT, "en") == figure


@pytest.mark.parametrize(("figure", "german"), [
    ("13 March 1781", "13. März 1781"), ("on 4 July 1054", "am 4. Juli 1054"), ("in 1930", "1930"),
    ("in October 1923", "im Oktober 1923"), ("in the 17th century", "im 17. Jahrhundert"),
    ("c. 150", "um 150"), ("every 76 years", "alle 76 Jahre"), ("In about 5 billion years", "in etwa 5 Milliarden Jahren"),
    ("within the next 10,000 years", "innerhalb der nächsten 10.000 Jahre"),
])
def test_a_date_is_written_as_german_writes_dates(figure: str, german: str) -> None:
    assert said_in(figure, Asked.DATE, "de") == german


@pytest.mark.parametrize(("figure", "asked"), [
    ("five known comets", Asked.COUNT), ("about 1.4 times the Moon's mass", Asked.MASS),
    ("about 30 furlongs", Asked.DISTANCE),
])
def test_a_figure_with_a_word_not_in_the_catalogue_keeps_its_english_wording(figure: str, asked: Asked) -> None:
    assert said_in(figure, asked, "de") == figure


@pytest.mark.parametrize(("figure", "asked"), [
    ("William Herschel", Asked.PERSON), ("Miranda", Asked.NAME), ("Urbain Le Verrier", Asked.PERSON),
])
def test_names_stay_as_they_are(figure: str, asked: Asked) -> None:
    assert said_in(figure, asked, "de") == figure


def test_a_span_of_days_before_a_month_dots_each_day() -> None:
    assert said_in("12–13 August", Asked.DATE, "de") == "12.–13. August"
