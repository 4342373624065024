"""Vectors of texts made by one embedder, kept in a file named by the content hash of the set.

Embedding is the slow step wherever the bundled embedder meets a fixed set of texts: the intent
examples (~600 short texts, seconds) and the bundled knowledge base (~1,300 passages, minutes);
reading stored vectors takes milliseconds. A file holds each text's key (a hash of the text),
its vector and the embedder's name. Its name carries :func:`fingerprint` of the whole set, so a
file made for other texts or another embedder is never taken for the current one, and a test
can tell that a file shipped with the code has gone stale. Rows are found by key, so when a few
texts of a set change, only those need embedding again (:func:`vectors_for`).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

KEY_BYTES = 16
"""Bytes of SHA-256 kept per text: no collision is to be expected among millions of texts."""

Embed = Callable[[Sequence[str]], np.ndarray]
"""One L2-normalised row per text."""


def text_key(text: str) -> bytes:
    """The key a text's vector is stored under."""
    return hashlib.sha256(text.encode("utf-8")).digest()[:KEY_BYTES]


def key_array(texts: Sequence[str]) -> np.ndarray:
    """The keys of ``texts`` as stored: one row of ``KEY_BYTES`` bytes per text."""
    return np.frombuffer(b"".join(text_key(text) for text in texts), dtype=np.uint8).reshape(-1, KEY_BYTES)


def fingerprint(texts: Iterable[str], embedder: str) -> str:
    """Identifies a set of vectors: the texts, in order, and the embedder that made them."""
    digest = hashlib.sha256(embedder.encode("utf-8"))
    for text in texts:
        digest.update(b"\0" + text.encode("utf-8"))
    return digest.hexdigest()[:16]


def file_name(prefix: str, texts: Iterable[str], embedder: str) -> str:
    """``<prefix>-<fingerprint>.npz``: the file that holds exactly these texts' vectors."""
    return f"{prefix}-{fingerprint(texts, embedder)}.npz"


@dataclass(frozen=True)
class StoredVectors:
    """The contents of one vector file: one key and one float32 row per text."""

    embedder: str
    keys: np.ndarray
    """Shape ``(n, KEY_BYTES)``, uint8: :func:`text_key` of each text (not numpy's ``S``
    strings, which drop a key's trailing zero bytes)."""
    vectors: np.ndarray

    def rows(self) -> dict[bytes, np.ndarray]:
        """Key → vector."""
        return {key.tobytes(): row for key, row in zip(self.keys, self.vectors, strict=True)}


def save(path: Path, texts: Sequence[str], vectors: np.ndarray, *, embedder: str,
         dtype: type[np.floating] = np.float32) -> None:
    """Write ``vectors`` (one row per text) compressed, stored as ``dtype``; atomic, so a
    reader never sees half a file."""
    if len(texts) != len(vectors):
        raise ValueError("one vector per text")
    keys = key_array(texts)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.stem}.{uuid.uuid4().hex[:8]}.tmp.npz")
    np.savez_compressed(temporary, embedder=np.array(embedder), keys=keys,
                        vectors=np.asarray(vectors).astype(dtype))
    temporary.replace(path)


def load(path: Path) -> StoredVectors:
    """Read a file written by :func:`save`; rows come back as float32."""
    with np.load(path, allow_pickle=False) as data:
        return StoredVectors(embedder=str(data["embedder"]), keys=data["keys"],
                             vectors=data["vectors"].astype(np.float32))


def find(folders: Sequence[Path], name: str) -> Path | None:
    """The first of ``folders`` that holds the file ``name``."""
    return next((folder / name for folder in folders if (folder / name).is_file()), None)


def vectors_for(texts: Sequence[str], embed: Embed, stored: StoredVectors | None) -> tuple[np.ndarray, int]:
    """One float32 row per text: the stored row where ``stored`` knows the text, the others
    embedded in one call. Returns the rows and how many were embedded. The caller makes sure
    ``stored`` comes from the same embedder."""
    known = stored.rows() if stored is not None else {}
    keys = [text_key(text) for text in texts]
    missing = [index for index, key in enumerate(keys) if key not in known]
    if missing:
        for index, row in zip(missing, embed([texts[index] for index in missing]), strict=True):
            known[keys[index]] = row
    return np.array([known[key] for key in keys], dtype=np.float32), len(missing)
