"""Secrets never leave the process: masking of texts, log records and spans, and a scan of
everything a turn through every service client leaves behind for canary keys."""

from __future__ import annotations

import base64
import io
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import Status, StatusCode

from singularity import masking
from singularity.config import Settings, load_settings
from singularity.masking import MASK, SECRET_VARIABLES, install_secret_masking, mask
from singularity.tracing import MaskingSpanProcessor, setup_tracing
from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.server import Request, Response
from tests.fakes.stellarium import FakeStellarium
from tests.fakes.world import World, ask, stellarium_in_process
from tests.support import ROOT, settings_with_index, with_knowledge
from tests.workflow.conftest import ARTICLE_EXAMPLE

CANARIES = {name: f"canary{number}x{name.lower().replace('_', '')}" for number, name
            in enumerate(SECRET_VARIABLES)}


@pytest.fixture
def masked_logging() -> Iterator[None]:
    """Masking installed for the test, the record factory restored afterwards."""
    original = logging.getLogRecordFactory()
    install_secret_masking()
    yield
    logging.setLogRecordFactory(original)
    masking._installed = None


@pytest.fixture
def canaries(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    for name, value in CANARIES.items():
        monkeypatch.setenv(name, value)
    return CANARIES


def test_configured_secrets_are_masked_wherever_they_appear(canaries: dict[str, str]) -> None:
    text = " / ".join(f"{name} is {value}!" for name, value in canaries.items())
    masked = mask(text)
    assert not any(value in masked for value in canaries.values())
    assert masked.count(MASK) == len(canaries)


@pytest.mark.parametrize(("text", "secret"), [
    ("HTTP Request: GET https://api.openweathermap.org/data/2.5/forecast?lat=47&appid=f00d&units=metric",
     "f00d"),
    ("GET /maps?key=AIzaSyX&q=x", "AIzaSyX"),
    ("Authorization: Bearer sk-or-v1-abc123", "sk-or-v1-abc123"),
    ("X-Subscription-Token: BSAxyz", "BSAxyz"),
    ("Request options: {'headers': {'Authorization': 'Bearer sk-live-1'}, 'json_data': {}}", "sk-live-1"),
    ('{"api_key": "k-42", "model": "m"}', "k-42"),
    ("proxy https://user:hunter2@proxy.example:3128", "hunter2"),
])
def test_credential_shaped_text_is_masked_whatever_its_value(text: str, secret: str) -> None:
    masked = mask(text)
    assert secret not in masked and MASK in masked


def test_ordinary_text_is_left_alone() -> None:
    text = '{"key": "planning.place_unknown", "monkey": "keyboard"} tokens: 512'
    assert mask(text) == text


def test_every_log_record_is_masked_even_for_handlers_added_later(
        canaries: dict[str, str], masked_logging: None) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger = logging.getLogger("tests.secrets.late")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    key = canaries["OPENWEATHERMAP_API_KEY"]
    try:
        logger.info("HTTP Request: %s %s", "GET", f"http://127.0.0.1/data?appid={key}")
        try:
            raise ValueError(f"Incorrect API key provided: {canaries['OPENAI_LIKE_API_KEY']}")
        except ValueError:
            logger.exception("The model failed")
    finally:
        logger.removeHandler(handler)
    written = stream.getvalue()
    assert "appid=***" in written and "Incorrect API key provided: ***" in written
    assert not any(value in written for value in canaries.values())


def test_spans_are_masked_before_they_are_exported(canaries: dict[str, str]) -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(MaskingSpanProcessor(SimpleSpanProcessor(exporter)))
    key = canaries["BRAVE_API_KEY"]
    with provider.get_tracer("test").start_as_current_span(f"search {key}") as span:
        span.set_attribute("input.value", f'{{"headers": {{"X-Subscription-Token": "{key}"}}}}')
        span.set_attribute("tags", [f"token={key}", "plain"])
        span.record_exception(RuntimeError(f"rejected {key}"))
        span.set_status(Status(StatusCode.ERROR, f"key {key} rejected"))
    provider.shutdown()
    [exported] = exporter.get_finished_spans()
    assert key not in exported.to_json()
    assert exported.attributes is not None and exported.attributes["tags"] == ("token=***", "plain")


# -- one conversation through every service client, with canary keys ------------------------

QUESTIONS = (
    ARTICLE_EXAMPLE,  # Nominatim, OpenWeatherMap (appid= in the URL)
    "Wie heiß ist die Oberfläche der Venus?",  # the embeddings endpoint (Bearer key)
    "Was hat das James-Webb-Teleskop im November 2026 entdeckt?",  # Brave (token header)
    "Zeig mir Bilder vom Orionnebel",  # Commons, NASA
    "Öffne Vega in Stellarium",  # SIMBAD, Stellarium (Basic auth password)
)


def _echo_key(request: Request) -> Response:
    """An embeddings endpoint that rejects the key and quotes it, as OpenAI's API does."""
    key = request.headers.get("authorization", "").removeprefix("Bearer ")
    return Response(401, {"error": {"message": f"Incorrect API key provided: {key}.",
                                    "type": "invalid_request_error", "code": "invalid_api_key"}})


def _echo_token(request: Request) -> Response:
    token = request.headers.get("x-subscription-token", "")
    return Response(422, {"type": "ErrorResponse", "error": {
        "code": "SUBSCRIPTION_TOKEN_INVALID", "detail": f"The token {token} is invalid.",
        "status": 422}})


def _settings_of(environment: dict[str, str]) -> Settings:
    return load_settings(config_path=ROOT / "config.yaml", environ=environment)


def _basic(password: str) -> str:
    return "Basic " + base64.b64encode(f":{password}".encode()).decode()


def test_a_conversation_through_every_service_leaves_no_secret_behind(
        tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, knowledge_index: Path,
        masked_logging: None) -> None:
    settings = with_knowledge(settings_with_index(tmp_path, tmp_path_factory), knowledge_index)
    world = World()
    locked = FakeStellarium(password=CANARIES["STELLARIUM_PASSWORD"])
    model = FakeOpenAI(world.healthy)
    world.healthy.route("POST", "/v1/embeddings", _echo_key)
    world.healthy.route("GET", "/res/v1/web/search", _echo_token)
    base = world.environment(settings) | CANARIES | {
        "SINGULARITY__TRACING__ENABLED": "true",
        "SINGULARITY__GEOCODING__ONLINE": "true",
        "SINGULARITY__WEATHER__PROVIDER": "openweathermap",
        "SINGULARITY__STELLARIUM__SIMBAD_ONLINE": "true",
        "SINGULARITY__STELLARIUM__URL": locked.url,
    }
    turns = [(base | ({"SINGULARITY__KNOWLEDGE__EMBEDDING_URL": f"{world.healthy.url}/v1"}
                      if "Venus" in question else {}), question) for question in QUESTIONS]
    model_environment = base | {"SINGULARITY__LLM__PROVIDER": "openai_like",
                                "SINGULARITY__LLM__OPENAI_LIKE_URL": model.base_url,
                                "SINGULARITY__LLM__TIMEOUT_S": "5",
                                "SINGULARITY__LLM__MAX_RETRIES": "0"}
    model.script(script.text("Hallo!"), script.http_error(401, {
        "message": f"Incorrect API key provided: {CANARIES['OPENAI_LIKE_API_KEY']}.",
        "type": "invalid_request_error", "param": None, "code": "invalid_api_key"}))
    turns += [(model_environment, "Hallo"), (model_environment, "Wie warm ist es auf dem Mars?")]

    logged = io.StringIO()
    capture = logging.StreamHandler(logged)
    capture.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    level = root.level
    root.addHandler(capture)
    root.setLevel(logging.DEBUG)
    exporter = InMemorySpanExporter()
    session = tmp_path / "conversation.json"
    printed = []
    try:
        with stellarium_in_process():
            for environment, question in turns:
                setup_tracing(settings=_settings_of(environment), exporter=exporter)
                printed.append(ask(environment, question, session, verbose=True).output)
    finally:
        root.removeHandler(capture)
        root.setLevel(level)
        model.release()
        locked.stop()
        world.stop()

    # every key in use went out on the wire (the scan below is not vacuous) ...
    sent = " ".join(str(r.query) + str(r.headers) for r in [*world.healthy.requests, *locked.requests])
    unused = {"OPENROUTER_API_KEY", "QDRANT_API_KEY", "PHOENIX_API_KEY"}  # no such server here
    wire = {name: _basic(value) if name == "STELLARIUM_PASSWORD" else value
            for name, value in CANARIES.items() if name not in unused}
    assert [name for name, value in wire.items() if value not in sent] == []
    # ... and none of them, in any form, is in what the process printed, logged, traced or saved
    left_behind = {
        "output": "\n".join(printed),
        "logs": logged.getvalue(),
        "spans": "\n".join(span.to_json() for span in exporter.get_finished_spans()),
        **{str(path): path.read_text(encoding="utf-8", errors="replace")
           for path in [session, *(settings.data_dir / "logs").rglob("*")] if path.is_file()},
    }
    assert "appid=***" in left_behind["logs"]  # httpx logged the weather URL, masked
    assert left_behind["spans"]
    forms = {**CANARIES, "STELLARIUM_PASSWORD (Basic)": _basic(CANARIES["STELLARIUM_PASSWORD"])[6:]}
    leaks = {where: name for where, text in left_behind.items()
             for name, value in forms.items() if value in text}
    assert leaks == {}


def test_a_record_without_secrets_keeps_its_arguments(masked_logging: None) -> None:
    record = logging.getLogger("uvicorn.access").makeRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", "/", "1.1", 200), None)
    assert record.args == ("127.0.0.1:5000", "GET", "/", "1.1", 200)
