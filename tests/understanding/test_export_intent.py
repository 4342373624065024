"""Requests to take the plan away, as files or into Stellarium, in German and English."""

from __future__ import annotations

import pytest

from singularity.understanding.intent import classify_intent

EXPORTS = [
    "Exportiere den Plan",
    "Exportier mir bitte die Liste",
    "Kann ich den Plan herunterladen?",
    "Gib mir den Plan als PDF",
    "Ich hätte die Ziele gern als CSV",
    "Speichere den Plan als Datei",
    "Druck mir den Plan aus",
    "Ich möchte die Liste ausdrucken",
    "Lade die Liste in Stellarium",
    "Übertrage den Plan nach Stellarium",
    "Schick die Beobachtungsliste an mein Stellarium",
    "Export the plan",
    "Please export this list",
    "Can I download the plan?",
    "Give me the targets as a spreadsheet",
    "I'd like a printable version of the plan",
    "Save the plan as a file",
    "load the list into Stellarium",
    "Send my plan to Stellarium please",
    "Put the observing list into Stellarium",
]
NOT_EXPORTS = [
    ("Öffne das erste Ziel in Stellarium", "stellarium"),
    ("Zeig mir M42 in Stellarium", "stellarium"),
    ("Öffne das dritte Objekt der Liste in Stellarium", "stellarium"),
    ("Can you put together an observing list for tonight? Location Tucson, 12 inch Dobsonian.",
     "planning"),
    ("Make me an observing list for Saturday.", "planning"),
    ("Zeig mir Bilder vom Orionnebel", "images"),
]


@pytest.mark.parametrize("text", EXPORTS)
def test_export_requests_are_understood(text: str) -> None:
    assert classify_intent(text, has_plan=True).kind == "export"
    assert classify_intent(text).kind == "export"  # without a plan the tool says so


@pytest.mark.parametrize(("text", "kind"), NOT_EXPORTS)
def test_other_requests_that_name_lists_or_stellarium_are_not_exports(text: str, kind: str) -> None:
    assert classify_intent(text, has_plan=True).kind == kind
