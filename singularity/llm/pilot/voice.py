"""A persona's voice around the pilot's composed answers, never inside them (D25).

The policies say what kind of text they composed (an answer, a greeting, a refusal, "I don't
know", a question, a relayed tool sentence); the persona adds its lines around it: a greeting
line before a greeting, connecting phrases before an answer's later paragraphs, a closing
line, its own "I don't know", a line of character after a refusal. The composed paragraphs
stay word for word, so numbers, names and citations are exactly what the tools gave. Questions
and relayed tool sentences stay plain: a question must be clear to answer, and a tool's
sentence is the honest record of what happened.
"""

from __future__ import annotations

from itertools import cycle
from typing import Literal

from singularity.personas import Voice

Kind = Literal["answer", "greeting", "farewell", "refusal", "unknown", "question", "relay"]

_UNJOINABLE = ("-", "*", "|", "#", ">", "(", "!", "[")
"""A paragraph starting like this is a list, table, heading or image: no phrase before it."""


def dress(text: str, kind: Kind, voice: Voice | None) -> str:
    """``text`` in the persona's voice; unchanged without a voice or for questions and relays."""
    if voice is None or not text.strip() or kind in ("question", "relay"):
        return text
    if kind == "greeting":
        return _join(voice.greeting, text)
    if kind == "farewell":
        return _join(text, voice.closing)
    if kind == "refusal":
        return f"{text} {voice.refusal}".rstrip()
    body = _connected(text, voice.connectors)
    if kind == "unknown":
        body = _join(voice.unknown, body)
    return _join(body, voice.closing)


def _connected(text: str, connectors: tuple[str, ...]) -> str:
    """The paragraphs after the first, each led by the next connecting phrase (lists, tables
    and the like keep their form)."""
    first, *rest = text.split("\n\n")
    phrases = cycle(connectors) if connectors else None
    led = [f"{next(phrases)} {p}" if phrases and _joinable(p) else p for p in rest]
    return "\n\n".join([first, *led])


def _joinable(paragraph: str) -> bool:
    start = paragraph.lstrip()
    return bool(start) and not start.startswith(_UNJOINABLE) and not start[0].isdigit()


def _join(*parts: str) -> str:
    return "\n\n".join(part for part in parts if part)
