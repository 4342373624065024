"""Helpers shared by the location tests: settings and Nominatim replies."""

from __future__ import annotations

from typing import Any

from tests.support import ROOT, TEST_MIN_POPULATION, make_settings, settings_with_index  # noqa: F401

LICENCE = "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright"


def nominatim_place(
    name: str,
    lat: float,
    lon: float,
    *,
    country_code: str,
    country: str,
    state: str | None = None,
    importance: float = 0.5,
    addresstype: str = "town",
    osm_id: int = 1684625,
) -> dict[str, Any]:
    """One search result as Nominatim serialises it (lat/lon as strings, addressdetails=1)."""
    address = {
        addresstype: name,
        "state": state,
        "country": country,
        "country_code": country_code.lower(),
    }
    return {
        "place_id": osm_id % 100000 + 1000,
        "licence": LICENCE,
        "osm_type": "relation",
        "osm_id": osm_id,
        "lat": f"{lat:.7f}",
        "lon": f"{lon:.7f}",
        "class": "boundary",
        "type": "administrative",
        "place_rank": 16,
        "importance": importance,
        "addresstype": addresstype,
        "name": name,
        "display_name": ", ".join(part for part in (name, state, country) if part),
        "address": {key: value for key, value in address.items() if value},
        "boundingbox": [
            f"{lat - 0.03:.7f}",
            f"{lat + 0.03:.7f}",
            f"{lon - 0.05:.7f}",
            f"{lon + 0.05:.7f}",
        ],
    }


KREUZLINGEN = nominatim_place(
    "Kreuzlingen",
    47.6504238,
    9.1748695,
    country_code="CH",
    country="Schweiz/Suisse/Svizzera/Svizra",
    state="Thurgau",
    importance=0.52,
)
BLOCKED_HTML = (
    "<html><head><title>Access blocked</title></head><body><h1>Access blocked</h1>"
    "<p>You have been blocked because you have violated the usage policy of OSM's "
    "Nominatim geocoding service.</p></body></html>"
)
