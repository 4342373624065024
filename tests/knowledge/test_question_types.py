"""What a question asks for, and which sentences carry it: the offline answer's basis (D24).
The sentences here are written for the tests, not taken from the corpus."""

from __future__ import annotations

import pytest

from singularity.knowledge.extract import answer_quotes
from singularity.knowledge.question_lexicon import widen, widen_verb
from singularity.knowledge.question_types import (
    Asked,
    person_names,
    question_kind,
    read_question,
)
from singularity.knowledge.vectors import stem


@pytest.mark.parametrize(("question", "asked"), [
    ("Who discovered Neptune?", Asked.PERSON), ("Von wem wurde der Komet gefunden?", Asked.PERSON),
    ("Wann wurde Pluto entdeckt?", Asked.DATE), ("In what year did Apollo 11 land?", Asked.DATE),
    ("How far away is Vega?", Asked.DISTANCE), ("Wie weit ist der Mond weg?", Asked.DISTANCE),
    ("Wie groß ist Ganymed?", Asked.SIZE), ("How old is the Sun?", Asked.AGE),
    ("Wie heiß ist die Venus?", Asked.TEMPERATURE), ("How heavy is a neutron star?", Asked.MASS),
    ("How long is a day on Mars?", Asked.DURATION), ("Wie schnell fliegt Voyager 1?", Asked.SPEED),
    ("Wie hell ist Sirius?", Asked.BRIGHTNESS), ("How many moons does Mars have?", Asked.COUNT),
    ("Warum funkeln Sterne?", Asked.REASON), ("What causes the tides?", Asked.REASON),
    ("Wie entstehen Sterne?", Asked.PROCESS), ("What is a quasar?", Asked.DEFINITION),
    ("What is the temperature of the Sun's corona?", Asked.TEMPERATURE),
    ("Tell me about Saturn", Asked.FACT),
    ("How long until the next solar eclipse?", Asked.DATE),
    ("Wie lange dauert es noch bis zur nächsten Sonnenfinsternis?", Asked.DATE),
    ("Wie lange braucht das Licht bis zur Erde?", Asked.DURATION),
    ("How long does the next eclipse last?", Asked.DURATION),
    ("what is the weather like on Titan's surface", Asked.FACT), ("What is the temperature like on Mars?", Asked.TEMPERATURE),
    ("Wie oft hat Cassini Saturn umrundet?", Asked.COUNT), ("Wie oft gibt es eine totale Sonnenfinsternis?", Asked.DURATION),
    ("mit welchem Tempo bewegt sich Andromeda?", Asked.SPEED), ("Was ist das Höchstgewicht eines Weißen Zwergs?", Asked.MASS),
    ("how thin are Saturn's rings", Asked.SIZE),
    ("roughly how many light years away is the Helix Nebula", Asked.DISTANCE),
    ("Wie viele Lichtjahren sind es bis Wega?", Asked.DISTANCE),
    ("I wonder how far away Mars is from the Sun.", Asked.DISTANCE),
])
def test_the_kind_of_fact_follows_the_question_word(question: str, asked: Asked) -> None:
    assert question_kind(question) is asked


def test_people_are_runs_of_names_that_are_no_places_or_objects() -> None:
    sentence = "In 1930 Clyde Tombaugh at the Lowell Observatory found Pluto on plates taken by Slipher."
    assert person_names(sentence) == ["Clyde Tombaugh", "Slipher"]
    assert person_names("The Great Red Spot and the Milky Way Galaxy are no people.") == []


def _passages(*texts: str) -> list[dict[str, str]]:
    return [{"marker": f"[{n}]", "title": "Pluto", "text": f"Pluto — Facts\n{text}"} for n, text in enumerate(texts, 1)]


def _german(question: str) -> bool:
    return question.split()[0] in {"Wer", "Wie", "Wann", "Warum"}


PLUTO = _passages(
    "Pluto is a dwarf planet in the Kuiper belt. It was found in 1930 by Clyde Tombaugh at Lowell Observatory. "
    "Pluto orbits the Sun at an average of about 39.5 au, taking 248 years.",
    "Pluto has five known moons; the largest, Charon, is about half Pluto's size. "
    "Its surface is colder than about −230 °C, because it receives so little sunlight.",
)


@pytest.mark.parametrize(("question", "key"), [
    ("Who discovered Pluto?", "Clyde Tombaugh"), ("Wer hat Pluto entdeckt?", "Clyde Tombaugh"),
    ("When was Pluto found?", "in 1930"), ("How far is Pluto from the Sun?", "about 39.5 au"),
    ("Wie viele Monde hat Pluto?", "five known moons"), ("How cold is Pluto?", "about −230 °C"),
])
def test_the_answer_leads_with_the_part_that_states_the_asked_fact(question: str, key: str) -> None:
    answer = answer_quotes(question, PLUTO, named=[("Pluto", ["Pluto"])], german=_german(question))
    assert answer.found and answer.key == key
    assert all(quote.text in PLUTO[0]["text"] + PLUTO[1]["text"] for quote in answer.quotes)


@pytest.mark.parametrize("question", [
    "Who named Pluto?", "How heavy is Pluto?", "Wie schnell dreht sich Pluto?", "How old is Charon?",
])
def test_without_a_sentence_that_states_it_there_is_no_answer_only_two_related(question: str) -> None:
    answer = answer_quotes(question, PLUTO, named=[("Pluto", ["Pluto"])], german=_german(question))
    assert not answer.found and answer.quotes == []
    assert 1 <= len(answer.related) <= 2 and len({q.marker for q in answer.related}) == len(answer.related)


def test_a_person_of_another_event_is_no_answer() -> None:
    passages = [{"marker": "[1]", "title": "Saturn", "text": "Saturn — Moons\nSaturn has many moons. "
                 "Christiaan Huygens discovered its largest moon, Titan, in 1655."}]
    assert not answer_quotes("Who invented the telescope?", passages).found


def test_namesakes_are_no_answer_to_who_did_it() -> None:
    passages = [{"marker": "[1]", "title": "Neptune", "text": "Neptune — Rings\nNeptune's rings are named after "
                 "astronomers connected with its history (Galle, Le Verrier and Adams)."}]
    assert not answer_quotes("Who named the rings of Neptune?", passages, named=[("Neptune", ["Neptune"])]).found


def test_a_passage_headed_by_the_question_outranks_one_that_only_shares_its_words() -> None:
    passages = [
        {"marker": "[1]", "title": "Seasons", "text": "Seasons — Nights\nIn summer the night sky never gets "
         "fully dark because the Sun stays close below the horizon."},
        {"marker": "[2]", "title": "Why the Night Sky Is Dark", "text": "Why the Night Sky Is Dark — Answer\n"
         "The answer is that the universe has a finite age, so too few stars shine to fill every line of sight."},
    ]
    answer = answer_quotes("Why is the sky dark at night?", passages)
    assert answer.found and answer.quotes[0].marker == "[2]"


def test_comparisons_are_answered_by_either_sides_passages() -> None:
    assert question_kind("Was ist der Unterschied zwischen Hubble und Webb?") is Asked.COMPARISON
    passages = [{"marker": "[1]", "title": "Hubble", "text": "Hubble — Facts\nHubble has a mirror 2.4 m across."},
                {"marker": "[2]", "title": "Webb", "text": "Webb — Facts\nWebb has a gold mirror 6.5 m across."}]
    answer = answer_quotes("How do Hubble and Webb differ?", passages)
    assert answer.found and {quote.marker for quote in answer.quotes} == {"[1]", "[2]"}


@pytest.mark.parametrize(("question", "asked"), [
    ("How much heavier than Earth is Mars?", Asked.MASS), ("How often does Mars reach opposition?", Asked.DURATION),
    ("How much of the universe is dark energy?", Asked.SHARE), ("What is Saturn's biggest moon called?", Asked.NAME),
    ("Welcher Komet kehrt alle 76 Jahre zurück?", Asked.NAME), ("Wie dick sind die Ringe?", Asked.SIZE),
])
def test_comparatives_frequencies_shares_and_names_are_kinds_of_their_own(question: str, asked: Asked) -> None:
    assert question_kind(question) is asked


@pytest.mark.parametrize(("question", "asked"), [
    ("How many kilos of moon rock did Apollo bring back?", Asked.MASS), ("Wie viel würde ein Löffel davon wiegen?", Asked.MASS),
    ("how many hours is a day on mars", Asked.DURATION), ("Wie viele Jahre braucht Neptun für einen Umlauf?", Asked.DURATION),
    ("How many kilometres away is the Moon?", Asked.DISTANCE), ("How many years ago did the Moon form?", Asked.DATE),
    ("How many moons does Mars have?", Asked.COUNT),
])
def test_how_many_of_a_unit_asks_for_that_quantity(question: str, asked: Asked) -> None:
    assert question_kind(question) is asked


@pytest.mark.parametrize(("question", "asked"), [
    ("How many pieces is the Kalder telescope's mirror made of?", Asked.COUNT),
    ("Aus wie vielen Teilen besteht der Spiegel?", Asked.COUNT), ("What is Zorb made of?", Asked.COMPOSITION),
    ("Woraus besteht der Kern von Zorb?", Asked.COMPOSITION),
    ("What is the redshift of the Zorb quasar?", Asked.FACT), ("Wie hoch ist die Leuchtkraft von Zorb?", Asked.FACT),
    ("What is a redshift?", Asked.DEFINITION),
])
def test_how_many_parts_is_a_count_and_a_measured_property_a_value(question: str, asked: Asked) -> None:
    assert question_kind(question) is asked


def test_the_unit_a_quantity_is_asked_in_need_not_be_the_sentences() -> None:
    passages = [{"marker": "[1]", "title": "Apollo", "text": "Apollo — Samples\nThe Apollo astronauts brought "
                 "back about 382 kg of lunar rock and soil."}]
    answer = answer_quotes("How many kilos of moon rock did the Apollo astronauts bring back?", passages)
    assert answer.found and answer.key == "about 382 kg"


def _passage(title: str, section: str, text: str) -> dict[str, str]:
    return {"marker": "[1]", "title": title, "section": section, "text": f"{title} — {section}\n{text}"}


def test_a_sentence_about_another_body_under_a_shared_heading_is_no_answer() -> None:
    passage = _passage("Small worlds", "Quaoar, Sedna and Orcus",
                       "Sedna, found in 2003, travels out to about 900 au. Orcus is about 900 km across.")
    assert not answer_quotes("How far from the Sun is Quaoar?", [passage]).found


def test_a_namesake_question_is_answered_by_the_person_after_named_after() -> None:
    passage = _passage("Kuiper Airborne Observatory", "History",
                       "The Kuiper Airborne Observatory is named after the Dutch astronomer Gerard Kuiper.")
    answer = answer_quotes("Who is the Kuiper Airborne Observatory named after?", [passage])
    assert answer.found and answer.key == "Gerard Kuiper"


def test_a_spacecraft_can_be_who_discovered_something() -> None:
    passage = _passage("Io", "Volcanoes", "Its volcanoes were discovered by the Voyager 1 spacecraft in 1979.")
    answer = answer_quotes("Who discovered the volcanoes of Io?", [passage], named=[("Io", ["Io"])])
    assert answer.found and answer.key == "Voyager 1 spacecraft"


def test_of_a_list_of_discoveries_the_clause_naming_the_thing_gives_the_answer() -> None:
    passage = _passage("Moons of Saturn", "Discoveries", "Titan was found by Christiaan Huygens in 1655; "
                       "and Phoebe by William Pickering in 1899.")
    answer = answer_quotes("Who discovered Phoebe?", [passage])
    assert answer.found and answer.key == "William Pickering"


def test_the_event_asked_about_must_be_told() -> None:
    passage = _passage("Voyager", "Golden Record",
                       "The Golden Records travel on the two Voyager spacecraft leaving the Solar System.")
    assert not answer_quotes("Who designed the Golden Record of Voyager?", [passage]).found


def test_a_length_across_is_no_distance() -> None:
    passage = _passage("Uranus", "Moons", "Oberon, the outermost large moon, is about 1,520 km across.")
    assert not answer_quotes("How far is Oberon from Uranus?", [passage]).found


def test_inflected_german_words_and_compounds_are_read_by_their_parts() -> None:
    optical = _passage("Telescopes", "Lenses", "The first telescope was built by Hans Lipperhey in 1608.")
    radio = _passage("Telescopes", "Radio", "The first radio telescope was built by Grote Reber in 1937.")
    assert not answer_quotes("Wer hat das erste Radioteleskop gebaut?", [optical], german=True).found
    assert answer_quotes("Wer hat das erste Radioteleskop gebaut?", [radio], german=True).key == "Grote Reber"
    assert answer_quotes("Wer hat die ersten Teleskope gebaut?", [optical], german=True).key == "Hans Lipperhey"


def test_a_compound_name_needs_each_of_its_parts() -> None:
    rings = _passage("Saturn", "Rings", "The main rings stretch from about 74,000 km to about 137,000 km from Saturn.")
    named = [("Ringnebel", ["M57 — Ring Nebula"])]
    assert not answer_quotes("Wie weit ist der Ringnebel entfernt?", [rings], named=named, german=True).found


def test_a_reason_must_explain_the_quality_asked_about() -> None:
    other = _passage("Venus", "Names", "Venus is called the evening star because it shines after sunset.")
    heat = _passage("Venus", "Climate", "Its dense atmosphere traps so much heat that the ground stays at 460 °C.")
    assert not answer_quotes("Why is Venus so hot?", [other], named=[("Venus", ["Venus"])]).found
    assert not answer_quotes("Warum ist die Venus so heiß?", [other], named=[("Venus", ["Venus"])], german=True).found
    assert answer_quotes("Warum ist die Venus so heiß?", [heat], named=[("Venus", ["Venus"])], german=True).found


def test_a_height_is_no_width() -> None:
    passage = _passage("Venus", "Surface", "Its highest peaks, the Maxwell Montes, rise about 11 km above the plains.")
    named = [("Maxwell Montes", ["Venus"])]
    assert not answer_quotes("Wie breit ist Maxwell Montes?", [passage], named=named, german=True).found
    assert answer_quotes("How high is Maxwell Montes?", [passage], named=named).key == "about 11 km"


def test_a_preposition_need_not_be_repeated() -> None:
    passage = _passage("Mercury", "Temperatures", "Its ground warms to about 430 °C by day and cools to −180 °C at night.")
    assert answer_quotes("How hot does Mercury get during the day?", [passage],
                         named=[("Mercury", ["Mercury"])]).key == "about 430 °C"


def test_high_asks_the_value_of_a_quantity_that_is_no_height() -> None:
    passage = _passage("Venus", "Air", "The pressure at its surface is about 90 times that on Earth.")
    assert answer_quotes("Wie hoch ist der Luftdruck auf der Venus?", [passage], named=[("Venus", ["Venus"])],
                         german=True).found


def test_how_much_of_a_substance_is_answered_by_its_weight() -> None:
    passage = _passage("Apollo Moon landings", "Samples", "Its astronauts brought back about 380 kg of lunar rock and dust.")
    answer = answer_quotes("How much Moon rock did the Apollo astronauts bring back?", [passage],
                           named=[("Apollo", ["Apollo"])])
    assert answer.found and answer.key.startswith("about 380 kg")
    assert not answer_quotes("How much did the Apollo programme cost?", [passage], named=[("Apollo", ["Apollo"])]).found


