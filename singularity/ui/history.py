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
import contextlib
import json
import logging
from pathlib import Path
from typing import Any

import chainlit as cl
from chainlit.data import get_data_layer
from chainlit.data.sql_alchemy import SQLAlchemyDataLayer
from chainlit.data.utils import queue_until_user_message
from chainlit.element import Element
from chainlit.step import StepDict
from chainlit.types import Feedback, PaginatedResponse, Pagination, ThreadDict, ThreadFilter
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from singularity.config import Settings
from singularity.ui.element_files import UserFileStorage, install_route

log = logging.getLogger(__name__)

_THREADS_REMEMBERED = 10_000
"""How many stored threads' ids a process keeps (less than a megabyte); then it starts anew."""
_WRITE_DELAY_S = 0.25
"""How long a step or a conversation waits to be written with what follows (a turn's come within it)."""

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
        self._threads_stored: set[str] = set()
        self._steps_waiting: dict[str, dict[str, Any]] = {}
        self._conversations_waiting: dict[str, dict[str, Any]] = {}
        self._writer: asyncio.Task[None] | None = None
        self._writing: set[asyncio.Task[None]] = set()
        self._write_lock = asyncio.Lock()
        # SQLite lets one connection write at a time and makes the others sleep and retry (its
        # busy handler waits up to 100 ms a try): with 20 users a turn waited 0.3 s on average
        # for its own history. One statement at a time from this process spares those sleeps.
        self._one_at_a_time = asyncio.Lock() if sqlite else contextlib.nullcontext()

    async def ensure_schema(self) -> None:
        async with self._schema_lock:
            if not self._schema_ready:
                await create_schema(self.engine)
                self._schema_ready = True

    async def _reachable(self) -> bool:
        """Whether the database can be written (its schema made); says why not in the log."""
        if self._folder is not None and not self._folder.is_dir():
            log.warning("The history database's folder %s does not exist; conversations are not "
                        "stored until it does. Check users.history_file.", self._folder)
            return False  # not opened at all: a failed SQLite connect leaves a thread behind
        try:
            await self.ensure_schema()
        except (OSError, SQLAlchemyError) as exc:  # as Chainlit treats a failed query: no answer
            log.warning("The history database cannot be reached (%s); conversations are not "
                        "stored until it can. Check users.database_url.", type(exc).__name__)
            return False
        return True

    async def execute_sql(self, query: str, parameters: dict) -> list[dict[str, Any]] | int | None:
        if not await self._reachable():
            return None
        async with self._one_at_a_time:
            return await super().execute_sql(query, self._bound(parameters))

    def _bound(self, parameters: dict[str, Any]) -> dict[str, Any]:
        return {name: self._bindable(value) for name, value in parameters.items()}

    @queue_until_user_message()
    async def create_step(self, step_dict: StepDict) -> None:
        """Chainlit writes a step when it is sent and again at every update, each time in a
        transaction of its own; a turn's steps made a dozen. Here a step waits a moment
        (``_WRITE_DELAY_S``) for its later versions and the steps that follow, and all are
        written together, the later version of a field over the earlier as consecutive writes
        would leave it. Reading, deleting and closing write what waits first."""
        waiting = self._steps_waiting.setdefault(step_dict["id"], {})
        waiting.update({key: value for key, value in step_dict.items() if value is not None})
        self._write_soon()

    def keep_conversation(self, thread_id: str, snapshot: dict[str, Any]) -> None:
        """Store the conversation's ``Session.snapshot`` in its thread, with the turn's steps
        (the newest snapshot; the turn does not wait for the database)."""
        self._conversations_waiting[thread_id] = snapshot
        self._write_soon()

    def _write_soon(self) -> None:
        if self._writer is None:
            self._writer = asyncio.create_task(self._write_after_delay())
            self._writing.add(self._writer)  # held until done: the loop keeps only a weak reference
            self._writer.add_done_callback(self._writing.discard)

    async def _write_after_delay(self) -> None:
        await asyncio.sleep(_WRITE_DELAY_S)
        await self.write_waiting()

    async def write_waiting(self) -> None:
        """Write the steps and conversations waiting (one batch after the other, in order)."""
        async with self._write_lock:
            steps, conversations = list(self._steps_waiting.values()), self._conversations_waiting
            self._steps_waiting, self._conversations_waiting, self._writer = {}, {}, None
            if not (steps or conversations) or not await self._reachable():
                return
            for thread_id in dict.fromkeys(step["threadId"] for step in steps):
                await self.update_thread(thread_id)  # a step's thread is made first
            if steps:
                try:
                    async with self._one_at_a_time, self.async_session() as session, session.begin():
                        for step in steps:
                            query, parameters = _step_upsert(step)
                            await session.execute(text(query), self._bound(parameters))
                except (OSError, SQLAlchemyError) as exc:  # as Chainlit treats a failed query: logged
                    log.warning("%d steps of the history could not be stored (%s).", len(steps),
                                type(exc).__name__)
            for thread_id, snapshot in conversations.items():
                await self.update_thread(thread_id, metadata={CONVERSATION_KEY: snapshot})

    async def get_all_user_threads(self, user_id: str | None = None,
                                   thread_id: str | None = None) -> list[ThreadDict] | None:
        await self.write_waiting()
        threads = await super().get_all_user_threads(user_id=user_id, thread_id=thread_id)
        for thread in threads or []:
            thread["metadata"] = _mapping(thread.get("metadata"))
            for step in thread["steps"]:
                step["metadata"] = _mapping(step.get("metadata"))
            for element in thread.get("elements") or []:
                element["props"] = _mapping(element.get("props"))  # type: ignore[typeddict-item]
        return threads

    async def list_threads(self, pagination: Pagination, filters: ThreadFilter) -> PaginatedResponse[ThreadDict]:
        await self.write_waiting()
        return await super().list_threads(pagination, filters)

    async def get_step(self, step_id: str) -> StepDict | None:
        await self.write_waiting()
        return await super().get_step(step_id)

    @queue_until_user_message()
    async def delete_step(self, step_id: str) -> None:
        await self.write_waiting()
        await SQLAlchemyDataLayer.delete_step.__wrapped__(self, step_id)  # type: ignore[attr-defined]

    async def close(self) -> None:
        await self.write_waiting()
        await super().close()

    async def update_thread(self, thread_id: str, name: str | None = None, user_id: str | None = None,
                            metadata: dict | None = None, tags: list[str] | None = None) -> None:
        """Chainlit calls this before writing every step, only to be sure the thread exists:
        a query per step, a third of all of a turn's. A thread this process has found stored is
        not asked about again."""
        if (name, user_id, metadata, tags) == (None, None, None, None):
            if thread_id in self._threads_stored:
                return
            rows = await self.execute_sql('SELECT 1 AS "found" FROM threads WHERE "id" = :id', {"id": thread_id})
            if isinstance(rows, list) and rows:
                if len(self._threads_stored) >= _THREADS_REMEMBERED:
                    self._threads_stored.clear()
                self._threads_stored.add(thread_id)
                return
        await super().update_thread(thread_id, name=name, user_id=user_id, metadata=metadata, tags=tags)

    async def delete_thread(self, thread_id: str) -> None:
        await self.write_waiting()
        self._threads_stored.discard(thread_id)
        await super().delete_thread(thread_id)

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

    async def upsert_feedback(self, feedback: Feedback) -> str:
        feedback_id = await super().upsert_feedback(feedback)
        if self.settings is not None and self.settings.tracing.enabled:
            from singularity.observability.feedback import send_feedback

            await send_feedback(feedback.forId, feedback.value, feedback.comment, self.settings)
        return feedback_id


def _step_upsert(step: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The statement that stores a step, as Chainlit 2.12's ``create_step`` builds it."""
    if "showInput" in step:
        step = {**step, "showInput": str(step["showInput"]).lower()}
    parameters = {key: value for key, value in step.items() if not (isinstance(value, dict) and not value)}
    parameters["metadata"] = json.dumps(step.get("metadata", {}))
    parameters["generation"] = json.dumps(step.get("generation", {}))
    columns = ", ".join(f'"{key}"' for key in parameters)
    values = ", ".join(f":{key}" for key in parameters)
    updates = ", ".join(f'"{key}" = :{key}' for key in parameters if key != "id")
    return (f"INSERT INTO steps ({columns}) VALUES ({values}) ON CONFLICT (id) DO UPDATE SET {updates}",
            parameters)


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


def remember_conversation(thread_id: str | None, snapshot: dict[str, Any]) -> None:
    """Store the conversation's ``Session.snapshot`` in its thread (no history: nothing)."""
    data_layer = get_data_layer()
    if isinstance(data_layer, HistoryDataLayer) and thread_id:
        data_layer.keep_conversation(thread_id, snapshot)
