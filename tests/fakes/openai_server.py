"""A fake OpenAI-compatible chat completions API that plays a script of planned replies.

It speaks the wire format the ``openai`` client (under LlamaIndex's OpenAI, OpenAILike and
OpenRouter LLMs) expects, streaming included: ``/v1/chat/completions`` for OpenAI-compatible
servers and ``/api/v1/chat/completions`` for OpenRouter's base path. Each request takes the next
planned reply: a text answer, native tool calls, malformed tool-call arguments, text that only
looks like a tool call, an empty answer, an HTTP error with OpenAI's error body, a delay longer
than the client's timeout, or garbage (a web page where the completion should be). Every request body is recorded for assertions and prompt-size counts.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from tests.fakes.server import FakeServer, Request, Response

OPENAI_PATH = "/v1/chat/completions"
OPENROUTER_PATH = "/api/v1/chat/completions"
CREATED = 1_767_225_600  # fixed timestamp: replies are reproducible

ERROR_BODIES: dict[int, dict[str, Any]] = {
    401: {"message": "Incorrect API key provided: sk-fake. You can find your API key at "
                     "https://platform.openai.com/account/api-keys.",
          "type": "invalid_request_error", "param": None, "code": "invalid_api_key"},
    429: {"message": "Rate limit reached for gpt-4.1-mini in organization org-fake on requests "
                     "per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.",
          "type": "requests", "param": None, "code": "rate_limit_exceeded"},
    500: {"message": "The server had an error while processing your request. Sorry about that!",
          "type": "server_error", "param": None, "code": None},
}
"""OpenAI's real error bodies (inside ``{"error": …}``) for the statuses tests exercise."""


@dataclass(frozen=True)
class ToolCallSpec:
    name: str
    arguments: str
    """Exactly what goes on the wire as ``function.arguments`` (normally a JSON string)."""


@dataclass(frozen=True)
class Reply:
    """One planned answer; build it with the helpers below."""

    content: str | None = None
    tool_calls: tuple[ToolCallSpec, ...] = ()
    status: int = 200
    error: dict[str, Any] | None = None
    delay_s: float = 0.0
    page: str | None = None
    """Sent as an HTML page with status 200 instead of a completion."""


def text(content: str) -> Reply:
    return Reply(content=content)


def tool_call(name: str, arguments: dict[str, Any]) -> Reply:
    return tool_calls((name, arguments))


def tool_calls(*calls: tuple[str, dict[str, Any]]) -> Reply:
    """Several native tool calls in one reply, each ``(name, arguments)``."""
    return Reply(tool_calls=tuple(ToolCallSpec(name, json.dumps(args)) for name, args in calls))


def malformed_tool_call(name: str, raw_arguments: str = '{"date": "2026-06-21",') -> Reply:
    """A native tool call whose arguments are not valid JSON."""
    return Reply(tool_calls=(ToolCallSpec(name, raw_arguments),))


def fake_tool_call_text(name: str, arguments: dict[str, Any], *, style: str = "json") -> Reply:
    """Text that only looks like a tool call (what weak models write instead of calling)."""
    call = json.dumps({"name": name, "arguments": arguments})
    content = {"json": f"```json\n{call}\n```", "xml": f"<tool_call>\n{call}\n</tool_call>"}[style]
    return text(content)


def empty(content: str | None = "") -> Reply:
    """An answer with no text (``""`` or null) and no tool calls."""
    return Reply(content=content)


def garbage() -> Reply:
    """What a wrong URL often gets: a web app's page, status 200, for any path (Open WebUI's
    front end on port 3000 answers every path with its index page)."""
    return Reply(page="<!doctype html><html><head><title>Open WebUI</title></head>"
                      "<body><div id=\"app\"></div></body></html>")


def http_error(status: int, error: dict[str, Any] | None = None) -> Reply:
    return Reply(status=status, error=error or ERROR_BODIES[status])


def slow(reply: Reply, delay_s: float) -> Reply:
    """``reply``, sent only after ``delay_s`` (or when the fake is released at teardown)."""
    return Reply(reply.content, reply.tool_calls, reply.status, reply.error, delay_s, reply.page)


