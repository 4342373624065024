"""Token counts of a trace's model calls, summed while the turn runs, and their estimated cost.

The OpenInference instrumentor puts ``llm.token_count.prompt``/``completion`` and
``llm.model_name`` on every LLM span that a real model answered (the offline pilot reports
none). :class:`TokenTally` adds them up per trace as those spans end, so the turn span, which
ends last, can carry the turn's totals and, from ``tracing.prices``, its cost.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from openinference.semconv.trace import SpanAttributes
from opentelemetry.context import Context
from opentelemetry.sdk.trace import ReadableSpan, Span, SpanProcessor

from singularity.config import ModelPrice

_OPEN_TRACES = 1000
"""Tallies kept at most (a trace whose turn never finished is dropped first)."""


@dataclass
class Usage:
    """Tokens of one trace, per model."""

    prompt: dict[str, int] = field(default_factory=dict)
    completion: dict[str, int] = field(default_factory=dict)

    @property
    def prompt_tokens(self) -> int:
        return sum(self.prompt.values())

    @property
    def completion_tokens(self) -> int:
        return sum(self.completion.values())

    def cost(self, prices: Mapping[str, ModelPrice]) -> float | None:
        """US dollars, or None when a model that used tokens has no price."""
        models = set(self.prompt) | set(self.completion)
        if not models or not models <= set(prices):
            return None
        return sum(self.prompt.get(m, 0) * prices[m].prompt_per_million
                   + self.completion.get(m, 0) * prices[m].completion_per_million
                   for m in models) / 1e6


class TokenTally(SpanProcessor):
    """Sums the token counts of ended LLM spans by trace id; :meth:`take` hands them over."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._usage: dict[int, Usage] = {}

    def on_start(self, span: Span, parent_context: Context | None = None) -> None:
        return

    def on_end(self, span: ReadableSpan) -> None:
        attributes = span.attributes or {}
        prompt = attributes.get(SpanAttributes.LLM_TOKEN_COUNT_PROMPT)
        completion = attributes.get(SpanAttributes.LLM_TOKEN_COUNT_COMPLETION)
        if prompt is None and completion is None:
            return
        model = str(attributes.get(SpanAttributes.LLM_MODEL_NAME) or "unknown")
        with self._lock:
            if span.context.trace_id not in self._usage and len(self._usage) >= _OPEN_TRACES:
                self._usage.pop(next(iter(self._usage)))
            usage = self._usage.setdefault(span.context.trace_id, Usage())
            usage.prompt[model] = usage.prompt.get(model, 0) + int(prompt or 0)
            usage.completion[model] = usage.completion.get(model, 0) + int(completion or 0)

    def take(self, trace_id: int) -> Usage:
        """The tokens of ``trace_id`` so far (empty for the offline pilot), forgotten here."""
        with self._lock:
            return self._usage.pop(trace_id, Usage())

    def shutdown(self) -> None:
        return

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True
