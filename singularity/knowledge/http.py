"""One GET of JSON from a knowledge fallback service (Brave Search, Wikimedia Commons, NASA).

Every transport, HTTP, decoding or shape failure becomes a ``SourceError`` whose text is one
technical sentence naming the service, what went wrong (with the raw detail) and what to check.
The parts stay available, the meaning and the advice as catalogue messages, so a caller that
asked two services can compose one sentence about both, in the conversation's language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from singularity.catalogue import Message, failures, msg
from singularity.errors import ServiceError

_BODY_CHARS = 160

StatusExplainer = Callable[[int, Any], "tuple[str, Message] | None"]
"""``(status, decoded body or text) -> (problem, advice)`` for statuses a service explains
itself (a rejected key, a rate limit); ``None`` falls back to the generic wording."""


class SourceError(ServiceError):
    """``str()`` is one technical sentence: "<service> <problem>; <advice>."; ``reason`` and
    ``advice`` say what it means and what to do, in catalogue words."""

    def __init__(self, service: str, problem: str, advice: Message, *, reason: Message,
                 network: bool = False) -> None:
        self.service = service
        self.problem = problem
        self.advice = advice
        self.reason = reason
        self.network = network
        """True when the service could not be reached or was too slow (not its answer's fault)."""
        super().__init__(f"{service} {problem}; {advice.render('en')}.")


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
    check_url = msg("knowledge.check_network", setting=setting, url=url)
    try:
        if client is None:
            with httpx.Client() as own:
                response = own.get(url, params=params, headers=headers, timeout=timeout_s)
        else:
            response = client.get(url, params=params, headers=headers, timeout=timeout_s)
    except httpx.TimeoutException as exc:
        raise SourceError(
            service, f"did not answer within {timeout_s:g} s", check_url, network=True,
            reason=failures.reason(exc, timeout_s=timeout_s),
        ) from exc
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise SourceError(
            service, f"could not be reached ({failures.detail(exc)})", check_url, network=True,
            reason=failures.reason(exc),
        ) from exc
    if response.status_code != 200:
        body = _body(response)
        explained = explain(response.status_code, body) if explain else None
        if explained:
            raise SourceError(service, *explained, reason=failures.http_status(response.status_code))
        detail = error_detail(body)
        problem = f"answered HTTP {response.status_code}" + (f' "{detail}"' if detail else "")
        advice = (
            msg("knowledge.service_down")
            if response.status_code >= 500
            else msg("knowledge.check_setting", setting=f"{setting} ({url})")
        )
        raise SourceError(service, problem, advice, reason=failures.http_status(response.status_code))
    try:
        return json.loads(response.content)
    except ValueError as exc:
        raise SourceError(
            service, "answered with something that is not JSON",
            msg("knowledge.check_setting", setting=f"{setting} ({url})"), reason=msg("failures.not_json"),
        ) from exc


def shape_error(service: str, detail: str, setting: str) -> SourceError:
    """The error for JSON that parsed but lacks what the service's format promises."""
    return SourceError(
        service, f"answered JSON of an unexpected shape ({detail})",
        msg("knowledge.check_setting", setting=setting), reason=msg("failures.bad_shape"),
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
