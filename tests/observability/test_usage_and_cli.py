"""Token counts and cost on the turn span when a model answers; ``ask --json`` names the
trace; the token tally on its own."""

from __future__ import annotations

import json
import re

import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from typer.testing import CliRunner

from singularity.cli import app
from singularity.config import ModelPrice, Settings, get_settings
from singularity.llm.providers import OPENROUTER_KEY
from singularity.observability.usage import Usage
from singularity.workflow.runner import Session, TurnRecord, run_turn
from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.server import FakeServer, Response
from tests.support import offline_env
from tests.tracing_support import metadata, root, traced
from tests.workflow.conftest import NOW, clear_forecast

pytestmark = [
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecationWarning:inspect"),
    pytest.mark.filterwarnings(
        "ignore::pydantic.warnings.PydanticDeprecationWarning:openinference.instrumentation.*"
    ),
]
MODEL = "openai/gpt-4.1-mini"


def test_cost_needs_a_price_for_every_model_that_used_tokens() -> None:
    usage = Usage(prompt={"a": 1_000_000, "b": 500_000}, completion={"a": 250_000})
    prices = {"a": ModelPrice(prompt_per_million=0.4, completion_per_million=1.6),
              "b": ModelPrice(prompt_per_million=2.0, completion_per_million=8.0)}
    assert usage.prompt_tokens == 1_500_000 and usage.completion_tokens == 250_000
    assert usage.cost(prices) == pytest.approx(0.4 + 0.4 + 1.0)
    assert usage.cost({"a": prices["a"]}) is None
    assert Usage().cost(prices) is None


async def test_a_model_s_turn_carries_its_tokens_and_cost(
        settings: Settings, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(OPENROUTER_KEY, raising=False)
    fake = FakeOpenAI(fake_server)
    fake.script(script.text("Hello! Ask me about the sky."))
    llm = settings.llm.model_copy(update={"provider": "openai_like", "openai_like_url": fake.base_url,
                                          "max_retries": 0, "timeout_s": 5})
    tracing = settings.tracing.model_copy(update={"prices": {
        MODEL: ModelPrice(prompt_per_million=0.4, completion_per_million=1.6)}})
    settings = settings.model_copy(update={"llm": llm, "tracing": tracing})
    with traced(settings) as recorded:
        record = None
        async for item in run_turn(Session.create(settings=settings), "Hello!", now=NOW):
            if isinstance(item, TurnRecord):
                record = item
        assert record is not None
        spans = recorded.trace(record.trace_id)

    turn = root(spans)
    prompt = sum(s.attributes.get("llm.token_count.prompt", 0) for s in spans if s is not turn)
    completion = sum(s.attributes.get("llm.token_count.completion", 0) for s in spans if s is not turn)
    assert prompt > 0 and completion > 0
    assert turn.attributes["llm.token_count.prompt"] == prompt
    assert turn.attributes["llm.token_count.total"] == prompt + completion
    assert turn.attributes["llm.cost.total"] == pytest.approx((prompt * 0.4 + completion * 1.6) / 1e6)
    meta = metadata(turn)
    assert meta["models"]["SingularityOrchestrator"] == MODEL and "model" in turn.attributes["tag.tags"]
    assert meta["tokens"] == {"prompt": prompt, "completion": completion}


def test_ask_json_prints_the_trace_id(settings: Settings, fake_server: FakeServer,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    clear_forecast(fake_server)
    fake_server.route("POST", "/v1/traces", Response(200, b"", {"Content-Type": "application/x-protobuf"}))
    for key, value in offline_env(settings, fake_server.url).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("SINGULARITY__TRACING__ENABLED", "true")
    monkeypatch.setenv("PHOENIX_COLLECTOR_ENDPOINT", fake_server.url)
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(app, ["ask", "Hello!", "--json"])
    finally:
        get_settings.cache_clear()

    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert len(record["trace_id"]) == 32 and len(record["span_id"]) == 16
    exported = [(span.trace_id.hex(), span.name)
                for request in fake_server.requests if request.path == "/v1/traces"
                for resource in ExportTraceServiceRequest.FromString(request.body).resource_spans
                for scope in resource.scope_spans for span in scope.spans]
    assert (record["trace_id"], "turn") in exported

    get_settings.cache_clear()
    try:
        printed = CliRunner().invoke(app, ["ask", "Hello!"])
    finally:
        get_settings.cache_clear()
    assert printed.exit_code == 0, printed.output
    link = printed.stdout.splitlines()[-1]
    assert re.fullmatch(rf"This answer's trace in Phoenix: {fake_server.url}/redirects/traces/[0-9a-f]{{32}}", link)
