"""What a low-level failure means for a person (singularity/catalogue/failures.py)."""

from __future__ import annotations

import socket

import httpx
import pytest

from singularity.catalogue import failures


def _connect_error(cause: BaseException) -> httpx.ConnectError:
    error = httpx.ConnectError(str(cause))
    error.__cause__ = cause
    return error


@pytest.mark.parametrize(("exc", "de", "en"), [
    (_connect_error(socket.gaierror(-2, "Name or service not known")),
     "ist nicht erreichbar (keine Netzverbindung)", "could not be reached (no network connection)"),
    (httpx.ConnectError("[Errno -3] Temporary failure in name resolution"),
     "ist nicht erreichbar (keine Netzverbindung)", "could not be reached (no network connection)"),
    (_connect_error(ConnectionRefusedError(111, "Connection refused")),
     "ist nicht erreichbar (unter dieser Adresse läuft nichts)",
     "could not be reached (nothing is running at that address)"),
    (httpx.ReadTimeout("timed out"), "antwortete nicht rechtzeitig", "did not answer in time"),
    (httpx.RemoteProtocolError("Server disconnected"), "ist nicht erreichbar (die Verbindung brach ab)",
     "could not be reached (the connection broke off)"),
])
def test_a_raw_failure_is_said_by_what_it_means(exc: BaseException, de: str, en: str) -> None:
    reason = failures.reason(exc)
    assert (reason.render("de"), reason.render("en")) == (de, en)
    assert "Errno" not in reason.render("de") + reason.render("en")
    assert failures.detail(exc) == str(exc)  # the raw text stays available for the step


def test_a_timeout_names_its_limit_and_an_http_error_its_status() -> None:
    assert failures.reason(httpx.ConnectTimeout("x"), timeout_s=2.0).render("de") == (
        "antwortete nicht innerhalb von 2 s")
    assert failures.http_status(500).render("de") == "meldete einen Fehler (HTTP 500)"
