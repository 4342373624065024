"""Extractive answers for the offline mode: the sentences of the retrieved passages that best
answer the question, quoted whole with their citation marker.

The texts are English and questions may be German, so question words are widened by a small
bilingual list of what is asked for ("wie warm" → temperature); a question about a
quantity prefers sentences with numbers, a "what is" question sentences that define. Nothing is paraphrased: every sentence shown stands
in a cited passage.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from singularity.knowledge.sentences import split_sentences
from singularity.knowledge.vectors import stem, stems, tokens

ASPECTS: dict[str, tuple[str, ...]] = {
    "warm": ("temperature", "hot", "cold", "degrees", "heat"), "kalt": ("temperature", "cold", "degrees"),
    "heiss": ("temperature", "hot", "hottest", "degrees"), "hot": ("temperature", "degrees", "hottest"),
    "cold": ("temperature", "degrees", "coldest"), "temperatur": ("temperature", "degrees"),
    "gross": ("diameter", "size", "large", "radius", "across", "wide"), "big": ("diameter", "size", "radius"),
    "large": ("diameter", "size", "radius"), "grosse": ("diameter", "size", "radius", "across"),
    "weit": ("distance", "light", "years", "away", "far", "km"), "entfernt": ("distance", "light", "away"),
    "entfernung": ("distance", "light", "away"), "far": ("distance", "light", "away"),
    "hell": ("magnitude", "bright", "brightness"), "helligkeit": ("magnitude", "brightness"),
    "bright": ("magnitude", "brightness"), "alt": ("age", "old", "billion", "years"),
    "alter": ("age", "old", "billion"), "old": ("age", "billion", "years"),
    "schwer": ("mass", "heavy"), "masse": ("mass",), "monde": ("moons", "moon", "satellites"),
    "mond": ("moon",), "ringe": ("rings", "ring"), "entsteht": ("form", "forms", "formation", "formed"),
    "entstehen": ("form", "formation", "formed"), "entstanden": ("formed", "formation"),
    "form": ("formation", "formed", "forms"), "atmosphare": ("atmosphere", "air", "gas"),
    "tag": ("day", "rotation", "rotates"), "jahr": ("year", "orbit", "orbits"),
    "sehen": ("see", "visible", "seen", "observe"), "sichtbar": ("visible", "see", "naked"),
    "beobachten": ("observe", "observing", "see"), "wann": ("best", "season", "month", "evening"),
    "when": ("best", "season", "month"), "warum": ("because", "why", "reason"), "why": ("because", "reason"),
    "funktioniert": ("works", "work", "uses"), "entdeckt": ("discovered", "discovery"),
    "stern": ("star",), "sterne": ("stars",), "galaxie": ("galaxy",), "galaxien": ("galaxies",),
    "schwarzes": ("black",), "loch": ("hole",), "licht": ("light",), "sonne": ("sun",), "erde": ("earth",),
}
_QUANTITY = {"warm", "kalt", "heiss", "hot", "cold", "temperatur", "gross", "big", "large", "weit",
             "entfernt", "far", "hell", "bright", "alt", "alter", "old", "schwer", "masse", "wie", "how",
             "viele", "many", "much", "lang", "long"}
_STOP = {"was", "ist", "ein", "eine", "der", "die", "das", "den", "dem", "des", "wie", "und", "oder",
         "auf", "von", "im", "in", "es", "the", "a", "an", "is", "are", "what", "how", "of", "on",
         "and", "or", "to", "do", "does", "it", "its", "there", "dort", "gibt", "sind", "mir", "erklare",
         "explain", "tell", "me", "about", "uber", "welche", "which", "can", "kann", "man", "you"}
MAX_SENTENCES = 4
_DEFINITION_QUESTION = re.compile(r"^\s*(?:was\s+(?:ist|sind)|what\s+(?:is|are)|what's|erkl(?:ä|ae)re|explain"
                                  r"|define|definiere)\b", re.IGNORECASE)
_DEFINITION = re.compile(r"\b(?:is|are)\s+(?:a|an|the)\b|\b(?:is|are)\s+\w+\s+(?:that|which)\b")


@dataclass(frozen=True)
class Quote:
    text: str
    marker: str
    title: str


def question_terms(question: str) -> dict[str, float]:
    """The words a good sentence shares with the question, with weights: what is asked for
    (widened by ``ASPECTS``) counts double, because the topic's name is in every sentence."""
    words = set(tokens(question)) - _STOP
    weights = dict.fromkeys(map(stem, words), 1.0)
    for word in words:
        if word in ASPECTS:
            weights[stem(word)] = 2.0
            weights.update(dict.fromkeys(map(stem, ASPECTS[word]), 2.0))
    return weights


def best_quotes(question: str, passages: Sequence[Mapping[str, Any]], *, limit: int = MAX_SENTENCES) -> list[Quote]:
    """The sentences that answer ``question`` best, best first, at most two per source."""
    terms = question_terms(question)
    quantity = bool(set(tokens(question)) & _QUANTITY) and not _DEFINITION_QUESTION.match(question)
    definition = bool(_DEFINITION_QUESTION.match(question))
    scored: list[tuple[float, int, int, Quote]] = []
    for rank, passage in enumerate(passages):
        for position, sentence in enumerate(split_sentences(_body(passage.get("text", "")))):
            words = stems(sentence)
            score = sum(terms[word] for word in words & terms.keys())
            score += 0.5 if quantity and any(c.isdigit() for c in sentence) else 0.0
            score += 1.5 if definition and words & terms.keys() and _DEFINITION.search(sentence) else 0.0
            score -= 0.15 * rank + 0.02 * position
            if len(sentence) < 25:
                continue
            scored.append((score, rank, position, Quote(sentence, passage.get("marker", ""), passage.get("title", ""))))
    scored.sort(key=lambda item: (-item[0], item[1], item[2]))
    chosen: list[Quote] = []
    per_marker: dict[str, int] = {}
    for _, _, _, quote in scored:
        if per_marker.get(quote.marker, 0) >= 2 or any(q.text == quote.text for q in chosen):
            continue
        per_marker[quote.marker] = per_marker.get(quote.marker, 0) + 1
        chosen.append(quote)
        if len(chosen) == limit:
            break
    return chosen


def _body(text: str) -> str:
    """A chunk's text without the "<title> — <section>" line it starts with and the "## …"
    headings of the short sections merged into it."""
    first, _, rest = text.partition("\n")
    lines = [line for line in (rest or first).splitlines() if not line.startswith("## ")]
    return " ".join(" ".join(lines).split())
