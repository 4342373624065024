"""Server mode without Docker: two app processes on one PostgreSQL history and one data folder,
as the two instances behind the proxy of ``docker-compose.yml`` run. A conversation one process
keeps is listed and read back by the other for the same user, with its plan and its chart (kept
in the user's folder, served to that user only); another user sees none of it."""

from __future__ import annotations

import asyncio
import secrets
import time
import uuid
from contextlib import ExitStack

import httpx
import pytest

from bench.load import User, app, login
from singularity.config import Settings
from singularity.users.accounts import AccountFile
from tests.fakes.server import FakeServer
from tests.support import offline_env
from tests.ui.test_history import postgres_server  # noqa: F401  (session fixture)
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast

pytestmark = pytest.mark.slow
PASSWORDS = {"alice": "pw-of-alice", "bob": "pw-of-bob"}
ALICES_PLAN = ARTICLE_EXAMPLE.replace("Kreuzlingen", "Konstanz")


@pytest.fixture
async def database(postgres_server: str) -> str:  # noqa: F811
    """A fresh database on the test PostgreSQL server."""
    import asyncpg

    name = f"shared_{uuid.uuid4().hex[:12]}"
    connection = await asyncpg.connect(postgres_server.replace("postgresql+asyncpg", "postgresql") + "/postgres")
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    return f"{postgres_server}/{name}"


async def _threads(client: httpx.AsyncClient, url: str, cookie: str) -> list[dict]:
    response = await client.post(f"{url}/project/threads", headers={"Cookie": cookie},
                                 json={"pagination": {"first": 20}, "filter": {}})
    response.raise_for_status()
    return response.json()["data"]


async def test_two_app_processes_share_users_history_and_charts(
        settings: Settings, fake_server: FakeServer, database: str, tmp_path) -> None:
    accounts = AccountFile.from_settings(settings)
    for name, password in PASSWORDS.items():
        accounts.add(name, password)
    clear_forecast(fake_server)
    env = offline_env(settings, fake_server.url) | {
        "SINGULARITY__USERS__LOGIN": "password", "SINGULARITY__USERS__DATABASE_URL": database,
        "CHAINLIT_AUTH_SECRET": secrets.token_hex(32),  # one for both, as in docker-compose.yml
        "PHOENIX_TELEMETRY_ENABLED": "false"}
    with ExitStack() as apps:
        first, _ = apps.enter_context(app(env, tmp_path / "first"))
        second, _ = apps.enter_context(app(env, tmp_path / "second"))
        async with httpx.AsyncClient(timeout=30) as client:
            alice_first = await login(client, first, "alice", PASSWORDS["alice"])
            assert alice_first is not None
            alice = User(0, first, alice_first)
            await alice.connect()
            try:
                _, answer, error = await alice.say(ALICES_PLAN)
            finally:
                await alice.sio.disconnect()
            assert error is None and "Beobachtungsplan" in answer

            alice_second = await login(client, second, "alice", PASSWORDS["alice"])
            bob_second = await login(client, second, "bob", PASSWORDS["bob"])
            assert alice_second is not None and bob_second is not None
            deadline = time.monotonic() + 60  # the chart is stored after the answer is shown
            while True:
                threads = await _threads(client, second, alice_second)
                thread = (await client.get(f"{second}/project/thread/{threads[0]['id']}",
                                           headers={"Cookie": alice_second})).json() if threads else {}
                charts = [e for e in thread.get("elements") or [] if e["mime"] == "image/png"]
                if charts or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.5)
            assert [t["name"] for t in threads] == [ALICES_PLAN[:len(threads[0]["name"])]]
            assert "Konstanz" in str(thread["metadata"])  # the plan's place, for resuming
            assert len(charts) == 1

            chart = await client.get(f"{second}{charts[0]['url']}", headers={"Cookie": alice_second})
            assert chart.status_code == 200 and chart.headers["content-type"] == "image/png"
            assert chart.content.startswith(b"\x89PNG")
            foreign = await client.get(f"{second}{charts[0]['url']}", headers={"Cookie": bob_second})
            assert foreign.status_code == 404
            assert await _threads(client, second, bob_second) == []
