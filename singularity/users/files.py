"""Small files that two processes (the chat app and the command line) read and write.

Writes are atomic: a temporary file in the same folder, fsync, ``os.replace``, then fsync of the
folder, so a crash leaves the old or the new file, never a partial one. A read-modify-write
holds :func:`locked` — ``fcntl.flock`` on a ``<name>.lock`` file beside the data — so two
processes never lose each other's updates. The lock file is never replaced (replacing the data
file itself would leave a waiting process holding a lock on a file nobody else opens).
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock for ``path`` (blocking) across processes and threads: each call
    opens its own descriptor, and flock locks of separate descriptors exclude each other."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def write_atomic(path: Path, text: str | bytes, *, private: bool = False) -> None:
    """Write ``text`` (or bytes) so readers see the old or the new file, never a partial one.
    ``private``: readable by the owner only (passwords, a user's Stellarium password)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if not private:
            os.fchmod(fd, 0o644)
        with (os.fdopen(fd, "wb") if isinstance(text, bytes)
              else os.fdopen(fd, "w", encoding="utf-8")) as tmp:
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where directories cannot be opened."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