def test_a_clause_about_another_numbered_craft_does_not_reject_the_sentence() -> None:
    passage = _passage("Voyager 1 and 2", "Interstellar space",
                       "It crossed the heliopause in August 2012, and Voyager 2 followed in November 2018.")
    named = [("Voyager 1", ["Voyager 1 and 2"])]
    assert answer_quotes("When did Voyager 1 cross the heliopause?", [passage], named=named).key == "in August 2012"
    assert answer_quotes("Wann hat Voyager 1 die Heliopause überquert?", [passage], named=named,
                         german=True).key == "in August 2012"
    assert not answer_quotes("When did Voyager 3 cross the heliopause?", [passage],
                             named=[("Voyager 3", ["Voyager 1 and 2"])]).found


def test_who_did_it_to_another_named_thing_is_no_answer() -> None:
    passage = _passage("New Horizons", "Arrokoth", "Arrokoth was visited in 2019. "
                       "The probe carries some ashes of Clyde Tombaugh, who discovered Pluto in 1930.")
    assert not answer_quotes("Who discovered Arrokoth?", [passage], named=[("Arrokoth", ["New Horizons"])]).found
    assert answer_quotes("Who discovered Pluto?", [passage], named=[("Pluto", ["Pluto"])]).key == "Clyde Tombaugh"


def test_a_count_counts_what_the_question_counts() -> None:
    passage = _passage("Kuiper belt", "Dwarf planets", "Makemake is one of the largest objects in the Kuiper belt "
                       "and has one known moon.")
    named = [("Kuiper belt", ["Kuiper belt"])]
    assert not answer_quotes("How many Kuiper belt objects have moons?", [passage], named=named).found
    assert answer_quotes("How many moons does Makemake have?", [passage],
                         named=[("Makemake", ["Kuiper belt"])]).key == "one known moon"


def test_how_close_a_craft_came_is_no_size() -> None:
    passage = _passage("Comets", "Halley", "Giotto passed within about 600 km of its nucleus, "
                       "a dark body about 15 km long.")
    answer = answer_quotes("How big is the nucleus of Halley's Comet?", [passage], named=[("Halley", ["Comets"])])
    assert answer.key == "about 15 km"


def test_an_irregular_past_tells_the_event() -> None:
    passage = _passage("Apollo Moon landings", "Samples", "The astronauts brought back about 380 kg of lunar rock.")
    assert answer_quotes("How much Moon rock did the Apollo astronauts bring back?", [passage],
                         named=[("Apollo", ["Apollo Moon landings"])]).found


def test_a_name_set_off_after_a_superlative_is_the_name_asked() -> None:
    passage = _passage("Meteorites", "Types", "Most iron meteorites come from asteroid cores; the largest known "
                       "meteorite, Hoba in Namibia, weighs about 60 tonnes.")
    answer = answer_quotes("Wie heißt der größte bekannte Meteorit?", [passage], german=True)
    assert answer.found and answer.key.startswith("Hoba")


def test_a_german_name_is_not_found_by_the_kind_of_thing_it_names() -> None:
    passage = _passage("Galaxies", "Distances", "The nearest large galaxy, the Andromeda Galaxy, lies about "
                       "2.5 million light-years away.")
    named = [("Antennen-Galaxien", ["NGC 4038 — Antennae Galaxies"])]
    assert not answer_quotes("Wie weit sind die Antennen-Galaxien entfernt?", [passage], named=named, german=True).found


def test_a_position_in_the_sky_is_no_size() -> None:
    passage = _passage("NGC 2070 — Tarantula Nebula", "Position", "The Tarantula Nebula lies at right ascension "
                       "05h 38m 42s, declination −69° 06′. Its apparent size is about 16 arcminutes across.")
    answer = answer_quotes("How wide is the Tarantula Nebula?", [passage],
                           named=[("Tarantula Nebula", ["NGC 2070 — Tarantula Nebula"])])
    assert answer.key == "about 16 arcminutes"


def test_a_mass_in_earth_masses_counts_no_earths() -> None:
    passage = _passage("Jupiter", "Facts", "Its mass is about 318 Earth masses, and some 1,300 Earths would fit inside it.")
    answer = answer_quotes("How many Earths would fit inside Jupiter?", [passage], named=[("Jupiter", ["Jupiter"])])
    assert answer.key.startswith("some 1,300 Earths")


@pytest.mark.parametrize(("question", "text", "key"), [
    ("How big is the Crab Nebula?", "Its apparent size is 7 × 5 arcminutes, small in a telescope.", "7 × 5 arcminutes"),
    ("How large is the Crab Nebula on the sky?", "On the sky it covers about 6 by 4 arcminutes.", "about 6 by 4 arcminutes"),
    ("How heavy is the Crab Nebula?", "Its gas weighs about 4.6 × 10³⁰ kg in all.", "about 4.6 × 10³⁰ kg"),
])
def test_a_product_or_a_power_of_ten_is_one_figure(question: str, text: str, key: str) -> None:
    answer = answer_quotes(question, [_passage("Crab Nebula", "Facts", text)], named=[("Crab Nebula", ["Crab Nebula"])])
    assert answer.key == key


def test_binoculars_named_by_their_product_are_no_size() -> None:
    passage = _passage("Crab Nebula", "Observing", "It is hard to find in 10×50 binoculars from a town.")
    assert not answer_quotes("How big is the Crab Nebula?", [passage], named=[("Crab Nebula", ["Crab Nebula"])]).found


def test_a_german_name_from_the_glossary_is_not_said_by_its_kind() -> None:
    passage = _passage("Meteor showers", "Speeds", "The Leonids are the fastest shower meteors, at about 71 km/s.")
    assert not answer_quotes("Wie schnell sind die Geminiden?", [passage], german=True).found
    own = _passage("Meteor showers", "Speeds", "The Geminids meet the Earth at about 35 km/s.")
    assert answer_quotes("Wie schnell sind die Geminiden?", [own], german=True).key == "about 35 km/s"


def test_thanks_to_and_american_spellings_need_not_be_repeated() -> None:
    passage = _passage("Libration of the Moon", "Libration", "The Moon seems to rock slowly as seen from Earth. "
                       "Over the years observers see about 59 % of the lunar surface.")
    answer = answer_quotes("How much of the Moon's surface can we see thanks to libration?", [passage],
                           named=[("libration", ["Libration of the Moon"])])
    assert answer.key == "about 59 %"
    centre = _passage("Globular clusters", "Distances", "The centre of the cluster lies about 16,000 light-years away.")
    assert answer_quotes("How far away is the center of the cluster?", [centre]).key == "about 16,000 light-years"


def test_a_fraction_belongs_to_its_number() -> None:
    passage = _passage("Solar eclipses", "Totality", "Totality lasts at most about 6½ minutes at any one place.")
    assert answer_quotes("How long does totality last at most?", [passage]).key == "about 6½ minutes"


@pytest.mark.parametrize("question", ["Um wieviel Grad ist die Mondbahn geneigt?", "How many degrees is the Moon's orbit tilted?"])
def test_how_many_degrees_asks_an_angle(question: str) -> None:
    assert question_kind(question) is Asked.SIZE


def test_of_several_dates_the_one_beside_what_is_asked_leads() -> None:
    passage = _passage("Meteor showers", "Lyrids", "- Lyrids: active about 14–30 April, peaking around 22 April with a ZHR near 18.")
    assert answer_quotes("When do the Lyrids peak?", [passage]).key == "22 April"


def test_a_year_at_the_end_of_a_sentence_dates_it() -> None:
    passage = _passage("Uranus moons", "Discovery", "Its two largest moons were spotted by William Herschel in January 1787.")
    assert answer_quotes("When were the largest moons of Uranus spotted?", [passage],
                         named=[("Uranus", ["Uranus moons"])]).key == "in January 1787"


def test_a_size_in_three_dimensions_is_one_figure() -> None:
    passage = _passage("Asteroids", "Ida", "Ida measures about 60 × 25 × 19 km, with a tiny moon of its own.")
    assert answer_quotes("How big is Ida?", [passage], named=[("Ida", ["Asteroids"])]).key == "about 60 × 25 × 19 km"


def test_a_nationality_is_no_person() -> None:
    passage = _passage("Novae", "Finding novae", "Nova Cygni 1992 was found by Japanese amateur Kenji Tanaka.")
    assert answer_quotes("Who found Nova Cygni 1992?", [passage]).key == "Kenji Tanaka"


def test_a_components_letter_is_part_of_its_name() -> None:
    star = _passage("Sirius", "Facts", "Sirius is a white star of about magnitude −1.5 in Canis Major.")
    companion = _passage("Sirius", "Companion", "Sirius B, a white dwarf, shines at only about magnitude 8.4.")
    named = [("Sirius B", ["Sirius"])]
    assert not answer_quotes("How bright is Sirius B?", [star], named=named).found
    assert answer_quotes("How bright is Sirius B?", [star, companion], named=named).key == "magnitude 8.4"


def test_it_after_another_name_is_that_things() -> None:
    passage = _passage("Supernova remnants", "Observing", "The Vela remnant lies low in the southern sky. "
                       "The Crab Nebula, at about magnitude 8.4, shows its filaments in large telescopes.")
    assert not answer_quotes("How bright is the Vela remnant?", [passage],
                             named=[("Vela remnant", ["Supernova remnants"])]).found


def test_a_sentence_in_an_article_on_two_things_is_not_about_either_by_its_title() -> None:
    passage = _passage("Kepler and TESS", "Surveys", "Kepler stared at one field for four years, TESS at the whole sky. "
                       "Surveys must watch many thousands of stars to catch a few transits.")
    assert not answer_quotes("How many stars did TESS watch?", [passage], named=[("TESS", ["Kepler and TESS"])]).found


def test_a_date_outranks_a_period_for_when() -> None:
    passage = _passage("Comets", "Encke", "Comet Encke returns about every 3.3 years. Its next return is in 2027.")
    assert answer_quotes("When does Comet Encke come back?", [passage], named=[("Encke", ["Comets"])]).key == "in 2027"


def test_it_after_the_components_full_name_is_that_component() -> None:
    passage = _passage("White dwarfs", "Famous white dwarfs", "Procyon B, the companion of Procyon, is faint. "
                       "Astronomers deduced it from the motion of Procyon, and John Schaeberle first saw it in 1896.")
    answer = answer_quotes("Who first saw Procyon B?", [passage], named=[("Procyon B", ["White dwarfs"])])
    assert answer.found and "John Schaeberle" in answer.key


def test_a_common_noun_under_a_title_on_several_things_is_still_headed_by_it() -> None:
    passage = _passage("Triton and the Moons of Uranus and Neptune", "Discovery", "Triton is the largest. "
                       "Miranda was discovered by Gerard Kuiper in 1948.")
    assert answer_quotes("Wer hat den Mond Miranda entdeckt?", [passage], german=True,
                         named=[("Mond", ["Triton and the Moons of Uranus and Neptune"])]).key == "Gerard Kuiper"


def _about(title: str, *texts: str) -> list[dict[str, str]]:
    return [{"marker": f"[{n}]", "title": title, "text": f"{title} — Overview\n{text}"} for n, text in enumerate(texts, 1)]


QUASARS = _about("Quasars", "Quasars are the bright cores of distant galaxies. The first hint came from the "
                            "radio source 3C 48, catalogued in 1959 by a Cambridge survey. Radio astronomers later mapped many more of these bright, distant cores.")


@pytest.mark.parametrize(("question", "german"), [
    ("When was the first quasar catalogued?", False), ("Wann wurde der erste Quasar katalogisiert?", True)])
def test_an_ordinal_of_another_thing_answers_nothing(question: str, german: bool) -> None:
    """"The first hint came from the radio source …" does not date the first quasar."""
    assert not answer_quotes(question, QUASARS, named=[("Quasar", ["Quasars"])], german=german).found


def test_an_ordinal_before_the_thing_asked_still_answers() -> None:
    passages = _about("Quasars", "The first known quasar was identified by Maarten Schmidt in 1963 at Palomar.")
    answer = answer_quotes("When was the first quasar identified?", passages, named=[("Quasar", ["Quasars"])])
    assert answer.found and answer.key == "in 1963"


def test_a_percentage_that_compares_nothing_is_no_size() -> None:
    passages = _about("Vega", "Surveys give a chance of about 30% that Vega has a hidden companion. "
                              "Vega spins so fast that its equator bulges about 20% wider than its poles.")
    answer = answer_quotes("How wide is Vega?", passages, named=[("Vega", ["Vega"])])
    assert answer.found and answer.key == "about 20% wider"


@pytest.mark.parametrize(("question", "key"), [
    ("Who worked out the distance to Altair first?", "Edith Marwick"),
    ("How far out does the Gould Belt start?", "about 300 light-years"),
    ("When did the probe Kestrel leave the Gould Belt?", "in 2031"),
    ("How long is a day on Quaoar?", "about 17 hours"),
])
def test_everyday_verbs_find_the_passages_words(question: str, key: str) -> None:
    """"worked out" is told as "calculated", "start" as "begins", "leave" as "crossed", a day as a spin."""
    passages = _about("Gould Belt and Quaoar",
                      "Edith Marwick calculated the distance to Altair first, from plates of 1911. "
                      "The Gould Belt begins about 300 light-years from the Sun. "
                      "The fictional probe Kestrel crossed the Gould Belt in 2031. Quaoar spins in about 17 hours.")
    named = [(name, ["Gould Belt and Quaoar"]) for name in ("Gould Belt", "Quaoar", "Altair", "Kestrel") if name in question]
    answer = answer_quotes(question, passages, named=named)
    assert answer.found and answer.key == key


@pytest.mark.parametrize(("question", "german", "key"), [
    ("Who built the first refractor with two lenses?", False, "Chester Moor Hall"),
    ("Wer war der letzte Mensch auf dem Mars?", True, "Ada Brandt"),
])
def test_an_ordinal_may_stand_before_one_or_a_word_the_question_says_in_german(question: str, german: bool,
                                                                               key: str) -> None:
    """"the first working one" is the first refractor; "der letzte Mensch" is no English word to look for."""
    passages = _about("Refractors and Mars", "Lenses of two glasses were known, and Chester Moor Hall built "
                      "the first working one with two lenses around 1730. "
                      "In this imagined future, the geologist Ada Brandt was the last person on Mars.")
    assert answer_quotes(question, passages, named=[("Mars", ["Refractors and Mars"])] if german else [],
                         german=german).key == key


def test_a_year_the_question_names_must_be_the_sentence_s_year() -> None:
    """"how many comets in 2031" is not answered by a count of another time."""
    passages = _about("Comets", "At quiet times observers log few or no comets for years. "
                                "In 2031 observers logged 14 comets, a record.")
    named = [("Comets", ["Comets"])]
    assert answer_quotes("How many comets were logged in 2031?", passages, named=named).key == "14 comets"
    assert not answer_quotes("How many comets were logged in 2029?", passages, named=named).found


@pytest.mark.parametrize(("question", "german", "key"), [
    ("Wer hat das Zenitprisma bekannt gemacht?", True, "Mara Lind"),
    ("How many objects are in the Lind list?", False, "64 entries"),
])
def test_a_list_s_entries_are_its_objects_and_popularising_makes_known(question: str, german: bool, key: str) -> None:
    passages = _about("Zenith prisms", "The zenith prism was popularised by the amateur Mara Lind in 1952. "
                                       "The Lind list, her catalogue of showpieces, has 64 entries.")
    named = [("Zenitprisma", ["Zenith prisms"])] if german else [("Lind list", ["Zenith prisms"])]
    assert answer_quotes(question, passages, named=named, german=german).key == key


