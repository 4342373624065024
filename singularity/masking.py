"""Secrets never leave the process: one masking function for logs, spans and error texts.

Where a secret can escape, and what is masked there:

- **The configured secrets** (:data:`SECRET_VARIABLES`, read from the environment at the
  moment of masking, so a key set later is still covered) wherever their value appears.
- **Credential-shaped text** whatever its value: URL parameters such as ``appid=`` (how
  OpenWeatherMap takes its key; httpx logs the full URL at INFO), ``key=``, ``api_key=``,
  ``token=``, ``password=``; ``Authorization`` and ``X-Subscription-Token`` headers, in
  header form or as a dict's repr (the OpenAI client logs its request options at DEBUG);
  ``Bearer`` tokens; the user-info part of a URL (``https://user:pass@host``).

Logging: :func:`install_secret_masking` wraps the log record factory, so every record of
every logger is masked when it is made — a filter on handlers would miss the handlers
Chainlit and uvicorn add after start-up, and a filter on a logger misses records that
propagate from its children. Spans: :class:`singularity.tracing.MaskingSpanProcessor` uses
:func:`mask` on every attribute and event before a span is exported.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Callable
from typing import Any

MASK = "***"
SECRET_VARIABLES = (
    "OPENROUTER_API_KEY",
    "OPENAI_LIKE_API_KEY",
    "OPENWEATHERMAP_API_KEY",
    "BRAVE_API_KEY",
    "EMBEDDING_API_KEY",
    "QDRANT_API_KEY",
    "STELLARIUM_PASSWORD",
    "PHOENIX_API_KEY",
)
"""Every secret Singularity reads (``Settings.secret``); all come from the environment."""

_CREDENTIAL_NAMES = r"appid|api[_-]?key|apikey|access[_-]?token|token|password|passwd|secret"
_PATTERNS = (
    # ?appid=…&key=… in URLs and form bodies
    re.compile(rf"(?i)(?<![A-Za-z0-9_-])((?:{_CREDENTIAL_NAMES}|key)=)[^&\s'\"<>]+"),
    # Authorization: Bearer …, X-Subscription-Token: … (header lines)
    re.compile(r"(?i)((?:authorization|x-subscription-token|x-api-key|api-key)\s*:\s*"
               r"(?:(?:bearer|basic|token)\s+)?)[^\s'\",}]+"),
    # {'authorization': 'Bearer …'} and JSON: the header or field name, then a quoted value
    re.compile(rf"(?i)(['\"](?:authorization|x-subscription-token|x-api-key|{_CREDENTIAL_NAMES})"
               r"['\"]\s*:\s*['\"](?:(?:bearer|basic|token)\s+)?)[^'\"]+"),
    # a bare bearer token anywhere else
    re.compile(r"(?i)(\bbearer\s+)[A-Za-z0-9._~+/=-]{4,}"),
    # https://user:password@host
    re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://[^/\s:@]+:)[^/\s@]+(?=@)"),
)


_registered: set[str] = set()


def register_secret(value: str) -> None:
    """Mask ``value`` from now on: a secret that is not in the environment (a user's own
    Stellarium password from the settings panel)."""
    if value.strip():
        _registered.add(value.strip())


def configured_secrets() -> list[str]:
    """The values of the secrets set in the environment now and of those registered, longest
    first (so a secret that contains another is masked whole)."""
    values = {os.environ.get(name, "").strip() for name in SECRET_VARIABLES} | _registered
    return sorted((value for value in values if value), key=len, reverse=True)


def mask(text: str) -> str:
    """``text`` with every configured secret and every credential-shaped value replaced."""
    if not text:
        return text
    for secret in configured_secrets():
        text = text.replace(secret, MASK)
    for pattern in _PATTERNS:
        text = pattern.sub(lambda found: found.group(1) + MASK, text)
    return text


def mask_value(value: Any) -> Any:
    """A span attribute (text, or a sequence of texts) with its secrets masked."""
    if isinstance(value, str):
        return mask(value)
    if isinstance(value, tuple | list):
        return type(value)(mask_value(item) for item in value)
    return value


class SecretMaskingFilter(logging.Filter):
    """Masks a record in place: its message (arguments merged in when they hold a secret),
    exception and stack text."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a broken format string: mask what there is
            message = f"{record.msg} {record.args}"
        masked = mask(message)
        if masked != message:  # else the arguments stay: uvicorn's access log formats them
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask(record.exc_text)
        if record.stack_info:
            record.stack_info = mask(record.stack_info)
        return True


_lock = threading.Lock()
_installed: Callable[..., logging.LogRecord] | None = None


def install_secret_masking() -> None:
    """Mask every log record this process makes from now on. Idempotent; call it once
    where logging is set up (the command line, the chat app)."""
    global _installed
    with _lock:
        if _installed is not None and logging.getLogRecordFactory() is _installed:
            return
        make_record = logging.getLogRecordFactory()
        masking = SecretMaskingFilter()

        def masked_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
            record = make_record(*args, **kwargs)
            masking.filter(record)
            return record

        logging.setLogRecordFactory(masked_record)
        _installed = masked_record
