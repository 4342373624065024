"""Provider selection, the per-role clients, and the real OpenRouter / OpenAILike clients
driving a real FunctionAgent against the fake OpenAI-compatible server."""

from __future__ import annotations

import json
import socket
from typing import Any

import httpx
import openai
import pytest
from llama_index.core.agent.workflow import FunctionAgent, ToolCall, ToolCallResult
from llama_index.core.tools import FunctionTool
from llama_index.llms.openai_like import OpenAILike
from llama_index.llms.openrouter import OpenRouter

from singularity.errors import ConfigError
from singularity.llm.providers import (
    build_llm,
    describe_provider,
    llm_failure,
    resolve_provider,
)
from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
from tests.llm.conftest import TEST_KEY, MakeSettings

# -- provider selection --------------------------------------------------------------------

def test_auto_is_offline_without_key_or_url(make_settings: MakeSettings) -> None:
    settings = make_settings()
    assert resolve_provider(settings) == "offline"
    assert build_llm("planning", settings=settings) is None
    assert describe_provider(settings) == (
        "offline pilot (no LLM configured: set OPENROUTER_API_KEY or llm.openai_like_url)")


def test_auto_prefers_openrouter_when_its_key_is_set(
    make_settings: MakeSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENROUTER_API_KEY", TEST_KEY)
    assert resolve_provider(make_settings()) == "openrouter"
    assert resolve_provider(make_settings(openai_like_url="http://127.0.0.1:1234/v1")) == "openrouter"


def test_auto_uses_openai_like_url_without_key(
    make_settings: MakeSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENROUTER_API_KEY", "   ")  # blank counts as missing
    assert resolve_provider(make_settings(openai_like_url="http://127.0.0.1:1234/v1")) == "openai_like"


def test_explicit_offline_wins_over_a_key(
    make_settings: MakeSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENROUTER_API_KEY", TEST_KEY)
    assert resolve_provider(make_settings(provider="offline")) == "offline"


def test_explicit_openrouter_without_key_names_the_variable(make_settings: MakeSettings) -> None:
    settings = make_settings(provider="openrouter")
    with pytest.raises(ConfigError, match="OPENROUTER_API_KEY"):
        resolve_provider(settings)
    with pytest.raises(ConfigError, match="OPENROUTER_API_KEY"):
        build_llm("planning", settings=settings)


def test_explicit_openai_like_without_url_names_the_setting(make_settings: MakeSettings) -> None:
    with pytest.raises(ConfigError, match=r"llm\.openai_like_url"):
        resolve_provider(make_settings(provider="openai_like"))


# -- the clients -----------------------------------------------------------------------------

def test_openrouter_client_per_role(openrouter_settings: MakeSettings) -> None:
    settings = openrouter_settings(models__judge="anthropic/claude-sonnet-4", temperature="0.3",
                                   context_window="65536", timeout_s="7")
    planning = build_llm("planning", settings=settings)
    judge = build_llm("judge", settings=settings)
    assert isinstance(planning, OpenRouter) and isinstance(judge, OpenRouter)
    assert planning.model == settings.llm.models["planning"]
    assert judge.model == "anthropic/claude-sonnet-4"
    assert planning.api_base == settings.llm.openrouter_url
    assert planning.api_key == TEST_KEY
    assert (planning.temperature, planning.timeout, planning.max_retries) == (0.3, 7.0, 0)
    assert planning.context_window == 65536
    assert planning.metadata.is_function_calling_model and planning.metadata.is_chat_model


def test_openai_like_client_sends_a_placeholder_key_unless_one_is_set(
    openai_like_settings: MakeSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = openai_like_settings(models__planning="qwen2.5-7b-instruct")
    llm = build_llm("planning", settings=settings)
    assert isinstance(llm, OpenAILike)
    assert (llm.model, llm.api_base, llm.api_key) == (
        "qwen2.5-7b-instruct", settings.llm.openai_like_url, "not-needed")
    assert llm.metadata.is_function_calling_model and llm.metadata.is_chat_model
    monkeypatch.setenv("OPENAI_LIKE_API_KEY", "lm-studio-key")
    assert build_llm("planning", settings=settings).api_key == "lm-studio-key"


def test_describe_groups_roles_by_model(openrouter_settings: MakeSettings,
                                        openai_like_settings: MakeSettings,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    models = {f"models__{role}": "openai/gpt-4.1-mini" for role in
              ("orchestrator", "knowledge", "planning", "stellarium", "query_rewriter")}
    settings = openrouter_settings(models__judge="openai/gpt-4.1", **models)
    assert describe_provider(settings) == (
        "OpenRouter (openai/gpt-4.1-mini for orchestrator, knowledge, planning, stellarium and "
        "query_rewriter; openai/gpt-4.1 for judge)")
    monkeypatch.delenv("OPENROUTER_API_KEY")
    local = openai_like_settings(**{key: "qwen3" for key in models}, models__judge="qwen3")
    assert describe_provider(local) == (
        f"OpenAI-compatible server at {local.llm.openai_like_url} (qwen3 for orchestrator, "
        "knowledge, planning, stellarium, query_rewriter and judge)")


# -- a real FunctionAgent through the real clients --------------------------------------------

class Moon:
    """A tiny deterministic tool that records how it was called."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def moon_phase(self, date: str) -> str:
        """The Moon's phase on a date (YYYY-MM-DD)."""
        self.calls.append(date)
        return f"{date}: waxing gibbous, 83% illuminated"

    def tool(self) -> FunctionTool:
        return FunctionTool.from_defaults(fn=self.moon_phase)


async def run_agent(llm: Any, tool: FunctionTool, *, streaming: bool = True
                    ) -> tuple[str, list[Any]]:
    agent = FunctionAgent(name="Test", description="test", system_prompt="Use tools.",
                          tools=[tool], llm=llm, streaming=streaming)
    handler = agent.run(user_msg="What is the Moon's phase on 2026-06-21?")
    events = [event async for event in handler.stream_events()]
    return str(await handler), events


@pytest.mark.parametrize("streaming", [True, False])
async def test_openrouter_drives_a_tool_round(openrouter_settings: MakeSettings,
                                              fake_openai: FakeOpenAI, streaming: bool) -> None:
    fake_openai.script(script.tool_call("moon_phase", {"date": "2026-06-21"}),
                       script.text("On 2026-06-21 the Moon is waxing gibbous (83% lit)."))
    moon = Moon()
    answer, events = await run_agent(build_llm("planning", settings=openrouter_settings()),
                                     moon.tool(), streaming=streaming)

    assert answer == "On 2026-06-21 the Moon is waxing gibbous (83% lit)."
    assert moon.calls == ["2026-06-21"]
    result = next(e for e in events if isinstance(e, ToolCallResult))
    assert not result.tool_output.is_error and "83%" in result.tool_output.content
    first, second = fake_openai.calls
    assert first.path == second.path == "/api/v1/chat/completions"
    assert first.headers["authorization"] == f"Bearer {TEST_KEY}"
    assert first.streaming is streaming
    assert first.tool_names == ["moon_phase"]
    assert first.body["model"] == "openai/gpt-4.1-mini"
    assert first.body["tool_choice"] == "auto"
    assert first.messages[0] == {"role": "system", "content": "Use tools."}
    call_id = second.messages[-2]["tool_calls"][0]["id"]
    assert second.messages[-1] == {"role": "tool", "content": result.tool_output.content,
                                   "tool_call_id": call_id}
    assert fake_openai.remaining == 0


async def test_openai_like_drives_a_tool_round(openai_like_settings: MakeSettings,
                                               fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.tool_call("moon_phase", {"date": "2026-06-21"}),
                       script.text("Waxing gibbous."))
    moon = Moon()
    answer, _ = await run_agent(build_llm("knowledge", settings=openai_like_settings()),
                                moon.tool())
    assert (answer, moon.calls) == ("Waxing gibbous.", ["2026-06-21"])
    assert [call.path for call in fake_openai.calls] == ["/v1/chat/completions"] * 2
    assert fake_openai.calls[0].headers["authorization"] == "Bearer not-needed"
    assert fake_openai.calls[0].tool_names == ["moon_phase"]


async def test_parallel_tool_calls_stream_and_all_run(openrouter_settings: MakeSettings,
                                                      fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.tool_calls(("moon_phase", {"date": "2026-06-21"}),
                                         ("moon_phase", {"date": "2026-06-22"})),
                       script.text("Both nights: waxing gibbous."))
    moon = Moon()
    answer, _ = await run_agent(build_llm("planning", settings=openrouter_settings()),
                                     moon.tool())
    assert answer == "Both nights: waxing gibbous."
    assert sorted(moon.calls) == ["2026-06-21", "2026-06-22"]
    assert len(fake_openai.calls[1].messages[-3]["tool_calls"]) == 2


async def test_unparseable_arguments_become_a_tool_error_the_model_sees(
    openrouter_settings: MakeSettings, fake_openai: FakeOpenAI
) -> None:
    fake_openai.script(script.malformed_tool_call("moon_phase", "{date: 2026-06-21}"),
                       script.text("Sorry, I could not get the phase."))
    moon = Moon()
    answer, events = await run_agent(build_llm("planning", settings=openrouter_settings()),
                                     moon.tool())
    # LlamaIndex cannot parse the arguments, calls the tool with none, and reports the
    # resulting TypeError to the model as the tool's output; the run then ends normally.
    call = next(e for e in events if isinstance(e, ToolCall))
    result = next(e for e in events if isinstance(e, ToolCallResult))
    assert call.tool_kwargs == {} and moon.calls == []
    assert result.tool_output.is_error
    assert "missing 1 required positional argument" in result.tool_output.content
    assert fake_openai.calls[1].messages[-1]["content"] == result.tool_output.content
    assert answer == "Sorry, I could not get the phase."


async def test_truncated_arguments_are_silently_repaired(openrouter_settings: MakeSettings,
                                                        fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.malformed_tool_call("moon_phase", '{"date": "2026-06-21",'),
                       script.text("Waxing gibbous."))
    moon = Moon()
    await run_agent(build_llm("planning", settings=openrouter_settings()), moon.tool())
    # LlamaIndex completes partial JSON: the tool runs although the model's JSON was invalid,
    # which is why check_llm inspects the raw arguments itself.
    assert moon.calls == ["2026-06-21"]
    raw = fake_openai.calls[1].messages[-2]["tool_calls"][0]["function"]["arguments"]
    with pytest.raises(json.JSONDecodeError):
        json.loads(raw)


async def test_text_that_looks_like_a_tool_call_is_just_text(openrouter_settings: MakeSettings,
                                                            fake_openai: FakeOpenAI) -> None:
    reply = script.fake_tool_call_text("moon_phase", {"date": "2026-06-21"})
    fake_openai.script(reply)
    moon = Moon()
    answer, events = await run_agent(build_llm("planning", settings=openrouter_settings()),
                                     moon.tool())
    assert answer == reply.content and moon.calls == []
    assert not any(isinstance(e, ToolCall) for e in events)


@pytest.mark.parametrize("content", ["", None])
async def test_empty_answer_ends_the_run_with_empty_text(
    openrouter_settings: MakeSettings, fake_openai: FakeOpenAI, content: str | None
) -> None:
    fake_openai.script(script.empty(content))
    answer, _ = await run_agent(build_llm("planning", settings=openrouter_settings()),
                                Moon().tool())
    assert answer == ""


@pytest.mark.parametrize(("status", "error_type", "words"), [
    (401, openai.AuthenticationError, "HTTP 401); check OPENROUTER_API_KEY"),
    (429, openai.RateLimitError, "HTTP 429"),
    (500, openai.InternalServerError, "HTTP 500"),
])
@pytest.mark.parametrize("streaming", [True, False])
async def test_http_errors_raise_the_clients_exception(
    openrouter_settings: MakeSettings, fake_openai: FakeOpenAI, status: int,
    error_type: type[Exception], words: str, streaming: bool,
) -> None:
    fake_openai.script(script.http_error(status))
    with pytest.raises(error_type) as caught:
        await run_agent(build_llm("planning", settings=openrouter_settings()), Moon().tool(),
                        streaming=streaming)
    assert caught.value.body == script.ERROR_BODIES[status]  # the real error JSON was parsed
    assert len(fake_openai.calls) == 1  # max_retries=0: no retry
    sentence = llm_failure(caught.value, settings=openrouter_settings()).render("en")
    assert words in sentence and sentence.endswith(".")


async def test_a_slow_server_times_out(openrouter_settings: MakeSettings,
                                       fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.slow(script.text("too late"), 5.0))
    with pytest.raises(openai.APITimeoutError) as caught:
        await run_agent(build_llm("planning", settings=openrouter_settings(timeout_s="0.5")),
                        Moon().tool())
    sentence = llm_failure(caught.value, settings=openrouter_settings(timeout_s="0.5"))
    assert "sent nothing for 0.5 s" in sentence.render("en")
    assert "antwortet" in sentence.render("de")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_connection_refused(openai_like_settings: MakeSettings) -> None:
    settings = openai_like_settings(openai_like_url=f"http://127.0.0.1:{_closed_port()}/v1")
    with pytest.raises(openai.APIConnectionError) as caught:
        await run_agent(build_llm("planning", settings=settings), Moon().tool())
    assert "connection refused" in llm_failure(caught.value, settings=settings).render("en")


# -- error sentences for what the fake server cannot produce ----------------------------------

REQUEST = httpx.Request("POST", "https://openrouter.ai/api/v1/chat/completions")


def connection_error(cause: BaseException) -> openai.APIConnectionError:
    error = openai.APIConnectionError(request=REQUEST)
    error.__cause__ = cause
    return error


def status_error(status: int, message: str) -> openai.APIStatusError:
    response = httpx.Response(status, request=REQUEST, json={"error": {"message": message}})
    return openai.APIStatusError(f"Error code: {status}", response=response,
                                 body={"message": message})


@pytest.mark.parametrize(("error", "words"), [
    (connection_error(httpx.ConnectError("[Errno -2] Name or service not known")),
     "host name in http://localhost:1234/v1 could not be resolved"),
    (connection_error(socket.gaierror(-3, "Temporary failure in name resolution")),
     "host name in http://localhost:1234/v1 could not be resolved"),
    (connection_error(httpx.RemoteProtocolError("Server disconnected")),
     "Could not connect to the model server at http://localhost:1234/v1"),
    (status_error(403, "This model is not available in your region."),
     ("(HTTP 403: This model is not available in your region); the key in OPENAI_LIKE_API_KEY "
      "may not be allowed to use the model openai/gpt-4.1-mini")),
    (status_error(404, "No endpoints found that support tool use."),
     ("(HTTP 404: No endpoints found that support tool use); check the model name "
      "openai/gpt-4.1-mini in llm.models and the address http://localhost:1234/v1.")),
    (status_error(402, "Insufficient credits"), "(HTTP 402): the account has no credits left"),
    (status_error(503, "upstream overloaded"), "internal error (HTTP 503: upstream overloaded)"),
    (status_error(400, "tools is not supported"),
     "rejected the request (HTTP 400: tools is not supported); check the model name"),
    (json.JSONDecodeError("Expecting value", "<html>", 0), "not an OpenAI-compatible model reply"),
    (RuntimeError("boom"), "failed unexpectedly; check the address http://localhost:1234/v1"),
])
def test_every_failure_is_one_sentence_naming_what_to_check(
        openai_like_settings: MakeSettings, error: BaseException, words: str) -> None:
    settings = openai_like_settings(openai_like_url="http://localhost:1234/v1")
    failure = llm_failure(error, settings=settings)
    for language in ("en", "de"):
        sentence = failure.render(language)
        assert "\n" not in sentence and sentence.endswith(".")
        assert "boom" not in sentence and "RuntimeError" not in sentence  # no internals
    assert words in failure.render("en")


def test_the_failed_requests_model_is_named(openai_like_settings: MakeSettings) -> None:
    request = httpx.Request("POST", "http://localhost:1234/v1/chat/completions",
                            json={"model": "qwen3-8b", "messages": []})
    response = httpx.Response(404, request=request, json={"error": {"message": "no such model"}})
    error = openai.NotFoundError("Error code: 404", response=response,
                                 body={"message": "no such model"})
    assert "model name qwen3-8b" in llm_failure(error, settings=openai_like_settings()).render("en")


def test_the_cause_behind_a_wrapper_is_found(openai_like_settings: MakeSettings) -> None:
    try:
        try:
            raise status_error(429, "slow down")
        except openai.APIStatusError as inner:
            raise RuntimeError("workflow step failed") from inner
    except RuntimeError as outer:
        assert "HTTP 429" in llm_failure(outer, settings=openai_like_settings()).render("en")