def test_a_count_of_what_someone_discovered_must_tell_of_the_discovery() -> None:
    passages = [{"marker": "[1]", "title": "Pallas", "text": "Pallas — Moons and discovery\n"
                 "Pallas has 3 known moons in this made-up example. Olbers found Pallas in 1802."}]
    named = [("Pallas", ["Pallas"])]
    assert not answer_quotes("How many moons did Olbers discover around Pallas?", passages, named=named).found
    assert not answer_quotes("Wie viele Monde hat Olbers bei Pallas entdeckt?", passages, named=named, german=True).found


@pytest.mark.parametrize(("question", "german", "key"), [
    ("When did Tern 3 fly past Pallas?", False, "in May 2033"),
    ("Wie lange hat die Sonde Tern 3 von Pallas gesendet?", True, "nearly an hour"),
])
def test_fly_past_is_passed_and_gesendet_is_transmitted(question: str, german: bool, key: str) -> None:
    passages = _about("Pallas", "The imagined probe Tern 3 mapped Pallas from 2031 to 2035. "
                                "Tern 3 passed Vesta in 2032 and Pallas in May 2033. "
                                "The Tern 3 probe then touched down on Pallas, transmitting for nearly an hour.")
    assert answer_quotes(question, passages, named=[("Pallas", ["Pallas"])], german=german).key == key


@pytest.mark.parametrize(("question", "german", "key"), [
    ("when did the Kestrel rover touch down on Vesta", False, "in 2034"),
    ("Wann wurden die Vestamonde entdeckt?", True, None),
])
def test_touch_down_is_landing_and_a_compound_s_name_must_be_said(question: str, german: bool, key: str | None) -> None:
    """"Vestamonde" asks about the moons of Vesta: moons discovered elsewhere do not answer."""
    passages = _about("Small bodies", *([] if german else ["The imagined Kestrel rover landed on Vesta in 2034."]),
                      "Two moons of Pallas were discovered in 2029 in this made-up example.")
    answer = answer_quotes(question, passages, named=[] if german else [("Vesta", ["Small bodies"])], german=german)
    assert (answer.key if answer.found else None) == key


def test_a_compound_s_head_the_glossary_translates_is_looked_for_in_english() -> None:
    passages = [{"marker": "[1]", "title": "Sunspots", "text": "Sunspots — The cycle\n"
                 "In this made-up example the sunspot cycle lasts about 13 years."}]
    answer = answer_quotes("Wie lange dauert der Sonnenfleckenzyklus?", passages, named=[], german=True)
    assert answer.found and answer.key == "about 13 years"


@pytest.mark.parametrize(("question", "term"), [
    ("Wie breit ist der Große Rote Fleck heute?", "Great Red Spot"),
    ("Wann sieht man den Großen Roten Fleck am besten?", "Great Red Spot"),
    ("Ist Sonnenlicht weiß?", "sunlight"),
    ("wer hat die arecibo-botschaft eigentlich verfasst", "Arecibo message"),
])
def test_german_names_of_jupiter_s_spot_and_of_sunlight_have_their_english_terms(question: str, term: str) -> None:
    from singularity.knowledge.glossary import english_terms

    assert term in english_terms(question)


@pytest.mark.parametrize(("question", "term"), [
    ("Wie lange steht die Sonne im Schlangenträger?", "Ophiuchus"),
    ("Welcher Nebel liegt in den Zwillingen?", "Gemini"),
    ("Was ist der hellste Stern im Sternbild Großer Bär?", "Ursa Major"),
    ("Wo steht das Kreuz des Südens?", "Crux"),
])
def test_german_constellation_names_have_the_names_the_texts_use(question: str, term: str) -> None:
    """The planner's table of the 88 constellations gives the search their German names too."""
    from singularity.knowledge.glossary import english_terms

    assert term in english_terms(question)


def test_a_constellation_named_alike_in_both_languages_adds_no_term() -> None:
    from singularity.knowledge.glossary import english_terms

    assert english_terms("Wo steht Perseus?") == []


def test_finding_out_that_a_thing_exists_is_its_discovery() -> None:
    passages = _about("Pallas", "In this made-up example Pallas was discovered by Wilhelmina Stroud in 1802.")
    answer = answer_quotes("Who figured out that Pallas existed?", passages, named=[("Pallas", ["Pallas"])])
    assert answer.found and answer.key == "Wilhelmina Stroud"


@pytest.mark.parametrize(("question", "german"), [("How long is a day on Mars?", False),
                                                  ("Wie lang ist ein Tag auf dem Mars?", True)])
def test_a_days_length_is_told_by_the_spin_not_by_a_count_of_days_in_the_orbit(question: str, german: bool) -> None:
    passage = _passage("Mars", "Orbit and rotation",
                       "Mars orbits the Sun once every 687 days (about 23 months). It rotates once in 24.6 hours.")
    answer = answer_quotes(question, [passage], named=[("Mars", ["Mars"])], german=german)
    assert answer.found and answer.key == "24.6 hours"
    year = answer_quotes("How long is a year on Mars?", [passage], named=[("Mars", ["Mars"])])
    assert year.found and year.key == "687 days"
    slow = _passage("Venus", "Rotation", "Venus rotates once every 243 days, backwards.")
    assert answer_quotes("How long is a day on Venus?", [slow], named=[("Venus", ["Venus"])]).key == "243 days"


@pytest.mark.parametrize(("question", "german"), [
    ("Tell me something about Neptune.", False),
    ("Do you know anything interesting about Neptune?", False),
    ("Erzähl mir etwas Interessantes über Neptun.", True),
    ("Tell me something fun about Neptune", False),
])
def test_an_open_request_asks_for_no_word_of_its_own(question: str, german: bool) -> None:
    passage = _passage("Neptune", "Overview", "Neptune is the eighth planet from the Sun, an ice giant.")
    assert answer_quotes(question, [passage], named=[("Neptune", ["Neptune"])], german=german).found


def test_a_radius_said_of_the_body_is_no_distance() -> None:
    passage = _passage("Titan", "Size", "The mean radius of Titan is about 2,575 km, larger than Mercury's.")
    assert not answer_quotes("Wie weit ist Titan entfernt?", [passage], named=[("Titan", ["Titan"])], german=True).found
    assert not answer_quotes("How far away is Titan?", [passage], named=[("Titan", ["Titan"])]).found


@pytest.mark.parametrize(("question", "asked"), [
    ("Why is Venus hotter than Mercury if it is farther from the Sun?", Asked.REASON),
    ("Warum ist die Korona heißer als die Oberfläche?", Asked.REASON),
    ("How long would a black hole with the mass of a star take to evaporate?", Asked.DURATION),
    ("How long ago did the impact happen?", Asked.DATE), ("Wie lange ist das her?", Asked.DATE),
    ("What are the lakes on Titan made of?", Asked.COMPOSITION), ("Woraus besteht Sternenstaub?", Asked.COMPOSITION),
    ("Who made the first telescope?", Asked.PERSON), ("What is a made-up moon?", Asked.DEFINITION),
])
def test_the_opening_question_word_decides_over_a_quality_named_later(question: str, asked: Asked) -> None:
    assert question_kind(question) is asked


KESTREL = _about("Kestrel", "In this made-up example Kestrel has seas of liquid nitrogen and argon near its poles. "
                            "Its dust consists of tiny grains of carbon. Kestrel is about 900 km across.")


@pytest.mark.parametrize(("question", "german", "said"), [
    ("What are the seas of Kestrel made of?", False, "liquid nitrogen"),
    ("Woraus besteht der Staub auf Kestrel?", True, "grains of carbon"),
    ("What is the core of Kestrel made of?", False, None),
])
def test_a_composition_is_what_a_sentence_says_a_thing_is_of(question: str, german: bool, said: str | None) -> None:
    """"Seas of liquid nitrogen" says what the seas are made of without the words "made of"."""
    answer = answer_quotes(question, KESTREL, named=[("Kestrel", ["Kestrel"])], german=german)
    assert (said in answer.quotes[0].text if answer.found else None) == (said and True)


DISCOVERIES = _about("Small worlds", "In this made-up example the first comet after Pallas and Hygiea, Tern (now named "
                                     "Corvin), was discovered in 2031 by Mara Lind. Pallas's rings, discovered by "
                                     "Ada Brandt in 2033, hold dust from small moons such as Ovid and Lark. "
                                     "Ovid (about 20 km) and Lark (about 12 km) were discovered by Jon Okafor in 2030.")


@pytest.mark.parametrize(("question", "key"), [
    ("Who discovered Hygiea?", None), ("Who discovered Corvin?", "Mara Lind"),
    ("Who discovered Lark?", "Jon Okafor"), ("Who discovered Pallas's rings?", "Ada Brandt"),
])
def test_a_passive_discovery_tells_who_found_its_own_subject_only(question: str, key: str | None) -> None:
    """"After Pallas and Hygiea, Tern (now named Corvin), was discovered by …" names Tern's
    discoverer, not Hygiea's; "the rings, discovered by …, hold dust from … Lark" not Lark's."""
    answer = answer_quotes(question, DISCOVERIES, named=[("Pallas", ["Small worlds"])] if "Pallas" in question else [])
    assert (answer.key if answer.found else None) == key


def test_a_why_question_s_premise_need_not_be_repeated() -> None:
    passage = _passage("Venus", "Atmosphere", "In this made-up example Venus stays hotter than Mercury because its "
                                              "thick air traps the heat.")
    question = "Why is Venus hotter than Mercury if it's farther from the Sun?"
    assert answer_quotes(question, [passage], named=[("Venus", ["Venus"]), ("Mercury", ["Mercury"])]).found
    assert not answer_quotes("Why is Venus hotter than Mercury at night?", [passage],
                             named=[("Venus", ["Venus"]), ("Mercury", ["Mercury"])]).found


PROBES = _about("Tern probes", "In this made-up example black holes of one solar mass would take around 10⁶⁷ years "
                               "to evaporate. By 2030 Tern 3 was about 80 au from the Sun; Tern 4 was about 60 au away.")


@pytest.mark.parametrize(("question", "german", "key"), [
    ("How long would a black hole of one solar mass take to evaporate?", False, "around 10⁶⁷ years"),
    ("How far from the Sun is Tern 3 right now?", False, "about 80 au"),
    ("Wie weit ist Tern 4 inzwischen von der Sonne entfernt?", True, "about 60 au"),
])
def test_powers_of_ten_the_time_of_asking_and_a_later_clause_s_own_subject(question: str, german: bool,
                                                                         key: str) -> None:
    """"Right now" is no word a sentence must say; "…; Tern 4 was about 60 au away" is Tern 4's
    distance though the sentence opens with Tern 3."""
    answer = answer_quotes(question, PROBES, named=[], german=german)
    assert answer.found and answer.key == key


def test_what_another_thing_is_is_no_definition_of_the_asked_one() -> None:
    aurora = _passage("Aurorae and Space Weather", "Overview",
                      "An aurora — the polar lights — is a natural light display caused by particles from the magnetosphere.")
    assert not answer_quotes("What is a magnetar?", [aurora]).found
    assert answer_quotes("What is an aurora?", [aurora]).found


def test_an_overview_leads_with_what_its_subject_is_and_says_nothing_twice() -> None:
    andromeda = _passage("The Andromeda Galaxy", "Overview",
                         "The Andromeda Galaxy has dozens of known satellite galaxies orbiting it. "
                         "The Andromeda Galaxy, also called M31, is the nearest large spiral galaxy to the Milky Way. "
                         "The Andromeda Galaxy, also called M31, is the nearest large spiral galaxy.")
    answer = answer_quotes("Tell me about the Andromeda Galaxy", [andromeda],
                           named=[("Andromeda Galaxy", ["The Andromeda Galaxy"])])
    assert answer.quotes[0].text.startswith("The Andromeda Galaxy, also called M31, is the nearest")
    assert len(answer.quotes) == 2

SKY_SHOW = _about("Aurorae", "In this made-up example the most common colour, green, comes from excited oxygen at about "
                             "150 km altitude. Meteoroids enter the atmosphere at about 40 km/s. Warm dust radiates "
                             "mostly infrared light.")


@pytest.mark.parametrize(("question", "key"), [
    ("Why do the northern lights look green?", ""),
    ("How high up in the sky are the southern lights?", "about 150 km"),
    ("How fast do shooting stars hit the air?", "about 40 km/s"),
    ("What kind of light does warm dust give off?", ""),
    ("Why do the northern lights look pink?", None),
    ("How fast do shooting stars hit the Moon?", None),
])
def test_everyday_english_is_said_as_the_passages_say_it(question: str, key: str | None) -> None:
    """"Northern lights" are the aurora (the passage's title), "shooting stars" meteoroids, "hit
    the air" is "enter the atmosphere", "give off" is "radiates"; a word still unsaid ("pink",
    "the Moon") keeps the sentence from answering."""
    answer = answer_quotes(question, SKY_SHOW, named=[("northern lights", ["Aurorae"])] if "lights" in question else [])
    assert (answer.key if answer.found else None) == key


DRIFT = _about("Lark", "In this made-up example the moon Lark is receding from its planet by about 5 cm per year. "
                       "The Wren galaxy is approaching the Milky Way at about 90 km/s, and a collision is expected in "
                       "about 3 billion years. In the distant future it may merge with Lark. A spoonful of its core "
                       "would weigh around a billion tonnes. Its axis is tilted by about 12° to its orbit. By mass it is "
                       "about 60 % hydrogen and 38 % helium. It receives only about 1/400 of the sunlight Earth gets.")


@pytest.mark.parametrize(("question", "key"), [
    ("How fast is Lark drifting away?", "about 5 cm per year"),
    ("How fast is Wren heading towards our galaxy?", "about 90 km/s"),
    ("When will Wren smash into our galaxy?", "in about 3 billion years"),
    ("How much would a spoonful of Lark's core weigh?", "around a billion tonnes"),
    ("How much is Lark's axis tilted?", "about 12°"),
    ("How much less sunlight does Lark get than we do?", "400 of the sunlight"),
    ("How fast is Wren usually heading towards us?", "about 90 km/s"),
])
def test_verb_forms_particles_and_the_kind_of_how_much(question: str, key: str) -> None:
    """"Drifting away" is receding (and "cm per year" a speed); "heading towards" approaching;
    "smash into our galaxy" a collision with the Milky Way — and "it may merge" names no month;
    "how much … weigh" asks a mass, "how much … tilted" an angle, "less" only compares; a hedge
    ("usually") is no word a sentence must say."""
    assert_key = answer_quotes(question, DRIFT, named=[])
    assert assert_key.found and assert_key.key == key


def test_a_share_by_mass_says_what_a_thing_is_made_of() -> None:
    passage = _about("Zorn", "By mass Zorn is about 60 % hydrogen and 38 % helium in this made-up example.")
    assert answer_quotes("What is Zorn mostly made of?", passage, named=[]).found
    assert not answer_quotes("What is Zorn's core made of?", passage, named=[]).found


VOLCANOES = _about("Zorn", "In this made-up example Kappa Mons, a shield volcano about 12 km high, is the tallest "
                           "volcano on the planet. Tau Chasma, a canyon about 3 km deep, cuts across its south.")


