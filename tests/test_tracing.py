from __future__ import annotations

import asyncio
import json
import logging
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.base.llms.types import ToolCallBlock
from llama_index.core.instrumentation import get_dispatcher
from llama_index.core.llms import ChatMessage, MessageRole
from llama_index.core.llms.mock import MockFunctionCallingLLM
from openinference.instrumentation.llama_index import LlamaIndexInstrumentor
from opentelemetry import trace
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from singularity import tracing
from singularity.config import PROJECT_ROOT, Settings
from singularity.errors import ServiceError
from singularity.tracing import (
    PhoenixProcess,
    collector_endpoint,
    needs_local_phoenix,
    setup_tracing,
    traces_url,
)
from tests.fakes.server import FakeServer, Request, Response

# Building a LlamaIndex agent touches deprecated pydantic attributes (llama-index-core 0.14.25),
# and the OpenInference handler calls pydantic's deprecated ``.json()`` on LLM metadata; as
# errors, the latter would make the handler drop every LLM span silently.
pytestmark = [
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecationWarning:inspect"),
    pytest.mark.filterwarnings(
        "ignore::pydantic.warnings.PydanticDeprecationWarning:openinference.instrumentation.*"
    ),
]


def _settings(tmp_path: Path, **tracing_values: Any) -> Settings:
    return Settings.model_validate({
        "paths": {"data_dir": str(tmp_path / "data")},
        "tracing": {"project_name": "singularity-test", **tracing_values},
    })


@pytest.fixture(autouse=True)
def _no_phoenix_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("PHOENIX_COLLECTOR_ENDPOINT", raising=False)
    monkeypatch.delenv("PHOENIX_API_KEY", raising=False)
    yield
    if tracing._active is not None:  # a failed test must not leave LlamaIndex instrumented
        tracing._active.shutdown(timeout_s=0.1)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


def _calculator() -> FunctionAgent:
    """An agent whose scripted model calls one tool, then answers."""

    def reply(messages: list[ChatMessage], **_: object) -> ChatMessage:
        if any(m.role is MessageRole.TOOL for m in messages):
            return ChatMessage(role=MessageRole.ASSISTANT, content="The sum is 3.")
        call = ToolCallBlock(tool_call_id="c1", tool_name="add", tool_kwargs={"a": 1, "b": 2})
        return ChatMessage(role=MessageRole.ASSISTANT, blocks=[call])

    return FunctionAgent(
        name="Calculator", description="Adds.", system_prompt="Add.", tools=[add],
        llm=MockFunctionCallingLLM(response_generator=reply),
    )


async def _ask_calculator() -> str:
    return str(await _calculator().run(user_msg="What is 1 + 2?"))


def _exported(requests: list[Request]) -> tuple[set[str], list[dict[str, str]]]:
    """Project names of the resources and (name, span kind) of every span received."""
    projects: set[str] = set()
    spans: list[dict[str, str]] = []
    for request in requests:
        export = ExportTraceServiceRequest.FromString(request.body)
        for resource_spans in export.resource_spans:
            attributes = {a.key: a.value.string_value for a in resource_spans.resource.attributes}
            projects.add(attributes["openinference.project.name"])
            for scope in resource_spans.scope_spans:
                for span in scope.spans:
                    kind = {a.key: a.value.string_value for a in span.attributes}
                    spans.append({"name": span.name, "kind": kind["openinference.span.kind"]})
    return projects, spans


# --- endpoint resolution -------------------------------------------------------------------

def test_endpoint_defaults_to_the_local_phoenix(tmp_path: Path) -> None:
    settings = _settings(tmp_path, phoenix_port=6111)
    assert collector_endpoint(settings) == "http://127.0.0.1:6111/v1/traces"
    assert needs_local_phoenix(settings)


def test_configured_endpoint_beats_local_phoenix(tmp_path: Path) -> None:
    settings = _settings(tmp_path, collector_endpoint="https://phoenix.example.org/s/space/")
    assert collector_endpoint(settings) == "https://phoenix.example.org/s/space/v1/traces"
    assert not needs_local_phoenix(settings)


def test_environment_beats_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PHOENIX_COLLECTOR_ENDPOINT", "http://collector:6006")
    settings = _settings(tmp_path, collector_endpoint="http://configured:6006")
    assert collector_endpoint(settings) == "http://collector:6006/v1/traces"
    assert not needs_local_phoenix(_settings(tmp_path))


def test_tracing_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PHOENIX_COLLECTOR_ENDPOINT", "http://collector:6006")
    settings = _settings(tmp_path, enabled=False)
    assert collector_endpoint(settings) is None
    assert not needs_local_phoenix(settings)
    assert setup_tracing(settings=settings) is None


