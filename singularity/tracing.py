"""Tracing every turn to Arize Phoenix, without ever importing Phoenix.

Importing the ``phoenix`` package costs about 15 s and 300 MB, and an in-process Phoenix with a
global tracer provider hangs on its own FastAPI spans (docs/decisions.md). So the app exports with the
plain OpenTelemetry SDK (an OTLP/HTTP exporter behind a batch processor, on a tracer provider
that is *not* made global) and the OpenInference LlamaIndex instrumentor, while Phoenix runs as
its own ``phoenix serve`` process (:class:`PhoenixProcess`).

Configuration follows ``phoenix.otel``: keyword arguments first, then the environment
(``PHOENIX_COLLECTOR_ENDPOINT``, a base URL to which ``/v1/traces`` is added;
``PHOENIX_API_KEY``, sent as a bearer token), then ``config.yaml``.

No secret leaves in a span: every span passes :class:`MaskingSpanProcessor` (see
``singularity/masking.py``) before it is queued for export. ``tracing.hide_inputs`` and
``hide_outputs`` (OpenInference's ``TraceConfig``) keep chat text out of spans altogether.

Every turn is one trace under a ``turn`` span (``singularity/observability/turn.py``); what to
look for in Phoenix is in docs/tracing.md.

Tracing never blocks or breaks a turn: spans are queued and sent from a background thread with
a short timeout; an unreachable collector only drops them, and the exporter's complaints about
it are logged at debug level instead of as a warning every second.
"""

from __future__ import annotations

import atexit
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import IO, Literal, Self

import httpx
from openinference.instrumentation import OITracer, TraceConfig
from openinference.instrumentation.llama_index import LlamaIndexInstrumentor
from openinference.semconv.resource import ResourceAttributes
from opentelemetry.context import Context
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.instrumentation.dependencies import DependencyConflictError
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import (
    Event,
    ReadableSpan,
    Span,
    SpanLimits,
    SpanProcessor,
    TracerProvider,
)
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.trace import Status
from opentelemetry.util.types import Attributes

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.masking import install_secret_masking, mask, mask_value
from singularity.observability.usage import TokenTally

log = logging.getLogger(__name__)

ENV_COLLECTOR_ENDPOINT = "PHOENIX_COLLECTOR_ENDPOINT"
ENV_API_KEY = "PHOENIX_API_KEY"
TRACES_PATH = "/v1/traces"
EXPORT_TIMEOUT_S = 3.0
"""Per export request, retries included; spent in the exporter's thread, never in a turn."""
EXPORT_DELAY_MS = 1000
"""How long spans wait in the queue before a batch is sent."""
SHUTDOWN_TIMEOUT_S = 3.0
MAX_SPAN_ATTRIBUTES = 1024
"""OpenTelemetry keeps 128 attributes per span and drops the oldest beyond; the instrumentor
writes three to five per chat message, so a model call in the ninth turn of a conversation
(offline pilot, measured) reached 128 and lost its first ones, ``session.id`` among them."""

_EXPORTER_LOGGER = logging.getLogger("opentelemetry.exporter.otlp.proto.http.trace_exporter")
"""The logger the OTLP/HTTP span exporter reports failures and retries on (ERROR/WARNING)."""


def collector_endpoint(settings: Settings) -> str | None:
    """The OTLP/HTTP traces URL (``…/v1/traces``); ``None`` when tracing is off.

    ``PHOENIX_COLLECTOR_ENDPOINT`` wins over ``tracing.collector_endpoint``; with neither,
    traces go to the local Phoenix at ``tracing.phoenix_host``/``phoenix_port``."""
    if not settings.tracing.enabled:
        return None
    return traces_url(_configured_collector(settings) or local_phoenix_url(settings))


def needs_local_phoenix(settings: Settings) -> bool:
    """Whether the start command should run a local Phoenix: tracing is on and no collector
    is configured elsewhere."""
    return settings.tracing.enabled and _configured_collector(settings) is None


def _configured_collector(settings: Settings) -> str | None:
    return Settings.secret(ENV_COLLECTOR_ENDPOINT) or settings.tracing.collector_endpoint


