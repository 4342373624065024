"""SIMBAD name resolution over its TAP service (synchronous ADQL queries, JSON output).

Used only when the shipped catalogue does not know a name (stars such as "Betelgeuse",
objects outside OpenNGC). SIMBAD matches identifiers after its own normalisation, so
"m31", "M 31" and "alf Ori" all work; common names are stored with a ``NAME`` prefix, so both
spellings are asked for. Errors are a ``ServiceError`` with one sentence naming SIMBAD and what
to check; the caller goes on to Stellarium's own search.
"""

from __future__ import annotations

import html
import re

import httpx

from singularity.catalogue import failures, msg
from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.stellarium.names import SkyObject

MAX_ROWS = 10
_QUERY = (
    "SELECT TOP {rows} basic.main_id, basic.ra, basic.dec, basic.otype, ident.id "
    "FROM ident JOIN basic ON ident.oidref = basic.oid "
    "WHERE ident.id = '{name}' OR ident.id = 'NAME {name}'"
)
_VOTABLE_ERROR = re.compile(
    r'<INFO[^>]*name="QUERY_STATUS"[^>]*value="ERROR"[^>]*>(.*?)</INFO>', re.DOTALL | re.IGNORECASE
)


def adql_for(name: str) -> str:
    """The ADQL query for ``name`` (quotes doubled, as ADQL string literals need)."""
    return _QUERY.format(rows=MAX_ROWS, name=" ".join(name.split()).replace("'", "''"))


async def simbad_lookup(name: str, *, settings: Settings) -> list[SkyObject]:
    """The distinct SIMBAD objects ``name`` identifies (usually one; none when unknown)."""
    url = settings.stellarium.simbad_url.rstrip("/") + "/sync"
    form = {"REQUEST": "doQuery", "LANG": "ADQL", "FORMAT": "json", "QUERY": adql_for(name)}
    timeout = settings.stellarium.timeout_s
    try:
        async with httpx.AsyncClient(timeout=timeout) as client:
            response = await client.post(url, data=form)
    except httpx.HTTPError as exc:
        raise ServiceError(msg("stellarium.simbad_failed", reason=failures.reason(exc, timeout_s=timeout)),
                           detail=f"{settings.stellarium.simbad_url}: {failures.detail(exc)}") from exc
    if response.status_code != 200:
        raise ServiceError(msg("stellarium.simbad_rejected"), detail=_error_text(response))
    try:
        payload = response.json()
        columns = [column["name"] for column in payload["metadata"]]
        rows = [dict(zip(columns, row, strict=True)) for row in payload["data"]]
    except (ValueError, KeyError, TypeError) as exc:
        raise ServiceError(msg("stellarium.simbad_garbage"), detail=_error_text(response)) from exc
    objects: dict[str, SkyObject] = {}
    for row in rows:
        main_id = " ".join(str(row["main_id"]).split())
        if main_id in objects or row.get("ra") is None or row.get("dec") is None:
            continue
        identifier = str(row.get("id") or "")
        common = identifier[5:] if identifier.startswith("NAME ") else ""
        objects[main_id] = SkyObject(  # Stellarium knows stars by name or "alf Lyr", not "* alf Lyr"
            name=main_id, stellarium_name=common or main_id.removeprefix("* "), common_name=common,
            ra_deg=float(row["ra"]), dec_deg=float(row["dec"]), kind=str(row.get("otype") or ""),
            source="simbad",
        )
    return list(objects.values())


def _error_text(response: httpx.Response) -> str:
    """SIMBAD's own words from a VOTable error document, else the HTTP status."""
    match = _VOTABLE_ERROR.search(response.text)
    if match:
        return " ".join(html.unescape(match[1]).split())[:200]
    return f"HTTP {response.status_code}"
