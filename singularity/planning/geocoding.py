"""Online place search with OpenStreetMap's Nominatim, polite and cached.

Nominatim's usage policy asks for an identifying User-Agent, at most one request per second
and caching of results. Every request therefore passes one process-wide rate limiter per
server, and answers are kept as JSON under ``settings.cache_dir/nominatim`` so that asking
again costs nothing. Any failure becomes a ServiceError whose text says what to check; the
caller then falls back to the offline gazetteer.

Measured with 20 sessions over the app's websocket (services unreachable): the old throttle
slept inside the thread pool every session shares, so memory, weather and plan work queued
behind it and the planning turn's median grew from 0.5 s to 18 s. Now a lookup runs on the
geocoding threads (:func:`in_geocoding_thread`), and a server that could not be reached
answers every caller at once for a minute (:class:`~singularity.http.RateLimiter`).
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import json
import math
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

import httpx

from singularity.catalogue import msg
from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.http import Advice, RateLimiter, Service, get_json, shape_error, tls_context
from singularity.inputs import clean_text
from singularity.planning.countries import country_name
from singularity.planning.gazetteer import Place
from singularity.planning.timezones import timezone_at

SETTLEMENT_TYPES = frozenset(
    {
        "city",
        "town",
        "village",
        "hamlet",
        "municipality",
        "suburb",
        "borough",
        "quarter",
        "neighbourhood",
        "city_district",
        "isolated_dwelling",
        "locality",
    }
)
"""Nominatim address types reported as kind "city"; everything else (peaks, observatories,
islands, regions) is a "site"."""
_REGION_KEYS = ("state", "region", "province", "state_district", "county", "archipelago", "island")


class Geocoder(Protocol):
    """Anything that turns a free-text place name into ranked candidates."""

    def search(self, query: str) -> list[Place]: ...


T = TypeVar("T")
GEOCODING_THREADS = 4
"""Threads for place lookups: a lookup may wait for its Nominatim slot (one a second), so a
few lookups wait side by side while the shared pool stays free for everything else."""


@lru_cache(maxsize=1)
def _geocoding_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(GEOCODING_THREADS, thread_name_prefix="geocoding")


async def in_geocoding_thread(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` (a place lookup) on the geocoding threads, not in the event
    loop's default pool: waiting for Nominatim's turn must not hold a thread every session's
    memory, weather and plan work needs."""
    call = partial(contextvars.copy_context().run, fn, *args, **kwargs)  # the trace's span goes along
    return await asyncio.get_running_loop().run_in_executor(_geocoding_pool(), call)


_LIMITERS: dict[tuple[str, float], RateLimiter] = {}
_LIMITERS_LOCK = threading.Lock()


def _limiter(url: str, interval_s: float) -> RateLimiter:
    """The process' one limiter for a Nominatim server (the policy counts per client)."""
    with _LIMITERS_LOCK:
        return _LIMITERS.setdefault((url, interval_s), RateLimiter(interval_s))


class NominatimGeocoder:
    """Nominatim's ``/search`` through the one HTTP layer, with the throttle and the cache.

    Never retried: a second request at once would break the one-request-per-second rule."""

    def __init__(self, *, settings: Settings) -> None:
        config = settings.geocoding
        parts = urlsplit(config.nominatim_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ServiceError(
                f"geocoding.nominatim_url '{config.nominatim_url}' is not an http(s) URL; "
                "set it to a Nominatim server such as https://nominatim.openstreetmap.org."
            )
        self._url = config.nominatim_url.rstrip("/")
        self._timeout = config.timeout_s
        self._interval = config.min_interval_s
        self._limit = config.max_candidates
        self._user_agent = config.user_agent
        self._cache_dir = settings.cache_dir / "nominatim"
        self._service = Service(f"Nominatim at {self._url}", Advice.standard(self._url, by_status={
            403: msg("failures.check_user_agent"), 429: msg("failures.rate_limited")}))

    def search(self, query: str) -> list[Place]:
        """Candidates for ``query`` in Nominatim's order (most important first)."""
        text = " ".join(clean_text(query).split())
        cache_file = self._cache_file(text)
        raw = _read_cache(cache_file)
        fetched = raw is None
        if raw is None:
            raw = self._fetch(text)
        try:
            places = [_to_place(item) for item in raw]
        except (ValueError, TypeError) as exc:  # pydantic's ValidationError is a ValueError
            raise shape_error(self._service, "a result that is not a place") from exc
        if fetched:
            _write_cache(cache_file, {"url": self._url, "query": text, "results": raw})
        return places

    def _cache_file(self, text: str) -> Path:
        key = json.dumps([self._url, text.casefold(), self._limit], ensure_ascii=False)
        return self._cache_dir / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.json"

    def _fetch(self, text: str) -> list[dict[str, Any]]:
        limiter = _limiter(self._url, self._interval)
        with httpx.Client(verify=tls_context()) as client:  # made first: its set-up must not eat into the spacing
            limiter.wait_blocking()
            try:
                raw = get_json(
                    self._service, f"{self._url}/search",
                    params={"q": text, "format": "json", "limit": self._limit, "addressdetails": 1},
                    headers={"User-Agent": self._user_agent}, timeout_s=self._timeout, retries=0,
                    client=client,
                )
            except ServiceError as exc:
                limiter.outcome(exc)
                raise
            limiter.outcome(None)
        if not isinstance(raw, list):
            raise shape_error(self._service, "no list of places")
        if not all(_valid(item) for item in raw):
            raise shape_error(self._service, "a place without valid coordinates")
        return raw


def geocode(query: str, *, settings: Settings) -> list[Place]:
    """Nominatim candidates for ``query``; raises ServiceError when the service fails."""
    return NominatimGeocoder(settings=settings).search(query)


def _valid(item: object) -> bool:
    if not isinstance(item, dict):
        return False
    try:
        lat, lon = float(item["lat"]), float(item["lon"])
    except (KeyError, TypeError, ValueError):
        return False
    return math.isfinite(lat) and math.isfinite(lon) and abs(lat) <= 90 and abs(lon) <= 180


def _to_place(item: dict[str, Any]) -> Place:
    lat, lon = float(item["lat"]), float(item["lon"])
    address = item.get("address") if isinstance(item.get("address"), dict) else {}
    display = str(item.get("display_name") or "")
    parts = [part.strip() for part in display.split(",") if part.strip()]
    code = str(address.get("country_code") or "").upper() or None
    region = next((str(address[key]) for key in _REGION_KEYS if address.get(key)), None)
    kind_of = item.get("addresstype") or item.get("type")
    importance = item.get("importance")
    return Place(
        name=str(item.get("name") or (parts[0] if parts else f"{lat:.4f}, {lon:.4f}")),
        region=region,
        country_code=code,
        country=country_name(code, "en")
        or address.get("country")
        or (parts[-1] if parts else None),
        lat=lat,
        lon=lon,
        timezone=timezone_at(lat, lon),
        kind="city" if kind_of in SETTLEMENT_TYPES else "site",
        importance=float(importance) if isinstance(importance, (int, float)) else None,
    )


def _read_cache(path: Path) -> list[dict[str, Any]] | None:
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    results = entry.get("results") if isinstance(entry, dict) else None
    if not isinstance(results, list) or not all(_valid(item) for item in results):
        return None
    return results


def _write_cache(path: Path, entry: dict[str, Any]) -> None:
    """Store an answer; a cache that cannot be written only costs a repeated request later."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(entry, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