@pytest.mark.parametrize(("question", "key"), [
    ("How tall is the biggest volcano on Zorn?", "about 12 km"),
    ("How deep is the deepest crater on Zorn?", None),
    ("How tall is the biggest volcano on Quill?", None),
])
def test_a_superlative_s_answer_may_open_with_its_own_name(question: str, key: str | None) -> None:
    """"Kappa Mons, …, is the tallest volcano" answers for the biggest volcano on Zorn in the
    article on Zorn — not for a crater it does not mention, nor for another planet."""
    named = [("Zorn", ["Zorn"])] if "Zorn" in question else [("Quill", ["Quill"])]
    answer = answer_quotes(question, VOLCANOES, named=named)
    assert (answer.key if answer.found else None) == key


@pytest.mark.parametrize(("question", "german", "key"), [
    ("Wann soll Firefly beim Titan ankommen?", True, "in 2036"),
    ("When is the Firefly mission supposed to launch?", False, "in 2031"),
])
def test_a_name_the_passages_use_whole_is_no_compound(question: str, german: bool, key: str) -> None:
    """"Firefly" stands in the passages as it is: no "Fire" + "fly" (which no sentence says)."""
    passage = _about("Titan", "In this made-up example the mission Firefly is planned to launch in 2031 and to arrive "
                              "at Titan in 2036.")
    answer = answer_quotes(question, passage, named=[("Firefly", ["Titan"])], german=german)
    assert answer.found and answer.key == key


def test_a_mass_is_no_year() -> None:
    """"roughly 900 kg" is the rover's mass, not the year 900: the landing's date leads."""
    passage = _about("Vesta", "The imagined Kestrel rover, roughly 900 kg, landed on Vesta on 6 August 2034.")
    answer = answer_quotes("when did the Kestrel rover touch down on Vesta", passage, named=[("Vesta", ["Vesta"])])
    assert answer.found and answer.key == "6 August 2034"


def test_an_object_cards_german_name_answers_only_a_question_for_the_name() -> None:
    card = _passage("Sun", "Identification", "The Sun is the star at the centre of the Solar System. "
                                             "In German it is called Sonne, the name everyone uses.")
    overview = answer_quotes("What is the Sun?", [card], named=[("Sun", ["Sun"])])
    assert [q.text for q in overview.quotes] == ["The Sun is the star at the centre of the Solar System."]
    assert answer_quotes("What is the Sun called in German?", [card], named=[("Sun", ["Sun"])]).found


def test_a_sentence_opening_with_a_word_the_question_uses_is_about_it() -> None:
    """"Gusts near the poles …" in the article on Uranus: the opening word is what is asked,
    not another thing's name, though the passages only ever write it capitalised."""
    passage = _about("Uranus", "Gusts near the poles reach about 900 km/h.",
                     "A season on Uranus lasts 21 years.")
    answer = answer_quotes("How fast are the gusts on Uranus?", passage, named=[("Uranus", ["Uranus"])])
    assert answer.found and answer.key == "about 900 km/h"


def test_an_opening_possessive_names_an_owner_not_the_subject() -> None:
    passage = _about("Comet Encke", "JAXA's next mission, Hayate, is planned to launch in 2031 and to arrive in 2036.",
                     "Comet Encke returns every 3.3 years.")
    answer = answer_quotes("When will Hayate arrive at Comet Encke?", passage, named=[("Comet Encke", ["Comet Encke"])])
    assert answer.found and answer.key == "in 2036"
    rings = _passage("Planetary rings", "Rings of Saturn and Neptune",
                     "Saturn's rings are made of water ice. Neptune has five faint rings.")
    assert not answer_quotes("What are Neptune's rings made of?", [rings], named=[("Neptune", ["Neptune"])]).found


def test_a_designation_is_no_name_inside_a_heading() -> None:
    """The "P" of "2P/Encke" in a section heading is no other thing the sentence could be about."""
    passage = _passage("Famous comets", "Comet Encke (2P/Encke)", "A probe flew within about 300 km of its nucleus. "
                                                                  "Comet Encke, 2P/Encke, returns every 3.3 years.")
    answer = answer_quotes("How close did a probe get to the nucleus of Comet Encke?", [passage],
                           named=[("Comet Encke", ["Famous comets"])])
    assert answer.found and answer.key == "about 300 km"


def test_a_year_beyond_the_calendar_we_use_is_a_date() -> None:
    passage = _about("Deneb", "Around the year 9,800 Deneb will stand near the pole.")
    answer = answer_quotes("When will Deneb be near the pole?", passage, named=[("Deneb", ["Deneb"])])
    assert answer.found and answer.key == "Around the year 9,800"


def test_the_date_of_the_asked_event_after_in_the() -> None:
    passage = _about("Ganymede", "The imagined Heron lander is to launch in 2031 and arrive in the late 2030s.")
    answer = answer_quotes("When will Heron arrive at Ganymede?", passage, named=[("Ganymede", ["Ganymede"])])
    assert answer.found and answer.key == "late 2030s"


def test_another_name_of_the_documents_subject_is_the_thing_asked() -> None:
    """"the Evening Star" resolves to the article on Venus alone: "Venus is …" there is about it;
    "Sirius is …" is no sentence about Sirius B, whose name it only shares."""
    passage = _about("Venus", "Venus is about 0.28 au from Earth at its closest in this made-up sentence.")
    answer = answer_quotes("How close does the Evening Star come to Earth?", passage,
                           named=[("Evening Star", ["Venus"])])
    assert answer.found and answer.key == "about 0.28 au"


def test_a_title_about_two_things_defines_only_the_one_its_sentence_opens_with() -> None:
    """"What is a quark star?" in an article on neutron stars and quark stars: "A neutron star is
    …" defines the other thing; "Quark stars are … stars that …" defines the one asked."""
    passage = _about("Neutron stars and quark stars",
                     "A neutron star is the collapsed core of a massive star.",
                     "Quark stars are hypothetical compact stars that would be made of free quarks.")
    answer = answer_quotes("What is a quark star?", passage, named=[("quark star", ["Neutron stars and quark stars"])])
    assert [q.text for q in answer.quotes][:1] == ["Quark stars are hypothetical compact stars that would be made of free quarks."]


def test_a_sentence_under_the_things_title_needs_the_share_of_relation_words_any_sentence_needs() -> None:
    """Two of three relation words suffice for any sentence; under a title naming the thing asked
    the sentence was held to all three ("detecting" unsaid)."""
    passage = _about("Quasiworms", "In 2031 Ada Lorn and Ben Kray shared the Vega Prize for the discovery.")
    answer = answer_quotes("Who shared the Vega prize for detecting quasiworms?", passage,
                           named=[("quasiworms", ["Quasiworms"])])
    assert answer.found and answer.key == "Ada Lorn, Ben Kray"


def test_a_relation_word_of_the_heading_counts_as_said_not_out_of_the_count() -> None:
    """"Heights" heads the section: with "violet" said, two of "high", "violet", "shimmer" are
    said — taking "high" out of the count asked the sentence for both others."""
    passage = [_passage("Skyfire", "Colours and heights",
                        "The violet kind comes from neon at about 300 km altitude. Skyfire is seen near the poles.")]
    answer = answer_quotes("How high does the violet skyfire shimmer?", passage, named=[("skyfire", ["Skyfire"])])
    assert answer.found and answer.key == "about 300 km"


def test_an_adverb_in_ly_qualifies_and_need_not_be_repeated() -> None:
    passage = _about("Stellar remnants", "A newborn glimmer star has a surface temperature of about 40,000 K.",
                     "New glimmer stars are rare, and most glimmer stars are old.")
    answer = answer_quotes("How hot is a newly formed glimmer star?", passage, named=[])
    assert answer.found and answer.key == "about 40,000 K"


def test_one_is_no_detail_a_sentence_must_repeat() -> None:
    passage = _about("Quillon", "An orbit of Quillon around its star takes about 14 days.")
    answer = answer_quotes("How long does one orbit of Quillon take?", passage, named=[("Quillon", ["Quillon"])])
    assert answer.found and answer.key == "about 14 days"


def test_a_participle_with_its_agent_qualifies_a_noun_and_is_not_the_event_asked() -> None:
    passage = _about("Zeta lensing", "The first Zeta lensing moon, Zed-1, was announced in 2041.")
    answer = answer_quotes("When was the first moon found by Zeta lensing announced?", passage,
                           named=[("Zeta lensing", ["Zeta lensing"])])
    assert answer.found and answer.key == "in 2041"
    assert not answer_quotes("When was the first moon found by Zeta lensing?", passage,
                             named=[("Zeta lensing", ["Zeta lensing"])]).found


def test_the_first_of_a_kind_to_be_seen_is_its_discovery_the_earliest_told() -> None:
    """"First" with a verb of seeing asks a discovery, which the passages tell without the
    ordinal; of two discoveries, the earlier is the first."""
    passage = _about("Glowstars", "The twin glowstar discovered by Ida Fenn and Olaf Brand in 2049 changed the field.",
                     "In 2041 Mira Holt, a student working with Tom Vale, noticed a radio source pulsing every 2 seconds.")
    named = [("glowstar", ["Glowstars"])]
    spotted = answer_quotes("Who spotted the first glowstar?", passage, named=named)
    assert spotted.found and spotted.key == "Mira Holt, Tom Vale"
    dated = answer_quotes("When was the first glowstar discovered?", passage, named=named)
    assert dated.found and dated.key == "In 2041"
    moon = _about("Moons of Zorn", "Zelda, discovered by Karl Vane in 1951, follows a wide orbit around Zorn.")
    answer = answer_quotes("Who was the first person to see Zorn's moon Zelda?", moon,
                           named=[("Zorn", ["Moons of Zorn"]), ("Zelda", ["Moons of Zorn"])])
    assert answer.found and answer.key == "Karl Vane"


def test_a_possessive_name_in_an_english_question_is_a_name() -> None:
    """"Zorn's" is Zorn, a name every answer must say, not one relation word of three that
    "Kalder's ocean of methane" may leave out."""
    passage = _about("Moons and oceans", "Kalder's ocean of methane is about 90 km deep.")
    assert not answer_quotes("How deep is Zorn's ocean of methane?", passage, named=[]).found
    assert answer_quotes("How deep is Kalder's ocean of methane?", passage, named=[]).found


def test_naming_nothing_a_question_needs_its_words_in_the_sentence_not_the_heading() -> None:
    passage = [_passage("Early atoms", "History of the first atoms",
                        "In 1948 Ada Lorn and Ben Kray published a paper on atoms made in space.")]
    assert not answer_quotes("Who was the first zorbian in space?", passage, named=[]).found


def test_the_kind_before_a_name_need_not_be_said_by_a_sentence_naming_it() -> None:
    bodies = _about("Small bodies", "Kappa, found by Lia Berg in 2044, circles a small asteroid.")
    answer = answer_quotes("Who found the moon Kappa?", bodies, named=[("Kappa", ["Small bodies"])])
    assert answer.found and answer.key == "Lia Berg"
    craft = _about("Missions", "JAXA's Heron mission, launched in 2031, will orbit Ganymede.")
    dated = answer_quotes("Wann wurde die Sonde Heron gestartet?", craft, named=[("Heron", ["Missions"])], german=True)
    assert dated.found and dated.key == "in 2031"


def test_an_adjective_before_a_name_is_part_of_the_name_not_its_kind() -> None:
    """The Southern Zorb Cluster is not the Zorb Cluster: a sentence about the one does not
    answer for the other, in German ("die Südlichen Zorben") or English."""
    cluster = _about("Zorben", "The Zorben lie about 440 light-years from Earth.")
    german = answer_quotes("Wie weit sind die Südlichen Zorben von uns weg?", cluster,
                           named=[("Zorben", ["Zorben"])], german=True)
    assert not german.found
    english = answer_quotes("How far away are the Southern Zorben?", cluster, named=[("Zorben", ["Zorben"])])
    assert not english.found
    southern = _about("Zorben", "The Southern Zorben lie about 500 light-years from Earth.")
    assert answer_quotes("How far away are the Southern Zorben?", southern,
                         named=[("Zorben", ["Zorben"])]).key == "about 500 light-years"


def test_a_place_named_after_on_may_be_said_by_the_heading_beside_the_thing_asked() -> None:
    """"the Kestrel drone … on Zorb": a sentence naming the drone under a title about Zorb's rovers
    answers, though the title names other rovers too; a sentence not naming the drone does not."""
    rovers = [_passage("Zorb rovers (Alpha, Beta)", "Drones",
                       "Alpha and Beta landed in 2040. The rover carried the drone Kestrel, which made 41 flights. "
                       "Both rovers found ice on Zorb.")]
    named = [("Kestrel", ["Zorb rovers (Alpha, Beta)"]), ("Zorb", ["Zorb rovers (Alpha, Beta)", "Zorb"])]
    answer = answer_quotes("How many flights did the Kestrel drone make on Zorb?", rovers, named=named)
    assert answer.found and answer.key.startswith("41 flights")
    other = [_passage("Zorb rovers (Alpha, Beta)", "Drones", "Alpha and Beta landed in 2040. The rover Beta made 12 flights. Both found ice on Zorb.")]
    assert not answer_quotes("How many flights did the Kestrel drone make on Zorb?", other, named=named).found


def test_the_owner_of_a_named_thing_need_not_be_said_by_a_sentence_naming_it() -> None:
    """"Zorb's moon Kappa": Kappa's own name says which moon it is, so a sentence naming Kappa
    answers; one naming neither does not."""
    moons = _about("Kappa", "Kappa was discovered by Lia Berg in 2044. Its surface is young.")
    answer = answer_quotes("Who discovered Zorb's moon Kappa?", moons, named=[("Kappa", ["Kappa"])])
    assert answer.found and answer.key == "Lia Berg"
    others = _about("Small moons", "Lambda was discovered by Lia Berg in 2044.")
    assert not answer_quotes("Who discovered Zorb's moon Kappa?", others, named=[]).found


def test_the_longest_a_thing_lasts_is_said_by_up_to() -> None:
    """"maximal" asks a bound, which "up to" states; a figure without it is no maximum."""
    bounded = _about("Kappa transits", "A transit of Kappa can last up to about 3 hours 10 minutes. "
                                       "Kappa transits recur every 12 years.")
    question = "Wie lange kann ein Transit von Kappa maximal dauern?"
    answer = answer_quotes(question, bounded, named=[("Kappa", ["Kappa transits"])], german=True)
    assert answer.found and answer.key == "about 3 hours 10 minutes"
    typical = _about("Kappa transits", "A transit of Kappa lasts about 3 hours. Kappa transits recur every 12 years.")
    assert not answer_quotes(question, typical, named=[("Kappa", ["Kappa transits"])], german=True).found


def test_a_kind_noun_after_a_name_is_its_kind_and_a_verb_is_not() -> None:
    """"the Kappa star cluster", "der Kappa-Komet": a sentence naming Kappa need not say its kind;
    in "does the Kappa orbit take", "orbit" is what is asked."""
    def kinds(question: str, *, german: bool = False) -> frozenset[str]:
        return read_question(question, named=[("Kappa", ["Kappa"])], texts=[], german=german).kinds
    assert kinds("How old is the Kappa star cluster?") == {stem("star"), stem("cluster")}
    assert kinds("wann wurde der Kappa-Komet entdeckt", german=True) == {stem("komet")}
    assert not kinds("How heavy is the Kappa spacecraft?")  # "Kappa b, a planet of 3 Jupiter masses" found by it
    assert not kinds("How long does the Kappa orbit take?")
    cluster = _about("Kappa", "At about 90 million years old, Kappa is young. Age estimates cluster around 90 million years.")
    answer = answer_quotes("How old is the Kappa star cluster?", cluster, named=[("Kappa", ["Kappa"])])
    assert answer.found and answer.key == "about 90 million years old"


