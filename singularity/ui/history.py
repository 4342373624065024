"""Conversation history that survives a reload: Chainlit's SQLAlchemy data layer.

SQLite in the data dir (``history.db``) is the embedded default; ``users.database_url``
(``postgresql+asyncpg://…``) puts it on a PostgreSQL server, shared by several app processes.
The history is kept only with login on: Chainlit lists threads per logged-in user and has no
user to list them for otherwise.

What Chainlit 2.12's ``SQLAlchemyDataLayer`` (``chainlit/data/sql_alchemy.py``) really does,
and what this module adds:

- It creates no tables. :func:`schema` is the schema of the Chainlit docs ("SQLAlchemy Data
  Layer", with the ``modes``, ``command``, ``defaultOpen`` columns of 2.1–2.9), with ``icon``
  and ``autoCollapse`` added because 2.12's ``Step.to_dict`` writes them; it is created at
  the first query, idempotently (``IF NOT EXISTS``).
- It writes every key of a step as a column and binds Python values as they are: a message's
  ``modes`` is a dict, which neither SQLite nor asyncpg takes, and SQLite takes no list
  (``tags``); those are sent as JSON text. A query that fails is only logged by Chainlit
  (``execute_sql`` returns None), so a missing column would silently lose the step.
- SQLite hands back JSON columns as text; thread and step metadata are decoded here, so
  resuming reads a mapping whatever the database.

The conversation's workflow state (plan, place, last object) and chat memory are written into
the thread's metadata after every turn (:func:`remember_conversation`), so a resumed thread
continues where it was (``Session.snapshot``/``Session.resume``). The answers' files (charts,
screenshots, exports) are kept in the user's folder and served back to them
(``ui/element_files.py``), so a resumed thread shows them again.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import chainlit as cl
from chainlit.data import get_data_layer
from chainlit.data.sql_alchemy import SQLAlchemyDataLayer
from chainlit.data.utils import queue_until_user_message
from chainlit.element import Element
from chainlit.types import Feedback, ThreadDict
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from singularity.config import Settings
from singularity.ui.element_files import UserFileStorage, install_route

log = logging.getLogger(__name__)

CONVERSATION_KEY = "singularity_conversation"
"""The thread metadata key of the conversation's ``Session.snapshot``."""

_TABLES = (
    """CREATE TABLE IF NOT EXISTS users (
        "id" {uuid} PRIMARY KEY,
        "identifier" TEXT NOT NULL UNIQUE,
        "metadata" {json} NOT NULL,
        "createdAt" TEXT)""",
    """CREATE TABLE IF NOT EXISTS threads (
        "id" {uuid} PRIMARY KEY,
        "createdAt" TEXT,
        "name" TEXT,
        "userId" {uuid},
        "userIdentifier" TEXT,
        "tags" {list},
        "metadata" {json},
        FOREIGN KEY ("userId") REFERENCES users("id") ON DELETE CASCADE)""",
    """CREATE TABLE IF NOT EXISTS steps (
        "id" {uuid} PRIMARY KEY,
        "name" TEXT NOT NULL,
        "type" TEXT NOT NULL,
        "threadId" {uuid} NOT NULL,
        "parentId" {uuid},
        "streaming" BOOLEAN NOT NULL,
        "waitForAnswer" BOOLEAN,
        "isError" BOOLEAN,
        "metadata" {json},
        "tags" {list},
        "input" TEXT,
        "output" TEXT,
        "createdAt" TEXT,
        "command" TEXT,
        "modes" {json},
        "start" TEXT,
        "end" TEXT,
        "generation" {json},
        "showInput" TEXT,
        "language" TEXT,
        "indent" INT,
        "defaultOpen" BOOLEAN,
        "autoCollapse" BOOLEAN,
        "icon" TEXT,
        FOREIGN KEY ("threadId") REFERENCES threads("id") ON DELETE CASCADE)""",
    """CREATE TABLE IF NOT EXISTS elements (
        "id" {uuid} PRIMARY KEY,
        "threadId" {uuid},
        "type" TEXT,
        "url" TEXT,
        "chainlitKey" TEXT,
        "name" TEXT NOT NULL,
        "display" TEXT,
        "objectKey" TEXT,
        "size" TEXT,
        "page" INT,
        "language" TEXT,
        "forId" {uuid},
        "mime" TEXT,
        "props" {json},
        "autoPlay" BOOLEAN,
        "playerConfig" {json},
        FOREIGN KEY ("threadId") REFERENCES threads("id") ON DELETE CASCADE)""",
    """CREATE TABLE IF NOT EXISTS feedbacks (
        "id" {uuid} PRIMARY KEY,
        "forId" {uuid} NOT NULL,
        "threadId" {uuid} NOT NULL,
        "value" INT NOT NULL,
        "comment" TEXT,
        FOREIGN KEY ("threadId") REFERENCES threads("id") ON DELETE CASCADE)""",
    'CREATE INDEX IF NOT EXISTS threads_user ON threads ("userId")',
    'CREATE INDEX IF NOT EXISTS steps_thread ON steps ("threadId")',
)
_TYPES = {
    "sqlite": {"uuid": "TEXT", "json": "TEXT", "list": "TEXT"},
    "postgresql": {"uuid": "UUID", "json": "JSONB", "list": "TEXT[]"},
}


def schema(dialect: str) -> list[str]:
    """The statements that create the history's tables in ``dialect`` (``sqlite``, ``postgresql``)."""
    return [statement.format(**_TYPES[dialect]) for statement in _TABLES]


