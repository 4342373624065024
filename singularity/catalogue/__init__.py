"""The one message catalogue: every sentence code composes for a person, in German and English.

docs/architecture.md: one conversation, one language. Code that cannot know the conversation's language
(a planning tool, a weather client) says *what* happened as a :class:`Message` — a key and its
parameters; whoever talks to the user renders it in the conversation's language. Entries live
in the YAML files beside this module, one file per area (``honesty.yaml``, ``planning.yaml``,
…), keys prefixed by the file's name: ``planning.place_unknown``. Every entry has ``de`` and
``en``; a test checks that, and that both use the same parameters.

Numbers are said the way the language writes them: a number among the parameters is formatted
by :func:`number` with the entry's format spec (``{magnitude:.1f}``), so German reads "2,5" and
"1.234,5" where English reads "2.5" and "1,234.5". Code that writes a number for a person
outside a catalogue sentence (a table cell) calls :func:`number` too.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any, Literal

from pydantic import BaseModel, Field

from singularity.yamldata import load_yaml

Language = Literal["de", "en"]
LANGUAGES: tuple[Language, ...] = ("de", "en")
FOLDER = Path(__file__).parent


class Message(BaseModel):
    """A sentence for a person, not yet in a language: a catalogue key and its parameters."""

    key: str
    params: dict[str, Message | str | int | float | bool | None] = Field(default_factory=dict)
    """Values to fill in; a Message among them (a failure's reason) is said in the same
    language, and survives a JSON round trip (a message kept in the workflow's store)."""

    def render(self, language: Language) -> str:
        return say(self.key, language, **self.params)


def msg(key: str, **params: Any) -> Message:
    """A message for ``key``; the key must exist (a typo fails at once, not in front of a user)."""
    if key not in catalogue():
        raise KeyError(f"no message {key!r} in the catalogue")
    return Message(key=key, params=params)


def say(key: str, language: Language, **params: Any) -> str:
    """The catalogue's sentence for ``key`` in ``language``, with ``params`` filled in; a
    parameter that is itself a :class:`Message` (a failure's reason inside a tool's sentence)
    is said in the same language, a number is written the language's way (:func:`number`)."""
    said = {name: value.render(language) if isinstance(value, Message) else value
            for name, value in params.items()}
    return _Formatter(language).format(catalogue()[key][language], **said)


_MARKS: Mapping[Language, Mapping[int, str]] = {
    "de": str.maketrans({".": ",", ",": "."}),
    "en": {},
}
"""Decimal and thousands marks as Python writes them ("1,234.5") turned into the language's:
German writes "1.234,5" (Duden, "Zahlen und Ziffern"), English keeps Python's."""


def number(value: float, language: Language, spec: str = "") -> str:
    """``value`` formatted by ``spec`` (Python's format mini-language: ".1f", ",.0f", "g") with
    the decimal and thousands marks of ``language``: 2.5 → "2,5" in German."""
    return format(value, spec).translate(_MARKS[language])


def language_of_tag(tag: str | None) -> Language:
    """The language a locale or browser tag asks for ("de_CH.UTF-8", "de-CH" → German; any
    other, or none, → English): the words a person reads before their own messages show one."""
    return "de" if (tag or "").lower().startswith("de") else "en"


def locale_language(environ: Mapping[str, str]) -> Language:
    """The language of the POSIX locale: the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
    that is set decides, as it does for every other program's messages."""
    tag = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), None)
    return language_of_tag(tag)


def in_languages(texts: Mapping[Language, str]) -> Message:
    """Text that exists in each language already (a place's name with its country said in
    German or English) as a message, so it travels inside other messages like a sentence."""
    return msg("common.in_language", **{language: texts[language] for language in LANGUAGES})


class _Formatter(Formatter):
    """``str.format`` that writes numbers with the language's marks and knows ``!c``."""

    def __init__(self, language: Language) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return number(value, self.language, format_spec)
        return super().format_field(value, format_spec)

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        """``{name!c}``: the text with its first letter capitalised (a sentence that begins with
        a part said elsewhere in mid-sentence)."""
        if conversion == "c":
            text = str(value)
            return text[:1].upper() + text[1:]
        return super().convert_field(value, conversion)


@cache
def catalogue() -> Mapping[str, Mapping[Language, str]]:
    """Every entry of every file, read once per process."""
    entries: dict[str, Mapping[Language, str]] = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        for name, texts in (load_yaml(path.read_text(encoding="utf-8")) or {}).items():
            entries[f"{path.stem}.{name}"] = texts
    return entries


def parameters(text: str) -> set[str]:
    """The ``{names}`` a catalogue text fills in."""
    return {field for _, field, _, _ in Formatter().parse(text) if field}


def chained(items: list[Message], key: str) -> Message:
    """Several messages joined by ``key``'s ``{first}…{rest}`` entry, without a closing "and"
    ("a, b, c" with ``common.series``; "a; b; c" with ``time.notes``)."""
    if len(items) == 1:
        return items[0]
    return msg(key, first=items[0], rest=chained(items[1:], key))


def listing(items: list[Message]) -> Message:
    """Several messages as one: "a, b and c" / "a, b und c"."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return msg("common.pair", first=items[0], second=items[1])
    return msg("common.series", first=items[0], rest=listing(items[1:]))