def test_a_comparison_by_how_much_answers_without_than() -> None:
    dwarfs = _about("Dwarf zorbs", "Kappa is about the same size as Lambda but about 27 % more massive.")
    named = [("Kappa", ["Dwarf zorbs"]), ("Lambda", ["Dwarf zorbs"])]
    assert answer_quotes("Ist Kappa schwerer als Lambda?", dwarfs, named=named, german=True).found
    unrelated = _about("Dwarf zorbs", "Kappa is about 27 % more massive than Mu. Lambda is icy.")
    assert not answer_quotes("Ist Kappa schwerer als Lambda?", unrelated, named=named, german=True).found


def test_what_a_thing_was_called_asks_its_name() -> None:
    assert question_kind("what was that little zorb helicopter called again") is Asked.NAME
    assert question_kind("whats the big crater on Kappa called?") is Asked.NAME


def test_a_german_compounds_first_part_may_drop_its_e() -> None:
    """"Erdachse" is "Erde" and "Achse": Earth's axis, not Mercury's orbit."""
    axis = _about("Precession", "Lia Berg discovered the slow turning of Earth's axis in 2044.")
    answer = answer_quotes("Wer hat die Drehung der Erdachse entdeckt?", axis, named=[], german=True)
    assert answer.found and answer.key == "Lia Berg"
    orbit = _about("Precession", "Lia Berg discovered the slow turning of Mercury's orbit in 2044.")
    assert not answer_quotes("Wer hat die Drehung der Erdachse entdeckt?", orbit, named=[], german=True).found


def test_an_acronym_in_a_german_question_is_a_name_the_sentence_must_say() -> None:
    """"die ZSS" names a station the texts do not know: Earth's speed is no answer for it."""
    earth = _about("Earth", "It orbits the Sun in 365.26 days, moving at about 30 km/s.")
    assert not answer_quotes("Wie schnell fliegt die ZSS um die Erde?", earth, named=[("Erde", ["Earth"])],
                             german=True).found
    assert answer_quotes("Wie schnell fliegt die Erde um die Sonne?", earth, named=[("Erde", ["Earth"])],
                         german=True).found


def test_who_did_something_to_a_thing_is_not_that_thing() -> None:
    passage = _about("Zorb stars", "Kappa Zorbi, the prototype, varies every 5.4 days.")
    answer = answer_quotes("Who first noticed that Kappa Zorbi changes in brightness?", passage,
                           named=[("Kappa Zorbi", ["Zorb stars"])])
    assert not answer.found
    told = _about("Zorb stars", "Lia Berg noticed in 2044 that Kappa Zorbi changes in brightness.")
    assert answer_quotes("Who first noticed that Kappa Zorbi changes in brightness?", told,
                         named=[("Kappa Zorbi", ["Zorb stars"])]).key == "Lia Berg"


def test_she_or_he_is_the_person_the_heading_names() -> None:
    passage = [_passage("Zorb variables", "Lia Berg and the zorb relation",
                        "In 2040 she noted that brighter zorbs pulse slower, and in 2044 she published the relation.")]
    answer = answer_quotes("When did Lia Berg publish the zorb relation?", passage, named=[])
    assert answer.found and answer.key == "in 2044"
    other = [_passage("Zorb variables", "Ada Holm and the zorb relation", "In 2044 she published the relation.")]
    assert not answer_quotes("When did Lia Berg publish the zorb relation?", other, named=[]).found


def test_showing_up_again_is_a_return() -> None:
    comets = _about("Zorb comet", "The Zorb comet was last near the Sun in 2031. Its next return is in 2091.")
    answer = answer_quotes("when will the Zorb comet show up again", comets, named=[("Zorb comet", ["Zorb comet"])])
    assert answer.key == "in 2091"


@pytest.mark.parametrize(("question", "german"), [("How heavy is Kappa in kilograms?", False),
                                                  ("wie schwer ist Kappa eigentlich in kilogramm", True)])
def test_the_unit_a_figure_is_wanted_in_need_not_be_written_out(question: str, german: bool) -> None:
    passage = _about("Kappa", "Kappa's mass is about 3 × 10²⁰ kg, a thousandth of the Moon's.")
    assert answer_quotes(question, passage, named=[("Kappa", ["Kappa"])], german=german).key == "about 3 × 10²⁰ kg"


@pytest.mark.parametrize(("question", "sentence"), [
    ("wie weit ist Kappa im Schnitt von Zorb weg", "Kappa lies at a mean distance of about 9,000 km from Zorb."),
    ("wie lange braucht Kappa für eine Drehung um sich selbst", "Kappa rotates once in 9.9 hours."),
    ("Wie heiß ist es eigentlich unten auf Kappa?", "Kappa's mean temperature is about 464 °C.")])
def test_german_everyday_words_of_a_quantity(question: str, sentence: str) -> None:
    """"im Schnitt" is the mean, a "Drehung" a rotation; "unten" and "um sich selbst" ask nothing more."""
    named = [("Kappa", ["Kappa"]), ("Zorb", ["Kappa"])]
    assert answer_quotes(question, _about("Kappa", sentence), named=named, german=True).found


def test_a_figure_goes_with_the_word_right_after_it_not_one_after_and() -> None:
    passage = _about("Kappa", "Its surface swings between about 430 °C by day and −180 °C at night.")
    answer = answer_quotes("how hot does Kappa get in the daytime", passage, named=[("Kappa", ["Kappa"])])
    assert answer.key == "about 430 °C"


def test_when_something_will_happen_is_no_date_of_the_past() -> None:
    comets = _about("Zorb comet", "In 1705 Ada Holm predicted the Zorb comet would return around 1758. "
                                  "The next return of the Zorb comet is in 2091.")
    question = "when will the Zorb comet show up again?"
    assert answer_quotes(question, comets, named=[("Zorb comet", ["Zorb comet"])]).key == "in 2091"
    past = _about("Zorb comet", "In 1705 Ada Holm predicted the Zorb comet would return around 1758.")
    assert not answer_quotes(question, past, named=[("Zorb comet", ["Zorb comet"])]).found


def test_going_dim_is_fading() -> None:
    passage = _about("Kappa", "Every 2.87 days Kappa fades from magnitude 2.1 to 3.4 and recovers within hours.")
    assert answer_quotes("how often does Kappa go dim", passage, named=[("Kappa", ["Kappa"])]).found


def test_zooming_past_is_a_flyby() -> None:
    passage = _about("Kestrel", "The probe Kestrel flew past Lark on 14 July 2045.")
    answer = answer_quotes("when did kestrel zoom past lark", passage, named=[("Kestrel", ["Kestrel"]), ("Lark", ["Kestrel"])])
    assert answer.key == "14 July 2045"


@pytest.mark.parametrize(("question", "sentence"), [
    ("whats the average temperature on Kappa", "Its mean temperature is about −110 °C."),
    ("how long does Kappa take to spin around once", "It rotates once in 243.0 days."),
    ("how wide is the little moon Kappa", "The small moon Kappa is about 22 km across.")])
def test_everyday_synonyms_of_the_texts_words(question: str, sentence: str) -> None:
    """An average is the texts' mean, a spin a rotation, little is small."""
    assert answer_quotes(question, _about("Kappa", sentence), named=[("Kappa", ["Kappa"])]).found


def test_a_german_verb_is_known_in_each_of_its_forms() -> None:
    for form in ("bewegen", "bewegten"):
        assert widen_verb(form) == widen("bewegt"), form
    assert widen_verb("gedreht") == widen("dreht")
    assert not widen_verb("dicht")  # an adjective, not the noun "Dichte"


def test_an_instruments_figures_match_whether_written_with_x_or_times() -> None:
    """A question types "10x50", a text prints "10×50": the same binoculars, quoted as printed."""
    passage = _about("Zorb catalogue", "It is a comfortable binocular object: 10x50 binoculars show two stars.",
                     "For binoculars the exit pupil is the objective divided by the magnification: 10×50 binoculars give 5 mm.")
    answer = answer_quotes("Welche Vergrößerung hat ein 10x50-Fernglas?", passage, named=[], german=True)
    assert answer.found and "10×50 binoculars give 5 mm" in answer.quotes[0].text


def test_what_or_which_thing_is_asked_the_sentence_must_name_that_kind() -> None:
    """"What rocket launched the Zorb probes?" is not answered by when they were launched, and
    "Welche Dichte hat Zorb?" not by its size; a sentence that names the rocket answers."""
    launched = _about("Zorb probes", "The Zorb probes are twin spacecraft launched in 2031.")
    assert not answer_quotes("What rocket launched the Zorb probes?", launched, named=[("Zorb", ["Zorb probes"])]).found
    rocket = _about("Zorb probes", "The Zorb probes were launched in 2031 on a Kestrel V rocket.")
    assert answer_quotes("What rocket launched the Zorb probes?", rocket, named=[("Zorb", ["Zorb probes"])]).found
    size = _about("Zorb", "Zorb is a small moon about 22 km across.")
    assert not answer_quotes("Welche Dichte hat der Mond Zorb?", size, named=[("Zorb", ["Zorb"])], german=True).found


@pytest.mark.parametrize(("question", "sentence"), [
    ("how close did the Kestrel probe get to Zorb?", "The Kestrel spacecraft flew within about 600 km of Zorb."),
    ("how fast is Kestrel going these days", "By 2025 Kestrel was moving at about 17 km/s."),
])
def test_everyday_synonyms_and_fillers_of_a_quantity(question: str, sentence: str) -> None:
    assert answer_quotes(question, _about("Zorb", sentence), named=[("Kestrel", ["Zorb"])]).found


@pytest.mark.parametrize(("question", "sentence"), [
    ("how long does one full cycle of Zorb's wobble take", "Zorb's wobble has a period of about 26,000 years."),
    ("how hot is it on Zorb when you're at the equator?", "At the equator of Zorb it is about 30 °C."),
])
def test_a_cycle_is_a_period_and_a_contraction_no_word(question: str, sentence: str) -> None:
    assert answer_quotes(question, _about("Zorb", sentence), named=[("Zorb", ["Zorb"])]).found


@pytest.mark.parametrize("question", ["whats the NGC number of the Zorb Nebula", "Welche NGC-Nummer hat der Zorb-Nebel?",
                                      "Unter welcher NGC-Nummer finde ich den Zorb-Nebel?"])
def test_a_catalogue_number_is_answered_by_the_designation(question: str) -> None:
    card = [{"marker": "[1]", "title": "M99 — Zorb Nebula", "text": "M99 — Zorb Nebula — Overview\nThe Zorb Nebula (M99) "
             "is number 99 in Messier's catalogue, also catalogued as NGC 9999 and LBN 12."}]
    answer = answer_quotes(question, card, named=[("Zorb", ["M99 — Zorb Nebula"])], german=not question.startswith("whats"))
    assert answer.found and answer.key == "NGC 9999"
    assert question_kind("How many NGC objects are there?") is Asked.COUNT


def test_a_german_object_name_the_glossary_lacks_is_its_cards_english_name() -> None:
    """"Zorbnebel" is found by the card's keywords; its sentences say "Kestrel Nebula"."""
    card = [{"marker": "[1]", "title": "IC 999 — Kestrel Nebula", "text": "IC 999 — Kestrel Nebula — Overview\nIC 999, the "
             "Kestrel Nebula, is a supernova remnant in the constellation Gemini. In German it is called Zorbnebel."}]
    answer = answer_quotes("Was für ein Objekt ist der Zorbnebel eigentlich?", card,
                           named=[("Zorbnebel", ["IC 999 — Kestrel Nebula"])], german=True)
    assert answer.found and "supernova remnant" in answer.quotes[0].text


def test_a_german_verb_is_no_compound() -> None:
    """"enthält" was split into "enth" and "alt" (old), two words no sentence says."""
    passage = _about("Zorn catalogue", "The Zorn catalogue is a list of 240 faint objects.")
    answer = answer_quotes("Wie viele Objekte enthält der Zorn-Katalog?", passage,
                           named=[("Zorn", ["Zorn catalogue"])], german=True)
    assert answer.found and answer.key == "240 faint objects"


def test_a_non_word_names_what_the_thing_is_not() -> None:
    passage = _about("Catalogues", "The Kalder catalogue gives 90 bright non-Zorn objects. "
                                   "The Zorn catalogue is a list of 240 faint objects.")
    answer = answer_quotes("How many objects are in the Zorn catalogue?", passage, named=[("Zorn", ["Catalogues"])])
    assert answer.found and answer.key == "240 faint objects"


def test_a_sentence_goes_on_about_the_thing_the_one_before_named() -> None:
    """Under a heading naming two moons, the sentence after one on Lyra is about Lyra unless it
    names something else (an owner, "Earth's oceans", aside)."""
    text = ("Kappa hides volcanoes beneath its crust. Lyra is covered by a shell of water ice. "
            "Beneath the ice lies a global ocean of salty liquid water, more than all of Earth's oceans.")
    named = [("Lyra", ["Moons of Zorn"])]
    answer = answer_quotes("What is the ocean under Lyra's ice made of?", [_passage("Moons of Zorn", "Kappa and Lyra", text)],
                           named=named)
    assert answer.found and answer.quotes[0].text.startswith("Beneath the ice")
    other = text.replace("Beneath the ice lies", "Beneath the ice of Kappa lies")
    assert not answer_quotes("What is the ocean under Lyra's ice made of?",
                             [_passage("Moons of Zorn", "Kappa and Lyra", other)], named=named).found


@pytest.mark.parametrize("question", [
    "At what altitude do zorbflies glow?", "What is the height of Mount Kalder?", "In welcher Höhe leuchten Zorbfliegen?",
    "In welcher Tiefe liegt der Ozean von Lyra?", "Welche Höhe hat der Kalder-Berg?",
])
def test_a_dimension_asked_by_its_noun_asks_a_size(question: str) -> None:
    assert question_kind(question) is Asked.SIZE


def test_the_altitude_asked_is_answered_by_a_height() -> None:
    passage = _about("Zorbflies", "Most zorbflies glow at about 70–80 km altitude and fade within a second.")
    answer = answer_quotes("In welcher Höhe leuchten die Zorbfliegen?", passage,
                           named=[("Zorbfliegen", ["Zorbflies"])], german=True)
    assert answer.found and answer.key == "about 70–80 km"


def test_a_short_verb_doubles_its_consonant_in_other_forms() -> None:
    passage = _about("Zorbs", "The young zorb is spinning once every 2 seconds.")
    answer = answer_quotes("How fast does the young zorb spin?", passage, named=[])
    assert answer.found and answer.key == "2 seconds"
    stopped = _about("Zorbs", "The zorb stopped glowing 40 years ago.")
    assert answer_quotes("When did the zorb stop glowing?", stopped, named=[]).found


def test_a_german_separable_verb_is_read_with_its_particle() -> None:
    """"bricht … aus" is "ausbrechen", to erupt; "aus" alone is a stopword and "bricht" no word a
    sentence says."""
    passage = _about("Novae", "The recurrent nova Zorn Kappa erupts about every 12 years.")
    answer = answer_quotes("Wie oft bricht Zorn Kappa aus?", passage, named=[("Zorn Kappa", ["Novae"])], german=True)
    assert answer.found and answer.key == "12 years"