@pytest.mark.parametrize(("base", "url"), [
    ("http://h:1", "http://h:1/v1/traces"),
    ("http://h:1/", "http://h:1/v1/traces"),
    ("http://h:1/v1/traces", "http://h:1/v1/traces"),
    ("h:4318", "http://h:4318/v1/traces"),
    (" http://h/prefix/v1/traces/ ", "http://h/prefix/v1/traces"),
])
def test_traces_url(base: str, url: str) -> None:
    assert traces_url(base) == url


# --- export ---------------------------------------------------------------------------------

async def test_spans_reach_the_collector_with_the_project_name(
    tmp_path: Path, fake_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PHOENIX_API_KEY", "secret-key")
    fake_server.route("POST", "/v1/traces",
                      Response(200, b"", {"Content-Type": "application/x-protobuf"}))
    handle = setup_tracing(settings=_settings(tmp_path), endpoint=fake_server.url)
    assert handle is not None
    assert handle.endpoint == f"{fake_server.url}/v1/traces"
    assert trace.get_tracer_provider() is not handle.provider  # never the global provider

    assert await _ask_calculator() == "The sum is 3."
    handle.shutdown()

    projects, spans = _exported(fake_server.requests)
    assert projects == {"singularity-test"}
    kinds = {span["kind"] for span in spans}
    assert {"LLM", "TOOL", "CHAIN"} <= kinds
    assert "FunctionTool.acall" in {span["name"] for span in spans}
    assert {r.headers["authorization"] for r in fake_server.requests} == {"Bearer secret-key"}
    assert {r.headers["content-type"] for r in fake_server.requests} == {"application/x-protobuf"}


async def test_after_shutdown_nothing_is_traced(tmp_path: Path, fake_server: FakeServer) -> None:
    fake_server.route("POST", "/v1/traces", Response(200, b""))
    setup_tracing(settings=_settings(tmp_path), endpoint=fake_server.url).shutdown()

    assert not LlamaIndexInstrumentor().is_instrumented_by_opentelemetry
    handlers = get_dispatcher().span_handlers + get_dispatcher().event_handlers
    assert not [h for h in handlers if type(h).__module__.startswith("openinference")]
    await _calculator().run(user_msg="What is 1 + 2?")
    assert fake_server.requests == []


async def test_unreachable_collector_does_not_fail_a_turn(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="singularity.tracing")
    agent = _calculator()
    handle = setup_tracing(settings=_settings(tmp_path),
                           endpoint=f"http://127.0.0.1:{_closed_port()}")
    assert str(await agent.run(user_msg="What is 1 + 2?")) == "The sum is 3."
    handle.shutdown(timeout_s=0.3)  # the export keeps failing in the background

    deadline = time.monotonic() + 3
    while "Trace export" not in caplog.text and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert "Connection refused" in caplog.text or "Failed to establish" in caplog.text
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert loud == []


def test_setup_is_idempotent(tmp_path: Path, fake_server: FakeServer) -> None:
    first = setup_tracing(settings=_settings(tmp_path), endpoint=fake_server.url)
    assert setup_tracing(settings=_settings(tmp_path), endpoint="http://elsewhere:1") is first
    first.shutdown()
    first.shutdown()  # harmless twice

    second = setup_tracing(settings=_settings(tmp_path), endpoint=fake_server.url)
    assert second is not None and second is not first
    assert LlamaIndexInstrumentor().is_instrumented_by_opentelemetry
    second.shutdown()


def test_incompatible_llama_index_turns_tracing_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(LlamaIndexInstrumentor, "instrumentation_dependencies",
                        lambda self: ("llama-index-core >= 99",))
    assert setup_tracing(settings=_settings(tmp_path), endpoint="http://127.0.0.1:1") is None
    assert "Tracing is off" in caplog.text
    assert not LlamaIndexInstrumentor().is_instrumented_by_opentelemetry


def test_importing_tracing_does_not_import_phoenix() -> None:
    code = ("import sys, singularity.tracing; "
            "print(sorted(m for m in sys.modules if m == 'phoenix' or m.startswith('phoenix.')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, check=True,
                            capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "[]"


# --- the local Phoenix process ----------------------------------------------------------------

def _fake_phoenix(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "bin" / "phoenix"
    script.parent.mkdir()
    script.write_text(f"#!{sys.executable}\n" + textwrap.dedent(body))
    script.chmod(0o755)
    return script


def test_phoenix_is_started_with_its_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    go = tmp_path / "go"
    script = _fake_phoenix(tmp_path, """
        import json, os, pathlib, sys, time
        while not pathlib.Path(GO_FILE).exists():  # the test lets it go once start() has returned
            time.sleep(0.01)
        keys = [k for k in os.environ if k.startswith("PHOENIX_")]
        print(json.dumps({"args": sys.argv[1:], "cwd": os.getcwd(),
                          "env": {k: os.environ[k] for k in keys}}))
        sys.exit(3)
    """.replace("GO_FILE", repr(str(go))))
    monkeypatch.setattr(tracing, "phoenix_executable", lambda: script)
    settings = _settings(tmp_path, phoenix_port=_closed_port())
    phoenix = PhoenixProcess(settings=settings, grpc_port=4999)

    phoenix.start()  # returns while the fake server still waits for the test: it does not wait
    assert phoenix.running
    go.touch()
    assert phoenix.wait_ready(10) is False  # it exited: no need to wait ten seconds
    assert "exited with code 3" in caplog.text
    phoenix.stop()

    record = json.loads(phoenix.log_path.read_text(encoding="utf-8"))
    assert phoenix.log_path.parent == settings.data_dir / "phoenix"
    assert record["args"] == ["serve"]
    assert record["cwd"] == str(settings.data_dir / "phoenix")
    assert {
        "PHOENIX_WORKING_DIR": str(settings.data_dir / "phoenix"),
        "PHOENIX_HOST": "127.0.0.1",
        "PHOENIX_PORT": str(settings.tracing.phoenix_port),
        "PHOENIX_GRPC_PORT": "4999",
        "PHOENIX_TELEMETRY_ENABLED": "false",
        "PHOENIX_DISABLE_AGENT_ASSISTANT": "true",
        "PHOENIX_ALLOW_EXTERNAL_RESOURCES": "false",
        "PHOENIX_LOG_MIGRATIONS": "false",
    }.items() <= record["env"].items()


def test_stop_kills_a_phoenix_that_ignores_terminate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _fake_phoenix(tmp_path, """
        import signal, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        print("stubborn", flush=True)
        time.sleep(60)
    """)
    monkeypatch.setattr(tracing, "phoenix_executable", lambda: script)
    with PhoenixProcess(settings=_settings(tmp_path, phoenix_port=_closed_port())) as phoenix:
        deadline = time.monotonic() + 5
        while "stubborn" not in phoenix.log_path.read_text() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert phoenix.running
        phoenix.stop(grace_s=0.3)
        assert not phoenix.running


def test_port_taken_by_another_program(tmp_path: Path, fake_server: FakeServer) -> None:
    port = int(fake_server.url.rsplit(":", 1)[1])
    phoenix = PhoenixProcess(settings=_settings(tmp_path, phoenix_port=port))
    with pytest.raises(ServiceError, match=f"Port {port} .* another program"):
        phoenix.start()
    assert not phoenix.running


def test_running_phoenix_is_reused(tmp_path: Path, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/arize_phoenix_version", Response(200, "19.17.0"))
    fake_server.route("GET", "/healthz", Response(200, "OK"))
    port = int(fake_server.url.rsplit(":", 1)[1])
    with PhoenixProcess(settings=_settings(tmp_path, phoenix_port=port)) as phoenix:
        assert phoenix.reused and phoenix.running
        assert phoenix.wait_ready(1)
    assert not (tmp_path / "data" / "phoenix").exists()  # nothing was started


def test_missing_phoenix_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    with pytest.raises(ServiceError, match="phoenix command is not installed"):
        PhoenixProcess(settings=_settings(tmp_path, phoenix_port=_closed_port())).start()


@pytest.mark.slow
def test_a_running_phoenix_is_reused_left_running_and_receives_traces(real_phoenix: int, tmp_path: Path) -> None:
    """The session's real Phoenix (started by ``PhoenixProcess`` in ``running_phoenix``; that a
    Phoenix the app started stops with it is ``tests/ui/test_app_process.py``'s)."""
    settings = _settings(tmp_path, phoenix_port=real_phoenix, project_name=f"reuse-{tmp_path.name}")
    with PhoenixProcess(settings=settings) as second:
        assert second.wait_ready(0) and second.reused
        url = second.url
    assert PhoenixProcess(settings=settings).wait_ready(0)  # stopping the reusing one left it alone

    handle = setup_tracing(settings=settings)
    assert handle is not None and handle.endpoint == f"{url}/v1/traces"
    asyncio.run(_ask_calculator())
    handle.shutdown(timeout_s=10)
    deadline = time.monotonic() + 20
    names: list[str] = []
    while settings.tracing.project_name not in names and time.monotonic() < deadline:
        projects = httpx.get(f"{url}/v1/projects", timeout=5, trust_env=False)
        names = [p["name"] for p in projects.json()["data"]]
        time.sleep(0.2)
    assert settings.tracing.project_name in names
