"""The one HTTP layer (singularity/http.py): retries only where safe, one error, no secrets."""

from __future__ import annotations

import pytest

from singularity.catalogue import msg
from singularity.errors import ServiceError
from singularity.http import Advice, Service, get_json, post_json
from tests.fakes.server import FakeServer, Request, Response
from tests.fakes.world import closed_port_url


def _service(url: str, **options) -> Service:
    return Service("Test service", Advice.standard(url), **options)


def _answers(fake_server: FakeServer, method: str, *responses: Response) -> None:
    queue = list(responses)
    fake_server.route(method, "/api", lambda _request: queue.pop(0) if len(queue) > 1 else queue[0])


def test_a_gateway_error_is_asked_once_more(fake_server: FakeServer) -> None:
    _answers(fake_server, "GET", Response(503, "restarting"), Response(200, {"ok": True}))
    assert get_json(_service(fake_server.url), f"{fake_server.url}/api", timeout_s=1) == {"ok": True}
    assert len(fake_server.requests) == 2


@pytest.mark.parametrize("answer", [Response(500, "boom"), Response(200, {}, delay_s=1.0)],
                         ids=["server-error", "timeout"])
def test_a_server_error_or_a_timeout_is_not_asked_again(fake_server: FakeServer,
                                                        answer: Response) -> None:
    _answers(fake_server, "GET", answer)
    with pytest.raises(ServiceError):
        get_json(_service(fake_server.url), f"{fake_server.url}/api", timeout_s=0.3)
    assert len(fake_server.requests) == 1


def test_a_post_is_never_repeated(fake_server: FakeServer) -> None:
    _answers(fake_server, "POST", Response(503, "restarting"), Response(200, {"ok": True}))
    with pytest.raises(ServiceError, match="answered HTTP 503"):
        post_json(_service(fake_server.url), f"{fake_server.url}/api", json_body={}, timeout_s=1)
    assert len(fake_server.requests) == 1


def test_the_error_keeps_its_parts_and_is_said_in_the_conversations_language() -> None:
    url = closed_port_url()
    with pytest.raises(ServiceError) as caught:
        get_json(_service(url), f"{url}/api", timeout_s=1)
    error = caught.value
    assert (error.service, error.network, error.advice) == (
        "Test service", True, msg("failures.check_network", url=url))
    assert str(error).startswith("Test service could not be reached (")
    assert error.said is not None and error.said.render("de") == (
        f"Test service ist nicht erreichbar (unter dieser Adresse läuft nichts); prüfe die "
        f"Netzverbindung und ob {url} die richtige Adresse ist.")


def test_a_key_in_the_url_or_echoed_in_the_body_is_masked(fake_server: FakeServer) -> None:
    def echo(request: Request) -> Response:
        return Response(401, {"message": f"Invalid API key {request.arg('appid')}"})

    fake_server.route("GET", "/api", echo)
    service = _service(fake_server.url, secrets=("s3cr3t-key",))
    with pytest.raises(ServiceError) as caught:
        get_json(service, f"{fake_server.url}/api", params={"appid": "s3cr3t-key"}, timeout_s=1)
    assert "s3cr3t-key" not in str(caught.value) + caught.value.detail
    assert "Invalid API key ***" in str(caught.value)


def test_a_service_explains_its_own_statuses(fake_server: FakeServer) -> None:
    _answers(fake_server, "GET", Response(429, "slow down"))
    explained = ("limited the request rate (HTTP 429)", msg("failures.http_status", status=429),
                 msg("failures.rate_limited"))
    service = _service(fake_server.url, explain=lambda status, body: explained if status == 429 else None)
    with pytest.raises(ServiceError, match=r"^Test service limited the request rate \(HTTP 429\); "
                                           "the service limits how often"):
        get_json(service, f"{fake_server.url}/api", timeout_s=1)


def _unreachable(url: str) -> ServiceError:
    with pytest.raises(ServiceError) as info:
        get_json(_service(url), url, timeout_s=1)
    assert info.value.network
    return info.value


async def test_waiting_for_a_rate_limit_holds_no_thread_of_the_shared_pool() -> None:
    import asyncio

    from singularity.http import RateLimiter

    limiter = RateLimiter(3600.0)  # one request an hour: every waiter after the first waits
    waiters = [asyncio.create_task(limiter.wait()) for _ in range(12)]  # more than the pool's threads
    await asyncio.sleep(0)
    try:
        assert await asyncio.to_thread(lambda: "free") == "free"
        assert sum(w.done() for w in waiters) == 1
    finally:
        for waiter in waiters:
            waiter.cancel()
        await asyncio.gather(*waiters, return_exceptions=True)


def test_an_unreachable_service_fails_at_once_until_it_may_have_come_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from singularity import http
    from singularity.http import RateLimiter

    class Clock:
        now = 100.0

        def monotonic(self) -> float:
            return self.now

        def sleep(self, seconds: float) -> None:
            raise AssertionError(f"slept {seconds} s")

    clock = Clock()
    monkeypatch.setattr(http, "time", clock)
    limiter = RateLimiter(0.0, unreachable_for_s=60.0)
    down = _unreachable(closed_port_url())
    limiter.outcome(down)
    with pytest.raises(ServiceError) as info:
        limiter.wait_blocking()  # no slot, no waiting: the remembered failure
    assert info.value is down
    clock.now += 61
    limiter.wait_blocking()  # a minute later it is asked again
    limiter.outcome(ServiceError.of("Test service", "answered HTTP 500", reason=msg("failures.service_down"),
                                    advice=msg("failures.service_down")))
    limiter.wait_blocking()  # an answer, even an error, shows the service is reachable


def test_requests_share_one_tls_context(fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Building a TLS context reads the certificate bundle (about 30 ms of CPU): made once per
    process, not once per request."""
    import ssl

    from singularity.http import tls_context

    made: list[ssl.SSLContext] = []
    original = ssl.create_default_context

    def counted(*args: object, **kwargs: object) -> ssl.SSLContext:
        made.append(original(*args, **kwargs))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(ssl, "create_default_context", counted)
    tls_context.cache_clear()
    _answers(fake_server, "GET", Response(200, {"ok": True}))
    for _ in range(2):
        assert get_json(_service(fake_server.url), f"{fake_server.url}/api", timeout_s=2) == {"ok": True}
    assert len(made) == 1
    tls_context.cache_clear()  # the next user makes its own, unpatched