def phoenix_ui_url(settings: Settings) -> str:
    """Phoenix's address for a person's browser: ``tracing.ui_url``, else the collector's base
    (its traces URL without ``/v1/traces``), else the local Phoenix."""
    configured = settings.tracing.ui_url or _configured_collector(settings)
    if not configured:
        return local_phoenix_url(settings)
    return traces_url(configured).removesuffix(TRACES_PATH)


def trace_link(settings: Settings, trace_id: str) -> str:
    """The page of one trace in Phoenix's UI. Phoenix 19.17 names a trace page by its
    project's Relay id (``/projects/<id>/traces/<trace id>``), which the app never sees; its
    ``/redirects/traces/<trace id>`` route looks the project up and redirects there."""
    return f"{phoenix_ui_url(settings)}/redirects/traces/{trace_id}"


def trace_config(settings: Settings) -> TraceConfig:
    """What spans may carry: ``tracing.hide_inputs``/``hide_outputs``, or, unset,
    OpenInference's ``OPENINFERENCE_HIDE_INPUTS``/``_OUTPUTS`` (TraceConfig reads them)."""
    return TraceConfig(hide_inputs=settings.tracing.hide_inputs,
                       hide_outputs=settings.tracing.hide_outputs)


def local_phoenix_url(settings: Settings) -> str:
    return f"http://{_connect_host(settings.tracing.phoenix_host)}:{settings.tracing.phoenix_port}"


def traces_url(base: str) -> str:
    """``base`` with ``/v1/traces`` appended unless it already ends so (``http://`` assumed)."""
    url = base.strip().rstrip("/")
    if "://" not in url:
        url = f"http://{url}"
    return url if url.endswith(TRACES_PATH) else url + TRACES_PATH


class _ExportLogToDebug(logging.Filter):
    """Re-logs the exporter's failure and retry messages at debug level on our logger."""

    def filter(self, record: logging.LogRecord) -> bool:
        log.debug("Trace export: %s", record.getMessage())
        return False


_export_log_filter = _ExportLogToDebug()


class MaskingSpanProcessor(SpanProcessor):
    """Hands ``inner`` a copy of every ended span with its secrets masked: name, attributes
    (the instrumentor records tool inputs and outputs, prompts, error texts), events (an
    exception's message and stack trace) and status text."""

    def __init__(self, inner: SpanProcessor) -> None:
        self._inner = inner

    def on_start(self, span: Span, parent_context: Context | None = None) -> None:
        self._inner.on_start(span, parent_context)

    def on_end(self, span: ReadableSpan) -> None:
        self._inner.on_end(masked_span(span))

    def shutdown(self) -> None:
        self._inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return self._inner.force_flush(timeout_millis)


def masked_span(span: ReadableSpan) -> ReadableSpan:
    """``span`` with :func:`~singularity.masking.mask` applied to every text it carries."""
    status = span.status
    return ReadableSpan(
        name=mask(span.name), context=span.context, parent=span.parent, resource=span.resource,
        attributes=_masked_attributes(span.attributes),
        events=[Event(event.name, _masked_attributes(event.attributes), event.timestamp)
                for event in span.events],
        links=span.links, kind=span.kind,
        status=Status(status.status_code, mask(status.description))
        if status.description else status,
        start_time=span.start_time, end_time=span.end_time,
        instrumentation_scope=span.instrumentation_scope,
    )


def _masked_attributes(attributes: Attributes) -> dict[str, object]:
    return {key: mask_value(value) for key, value in (attributes or {}).items()}
_lock = threading.Lock()
_active: TracingHandle | None = None


class TracingHandle:
    """The running tracing setup of this process; :meth:`shutdown` undoes it."""

    def __init__(self, *, endpoint: str, project_name: str, provider: TracerProvider,
                 instrumentor: LlamaIndexInstrumentor, config: TraceConfig,
                 usage: TokenTally) -> None:
        self.endpoint = endpoint
        self.project_name = project_name
        self.provider = provider
        self.config = config
        self.usage = usage
        """Token counts of each trace's model calls so far (read by the turn span)."""
        self.tracer = OITracer(provider.get_tracer("singularity"), config)
        """The app's own spans (turns, handoffs, searches), hidden as ``config`` says."""
        self._instrumentor = instrumentor
        self._closed = False

    def shutdown(self, *, timeout_s: float = SHUTDOWN_TIMEOUT_S) -> None:
        """Stop instrumenting and send what is queued, waiting at most ``timeout_s``."""
        global _active
        with _lock:
            if self._closed:
                return
            self._closed = True
            self._instrumentor.uninstrument()
            if _active is self:
                _active = None
        atexit.unregister(self.shutdown)
        flusher = threading.Thread(target=self.provider.shutdown, name="trace-flush", daemon=True)
        flusher.start()
        flusher.join(timeout_s)
        if flusher.is_alive():
            log.debug("Traces to %s not flushed within %.1f s; the rest are dropped.",
                      self.endpoint, timeout_s)
        else:
            _EXPORTER_LOGGER.removeFilter(_export_log_filter)


