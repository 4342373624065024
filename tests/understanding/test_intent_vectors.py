"""The intent examples' vectors ship for the current examples, so no start has to embed them."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from singularity import vectorfile
from singularity.knowledge.embeddings import BUNDLED_MODEL_NAME
from singularity.understanding.meaning import (
    DATA_FOLDER,
    cached_space,
    shipped_examples,
    vectors_file_name,
)


def test_the_shipped_intent_vectors_belong_to_the_current_examples() -> None:
    name = vectors_file_name(shipped_examples(), BUNDLED_MODEL_NAME)
    assert sorted(p.name for p in DATA_FOLDER.glob("intent-vectors-*")) == [name], (
        "The intent examples changed: delete the old intent-vectors file, write the new one with "
        "cached_space(..., folders=[DATA_FOLDER]) and the bundled embedder, and commit it.")
    assert vectorfile.load(DATA_FOLDER / name).embedder == BUNDLED_MODEL_NAME


def test_vectors_missing_everywhere_are_embedded_once_and_written_to_the_last_folder(
    tmp_path: Path,
) -> None:
    examples = {"greeting": ["Hallo", "Hello"], "weather": ["Wird es klar?"]}
    calls: list[list[str]] = []

    def embed(texts: list[str]) -> np.ndarray:
        calls.append(list(texts))
        return np.eye(len(texts), 4, dtype=np.float32)

    first = cached_space(examples, embed, embedder_name="fake", folders=[DATA_FOLDER, tmp_path])
    second = cached_space(examples, embed, embedder_name="fake", folders=[DATA_FOLDER, tmp_path])
    assert calls == [["Hallo", "Hello", "Wird es klar?"]]
    assert (tmp_path / vectors_file_name(examples, "fake")).is_file()
    assert np.array_equal(first.vectors, second.vectors)
    assert second.scores(np.array([1, 0, 0, 0], dtype=np.float32))["greeting"] > 0
