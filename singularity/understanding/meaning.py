"""Routing by meaning: how close a message is to labelled example utterances of each intent,
and to the knowledge base's own passages, in the space of a sentence embedder.

Rules recognise the words they were written for; people use others. "What is the Chandrasekhar
limit?" has no word from any list, but its vector lies among the astronomy questions of
``data/intent_examples.yaml`` and close to a passage of the knowledge base. The embedder is
passed in (the knowledge base's own, so no second model is loaded), which keeps this module
free of any model, store or framework.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from singularity import vectorfile
from singularity.yamldata import load_yaml

DATA_FOLDER = Path(__file__).parent / "data"
EXAMPLES_FILE = DATA_FOLDER / "intent_examples.yaml"
"""Vectors of the examples made by the bundled embedder ship beside it (``DATA_FOLDER``)."""
NEAREST = 3
"""Examples per intent whose similarities are averaged: one stray example cannot decide."""

Embed = Callable[[Sequence[str]], np.ndarray]
"""L2-normalised rows, one per text, all embedded the same (query) way."""


@dataclass(frozen=True)
class Meaning:
    """What a message is closest to; every figure is a cosine similarity."""

    intents: Mapping[str, float]
    """Per intent: the mean similarity of its ``NEAREST`` closest examples."""
    knowledge: float | None = None
    """Similarity of the closest knowledge-base passage (None: the base could not be asked)."""
    names: tuple[str, ...] = ()
    """Names in the message that the knowledge base files articles under ("Charon", "Vesta",
    "Heinrich Olbers"): evidence of astronomy that no word list has to know."""
    translated_names: tuple[str, ...] = ()
    """Such names said in German, by the glossary the search widens German questions with
    ("die Lokale Gruppe" → "Local Group"); they are not in the message's own words."""

    @property
    def ranked(self) -> list[tuple[str, float]]:
        return sorted(self.intents.items(), key=lambda item: -item[1])

    @property
    def best(self) -> str:
        return self.ranked[0][0]

    def lead(self, intent: str, over: Sequence[str]) -> float:
        """How far ``intent`` scores above the best of ``over`` (negative: below)."""
        return self.intents.get(intent, 0.0) - max(self.intents.get(o, 0.0) for o in over)


def load_examples(path: Path = EXAMPLES_FILE) -> dict[str, list[str]]:
    """Intent → example utterances, German and English together."""
    raw = load_yaml(path.read_text(encoding="utf-8"))
    return {intent: [*(texts.get("de") or []), *(texts.get("en") or [])]
            for intent, texts in raw.items()}


class IntentSpace:
    """The embedded examples of every intent, scored against a message vector."""

    def __init__(self, labels: Sequence[str], vectors: np.ndarray) -> None:
        if len(labels) != len(vectors):
            raise ValueError("one label per example vector")
        self._labels = np.asarray(labels)
        self.vectors = np.asarray(vectors, dtype=np.float32)
        self.intents = tuple(dict.fromkeys(labels))

    @classmethod
    def build(cls, examples: Mapping[str, Sequence[str]], embed: Embed) -> IntentSpace:
        labels = [intent for intent, texts in examples.items() for _ in texts]
        texts = [text for texts in examples.values() for text in texts]
        return cls(labels, embed(texts))

    def scores(self, vector: np.ndarray) -> dict[str, float]:
        similarities = self.vectors @ np.asarray(vector, dtype=np.float32)
        result = {}
        for intent in self.intents:
            mine = np.sort(similarities[self._labels == intent])[-NEAREST:]
            result[intent] = float(mine.mean())
        return result


def vectors_file_name(examples: Mapping[str, Sequence[str]], embedder_name: str) -> str:
    """The :mod:`singularity.vectorfile` holding these examples' vectors by this embedder."""
    return vectorfile.file_name("intent-vectors", [text for texts in examples.values() for text in texts],
                                embedder_name)


def cached_space(examples: Mapping[str, Sequence[str]], embed: Embed, *, embedder_name: str,
                 folders: Sequence[Path]) -> IntentSpace:
    """The intent space, its vectors read from the first of ``folders`` that holds them for
    these examples and this embedder (a :mod:`singularity.vectorfile`), else embedded and
    written to the last folder (embedding ~600 examples takes seconds; reading them, a
    millisecond)."""
    labels = [intent for intent, texts in examples.items() for _ in texts]
    texts = [text for texts in examples.values() for text in texts]
    name = vectors_file_name(examples, embedder_name)
    path = vectorfile.find(folders, name)
    if path is not None:
        return IntentSpace(labels, vectorfile.load(path).vectors)
    space = IntentSpace.build(examples, embed)
    vectorfile.save(folders[-1] / name, texts, space.vectors, embedder=embedder_name,
                    dtype=np.float16)
    return space


@cache
def shipped_examples() -> dict[str, list[str]]:
    """The examples that ship with Singularity, read once per process."""
    return load_examples()