def test_a_german_time_taken_is_the_question_kind_not_its_subject() -> None:
    passage = _about("Lyra", "A trip to Lyra takes about 9 years with today's rockets.")
    answer = answer_quotes("Wie lange braucht man bis Lyra?", passage, named=[("Lyra", ["Lyra"])], german=True)
    assert answer.found and answer.key == "about 9 years"


def test_how_often_is_answered_by_a_frequency_without_a_figure_of_time() -> None:
    passage = _about("Novae", "The recurrent nova Zorn Kappa erupts about once a decade.")
    answer = answer_quotes("How often does Zorn Kappa erupt?", passage, named=[("Zorn Kappa", ["Novae"])])
    assert answer.found and answer.key == "about once a decade"


def test_a_verb_in_consonant_and_y_is_found_in_its_ied_and_ies_forms() -> None:
    passage = _about("Zorbs", "The glow of the zorb varies over about 3 days.")
    answer = answer_quotes("How long does the zorb's glow take to vary?", passage, named=[])
    assert answer.found and answer.key == "about 3 days"
    studied = _about("Zorbs", "Ada Lorn studied the zorb in 2031.")
    assert answer_quotes("When did Ada Lorn study the zorb?", studied, named=[]).found



def test_a_globular_cluster_is_not_any_cluster() -> None:
    passage = _passage("Star clusters", "Kinds", "The Beehive Cluster is a highlight in binoculars. "
                       "A globular cluster is a dense ball of old stars.")
    answer = answer_quotes("Was ist ein Kugelsternhaufen?", [passage], german=True)
    assert [q.text for q in answer.quotes] == ["A globular cluster is a dense ball of old stars."]


def test_a_question_that_names_nothing_is_answered_by_nothing() -> None:
    """"how big is it?" with no "it" resolved: the Orion Nebula's size is no answer to it."""
    passage = _about("Nebulae", "The Orion Nebula is about 24 light-years across.")
    answer = answer_quotes("how big is it?", passage)
    assert not answer.found


def test_how_long_until_the_next_event_is_answered_by_its_date() -> None:
    transit = _about("Lark", "In this made-up example the next transit of Lark is on 3 May 2031. A transit of Lark "
                             "lasts about 5 hours.")
    assert answer_quotes("How long until the next transit of Lark?", transit).key == "3 May 2031"
    assert answer_quotes("How long does a transit of Lark last?", transit).key == "about 5 hours"


def test_a_german_compound_asks_for_each_of_its_parts() -> None:
    """"Mondfinsternis" is a lunar eclipse: a sentence about eclipses of the Sun does not answer it."""
    eclipses = _about("Eclipses", "In this made-up example the next solar eclipse is on 4 May 2031. "
                                  "The next lunar eclipse is on 9 June 2031.")
    assert answer_quotes("Wann ist die nächste Mondfinsternis?", eclipses, german=True).key == "9 June 2031"
    assert answer_quotes("Wann ist die nächste Sonnenfinsternis?", eclipses, german=True).key == "4 May 2031"


def test_a_duration_that_goes_on_in_a_smaller_unit_is_one_figure() -> None:
    passages = [{"marker": "[1]", "title": "Sun", "text": "Sun — Light\nLight from the Sun's surface takes about "
                 "8 minutes 20 seconds to reach Earth, 1 au away."}]
    assert answer_quotes("How long does light from the Sun take to reach Earth?", passages).key == "about 8 minutes 20 seconds"


def _named(question: str, *names: str) -> list[tuple[str, list[str]]]:
    """The names a title index finds in ``question``, each filed under the article *Kestrel*."""
    return [(name, ["Kestrel"]) for name in names if name.lower() in question.lower()]


def _key(question: str, passages: list[dict[str, str]], *names: str, german: bool = False) -> str | None:
    """What the answer to ``question`` leads with, ``None`` when it declines; ``names``: those
    the title index knows."""
    answer = answer_quotes(question, passages, german=german, named=_named(question, *names))
    return answer.key if answer.found else None


CASUAL = _about("Kestrel", "In this made-up example the probe Kestrel passed about 9,000 km above the moon Lark at "
                           "12 km/s. The astronomer Ada Quill coined the name \"drift dust\" in 1961. The crew brought "
                           "back about 40 kg of dust. The first signal lasted 35 seconds. Kestrel circles Lark once "
                           "every 80 minutes. In 1930 Quill published the brightness law for Kestrel. The Lark ring "
                           "glows red because iron dust scatters the light. The Lark ring is about 3 km thick. The "
                           "brightest known star of Lark is called Nim.")


@pytest.mark.parametrize(("question", "key"), [
    ("how close did kestrel actually get to Lark when it flew by", "about 9,000 km"),
    ("who came up with the name drift dust in the first place?", "Ada Quill"),
    ("btw how many kilos of dust did the crew haul back", "about 40 kg"),
    ("how many seconds did the first signal go on for", "35 seconds"),
    ("how long does Kestrel need to go once around Lark", "80 minutes"),
    ("When did Quill put out the brightness law for Kestrel?", "In 1930"),
    ("how come the Lark ring glows red instead of just staying dark", ""),
    ("whats the speed of Kestrel when it flew by", "12 km/s"),
    ("how many kilos of dust did the astronauts haul back in total", "about 40 kg"),
    ("which star of Lark is the brightest one found so far", "Nim"),
    ("how thin is the Lark ring, top to bottom", "about 3 km"),
    ("how many kilos of dust did the crew haul to the Moon", None),
    ("how long does Kestrel need to go once around the Sun", None),
])
def test_casual_english_is_read_for_what_it_asks(question: str, key: str | None) -> None:
    """Chat wording: "btw", "in the first place" and "in total" ask nothing, "found so far" is known, "top to bottom" thick, "whats" is "what is", "flew by" is
    passing, "came up with" "coined", "haul back" "brought back", "go on for" "last", "go once
    around" is to orbit, "need" in "how long does it need" the duration asked, and a why-question's
    contrast ("instead of …") is no word its reason must say; a place still unsaid (the Moon, the
    Sun) keeps the sentence from answering."""
    assert _key(question, CASUAL, "Kestrel", "Lark") == key


GERMAN_CASUAL = _about("Kestrel", "In this made-up example the moon Lark orbits Kestrel at about 90,000 km. "
                                  "The probe Kestrel circled Lark 42 times. Lark approaches Kestrel at about 3 km/s.")


@pytest.mark.parametrize(("question", "key"), [
    ("Wie weit kreist Lark vom Kestrel weg?", "about 90,000 km"),
    ("Wie oft hat die Sonde Kestrel den Lark umrundet?", "42 times"),
    ("mit welchem Tempo nähert sich Lark dem Kestrel", "about 3 km/s"),
])
def test_german_orbits_and_speeds_are_read_in_everyday_words(question: str, key: str) -> None:
    """"kreist", "umrundet" are orbiting and circling, "Tempo" a speed, "nähert sich" approaches,
    "vom" a preposition, and how often something was done a count of times."""
    assert _key(question, GERMAN_CASUAL, "Kestrel", "Lark", german=True) == key


ORBITS = _about("Kestrel", "In this made-up example Kestrel is the smallest world, orbiting at an average distance "
                           "of about 0.5 au (75 million km). Its diameter is about 3,100 km, smaller than the moon Lark.")


@pytest.mark.parametrize(("question", "key"), [
    ("How big is Kestrel?", "about 3,100 km"),
    ("Is Lark bigger than Kestrel?", ""),
    ("Is Lark hotter than Kestrel?", None),
])
def test_a_size_is_no_orbit_and_a_comparison_is_answered_by_the_sentence_drawing_it(question: str,
                                                                                  key: str | None) -> None:
    """The length after an orbit's distance is no size; "smaller than the moon Lark" answers whether
    Lark is bigger, but not whether it is hotter."""
    assert _key(question, ORBITS, "Kestrel", "Lark") == key


RATES = _about("Kestrel", "In this made-up example the moon Lark is receding from Kestrel by about 2.1 cm per year. "
                          "Lark has two small moons, Pip and Tuck, discovered by the astronomer Ada Quill in 1911. "
                          "Kestrel is about 4,000 km across. Observers of Lark need about 12 mm of clearance.")


@pytest.mark.parametrize(("question", "key"), [
    ("By how much does Lark drift away from Kestrel every year?", "about 2.1 cm"),
    ("Um wie viel entfernt sich Lark jedes Jahr von Kestrel?", "about 2.1 cm"),
    ("By how much does Lark drift away from Kestrel every day?", None),
    ("who found the two little moons of Lark", "Ada Quill"),
    ("how much clearance do observers of Lark need", "about 12 mm"),
])
def test_a_rate_and_the_names_in_apposition_are_read_as_the_question_means(question: str, key: str | None) -> None:
    """"How much" asks an amount in a unit, "by how much … every year" one per year, which no other
    time unit answers; the
    moons "Pip and Tuck, discovered by …" are the two small moons the sentence has just named."""
    assert _key(question, RATES, "Kestrel", "Lark", german=question.startswith("Um")) == key


SINCE_AND_AFTER = _about("Kestrel", "In this made-up example the first moon found after Kestrel and Lark, Pip (now "
                                    "named Albion), was discovered in 1992 by Ada Quill. The Red Lark Spot is a storm "
                                    "larger than Kestrel that has been observed since at least the 19th century. "
                                    "Kestrel glows since hot gas radiates. After passing Kestrel in 2015, the probe "
                                    "Tern flew past Pip. Some comets become bright naked-eye sights, such as Wren in "
                                    "1997.")


@pytest.mark.parametrize(("question", "key"), [
    ("When was Lark discovered?", None),
    ("When was Pip discovered?", "in 1992"),
    ("When did Tern fly past Kestrel?", "in 2015"),
    ("When was comet Wren brightest?", "in 1997"),
    ("Why is the Red Lark Spot red?", None),
    ("Why does Kestrel glow?", ""),
])
def test_a_date_of_another_discovery_and_a_time_since_are_no_answer(question: str, key: str | None) -> None:
    """The discovery "after Kestrel and Lark" dates Pip's, not Lark's, but "after passing Kestrel in
    2015" is an event of its own and "such as Wren in 1997" an example's date; "observed since at
    least the 19th century" says how long, not why, and "since hot gas … radiates" why."""
    assert _key(question, SINCE_AND_AFTER, "Kestrel", "Pip", "Red Lark Spot", "Tern",
                                                                   "Wren") == key


SPINS = _about("Kestrel", "In this made-up example the fastest known pulsar rotates more than 500 times per second. "
                          "Lark radiates more heat than it receives, energy left over from its formation. The next "
                          "return of Quill's Comet is in 2077.")


@pytest.mark.parametrize(("question", "german", "key"), [
    ("How fast does the fastest known pulsar spin?", False, "more than 500 times per second"),
    ("Warum gibt Lark mehr Wärme ab, als er bekommt?", True, ""),
    ("Wann kommt der Quillsche Komet wieder?", True, "in 2077"),
])
def test_turns_per_second_energy_left_over_and_a_name_s_german_adjective(question: str, german: bool,
                                                                         key: str) -> None:
    """A spin is also told in turns per second; "energy left over from its formation" is a reason;
    "der Quillsche Komet" is Quill's."""
    assert _key(question, SPINS, "Lark", german=german) == key


AGES_AND_NAMES = _about("Kestrel", "In this made-up example the astronomer Ada Quill worked out the Kestrel limit in "
                                   "1931, at the age of 21, on a voyage to Lark. Kestrel's main mirror is made of 12 "
                                   "hexagonal segments of glass. The collision of two moons happened in the galaxy "
                                   "NGC 9999, about 40 million light-years away. Ada Quill wrote up the answer in 1848. "
                                   "Kestrel has the largest proper motion known, crossing about 4.2 arcseconds of sky "
                                   "per year. Lark's moon Pip plunged into Lark on 15 May 2017. On its orbit around Lark, "
                                   "last in 2018, S9 passed close at about 900 km/s.")


@pytest.mark.parametrize(("question", "german", "key"), [
    ("How old was Ada Quill when she worked out the Kestrel limit?", False, "at the age of 21"),
    ("how many pieces is Kestrel's main mirror made of?", False, "12 hexagonal segments of"),
    ("Which galaxy did the collision of two moons happen in?", False, "NGC 9999"),
    ("Which star did the collision of two moons happen in?", False, None),
    ("who answered back in the 1840s", False, "Ada Quill"),
    ("who answered in the 1850s", False, None),
    ("how fast does Kestrel move across the sky?", False, "about 4.2 arcseconds of sky per year"),
    ("Wann ist Pip in Lark gestürzt?", True, "15 May 2017"),
    ("Wie viele Jahre braucht S9 für einen Umlauf um Lark?", True, None),
])
def test_ages_parts_named_kinds_decades_and_motion_across_the_sky(question: str, german: bool, key: str | None) -> None:
    """An age is also said "at the age of 21"; a mirror's pieces are its segments; "which galaxy" is
    answered by the name after "the galaxy"; "the 1840s" is any year of them; a star's motion
    across the sky is a speed in arcseconds per year; "gestürzt" is plunged — and a year followed
    by a comma is no figure of seconds ("in 2018, S9 passed …")."""
    assert _key(question, AGES_AND_NAMES, "Kestrel", "Lark", "S9", "Pip", german=german) == key


DARKNESS = _about("Kestrel", "In this made-up example a solar day on Kestrel, from one sunrise to the next, lasts "
                             "about 50 Earth days. At Lark the Sun sets steeply, so the full sequence from sunset to "
                             "astronomical darkness takes only about 70 minutes. Observers use dim red lights because "
                             "rods are nearly insensitive to deep red light.")


@pytest.mark.parametrize(("question", "key"), [
    ("If I stood on Kestrel, how long would I wait from one sunrise to the next?", "about 50 Earth days"),
    ("At Lark, how long does it take after sunset until the sky is completely dark?", "about 70 minutes"),
    ("how long does it take after sunset to get properly dark at Lark", "about 70 minutes"),
    ("why do stargazers use red torches", ""),
])
def test_a_stand_on_a_world_properly_dark_and_stargazers_torches(question: str, key: str) -> None:
    """"If I stood on Kestrel" places the question on Kestrel, "how long would I wait" asks how
    long, which "about 50 Earth days" says; "completely" or "properly dark" is astronomical
    darkness; stargazers are observers and torches lights."""
    assert _key(question, DARKNESS, "Kestrel", "Lark") == key


MISSIONS = _about("Rovers on Lark", "In this made-up example the rover Tern worked for 9 years and drove about 31 km, a "
                                   "long way. Comet Wren was visible to the naked eye for about 14 months. The probe "
                                   "Kestrel circled Lark 181 times. By 2031 the probe Tern was 40 au out, moving at "
                                   "9 km/s, and its radio signals took roughly 6 hours to reach Earth. Winds on Lark "
                                   "reach about 900 km/h. The moon Pip orbits Lark in about 7 hours.")