async def create_schema(engine: AsyncEngine) -> None:
    """Create the tables unless they exist (safe to run at every start, from every process)."""
    async with engine.begin() as connection:
        if engine.dialect.name == "sqlite":
            # readers do not wait for the writer, and a second process waits for the lock
            await connection.execute(text("PRAGMA journal_mode=WAL"))
        for statement in schema(engine.dialect.name):
            await connection.execute(text(statement))


def database_url(settings: Settings) -> str:
    """``users.database_url``, or the embedded SQLite file in the data dir."""
    if settings.users.database_url:
        return settings.users.database_url
    path = settings.resolve(settings.users.history_file, under_data=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{path}"


class HistoryDataLayer(SQLAlchemyDataLayer):
    """Chainlit's SQLAlchemy data layer with its schema, its values bound the way the database
    takes them, and every rating of an answer also sent to the answer's trace in Phoenix."""

    def __init__(self, url: str, settings: Settings | None = None, *, root_path: str = "") -> None:
        self.settings = settings
        sqlite = url.startswith("sqlite")
        self._folder = Path(url.split(":///", 1)[1]).parent if sqlite and ":///" in url else None
        storage = UserFileStorage(settings, self._identity_of, root_path) if settings is not None else None
        super().__init__(conninfo=url, connect_args={"timeout": 30} if sqlite else None,
                         storage_provider=storage)
        self._sqlite = sqlite
        self._schema_ready = False
        self._schema_lock = asyncio.Lock()

    async def ensure_schema(self) -> None:
        async with self._schema_lock:
            if not self._schema_ready:
                await create_schema(self.engine)
                self._schema_ready = True

    async def execute_sql(self, query: str, parameters: dict) -> list[dict[str, Any]] | int | None:
        if self._folder is not None and not self._folder.is_dir():
            log.warning("The history database's folder %s does not exist; conversations are not "
                        "stored until it does. Check users.history_file.", self._folder)
            return None  # not opened at all: a failed SQLite connect leaves a thread behind
        try:
            await self.ensure_schema()
        except (OSError, SQLAlchemyError) as exc:  # as Chainlit treats a failed query: no answer
            log.warning("The history database cannot be reached (%s); conversations are not "
                        "stored until it can. Check users.database_url.", type(exc).__name__)
            return None
        return await super().execute_sql(query, {name: self._bindable(value) for name, value in parameters.items()})

    async def _identity_of(self, user_id: str) -> str | None:
        """The login name of a user id of this database (None: no such user)."""
        rows = await self.execute_sql('SELECT "identifier" FROM users WHERE "id" = :id', {"id": user_id})
        return rows[0]["identifier"] if isinstance(rows, list) and rows else None

    @queue_until_user_message()
    async def create_element(self, element: Element) -> None:
        """An element from the web (an image's address) is kept as its address; Chainlit would
        download it (see ``ui/element_files.py``). Files go to the user's folder."""
        if not (element.url and not element.path and not element.content):
            # this method already waited for the first user message: Chainlit's, unqueued
            await SQLAlchemyDataLayer.create_element.__wrapped__(self, element)  # type: ignore[attr-defined]
            return
        if not element.for_id:
            return
        row = {key: value for key, value in element.to_dict().items() if value is not None}
        columns = ", ".join(f'"{column}"' for column in row)
        values = ", ".join(f":{column}" for column in row)
        await self.execute_sql(f"INSERT INTO elements ({columns}) VALUES ({values}) "
                               "ON CONFLICT (id) DO NOTHING", row)

    def _bindable(self, value: Any) -> Any:
        if isinstance(value, dict) or (self._sqlite and isinstance(value, list)):
            return json.dumps(value)
        return value

    async def get_all_user_threads(self, user_id: str | None = None,
                                   thread_id: str | None = None) -> list[ThreadDict] | None:
        threads = await super().get_all_user_threads(user_id=user_id, thread_id=thread_id)
        for thread in threads or []:
            thread["metadata"] = _mapping(thread.get("metadata"))
            for step in thread["steps"]:
                step["metadata"] = _mapping(step.get("metadata"))
            for element in thread.get("elements") or []:
                element["props"] = _mapping(element.get("props"))  # type: ignore[typeddict-item]
        return threads

    async def upsert_feedback(self, feedback: Feedback) -> str:
        feedback_id = await super().upsert_feedback(feedback)
        if self.settings is not None and self.settings.tracing.enabled:
            from singularity.observability.feedback import send_feedback

            await send_feedback(feedback.forId, feedback.value, feedback.comment, self.settings)
        return feedback_id


def thread_metadata(thread: ThreadDict) -> dict[str, Any]:
    """A thread's metadata as a mapping, whatever data layer read it."""
    return _mapping(thread.get("metadata"))


def _mapping(raw: Any) -> dict[str, Any]:
    """A JSON column's value as a mapping (SQLite returns the JSON text)."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return {}
    return raw if isinstance(raw, dict) else {}


def build_data_layer(settings: Settings) -> HistoryDataLayer:
    from chainlit.config import config

    return HistoryDataLayer(database_url(settings), settings, root_path=config.run.root_path)


def install_history(settings: Settings) -> None:
    """Keep conversations in the database when users log in (see the module's docstring)."""
    if settings.users.login != "off":
        cl.data_layer(lambda: build_data_layer(settings))
        install_route(settings)


async def remember_conversation(thread_id: str | None, snapshot: dict[str, Any]) -> None:
    """Store the conversation's ``Session.snapshot`` in its thread (no history: nothing)."""
    data_layer = get_data_layer()
    if data_layer is not None and thread_id:
        await data_layer.update_thread(thread_id, metadata={CONVERSATION_KEY: snapshot})
