"""Find the instrument in a message: "10-Zoll-Dobson", "8\\" SCT", "10x50 Fernglas", "bloßem Auge".

An instrument word (Dobson, Fernglas, refractor, C8, 10x50…) anchors the span, which grows over
neighbouring size words (numbers, mm, Zoll, inch, 150/750, brand names). The planning package's
:func:`parse_equipment` decides how much of it is the instrument. A telescope named without its
aperture ("mein Teleskop") is still returned: the ``classify_equipment`` tool asks for it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from singularity.errors import InputError
from singularity.planning.equipment import parse_equipment, size_assumed
from singularity.understanding.tokens import Token, covered, span_text

_TELESCOPE = re.compile(
    r".*(?:dobson|teleskop|telescope|fernrohr|refra[kc]tor|reflektor|reflector|newton|maksutov"
    r"|cassegrain).*|sct|mak|scope|apo|ed\d{2,3}|dobs?"
)
_SIZE = re.compile(
    r"\d{1,2}(?:[.,]\d)?(?:-?zoll|-?inch|-?zöller|-?zoeller|\"|″|'')|\d{2,4}/\d{3,5}"
    r"|(?:drei|vier|fünf|fuenf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwoelf|vierzehn|sechzehn)"
    r"z(?:ö|oe)ller"
)
"""An aperture alone ("my 8 inch", "ein 12-Zöller") names a telescope."""
_SIZE_UNITS = {"zoll", "inch", "inches", "zöller", "zoeller"}
_ANCHOR = re.compile(
    r".*(?:fernglas|feldstecher|binocular|prismenglas).*|binos?|c(?:5|6|8|9[.,]25|11|14)"
    r"|seestar|s50|s30|vespera|\d{1,2}(?:[.,]\d)?[x×]\d{2,3}"
)
_PART = re.compile(
    r"[-−–]?\d+(?:[.,]\d+)?(?:mm|cm|er|\"|''|″|-?zoll|-?inch|-?zöller|-?zoeller|-?zöllig(?:er|es|en)?)?"
    r"|mm|cm|millimetern?|zentimetern?|zoll|zöller|zoeller|inch|inches|\"|x|×|\d{2,4}/\d{3,5}"
    r"|f/\d+(?:[.,]\d+)?|ed|apo"
    r"|celestron|sky-?watcher|bresser|meade|vixen|takahashi|omegon|explore|scientific|zwo"
    r"|dwarf|unistellar|evscope|ts-optics|s50|s30"
    r"|small|little|tiny|klein(?:e[nmrs]?)?|big|large|huge|gro(?:ss|ß)(?:e[nmrs]?)?"
)
_NAKED_EYE = (
    re.compile(r"\b(?:blo(?:ß|ss)e[nms]?|freie[nms]?)\s+augen?\b"),
    re.compile(r"\bnaked[\s-]*eyes?\b|\bunaided(?:\s+eyes?)?\b|\bjust\s+(?:my\s+)?eyes\b"
               r"|\bwith\s+(?:just\s+)?(?:my|our)\s+(?:own\s+)?eyes\b|\beyes\s+only\b"
               r"|\bnur\s+(?:mit\s+)?(?:den|die|meinen|meine)\s+augen\b|\bmit\s+(?:den|meinen)\s+augen\b"),
    re.compile(
        r"\b(?:ohne|keine?n?)\s+(?:instrument|optik|hilfsmittel|teleskop|fernglas|feldstecher)\b"
        r"|\bno\s+(?:instrument|optics|telescope|binoculars)\b"
    ),
)
_MAX_PART_WORDS = 3


def find_equipment(
    text: str, tokens: Sequence[Token], taken: set[int]
) -> tuple[str, set[int]] | None:
    """The first instrument phrase and its tokens, or ``None``."""
    lowered = text.lower()
    for pattern in _NAKED_EYE:
        for match in pattern.finditer(lowered):
            indices = covered(tokens, match.start(), match.end())
            if indices and not taken.intersection(indices):
                return span_text(text, tokens, indices[0], indices[-1]), set(indices)
    vague: tuple[str, set[int]] | None = None
    for anchor, token in enumerate(tokens):
        if anchor in taken:
            continue
        telescope = bool(_TELESCOPE.fullmatch(token.word))
        if telescope or _ANCHOR.fullmatch(token.word):
            found = _grown(text, tokens, taken, anchor, telescope=telescope)
            if found is not None and _sized(found[0]):
                return found
            vague = vague or found  # "das Fernglas …, ein 8x42": the size may follow
    if vague is not None:
        return vague
    for anchor, token in enumerate(tokens):
        following = tokens[anchor + 1].word if anchor + 1 < len(tokens) else ""
        sized = _SIZE.fullmatch(token.word) or (token.word.isdigit() and following in _SIZE_UNITS)
        if anchor not in taken and sized:
            found = _grown(text, tokens, taken, anchor, telescope=False)
            if found is not None:
                return found
    return None


def _sized(phrase: str) -> bool:
    """Whether the instrument phrase says its size (the planner need not assume one)."""
    try:
        return not size_assumed(parse_equipment(phrase))
    except InputError:
        return False


def is_instrument_word(word: str) -> bool:
    """Whether one folded word names an instrument ("Dobson", "10x50", "C8", "S50")."""
    return bool(_TELESCOPE.fullmatch(word) or _ANCHOR.fullmatch(word))


def _grown(
    text: str, tokens: Sequence[Token], taken: set[int], anchor: int, *, telescope: bool
) -> tuple[str, set[int]] | None:
    first = last = anchor
    while (
        first > 0
        and anchor - first < _MAX_PART_WORDS
        and _part(tokens, first - 1, taken)
        and not tokens[first - 1].ends_clause
    ):
        first -= 1
    while last + 1 < len(tokens) and last - anchor < _MAX_PART_WORDS:
        if _part(tokens, last + 1, taken) and (
                not tokens[last].ends_clause or _aperture_follows(tokens, last + 1)):
            last += 1
        elif (tokens[last + 1].word in _APERTURE_LEAD and not tokens[last].ends_clause
              and last + 2 < len(tokens) and _aperture_follows(tokens, last + 2)):
            last += 2  # "Teleskop mit 70 Millimetern"
        else:
            break
    spans = sorted(
        ((a, b) for a in range(first, anchor + 1) for b in range(anchor, last + 1)),
        key=lambda span: span[0] - span[1],
    )
    for a, b in spans:
        try:
            parse_equipment(span_text(text, tokens, a, b))
        except InputError:
            continue
        return span_text(text, tokens, a, b), set(range(a, b + 1))
    if telescope:  # named without its aperture: the tool will ask for it
        return span_text(text, tokens, first, last), set(range(first, last + 1))
    return None


_APERTURE_LEAD = {"mit", "with", "of", "von"}
_UNITS = {"mm", "cm", "millimeter", "millimetern", "millimetres", "millimeters", "zentimeter",
          "zentimetern", "zoll", "inch", "inches"}


def _aperture_follows(tokens: Sequence[Token], i: int) -> bool:
    """ "Dobson, 200 mm Öffnung", "Teleskop mit 70 Millimetern": an aperture after a comma or a
    "mit"/"with" still belongs to the instrument."""
    if tokens[i - 1].ends_sentence or not re.fullmatch(r"\d+(?:[.,]\d+)?(?:mm|cm)?", tokens[i].word):
        return False
    return tokens[i].word.endswith(("mm", "cm")) or (i + 1 < len(tokens) and tokens[i + 1].word in _UNITS)


def _part(tokens: Sequence[Token], i: int, taken: set[int]) -> bool:
    word = tokens[i].word
    return i not in taken and bool(_PART.fullmatch(word) or is_instrument_word(word))
