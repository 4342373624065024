"""The browser's session id is a key, never a path.

Chainlit 2.12 takes ``sessionId`` from the socket's ``auth`` payload as the client sends it and
uses it as a folder name: ``<app root>/.files/<sessionId>`` is created for uploads and removed
with ``shutil.rmtree`` when the session is cleared (``chainlit/session.py``), so ``../../x`` or
an absolute path would name a folder outside the app. Its own front end sends a UUID
(``uuid.v4()``); anything else is refused before Chainlit sees it. The app's own session folder
(charts, screenshots) is named by the app (``Session.create``), never after this id.
"""

from __future__ import annotations

import uuid
from typing import Any


def is_browser_session_id(value: object) -> bool:
    """Whether ``value`` is a UUID written the way Chainlit's front end writes one."""
    if not isinstance(value, str):
        return False
    try:
        return str(uuid.UUID(value)) == value.lower()
    except ValueError:
        return False


def refuse_foreign_session_ids() -> None:
    """Wrap Chainlit's socket ``connect`` handler so a connection whose ``sessionId`` is not a
    UUID is refused (the browser sees a failed connection, nothing is created)."""
    from chainlit.server import sio

    connect = sio.handlers["/"]["connect"]

    async def checked_connect(sid: str, environ: dict[str, Any], auth: dict[str, Any] | None) -> Any:
        if not is_browser_session_id((auth or {}).get("sessionId")):
            raise ConnectionRefusedError("invalid session id")
        return await connect(sid, environ, auth)

    sio.on("connect", checked_connect)