@pytest.mark.parametrize(("question", "key"), [
    ("how far did the Tern rover drive on Lark in total?", "about 31 km"),
    ("For how long was comet Wren visible without a telescope?", "about 14 months"),
    ("How many times did Kestrel circle Lark before the mission ended?", "181 times"),
    ("how long does a radio message from Tern take to reach us", "roughly 6 hours"),
    ("How fast do the winds blow on Lark?", "about 900 km/h"),
    ("how long does Pip need for one lap around Lark", "about 7 hours"),
])
def test_irregular_verbs_naked_eyes_and_the_end_of_a_mission(question: str, key: str) -> None:
    """"drive" is answered by "drove"; "without a telescope" is to the naked eye; "before the mission
    ended" ends the question, not a word its sentence must say; to reach us is to reach Earth; how
    fast winds blow is their speed; one lap around a world is one orbit."""
    assert _key(question, MISSIONS, "Kestrel", "Lark", "Tern", "Wren", "Pip") == key


def test_a_record_is_no_person() -> None:
    """"the Kestrel plaques and Voyager Golden Records" name things, not who chose them."""
    passages = _about("Kestrel", "In this made-up example the Kestrel plaques and Voyager Golden Records travel on "
                                 "spacecraft.")
    assert not answer_quotes("Who made the Golden Records?", passages, named=[("Golden Records", ["Kestrel"])]).found


def test_what_a_thing_cost_is_no_other_figure_of_it() -> None:
    """"gekostet" asks a price, which a sentence on the telescope's size does not give (the parts
    of "Weltraumteleskop" are not read as "space telescope", else the telescope's name said them)."""
    passages = _about("Kestrel Space Telescope", "The Kestrel Space Telescope has a 3.1 m primary mirror and about "
                                                 "40,000 parts.")
    assert not answer_quotes("Wie viel hat das Kestrel-Weltraumteleskop gekostet?", passages, german=True,
                             named=[("Kestrel", ["Kestrel Space Telescope"])]).found


CATALOGUES = [*_about("Kestrel", "In this made-up example the largest known stone of Lark, Quillite, weighs about 60 "
                                 "tonnes. Quill's Catalogue is a list of 7,840 objects published in 1888. Lark was "
                                 "found to have a ring in 2017."),
              {"marker": "[2]", "title": "Pip 348", "text": "Pip 348 — Overview\nPip 348 is a cloud of young stars. "
                                                            "Its distance is about 1,100 light-years."},
              {"marker": "[3]", "title": "Brown stars", "text": "Brown stars — Overview\nBrown stars above about 13 "
                                                                "Jupiter masses glow."}]


@pytest.mark.parametrize(("question", "german", "key"), [
    ("how heavy is the largest stone of Lark anyone has ever found?", False, "about 60 tonnes"),
    ("How many objects did Quill's Catalogue list when it first came out in 1888?", False, "7,840 objects published in"),
    ("When was Lark discovered?", False, None),
    ("In welchem Jahr wurde Lark entdeckt?", True, None),
    ("How heavy is the brown star Kestrel 0855−0714?", False, None),
    ("Wie weit ist der Sternhaufen Pip 348 von uns entfernt?", True, "about 1,100 light-years"),
])
def test_known_so_far_published_a_property_found_and_numbered_names(question: str, german: bool, key: str | None) -> None:
    """"anyone has ever found" is the largest known, a catalogue that "came out" was published; a
    thing "found to have a ring" in 2017 was not discovered then; a number in a name must be said
    ("Kestrel 0855−0714" is not every brown star); a sentence saying "its" under the cluster's own
    title need not say it is a cluster."""
    named = ([("Pip 348", ["Pip 348"])] if "348" in question else [("Kestrel", ["Brown stars"])] if "0855" in question
             else _named(question, "Lark", "Quill's Catalogue"))
    answer = answer_quotes(question, CATALOGUES, german=german, named=named)
    assert (answer.key if answer.found else None) == key


def test_a_share_asked_with_wieviel_written_as_one_word() -> None:
    assert question_kind("wieviel prozent der mondoberfläche sieht man von der erde aus?") is Asked.SHARE


STARS = [*_about("Kestrel", "In this made-up example the easiest white star to see is Kestrel, at about magnitude "
                            "9.5. Lark is about 24 light-years across. Pip varies between magnitude 3.5 and 4.4 every "
                            "5.37 days."),
         {"marker": "[2]", "title": "Hot giants", "text": "Hot giants — Overview\nA hot giant is a planet that orbits "
                                                          "its star in less than about ten days."},
         {"marker": "[3]", "title": "Tern 4756", "text": "Tern 4756 — Overview\n## Identification\nOpenNGC "
                                                         "classifies it as an open star cluster in Serpens (Serpens "
                                                         "Cauda)."}]


@pytest.mark.parametrize(("question", "german", "named", "key"), [
    ("What magnitude does Kestrel shine at?", False, [("Kestrel", ["Kestrel"])], "magnitude 9.5"),
    ("Wie groß ist Lark eigentlich, in Lichtjahren gemessen?", True, [("Lark", ["Kestrel"])], "about 24 light-years"),
    ("What's the period of Pip's brightness changes?", False, [("Pip", ["Kestrel"])], "5.37 days"),
    ("How long does Wren-9b take to orbit its star?", False, [("Wren", ["Hot giants"])], None),
    ("How long does Wren-9b take to orbit its star?", False, [("Wren-9b", ["Hot giants"])], None),
    ("Wer hat den Sternhaufen Tern 4756 entdeckt?", True, [("Tern 4756", ["Tern 4756"])], None),
])
def test_shining_measured_figures_changing_stars_planet_letters_and_constellations(
        question: str, german: bool, named: list[tuple[str, list[str]]], key: str | None) -> None:
    """A star's "shine" is its magnitude; "in Lichtjahren gemessen" the unit; the period of a
    brightness that changes is how often it varies; a planet's letter ("-9b") is part of its name, which a general article's
    sentence does not say; "Serpens Cauda" is a constellation, no discoverer."""
    answer = answer_quotes(question, STARS, german=german, named=named)
    assert (answer.key if answer.found else None) == key


SIGNALS = _about("Tern 1 and 2", "In this made-up example by 2031 Tern 1 was 40 au from the Sun, moving at 9 km/s, and "
                                 "its radio signals took roughly 6 hours to reach Earth; Tern 2 was about 30 au away. "
                                 "The astronomer Ada Quill worked out the Kestrel limit in 1931, at the age of 21.")


@pytest.mark.parametrize(("question", "key"), [
    ("roughly how long do radio signals from Tern 1 need to get to us", "roughly 6 hours"),
    ("roughly how long do radio signals from Tern 2 need to get to us", None),
    ("how long do radio signals from Tern 2 take", None),
    ("how many years old was Ada Quill when she figured out her famous limit", "at the age of 21"),
])
def test_its_is_the_thing_the_clause_before_names_and_years_old_is_an_age(question: str, key: str | None) -> None:
    """"…, and its radio signals took 6 hours; Tern 2 was …": "its" is Tern 1's, so the sentence
    gives no signal time of Tern 2; "how many years old" asks an age, "figured out" is worked out,
    and "famous" is no word the sentence must say."""
    assert _key(question, SIGNALS, "Tern 1", "Tern 2", "Ada Quill") == key


CRAFT = _about("Tern", "In this made-up example the space telescope Tern launched on 3 March 2031 from Kourou. "
                       "Tern-4b, a giant planet of about 7 Jupiter masses, was found by it in 2035. "
                       "After its coolant ran out, Tern was switched off on 9 May 2040.")


@pytest.mark.parametrize(("question", "key"), [
    ("Wann ist das Tern-Weltraumteleskop gestartet?", "3 March 2031"),
    ("Wann startete das Tern-Teleskop?", "3 March 2031"),
    ("Wann wurde das Tern-Weltraumteleskop abgeschaltet?", "9 May 2040"),
    ("Wie schwer ist die Tern-Sonde?", None),
    ("Wie schwer ist die Tern-Konstante?", None),
])
def test_a_german_compound_joining_a_name_to_its_kind_is_the_thing_itself(question: str, key: str | None) -> None:
    """"das Tern-Weltraumteleskop" is Tern: a sentence naming Tern need not say "space telescope";
    but a question whose only other word is that kind asks nothing a planet named after Tern
    answers, and a "Konstante" named after it is another thing."""
    assert _key(question, CRAFT, "Tern", german=True) == key


ASIDES = _about("Kestrel", "In this made-up example Lark is about 36 km long and very red. Lark has a mass of about "
                           "2 billion tonnes. The probe Kestrel flew past Lark in 2031, ten years after visiting Wren.")


@pytest.mark.parametrize(("question", "german", "key"), [
    ("how big is lark, that thing kestrel flew past after wren?", False, "about 36 km"),
    ("Wie groß ist Lark, das Ding, an dem Kestrel nach Wren vorbeigeflogen ist?", True, "about 36 km"),
    ("How heavy is Lark? I heard it weighs less than a mountain", False, "about 2 billion tonnes"),
    ("can you see lark with the naked eye? how big is it really?", False, "about 36 km"),
    ("How big is Wren, the first world Kestrel visited?", False, None),
    ("quick question: how big is lark?", False, "about 36 km"),
    ("Wie groß ist Lark, der röteste Mond?", True, "about 36 km"),
])
def test_what_people_add_to_a_question_is_no_word_the_answer_must_say(question: str, german: bool,
                                                                     key: str | None) -> None:
    """An apposition after a name says what the thing is; a second sentence says what one heard or
    asks a second question: the answer must say what is asked, not those words — and the names in
    them still say which thing is asked."""
    assert _key(question, ASIDES, "Lark", "Kestrel", "Wren", german=german) == key


SPANS = _about("Lark", "In this made-up example the star Lark changes its colour over thousands of years. "
                       "Its axis traces a circle over about 9,000 years. "
                       "On 3 May 2031 the probe Kestrel detected a faint radio burst from Lark.")


@pytest.mark.parametrize(("question", "key"), [
    ("How old is Lark?", None),
    ("When was the radio burst from Lark picked up?", "3 May 2031"),
])
def test_years_over_which_a_thing_changes_are_no_age_and_a_signal_is_picked_up(question: str, key: str | None) -> None:
    """"changes over thousands of years" is a timescale, not how old the star is; a signal
    "picked up" is one detected, however the passage says it."""
    assert _key(question, SPANS, "Lark") == key


@pytest.mark.parametrize(("question", "german", "key"), [
    ("When was ESA's Tern spacecraft switched off for good?", False, "9 May 2040"),
    ("wann wurde die tern sonde abgeschaltet", True, "9 May 2040"),
    ("How heavy is the Tern spacecraft?", False, None),
])
def test_a_craft_named_before_its_kind_is_the_craft_itself(question: str, german: bool, key: str | None) -> None:
    """"ESA's Tern spacecraft" and "die tern sonde" are Tern, as "die Tern-Sonde" is; asked of
    the craft alone, its mass is none of a planet named after it."""
    assert _key(question, CRAFT, "Tern", german=german) == key


def test_again_and_whole_are_no_words_the_answer_must_say() -> None:
    """"what was it called again", "when will it swing by again": the name, the next time; "the
    whole Solar System" is the Solar System."""
    read = read_question("When will Lark swing by the Sun again?", named=[("Lark", ["Lark"])], texts=[], german=False)
    assert not any(key.startswith("agai") for key in read.relation)
    read = read_question("Which moon has the tallest cliff in the whole Solar System?", named=[], texts=[], german=False)
    assert not any(key.startswith("whol") for key in read.relation)


SHARES = _about("Lark", "In this made-up example the atmosphere of Lark is about 91.5 % carbon dioxide with a little "
                        "argon. Small binoculars show the cluster Wren as a hazy patch with a few stars.")


@pytest.mark.parametrize(("question", "key"), [
    ("What is the atmosphere of Lark made of?", ""),
    ("How many stars does the cluster Wren have?", None),
])
def test_a_share_of_a_substance_is_what_a_thing_is_made_of_and_a_few_is_no_count(question: str,
                                                                                 key: str | None) -> None:
    """"is about 91.5 % carbon dioxide" says what the air is made of; "a few stars" in a pair of
    binoculars says not how many stars a cluster has."""
    assert _key(question, SHARES, "Lark", "Wren") == key


def test_a_german_relative_clause_is_no_apposition() -> None:
    """"die" after a comma may open a relative clause that says which thing is asked ("die nächste
    Finsternis, die man in Wren sehen kann"): it is read, unlike an apposition ("Lark, der röteste Mond")."""
    read = read_question("Wann gibt es die nächste Finsternis, die man in Wren sehen kann?", named=[("Wren", ["Wren"])],
                         texts=["Eclipses can be seen from Wren."], german=True)
    assert "sehe" in read.relation


def test_they_in_the_question_stands_for_what_the_sentence_before_says() -> None:
    """"Lark has two moons, right? what are they called?": "they" are the moons, so the question
    is read with the sentence that says so, not as "what is called?"."""
    read = read_question("Lark has two moons, right? what are they called?", named=[("Lark", ["Lark"])],
                         texts=["Lark has two moons."], german=False)
    assert "moon" in read.relation
    read = read_question("The Larks are a young cluster. Roughly how old are they?", named=[("Larks", ["Larks"])],
                         texts=["The Larks are young."], german=False)
    assert "young" not in read.relation and "clust" not in read.relation


YEARS = _about("Lark", "In this made-up example dust storms on Lark return about every 26 months. "
                       "Lark orbits its star in 412 Earth days.")


@pytest.mark.parametrize(("question", "german"), [("How long is a year on Lark?", False),
                                                  ("Wie lange dauert ein Jahr auf Lark?", True)])
def test_a_year_is_told_by_an_orbit(question: str, german: bool) -> None:
    """"a year" asks how long one orbit takes, not how often something else on the planet recurs."""
    assert _key(question, YEARS, "Lark", german=german) == "412 Earth days"


LANDINGS = _about("Lark", "In this made-up example, between 2031 and 2035 eight astronauts walked on Lark during "
                          "four landings, beginning with Kestrel 1 on 3 May 2031. Lark holds somewhere between "
                          "100 and 400 billion grains.")


@pytest.mark.parametrize(("question", "german", "key"), [
    ("when did humans first land on Lark", False, "2031"),
    ("Wann landeten zum ersten Mal Menschen auf Lark?", True, "2031"),
    ("How many grains does Lark hold, approximately?", False, "between 100 and 400 billion grains"),
])
def test_first_asks_the_earliest_date_humans_are_astronauts_and_a_range_is_said_whole(
        question: str, german: bool, key: str) -> None:
    """"first" asks the earliest of a sentence's dates ("between 2031 and 2035 … 3 May 2031"),
    humans are the astronauts, "approximately" is a hedge, and "between 100 and 400 billion" is one
    figure, not its upper bound."""
    assert _key(question, LANDINGS, "Lark", german=german) == key


@pytest.mark.parametrize(("question", "german", "key"), [
    ("so i've been reading about lark - when did they find it?", False, "in 2031"),
    ("Sag mal, wie groß ist Lark eigentlich? Nur grob.", True, "about 36 km"),
])
def test_the_question_after_a_remark_decides_the_kind_and_they_may_be_anyone(question: str, german: bool,
                                                                            key: str) -> None:
    """A remark before the question hides its question word from a reading of the whole message:
    the kind is the question's. "they" beside "it" are whoever did it ("when did they find it?"),
    not a thing the sentence before names; "sag mal" opens the message and asks nothing."""
    assert _key(question, FOUND_LARK, "Lark", german=german) == key


FOUND_LARK = _about("Lark", "In this made-up example Lark is about 36 km long. It was found in 2031 by the probe Kestrel.")


