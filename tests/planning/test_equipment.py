"""Equipment phrases in German and English → class, aperture and dark-sky limiting magnitude."""

from __future__ import annotations

import json

import pytest

from singularity.errors import InputError
from singularity.planning.equipment import (
    classify_equipment,
    label_in,
    limiting_magnitude,
    parse_equipment,
    telescope_class,
)
from singularity.planning.models import Equipment, EquipmentClass
from singularity.results import Status

NAKED = EquipmentClass.NAKED_EYE
BINO = EquipmentClass.BINOCULARS
SMALL = EquipmentClass.SMALL_TELESCOPE
LARGE = EquipmentClass.LARGE_TELESCOPE


@pytest.mark.parametrize(
    ("text", "cls", "aperture_mm"),
    [
        ("10-Zoll-Dobson", LARGE, 254.0),
        ('8" SCT', LARGE, 203.2),
        ("8″ Dobson", LARGE, 203.2),
        ("8 inch Newtonian", LARGE, 203.2),
        ("8-Zöller Dobson", LARGE, 203.2),
        ("Dobson 12 Zoll", LARGE, 304.8),
        ("10x50 Fernglas", BINO, 50.0),
        ("10x50 binoculars", BINO, 50.0),
        ("Feldstecher 7x35", BINO, 35.0),
        ("15×70 binoculars", BINO, 70.0),
        ("bloßes Auge", NAKED, 7.0),
        ("blosses Auge", NAKED, 7.0),
        ("mit bloßem Auge", NAKED, 7.0),
        ("naked eye", NAKED, 7.0),
        ("ohne Instrument", NAKED, 7.0),
        ("kein Teleskop", NAKED, 7.0),
        ("no telescope, just my eyes", NAKED, 7.0),
        ("80mm Refraktor", SMALL, 80.0),
        ("ED 80", SMALL, 80.0),
        ("Newton 150/750", LARGE, 150.0),
        ("150/750 Newton", LARGE, 150.0),
        ("Newton 130/900mm", SMALL, 130.0),
        ("Maksutov 127/1500", SMALL, 127.0),
        ("Newton 114", SMALL, 114.0),
        ("C8", LARGE, 203.0),
        ("Celestron C11", LARGE, 279.0),
        ("C14", LARGE, 356.0),
        ("Seestar S50", SMALL, 50.0),
        ("114 mm reflector", SMALL, 114.0),
        ("5 cm refractor", SMALL, 50.0),
    ],
)
def test_phrases_are_classified(text: str, cls: EquipmentClass, aperture_mm: float) -> None:
    equipment = parse_equipment(text)
    assert equipment.equipment_class is cls
    assert equipment.aperture_mm == pytest.approx(aperture_mm)


def test_labels_name_the_instrument() -> None:
    assert parse_equipment("10-Zoll-Dobson").label == "10-inch Dobsonian (254 mm)"
    assert parse_equipment("Feldstecher 7x35").label == "7x35 binoculars"
    assert parse_equipment("C8").label == "Celestron C8 Schmidt-Cassegrain (203 mm)"
    assert parse_equipment("Seestar S50").label == "Seestar S50 smart telescope (50 mm)"
    assert parse_equipment("ED 80").label == "80 mm refractor"
    assert parse_equipment("naked eye").label == "naked eye"


def test_binoculars_without_size_are_assumed_10x50_and_say_so() -> None:
    equipment = parse_equipment("Fernglas")
    assert equipment.equipment_class is BINO
    assert equipment.aperture_mm == 50.0
    assert "size not given" in equipment.label


@pytest.mark.parametrize(("text", "cls", "aperture_mm"), [
    ("small refractor", SMALL, 80.0),
    ("mein kleines Teleskop", SMALL, 80.0),
    ("a big Dobsonian", LARGE, 200.0),
    ("ein großes Spiegelteleskop", LARGE, 200.0),
    ("small 70 mm refractor", SMALL, 70.0),  # a stated aperture wins
])
def test_a_telescope_called_small_or_big_is_planned_for_a_typical_one_and_says_so(
        text: str, cls: EquipmentClass, aperture_mm: float) -> None:
    equipment = parse_equipment(text)
    assert (equipment.equipment_class, equipment.aperture_mm) == (cls, aperture_mm)
    assert ("assumed" in equipment.label) is (aperture_mm in (80.0, 200.0))


def test_class_threshold_is_150_mm() -> None:
    assert telescope_class(149.9) is SMALL
    assert telescope_class(150.0) is LARGE
    assert parse_equipment("145 mm reflector").equipment_class is SMALL
    assert parse_equipment("6 inch reflector").equipment_class is LARGE  # 152.4 mm


def test_limiting_magnitude_follows_the_aperture_rule() -> None:
    # 7.5 + 5·log10(D/cm): 5 cm → 10.99, 25.4 cm → 14.52, 20 cm → 14.01, 8 cm → 12.02
    assert limiting_magnitude(50) == 11.0
    assert limiting_magnitude(254) == 14.5
    assert limiting_magnitude(200) == 14.0
    assert parse_equipment("80mm Refraktor").limiting_magnitude == 12.0
    assert parse_equipment("10-Zoll-Dobson").limiting_magnitude == 14.5
    assert parse_equipment("10x50 Fernglas").limiting_magnitude == 11.0
    assert parse_equipment("bloßes Auge").limiting_magnitude == 6.0


