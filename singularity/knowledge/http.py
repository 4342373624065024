"""One GET of JSON from a knowledge fallback service (Brave Search, Wikimedia Commons, NASA).

Every transport, HTTP, decoding or shape failure becomes a ``SourceError`` whose text is one
sentence naming the service, what went wrong and what to check. The parts stay available so a
caller that asked two services can compose one sentence about both.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from singularity.errors import ServiceError

_BODY_CHARS = 160

StatusExplainer = Callable[[int, Any], "tuple[str, str] | None"]
"""``(status, decoded body or text) -> (problem, advice)`` for statuses a service explains
itself (a rejected key, a rate limit); ``None`` falls back to the generic wording."""


class SourceError(ServiceError):
    """``str()`` is one sentence: "<service> <problem>; <advice>."."""

    def __init__(self, service: str, problem: str, advice: str, *, network: bool = False) -> None:
        self.service = service
        self.problem = problem
        self.advice = advice
        self.network = network
        """True when the service could not be reached or was too slow (not its answer's fault)."""
        super().__init__(f"{service} {problem}; {advice}.")


def get_json(
    url: str,
    *,
    params: Mapping[str, Any],
    service: str,
    setting: str,
    timeout_s: float,
    headers: Mapping[str, str] | None = None,
    explain: StatusExplainer | None = None,
    client: httpx.Client | None = None,
) -> Any:
    """The decoded JSON body of ``GET url``; ``setting`` names the config key holding the URL."""
    check_url = f"check the network connection and {setting} ({url})"
    try:
        if client is None:
            with httpx.Client() as own:
                response = own.get(url, params=params, headers=headers, timeout=timeout_s)
        else:
            response = client.get(url, params=params, headers=headers, timeout=timeout_s)
    except httpx.TimeoutException as exc:
        raise SourceError(
            service, f"did not answer within {timeout_s:g} s", check_url, network=True
        ) from exc
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        reason = str(exc) or type(exc).__name__
        raise SourceError(
            service, f"could not be reached ({reason})", check_url, network=True
        ) from exc
    if response.status_code != 200:
        body = _body(response)
        explained = explain(response.status_code, body) if explain else None
        if explained:
            raise SourceError(service, *explained)
        detail = error_detail(body)
        problem = f"answered HTTP {response.status_code}" + (f' "{detail}"' if detail else "")
        advice = (
            "the service may be down, try again later"
            if response.status_code >= 500
            else f"check {setting} ({url})"
        )
        raise SourceError(service, problem, advice)
    try:
        return json.loads(response.content)
    except ValueError as exc:
        raise SourceError(
            service, "answered with something that is not JSON", f"check {setting} ({url})"
        ) from exc


def shape_error(service: str, detail: str, setting: str) -> SourceError:
    """The error for JSON that parsed but lacks what the service's format promises."""
    return SourceError(
        service, f"answered JSON of an unexpected shape ({detail})", f"check {setting}"
    )


def _body(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return response.text


def error_detail(body: Any) -> str:
    """A service's own error text, short: JSON ``error`` (a text, or an object holding one),
    ``detail``/``info``/``reason``/``message``, or the text of a non-JSON body."""
    if isinstance(body, dict):
        nested = body.get("error")
        if isinstance(nested, str) and nested.strip():
            return short_text(nested)
        if isinstance(nested, dict):
            body = nested
        for key in ("detail", "info", "reason", "message"):
            value = body.get(key)
            if isinstance(value, str) and value.strip():
                return short_text(value)
        return ""
    return short_text(str(body))


def short_text(text: str) -> str:
    """``text`` on one line, cut to a length that fits in an error sentence."""
    flat = " ".join(text.split())
    return flat[:_BODY_CHARS] + ("…" if len(flat) > _BODY_CHARS else "")
