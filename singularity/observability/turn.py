"""One trace per turn: a ``turn`` span (OpenInference CHAIN) whose input is the user's message
and output the answer, with the workflow, agents, model calls, tools, retrievals and handoffs
beneath it.

LlamaIndex's instrumentor starts ``AgentWorkflow.run`` in the OpenTelemetry context current
when ``workflow.run`` is called, so :meth:`TurnTrace.current` makes the turn span current
around that call (and only there: the turn runner is an async generator, and a context
attached across its ``yield`` would leak into whoever consumes it). The same context carries
``session.id`` and ``user.id``, which the instrumentor copies onto every span it starts.

Attribute names follow OpenInference (``session.id``, ``user.id``, ``metadata``,
``tag.tags``, ``input.value``, ``output.value``); the app's own are under ``singularity.``.
docs/tracing.md lists them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from llama_index.core.llms import LLM
from openinference.semconv.trace import (
    DocumentAttributes,
    OpenInferenceMimeTypeValues,
    OpenInferenceSpanKindValues,
    SpanAttributes,
)
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import Span, Status, StatusCode

from singularity.config import Settings
from singularity.tracing import TracingHandle, active_tracing

LOCAL_USER = "local"
"""The user of an app without login."""
OFFLINE_MODEL_PREFIX = "offline-pilot/"
"""How the offline pilot names itself as a model (``PilotLLM.metadata``)."""
HANDOFF = "handoff"
"""The tool by which one agent passes the turn to another (LlamaIndex's AgentWorkflow)."""


@dataclass(frozen=True)
class Caller:
    """Who sends the message and in which conversation, as the traces group turns."""

    user_id: str = LOCAL_USER
    thread_id: str | None = None
    """The chat thread (Chainlit's); it names the Phoenix session when given."""
    client_session_id: str | None = None
    """The browser connection (Chainlit's session id), which changes on reconnect."""


class _ToolCall(Protocol):
    @property
    def agent(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def status(self) -> str: ...


class _Report(Protocol):
    @property
    def level(self) -> Enum: ...
    @property
    def tool(self) -> str: ...
    @property
    def text(self) -> str: ...


class TurnOutcome(Protocol):
    """What the turn span records of a finished turn (the runner's ``TurnRecord``)."""

    @property
    def answer(self) -> str: ...
    @property
    def language(self) -> str: ...
    @property
    def agents(self) -> Sequence[str]: ...
    @property
    def tool_calls(self) -> Sequence[_ToolCall]: ...
    @property
    def reports(self) -> Sequence[_Report]: ...
    @property
    def error(self) -> str | None: ...


class TurnTrace:
    """The span of one turn. Without tracing it does nothing and has no ids."""

    def __init__(self, *, message: str, session_id: str, caller: Caller, persona: str,
                 models: Mapping[str, str], settings: Settings) -> None:
        self._handle: TracingHandle | None = active_tracing()
        self._settings = settings
        self._span: Span | None = None
        self._ended = False
        self._handoffs: dict[str, Span] = {}
        self.session_id = caller.thread_id or session_id
        self._caller = caller
        self._metadata: dict[str, Any] = {
            "app_session_id": session_id, "thread_id": caller.thread_id,
            "client_session_id": caller.client_session_id, "persona": persona,
            "models": dict(models),
        }
        self._tags = [f"persona:{persona}", "offline" if _offline(models) else "model"]
        if self._handle is None:
            return
        self._span = self._handle.tracer.start_span(
            "turn", openinference_span_kind=OpenInferenceSpanKindValues.CHAIN,
            attributes={SpanAttributes.SESSION_ID: self.session_id,
                        SpanAttributes.USER_ID: caller.user_id,
                        SpanAttributes.INPUT_VALUE: message,
                        SpanAttributes.INPUT_MIME_TYPE: OpenInferenceMimeTypeValues.TEXT.value},
        )

    @property
    def trace_id(self) -> str | None:
        """32 hex digits, as Phoenix names traces; None without tracing."""
        return None if self._span is None else f"{self._span.get_span_context().trace_id:032x}"

    @property
    def span_id(self) -> str | None:
        """16 hex digits (what a span annotation names); None without tracing."""
        return None if self._span is None else f"{self._span.get_span_context().span_id:016x}"

    def _context(self) -> otel_context.Context:
        assert self._span is not None
        ctx = trace.set_span_in_context(self._span)
        ctx = otel_context.set_value(SpanAttributes.SESSION_ID, self.session_id, ctx)
        return otel_context.set_value(SpanAttributes.USER_ID, self._caller.user_id, ctx)

    @contextmanager
    def current(self) -> Iterator[None]:
        """The turn span as the current span (and its session and user as context attributes)
        for what starts inside: wrap the call that starts the workflow in it."""
        if self._span is None:
            yield
            return
        token = otel_context.attach(self._context())
        try:
            yield
        finally:
            otel_context.detach(token)

    def tool_called(self, *, tool: str | None, tool_id: str | None, agent: str | None,
                    arguments: Mapping[str, Any] | None) -> None:
        """A handoff starts its own span (``handoff``: from, to, reason) under the turn."""
        if self._handle is None or tool != HANDOFF or tool_id is None:
            return
        arguments = arguments or {}
        target, reason = str(arguments.get("to_agent", "")), str(arguments.get("reason", ""))
        attributes = {SpanAttributes.AGENT_NAME: target, SpanAttributes.INPUT_VALUE: reason,
                      "singularity.handoff.from": agent or "", "singularity.handoff.to": target}
        config = self._handle.config
        if not (config.hide_inputs or config.hide_outputs):  # a model's words about the message
            attributes["singularity.handoff.reason"] = reason
        self._handoffs[tool_id] = self._handle.tracer.start_span(
            HANDOFF, context=self._context(),
            openinference_span_kind=OpenInferenceSpanKindValues.AGENT, attributes=attributes)

    def tool_returned(self, *, tool_id: str | None, status: str) -> None:
        span = self._handoffs.pop(tool_id or "", None)
        if span is not None:
            span.set_attribute("singularity.tool.status", status)
            span.end()

    def finish(self, outcome: TurnOutcome) -> None:
        """Record what the turn did and end its span."""
        if self._span is None or self._handle is None or self._ended:
            return
        self._ended = True
        for span in self._handoffs.values():
            span.end()
        usage = self._handle.usage.take(self._span.get_span_context().trace_id)
        cost = usage.cost(self._settings.tracing.prices)
        hide_outputs = bool(self._handle.config.hide_outputs)
        tools = [{"agent": call.agent, "name": call.name, "status": call.status}
                 for call in outcome.tool_calls if call.name != HANDOFF]
        metadata = {
            **self._metadata, "language": outcome.language, "agent_path": list(outcome.agents),
            "tools": tools, "failed": outcome.error is not None,
            "honesty": [] if hide_outputs else [f"{r.level.value} {r.tool}: {r.text}"
                                                 for r in outcome.reports],
            "tokens": {"prompt": usage.prompt_tokens, "completion": usage.completion_tokens},
            "cost_usd": cost,
        }
        tags = [*self._tags, f"lang:{outcome.language}",
                *(f"agent:{agent}" for agent in dict.fromkeys(outcome.agents)),
                *dict.fromkeys(f"tool:{t['name']}:{t['status']}" for t in tools),
                *(["turn:failed"] if outcome.error is not None else [])]
        span = self._span
        span.set_attribute(SpanAttributes.OUTPUT_VALUE, outcome.answer)
        span.set_attribute(SpanAttributes.OUTPUT_MIME_TYPE, OpenInferenceMimeTypeValues.TEXT.value)
        span.set_attribute(SpanAttributes.METADATA, json.dumps(metadata, ensure_ascii=False))
        span.set_attribute(SpanAttributes.TAG_TAGS, tags)
        span.set_attribute("singularity.persona", self._metadata["persona"])
        span.set_attribute("singularity.language", outcome.language)
        span.set_attribute("singularity.agent_path", list(outcome.agents))
        span.set_attribute("singularity.tool_statuses", [f"{t['name']}:{t['status']}" for t in tools])
        if not hide_outputs:
            span.set_attribute("singularity.honesty", metadata["honesty"])
        if usage.prompt or usage.completion:
            span.set_attribute(SpanAttributes.LLM_TOKEN_COUNT_PROMPT, usage.prompt_tokens)
            span.set_attribute(SpanAttributes.LLM_TOKEN_COUNT_COMPLETION, usage.completion_tokens)
            span.set_attribute(SpanAttributes.LLM_TOKEN_COUNT_TOTAL,
                               usage.prompt_tokens + usage.completion_tokens)
        if cost is not None:
            span.set_attribute(SpanAttributes.LLM_COST_TOTAL, cost)
        if outcome.error is not None:
            span.set_status(Status(StatusCode.ERROR, outcome.error))
        else:
            span.set_status(Status(StatusCode.OK))
        span.end()

    def abandon(self, exc: BaseException) -> None:
        """End the span of a turn that raised (the exception is recorded on it)."""
        if self._span is None or self._ended:
            return
        self._ended = True
        for span in self._handoffs.values():
            span.end()
        self._span.record_exception(exc)
        self._span.set_status(Status(StatusCode.ERROR, type(exc).__name__))
        self._span.end()


@dataclass(frozen=True)
class Document:
    """One retrieved passage as a retrieval span shows it."""

    id: str
    content: str
    score: float
    metadata: Mapping[str, Any]


def record_search(*, asked: str, searched: str, documents: Sequence[Document],
                  details: Mapping[str, Any], start_time: int) -> None:
    """A RETRIEVER span under the current span (the knowledge tool's): the query as asked
    and as searched (made standalone), and each hit with its score. ``start_time`` in ns."""
    handle = active_tracing()
    if handle is None:
        return
    hide_inputs = bool(handle.config.hide_inputs)
    attributes: dict[str, Any] = {SpanAttributes.INPUT_VALUE: searched,
                                  **{f"singularity.retrieval.{k}": v for k, v in details.items()}}
    if not hide_inputs:
        attributes |= {"singularity.query.original": asked, "singularity.query.rewritten": searched}
    prefix = SpanAttributes.RETRIEVAL_DOCUMENTS
    for index, document in enumerate(documents):
        attributes |= {
            f"{prefix}.{index}.{DocumentAttributes.DOCUMENT_ID}": document.id,
            f"{prefix}.{index}.{DocumentAttributes.DOCUMENT_CONTENT}": document.content,
            f"{prefix}.{index}.{DocumentAttributes.DOCUMENT_SCORE}": document.score,
            f"{prefix}.{index}.{DocumentAttributes.DOCUMENT_METADATA}":
                json.dumps(dict(document.metadata), ensure_ascii=False),
        }
    span = handle.tracer.start_span("knowledge search", start_time=start_time,
                                    openinference_span_kind=OpenInferenceSpanKindValues.RETRIEVER,
                                    attributes=attributes)
    span.end()


def model_names(llms: Mapping[str, LLM]) -> dict[str, str]:
    """Which model answers each role (the offline pilot's is ``offline-pilot/<role>``)."""
    return {role: llm.metadata.model_name for role, llm in llms.items()}


def _offline(models: Mapping[str, str]) -> bool:
    return all(name.startswith(OFFLINE_MODEL_PREFIX) for name in models.values())
