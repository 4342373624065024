"""The SIMBAD TAP client against a fake server speaking SIMBAD's TAP wire format (form-encoded
synchronous ADQL, JSON results, VOTable error documents)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

import pytest

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.stellarium.simbad import adql_for, simbad_lookup
from tests.fakes.server import FakeServer, Response

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "simbad"
SYNC = "/simbad/sim-tap/sync"


def simbad_settings(settings: Settings, server: FakeServer, timeout_s: float = 2.0) -> Settings:
    stellarium = settings.stellarium.model_copy(update={
        "simbad_url": f"{server.url}/simbad/sim-tap", "timeout_s": timeout_s})
    return settings.model_copy(update={"stellarium": stellarium})


def json_fixture(name: str) -> Response:
    return Response(200, (FIXTURES / name).read_bytes(), {"Content-Type": "application/json"})


async def test_a_star_is_resolved_with_its_position(settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("POST", SYNC, json_fixture("betelgeuse.json"))
    (star,) = await simbad_lookup("Betelgeuse", settings=simbad_settings(settings, fake_server))
    assert star.name == "* alf Ori" and star.common_name == "Betelgeuse" and star.source == "simbad"
    assert star.ra_deg == pytest.approx(88.7929, abs=1e-3) and star.dec_deg == pytest.approx(7.4071, abs=1e-3)
    form = parse_qs(fake_server.requests[0].body.decode())
    assert form["REQUEST"] == ["doQuery"] and form["LANG"] == ["ADQL"] and form["FORMAT"] == ["json"]
    assert "ident.id = 'Betelgeuse' OR ident.id = 'NAME Betelgeuse'" in form["QUERY"][0]


async def test_rows_of_one_object_collapse_and_several_objects_stay(
        settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("POST", SYNC, json_fixture("two_objects.json"))
    found = await simbad_lookup("Veil", settings=simbad_settings(settings, fake_server))
    assert [o.name for o in found] == ["NGC 6992", "NGC 6960"]


async def test_unknown_name_is_an_empty_answer(settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("POST", SYNC, json_fixture("empty.json"))
    assert await simbad_lookup("Xyzzy", settings=simbad_settings(settings, fake_server)) == []


def test_quotes_are_escaped() -> None:
    assert "ident.id = 'Barnard''s Galaxy'" in adql_for("Barnard's  Galaxy")


async def test_query_error_quotes_simbad(settings: Settings, fake_server: FakeServer) -> None:
    body = (FIXTURES / "error.xml").read_bytes()
    fake_server.route("POST", SYNC, Response(400, body, {"Content-Type": "application/x-votable+xml"}))
    with pytest.raises(ServiceError, match=r"SIMBAD rejected the name query \(Incorrect ADQL query: Encountered \"'\". Was expecting one of: <EOF>"):
        await simbad_lookup("x", settings=simbad_settings(settings, fake_server))


async def test_server_error_and_garbage(settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("POST", SYNC, Response(503, "Service Unavailable"))
    with pytest.raises(ServiceError, match=r"HTTP 503"):
        await simbad_lookup("M31", settings=simbad_settings(settings, fake_server))
    fake_server.route("POST", SYNC, Response(200, "<html>maintenance</html>"))
    with pytest.raises(ServiceError, match="SIMBAD answered with something that is not JSON"):
        await simbad_lookup("M31", settings=simbad_settings(settings, fake_server))


async def test_timeout(settings: Settings, fake_server: FakeServer) -> None:
    fake_server.route("POST", SYNC, Response(200, {}, delay_s=1.0))
    with pytest.raises(ServiceError, match=r"SIMBAD did not answer within 0.3 s"):
        await simbad_lookup("M31", settings=simbad_settings(settings, fake_server, timeout_s=0.3))


async def test_unreachable(settings: Settings) -> None:
    stellarium = settings.stellarium.model_copy(update={"simbad_url": "http://127.0.0.1:9/tap"})
    with pytest.raises(ServiceError, match="SIMBAD could not be reached"):
        await simbad_lookup("M31", settings=settings.model_copy(update={"stellarium": stellarium}))
