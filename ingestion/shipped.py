"""The bundled corpus's passage vectors, shipped with the code so a first start need not embed.

Embedding the ~1,300 chunks of the bundled corpus takes about three minutes on two cores;
reading their vectors takes milliseconds. ``data/bundled-vectors-<fingerprint>.npz`` is a
:mod:`singularity.vectorfile` made by the bundled embedder: its name carries the fingerprint of
the chunk texts and the embedder, so a test fails when the corpus or the chunker changed and the
file was not rebuilt (``uv run python -m ingestion.shipped``), and a second test re-embeds a
sample of chunks and compares. Indexing takes a chunk's vector from it when the chunk's text is
the same, so a corpus edited by hand only costs the changed chunks.

Only the dense vectors ship. The sparse vectors and the payloads are made from the corpus at
index time (about 2.5 s for all chunks) by the same code as for every other source, so they
cannot disagree with the code that searches them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ingestion.chunking import Chunk, chunk_document
from ingestion.documents import load_bundled_documents
from singularity import vectorfile
from singularity.knowledge.embeddings import BundledEmbedder, Embedder

SHIPPED_FOLDER = Path(__file__).parent / "data"
PREFIX = "bundled-vectors"
STORED_AS = np.float16
"""Half precision halves the file (about 1 MB) and leaves retrieval unchanged: the RAG
evaluation gives the same Recall@5 and MRR with either (docs/benchmarks.md)."""


def bundled_chunks() -> list[Chunk]:
    """Every chunk of the bundled corpus, in indexing order."""
    return [chunk for document in load_bundled_documents() for chunk in chunk_document(document)]


def shipped_files() -> list[Path]:
    """The vector files in the package (one, unless a rebuild left an old one behind)."""
    return sorted(SHIPPED_FOLDER.glob(f"{PREFIX}-*.npz"))


def shipped_vectors(embedder: Embedder) -> vectorfile.StoredVectors | None:
    """The shipped vectors when ``embedder`` made them (same name and dimension), else None."""
    for path in shipped_files():
        stored = vectorfile.load(path)
        if stored.embedder == embedder.name and stored.vectors.shape[1] == embedder.dimension:
            return stored
    return None


def expected_file(embedder_name: str = BundledEmbedder.name) -> Path:
    """Where the vectors of the current corpus, made by ``embedder_name``, belong."""
    texts = [chunk.text for chunk in bundled_chunks()]
    return SHIPPED_FOLDER / vectorfile.file_name(PREFIX, texts, embedder_name)


def write_shipped() -> Path:
    """Embed every bundled chunk with the bundled embedder and replace the shipped file."""
    embedder = BundledEmbedder()
    texts = [chunk.text for chunk in bundled_chunks()]
    target = SHIPPED_FOLDER / vectorfile.file_name(PREFIX, texts, embedder.name)
    vectorfile.save(target, texts, embedder.embed_documents(texts), embedder=embedder.name,
                    dtype=STORED_AS)
    for old in shipped_files():
        if old != target:
            old.unlink()
    return target


if __name__ == "__main__":
    print(f"Wrote {write_shipped()}")
