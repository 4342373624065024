"""German questions widened with English astronomy terms before the search.

The knowledge base is English; the bundled multilingual model maps most German questions to
the right passages but misses compounds such as "Sternschnuppe" or "Gezeiten", and the
lexical (sparse) half of the search cannot match German words in English text at all. Adding
the English terms of a small curated glossary fixes both without a translation model.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from singularity.knowledge.vectors import stems
from singularity.planning.constellations import CONSTELLATIONS
from singularity.yamldata import load_yaml

GLOSSARY_FILE = Path(__file__).resolve().parent / "data" / "glossary_de_en.yaml"


@lru_cache(maxsize=1)
def _glossary() -> dict[tuple[str, ...], str]:
    """The curated entries, then the German names of the constellations ("Schlangenträger" →
    Ophiuchus, "Zwillinge" → Gemini) from the one table the planner names them by."""
    entries = load_yaml(GLOSSARY_FILE.read_text(encoding="utf-8"))
    glossary = {tuple(stems(german)): english for german, english in entries.items()}
    for name, _, german in CONSTELLATIONS.values():
        if stems(german) != stems(name):
            glossary.setdefault(tuple(stems(german)), name)
    return glossary


def english_terms(question: str) -> list[str]:
    """The English terms of the German words and phrases in ``question``, in order, once each."""
    words = stems(question)
    found: dict[str, None] = {}
    for key, english in _glossary().items():
        size = len(key)
        if any(tuple(words[i:i + size]) == key for i in range(len(words) - size + 1)):
            found.setdefault(english, None)
    return list(found)


def expand(question: str) -> str:
    """``question`` followed by the English terms of its German words (unchanged without any)."""
    terms = english_terms(question)
    return f"{question} ({'; '.join(terms)})" if terms else question
