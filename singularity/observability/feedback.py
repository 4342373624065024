"""A person's thumbs up or down on an answer, as a Phoenix annotation on that turn's span.

The chat remembers which turn span each answer came from (:class:`TurnLinks`, keyed by the
chat message's id, in a small SQLite file under the data dir so feedback on an old thread
still finds its span after a restart); the chat's feedback hook calls :func:`annotate_turn`.
In Phoenix the annotation is named ``feedback`` with label ``thumbs_up``/``thumbs_down``,
score 1/0 and the person's comment as explanation: filter the project's spans by
``annotations['feedback'].label == 'thumbs_down'``.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.observability.phoenix_api import PhoenixAPI

log = logging.getLogger(__name__)

FEEDBACK = "feedback"
"""The annotation's name in Phoenix."""
LABELS = {1: "thumbs_up", 0: "thumbs_down"}
"""Chainlit's feedback values (1 up, 0 down) and their labels."""


def annotate_turn(span_id: str, value: int, comment: str | None, settings: Settings) -> None:
    """Annotate the turn span ``span_id`` with the person's verdict (``value`` 1 or 0) and
    comment; a later verdict on the same answer replaces it. Raises ServiceError when Phoenix
    does not take it (unreachable, or the span not there yet)."""
    if value not in LABELS:
        raise ValueError(f"feedback value must be 1 or 0, not {value!r}")
    PhoenixAPI.from_settings(settings).annotate_span(
        span_id, name=FEEDBACK, label=LABELS[value], score=float(value),
        explanation=(comment or "").strip() or None, metadata={"source": "chat"},
    )


class TurnLinks:
    """Which turn span (and trace) each chat message answered from."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as db, db:
            db.execute("CREATE TABLE IF NOT EXISTS turn_links (message_id TEXT PRIMARY KEY, "
                       "trace_id TEXT NOT NULL, span_id TEXT NOT NULL)")

    @classmethod
    def of(cls, settings: Settings) -> TurnLinks:
        return cls(settings.data_dir / "traces" / "turn_links.sqlite")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=5)

    def remember(self, message_id: str, *, trace_id: str, span_id: str) -> None:
        with self._lock, closing(self._connect()) as db, db:
            db.execute("INSERT OR REPLACE INTO turn_links VALUES (?, ?, ?)",
                       (message_id, trace_id, span_id))

    def span_of(self, message_id: str) -> tuple[str, str] | None:
        """``(trace_id, span_id)`` of the turn that sent ``message_id``, if known."""
        with closing(self._connect()) as db:
            row = db.execute("SELECT trace_id, span_id FROM turn_links WHERE message_id = ?",
                             (message_id,)).fetchone()
        return (row[0], row[1]) if row else None


def annotate_message(message_id: str, value: int, comment: str | None,
                     settings: Settings) -> bool:
    """:func:`annotate_turn` for the turn behind a chat message; False when the message is not
    one of a traced turn (a banner, tracing off)."""
    found = TurnLinks.of(settings).span_of(message_id)
    if found is None:
        return False
    annotate_turn(found[1], value, comment, settings)
    return True


async def send_feedback(message_id: str, value: int, comment: str | None, settings: Settings) -> bool:
    """:func:`annotate_message` for the chat's feedback hook, on the event loop: whether the
    verdict reached Phoenix. A Phoenix that does not take it is logged, never raised: the
    person's feedback is kept by the chat either way."""
    try:
        return await asyncio.to_thread(annotate_message, message_id, value, comment, settings)
    except ServiceError as exc:
        log.warning("Feedback on message %s did not reach Phoenix: %s", message_id, exc)
        return False
