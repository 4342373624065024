"""The fake OpenAI-compatible server's wire format, read raw with httpx."""

from __future__ import annotations

import json

import httpx

from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI, approx_prompt_tokens

BODY = {"model": "m/1", "messages": [{"role": "user", "content": "Sunset?"}],
        "tools": [{"type": "function", "function": {"name": "sunset_time", "parameters": {}}}]}


def sse_events(text: str) -> list[str]:
    return [line.removeprefix("data: ") for line in text.split("\n\n") if line]


def test_a_plain_reply_carries_usage(fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.text("21:25"))
    reply = httpx.post(f"{fake_openai.base_url}/chat/completions", json=BODY).json()
    assert reply["choices"][0]["message"]["content"] == "21:25"
    assert reply["choices"][0]["finish_reason"] == "stop" and reply["model"] == "m/1"
    assert reply["usage"]["prompt_tokens"] == approx_prompt_tokens(BODY) > 0
    assert fake_openai.calls[0].body == BODY


def test_streamed_tool_calls_arrive_in_pieces(fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.tool_call("sunset_time", {"date": "2026-06-21"}))
    body = {**BODY, "stream": True, "stream_options": {"include_usage": True}}
    response = httpx.post(f"{fake_openai.openrouter_url}/chat/completions", json=body)
    assert response.headers["content-type"].startswith("text/event-stream")
    *chunks, done = sse_events(response.text)
    assert done == "[DONE]"
    parsed = [json.loads(chunk) for chunk in chunks]
    deltas = [p["choices"][0]["delta"] for p in parsed if p["choices"]]
    arguments = "".join(d["tool_calls"][0]["function"]["arguments"] for d in deltas
                        if d.get("tool_calls"))
    assert json.loads(arguments) == {"date": "2026-06-21"}
    assert len([d for d in deltas if d.get("tool_calls")]) > 2  # really incremental
    assert parsed[-2]["choices"][0]["finish_reason"] == "tool_calls"
    assert parsed[-1]["choices"] == [] and parsed[-1]["usage"]["prompt_tokens"] > 0


def test_an_exhausted_script_answers_with_an_error(fake_openai: FakeOpenAI) -> None:
    response = httpx.post(f"{fake_openai.base_url}/chat/completions", json=BODY)
    assert response.status_code == 500
    assert response.json()["error"]["message"] == "The fake server's script is exhausted."
