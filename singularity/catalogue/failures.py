"""What a low-level failure means for a person, in catalogue words.

A raw exception text (``[Errno -2] Name or service not known``) tells an engineer where to
look, and a person nothing. ``reason`` says what it means (no network connection, nothing
running at that address, too slow); ``detail`` keeps the raw text for the step and the logs.
Used where a client composes its failure sentence; it is wording only, no HTTP layer.
"""

from __future__ import annotations

import errno
import socket

import httpx

from singularity.catalogue import Message, msg
from singularity.masking import mask

_NAME_LOOKUP = ("name or service not known", "temporary failure in name resolution",
                "nodename nor servname", "errno -2", "errno -3", "getaddrinfo failed")
"""What a failed DNS lookup says on Linux, macOS and Windows: the machine has no network."""


def reason(exc: BaseException, *, timeout_s: float | None = None) -> Message:
    """The meaning of a transport failure, as the predicate of "<service> …"."""
    if isinstance(exc, httpx.TimeoutException | TimeoutError):
        return (msg("failures.too_slow_within", seconds=f"{timeout_s:g}") if timeout_s
                else msg("failures.too_slow"))
    if _name_lookup_failed(exc):
        return msg("failures.no_network")
    if isinstance(exc, httpx.ConnectError | ConnectionRefusedError):
        return msg("failures.not_running")
    if isinstance(exc, httpx.InvalidURL | httpx.UnsupportedProtocol):
        return msg("failures.bad_address")
    return msg("failures.connection_broke")


def http_status(status: int) -> Message:
    """An HTTP error answer, without the service's own error text (that is the detail)."""
    return msg("failures.http_status", status=status)


def detail(exc: BaseException) -> str:
    """The raw text of a failure, for the step and the logs, with any secret masked (httpx
    puts the whole URL, ``appid=`` included, into its exception texts)."""
    return mask(str(exc)) or type(exc).__name__


def _name_lookup_failed(exc: BaseException) -> bool:
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, socket.gaierror) or any(
                sign in str(seen).lower() for sign in _NAME_LOOKUP):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def file_reason(exc: OSError) -> Message:
    """Why a file could not be read or written, in a person's words."""
    if isinstance(exc, IsADirectoryError):
        return msg("cli.reason_is_folder")
    if isinstance(exc, PermissionError) or exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return msg("cli.reason_not_allowed")
    if isinstance(exc, FileNotFoundError | NotADirectoryError | FileExistsError):
        return msg("cli.reason_folder_missing")
    return msg("cli.reason_disk")