def setup_tracing(*, settings: Settings, endpoint: str | None = None,
                  exporter: SpanExporter | None = None) -> TracingHandle | None:
    """Trace LlamaIndex to ``endpoint`` (default: :func:`collector_endpoint`), or to
    ``exporter`` when one is given (an in-memory exporter in tests). Spans are masked first.

    Idempotent: while a setup is active, further calls return it (shut it down to change the
    endpoint). Returns ``None`` when tracing is off or the instrumentor does not support the
    installed LlamaIndex. Either way log records are masked from now on (both the command
    line and the chat app set up observability here)."""
    global _active
    install_secret_masking()
    with _lock:
        if _active is not None:
            return _active
        if not settings.tracing.enabled:
            log.info("Tracing is off (tracing.enabled is false).")
            return None
        url = traces_url(
            endpoint or _configured_collector(settings) or local_phoenix_url(settings)
        )
        project = settings.tracing.project_name
        provider = TracerProvider(
            resource=Resource.create({ResourceAttributes.PROJECT_NAME: project}),
            shutdown_on_exit=False,  # our own bounded shutdown runs at exit instead
            span_limits=SpanLimits(max_span_attributes=MAX_SPAN_ATTRIBUTES),
        )
        if exporter is None:
            api_key = Settings.secret(ENV_API_KEY)
            exporter = OTLPSpanExporter(
                endpoint=url, timeout=EXPORT_TIMEOUT_S,
                headers={"authorization": f"Bearer {api_key}"} if api_key else None,
            )
        usage = TokenTally()
        provider.add_span_processor(usage)
        provider.add_span_processor(MaskingSpanProcessor(
            BatchSpanProcessor(exporter, schedule_delay_millis=EXPORT_DELAY_MS)
        ))
        config = trace_config(settings)
        instrumentor = LlamaIndexInstrumentor()
        try:
            instrumentor.instrument(tracer_provider=provider, config=config,
                                    raise_exception_on_conflict=True)
        except DependencyConflictError as exc:
            log.warning("Tracing is off: the LlamaIndex instrumentation does not fit (%s).", exc)
            provider.shutdown()
            return None
        _EXPORTER_LOGGER.addFilter(_export_log_filter)
        _active = TracingHandle(endpoint=url, project_name=project, provider=provider,
                                instrumentor=instrumentor, config=config, usage=usage)
        atexit.register(_active.shutdown)
        log.info("Tracing LlamaIndex to %s (project %s).", url, project)
        return _active


def active_tracing() -> TracingHandle | None:
    """The tracing setup of this process, if one is running."""
    return _active


