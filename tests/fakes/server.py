"""A tiny threaded HTTP server for tests: real sockets on loopback, scripted responses.

Fakes of external services (Nominatim, Open-Meteo, OpenWeatherMap, …) register routes that
answer with the service's real JSON, error bodies, or a delay longer than the client timeout.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes

    def arg(self, name: str, default: str | None = None) -> str | None:
        values = self.query.get(name)
        return values[0] if values else default


@dataclass
class Response:
    status: int = 200
    body: bytes | str | dict[str, Any] | list[Any] = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0

    def encoded(self) -> tuple[bytes, str]:
        if isinstance(self.body, (dict, list)):
            return json.dumps(self.body).encode(), "application/json; charset=utf-8"
        if isinstance(self.body, str):
            return self.body.encode(), "text/plain; charset=utf-8"
        return self.body, "application/octet-stream"


Handler = Callable[[Request], Response]


class FakeServer:
    """Routes ``(METHOD, path)`` to handlers and records every request it receives."""

    def __init__(self) -> None:
        self.routes: dict[tuple[str, str], Handler] = {}
        self.fallback: Response | None = None
        """The answer to every request no route matches (a broken service); default 404."""
        self.requests: list[Request] = []
        self._httpd: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._httpd is not None, "server not started"
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def route(self, method: str, path: str, handler: Handler | Response) -> None:
        self.routes[(method.upper(), path)] = (
            handler if callable(handler) else (lambda _req, r=handler: r)
        )

    def _make_handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class _Handler(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                parts = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                request = Request(
                    method=self.command,
                    path=parts.path,
                    query=parse_qs(parts.query),
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=self.rfile.read(length) if length else b"",
                )
                server.requests.append(request)
                handler = server.routes.get((self.command, parts.path))
                response = (handler(request) if handler
                            else server.fallback or Response(404, {"error": "not found"}))
                if response.delay_s:
                    time.sleep(response.delay_s)
                body, content_type = response.encoded()
                try:
                    self.send_response(response.status)
                    headers = {"Content-Type": content_type, **response.headers}
                    for key, value in headers.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests): nothing left to answer

            do_GET = do_POST = do_PUT = do_DELETE = _serve

            def log_message(self, format: str, *args: Any) -> None:
                return

        return _Handler

    def start(self) -> None:
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._make_handler())
        self._httpd.daemon_threads = True
        threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None


@contextmanager
def running_server() -> Iterator[FakeServer]:
    server = FakeServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()
