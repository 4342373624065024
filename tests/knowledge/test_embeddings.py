"""Embedders: the bundled multilingual model in process, and the OpenAI-compatible client
against a fake server speaking the real ``/v1/embeddings`` JSON."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import numpy as np
import pytest
import pytest_socket

from singularity.errors import ServiceError
from singularity.knowledge.embeddings import (
    BUNDLED_MODEL_NAME,
    BundledEmbedder,
    Embedder,
    OpenAIEmbedder,
    describe,
    forget_queries,
)
from tests.fakes.server import FakeServer, Request, Response

PASSAGES = [
    "Mars has two small, irregular moons, Phobos and Deimos, probably captured asteroids.",
    (
        "The surface of Venus is hotter than any other planet's: about 465 °C, hot enough to "
        "melt lead, because its thick carbon dioxide atmosphere traps the heat."
    ),
    "The Andromeda galaxy is a spiral galaxy about 2.5 million light-years from the Milky Way.",
]


@pytest.fixture(scope="module")
def bundled() -> BundledEmbedder:
    return BundledEmbedder(batch_size=2)


def test_german_question_finds_the_english_passage(bundled: BundledEmbedder) -> None:
    passages = bundled.embed_documents(PASSAGES)
    scores = passages @ bundled.embed_query("Wie heiß ist die Venus?")
    assert int(np.argmax(scores)) == 1
    assert scores[1] - np.delete(scores, 1).max() > 0.02


def test_vectors_are_normalised_float32_of_the_stated_dimension(bundled: BundledEmbedder) -> None:
    passages = bundled.embed_documents(PASSAGES)  # three texts in batches of two
    query = bundled.embed_query("How hot is Venus?")
    assert passages.shape == (3, bundled.dimension) and query.shape == (bundled.dimension,)
    assert passages.dtype == query.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-5
    assert bundled.embed_documents([]).shape == (0, bundled.dimension)
    assert isinstance(bundled, Embedder)
    assert describe(bundled) == {"name": BUNDLED_MODEL_NAME, "dimension": 384}


def test_batching_and_queries_are_deterministic(bundled: BundledEmbedder) -> None:
    one_batch = BundledEmbedder(batch_size=8).embed_documents(PASSAGES)
    np.testing.assert_array_equal(bundled.embed_documents(PASSAGES), one_batch)
    first = bundled.embed_query("Venus")
    forget_queries()  # the model again, not the cache
    np.testing.assert_array_equal(bundled.embed_query("Venus"), first)
    # query and passage sides differ: the e5 prefixes are applied
    assert not np.array_equal(bundled.embed_query(PASSAGES[0]), one_batch[0])


def test_a_repeated_query_is_embedded_once_and_cannot_be_changed(
        bundled: BundledEmbedder, monkeypatch: pytest.MonkeyPatch) -> None:
    from singularity.knowledge import embeddings

    engine = embeddings._bundled_model()
    calls: list[str] = []
    monkeypatch.setattr(embeddings, "_model", type("Counting", (), {
        "query": lambda _, text: calls.append(text) or engine.query(text)})())
    text = "Wie alt ist der Orionnebel, ungefähr?"  # a text no other test embeds
    first, again = bundled.embed_query(text), bundled.embed_query(text)
    assert calls == [text] and again is first
    with pytest.raises(ValueError, match="read-only"):
        first[0] = 0.0


_VECTORS = """
import json, os, sys
from singularity.knowledge.embeddings import BundledEmbedder
embedder = BundledEmbedder()
query = embedder.embed_query("Wie entstehen Spiralgalaxien?").tolist()
passages = embedder.embed_documents(json.loads(sys.argv[1])).tolist()
print(json.dumps({"policy": os.environ["OMP_WAIT_POLICY"], "query": query, "passages": passages}))
"""


def _vectors_with(environ: dict[str, str]) -> dict:
    """The engine's vectors in a fresh process (OpenMP reads its settings when it is loaded)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("OMP_")} | environ
    done = subprocess.run([sys.executable, "-c", _VECTORS, json.dumps(PASSAGES)], env=env, capture_output=True, text=True,
                          check=True, timeout=120)
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.slow
def test_the_engines_threads_sleep_between_calls_and_compute_the_same_vectors() -> None:
    passive, spinning = _vectors_with({}), _vectors_with({"OMP_WAIT_POLICY": "active"})
    assert passive["policy"] == "passive" and spinning["policy"] == "active"  # a set policy is kept
    assert passive["query"] == spinning["query"] and passive["passages"] == spinning["passages"]


def test_bundled_embedding_opens_no_socket(bundled: BundledEmbedder) -> None:
    pytest_socket.disable_socket()  # pytest-socket restores its settings after the test
    with (
        pytest.raises(pytest_socket.SocketBlockedError),
        pytest.warns(UserWarning, match="socket"),
    ):
        socket.socket()  # the guard is active: any socket during embedding would fail here
    assert bundled.embed_documents(PASSAGES[:1]).shape == (1, 384)
    assert bundled.embed_query("Venus").shape == (384,)


