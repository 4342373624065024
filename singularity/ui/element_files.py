"""The files of past answers (plan charts, screenshots, exports), kept so a resumed
conversation shows them again.

What Chainlit 2.12 really does (``chainlit/data/sql_alchemy.py``, ``chainlit/element.py``):

- ``SQLAlchemyDataLayer`` stores an element only through a *storage provider*
  (``BaseStorageClient``: S3, GCS, Azure in the box); without one it logs a warning and keeps
  nothing, and a resumed thread comes back without its charts. The element's row keeps the
  object key ``<database user id>/<element id>/<name>``; every listing of a user's threads asks
  the provider for a read URL of every element, so that must be cheap (no file is read).
- An element with a ``url`` (our web images) is downloaded by the data layer with aiohttp —
  no timeout of ours, no user agent — before it is handed to the provider.
- Before a thread's first user message, element writes wait in a queue
  (``queue_until_user_message``); they run in the chat's own context afterwards.

:class:`UserFileStorage` is a provider that writes into the owner's own folder
(``<user folder>/elements/<element id><extension>``) — the folder comes from the identity
the database keeps for that user id, never from the browser — and :func:`install_route`
serves a file back only to the user it belongs to (the user id in the URL must be the
logged-in user's). Web images are not downloaded: their address is stored as it is
(``HistoryDataLayer.create_element``), so a resumed answer shows them while the web does.
"""

from __future__ import annotations

import asyncio
import logging
import mimetypes
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from chainlit.data.storage_clients.base import BaseStorageClient

from singularity.config import Settings
from singularity.users.files import write_atomic
from singularity.users.space import user_space

log = logging.getLogger(__name__)

ROUTE = "/singularity/elements"
ELEMENTS_FOLDER = "elements"
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")

IdentityOf = Callable[[str], Awaitable[str | None]]
"""The identity (login name) the history database keeps for a database user id."""


def elements_dir(settings: Settings, identifier: str) -> Path:
    """Where ``identifier``'s answer files are kept."""
    return user_space(settings, identifier).root / ELEMENTS_FOLDER


def _ids(object_key: str) -> tuple[str, str] | None:
    """(user id, element id) of a Chainlit object key, or None when it is not one we made."""
    parts = object_key.split("/", 2)
    if len(parts) < 2 or not (_UUID.match(parts[0]) and _UUID.match(parts[1])):
        return None
    return parts[0], parts[1]


def stored_file(folder: Path, element_id: str) -> Path | None:
    """The file kept for ``element_id`` in ``folder`` (its extension says its type)."""
    if not _UUID.match(element_id):
        return None
    return next(iter(sorted(folder.glob(f"{element_id}.*"))), None)


def read_url(object_key: str, root_path: str = "") -> str:
    """The app's address of a stored element (no file is touched: listings ask for many)."""
    ids = _ids(object_key)
    return f"{root_path}{ROUTE}/{ids[0]}/{ids[1]}" if ids else ""


class UserFileStorage(BaseStorageClient):
    """Chainlit's storage provider, backed by each user's own folder."""

    def __init__(self, settings: Settings, identity_of: IdentityOf, root_path: str = "") -> None:
        self.settings = settings
        self.identity_of = identity_of
        self.root_path = root_path

    async def _folder(self, object_key: str) -> tuple[Path, str] | None:
        ids = _ids(object_key)
        identifier = await self.identity_of(ids[0]) if ids else None
        if ids is None or identifier is None:
            return None
        return elements_dir(self.settings, identifier), ids[1]

    async def upload_file(self, object_key: str, data: bytes | str, mime: str = "application/octet-stream",
                          overwrite: bool = True, content_disposition: str | None = None) -> dict[str, Any]:
        found = await self._folder(object_key)
        if found is None:
            log.warning("An answer's file was not kept: its thread has no known user.")
            return {}
        folder, element_id = found
        extension = mimetypes.guess_extension(mime.split(";")[0].strip()) or ".bin"
        content = data.encode("utf-8") if isinstance(data, str) else data
        await asyncio.to_thread(_write, folder / f"{element_id}{extension}", content)
        return {"object_key": object_key, "url": read_url(object_key, self.root_path)}

    async def delete_file(self, object_key: str) -> bool:
        found = await self._folder(object_key)
        path = stored_file(*found) if found else None
        if path is None:
            return False
        path.unlink(missing_ok=True)
        return True

    async def get_read_url(self, object_key: str) -> str:
        return read_url(object_key, self.root_path)

    async def close(self) -> None:
        return None


def _write(path: Path, content: bytes) -> None:
    write_atomic(path, content, private=True)


def install_route(settings: Settings) -> None:
    """Serve kept files at ``<root>/singularity/elements/<user id>/<element id>`` to their
    owner only. Chainlit's app ends with a catch-all route for its web page, so this route
    goes in front of it."""
    from chainlit.auth import get_current_user
    from chainlit.config import config
    from chainlit.server import app
    from fastapi import Depends, HTTPException
    from fastapi.responses import FileResponse
    from fastapi.routing import APIRoute

    logged_in = Depends(get_current_user)  # Chainlit's login check: its cookie or bearer token

    async def serve(user_id: str, element_id: str, current_user: Any = logged_in) -> FileResponse:
        if current_user is None or getattr(current_user, "id", None) != user_id:
            raise HTTPException(status_code=404)  # not "forbidden": whose ids exist is not said
        path = stored_file(elements_dir(settings, current_user.identifier), element_id)
        if path is None:
            raise HTTPException(status_code=404)
        return FileResponse(path, media_type=mimetypes.guess_type(path.name)[0] or "application/octet-stream")

    path = f"{config.run.root_path}{ROUTE}/{{user_id}}/{{element_id}}"
    if not any(getattr(route, "path", None) == path for route in app.router.routes):
        app.router.routes.insert(0, APIRoute(path, serve, methods=["GET"]))
