"""Where the knowledge base lives: the Qdrant client and the embedder the settings name.

Qdrant's local mode locks its folder for one client, so each process shares one client per
folder (or server URL) instead of opening a new one per search.

A Qdrant server is asked through qdrant-client's own HTTP client, not ``singularity.http``;
its failures are said in the same words here (:func:`qdrant_failure`): a refused connection
or a timeout arrives as ``ResponseHandlingException`` wrapping httpx's error, an error status
as ``UnexpectedResponse``, a body that is not JSON as ``json.JSONDecodeError`` (measured with
qdrant-client 1.x against the fake servers of tests/test_fault_matrix.py). The client's
version check at start-up is off: it is one more request that, with the server down, only
warns from a background thread, while the first real request says what is wrong.
"""

from __future__ import annotations

import atexit
import math
import threading
from pathlib import Path

from qdrant_client import QdrantClient
from qdrant_client.http.exceptions import (
    ApiException,
    ResponseHandlingException,
    UnexpectedResponse,
)

from singularity.catalogue import failures, msg
from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.http import Advice, Service, failure, transport_failure
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
                                      timeout=math.ceil(settings.knowledge.timeout_s),
                                      check_compatibility=False)
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


SERVER_FAILURES = (ApiException, ValueError)
"""What qdrant-client raises when a server is unreachable, fails or answers garbage."""


def collection_ready(settings: Settings) -> bool:
    """Whether the configured collection exists and holds points; raises ServiceError when a
    Qdrant server cannot say."""
    client = open_qdrant(settings)
    name = settings.knowledge.collection
    try:
        return client.collection_exists(name) and (client.count(name, exact=False).count > 0)
    except SERVER_FAILURES as exc:
        if not settings.knowledge.qdrant_url:
            raise
        raise qdrant_failure(exc, client) from exc


def qdrant_failure(exc: Exception, client: QdrantClient) -> ServiceError:
    """A Qdrant server's failure in the words of every other service's."""
    url = str(client.init_options.get("url") or "")
    service = Service(msg("knowledge.qdrant_server", url=url), Advice.standard(url))
    timeout_s = float(client.init_options.get("timeout") or 0)
    if isinstance(exc, ResponseHandlingException):
        return transport_failure(service, exc.source, timeout_s)
    if isinstance(exc, UnexpectedResponse):
        status = exc.status_code
        return failure(service, f"answered HTTP {status}", failures.http_status(status),
                       service.advice.for_status(status))
    return failure(service, "answered with something that is not JSON", msg("failures.not_json"),
                   service.advice.answer)


@atexit.register
def _close_all() -> None:
    """Close clients before the interpreter tears down the modules their finalisers need."""
    with _LOCK:
        clients = list(_CLIENTS.values())
        _CLIENTS.clear()
    for client in clients:
        client.close()