class PhoenixProcess:
    """A local Phoenix (``phoenix serve``) as a child process with its data under the data dir.

    ``start()`` returns at once; ``wait_ready()`` polls until Phoenix answers. A Phoenix already
    answering on the configured port is reused (and left running by ``stop()``)."""

    def __init__(self, *, settings: Settings, grpc_port: int | None = None) -> None:
        self.host = settings.tracing.phoenix_host
        self.port = settings.tracing.phoenix_port
        self.url = local_phoenix_url(settings)
        self.working_dir = settings.data_dir / "phoenix"
        self.log_path = self.working_dir / "phoenix.log"
        self.grpc_port = grpc_port
        """Phoenix also accepts OTLP over gRPC; we export over HTTP, so by default any free
        port is taken rather than 4317, which another collector may hold."""
        self.reused = False
        self._process: subprocess.Popen[bytes] | None = None
        self._log_file: IO[bytes] | None = None

    @property
    def running(self) -> bool:
        return self.reused or (self._process is not None and self._process.poll() is None)

    def start(self) -> None:
        """Launch ``phoenix serve`` (or adopt a running Phoenix); raises ServiceError when the
        port belongs to another program or the ``phoenix`` command is missing."""
        if self.running:
            return
        self.stop()  # a Phoenix of ours that has exited: release its log file
        occupant = _probe(self.url)
        if occupant == "phoenix":
            self.reused = True
            log.info("Phoenix already runs at %s; using it instead of starting another.", self.url)
            return
        if occupant == "other":
            raise ServiceError(
                f"Port {self.port} on {self.host} is used by another program, so Phoenix cannot "
                "start there; set tracing.phoenix_port to a free port, or "
                f"{ENV_COLLECTOR_ENDPOINT} to a running collector."
            )
        command = [str(phoenix_executable()), "serve"]
        grpc_port = self.grpc_port or _free_port(self.host)
        self.working_dir.mkdir(parents=True, exist_ok=True)
        env = os.environ | {
            "PHOENIX_WORKING_DIR": str(self.working_dir),
            "PHOENIX_HOST": self.host,
            "PHOENIX_PORT": str(self.port),
            "PHOENIX_GRPC_PORT": str(grpc_port),
            "PHOENIX_TELEMETRY_ENABLED": "false",
            "PHOENIX_DISABLE_AGENT_ASSISTANT": "true",
            "PHOENIX_ALLOW_EXTERNAL_RESOURCES": "false",  # no web fonts or CDNs: works offline
            "PHOENIX_LOG_MIGRATIONS": "false",  # else every SQL statement of a new database
        }
        self._log_file = self.log_path.open("ab")
        self._process = subprocess.Popen(
            command, env=env, cwd=self.working_dir, stdin=subprocess.DEVNULL,
            stdout=self._log_file, stderr=subprocess.STDOUT,
        )
        log.info("Starting Phoenix at %s (OTLP/gRPC on port %d; log: %s).",
                 self.url, grpc_port, self.log_path)

    def wait_ready(self, timeout_s: float) -> bool:
        """Whether Phoenix answers on its port within ``timeout_s``; False at once if the
        process has exited (its log says why)."""
        deadline = time.monotonic() + timeout_s
        with httpx.Client(trust_env=False, timeout=1.0) as client:
            while True:
                if self._process is not None and self._process.poll() is not None:
                    log.warning("Phoenix exited with code %s before it was ready; see %s.",
                                self._process.returncode, self.log_path)
                    return False
                try:
                    if client.get(f"{self.url}/healthz").status_code == 200:
                        return True
                except httpx.HTTPError:
                    pass
                if time.monotonic() >= deadline:
                    return False
                time.sleep(0.1)

    def stop(self, *, grace_s: float = 5.0) -> None:
        """Terminate the Phoenix we started, killing it after ``grace_s``; a reused one is
        left alone."""
        process, self._process = self._process, None
        self.reused = False
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(grace_s)
            except subprocess.TimeoutExpired:
                log.warning("Phoenix did not stop within %.0f s; killing it.", grace_s)
                process.kill()
                process.wait()
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()


def phoenix_executable() -> Path:
    """The ``phoenix`` command installed next to this Python (the venv's ``bin``)."""
    bin_dir = Path(sys.executable).parent
    found = shutil.which("phoenix", path=str(bin_dir))
    if found is None:
        raise ServiceError(
            f"The phoenix command is not installed in {bin_dir}; install arize-phoenix, or set "
            f"{ENV_COLLECTOR_ENDPOINT} to a running collector."
        )
    return Path(found)


_VERSION = re.compile(r"^\d+\.\d+")


def _probe(url: str) -> Literal["free", "phoenix", "other"]:
    """Who answers at ``url``: nobody, a Phoenix (its version endpoint), or something else."""
    try:
        response = httpx.get(f"{url}/arize_phoenix_version", timeout=1.0, trust_env=False)
    except httpx.ConnectError:
        return "free"
    except httpx.HTTPError:
        return "other"
    return "phoenix" if response.status_code == 200 and _VERSION.match(response.text) else "other"


def _connect_host(host: str) -> str:
    """Where to reach a server bound to ``host`` (wildcards mean this machine)."""
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _free_port(host: str) -> int:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])
