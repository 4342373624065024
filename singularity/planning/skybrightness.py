"""How bright the night sky is at a place: SQM, Bortle class and the limiting-magnitude penalty.

Three sources, in order of precedence:

1. **The user** gives a Bortle class (1–9) or an SQM reading (16–22.5 mag/arcsec²).
2. **The World Atlas of Artificial Night Sky Brightness** (Falchi et al. 2016, Science Advances
   2, e1600377, doi:10.1126/sciadv.1600377; data: ``World_Atlas_2015.tif``, GFZ Data Services,
   doi:10.5880/GFZ.1.4.2016.001), configured as ``sky_brightness.geotiff_path``. The GeoTIFF is a
   WGS84 grid (EPSG:4326, 30″ pixels) of the *artificial* zenith sky brightness in mcd/m². One
   pixel is read per query (the dataset is opened once per path). Relative paths are relative
   to the project root.
3. **An offline estimate** from the populations of nearby cities (Walker's law, below), clearly
   labelled as such, when no atlas is configured or the atlas has no value at the place.

Formulas
    * Total luminance = artificial + natural background; the natural background is
      ``sky_brightness.natural_sky_mcd_m2`` (0.171 mcd/m², the value the atlas assumes, i.e.
      22.0 mag/arcsec²).
    * Luminance → sky brightness: ``L[cd/m²] = 10.8e4 · 10^(−0.4·m)``, i.e.
      ``m = −2.5·log10(L / 10.8e4) = 12.584 − 2.5·log10(L[cd/m²])`` (the conversion used by
      Unihedron's SQM and by Cinzano & Falchi; the often quoted constant 12.589 differs by
      0.005 mag).
    * SQM → Bortle class (lower bound inclusive; the common SQM–Bortle table, cf. Crumey 2014,
      MNRAS 442, 2600, for the limits of naked-eye visibility behind it):
      ``≥ 21.99 → 1``, ``21.89–21.99 → 2``, ``21.69–21.89 → 3``, ``20.49–21.69 → 4``,
      ``19.50–20.49 → 5``, ``18.94–19.50 → 6``, ``18.38–18.94 → 7``, ``17.80–18.38 → 8``,
      ``< 17.80 → 9``. A class given without an SQM reading stands for the middle of its range
      (22.0 for class 1, 17.5 for class 9).
    * Class names after Bortle (2001), Sky & Telescope 101(2), 126.
    * Light-pollution penalty: the limiting magnitude of point sources falls by about half a
      magnitude per magnitude of sky brightening (detection against a background is limited by
      its fluctuations, so the threshold flux grows with √background), so
      ``penalty(b) = 0.5 · (SQM(class 1) − SQM(class b))``: 0 for class 1, about 1.0 for
      class 5 and 2.25 for class 9. The naked eye loses somewhat more in bright skies,
      a telescope at high power somewhat less; the rule is the middle ground the scorer uses.

Offline estimate (Walker 1977, PASP 89, 405, "The effects of urban lighting on the brightness of
the night sky")
    Walker's law gives the sky glow of a city of population ``P`` at distance ``d`` km, measured
    45° above the horizon towards the city, as a fraction of the natural background:
    ``I = 0.01 · P · d^−2.5`` (a city of one million adds 10 % at 100 km). The zenith, which the
    SQM and the atlas describe, is darker than the sky towards the city, so one third of it is
    used: ``I_zenith = 0.01/3 · P · d^−2.5``. Contributions of all gazetteer places within
    150 km are summed, with three corrections:

    * Walker's law describes distant cities; near and inside a city its light comes from the
      whole lit area, so ``d`` is never taken below the city's core radius
      ``r = 0.14 · P^0.27`` km (5.8 km for one million, 1.7 km for 10,000).
    * Gazetteers list city districts next to the city they belong to (GeoNames has "Zürich" and
      "Zürich (Kreis 3)"); a place inside the core radius of a more populous place is part of
      its lit area and is not counted again.
    * A constant 0.3 × natural stands for villages below the gazetteer's population floor and
      light from beyond 150 km.

    Calibration: the centre of a city of one million comes out at SQM ≈ 17.95 (Bortle 9/8
    border), a town of 10,000 at ≈ 19.5, a site 50 km from a city of one million at ≈ 21.6 and
    a site with no place within 150 km at ≈ 21.7 (Bortle 3). Against approximate World Atlas
    values of central-European sites (Zürich, Munich, Berlin, Konstanz, Rhön, Black Forest,
    Engadin) the estimate from the GeoNames cities of 1,000 inhabitants or more lies within
    about 0.5 mag, mostly on the bright side: a coarse estimate (±1 Bortle class), not a
    measurement.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Literal

import numpy as np
import rasterio
from pydantic import BaseModel
from rasterio.errors import RasterioError
from rasterio.io import DatasetReader
from rasterio.windows import Window

from singularity.catalogue import msg
from singularity.config import PROJECT_ROOT, Settings
from singularity.errors import ConfigError, InputError, SingularityError
from singularity.planning.models import Location
from singularity.results import ToolResult

CD_M2_AT_ZERO_MAG = 10.8e4
"""Luminance in cd/m² of a sky of 0 mag/arcsec²."""

BORTLE_MIN_SQM: tuple[tuple[int, float], ...] = (
    (1, 21.99), (2, 21.89), (3, 21.69), (4, 20.49), (5, 19.50), (6, 18.94), (7, 18.38), (8, 17.80),
)
"""(class, lowest SQM of that class); anything below 17.80 is class 9."""
CLASS_1_SQM = 22.0
CLASS_9_SQM = 17.5
BORTLE_NAMES: dict[int, str] = {
    1: "excellent dark-sky site",
    2: "typical truly dark site",
    3: "rural sky",
    4: "rural/suburban transition",
    5: "suburban sky",
    6: "bright suburban sky",
    7: "suburban/urban transition",
    8: "city sky",
    9: "inner-city sky",
}
USER_SQM_RANGE = (16.0, 22.5)
PENALTY_PER_SQM_MAG = 0.5

WALKER_COEFFICIENT = 0.01
WALKER_EXPONENT = 2.5
ZENITH_FACTOR = 1 / 3
CORE_RADIUS_FACTOR_KM = 0.14
CORE_RADIUS_EXPONENT = 0.27
KM_PER_DEGREE = 111.2
BACKGROUND_RATIO = 0.3
ESTIMATE_RADIUS_KM = 150.0

ATLAS_NOTE = (
    "artificial sky brightness from the World Atlas 2015 (Falchi et al. 2016) plus the natural "
    "sky background"
)
ESTIMATE_NOTE = (
    "estimated from nearby city populations (Walker's law); configure the World Atlas GeoTIFF "
    "for measured values"
)

Source = Literal["user", "world_atlas", "estimate"]


class SkyBrightness(BaseModel):
    sqm: float
    """Zenith sky brightness in mag/arcsec² (higher is darker)."""
    bortle: int
    source: Source
    artificial_mcd_m2: float | None = None
    label: str
    note: str


def sqm_from_luminance(mcd_m2: float) -> float:
    """Sky brightness in mag/arcsec² of a luminance in mcd/m²."""
    return -2.5 * math.log10(mcd_m2 / 1000 / CD_M2_AT_ZERO_MAG)


def luminance_from_sqm(sqm: float) -> float:
    """Luminance in mcd/m² of a sky brightness in mag/arcsec²."""
    return CD_M2_AT_ZERO_MAG * 10 ** (-0.4 * sqm) * 1000


def bortle_from_sqm(sqm: float) -> int:
    """Bortle class of an SQM reading (table in the module docstring)."""
    return next((cls for cls, floor in BORTLE_MIN_SQM if sqm >= floor), 9)


def typical_sqm(bortle: int) -> float:
    """The SQM a Bortle class stands for: the middle of its range."""
    _check_bortle(bortle)
    if bortle == 1:
        return CLASS_1_SQM
    if bortle == 9:
        return CLASS_9_SQM
    floors = dict(BORTLE_MIN_SQM)
    return round((floors[bortle] + floors[bortle - 1]) / 2, 2)


def bortle_label(bortle: int) -> str:
    _check_bortle(bortle)
    return f"Bortle {bortle} — {BORTLE_NAMES[bortle]}"


def light_pollution_penalty(bortle: int) -> float:
    """Magnitudes the limiting magnitude loses against a Bortle 1 sky: 0.5 · ΔSQM."""
    return round(PENALTY_PER_SQM_MAG * (CLASS_1_SQM - typical_sqm(bortle)), 2)


def from_user(*, bortle: int | None = None, sqm: float | None = None) -> SkyBrightness:
    """The user's own Bortle class or SQM reading.

    An SQM reading sets the SQM (the class is derived from it unless the user also gave one);
    a class alone stands for the middle of its SQM range.
    """
    if sqm is not None:
        low, high = USER_SQM_RANGE
        if not low <= sqm <= high:
            raise InputError(msg("planning.sqm_range", low=f"{low:g}", high=f"{high:g}", sqm=f"{sqm:g}"))
        cls = bortle_from_sqm(sqm) if bortle is None else _check_bortle(bortle)
        return SkyBrightness(
            sqm=round(sqm, 2), bortle=cls, source="user", label=bortle_label(cls),
            note="SQM reading given by the user",
        )
    if bortle is None:
        raise InputError(msg("planning.bortle_or_sqm"))
    cls = _check_bortle(bortle)
    return SkyBrightness(
        sqm=typical_sqm(cls), bortle=cls, source="user", label=bortle_label(cls),
        note="Bortle class given by the user; the SQM is the middle of that class's range",
    )


def from_artificial(
    artificial_mcd_m2: float, *, natural_mcd_m2: float, source: Source, note: str
) -> SkyBrightness:
    """Sky brightness from the artificial part of the luminance plus the natural background."""
    sqm = round(sqm_from_luminance(artificial_mcd_m2 + natural_mcd_m2), 2)
    cls = bortle_from_sqm(sqm)
    return SkyBrightness(
        sqm=sqm, bortle=cls, source=source, artificial_mcd_m2=round(artificial_mcd_m2, 4),
        label=bortle_label(cls), note=note,
    )


def atlas_path(settings: Settings) -> Path | None:
    """The configured atlas file, relative paths taken from the project root."""
    path = settings.sky_brightness.geotiff_path
    if path is None:
        return None
    return path if path.is_absolute() else PROJECT_ROOT / path


def read_atlas(path: Path, lat: float, lon: float) -> float | None:
    """Artificial brightness in mcd/m² of the atlas pixel at (lat, lon).

    ``None`` when the point lies outside the grid or the pixel holds no data; ConfigError when
    the file is missing, unreadable or not a WGS84 grid.
    """
    dataset = _open_atlas(str(path))
    row, col = dataset.index(lon, lat)
    if not (0 <= row < dataset.height and 0 <= col < dataset.width):
        return None
    with _READ_LOCK:
        pixel = dataset.read(1, window=Window(col, row, 1, 1), masked=True)
    if np.ma.is_masked(pixel) or not np.isfinite(pixel[0, 0]):
        return None
    return float(pixel[0, 0])


def core_radius_km(population: float) -> float:
    """Radius of a settlement's lit area, inside which Walker's distance law is not used."""
    return CORE_RADIUS_FACTOR_KM * population**CORE_RADIUS_EXPONENT


def walker_artificial_mcd(
    cities: Iterable[tuple[float, float]], *, natural_mcd_m2: float
) -> float:
    """Estimated artificial zenith brightness in mcd/m² from (population, distance km) pairs."""
    ratio = BACKGROUND_RATIO
    for population, distance_km in cities:
        if population > 0:
            distance = max(distance_km, core_radius_km(population))
            ratio += ZENITH_FACTOR * WALKER_COEFFICIENT * population * distance**-WALKER_EXPONENT
    return natural_mcd_m2 * ratio


def distinct_settlements(
    places: Iterable[tuple[float, float, float, float]],
) -> list[tuple[float, float]]:
    """(population, distance km) of places not inside the core of a more populous place.

    ``places`` are (population, lat, lon, distance km from the observer); districts that a
    gazetteer lists beside their city would otherwise count the city's light twice.
    """
    rows = sorted((row for row in places if row[0] > 0), key=lambda row: -row[0])
    kept_lat, kept_lon, kept_core = np.empty(len(rows)), np.empty(len(rows)), np.empty(len(rows))
    kept: list[tuple[float, float]] = []
    for population, lat, lon, distance_km in rows:
        k = len(kept)
        if k:
            dy = (kept_lat[:k] - lat) * KM_PER_DEGREE
            dlon = (kept_lon[:k] - lon + 180.0) % 360.0 - 180.0
            dx = dlon * KM_PER_DEGREE * math.cos(math.radians(lat))
            if np.any(dx * dx + dy * dy < kept_core[:k] ** 2):
                continue
        kept_lat[k], kept_lon[k], kept_core[k] = lat, lon, core_radius_km(population)
        kept.append((population, distance_km))
    return kept


def estimate_artificial_mcd(lat: float, lon: float, *, settings: Settings) -> float:
    """Walker estimate for a place from the offline gazetteer's places within 150 km."""
    from singularity.planning.gazetteer import cities_near

    nearby = cities_near(lat, lon, ESTIMATE_RADIUS_KM, settings=settings)
    settlements = distinct_settlements(
        (place.population or 0, place.lat, place.lon, distance_km)
        for place, distance_km in nearby
    )
    return walker_artificial_mcd(
        settlements, natural_mcd_m2=settings.sky_brightness.natural_sky_mcd_m2
    )


