"""What the offline pilot passes to open_in_stellarium, and how it routes, in German and English."""

from __future__ import annotations

import pytest

from singularity.llm.pilot.policies import Turn
from singularity.llm.pilot.stellarium import _target
from singularity.understanding.intent import classify_intent


@pytest.mark.parametrize(("message", "target"), [
    ("Öffne das erste Ziel in Stellarium", "1"), ("Open the first target in Stellarium", "1"),
    ("Öffne das letzte Ziel in Stellarium", "last"), ("Zeig mir M42 in Stellarium", "M42"),
    ("Show me the Orion Nebula in Stellarium", "Orion Nebula"),
    ("Zeig mir den Schleiernebel in Stellarium", "den Schleiernebel"),
    ("Kannst du mir bitte Albireo in Stellarium zeigen?", "Albireo"),
    ("Öffne Betelgeuse in Stellarium", "Betelgeuse"), ("Öffne es in Stellarium", "M31"),
    ("Zeig mir Stellarium", None),
])
def test_target_from_the_message(message: str, target: str | None) -> None:
    assert _target(Turn(user_text=message, state={"last_discussed_object": "M31"})) == target


@pytest.mark.parametrize("message", [
    "Öffne das erste Ziel in Stellarium", "Zeig mir M42 in Stellarium",
    "Show me Jupiter in Stellarium", "Open M31", "Take a screenshot in Stellarium",
])
def test_routed_to_stellarium(message: str) -> None:
    assert classify_intent(message, has_plan=True).kind == "stellarium"