def test_limiting_magnitude_gains_1_5_mag_per_doubling() -> None:
    assert limiting_magnitude(200) - limiting_magnitude(100) == pytest.approx(1.5, abs=0.1)


@pytest.mark.parametrize("text", ["Teleskop", "telescope", "Dobson", "mein Refraktor"])
def test_telescope_without_aperture_asks_for_it(text: str) -> None:
    with pytest.raises(InputError, match="aperture"):
        parse_equipment(text)


@pytest.mark.parametrize("text", ["Kamera", "my phone", "", "   "])
def test_unknown_text_lists_what_is_understood(text: str) -> None:
    with pytest.raises(InputError) as info:
        parse_equipment(text)
    message = str(info.value)
    assert "10x50" in message and "naked eye" in message and "80 mm" in message
    assert message.count(". ") == 0 and message.endswith(".")


@pytest.mark.parametrize("text", ["10x500 binoculars", "0.5 mm refractor", "5000 mm Newton"])
def test_implausible_sizes_are_rejected(text: str) -> None:
    with pytest.raises(InputError):
        parse_equipment(text)


def test_tool_returns_the_model_with_its_alias() -> None:
    result = classify_equipment("10-Zoll-Dobson")
    assert result.status is Status.OK
    equipment = result.data["equipment"]
    assert equipment == {
        "class": "large_telescope",
        "aperture_mm": 254.0,
        "label": "10-inch Dobsonian (254 mm)",
        "limiting_magnitude": 14.5,
        "title": {"key": "instruments.telescope_inches", "params": {
            "inches": 10.0, "kind": {"key": "instruments.kind_dobsonian", "params": {}}, "mm": 254.0}},
    }
    json.dumps(result.data)
    assert Equipment.model_validate(json.loads(json.dumps(result.data["equipment"]))).said.render("de") == (
        "10-Zoll-Dobson (254 mm)")


@pytest.mark.parametrize(("text", "german", "english"), [
    ("bloßes Auge", "bloßes Auge", "naked eye"),
    ("Fernglas", "Fernglas 10x50 (Größe nicht angegeben)", "10x50 binoculars (size not given)"),
    ("7,5x42 binoculars", "Fernglas 7,5x42", "7.5x42 binoculars"),
    ("8 inch Newtonian", "8-Zoll-Newton (203 mm)", "8-inch Newtonian (203 mm)"),
    ("80 mm Refraktor", "80-mm-Refraktor", "80 mm refractor"),
    ("C9.25", "Celestron C9.25 Schmidt-Cassegrain (235 mm)", "Celestron C9.25 Schmidt-Cassegrain (235 mm)"),
    ("Seestar S50", "Smart-Teleskop Seestar S50 (50 mm)", "Seestar S50 smart telescope (50 mm)"),
    ("kleiner Refraktor", "Refraktor (Größe nicht angegeben, etwa 80 mm angenommen)",
     "refractor (size not given, about 80 mm assumed)"),
])
def test_the_instrument_is_said_in_the_conversations_language(text: str, german: str, english: str) -> None:
    said = parse_equipment(text).said
    assert (said.render("de"), said.render("en")) == (german, english)


def test_an_instrument_stored_before_titles_is_said_by_its_label() -> None:
    old = Equipment.model_validate({"class": "binoculars", "aperture_mm": 50, "label": "10x50 binoculars",
                                    "limiting_magnitude": 11.0})
    assert old.said.render("de") == "10x50 binoculars"


def test_tool_asks_when_unclear() -> None:
    result = classify_equipment("Teleskop")
    assert result.status is Status.NEEDS_INPUT
    assert "aperture" in result.message
    assert result.data is None


@pytest.mark.parametrize(
    "text", ["-5 inch refractor", "Dobson -200", "-200mm Dobson", "−8\" SCT", "-10x50 Fernglas",
             "0 mm refractor", "0 Zoll Dobson", "0,0 inch"],
)
def test_negative_or_zero_apertures_are_refused(text: str) -> None:
    with pytest.raises(InputError, match="must be larger than zero"):
        parse_equipment(text)


@pytest.mark.parametrize("text", ["Dobson - 10 Zoll", "10-Zoll-Dobson", "ED-80"])
def test_a_dash_between_words_is_no_minus_sign(text: str) -> None:
    assert parse_equipment(text).aperture_mm > 0


def test_a_long_phrase_is_quoted_back_briefly() -> None:
    result = classify_equipment("blorp " * 20_000)
    assert result.status is Status.NEEDS_INPUT
    assert "blorp blorp" in result.message and "…" in result.message
    assert len(result.message) < 600


@pytest.mark.parametrize(("text", "imperial"), [
    ("10-Zoll-Dobson", "10-inch Dobsonian"),
    ("Newton 150/750", "150 mm (5.9 in) Newtonian"),
    ("C8", "Celestron C8 Schmidt-Cassegrain (8.0 in)"),
    ("10x50", "10x50 binoculars"),
    ("bloßes Auge", "naked eye"),
])
def test_the_label_in_the_users_units(text: str, imperial: str) -> None:
    label = parse_equipment(text).label
    assert label_in(label, "metric") == label
    assert label_in(label, "imperial") == imperial