def sky_brightness(
    location: Location,
    *,
    settings: Settings,
    bortle: int | None = None,
    sqm: float | None = None,
) -> ToolResult:
    """Tool: SQM and Bortle class at ``location`` (user value, atlas, or labelled estimate)."""
    if bortle is not None or sqm is not None:
        try:
            return ToolResult.success(_data(from_user(bortle=bortle, sqm=sqm)))
        except InputError as exc:
            return ToolResult.needs_input(str(exc))
    natural = settings.sky_brightness.natural_sky_mcd_m2
    path = atlas_path(settings)
    problem = ""
    if path is not None:
        try:
            artificial = read_atlas(path, location.lat, location.lon)
        except ConfigError:
            problem = (
                f"The World Atlas file {path} could not be read, so the sky brightness was "
                "estimated from nearby city populations; check sky_brightness.geotiff_path."
            )
        else:
            if artificial is not None:
                reading = from_artificial(
                    artificial, natural_mcd_m2=natural, source="world_atlas", note=ATLAS_NOTE
                )
                return ToolResult.success(_data(reading))
            problem = (
                f"The World Atlas has no value at {location.name} ({location.lat:.3f}, "
                f"{location.lon:.3f}), so the sky brightness was estimated from nearby city "
                "populations."
            )
    try:
        artificial = estimate_artificial_mcd(location.lat, location.lon, settings=settings)
    except SingularityError as exc:
        return ToolResult.failed(msg("planning.sky_not_estimated", place=location.name),
                                 data={"detail": str(exc)}, model_data={})
    data = _data(
        from_artificial(artificial, natural_mcd_m2=natural, source="estimate", note=ESTIMATE_NOTE)
    )
    return ToolResult.partial(data, problem) if problem else ToolResult.success(data)


_READ_LOCK = threading.Lock()


@lru_cache(maxsize=4)
def _open_atlas(path: str) -> DatasetReader:
    try:
        dataset = rasterio.open(path)
    except RasterioError as exc:
        raise ConfigError(f"The World Atlas file {path} could not be read: {exc}.") from exc
    if dataset.crs is None or dataset.crs.to_epsg() != 4326:
        dataset.close()
        raise ConfigError(
            f"The World Atlas file {path} is not a WGS84 (EPSG:4326) grid; use the "
            "World_Atlas_2015.tif GeoTIFF."
        )
    return dataset


def _check_bortle(bortle: int) -> int:
    if (
        isinstance(bortle, bool)
        or not isinstance(bortle, int | float)
        or not 1 <= bortle <= 9
        or bortle != int(bortle)
    ):
        raise InputError(msg("planning.bortle_range", bortle=str(bortle)))
    return int(bortle)


def _data(reading: SkyBrightness) -> dict[str, object]:
    return reading.model_dump(exclude_none=True)
