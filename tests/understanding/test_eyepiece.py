"""Eyepiece questions and tour steps understood in German and English, and routed to the
StellariumAgent; the pilot's call for each."""

from __future__ import annotations

import pytest

from singularity.llm.pilot.policies import Turn
from singularity.llm.pilot.stellarium import stellarium
from singularity.understanding.eyepiece import (
    asks_eyepiece_view,
    eyepiece_phrase,
    telescope_phrase,
    tour_step,
)
from singularity.understanding.intent import classify_intent

EYEPIECE_QUESTIONS = [
    "Wie sieht M51 in meinem 10-Zoll-Dobson mit dem 25-mm-Okular aus?",
    "How does M13 look in my 8 inch SCT with a 25mm eyepiece?",
    "Was sehe ich von M31 mit meinem Nagler 13 im Newton 200/1000?",
    "Passt der Orionnebel mit dem Panoptic 24 ins Gesichtsfeld?",
    "What will I see of the Ring Nebula through a 9 mm eyepiece?",
    "Und M57 mit dem 13er Hyperion?",
    "Wie sieht der Mond im Okular aus?",
]


@pytest.mark.parametrize("message", EYEPIECE_QUESTIONS)
def test_eyepiece_questions_go_to_stellarium(message: str) -> None:
    assert asks_eyepiece_view(message)
    assert classify_intent(message).kind == "stellarium"
    assert classify_intent(message, has_plan=True).kind == "stellarium"


@pytest.mark.parametrize("message", [
    "Was ist ein Okular?", "What is an eyepiece?", "Wie entsteht ein Gesichtsfeld?",
    "Was kann ich heute mit meinem 10-Zoll-Dobson sehen?", "Ich habe ein 150/750 Newton",
    "What can I see tonight with my 8 inch and a 25mm eyepiece?",
    "Was kann ich heute Nacht mit dem Nagler 13 sehen?",
    "Welche Vergrößerung hat ein 25-mm-Okular an einem 1200-mm-Teleskop?",
])
def test_not_eyepiece_questions(message: str) -> None:
    assert not asks_eyepiece_view(message)
    assert classify_intent(message).kind != "stellarium"


@pytest.mark.parametrize("message", [
    "Führe mich durch den Plan", "Take me through the plan", "Walk me through tonight's plan",
    "Kannst du mich bitte durch meinen Beobachtungsplan führen?", "Zeig mir die Ziele nacheinander",
    "Show me the targets one by one", "Let's go through the list", "Tour durch den Plan, bitte",
    "Guide us through the observing plan with my Nagler 13",
])
def test_the_tour_starts(message: str) -> None:
    assert tour_step(message) == "start"
    assert classify_intent(message, has_plan=True).kind == "stellarium"


@pytest.mark.parametrize(("message", "step"), [
    ("weiter", "next"), ("Weiter!", "next"), ("nächstes", "next"), ("Und das nächste?", "next"),
    ("next", "next"), ("Next one, please", None), ("ok, next", "next"), ("go on", "next"),
    ("zurück", "back"), ("eins zurück", "back"), ("das vorige", "back"), ("back", "back"),
    ("previous", "back"), ("Führung beenden", "stop"), ("stop the tour", "stop"), ("genug", "stop"),
])
def test_steps_while_touring(message: str, step: str | None) -> None:
    expected = step if message != "Next one, please" else "next"
    assert tour_step(message, touring=True) == expected
    assert classify_intent(message, has_plan=True, touring=True).kind == "stellarium"


@pytest.mark.parametrize("message", ["weiter", "next", "zurück", "back"])
def test_steps_mean_nothing_without_a_tour(message: str) -> None:
    assert tour_step(message) is None
    assert classify_intent(message, has_plan=True).kind != "stellarium"


def test_long_messages_do_not_step() -> None:
    assert tour_step("weiter so, wie hell ist eigentlich der Andromedanebel heute Nacht?", touring=True) is None


@pytest.mark.parametrize(("message", "telescope", "eyepiece"), [
    ("Wie sieht M51 in meinem 10-Zoll-Dobson mit dem 25-mm-Okular aus?", "10-Zoll-Dobson", "25 mm"),
    ("What will I see of M42 with a Panoptic 24 in my 10-inch Dobsonian, f/4.7?",
     "10-inch Dobsonian, f/4.7", "Tele Vue Panoptic 24 mm"),
    ("M13 with my Nagler 13", "", "Tele Vue Nagler 13 mm"),
    ("ein 20-mm-Okular mit 68° an meinem Newton 150/750", "Newton 150/750", "20 mm, 68°"),
])
def test_what_the_pilot_passes(message: str, telescope: str, eyepiece: str) -> None:
    assert telescope_phrase(message) == telescope
    assert eyepiece_phrase(message) == eyepiece


def _call(message: str, state: dict | None = None) -> tuple[str, dict]:
    reply = stellarium(Turn(user_text=message, state=state or {"last_discussed_object": "M31"}))
    (block,) = [b for b in reply.blocks if hasattr(b, "tool_name")]
    return block.tool_name, dict(block.tool_kwargs)


def test_the_pilot_calls_the_eyepiece_tool() -> None:
    assert _call("Wie sieht M51 in meinem 10-Zoll-Dobson mit dem 25-mm-Okular aus?") == (
        "show_eyepiece_view", {"target": "M51", "telescope": "10-Zoll-Dobson", "eyepiece": "25 mm"})
    assert _call("Und mit dem Nagler 13?")[0] == "show_eyepiece_view"
    assert _call("Wie sieht es im Okular mit 9 mm aus?")[1]["target"] == "M31"


def test_the_pilot_steps_the_tour() -> None:
    assert _call("Führe mich durch den Plan mit dem Nagler 13") == (
        "tour_plan", {"step": "start", "eyepiece": "Tele Vue Nagler 13 mm"})
    touring = {"tour": {"position": 2, "count": 5}}
    assert _call("weiter", touring) == ("tour_plan", {"step": "next"})
    assert _call("zurück", touring) == ("tour_plan", {"step": "back"})
