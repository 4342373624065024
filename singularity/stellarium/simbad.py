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
from typing import Any

from singularity.catalogue import failures, msg
from singularity.config import Settings
from singularity.http import Advice, Explained, Service, apost_json, shape_error
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
    service = Service("SIMBAD", Advice.standard(settings.stellarium.simbad_url), explain=_explain)
    payload = await apost_json(service, url, form=form, timeout_s=settings.stellarium.timeout_s)
    try:
        columns = [column["name"] for column in payload["metadata"]]
        rows = [dict(zip(columns, row, strict=True)) for row in payload["data"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise shape_error(service, "not a TAP result") from exc
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


def _explain(status: int, body: Any) -> Explained | None:
    """SIMBAD's own words from a VOTable error document (a query it rejected)."""
    match = _VOTABLE_ERROR.search(body) if isinstance(body, str) else None
    if match is None:
        return None
    said = " ".join(html.unescape(match[1]).split())[:200]
    return (f"rejected the name query ({said})", failures.http_status(status),
            msg("stellarium.simbad_check_name"))
