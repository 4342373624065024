"""The pilot's own sentences: what it asks for, how it greets and declines, in the user's language.

German texts use du and „…“ quotes; English texts use “…”. Each question offers examples that
the planning tools understand, so that copying one always works.
"""

from __future__ import annotations

import re

from singularity.understanding.language import Language

_QUESTIONS: dict[str, dict[Language, str]] = {
    "location": {
        "de": "Wo möchtest du beobachten? Ein Ort oder Koordinaten, z. B. „Kreuzlingen“ oder "
        "„47.65, 9.17“.",
        "en": "Where will you observe? A place or coordinates, e.g. “Kreuzlingen” or "
        "“47.65, 9.17”.",
    },
    "time": {
        "de": "Wann möchtest du beobachten? Z. B. „heute Abend“, „morgen um 22 Uhr“ oder "
        "„Samstag 21:30“.",
        "en": "When will you observe? E.g. “tonight”, “tomorrow at 10 pm” or “Saturday 21:30”.",
    },
    "equipment": {
        "de": "Womit beobachtest du? Z. B. „bloßes Auge“, „10x50 Fernglas“ oder „8-Zoll-Dobson“.",
        "en": "What will you observe with? E.g. “naked eye”, “10x50 binoculars” or "
        "“8-inch Dobsonian”.",
    },
    "duration": {
        "de": "Wie lange möchtest du beobachten? Z. B. „zwei Stunden“ oder „90 Minuten“.",
        "en": "How long will you observe? E.g. “two hours” or “90 minutes”.",
    },
    "preferences": {
        "de": "Was möchtest du am liebsten sehen? Z. B. „Galaxien“, „Nebel und Sternhaufen“ "
        "oder „Planeten“ – oder „egal“.",
        "en": "What would you most like to see? E.g. “galaxies”, “nebulae and clusters” or "
        "“planets” – or “any”.",
    },
}
_OFF_TOPIC: dict[Language, str] = {
    "de": "Dabei kann ich leider nicht helfen. Ich bin Singularity, ein Astronomie-Assistent: "
    "Ich beantworte Fragen zum Himmel, plane deine Beobachtungsnacht und zeige Objekte in "
    "Stellarium.",
    "en": "Sorry, I can't help with that. I'm Singularity, an astronomy assistant: I answer "
    "questions about the sky, plan your observing night and show objects in Stellarium.",
}
_GREETING: dict[Language, str] = {
    "de": "Hallo! Ich bin Singularity, dein Astronomie-Assistent. Frag mich etwas über den "
    "Himmel, lass dir eine Beobachtungsnacht planen – z. B. „Plane mir morgen Abend in "
    "Kreuzlingen zwei Stunden mit einem 10x50 Fernglas“ – oder öffne ein Objekt in Stellarium.",
    "en": "Hello! I'm Singularity, your astronomy assistant. Ask me about the sky, let me plan "
    "an observing night – e.g. “Plan tomorrow evening in Kreuzlingen for two hours with 10x50 "
    "binoculars” – or open an object in Stellarium.",
}
_FAREWELL: dict[Language, str] = {
    "de": "Gern geschehen! Klaren Himmel – frag mich jederzeit, wenn du wieder etwas planen "
    "oder wissen möchtest.",
    "en": "You're welcome! Clear skies – ask me any time you want to plan a night or know "
    "something about the sky.",
}
_WEATHER_LEAD: dict[Language, str] = {
    "de": "Die Wettervorhersage ist ungünstig:",
    "en": "The forecast is poor:",
}
_WEATHER_ASK: dict[Language, str] = {
    "de": "Soll ich den Plan trotzdem berechnen?",
    "en": "Shall I compute the plan anyway?",
}


_PLAN_ACKNOWLEDGED: dict[Language, str] = {
    "de": "Gern – der Plan steht so. Soll ich ein Ziel in Stellarium öffnen (z. B. „Öffne das "
    "erste Ziel in Stellarium“) oder dir mehr über eines erzählen?",
    "en": "Great – the plan stands. Shall I open a target in Stellarium (e.g. “open the first "
    "target in Stellarium”) or tell you more about one?",
}
_PLAN_DECLINED: dict[Language, str] = {
    "de": "Alles klar, dann berechne ich keinen Plan.",
    "en": "All right, I won't compute a plan.",
}


def plan_acknowledged(language: Language) -> str:
    """A yes after a finished plan: nothing to compute, say what can come next."""
    return _PLAN_ACKNOWLEDGED[language]


def plan_declined(language: Language) -> str:
    return _PLAN_DECLINED[language]


def ask_for(slot: str, language: Language) -> str:
    """The one question for a missing planning slot (location, time, equipment, duration,
    preferences), with examples the tools understand."""
    if slot not in _QUESTIONS:
        raise ValueError(f"no question for the slot {slot!r}; known: {', '.join(_QUESTIONS)}")
    return _QUESTIONS[slot][language]


def off_topic_reply(language: Language) -> str:
    """A short, polite refusal that says what Singularity does."""
    return _OFF_TOPIC[language]


def greeting_reply(language: Language, *, farewell: bool = False) -> str:
    """Hello, and what one can ask, with an example that works as typed; or, to thanks and
    goodbyes, a farewell."""
    return _FAREWELL[language] if farewell else _GREETING[language]


def weather_question(summary: str, language: Language) -> str:
    """Ask whether to compute the plan despite the forecast ``summary``.

    A question already at the end of ``summary`` (the weather tool adds its own, in English) is
    dropped, so that the user is asked once, in their language.
    """
    sentences = re.split(r"(?<=[.!?])\s+", " ".join(summary.split()))
    while sentences and sentences[-1].endswith("?"):
        sentences.pop()
    text = " ".join(sentences)
    if not text:
        return f"{_WEATHER_LEAD[language].rstrip(':')}. {_WEATHER_ASK[language]}"
    if text[-1] not in ".!":
        text += "."
    return f"{_WEATHER_LEAD[language]} {text} {_WEATHER_ASK[language]}"
