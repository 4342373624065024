"""References to a plan's targets: by position, by name, or by pronoun."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from singularity.understanding.references import TargetRef, target_reference


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("das erste Ziel", 1),
        ("ersten", 1),
        ("zweites Objekt", 2),
        ("Nummer 3", 3),
        ("Nr. 4", 4),
        ("#2", 2),
        ("Ziel 2", 2),
        ("das 3. Ziel", 3),
        ("the first target", 1),
        ("the third one", 3),
        ("the 2nd object", 2),
        ("den letzten", -1),
        ("the last one", -1),
        ("das vorletzte Objekt", -2),
        ("Was ist das Besondere am ersten Ziel?", 1),
        ("Tell me more about the second target", 2),
        ("Öffne den ersten in Stellarium", 1),
        ("Öffne das erste Ziel in Stellarium", 1),
        ("Wann steht das dritte Objekt am höchsten?", 3),
    ],
)
def test_positions(text: str, index: int) -> None:
    assert target_reference(text) == TargetRef(index=index)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("M42", "M42"),
        ("M 31", "M31"),
        ("Messier 13", "M13"),
        ("Zeig mir M42 in Stellarium", "M42"),
        ("NGC 7000", "NGC 7000"),
        ("ngc7000", "NGC 7000"),
        ("IC 434", "IC 434"),
        ("Andromedagalaxie", "Andromedagalaxie"),
        ("Jupiter", "Jupiter"),
        ("Show Jupiter in Stellarium", "Jupiter"),
        ("den Orionnebel", "Orionnebel"),
        ("the Orion Nebula", "Orion Nebula"),
        ("show the moon", "Moon"),
        ("Wie hell ist Sirius?", "Sirius"),
        ("Wo steht die ISS?", "ISS"),
    ],
)
def test_names(text: str, name: str) -> None:
    assert target_reference(text) == TargetRef(name=name)


@pytest.mark.parametrize(
    "text", ["es", "it", "Öffne es in Stellarium", "Wie warm ist es dort?", "Open it", "that one"]
)
def test_pronouns(text: str) -> None:
    assert target_reference(text) == TargetRef(pronoun=True)


@pytest.mark.parametrize(
    "text",
    [
        "am ersten Tag",
        "zum ersten Mal",
        "the first time",
        "Gibt es Polarlichter?",
        "um 22 Uhr",
        "80 mm Refraktor",
        "I'm 31",
        "Iss dein Gemüse",
        "Hallo",
    ],
)
def test_no_reference(text: str) -> None:
    assert target_reference(text) is None


def test_position_wins_over_name_and_name_over_pronoun() -> None:
    assert target_reference("Ist das erste Ziel M31?") == TargetRef(index=1)
    assert target_reference("Is it M31?") == TargetRef(name="M31")


def test_a_reference_is_exactly_one_thing() -> None:
    with pytest.raises(ValidationError):
        TargetRef()
    with pytest.raises(ValidationError):
        TargetRef(index=1, name="M31")
