"""Tracing into memory for tests: the app's own setup (masking, hiding, token tally) with an
in-memory exporter, and the span tree it recorded."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from singularity.config import Settings
from singularity.tracing import PhoenixProcess, TracingHandle, setup_tracing


@dataclass
class Traced:
    handle: TracingHandle
    exporter: InMemorySpanExporter

    def spans(self) -> list[ReadableSpan]:
        """Every span ended so far (the batch queue flushed first)."""
        self.handle.provider.force_flush()
        return list(self.exporter.get_finished_spans())

    def trace(self, trace_id: str) -> list[ReadableSpan]:
        return [s for s in self.spans() if f"{s.context.trace_id:032x}" == trace_id]


@contextmanager
def traced(settings: Settings) -> Iterator[Traced]:
    exporter = InMemorySpanExporter()
    handle = setup_tracing(settings=settings, exporter=exporter)
    assert handle is not None
    try:
        yield Traced(handle, exporter)
    finally:
        handle.shutdown(timeout_s=2)


def root(spans: list[ReadableSpan]) -> ReadableSpan:
    [found] = [s for s in spans if s.parent is None]
    return found


def children(spans: list[ReadableSpan], parent: ReadableSpan) -> list[ReadableSpan]:
    return [s for s in spans if s.parent is not None and s.parent.span_id == parent.context.span_id]


def ancestors(spans: list[ReadableSpan], span: ReadableSpan) -> list[str]:
    """Names from ``span``'s parent up to the root."""
    by_id = {s.context.span_id: s for s in spans}
    names = []
    while span.parent is not None:
        span = by_id[span.parent.span_id]
        names.append(span.name)
    return names


def metadata(span: ReadableSpan) -> dict[str, Any]:
    return json.loads(str(span.attributes["metadata"]))


@contextmanager
def running_phoenix(data_dir: Path) -> Iterator[int]:
    """A real ``phoenix serve`` (``PHOENIX_TELEMETRY_ENABLED=false``, as ``PhoenixProcess``
    starts it) with its data in ``data_dir`` on a free port; 15 to 100 s until it answers on
    a busy machine."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    settings = Settings.model_validate({"paths": {"data_dir": str(data_dir)},
                                        "tracing": {"phoenix_port": port}})
    with PhoenixProcess(settings=settings) as phoenix:
        assert phoenix.wait_ready(180), phoenix.log_path.read_text()
        yield port
