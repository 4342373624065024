"""Follow-up questions made standalone by rule, for the offline mode and as the LLM rewriter's
safety net: "Wie warm ist es dort?" after Mars becomes "Wie warm ist es auf dem Mars?".

A vector search cannot resolve "dort" or "it"; the last discussed object can. A question that
already names a topic stays as it is.
"""

from __future__ import annotations

import re

from singularity.knowledge.titles import TitleIndex
from singularity.naming import name_key
from singularity.understanding.lexicon import POINTING_ARTICLE, WHICH_SUPERLATIVE

_PLACE_WORDS = {"dort", "da", "dorthin", "there"}
_PRONOUNS = {"er", "sie", "es", "ihn", "ihm", "it", "they", "them", "this", "that", "dieser",
             "diese", "dieses", "diesem", "diesen"}
_POSSESSIVES = {"sein", "seine", "seinen", "seinem", "seiner", "seines", "ihre", "ihren", "ihrem",
                "ihrer", "its", "their", "dessen", "deren", "davon", "darüber"}
_EXPLETIVE_IT = re.compile(r"\b(gibt es|es gibt|there is|there are)\b", re.IGNORECASE)
"""'es'/'it' that point at nothing; "ist es"/"is it" only do so next to "dort"/"there"."""
_ELLIPSIS = re.compile(r"^\s*(und|and|what about|how about|und was ist mit|und wie ist es mit)\b",
                       re.IGNORECASE)

_GERMAN_ON = {  # "on <body>" in German, dative with the body's article
    "mars": "auf dem Mars", "merkur": "auf dem Merkur", "mercury": "auf dem Merkur",
    "jupiter": "auf dem Jupiter", "saturn": "auf dem Saturn", "uranus": "auf dem Uranus",
    "neptun": "auf dem Neptun", "neptune": "auf dem Neptun", "mond": "auf dem Mond",
    "moon": "auf dem Mond", "pluto": "auf dem Pluto", "venus": "auf der Venus", "erde": "auf der Erde",
    "earth": "auf der Erde", "sonne": "auf der Sonne", "sun": "auf der Sonne",
}
_GERMAN_SUBJECT = {
    "mars": "der Mars", "merkur": "der Merkur", "jupiter": "der Jupiter", "saturn": "der Saturn",
    "uranus": "der Uranus", "neptun": "der Neptun", "mond": "der Mond", "pluto": "der Pluto",
    "venus": "die Venus", "erde": "die Erde", "sonne": "die Sonne",
}
_ENGLISH_ON = {"mars", "mercury", "jupiter", "saturn", "uranus", "neptune", "venus", "pluto", "earth"}
_ENGLISH_THE = {"moon": "the Moon", "sun": "the Sun", "mond": "the Moon", "sonne": "the Sun"}


def needs_context(question: str, titles: TitleIndex) -> bool:
    """Whether ``question`` points back ("dort", "it", "und Jupiter?", "Welcher ist der hellste?")
    instead of naming its topic."""
    words = set(_words(question))
    if _ELLIPSIS.match(question) and len(_words(question)) <= 5:
        return True
    if titles.find_in(question):
        return False
    pronouns = words & _PRONOUNS
    if pronouns <= {"es", "it"} and _EXPLETIVE_IT.search(question):
        pronouns = set()
    return bool(words & _PLACE_WORDS or pronouns or words & _POSSESSIVES or POINTING_ARTICLE.search(question)
                or WHICH_SUPERLATIVE.search(question.lower()))


def rewrite_by_rule(question: str, *, last_object: str | None, previous_question: str | None = None,
                    titles: TitleIndex, language: str = "en") -> str:
    """``question`` made standalone from the last discussed object; unchanged when it already
    is, or when there is nothing to resolve it with."""
    if not needs_context(question, titles):
        return question
    named = titles.find_in(question)
    if named and previous_question and _ELLIPSIS.match(question):
        earlier = titles.find_in(previous_question)
        if earlier:
            return _replace_name(previous_question, earlier[0].name, named[0].name, language)
    if not last_object:
        return question
    return _insert_object(question, last_object, language)


def _words(text: str) -> list[str]:
    return re.findall(r"[\wäöüÄÖÜß]+", text.casefold())


def _replace_name(question: str, old: str, new: str, language: str) -> str:
    """The previous question asked again about ``new`` ("und Jupiter?")."""
    key = name_key(new)
    replacement = (_GERMAN_ON.get(key) if language == "de" else None)
    for phrase in ([_GERMAN_ON.get(name_key(old))] if language == "de" else []):
        if phrase and replacement and phrase in question:
            return question.replace(phrase, replacement)
    return re.sub(re.escape(old), new, question, count=1, flags=re.IGNORECASE)


def _insert_object(question: str, name: str, language: str) -> str:
    key = name_key(name)
    place = (_GERMAN_ON.get(key, f"bei {name}") if language == "de"
             else f"on {name}" if key in _ENGLISH_ON else f"on {_ENGLISH_THE[key]}" if key in _ENGLISH_THE
             else f"in {name}")
    for word in _PLACE_WORDS:
        pattern = re.compile(rf"\b{word}\b", re.IGNORECASE)
        if pattern.search(question):
            return pattern.sub(place, question, count=1)
    subject = (_GERMAN_SUBJECT.get(key, name) if language == "de" else _ENGLISH_THE.get(key, name))
    for word in sorted(_PRONOUNS, key=len, reverse=True):
        pattern = re.compile(rf"\b{word}\b", re.IGNORECASE)
        if pattern.search(question) and not (word in {"es", "it"} and _EXPLETIVE_IT.search(question)):
            return pattern.sub(subject, question, count=1)
    if POINTING_ARTICLE.search(question):
        return POINTING_ARTICLE.sub(subject, question, count=1)
    stripped = question.rstrip(" ?.!")
    return f"{stripped} ({name}){question[len(stripped):]}"
