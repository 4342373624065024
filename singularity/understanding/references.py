"""Which target a message points at: "das erste Ziel", "#2", "M 31", "den Orionnebel", "es".

The plan in the workflow state lists targets in order; follow-ups name them by position, by
catalogue number or common name, or by pronoun. The caller maps an index to the plan's rows
(1-based, -1 the last, -2 the one before) and a pronoun to the object discussed last.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, model_validator

from singularity.understanding.tokens import Token, tokenize

_ORDINAL_STEMS = {
    "erst": 1, "zweit": 2, "dritt": 3, "viert": 4, "fünft": 5, "fuenft": 5, "sechst": 6,
    "siebt": 7, "siebent": 7, "acht": 8, "neunt": 9, "zehnt": 10, "letzt": -1, "vorletzt": -2,
}  # fmt: skip
_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "last": -1, "penultimate": -2, "top": 1,
}  # fmt: skip
_GERMAN_ORDINAL = re.compile(
    "(" + "|".join(sorted(_ORDINAL_STEMS, key=len, reverse=True)) + r")(?:e|en|er|es|em)"
)
_NUMERIC_ORDINAL = re.compile(r"(\d{1,2})(?:st|nd|rd|th|\.)")
_TARGET_NOUNS = {
    "ziel", "ziele", "zieles", "objekt", "objekts", "objektes", "target", "object", "one",
    "eintrag", "entry", "item", "vorschlag", "suggestion", "kandidat", "kandidaten",
    "candidate", "punkt",
}  # fmt: skip
_LEADERS = {
    "der", "die", "das", "den", "dem", "des", "the", "am", "im", "zum", "beim", "vom", "ans",
    "aufs", "fürs", "fuers", "mein", "my",
}  # fmt: skip
_NUMBERED = re.compile(
    r"(?:\b(?:nummer|number|nr\.?|no\.)\s*|#\s*|\b(?:ziel|objekt|target|object|eintrag|entry)"
    r"\s+(?:nr\.?\s*|nummer\s+|number\s+|#)?)(\d{1,2})\b(?!\s*(?:uhr|h\b|stunden|hours|mm|zoll))",
    re.IGNORECASE,
)
_MESSIER = re.compile(r"(?<![\w'’])(?:[Mm]|Messier)\s?-?(\d{1,3})\b(?![.,]\d)")
_NGC_IC = re.compile(r"\b(NGC|IC)\s?-?(\d{1,4})\b", re.IGNORECASE)
_COMMON_NAMES = re.compile(
    r"\b(?:(?-i:ISS)|Merkur|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptun|Neptune|Pluto|Mond|Moon"
    r"|Sonne|Sun|Andromeda(?:-?[Gg]alaxie|-?[Nn]ebel)|Orion-?[Nn]ebel|Ring-?[Nn]ebel"
    r"|Hantel-?[Nn]ebel|Krebs-?[Nn]ebel|Lagunen-?[Nn]ebel|Adler-?[Nn]ebel|Omega-?[Nn]ebel"
    r"|Trifid-?[Nn]ebel|Nordamerika-?[Nn]ebel|Eulen-?[Nn]ebel|Katzenaugen-?[Nn]ebel"
    r"|Whirlpool-?[Gg]alaxie|Sombrero-?[Gg]alaxie|Dreiecks-?[Gg]alaxie|Zigarren-?[Gg]alaxie"
    r"|Feuerrad-?[Gg]alaxie|Bodes?-?[Gg]alaxie|Herkules-?[Hh]aufen|Doppelsternhaufen"
    r"|Plejaden|Pleiades|Siebengestirn|Hyaden|Hyades|Praesepe|Krippe|Beehive(?:\s+Cluster)?"
    r"|Polarstern|Polaris|Sirius|Wega|Vega|Beteigeuze|Betelgeuse|Rigel|Albireo|Mizar|Deneb"
    r"|Altair|Atair|Arktur|Arcturus|Aldebaran|Antares|Kapella|Capella|Spica|Regulus"
    r"|Milchstra(?:ß|ss)e)\b",
    re.IGNORECASE,
)
_ENGLISH_NAMED = re.compile(r"\b(?:The\s+)?((?:[A-Z][\w'’-]+\s+){1,3}(?:Nebula|Galaxy|Cluster))\b")
_PRONOUN = re.compile(
    r"\b(?:es|it|ihn|this\s+one|that\s+one|(?:dieses|das|jenes)\s+(?:objekt|ziel)"
    r"|(?:this|that)\s+(?:object|target))\b",
    re.IGNORECASE,
)
_NAMED_OBJECT = re.compile(
    r"\b(?:das|dieses|den|dem|the|this|that)\s+(?:objekt|object|ziel|target|stern|star|galaxie"
    r"|galaxy|nebel|nebula)\s+(?P<name>(?-i:[A-Z0-9][\w+.-]*(?:\s+[A-Z0-9][\w+.-]*)?))",
    re.IGNORECASE,
)
"""'das Objekt Xyzzy-42': the words after the noun are its name, not a pronoun for the last one."""
_NOT_PRONOUN = re.compile(r"\bgibt\s+es\b|\bes\s+gibt\b|\bgeht\s+es\b|\bes\s+geht\b", re.IGNORECASE)


class TargetRef(BaseModel):
    """Exactly one of: a position in the plan, an object name, or a pronoun."""

    index: int | None = None
    """1-based position in the plan; -1 is the last, -2 the one before."""
    name: str | None = None
    pronoun: bool = False

    @model_validator(mode="after")
    def _exactly_one(self) -> TargetRef:
        if sum((self.index is not None, self.name is not None, self.pronoun)) != 1:
            raise ValueError("a target reference is an index, a name or a pronoun")
        return self


def target_reference(text: str) -> TargetRef | None:
    """The target ``text`` refers to, or ``None``; positions win over names over pronouns."""
    index = _position(text)
    if index is not None:
        return TargetRef(index=index)
    name = object_name(text)
    if name is not None:
        return TargetRef(name=name)
    named = _NAMED_OBJECT.search(text)
    if named is not None:
        return TargetRef(name=named["name"].rstrip(".,;:!?"))
    if _PRONOUN.search(_NOT_PRONOUN.sub(" ", text)):
        return TargetRef(pronoun=True)
    return None


def object_name(text: str) -> str | None:
    """The first object named by catalogue number or common name, lightly normalised."""
    found: list[tuple[int, str]] = []
    for match in _MESSIER.finditer(text):
        if 1 <= int(match[1]) <= 110:
            found.append((match.start(), f"M{int(match[1])}"))
    for match in _NGC_IC.finditer(text):
        found.append((match.start(), f"{match[1].upper()} {int(match[2])}"))
    for match in _COMMON_NAMES.finditer(text):
        name = match.group()
        found.append((match.start(), name[:1].upper() + name[1:]))
    for match in _ENGLISH_NAMED.finditer(text):
        found.append((match.start(), match[1]))
    return min(found)[1] if found else None


_NUMBER_WORDS = {
    "eins": 1, "one": 1, "zwei": 2, "two": 2, "drei": 3, "three": 3, "vier": 4, "four": 4,
    "fünf": 5, "fuenf": 5, "five": 5, "sechs": 6, "six": 6, "sieben": 7, "seven": 7, "acht": 8,
    "eight": 8, "neun": 9, "nine": 9, "zehn": 10, "ten": 10,
}  # fmt: skip
_NUMBERED_WORD = re.compile(
    r"\b(?:nummer|number|nr\.?|no\.)\s*(" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)


def _position(text: str) -> int | None:
    numbered = _NUMBERED.search(text)
    if numbered and int(numbered[1]) >= 1:
        return int(numbered[1])
    spelled = _NUMBERED_WORD.search(text)
    if spelled:
        return _NUMBER_WORDS[spelled[1].lower()]
    tokens = tokenize(text)
    for i, token in enumerate(tokens):
        value = _ordinal_value(token)
        if value is None:
            continue
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if following is not None and following.word in _TARGET_NOUNS:
            return value
        if token.text.isdigit():  # "das 3. Ziel" only with its noun
            continue
        led = i > 0 and tokens[i - 1].word in _LEADERS
        bare = following is None or (
            not following.capitalised and following.word in _AFTER_BARE_ORDINAL
        )
        if len(tokens) == 1 or (led and bare):
            return value
    return None


def _ordinal_value(token: Token) -> int | None:
    german = _GERMAN_ORDINAL.fullmatch(token.word)
    if german:
        return _ORDINAL_STEMS[german[1]]
    if token.word in _ORDINAL_WORDS:
        return _ORDINAL_WORDS[token.word]
    numeric = _NUMERIC_ORDINAL.fullmatch(token.text)
    if numeric is None and token.text.isdigit() and token.trail.startswith("."):
        numeric = re.fullmatch(r"(\d{1,2})", token.text)  # the tokenizer split off the period
    return int(numeric[1]) if numeric and int(numeric[1]) >= 1 else None


_AFTER_BARE_ORDINAL = {
    "in", "an", "auf", "im", "bitte", "please", "on", "at", "with", "mit", "aus", "zeigen",
    "öffnen", "oeffnen", "ansehen", "genauer", "more", "again", "nochmal", "noch", "and", "und",
    "for", "für", "fuer", "is", "ist", "war", "was", "sein", "be",
}  # fmt: skip
"""Words that may follow an ordinal standing alone ("öffne den ersten in Stellarium")."""