SPOTTED = _about("Kestrel", "In this made-up example Ada Quill noticed in 2031 that Kestrel wobbles. The astronomer "
                            "Bo Finch coined the name \"drift dust\" in 2033. The probe Tern delivered about 40 g of "
                            "material from Kestrel in 2040. Kestrel takes roughly half a million years per orbit. At a "
                            "favourable opposition Kestrel reaches about magnitude 6.1. Tern carried 12 CCD detectors.")


@pytest.mark.parametrize(("question", "german", "key"), [
    ("Who found out that Kestrel wobbles?", False, "Ada Quill"),
    ("Wer hat herausgefunden, dass Kestrel wackelt?", True, "Ada Quill"),
    ("Wer hat den Begriff „drift dust“ erfunden?", True, "Bo Finch"),
    ("how much material did tern bring back from kestrel", False, "about 40 g of material"),
    ("how bright can kestrel get at a good opposition", False, "magnitude 6.1"),
    ("wie viele ccd detektoren hatte tern", True, "12 CCD detectors"),
    ("how old is kestrel", False, None),
])
def test_words_of_one_meaning_and_the_forms_of_auxiliaries(question: str, german: bool, key: str | None) -> None:
    """Finding out is discovering, coining a word inventing it, bringing back delivering; "hatte" is
    the tense of "hat"; years per orbit are a period, not an age."""
    assert _key(question, SPOTTED, "Kestrel", "Tern", german=german) == key


TERMS = _about("Kestrel", "In this made-up example a white dwarf is the dense core of a dead star. The sphere of gas "
                          "around a hot star is called a Lark sphere. Dwarf worlds beyond Kestrel are called drifters.")


@pytest.mark.parametrize(("question", "german", "found"), [
    ("was ist ein weißes loch", True, False),
    ("what is a dyson sphere", False, False),
    ("what's a lark sphere", False, True),
    ("was ist ein weißer zwerg", True, True),
])
def test_a_definition_says_the_whole_term_it_defines(question: str, german: bool, found: bool) -> None:
    """A white dwarf is no white hole, a Lark sphere no Dyson sphere: a definition says every word of
    the term; "what's a …" asks for one as "what is a …" does."""
    assert (_key(question, TERMS, german=german) is not None) is found


@pytest.mark.parametrize(("question", "asked"), [
    ("Ich hab von Kestrel gelesen – wie lang ist das Ding eigentlich?", Asked.SIZE),
    ("Wie lang ist der Schweif von Kestrel?", Asked.SIZE),
    ("Wie lang ist ein Tag auf Kestrel?", Asked.DURATION),
    ("wie lang ist die Umlaufzeit von Kestrel", Asked.DURATION),
    ("how many solar masses is Kestrel", Asked.MASS),
    ("wie viele Sonnenmassen hat Kestrel", Asked.MASS),
    ("what's a drifter", Asked.DEFINITION),
    ("what's the name of Kestrel's largest moon", Asked.NAME),
    ("whats the heaviest a white dwarf can get", Asked.FACT),
])
def test_what_a_question_asks_by_its_words(question: str, asked: Asked) -> None:
    """German "wie lang ist" asks a length unless it asks of a time; solar masses are a mass."""
    assert question_kind(question) is asked


def test_a_typing_slip_in_a_kind_word_is_read_as_the_word_meant() -> None:
    passages = _about("Kestrel", "In this made-up example Kestrel has a surface temperature of about 25,000 K.")
    assert _key("surface temperture of kestrel?", passages, "Kestrel") == "about 25,000 K"
    assert _key("Welche Tempratur hat Kestrel an der Oberfläche?", passages, "Kestrel", german=True) == "about 25,000 K"


def test_a_count_of_the_named_things_own_kind_is_no_count_of_its_parts() -> None:
    """The Lark Array "acting as one Earth-sized telescope" does not say how many radio telescopes
    make it up; a count of the things the name is made of still counts ("four large Kestrel moons")."""
    array = _about("Lark Array", "In this made-up example the Lark Array, a network of radio dishes acting as one "
                                 "Earth-sized telescope, imaged a black hole in 2031.")
    assert _key("how many radio telescopes make up the lark array telescope", array, "Lark Array telescope") is None
    moons = _about("Kestrel", "In this made-up example the four large Kestrel moons were found in 2031.")
    assert _key("how many Kestrel moons are there", moons, "Kestrel moons") == "four large Kestrel moons"


def test_what_a_question_says_it_does_not_ask_is_no_word_to_say() -> None:
    """"… its bulk composition and not the atmosphere": the atmosphere is not asked."""
    passages = _about("Kestrel", "In this made-up example Kestrel is made of roughly equal parts rock and water ice.")
    named = [("kestrel", ["Kestrel"]), ("atmosphere", ["Atmospheres"])]
    answer = answer_quotes("what is kestrel made of, i mean its bulk composition and not the atmosphere", passages,
                           named=named)
    assert answer.found and "rock and water ice" in answer.quotes[0].text


SCALE = _about("Kestrel", "In this made-up example in 2031 Ada Quill made the Kestrel scale precise by defining 5 "
                          "magnitudes as a brightness ratio of exactly 100. In 2033 she published the Kestrel relation "
                          "for 25 stars.")


@pytest.mark.parametrize(("question", "german", "key"), [
    ("wer hat 2031 festgelegt, dass 5 größenklassen genau einem helligkeitsverhältnis von 100 entsprechen", True,
     "Ada Quill"),
    ("Ada Quill found the Kestrel relation in 2033. How many stars did she publish it for?", False, "25 stars"),
])
def test_a_compound_typed_in_lower_case_and_a_question_after_a_year(question: str, german: bool, key: str) -> None:
    """"größenklassen" and "helligkeitsverhältnis" typed in lower case are compounds of known words
    ("entsprechen" says "is"); a sentence ending in a year ends before the question."""
    assert _key(question, SCALE, "Kestrel", german=german) == key


LARK_FACTS = _about("Lark", "In this made-up example Lark is only about 10 million years old. In 2031 the Tern "
                            "telescope showed that Lark has a dayside temperature of about 500 K.")


@pytest.mark.parametrize(("question", "german", "key"), [
    ("Lark is supposed to be near the end of its life, but how old is it actually?", False,
     "about 10 million years old"),
    ("How hot is Lark on its day side according to the Tern telescope?", False, "about 500 K"),
    ("Lark heiß – wie viel Grad hat es dort?", True, "about 500 K"),
])
def test_a_but_before_the_question_whom_it_asks_by_and_two_words_written_as_one(question: str, german: bool,
                                                                                  key: str) -> None:
    """"…, but how old is it" is the question; "according to the Tern telescope" whom it asks by; "day
    side" is the passages' "dayside"; "wie viel Grad hat es" asks a temperature."""
    assert _key(question, LARK_FACTS, "Lark", german=german) == key



def test_a_clause_about_another_lettered_planet_tells_nothing_of_this_one() -> None:
    """"LARK-1b has a dayside temperature of about 500 K …, and that LARK-1c has no thick
    atmosphere" says nothing of LARK-1c's temperature."""
    passages = _about("The LARK-1 system", "In this made-up example measurements of two planets showed that LARK-1b "
                                           "has a dayside temperature of about 500 K, and that LARK-1c has no thick "
                                           "atmosphere.")
    assert _key("Wie heiß ist der Planet LARK-1c?", passages, german=True) is None
    assert _key("Wie heiß ist der Planet LARK-1b?", passages, german=True) == "about 500 K"


def test_a_fact_two_passages_state_alike_outweighs_one_stated_first() -> None:
    """A blueshift "bringing us closer" is one figure; two articles giving the speed of approach agree."""
    passages = [*_about("Redshift", "In this made-up example Lark shows a blueshift of about 300 km/s, because it and "
                                    "our own motion bring Lark and Tern closer together."),
                *_about("Lark", "Lark is approaching Tern at about 110 km/s."),
                *_about("Tern", "Tern and Lark are approaching each other at about 110 km/s.")]
    assert _key("How fast are Lark and Tern approaching each other?", passages, "Lark", "Tern") == "about 110 km/s"


@pytest.mark.parametrize(("question", "key"), [
    ("Who found the very first comet?", "Ada Quill"), ("Who discovered Lark?", None)])
def test_a_name_said_to_be_the_kind_asked_is_the_instance_asked_for(question: str, key: str | None) -> None:
    """"Wren, discovered by Ada Quill …, was the first comet found" answers who found the first comet,
    not who found Lark."""
    passages = _about("Comets", "In this made-up example Lark is a bright comet of the outer system. Wren, discovered "
                                "by Ada Quill on 1 January 1901, was the first comet found.")
    assert _key(question, passages, "Lark", "Wren", "comet") == key


def test_whoever_did_it_may_follow_a_namesake() -> None:
    passages = _about("Variable stars", "In this made-up example the class is named after Lark, whose variability Ada "
                                        "Quill discovered in 1884.")
    assert _key("Who discovered the variability of Lark?", passages, "Lark") == "Ada Quill"


def test_a_number_of_times_counts_what_the_words_before_it_do() -> None:
    passages = _about("Kestrel", "In this made-up example the probe Kestrel circled Lark 294 times before its end.")
    assert _key("How many orbits did Kestrel make around Lark?", passages, "Kestrel", "Lark") == "294 times"
    assert _key("How many moons does Lark have?", passages, "Kestrel", "Lark") is None


def test_a_clause_opening_with_they_goes_on_about_the_sentences_subject() -> None:
    passages = _about("Hot larks", "In this made-up example hot larks are easy to detect, so they were found early, but "
                                   "they are actually uncommon: only about 2% of young stars have one.")
    assert _key("What percentage of young stars actually host a hot lark?", passages, "hot lark") == "about 2%"


def test_a_year_of_the_next_century_is_a_date() -> None:
    passages = _about("Lark", "In this made-up example Lark is now a degree from the pole and will come closest, just "
                              "under half a degree, around the year 2150, then drift away.")
    assert _key("When will Lark come closest to the pole?", passages, "Lark") == "2150"


@pytest.mark.parametrize(("question", "german"), [
    ("Wie heißt der Effekt, bei dem sich die Empfindlichkeit des Auges im Dunkeln zu Blau verschiebt?", True),
    ("What is the effect called where the eye's sensitivity shifts towards blue in the dark?", False)])
def test_a_name_before_the_kind_asked_is_its_name(question: str, german: bool) -> None:
    """"Wie heißt der Effekt" is answered by "the Quill effect"; "the Galilean moons" would name no moon."""
    passages = _about("Dark adaptation", "In this made-up example, as light fades in the dark, the eye's sensitivity "
                                         "shifts towards blue, the Quill effect, and colours fade.")
    assert _key(question, passages, german=german) == "Quill"


def test_a_term_in_apposition_is_defined_by_it() -> None:
    passages = _about("Rings", "In this made-up example most rings lie inside the planet's Lark limit, the distance "
                               "inside which tides pull apart a loosely bound body.")
    assert answer_quotes("What is the Lark limit?", passages).found


@pytest.mark.parametrize(("question", "german", "text", "key"), [
    ("Wann gab es den Stromausfall in Lark?", True,
     "In this made-up example in 1989 a storm caused a nine-hour blackout across Lark.", "in 1989"),
    ("Wie schnell bewegen sich Lark und Tern aufeinander zu?", True,
     "In this made-up example Lark is approaching Tern at about 110 km/s.", "about 110 km/s"),
    ("Which star was the pole star back when the temple of Lark was built?", False,
     "In this made-up example, when the temple of Lark was built, the pole star was Wren.", "Wren"),
    ("When was the Kestrel space telescope launched?", False,
     "In this made-up example, launched on 3 May 2013, Kestrel measured the positions of many stars.", "3 May 2013"),
    ("What is the stuff in Lark's rings made of?", False,
     "In this made-up example Lark's rings are made of water ice with a little dust.", ""),
])
def test_words_people_use_for_what_the_passages_say(question: str, german: bool, text: str, key: str) -> None:
    """A blackout is a "Stromausfall" (the glossary's word, not "Stromausf" + "all"); moving towards
    each other is approaching; "back when" and "stuff" ask nothing; a space telescope named is that
    craft."""
    assert _key(question, _about("Lark", text), "Lark", "Tern", "Kestrel", "Wren", german=german) == key


def test_a_craft_is_named_by_its_name_and_its_agency_need_not_be_said() -> None:
    """"the Kepler space telescope" is "Kepler" in the passages (a person's name it bears), NASA runs it,
    and "switched off on" governs the date after the particle."""
    passages = _about("Kepler", "In this made-up example, after its coolant ran out in 2009, Kepler went on observing "
                                "until it was switched off on 30 January 2020.")
    assert _key("When did NASA finally switch off the Kepler space telescope?", passages, "NASA",
                "Kepler space telescope") == "30 January 2020"


def test_an_adverb_after_an_ordinal_qualifies_what_follows() -> None:
    passages = _about("Lensing", 'In this made-up example the first lensed object, the "Twin Lark", was found in 1979.')
    assert _key("When was the very first gravitationally lensed object, the Twin Lark, discovered?", passages,
                "Twin Lark") == "in 1979"


def test_how_many_people_a_verb_counts_and_a_kind_said_after_a_name_in_a_remark() -> None:
    """"how many were injured" counts what follows "injured"; "the Lark meteor" of the remark is
    Lark, which the sentence names as an asteroid."""
    passages = _about("Impacts", "In this made-up example in 2013 a small asteroid exploded over Lark; its shock wave "
                                 "shattered windows and injured about 1,500 people.")
    question = "I read that the Lark meteor in 2013 hurt a lot of people. Roughly how many were injured?"
    assert _key(question, passages, "Lark", "meteor") == "about 1,500 people"


def test_the_askers_own_instrument_is_not_what_it_stands_for() -> None:
    passages = _about("Lensing", "In this made-up example the Lark Cross in Pegasus is around magnitude 17.")
    question = "I have a 16-inch Dob and want to try the Lark Cross in Pegasus. About what magnitude is it?"
    assert _key(question, passages, "Dob", "Lark Cross") == "magnitude 17"


@pytest.mark.parametrize(("question", "key"), [
    ("Wann sind die Meteoriten Lark und Wren eigentlich gefallen?", "in 1969"),
    ("Wie heiß muss der Kern eines Sterns werden, damit die Wasserstofffusion einsetzt?", "about 10 million K"),
])
def test_german_words_for_falling_and_for_the_elements(question: str, key: str) -> None:
    passages = _about("Lark", "In this made-up example the meteorites Lark and Wren both fell in 1969. Hydrogen fusion "
                              "starts when the core of a star reaches about 10 million K.")
    assert _key(question, passages, "Lark", "Wren", german=True) == key


def test_how_much_mass_asks_a_mass() -> None:
    assert question_kind("Wie viel Masse steckt in den Sternen der Wolke?") is Asked.MASS
    assert question_kind("How much mass is in the rings?") is Asked.MASS


@pytest.mark.parametrize("question", ["hey, when did they turn off the Kepler space telescope for good?",
                                      "Wann wurde Kepler abgeschaltet?"])
def test_turning_a_craft_off_is_retiring_it_and_a_greeting_asks_nothing(question: str) -> None:
    passages = _about("Kepler", "In this made-up example Kepler ran out of fuel and was retired on 30 October 2018.")
    assert _key(question, passages, "Kepler", german=question.startswith("Wann")) == "30 October 2018"
