"""The one spelling-independent key for names of sky objects and knowledge-base titles.

"M 31", "m31", "Messier 31" and "M031" are one object; "NGC 0224" is "NGC 224"; "the Orion
Nebula", "Orion-Nebula" and "orion nebula" are one title. The title filter of the knowledge
base, the Stellarium catalogue and plan follow-ups compare names by this key. Places have their
own normaliser (``planning.gazetteer.normalize_name``: "St." is "Sankt" there).
"""

from __future__ import annotations

import re
import unicodedata

_LEADING_ARTICLES = {"the", "der", "die", "das", "den", "dem", "des"}
_WORD = re.compile(r"[^\W_]+")
_NUMBER = re.compile(r"\d+")
_DESIGNATION = re.compile(r"(messier|m|ngc|ic)(\d+)")


def name_key(text: str) -> str:
    """Case, diacritics, spaces, punctuation, a leading article and leading zeros of numbers do
    not matter, and "Messier" is "M"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    words = _WORD.findall("".join(ch for ch in decomposed if not unicodedata.combining(ch)))
    if len(words) > 1 and words[0] in _LEADING_ARTICLES:
        words = words[1:]
    key = "".join(_NUMBER.sub(lambda m: str(int(m.group())), word) for word in words)
    designation = _DESIGNATION.fullmatch(key)
    if designation:
        return f"{'m' if designation[1] == 'messier' else designation[1]}{designation[2]}"
    return key