def _embeddings_answer(request: Request, dimension: int = 4) -> Response:
    """The OpenAI JSON, in reverse order, each vector unnormalised but telling its text apart."""
    texts = json.loads(request.body)["input"]
    data = [
        {
            "object": "embedding",
            "index": i,
            "embedding": [float(len(text)), 1.0, 0.0, 2.0][:dimension],
        }
        for i, text in enumerate(texts)
    ]
    return Response(
        200,
        {
            "object": "list",
            "data": data[::-1],
            "model": "text-embedding-test",
            "usage": {"prompt_tokens": len(texts), "total_tokens": len(texts)},
        },
    )


def _client(server: FakeServer, **kwargs: object) -> OpenAIEmbedder:
    options: dict = {
        "base_url": server.url + "/v1",
        "model": "text-embedding-test",
        "timeout_s": 2.0,
        **kwargs,
    }
    return OpenAIEmbedder(**options)


def test_openai_embedder_speaks_the_real_json(fake_server: FakeServer) -> None:
    fake_server.route("POST", "/v1/embeddings", _embeddings_answer)
    embedder = _client(
        fake_server,
        api_key="sk-test",
        batch_size=2,
        query_prefix="query: ",
        document_prefix="passage: ",
    )
    rows = embedder.embed_documents(["a", "bbb", "cc"])
    assert rows.shape == (3, 4) and rows.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-6)
    expected = np.array([[10, 1, 0, 2], [12, 1, 0, 2], [11, 1, 0, 2]], dtype=np.float32)
    np.testing.assert_allclose(rows, expected / np.linalg.norm(expected, axis=1, keepdims=True))
    query = embedder.embed_query("x")
    assert query.shape == (4,)
    assert describe(embedder) == {"name": "text-embedding-test", "dimension": 4}

    bodies = [json.loads(r.body) for r in fake_server.requests]
    assert [b["input"] for b in bodies] == [
        ["passage: a", "passage: bbb"],
        ["passage: cc"],
        ["query: x"],
    ]
    assert all(b["model"] == "text-embedding-test" and "input_type" not in b for b in bodies)
    assert fake_server.requests[0].headers["authorization"] == "Bearer sk-test"


def test_openai_embedder_probes_its_dimension_and_can_send_input_type(
    fake_server: FakeServer,
) -> None:
    fake_server.route("POST", "/v1/embeddings", _embeddings_answer)
    embedder = _client(fake_server, send_input_type=True)
    assert embedder.dimension == 4
    embedder.embed_documents(["a"])
    bodies = [json.loads(r.body) for r in fake_server.requests]
    assert [b["input_type"] for b in bodies] == ["query", "passage"]
    assert "authorization" not in fake_server.requests[0].headers


def test_a_changed_dimension_is_an_error(fake_server: FakeServer) -> None:
    fake_server.route("POST", "/v1/embeddings", lambda req: _embeddings_answer(req, 3))
    with pytest.raises(ServiceError, match=r"3-dimensional vectors where 4 were expected"):
        _client(fake_server, dimension=4).embed_query("Venus")


def test_server_error_names_the_endpoint_and_the_message(fake_server: FakeServer) -> None:
    body = {
        "error": {
            "message": "model 'text-embedding-test' not loaded",
            "type": "server_error",
            "code": None,
        }
    }
    fake_server.route("POST", "/v1/embeddings", Response(500, body))
    with pytest.raises(ServiceError) as caught:
        _client(fake_server, api_key="sk-secret").embed_query("Venus")
    message, detail = str(caught.value), caught.value.detail
    assert f"{fake_server.url}/v1/embeddings answered HTTP 500" in message
    assert "not loaded" in detail and "sk-secret" not in message + detail  # the server's words: the step's


@pytest.mark.parametrize(
    "body",
    [
        "<html>Bad gateway</html>",
        {"object": "list", "data": [{"index": 0, "embedding": "AAAAAA=="}]},
        {"object": "list", "data": []},
        {"object": "list", "data": [{"index": 0, "embedding": [0.0, 0.0]}]},
    ],
    ids=["html", "base64", "empty", "zero-vector"],
)
def test_garbage_is_a_service_error(fake_server: FakeServer, body: object) -> None:
    fake_server.route("POST", "/v1/embeddings", Response(200, body))
    with pytest.raises(ServiceError, match=r"/v1/embeddings answered .*OpenAI-compatible"):
        _client(fake_server).embed_query("Venus")


def test_timeout_is_a_service_error(fake_server: FakeServer) -> None:
    fake_server.route("POST", "/v1/embeddings", Response(200, {}, delay_s=1.0))
    with pytest.raises(ServiceError, match=r"did not answer within 0.2 s"):
        _client(fake_server, timeout_s=0.2).embed_query("Venus")


def test_unreachable_endpoint_is_a_service_error() -> None:
    with socket.socket() as probe:  # a free loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    embedder = OpenAIEmbedder(base_url=f"http://127.0.0.1:{port}/v1", model="m", timeout_s=1.0)
    with pytest.raises(ServiceError, match=r"could not be reached .*check the URL"):
        embedder.embed_query("Venus")
