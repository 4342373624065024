"""Vector files: named by their texts and embedder, found again by text, written atomically."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from singularity import vectorfile

TEXTS = ["Andromeda is a spiral galaxy.", "Saturn has rings.", "Vega is a bright star."]


def rows(count: int, dimension: int = 4) -> np.ndarray:
    vectors = np.arange(1, count * dimension + 1, dtype=np.float32).reshape(count, dimension)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


class Recorder:
    """An embedder that notes what it was asked to embed."""

    def __init__(self) -> None:
        self.asked: list[list[str]] = []

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        self.asked.append(list(texts))
        return rows(len(texts)) * -1  # distinguishable from the stored rows


def test_the_name_changes_with_any_text_their_order_or_the_embedder() -> None:
    name = vectorfile.file_name("intent-vectors", TEXTS, "e5")
    assert name.startswith("intent-vectors-") and name.endswith(".npz")
    assert vectorfile.file_name("intent-vectors", list(TEXTS), "e5") == name
    assert vectorfile.file_name("intent-vectors", [*TEXTS[:2], "Vega is a hot star."], "e5") != name
    assert vectorfile.file_name("intent-vectors", TEXTS[::-1], "e5") != name
    assert vectorfile.file_name("intent-vectors", TEXTS, "bge") != name
    assert vectorfile.fingerprint(["ab", "c"], "e5") != vectorfile.fingerprint(["a", "bc"], "e5")


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_saved_vectors_load_as_float32_rows_by_text(tmp_path: Path, dtype: type[np.floating]) -> None:
    path = tmp_path / "data" / vectorfile.file_name("v", TEXTS, "e5")
    vectorfile.save(path, TEXTS, rows(3), embedder="e5", dtype=dtype)
    stored = vectorfile.load(path)
    assert stored.embedder == "e5" and stored.vectors.dtype == np.float32
    assert np.allclose(stored.vectors, rows(3), atol=1e-3)
    assert list(stored.rows()) == [vectorfile.text_key(text) for text in TEXTS]
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left


def test_find_takes_the_first_folder_holding_the_file(tmp_path: Path) -> None:
    shipped, cache = tmp_path / "shipped", tmp_path / "cache"
    vectorfile.save(cache / "v-1.npz", TEXTS, rows(3), embedder="e5")
    assert vectorfile.find([shipped, cache], "v-1.npz") == cache / "v-1.npz"
    vectorfile.save(shipped / "v-1.npz", TEXTS, rows(3), embedder="e5")
    assert vectorfile.find([shipped, cache], "v-1.npz") == shipped / "v-1.npz"
    assert vectorfile.find([shipped, cache], "v-2.npz") is None


def test_only_texts_without_a_stored_row_are_embedded(tmp_path: Path) -> None:
    path = tmp_path / "v.npz"
    vectorfile.save(path, TEXTS[:2], rows(2), embedder="e5")
    embed = Recorder()
    vectors, embedded = vectorfile.vectors_for(["Saturn has rings.", "New text.", TEXTS[0]], embed,
                                               vectorfile.load(path))
    assert embed.asked == [["New text."]] and embedded == 1
    assert np.allclose(vectors[0], rows(2)[1]) and np.allclose(vectors[2], rows(2)[0])
    assert np.allclose(vectors[1], -rows(1)[0])


def test_without_stored_vectors_everything_is_embedded_in_one_call() -> None:
    embed = Recorder()
    vectors, embedded = vectorfile.vectors_for(TEXTS, embed, None)
    assert embed.asked == [TEXTS] and embedded == 3 and vectors.shape == (3, 4)


def test_a_key_ending_in_zero_bytes_is_found_again(tmp_path: Path) -> None:
    text = next(f"text {n}" for n in itertools.count() if vectorfile.text_key(f"text {n}").endswith(b"\0"))
    vectorfile.save(tmp_path / "v.npz", [text], rows(1), embedder="e5")
    _, embedded = vectorfile.vectors_for([text], Recorder(), vectorfile.load(tmp_path / "v.npz"))
    assert embedded == 0
