"""Brave Search API web search: the knowledge path's fallback when local hits are insufficient.

API: https://api-dashboard.search.brave.com/app/documentation/web-search. The key travels in
the ``X-Subscription-Token`` header; a bad key is answered with HTTP 422
``SUBSCRIPTION_TOKEN_INVALID`` (sometimes 401/403), limits with 429 ``RATE_LIMITED`` or
``QUOTA_LIMITED``. Results come under ``web.results``; ``web`` is missing when nothing matched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from singularity.catalogue import failures, msg
from singularity.config import Settings
from singularity.errors import InputError, ServiceError
from singularity.http import Advice, Explained, Service, error_detail, get_json, shape_error
from singularity.knowledge.text import plain_text

SERVICE = "Brave Search"
KEY_VARIABLE = "BRAVE_API_KEY"
MAX_COUNT = 20
"""Brave's web search returns at most 20 results per request."""
MAX_QUERY_CHARS = 400
MISSING_KEY = msg("knowledge.web_key_missing", variable=KEY_VARIABLE)
_KEY_CODES = frozenset({"SUBSCRIPTION_TOKEN_INVALID", "SUBSCRIPTION_TOKEN_MISSING"})


@dataclass(frozen=True)
class WebResult:
    title: str
    url: str
    snippet: str
    """Brave's ``description`` as plain text (its ``<strong>`` highlights and entities removed)."""
    published: str | None
    """``page_age`` (ISO date-time) when Brave knows it, else its human ``age``, else None."""


def search_web(
    query: str, *, settings: Settings, count: int | None = None, client: httpx.Client | None = None
) -> list[WebResult]:
    """Up to ``count`` (default ``knowledge.web_results``) web results, best first; [] when
    nothing matched. Raises ServiceError (one sentence) when the search cannot be done."""
    key = Settings.secret(KEY_VARIABLE)
    if key is None:
        raise ServiceError(MISSING_KEY)
    query = " ".join(query.split())
    if not query:
        raise InputError(msg("knowledge.web_query_empty"))
    wanted = max(1, min(count or settings.knowledge.web_results, MAX_COUNT))
    base = settings.knowledge.brave_url.rstrip("/")
    service = brave(base)
    payload = get_json(
        service, f"{base}/res/v1/web/search",
        params={"q": query[:MAX_QUERY_CHARS], "count": wanted},
        headers={"Accept": "application/json", "X-Subscription-Token": key},
        timeout_s=settings.knowledge.timeout_s,
        client=client,
    )
    return parse_results(payload, service)[:wanted]


def brave(base_url: str) -> Service:
    """Brave Search at ``base_url``, explaining its key and limit statuses itself."""
    return Service(SERVICE, Advice.standard(base_url), explain=_explain_status)


def parse_results(payload: Any, service: Service) -> list[WebResult]:
    """Results from a Brave web search response; rows without a URL are skipped."""
    if not isinstance(payload, dict) or payload.get("type") == "ErrorResponse":
        raise shape_error(service, "no search response object")
    web = payload.get("web")
    if web is None:
        return []
    rows = web.get("results") if isinstance(web, dict) else None
    if not isinstance(rows, list):
        raise shape_error(service, "no list at web.results")
    results = []
    for row in rows:
        if not isinstance(row, dict) or not isinstance(row.get("url"), str) or not row["url"]:
            continue
        published = row.get("page_age") or row.get("age")
        results.append(
            WebResult(
                title=plain_text(str(row.get("title") or "")) or row["url"],
                url=row["url"],
                snippet=plain_text(str(row.get("description") or "")),
                published=published if isinstance(published, str) and published else None,
            )
        )
    return results


def _error(body: Any) -> dict[str, Any]:
    """Brave's error object: ``error`` (what the API sends) or ``errors[0]`` (its reference)."""
    if not isinstance(body, dict):
        return {}
    error = body.get("error")
    if isinstance(error, dict):
        return error
    errors = body.get("errors")
    if isinstance(errors, list) and errors and isinstance(errors[0], dict):
        return errors[0]
    return {}


def _explain_status(status: int, body: Any) -> Explained | None:
    error = _error(body)
    code = str(error.get("code") or "")
    detail = error_detail(error) if error else error_detail(body)
    said = f"{code}: {detail}" if code and detail else code or detail
    quoted = f' "{said}"' if said else ""
    reason = failures.http_status(status)
    if status in (401, 403) or code in _KEY_CODES:
        return (
            f"rejected the API key (HTTP {status}{quoted})", reason,
            msg("knowledge.web_key_rejected", variable=KEY_VARIABLE),
        )
    if status == 429 and code == "QUOTA_LIMITED":
        return (
            f"has no quota left on this plan (HTTP 429{quoted})", reason,
            msg("knowledge.web_quota"),
        )
    if status == 429:
        return (f"limited the request rate (HTTP 429{quoted})", reason,
                msg("knowledge.wait_a_moment"))
    return None
