"""Raw responses of the live sources, fetched only when allowed and cached on disk.

Every JSON answer an adapter needs is stored under ``<cache_dir>/ingestion/<source>/`` as
``{"url", "fetched_at", "body"}`` (``body`` is the service's JSON as received). A later run
without ``--live`` rebuilds the same documents from these files without touching the network,
and a run with ``--live`` fetches only what is not cached yet, so an interrupted download
resumes. Files are written atomically: a failure never leaves a truncated response behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from singularity import http
from singularity.catalogue import msg
from singularity.config import Settings
from singularity.errors import ServiceError

MAX_RETRY_WAIT_S = 30.0
"""Longest a ``Retry-After`` header may make a run wait before it asks again."""


class NotCached(ServiceError):
    """A live-only source has no cached answer and fetching was not allowed (no ``--live``)."""


@dataclass(frozen=True)
class Cached:
    """One cached answer: the JSON body and when it was fetched."""

    url: str
    fetched_at: datetime
    body: Any


@dataclass(frozen=True)
class Service:
    """Who is being asked, for messages: a name, its base URL and the setting that holds it."""

    name: str
    url: str
    setting: str


def source_cache_dir(settings: Settings, source: str) -> Path:
    """Where the raw responses of ``source`` are kept."""
    return settings.cache_dir / "ingestion" / source


def has_cache(settings: Settings, source: str) -> bool:
    """Whether any raw response of ``source`` was cached by an earlier live run."""
    folder = source_cache_dir(settings, source)
    return folder.is_dir() and any(folder.rglob("*.json"))


class RawCache:
    """The cached raw responses of one source, keyed by a relative file name."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def read(self, key: str) -> Cached | None:
        """The cached answer for ``key``, or None; an unreadable file counts as not cached."""
        path = self.root / key
        try:
            envelope = json.loads(path.read_text(encoding="utf-8"))
            return Cached(url=envelope["url"], body=envelope["body"],
                          fetched_at=datetime.fromisoformat(envelope["fetched_at"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def write(self, key: str, url: str, body: Any) -> Cached:
        """Store ``body`` for ``key`` atomically (temporary file, then rename)."""
        cached = Cached(url=url, fetched_at=datetime.now(UTC).replace(microsecond=0), body=body)
        path = self.root / key
        path.parent.mkdir(parents=True, exist_ok=True)
        envelope = {"url": url, "fetched_at": cached.fetched_at.isoformat(), "body": body}
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(envelope, stream, ensure_ascii=False)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return cached


def get_json(
    client: httpx.Client,
    url: str,
    *,
    service: Service,
    params: dict[str, Any] | None = None,
    timeout_s: float,
) -> tuple[Any, httpx.Headers]:
    """GET ``url`` through the one HTTP layer and decode its JSON, with the answer's headers
    (``Retry-After``); every failure is a ServiceError naming ``service``."""
    asked = http.Service(f"{service.name} at {service.url}", http.Advice.standard(
        service.url, by_status={429: msg("failures.try_later")}))
    response = http.get(asked, url, params=params, timeout_s=timeout_s, client=client)
    return http.decoded(asked, response), response.headers


def retry_after_s(headers: httpx.Headers, default: float = 5.0) -> float:
    """Seconds a ``Retry-After`` header asks for (capped by :data:`MAX_RETRY_WAIT_S`)."""
    try:
        wait = float(headers.get("retry-after", default))
    except ValueError:
        wait = default
    return min(max(wait, 0.0), MAX_RETRY_WAIT_S)


def http_client(settings: Settings) -> httpx.Client:
    """A client that identifies Singularity, as Wikimedia's and OpenStax's policies ask."""
    return httpx.Client(headers={"User-Agent": settings.geocoding.user_agent,
                                 "Accept": "application/json"}, follow_redirects=True)
