"""The one HTTP layer for outside services: one request, JSON back, or one ServiceError.

Every client of a web service (weather, geocoding, web and image search, embeddings, SIMBAD,
the ingestion sources) asks through here, so they all share the same behaviour:

- **A timeout on every request**, the caller's setting; a hang costs that long, once.
- **Retries only where safe**: an idempotent GET is asked once more after a 502/503/504 or a
  connection that broke off mid-answer (a restarting proxy). Never after a timeout (that
  would double the wait), a refused connection (nothing is running; asking again changes
  nothing) or any answer of the service itself; POSTs are never repeated.
- **One error**: :class:`~singularity.errors.ServiceError` with ``service``, ``reason`` and
  ``advice`` in catalogue words and the raw problem (status, the service's own error text) as
  its technical detail; a service explains its own statuses (a rejected key, a rate limit)
  through :attr:`Service.explain`.
- **No secret in any text**: every problem text passes :func:`singularity.masking.mask`, so
  an ``appid=`` in a URL or a key echoed in an error body never reaches a log or an answer.
- **One TLS context per process** (:func:`tls_context`): building one reads the certificate
  bundle, about 30 ms of CPU at load 14, and every request made a client of its own, so the
  weather, geocoding and image lookups of each turn paid it again.
- **Rate limits wait on their own**: a service with a request budget (Nominatim: one a second
  for the whole process) spaces its requests with a :class:`RateLimiter`, which never sleeps
  while holding a lock and, once the service proved unreachable, answers its callers at once
  with that failure instead of letting each wait for a slot and a timeout.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

import httpx

from singularity.catalogue import Message, failures, msg
from singularity.errors import ServiceError
from singularity.masking import MASK, mask

_BODY_CHARS = 160
_RETRY_STATUSES = frozenset({502, 503, 504})
T = TypeVar("T")
GET_RETRIES = 1
"""How often an idempotent GET is asked again after a gateway error or a broken connection."""

Explained = tuple[str, Message, Message]
"""``(problem, reason, advice)``: what a service's own status means, e.g. a rejected key."""
StatusExplainer = Callable[[int, Any], "Explained | None"]
"""``(status, decoded body or text) -> Explained`` for statuses a service explains itself;
``None`` falls back to :class:`Advice`."""


@dataclass(frozen=True)
class Advice:
    """What a user should check after each kind of failure of one service."""

    network: Message
    """Unreachable or too slow: the network or the configured address."""
    service: Message
    """Server errors (5xx): the service itself."""
    answer: Message
    """Garbage or JSON of the wrong shape: probably a wrong address."""
    request: Message
    """Other 4xx answers: the request we sent."""
    by_status: Mapping[int, Message] = field(default_factory=dict)
    """Specific statuses, e.g. 401 → the API key variable."""

    @classmethod
    def standard(cls, url: str, *, request: Message | None = None,
                 by_status: Mapping[int, Message] | None = None) -> Advice:
        """The usual advice for a service at ``url``."""
        return cls(
            network=msg("failures.check_network", url=url),
            service=msg("failures.service_down"),
            answer=msg("failures.check_address", url=url),
            request=request or msg("failures.check_address", url=url),
            by_status=by_status or {},
        )

    def for_status(self, status: int) -> Message:
        if status in self.by_status:
            return self.by_status[status]
        return self.service if status >= 500 else self.request


@dataclass(frozen=True)
class Service:
    """Who is asked, for messages: a name ("Open-Meteo"; a catalogue message where the name
    needs translating), what to advise, and how it explains its own error statuses."""

    name: str | Message
    advice: Advice
    explain: StatusExplainer | None = None
    secrets: tuple[str, ...] = field(default=(), repr=False)
    """Keys this client sends that may not be in the environment (passed in by a caller);
    masked like the configured ones."""


UNREACHABLE_FOR_S = 60.0
"""How long a service that could not be reached counts as unreachable: asking again within a
minute changes nothing (the network or the address is wrong), and under load every session
would wait a timeout for the same answer; after it, the next request tries again."""


class RateLimiter:
    """Spaces the requests to one service at least ``interval_s`` apart, across all threads
    and sessions of the process, and remembers that the service is unreachable.

    A caller *reserves* the next free slot under a short lock and then waits for it on its
    own: with :meth:`wait` on the event loop (no thread is held), with :meth:`wait_blocking`
    in a thread of its own (never in the pool that every session shares). While the service
    counts as unreachable a reservation raises that failure at once, without taking a slot."""

    def __init__(self, interval_s: float, *, unreachable_for_s: float = UNREACHABLE_FOR_S) -> None:
        self.interval_s = interval_s
        self.unreachable_for_s = unreachable_for_s
        self._lock = threading.Lock()
        self._next = 0.0
        self._down: tuple[float, ServiceError] | None = None

    def reserve(self) -> float:
        """Seconds until the caller's slot; raises the remembered failure while it holds."""
        with self._lock:
            now = time.monotonic()
            if self._down is not None:
                until, error = self._down
                if now < until:
                    raise error
                self._down = None
            slot = max(now, self._next)
            self._next = slot + self.interval_s
            return slot - now

    async def wait(self) -> None:
        """Wait for a slot on the event loop."""
        delay = self.reserve()
        if delay > 0:
            await asyncio.sleep(delay)

    def wait_blocking(self) -> None:
        """Wait for a slot in the calling thread."""
        delay = self.reserve()
        if delay > 0:
            time.sleep(delay)

    def outcome(self, error: ServiceError | None) -> None:
        """What the request got: a network failure marks the service unreachable for a while,
        anything else (an answer, even an error answer) shows it is reachable."""
        with self._lock:
            if error is not None and error.network:
                self._down = (time.monotonic() + self.unreachable_for_s, error)
            else:
                self._down = None


