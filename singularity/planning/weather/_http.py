"""One GET and parse: every transport, HTTP, decoding or shape failure is a WeatherServiceError."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import httpx

from singularity.catalogue import Message, failures, msg
from singularity.planning.weather.errors import ShapeError, WeatherServiceError

_BODY_CHARS = 160
T = TypeVar("T")


@dataclass(frozen=True)
class Advice:
    """What a user should check after each kind of failure of one provider."""

    network: Message
    """Unreachable or too slow: the network or the configured URL."""
    service: Message
    """Server errors, garbage or JSON of the wrong shape: the service itself or a wrong URL."""
    request: Message
    """Other 4xx answers: the request we sent."""
    by_status: dict[int, Message] = field(default_factory=dict)
    """Specific statuses, e.g. 401 → the API key variable."""

    def for_status(self, status: int) -> Message:
        if status in self.by_status:
            return self.by_status[status]
        return self.service if status >= 500 else self.request


def _error_detail(response: httpx.Response) -> str:
    """The provider's own error text: ``reason`` (Open-Meteo) or ``message`` (OpenWeatherMap)."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict):
        for key in ("reason", "message"):
            if isinstance(body.get(key), str) and body[key].strip():
                return body[key].strip()
    text = " ".join(response.text.split())
    return text[:_BODY_CHARS] + ("…" if len(text) > _BODY_CHARS else "")


def get_parsed(
    client: httpx.Client | None,
    url: str,
    params: dict[str, Any],
    parse: Callable[[Any], T],
    *,
    provider: str,
    timeout_s: float,
    advice: Advice,
    secret: str | None = None,
) -> T:
    """``parse`` of the JSON at ``url``; a ShapeError becomes a WeatherServiceError as well."""
    payload = _get_json(
        client, url, params, provider=provider, timeout_s=timeout_s, advice=advice, secret=secret
    )
    try:
        return parse(payload)
    except ShapeError as exc:
        raise WeatherServiceError(
            provider, f"answered JSON of an unexpected shape ({exc})", advice.service,
            msg("failures.bad_shape"),
        ) from exc


def _get_json(
    client: httpx.Client | None,
    url: str,
    params: dict[str, Any],
    *,
    provider: str,
    timeout_s: float,
    advice: Advice,
    secret: str | None = None,
) -> Any:
    """GET ``url`` and decode JSON; any failure raises WeatherServiceError naming ``provider``.

    ``secret`` (an API key sent as a parameter) is masked in every message we compose.
    """

    def masked(text: str) -> str:
        return text.replace(secret, "***") if secret else text

    try:
        if client is None:
            with httpx.Client() as own:
                response = own.get(url, params=params, timeout=timeout_s)
        else:
            response = client.get(url, params=params, timeout=timeout_s)
    except httpx.TimeoutException as exc:
        raise WeatherServiceError(
            provider, f"did not answer within {timeout_s:g} s", advice.network,
            failures.reason(exc, timeout_s=timeout_s),
        ) from exc
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise WeatherServiceError(
            provider, f"could not be reached ({masked(failures.detail(exc))})", advice.network,
            failures.reason(exc),
        ) from exc
    if response.status_code != 200:
        detail = masked(_error_detail(response))
        problem = f"answered HTTP {response.status_code}" + (f' "{detail}"' if detail else "")
        raise WeatherServiceError(provider, problem, advice.for_status(response.status_code),
                                  failures.http_status(response.status_code))
    try:
        return json.loads(response.content)
    except ValueError as exc:
        raise WeatherServiceError(
            provider, "answered with something that is not JSON", advice.service,
            msg("failures.not_json"),
        ) from exc
