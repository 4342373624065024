"""The offline pilot's sense of meaning, wired to the knowledge base's embedder and passages.

``singularity.understanding.meaning`` compares vectors; this module supplies them: the same
embedder that serves retrieval (no second model in memory) embeds the message once, scores it
against the labelled intent examples and asks the knowledge base how close its nearest
passage is. When the base or the embedder is unavailable the reader returns ``None`` and the
pilot decides by its rules alone.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from singularity.config import Settings
from singularity.errors import SingularityError
from singularity.knowledge.glossary import english_terms
from singularity.knowledge.retrieval import KnowledgeBase
from singularity.understanding.meaning import (
    DATA_FOLDER,
    IntentSpace,
    Meaning,
    cached_space,
    shipped_examples,
)
from singularity.understanding.tokens import without_possessive

log = logging.getLogger(__name__)

MeaningReader = Callable[[str], Meaning | None]
_SPACES: dict[str, IntentSpace] = {}
_SPACES_LOCK = threading.Lock()


def intent_space(settings: Settings, kb: KnowledgeBase) -> IntentSpace:
    """The examples embedded by the knowledge base's embedder, built once per process."""
    name = kb.embedder.name
    with _SPACES_LOCK:
        space = _SPACES.get(name)
        if space is None:
            space = _SPACES[name] = cached_space(
                shipped_examples(), lambda texts: _embed_queries(kb, texts), embedder_name=name,
                folders=(DATA_FOLDER, settings.data_dir / "cache"))
        return space


def _embed_queries(kb: KnowledgeBase, texts: list[str] | tuple[str, ...]) -> np.ndarray:
    return np.vstack([kb.embedder.embed_query(text) for text in texts])


def meaning_reader(settings: Settings, knowledge: Callable[[], KnowledgeBase]) -> MeaningReader:
    """``text → Meaning`` for one session, on the knowledge base it holds; each text is
    embedded once (the orchestrator and the specialist it hands to both read the same message)."""

    @lru_cache(maxsize=32)
    def read(text: str) -> Meaning | None:
        if not text.strip():
            return None
        try:
            kb = knowledge()
            space = intent_space(settings, kb)
            vector = kb.embedder.embed_query(text)
            closeness: float | None
            try:
                closeness = kb.closeness(vector)
            except SingularityError as exc:
                log.debug("No knowledge-base closeness for routing: %s", exc)
                closeness = None
            names = tuple(match.name for match in kb.titles.find_in(without_possessive(text.replace("-", " "))))
            terms = english_terms(text)
            translated = tuple(match.name for match in kb.titles.find_in("; ".join(terms))) if terms else ()
            return Meaning(intents=space.scores(vector), knowledge=closeness, names=names,
                           translated_names=tuple(name for name in translated if name not in names))
        except SingularityError as exc:
            log.debug("Routing by rules only: %s", exc)
            return None

    return read