def failure(service: Service, problem: str, reason: Message, advice: Message, *,
            network: bool = False) -> ServiceError:
    """The error for one failure of ``service``; ``problem`` is masked."""
    for secret in service.secrets:
        problem = problem.replace(secret, MASK) if secret else problem
    return ServiceError.of(service.name, mask(problem), reason=reason, advice=advice,
                           network=network)


def shape_error(service: Service, detail: str) -> ServiceError:
    """The error for JSON that parsed but lacks what the service's format promises."""
    return failure(service, f"answered JSON of an unexpected shape ({detail})",
                   msg("failures.bad_shape"), service.advice.answer)


class ShapeError(ValueError):
    """A service's JSON parsed but lacks the fields its format promises (raised by parsers)."""


def get_parsed(service: Service, url: str, parse: Callable[[Any], T], *, timeout_s: float,
               params: Mapping[str, Any] | None = None, headers: Mapping[str, str] | None = None,
               client: httpx.Client | None = None) -> T:
    """``parse`` of the JSON at ``url``; a :class:`ShapeError` becomes a ServiceError too."""
    payload = get_json(service, url, timeout_s=timeout_s, params=params, headers=headers,
                       client=client)
    try:
        return parse(payload)
    except ShapeError as exc:
        raise shape_error(service, str(exc)) from exc


def get_json(service: Service, url: str, *, timeout_s: float,
             params: Mapping[str, Any] | None = None, headers: Mapping[str, str] | None = None,
             client: httpx.Client | None = None, retries: int = GET_RETRIES) -> Any:
    """The decoded JSON body of ``GET url``; any failure raises ServiceError."""
    return decoded(service, get(service, url, timeout_s=timeout_s, params=params,
                                headers=headers, client=client, retries=retries))


def get(service: Service, url: str, *, timeout_s: float, params: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None, client: httpx.Client | None = None,
        retries: int = GET_RETRIES) -> httpx.Response:
    """A 200 answer to ``GET url`` (retried where safe, at most ``retries`` times); anything
    else raises ServiceError."""
    attempt = 0
    while True:
        last = attempt >= retries
        attempt += 1
        try:
            response = _send(client, "GET", url, timeout_s=timeout_s, params=params,
                             headers=headers)
        except (httpx.RemoteProtocolError, httpx.ReadError) as exc:
            if last:
                raise transport_failure(service, exc, timeout_s) from exc
            continue
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            raise transport_failure(service, exc, timeout_s) from exc
        if response.status_code not in _RETRY_STATUSES or last:
            return checked(service, response)


def post_json(service: Service, url: str, *, timeout_s: float, json_body: Any = None,
              form: Mapping[str, str] | None = None, headers: Mapping[str, str] | None = None,
              client: httpx.Client | None = None) -> Any:
    """The decoded JSON body of ``POST url`` (never repeated); any failure raises ServiceError."""
    try:
        response = _send(client, "POST", url, timeout_s=timeout_s, json=json_body, data=form,
                         headers=headers)
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise transport_failure(service, exc, timeout_s) from exc
    return decoded(service, checked(service, response))


async def apost_json(service: Service, url: str, *, timeout_s: float,
                     form: Mapping[str, str] | None = None,
                     headers: Mapping[str, str] | None = None) -> Any:
    """:func:`post_json` for a caller on the event loop."""
    try:
        async with httpx.AsyncClient(verify=tls_context()) as client:
            response = await client.post(url, data=form, headers=headers, timeout=timeout_s)
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise transport_failure(service, exc, timeout_s) from exc
    return decoded(service, checked(service, response))


@cache
def tls_context() -> ssl.SSLContext:
    """The TLS context every client of this process verifies with (made once; the standard
    library's contexts are safe to share between threads and connections)."""
    return httpx.create_ssl_context()


def _send(client: httpx.Client | None, method: str, url: str, *, timeout_s: float,
          **options: Any) -> httpx.Response:
    if client is not None:
        return client.request(method, url, timeout=timeout_s, **options)
    with httpx.Client(verify=tls_context()) as own:
        return own.request(method, url, timeout=timeout_s, **options)


def transport_failure(service: Service, exc: BaseException, timeout_s: float) -> ServiceError:
    """The error for a request that got no answer: too slow, refused, no network, cut off."""
    if isinstance(exc, httpx.TimeoutException):
        return failure(service, f"did not answer within {timeout_s:g} s",
                       failures.reason(exc, timeout_s=timeout_s), service.advice.network,
                       network=True)
    return failure(service, f"could not be reached ({failures.detail(exc)})",
                   failures.reason(exc), service.advice.network, network=True)


def checked(service: Service, response: httpx.Response) -> httpx.Response:
    """``response`` when its status is 200; otherwise the ServiceError it means."""
    status = response.status_code
    if status == 200:
        return response
    body = _body(response)
    explained = service.explain(status, body) if service.explain else None
    if explained:
        problem, reason, advice = explained
        raise failure(service, problem, reason, advice)
    detail = error_detail(body)
    problem = f"answered HTTP {status}" + (f' "{detail}"' if detail else "")
    raise failure(service, problem, failures.http_status(status), service.advice.for_status(status))


def decoded(service: Service, response: httpx.Response) -> Any:
    """The JSON of a 200 answer; anything else is a ServiceError about the answer."""
    try:
        return json.loads(response.content)
    except ValueError as exc:
        raise failure(service, "answered with something that is not JSON",
                      msg("failures.not_json"), service.advice.answer) from exc


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