def approx_prompt_tokens(body: dict[str, Any]) -> int:
    """A rough prompt size: characters of the JSON of messages and tools divided by four.

    An approximation (English text averages about four characters per token); count exactly
    from ``FakeOpenAI.calls`` with a real tokenizer where one is available.
    """
    chars = len(json.dumps(body.get("messages", []))) + len(json.dumps(body.get("tools", [])))
    return max(1, chars // 4)


@dataclass
class RecordedCall:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages", [])

    @property
    def tools(self) -> list[dict[str, Any]]:
        return self.body.get("tools", [])

    @property
    def tool_names(self) -> list[str]:
        return [tool["function"]["name"] for tool in self.tools]

    @property
    def streaming(self) -> bool:
        return bool(self.body.get("stream"))


@dataclass
class FakeOpenAI:
    """The script and the record of one fake OpenAI-compatible server."""

    server: FakeServer
    calls: list[RecordedCall] = field(default_factory=list)
    _script: deque[Reply] = field(default_factory=deque)
    _ids: itertools.count = field(default_factory=lambda: itertools.count(1))
    _released: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        for path in (OPENAI_PATH, OPENROUTER_PATH):
            self.server.route("POST", path, self._handle)

    @property
    def base_url(self) -> str:
        """For ``llm.openai_like_url``."""
        return f"{self.server.url}/v1"

    @property
    def openrouter_url(self) -> str:
        """For ``llm.openrouter_url``."""
        return f"{self.server.url}/api/v1"

    def script(self, *replies: Reply) -> None:
        self._script.extend(replies)

    @property
    def remaining(self) -> int:
        return len(self._script)

    def release(self) -> None:
        """End every pending delay, so a server stopping at teardown need not wait."""
        self._released.set()

    def reset(self) -> None:
        """A new script and record for the next test on the same server (delays wait again)."""
        self._script.clear()
        self.calls.clear()
        self._released.clear()

    def _handle(self, request: Request) -> Response:
        body = json.loads(request.body or b"{}")
        self.calls.append(RecordedCall(request.path, request.headers, body))
        if not self._script:
            return _error_response(500, {"message": "The fake server's script is exhausted.",
                                         "type": "server_error", "param": None, "code": None})
        reply = self._script.popleft()
        if reply.delay_s:
            self._released.wait(reply.delay_s)
        if reply.status != 200:
            return _error_response(reply.status, reply.error or {})
        if reply.page is not None:
            return Response(200, reply.page, headers={"Content-Type": "text/html; charset=utf-8"})
        completion_id = f"chatcmpl-fake{next(self._ids)}"
        model = str(body.get("model", ""))  # servers name the model that answered
        calls = [
            {"id": f"call_{completion_id[-5:]}_{i}", "type": "function",
             "function": {"name": spec.name, "arguments": spec.arguments}}
            for i, spec in enumerate(reply.tool_calls)
        ]
        usage = _usage(body, reply)
        if body.get("stream"):
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            chunks = _stream_chunks(completion_id, model, reply.content, calls,
                                    usage if include_usage else None)
            return Response(200, "".join(f"data: {json.dumps(c)}\n\n" for c in chunks)
                            + "data: [DONE]\n\n",
                            headers={"Content-Type": "text/event-stream; charset=utf-8"})
        message: dict[str, Any] = {"role": "assistant", "content": reply.content,
                                   "refusal": None}
        if calls:
            message["tool_calls"] = calls
        return Response(200, {
            "id": completion_id, "object": "chat.completion", "created": CREATED,
            "model": model,
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": "tool_calls" if calls else "stop"}],
            "usage": usage,
        })


def _error_response(status: int, error: dict[str, Any]) -> Response:
    return Response(status, {"error": error})


def _usage(body: dict[str, Any], reply: Reply) -> dict[str, int]:
    prompt = approx_prompt_tokens(body)
    completion = max(1, (len(reply.content or "")
                         + sum(len(c.name) + len(c.arguments) for c in reply.tool_calls)) // 4)
    return {"prompt_tokens": prompt, "completion_tokens": completion,
            "total_tokens": prompt + completion}


def _stream_chunks(completion_id: str, model: str, content: str | None,
                   calls: list[dict[str, Any]], usage: dict[str, int] | None
                   ) -> list[dict[str, Any]]:
    """OpenAI's chunk sequence: a role delta, then content or tool-call deltas (one tool call
    per chunk, arguments in pieces), then the finish reason, then usage if asked for."""

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {"id": completion_id, "object": "chat.completion.chunk", "created": CREATED,
                "model": model, "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                             "finish_reason": finish}]}

    chunks: list[dict[str, Any]] = []
    if calls:
        for i, call in enumerate(calls):
            opening = {"index": i, "id": call["id"], "type": "function",
                       "function": {"name": call["function"]["name"], "arguments": ""}}
            delta: dict[str, Any] = {"tool_calls": [opening]}
            if i == 0:
                delta = {"role": "assistant", "content": None, **delta}
            chunks.append(chunk(delta))
            arguments = call["function"]["arguments"]
            for start in range(0, len(arguments), 8):
                piece = {"index": i, "function": {"arguments": arguments[start:start + 8]}}
                chunks.append(chunk({"tool_calls": [piece]}))
    else:
        chunks.append(chunk({"role": "assistant", "content": "" if content is not None else None}))
        for start in range(0, len(content or ""), 12):  # a few words per delta
            chunks.append(chunk({"content": (content or "")[start:start + 12]}))
    chunks.append(chunk({}, "tool_calls" if calls else "stop"))
    if usage is not None:
        chunks.append({"id": completion_id, "object": "chat.completion.chunk",
                       "created": CREATED, "model": model, "choices": [], "usage": usage})
    return chunks

