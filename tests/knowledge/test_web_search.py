"""Brave Search client against a fake server speaking Brave's recorded JSON and error bodies."""

from __future__ import annotations

from pathlib import Path

import pytest

from singularity.config import Settings, load_settings
from singularity.errors import InputError, ServiceError
from singularity.knowledge.web_search import WebResult, search_web
from tests.fakes.server import FakeServer, Response
from tests.knowledge.fallback_support import closed_port_url, knowledge_settings, recorded
from tests.support import ROOT

PATH = "/res/v1/web/search"
KEY = "BSAtestkey0123456789abcdefghij"


@pytest.fixture
def brave(tmp_path: Path, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setenv("BRAVE_API_KEY", KEY)
    return knowledge_settings(tmp_path, brave_url=fake_server.url)


def test_request_and_parsed_results(brave: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", PATH, Response(200, recorded("brave_web_search")))
    results = search_web("James Webb Space Telescope first deep field", settings=brave, count=3)

    (request,) = fake_server.requests
    assert request.arg("q") == "James Webb Space Telescope first deep field"
    assert request.arg("count") == "3"
    assert request.headers["x-subscription-token"] == KEY
    assert request.headers["accept"] == "application/json"

    assert len(results) == 3
    first = results[0]
    assert first == WebResult(
        title="NASA’s Webb Delivers Deepest Infrared Image of Universe Yet - NASA",
        url="https://www.nasa.gov/image-article/nasas-webb-delivers-deepest-infrared-image-of-universe-yet/",
        snippet=(
            "NASA’s James Webb Space Telescope has produced the deepest and sharpest infrared "
            "image of the distant universe to date. Known as Webb's First Deep Field, this image "
            "of galaxy cluster SMACS 0723 is overflowing with detail."
        ),
        published="2022-07-11T21:00:00",
    )
    assert results[1].snippet.startswith("Webb's First Deep Field is the first operational image")
    assert "<" not in "".join(r.snippet for r in results)
    assert results[2].published is None  # Brave gave neither page_age nor age


def test_default_count_and_age_fallback(brave: Settings, fake_server: FakeServer) -> None:
    payload = recorded("brave_web_search")
    del payload["web"]["results"][1]["page_age"]
    fake_server.route("GET", PATH, Response(200, payload))
    results = search_web("  webb   deep field ", settings=brave)
    assert fake_server.requests[0].arg("count") == str(brave.knowledge.web_results)
    assert fake_server.requests[0].arg("q") == "webb deep field"
    assert results[1].published == "4 days ago"
    assert results[3].snippet.endswith("NASA’s James Webb Space Telescope & its instruments.")


def test_count_is_clamped_to_brave_maximum(brave: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", PATH, Response(200, recorded("brave_web_search")))
    search_web("m31", settings=brave, count=50)
    assert fake_server.requests[0].arg("count") == "20"


def test_no_results_is_an_empty_list(brave: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", PATH, Response(200, recorded("brave_no_results")))
    assert search_web("qxzvb nebula zzkq planisphere", settings=brave) == []


def test_missing_key_names_the_variable_and_sends_nothing(
    tmp_path: Path, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAVE_API_KEY", "  ")
    settings = knowledge_settings(tmp_path, brave_url=fake_server.url)
    with pytest.raises(ServiceError, match=r"BRAVE_API_KEY in \.env") as caught:
        search_web("m31", settings=settings)
    assert str(caught.value).startswith("Web search needs a Brave Search API key")
    assert fake_server.requests == []


def test_empty_query_is_an_input_error(brave: Settings, fake_server: FakeServer) -> None:
    with pytest.raises(InputError, match="non-empty query"):
        search_web("   ", settings=brave)
    assert fake_server.requests == []


@pytest.mark.parametrize(
    ("status", "body", "expected"),
    [
        (
            422,
            recorded("brave_error_422_token"),
            (
                'Brave Search rejected the API key (HTTP 422 "SUBSCRIPTION_TOKEN_INVALID: The provided '
                'subscription token is invalid."); check BRAVE_API_KEY in .env; it must be a key of '
                "the Search plan."
            ),
        ),
        (
            401,
            "Unauthorized",
            'Brave Search rejected the API key (HTTP 401 "Unauthorized"); check BRAVE_API_KEY',
        ),
        (
            429,
            recorded("brave_error_429_rate"),
            (
                'Brave Search limited the request rate (HTTP 429 "RATE_LIMITED: Request rate limit '
                'exceeded for plan."); wait a moment and ask again.'
            ),
        ),
        (
            429,
            recorded("brave_error_429_quota"),
            (
                'Brave Search has no quota left on this plan (HTTP 429 "QUOTA_LIMITED: Request quota '
                'limit exceeded for plan."); wait for the next billing period'
            ),
        ),
        (
            422,
            recorded("brave_error_422_validation"),
            (
                'Brave Search answered HTTP 422 "Unable to validate request parameter(s)"; check '
                "that http://"
            ),
        ),
        (
            503,
            "<html><body><h1>503 Service Unavailable</h1></body></html>",
            (
                'Brave Search answered HTTP 503 "<html><body><h1>503 Service Unavailable</h1></body>'
                '</html>"; the service may be down, try again later.'
            ),
        ),
    ],
)
def test_error_answers(
    brave: Settings, fake_server: FakeServer, status: int, body: object, expected: str
) -> None:
    fake_server.route("GET", PATH, Response(status, body))
    with pytest.raises(ServiceError) as caught:
        search_web("m31", settings=brave)
    message = str(caught.value)
    assert message.startswith(expected)
    assert KEY not in message and message.endswith(".") and "\n" not in message


def test_garbage_is_not_json(brave: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", PATH, Response(200, "<!DOCTYPE html><html>captive portal</html>"))
    with pytest.raises(ServiceError, match="Brave Search answered with something that is not JSON"):
        search_web("m31", settings=brave)


@pytest.mark.parametrize(
    "payload",
    [[1, 2, 3], {"type": "search", "web": {"type": "search", "results": {"0": {}}}}],
)
def test_json_of_the_wrong_shape(brave: Settings, fake_server: FakeServer, payload: object) -> None:
    fake_server.route("GET", PATH, Response(200, payload))
    with pytest.raises(ServiceError, match="Brave Search answered JSON of an unexpected shape"):
        search_web("m31", settings=brave)


def test_rows_without_url_are_skipped(brave: Settings, fake_server: FakeServer) -> None:
    payload = recorded("brave_web_search")
    payload["web"]["results"][0]["url"] = None
    fake_server.route("GET", PATH, Response(200, payload))
    results = search_web("m31", settings=brave)
    assert next(r.url for r in results) == "https://en.wikipedia.org/wiki/Webb%27s_First_Deep_Field"


def test_timeout(brave: Settings, fake_server: FakeServer) -> None:
    fake_server.route("GET", PATH, Response(200, recorded("brave_web_search"), delay_s=1.0))
    with pytest.raises(ServiceError) as caught:
        search_web("m31", settings=brave)
    assert str(caught.value) == (
        "Brave Search did not answer within 0.3 s; check the network connection and "
        f"that {fake_server.url} is the right address."
    )


def test_unreachable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAVE_API_KEY", KEY)
    settings = knowledge_settings(tmp_path, brave_url=closed_port_url())
    with pytest.raises(
        ServiceError, match=r"^Brave Search could not be reached \(.+\); check the network"
    ):
        search_web("m31", settings=settings)


def test_url_from_environment_override(
    fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAVE_API_KEY", KEY)
    fake_server.route("GET", PATH, Response(200, recorded("brave_no_results")))
    settings = load_settings(
        config_path=ROOT / "config.yaml",
        environ={"SINGULARITY__KNOWLEDGE__BRAVE_URL": fake_server.url + "/"},
    )
    assert search_web("m31", settings=settings) == []
    assert fake_server.requests[0].path == PATH
