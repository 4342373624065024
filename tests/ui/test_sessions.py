"""The browser's session id names nothing on disk: the chat app refuses ids that are not
UUIDs (Chainlit would make a folder of them) and names its own session folder itself."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import pytest
import socketio

from singularity.config import Settings
from singularity.ui.sessions import is_browser_session_id
from tests.ui.conftest import on_module_app


@pytest.mark.parametrize("value", ["../../escaped", "/tmp/escaped", "", "x", None, 7,
                                   "12345678-1234-5678-1234-56781234567Z",
                                   "{12345678-1234-5678-1234-567812345678}"])
def test_anything_but_a_uuid_is_foreign(value: object) -> None:
    assert not is_browser_session_id(value)


def test_a_browser_uuid_is_accepted() -> None:
    assert is_browser_session_id(str(uuid.uuid4()))


async def _connect(app_url: str, session_id: str) -> socketio.AsyncClient:
    client = socketio.AsyncClient(reconnection=False)
    await client.connect(app_url, socketio_path="/ws/socket.io", transports=["websocket"],
                         auth={"sessionId": session_id, "clientType": "webapp"}, wait_timeout=10)
    await client.emit("connection_successful")
    return client


app_url, settings = on_module_app()  # One app for this module's tests: each looks only at the session folders it caused.


def _session_folders(settings: Settings) -> set[Path]:
    folder = settings.data_dir / "sessions"
    return set(folder.iterdir()) if folder.is_dir() else set()


async def _new_session_folders(settings: Settings, before: set[Path],
                               timeout_s: float = 30) -> set[Path]:
    for _ in range(int(timeout_s * 10)):
        if new := _session_folders(settings) - before:
            return new
        await asyncio.sleep(0.1)
    return set()


@pytest.mark.slow
async def test_a_path_as_session_id_is_refused(app_url: str, settings: Settings) -> None:
    before = _session_folders(settings)
    for forged in ("../../escaped", "/tmp/singularity-escaped"):
        with pytest.raises(socketio.exceptions.ConnectionError):
            await _connect(app_url, forged)
    await asyncio.sleep(1)  # on_chat_start would have made its folder by now
    assert not _session_folders(settings) - before
    assert not (settings.data_dir.parent / "escaped").exists()
    assert not Path("/tmp/singularity-escaped").exists()


@pytest.mark.slow
async def test_the_session_folder_is_named_by_the_app(app_url: str, settings: Settings) -> None:
    client_id = str(uuid.uuid4())
    before = _session_folders(settings)
    client = await _connect(app_url, client_id)
    try:
        folders = await _new_session_folders(settings, before)
    finally:
        await client.disconnect()
    assert len(folders) == 1
    assert folders.pop().name != client_id
