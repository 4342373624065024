"""The pilot's own sentences: what it asks for, how it greets and declines, in the user's language.

The texts are the catalogue's ``pilot.*`` entries (``singularity/catalogue/pilot.yaml``); German
texts use du and „…“ quotes, English texts “…”. Each question offers examples that
the planning tools understand, so that copying one always works.
"""

from __future__ import annotations

import re

from singularity.catalogue import Language, say

SLOTS = ("location", "time", "equipment", "duration", "preferences")
"""The planning values the pilot can ask for (``pilot.ask_<slot>`` in the catalogue)."""


def plan_acknowledged(language: Language) -> str:
    """A yes after a finished plan: nothing to compute, say what can come next."""
    return say("pilot.plan_acknowledged", language)


def plan_declined(language: Language) -> str:
    return say("pilot.plan_declined", language)


def ask_for(slot: str, language: Language) -> str:
    """The one question for a missing planning slot (location, time, equipment, duration,
    preferences), with examples the tools understand."""
    if slot not in SLOTS:
        raise ValueError(f"no question for the slot {slot!r}; known: {', '.join(SLOTS)}")
    return say(f"pilot.ask_{slot}", language)


def off_topic_reply(language: Language) -> str:
    """A short, polite refusal that says what Singularity does."""
    return say("pilot.off_topic", language)


def greeting_reply(language: Language, *, farewell: bool = False) -> str:
    """Hello, and what one can ask, with an example that works as typed; or, to thanks and
    goodbyes, a farewell."""
    return say("pilot.farewell" if farewell else "pilot.greeting", language)


def weather_question(summary: str, language: Language) -> str:
    """Ask whether to compute the plan despite the forecast ``summary``.

    A question already at the end of ``summary`` (the weather tool adds its own, in English) is
    dropped, so that the user is asked once, in their language.
    """
    sentences = re.split(r"(?<=[.!?])\s+", " ".join(summary.split()))
    while sentences and sentences[-1].endswith("?"):
        sentences.pop()
    text = " ".join(sentences)
    lead, ask = say("pilot.weather_lead", language), say("pilot.weather_ask", language)
    if not text:
        return f"{lead.rstrip(':')}. {ask}"
    if text[-1] not in ".!":
        text += "."
    return f"{lead} {text} {ask}"
