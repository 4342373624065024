"""Find the observing time and the duration in a message.

Candidate spans come from a German/English time vocabulary; the planning package's own parsers
(:func:`parse_when`, :func:`read_duration`) then decide which candidate is a phrase the
``resolve_time`` tool will understand. A time phrase is checked against a fixed reference
moment and place: only whether it parses matters here, not where it lands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime

from singularity.errors import InputError
from singularity.planning.models import Location
from singularity.planning.timephrases import parse_when
from singularity.planning.timephrases.durations import read_duration
from singularity.understanding.tokens import Token, indices_matching, span_text

_REFERENCE_NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
_REFERENCE_PLACE = Location(
    name="reference", lat=47.0, lon=8.0, timezone="UTC", source="coordinates"
)

_DAY_AND_PART_WORDS = {
    "heute", "morgen", "übermorgen", "uebermorgen", "gestern", "vorgestern", "tonight", "today",
    "tomorrow", "tmrw", "yesterday", "jetzt", "now", "sofort", "abend", "abends", "nacht",
    "nachts", "evening", "night", "früh", "frueh", "morgens", "morning", "vormittag",
    "vormittags", "nachmittag", "nachmittags", "afternoon", "mitternacht", "midnight",
    "wochenende", "weekend",
}  # fmt: skip
_WEEKDAY = re.compile(
    r"(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday)s?(?:abends?|nachts?)?"
)
_MONTH = re.compile(
    r"(?:januar|jänner|jaenner|january|jan|februar|february|feb|märz|maerz|march|mär|mar|april"
    r"|apr|mai|may|juni|june|jun|juli|july|jul|august|aug|september|sept|sep|oktober|october|okt"
    r"|oct|november|nov|dezember|december|dez|dec)\.?"
)
_CLOCK = re.compile(
    r"(?:[01]?\d|2[0-4])[:.][0-5]\d(?:uhr|h|am|pm|a\.m\.|p\.m\.)?"
    r"|(?:1[0-2]|0?\d)(?:am|pm|a\.m\.|p\.m\.)|(?:[01]?\d|2[0-4])h(?:[0-5]\d)?"
)
_DATE = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:t\d{1,2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})?)?|\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})?"
)
_DAY_NUMBER = re.compile(r"\d{1,2}(?:\.|st|nd|rd|th)?|\d{4}")
_HOUR = re.compile(r"[01]?\d|2[0-4]")
_AFTER_HOUR = {"uhr", "pm", "am", "a.m.", "p.m.", "o'clock", "oclock", "h"}
_BEFORE_HOUR = {
    "um", "at", "ab", "gegen", "around", "from", "von", "bis", "to", "until", "till",
    "zwischen", "between", "-", "–",
}  # fmt: skip
_KEEP_AT_START = {
    "um", "at", "ab", "gegen", "around", "from", "von", "vom", "zwischen", "between", "am",
    "on", "this", "diese", "diesen", "dieser", "dieses", "next", "nächste", "nächsten",
    "nächster", "nächstes", "naechste", "naechsten", "kommende", "kommenden", "kommender",
    "kommendes", "coming", "upcoming", "übers", "uebers",
}  # fmt: skip
_CONNECTORS = _KEEP_AT_START | {
    "bis", "to", "until", "till", "the", "der", "auf", "zum", "of", "-", "–", "uhr",
}  # fmt: skip
_PHRASES = (
    re.compile(
        r"\bnach\s+sonnenuntergang\b|\bafter\s+(?:sunset|dark)\b|\bbei\s+dunkelheit\b"
        r"|\bwhen\s+it(?:'s|\s+is)\s+dark\b|\bwenn\s+es\s+dunkel\s+ist\b|\bright\s+now\b"
        r"|\bday\s+after\s+tomorrow\b|\blast\s+night\b"
    ),
    re.compile(
        r"\bin\s+(?:\d{1,3}|eine[mr]?|einem|one|an?|zwei|two|drei|three|vier|four|fünf|five)\s+"
        r"(?:tagen?|days?|wochen?|weeks?|stunden?|hours?|minuten|minutes)\b"
    ),
)
_NO_TIME = (
    re.compile(r"\bguten\s+(?:morgen|abend|tag)\b|\bgood\s+(?:morning|evening|night|afternoon)\b"),
    re.compile(r"\bgute\s+nacht\b"),
    re.compile(r"\bnight[\s-]+sk(?:y|ies)\b|\bnight[\s-]+side\b"),
)
"""Greetings and "the night sky" (the sky as such, "Artificial Night Sky Brightness"): no observing time."""

_DURATION_UNIT = re.compile(
    r"(?:\d+(?:[.,]\d+)?)?(?:stunden?|std|hours?|hrs?|minuten?|minutes?|mins?"
    r"|viertelstunde|halbestunde)"
)
_BARE_H = re.compile(r"(\d+(?:[.,]\d+)?)\s*h(?:([0-5]\d))?\b")
_DIGIT_H = re.compile(r"\dh")
_MAX_BARE_H_HOURS = 8.0
""""2h" is a duration, "22h" a clock time: a bare "h" counts as hours only up to this."""
_DURATION_PREFIXES = {"für", "fuer", "for"}
_MAX_DURATION_WORDS = 6


def blocked_times(text: str, tokens: Sequence[Token]) -> set[int]:
    """Tokens of "Guten Morgen", "good evening", "the night sky"…, which name no observing time."""
    return indices_matching(text, tokens, _NO_TIME)


# --------------------------------------------------------------------------- duration


def find_duration(
    text: str, tokens: Sequence[Token], taken: set[int], *, bare_number: bool = False
) -> tuple[str, set[int]] | None:
    """The first duration ("zwei Stunden", "for 3 hours", "90 Minuten") and its tokens.

    A number without a unit counts only when ``bare_number`` is set (the pilot asked how long).
    "in zwei Stunden" is a start time, not a duration, and is left to :func:`find_when`. A
    duration out of range ("30 Stunden", "0 Minuten") is returned too, so that the tool says
    what is wrong with it instead of the default duration silently standing in for it.
    """
    words = [token.word for token in tokens]
    ends = [token.ends_sentence for token in tokens]
    may_have_unit = [  # a unit word, or the "h" of "2h" or "2 h" (what _has_unit looks for)
        bool(_DURATION_UNIT.fullmatch(word) or _DIGIT_H.search(word))
        or (word[:1] == "h" and i > 0 and words[i - 1][-1:].isdigit())
        for i, word in enumerate(words)
    ]
    for first in range(len(tokens)):
        if first in taken or (first > 0 and words[first - 1] in {"in", "within", "innerhalb"}):
            continue
        reach = first  # one past the last token a window from ``first`` may take
        while (reach < len(tokens) and reach - first < _MAX_DURATION_WORDS and reach not in taken
               and (reach == first or not ends[reach - 1])):
            reach += 1
        for last in range(reach - 1, first - 1, -1):
            window = words[first : last + 1]
            if not bare_number and not (
                any(may_have_unit[first : last + 1])
                and _has_unit(window, prefixed=window[0] in _DURATION_PREFIXES)
            ):
                continue
            phrase = span_text(text, tokens, first, last)
            try:
                if read_duration(phrase) is None:
                    continue
            except InputError:
                pass  # a duration out of range ("30 Stunden"): the tool says what is wrong
            start = first + 1 if window[0] in _DURATION_PREFIXES and last > first else first
            return span_text(text, tokens, start, last), set(range(first, last + 1))
    return None


def _has_unit(words: list[str], *, prefixed: bool) -> bool:
    if any(_DURATION_UNIT.fullmatch(w) for w in words):
        return True
    joined = " ".join(words)
    bare = _BARE_H.search(joined)
    if bare is None:
        return False
    hours = float(bare[1].replace(",", ".")) + (int(bare[2]) / 60 if bare[2] else 0.0)
    return prefixed or hours <= _MAX_BARE_H_HOURS


# --------------------------------------------------------------------------- start time


def find_when(text: str, tokens: Sequence[Token], taken: set[int]) -> tuple[str, set[int]] | None:
    """The observing time: runs of time words, joined when they belong to one phrase.

    "morgen Abend in Kreuzlingen um 22 Uhr" gives "morgen Abend um 22 Uhr". A run that
    :func:`parse_when` rejects is still returned when nothing better exists, so that the
    ``resolve_time`` tool can ask about it in its own words.
    """
    phrases = indices_matching(text, tokens, _PHRASES) - taken
    core = {i for i in range(len(tokens)) if i not in taken and _is_core(tokens, i, phrases)}
    runs = _runs(tokens, core, taken)
    if not runs:
        return None
    candidates: list[list[tuple[int, int]]] = []
    if len(runs) > 1:
        candidates.append(runs)
    candidates.extend([run] for run in sorted(runs, key=lambda r: r[0] - r[1]))  # longest first
    for chosen in candidates:
        phrase = " ".join(span_text(text, tokens, a, b) for a, b in chosen)
        if parses_as_time(phrase):
            return phrase, {i for a, b in chosen for i in range(a, b + 1)}
    first, last = max(runs, key=lambda r: r[1] - r[0])
    return span_text(text, tokens, first, last), set(range(first, last + 1))


def parses_as_time(phrase: str) -> bool:
    """Whether ``resolve_time`` would read ``phrase`` as a start (wherever and whenever)."""
    try:
        parse_when(phrase, now=_REFERENCE_NOW, location=_REFERENCE_PLACE)
    except InputError:
        return False
    return True


def _is_core(tokens: Sequence[Token], i: int, phrases: set[int]) -> bool:
    word = tokens[i].word
    before = tokens[i - 1].word if i > 0 else ""
    after = tokens[i + 1].word if i + 1 < len(tokens) else ""
    if i in phrases or word in _DAY_AND_PART_WORDS:
        return True
    if _WEEKDAY.fullmatch(word) or _CLOCK.fullmatch(word) or _DATE.fullmatch(word):
        return True
    if _MONTH.fullmatch(word):
        return bool(_DAY_NUMBER.fullmatch(before) or _DAY_NUMBER.fullmatch(after))
    if _DAY_NUMBER.fullmatch(word) and (_MONTH.fullmatch(before) or _MONTH.fullmatch(after)):
        return True
    if _HOUR.fullmatch(word):
        if after == "am" and _numbers_a_name(tokens, i):
            return before in _BEFORE_HOUR
        return after in _AFTER_HOUR or before in _BEFORE_HOUR
    if word in _AFTER_HOUR - {"h"}:
        return bool(_HOUR.fullmatch(before)) and not (word == "am" and _numbers_a_name(tokens, i - 1))
    return False


def _numbers_a_name(tokens: Sequence[Token], i: int) -> bool:
    """Whether the number at ``i`` is part of the capitalised name before it ("Mariner 10",
    "Apollo 11"): then a German "am" after it is a preposition ("Mariner 10 am Merkur"), not
    the English morning hour."""
    if i == 0:
        return False
    name = tokens[i - 1].word
    return tokens[i - 1].capitalised and not (
        name in _DAY_AND_PART_WORDS or _WEEKDAY.fullmatch(name) or _MONTH.fullmatch(name))


def _runs(tokens: Sequence[Token], core: set[int], taken: set[int]) -> list[tuple[int, int]]:
    """Maximal stretches of time words and connectors that hold at least one time word."""
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        if i not in core:
            i += 1
            continue
        first = last = i
        while (
            first > 0
            and _joins(tokens, first - 1, core, taken)
            and not tokens[first - 1].ends_clause
        ):
            first -= 1
        while last + 1 < len(tokens) and _joins(tokens, last + 1, core, taken):
            if tokens[last].ends_sentence or (tokens[last].ends_clause and last + 1 not in core):
                break
            last += 1
        while first < i and tokens[first].word not in _KEEP_AT_START:
            first += 1
        while last > i and last not in core:
            last -= 1
        runs.append((first, last))
        i = last + 1
    return runs


def _joins(tokens: Sequence[Token], i: int, core: set[int], taken: set[int]) -> bool:
    return i not in taken and (i in core or tokens[i].word in _CONNECTORS)
