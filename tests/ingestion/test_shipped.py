"""The shipped vectors of the bundled corpus cannot go stale: their file is named by the current
chunks and embedder, and a sample of chunks embedded now gives the shipped vectors."""

from __future__ import annotations

import numpy as np

from ingestion import shipped
from singularity import vectorfile
from singularity.knowledge.embeddings import BundledEmbedder

SAMPLE_SIZE = 12


def test_the_shipped_file_belongs_to_the_current_corpus_and_embedder() -> None:
    expected = shipped.expected_file()
    assert shipped.shipped_files() == [expected], (
        "The bundled corpus or its chunking changed: rebuild the shipped vectors with "
        "`uv run python -m ingestion.shipped` and commit the new file.")
    stored = vectorfile.load(expected)
    chunks = shipped.bundled_chunks()
    assert stored.embedder == BundledEmbedder.name
    assert stored.vectors.shape == (len(chunks), BundledEmbedder.dimension)
    assert np.array_equal(stored.keys, vectorfile.key_array([chunk.text for chunk in chunks]))


def test_a_sample_embedded_now_matches_the_shipped_vectors() -> None:
    embedder = BundledEmbedder()
    stored = shipped.shipped_vectors(embedder)
    assert stored is not None
    chunks = shipped.bundled_chunks()
    picked = [chunks[index] for index in np.linspace(0, len(chunks) - 1, SAMPLE_SIZE, dtype=int)]
    now = embedder.embed_documents([chunk.text for chunk in picked])
    rows = stored.rows()
    then = np.array([rows[vectorfile.text_key(chunk.text)] for chunk in picked])
    cosines = np.sum(now * then, axis=1) / np.linalg.norm(then, axis=1)
    assert cosines.min() > 0.999  # float16 storage changes the fourth decimal at most
