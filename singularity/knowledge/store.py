"""Where the knowledge base lives: the Qdrant client and the embedder the settings name.

Qdrant's local mode locks its folder for one client, so each process shares one client per
folder (or server URL) instead of opening a new one per search.
"""

from __future__ import annotations

import atexit
import threading
from pathlib import Path

from qdrant_client import QdrantClient

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.knowledge.embeddings import BundledEmbedder, Embedder, OpenAIEmbedder

_CLIENTS: dict[str, QdrantClient] = {}
_LOCK = threading.Lock()


def qdrant_location(settings: Settings) -> str:
    """The server URL, or the local folder, that holds the collection (for messages and keys)."""
    knowledge = settings.knowledge
    if knowledge.qdrant_url:
        return knowledge.qdrant_url
    return str(settings.resolve(knowledge.qdrant_path, under_data=True))


def open_qdrant(settings: Settings) -> QdrantClient:
    """The process' client for the configured Qdrant (server by URL, else local mode on disk)."""
    location = qdrant_location(settings)
    with _LOCK:
        client = _CLIENTS.get(location)
        if client is None:
            if settings.knowledge.qdrant_url:
                client = QdrantClient(url=location, api_key=settings.secret("QDRANT_API_KEY"),
                                      timeout=int(settings.knowledge.timeout_s))
            else:
                Path(location).mkdir(parents=True, exist_ok=True)
                try:
                    client = QdrantClient(path=location)
                except RuntimeError as exc:  # the folder is locked by another process
                    raise ServiceError(
                        f"The local knowledge base at {location} is in use by another Singularity "
                        "process; stop it or point knowledge.qdrant_url at a Qdrant server."
                    ) from exc
            _CLIENTS[location] = client
        return client


def close_qdrant(settings: Settings) -> None:
    """Release the client of ``settings`` (and its folder lock), e.g. before another process indexes."""
    with _LOCK:
        client = _CLIENTS.pop(qdrant_location(settings), None)
    if client is not None:
        client.close()


def embedder_from_settings(settings: Settings) -> Embedder:
    """The configured OpenAI-compatible endpoint, or the bundled multilingual model."""
    knowledge = settings.knowledge
    if knowledge.embedding_url:
        return OpenAIEmbedder(
            base_url=knowledge.embedding_url, model=knowledge.embedding_model,
            api_key=settings.secret("EMBEDDING_API_KEY"), timeout_s=knowledge.timeout_s,
            query_prefix=knowledge.embedding_query_prefix,
            document_prefix=knowledge.embedding_document_prefix,
        )
    return BundledEmbedder()


def collection_ready(settings: Settings) -> bool:
    """Whether the configured collection exists and holds points."""
    client = open_qdrant(settings)
    name = settings.knowledge.collection
    return client.collection_exists(name) and (client.count(name, exact=False).count > 0)


@atexit.register
def _close_all() -> None:
    """Close clients before the interpreter tears down the modules their finalisers need."""
    with _LOCK:
        clients = list(_CLIENTS.values())
        _CLIENTS.clear()
    for client in clients:
        client.close()

