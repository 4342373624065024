"""The history database: its schema made at start, idempotently, and Chainlit's data layer on it."""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import sqlite3
import subprocess
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from singularity.config import Settings
from tests.support import make_settings

with warnings.catch_warnings():  # Chainlit 2.12 imports literalai → traceloop, whose models use
    warnings.simplefilter("ignore", DeprecationWarning)  # pydantic's class-based config
    from chainlit.element import Image
    from chainlit.types import Feedback, Pagination, ThreadFilter
    from chainlit.user import User

    from singularity.observability import feedback as feedback_module
    from singularity.ui import history as history_module
    from singularity.ui.element_files import elements_dir, stored_file
    from singularity.ui.history import CONVERSATION_KEY, HistoryDataLayer, database_url, schema


def _postgres_bin() -> Path | None:
    """The newest PostgreSQL server installed from Debian's packages (``postgresql``)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throw-away PostgreSQL cluster on a free loopback port, as server mode would use;
    skipped where the Debian package is not installed. Yields the URL without a database.
    Its folder is outside pytest's (which only root may enter): the server runs as postgres."""
    binaries = _postgres_bin()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="singularity-postgres-"))
    as_owner: list[str] = []
    if os.geteuid() == 0:  # the server refuses to run as root
        shutil.chown(folder, "postgres")
        as_owner = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    subprocess.run([*as_owner, str(binaries / "initdb"), "-D", str(folder / "data"), "-A", "trust",
                    "-U", "singularity"], check=True, capture_output=True)
    subprocess.run([*as_owner, str(binaries / "pg_ctl"), "-D", str(folder / "data"), "-w", "-l",
                    str(folder / "log"), "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1",
                    "start"], check=True, capture_output=True)
    try:
        yield f"postgresql+asyncpg://singularity@127.0.0.1:{port}"
    finally:
        subprocess.run([*as_owner, str(binaries / "pg_ctl"), "-D", str(folder / "data"), "-m",
                        "fast", "stop"], check=False, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
async def history_url(request, settings: Settings) -> str:
    """The embedded SQLite file, or a fresh database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return database_url(settings)
    server = request.getfixturevalue("postgres_server")
    import asyncpg

    name = f"history_{uuid.uuid4().hex[:12]}"
    connection = await asyncpg.connect(server.replace("postgresql+asyncpg", "postgresql") + "/postgres")
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    return f"{server}/{name}"


def _tables(path) -> set[str]:
    with sqlite3.connect(path) as connection:
        return {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


async def test_the_schema_is_created_once_and_again_without_harm(settings: Settings) -> None:
    url = database_url(settings)
    path = settings.data_dir / "history.db"
    for _ in range(2):  # a restart, or a second app process
        layer = HistoryDataLayer(url)
        await layer.ensure_schema()
        await layer.close()
    assert {"users", "threads", "steps", "elements", "feedbacks"} <= _tables(path)


def test_postgres_gets_its_own_types() -> None:
    statements = "\n".join(schema("postgresql"))
    assert '"metadata" JSONB' in statements and '"tags" TEXT[]' in statements
    assert "JSONB" not in "\n".join(schema("sqlite"))


async def test_a_conversation_is_stored_listed_and_read_back(history_url: str, monkeypatch,
                                                               tmp_path: Path) -> None:
    rated: list[tuple[str, int]] = []

    async def record(message_id: str, value: int, comment: str | None, settings: Settings) -> bool:
        rated.append((message_id, value))
        return True

    monkeypatch.setattr(feedback_module, "send_feedback", record)
    layer = HistoryDataLayer(history_url, make_settings(tmp_path / "data"))
    await layer.ensure_schema()
    await layer.ensure_schema()  # idempotent on either database
    layer._schema_ready = False
    await layer.ensure_schema()
    alice = await layer.create_user(User(identifier="alice"))
    bob = await layer.create_user(User(identifier="bob"))
    assert alice is not None and bob is not None
    thread_id, step_id = str(uuid.uuid4()), str(uuid.uuid4())
    await layer.update_thread(thread_id, name="Plan tonight", user_id=alice.id)
    await layer.update_thread(thread_id, metadata={CONVERSATION_KEY: {"id": "abc", "state": {"x": 1}}})
    await layer.create_step.__wrapped__(layer, {  # the step a user message makes, modes included
        "id": step_id, "threadId": thread_id, "name": "alice", "type": "user_message",
        "output": "Plan tonight in Kreuzlingen", "streaming": False, "modes": {"persona": "sagan"},
        "metadata": {}, "createdAt": "2026-12-02T20:00:00Z", "icon": None, "autoCollapse": False,
    })
    await layer.upsert_feedback(Feedback(forId=step_id, value=1, threadId=thread_id))

    thread = await layer.get_thread(thread_id)
    assert thread is not None
    assert thread["metadata"][CONVERSATION_KEY] == {"id": "abc", "state": {"x": 1}}
    assert [step["output"] for step in thread["steps"]] == ["Plan tonight in Kreuzlingen"]
    assert await layer.get_thread_author(thread_id) == "alice"
    mine = await layer.list_threads(Pagination(first=10), ThreadFilter(userId=alice.id))
    theirs = await layer.list_threads(Pagination(first=10), ThreadFilter(userId=bob.id))
    assert [t["id"] for t in mine.data] == [thread_id]
    assert theirs.data == []
    assert rated == [(step_id, 1)]  # sent on to the answer's trace
    await layer.close()


async def test_a_turns_steps_and_conversation_are_written_together_in_their_last_version(settings: Settings, monkeypatch) -> None:
    url = database_url(settings)
    layer = HistoryDataLayer(url)
    thread_id = str(uuid.uuid4())
    await layer.update_thread(thread_id, name="Plan tonight")
    asked: list[str] = []
    execute = HistoryDataLayer.execute_sql

    async def counted(self, query: str, parameters: dict):
        asked.append(query)
        return await execute(self, query, parameters)

    monkeypatch.setattr(HistoryDataLayer, "execute_sql", counted)
    tool = str(uuid.uuid4())
    await layer.create_step.__wrapped__(layer, {
        "id": tool, "threadId": thread_id, "name": "plan_observing_night", "type": "tool",
        "input": '{"place": "Kreuzlingen"}', "streaming": False, "createdAt": "2026-12-02T20:00:00Z"})
    await layer.create_step.__wrapped__(layer, {  # Chainlit's update_step is this call
        "id": tool, "threadId": thread_id, "name": "plan_observing_night", "type": "tool",
        "output": "12 targets", "streaming": False, "input": None, "end": "2026-12-02T20:00:01Z"})
    for n in range(5):
        await layer.create_step.__wrapped__(layer, {
            "id": str(uuid.uuid4()), "threadId": thread_id, "name": f"step {n}", "type": "tool",
            "streaming": False, "createdAt": f"2026-12-02T20:00:0{n}Z"})
    await asyncio.sleep(history_module._WRITE_DELAY_S + 0.5)  # written without being asked
    with sqlite3.connect(settings.data_dir / "history.db") as connection:
        rows = connection.execute('SELECT "input", "output", "end" FROM steps WHERE "id" = ?', (tool,)).fetchall()
        count = connection.execute('SELECT COUNT(*) FROM steps WHERE "threadId" = ?', (thread_id,)).fetchone()[0]
    assert rows == [('{"place": "Kreuzlingen"}', "12 targets", "2026-12-02T20:00:01Z")]
    assert count == 6
    assert sum("FROM threads" in query for query in asked) == 1  # the thread, once for all steps

    answer = str(uuid.uuid4())
    await layer.create_step.__wrapped__(layer, {
        "id": answer, "threadId": thread_id, "name": "Singularity", "type": "assistant_message",
        "output": "Hier ist dein Plan.", "streaming": False, "createdAt": "2026-12-02T20:00:09Z"})
    layer.keep_conversation(thread_id, {"id": "abc", "state": {"x": 1}})  # the turn does not wait
    layer.keep_conversation(thread_id, {"id": "abc", "state": {"x": 2}})
    thread = await layer.get_thread(thread_id)  # a read writes what waits first
    assert thread is not None and thread["steps"][-1]["output"] == "Hier ist dein Plan."
    assert thread["metadata"][CONVERSATION_KEY] == {"id": "abc", "state": {"x": 2}}
    assert thread["name"] == "Plan tonight"
    await layer.close()


PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 32


async def test_an_answers_chart_is_kept_in_its_owners_folder_and_comes_back_with_the_thread(
        history_url: str, tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "data")
    layer = HistoryDataLayer(history_url, settings, root_path="/app")
    alice = await layer.create_user(User(identifier="alice"))
    assert alice is not None
    thread_id, answer_id = str(uuid.uuid4()), str(uuid.uuid4())
    await layer.update_thread(thread_id, name="Plan", user_id=alice.id)
    chart = tmp_path / "session" / "altitude.png"
    chart.parent.mkdir()
    chart.write_bytes(PNG)
    image = Image(path=str(chart), name="Altitude chart", display="inline", thread_id=thread_id,
                  for_id=answer_id, mime="image/png")
    web = Image(url="https://upload.wikimedia.org/orion.jpg", name="1. Orion", display="inline",
                thread_id=thread_id, for_id=answer_id, mime="image/jpeg")
    await layer.create_element.__wrapped__(layer, image)
    await layer.create_element.__wrapped__(layer, web)  # kept as its address, not downloaded
    chart.unlink()  # the session folder may go; the kept copy stays

    thread = await layer.get_thread(thread_id)
    assert thread is not None
    urls = {element["name"]: element["url"] for element in thread["elements"]}
    assert urls == {"Altitude chart": f"/app/singularity/elements/{alice.id}/{image.id}",
                    "1. Orion": "https://upload.wikimedia.org/orion.jpg"}
    kept = stored_file(elements_dir(settings, "alice"), image.id)
    assert kept is not None and kept.suffix == ".png" and kept.read_bytes() == PNG
    assert all(isinstance(element["props"], dict) for element in thread["elements"])

    await layer.delete_thread(thread_id)
    assert stored_file(elements_dir(settings, "alice"), image.id) is None
    await layer.close()


async def test_an_unreachable_database_answers_nothing_instead_of_failing(tmp_path) -> None:
    layer = HistoryDataLayer(f"sqlite+aiosqlite:///{tmp_path}/missing/folder/history.db")
    assert await layer.get_thread(str(uuid.uuid4())) is None
    assert await layer.get_user("alice") is None
    await layer.close()
