"""Sky brightness: World Atlas pixel lookup, unit conversions, Bortle table, overrides, estimate."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
import rasterio
from rasterio.transform import Affine

from singularity.config import Settings
from singularity.errors import ConfigError, InputError, ServiceError
from singularity.planning import skybrightness as sb
from singularity.planning.models import Location
from singularity.results import Status

# Test grid: 20×20 pixels of 0.01°, north-west corner at 47.70 N, 9.10 E (around Konstanz).
WEST, NORTH, STEP, SIZE = 9.10, 47.70, 0.01, 20
NODATA = -9999.0
KNOWN = {(5, 7): 1.539, (0, 0): 0.0, (19, 19): 10.0, (10, 3): NODATA}


def centre(row: int, col: int) -> tuple[float, float]:
    """(lat, lon) of a pixel centre of the test grid."""
    return NORTH - (row + 0.5) * STEP, WEST + (col + 0.5) * STEP


def place(lat: float, lon: float, name: str = "Testort") -> Location:
    return Location(name=name, lat=lat, lon=lon, timezone="Europe/Berlin", source="coordinates")


def with_atlas(settings: Settings, path: Path | None) -> Settings:
    section = settings.sky_brightness.model_copy(update={"geotiff_path": path})
    return settings.model_copy(update={"sky_brightness": section})


@pytest.fixture
def atlas(tmp_path: Path) -> Path:
    data = np.full((SIZE, SIZE), 0.5, dtype="float32")
    for (row, col), value in KNOWN.items():
        data[row, col] = value
    path = tmp_path / "World_Atlas_test.tif"
    with rasterio.open(
        path, "w", driver="GTiff", height=SIZE, width=SIZE, count=1, dtype="float32",
        crs="EPSG:4326", transform=Affine(STEP, 0, WEST, 0, -STEP, NORTH), nodata=NODATA,
    ) as dst:
        dst.write(data, 1)
    return path


class FakeGazetteer:
    """Stands in for ``singularity.planning.gazetteer``: fixed (name, population, km) rows.

    Each place is put ``km`` north of the observer, so positions and distances agree.
    """

    def __init__(self) -> None:
        self.rows: list[tuple[str, int, float]] = []
        self.calls: list[dict[str, Any]] = []
        self.error: Exception | None = None

    def cities_near(
        self, lat: float, lon: float, radius_km: float, *, settings: Settings
    ) -> list[tuple[SimpleNamespace, float]]:
        self.calls.append({"lat": lat, "lon": lon, "radius_km": radius_km, "settings": settings})
        if self.error:
            raise self.error
        return [
            (SimpleNamespace(name=name, population=population, lat=lat + km / 111.2, lon=lon), km)
            for name, population, km in self.rows
        ]


@pytest.fixture
def gazetteer(monkeypatch: pytest.MonkeyPatch) -> FakeGazetteer:
    fake = FakeGazetteer()
    module = types.ModuleType("singularity.planning.gazetteer")
    module.cities_near = fake.cities_near  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return fake


# --- conversions --------------------------------------------------------------------------


def test_natural_background_is_22_mag() -> None:
    # L = 10.8e4 · 10^(−0.4·22) cd/m² = 1.7117e-4 cd/m² = 0.17117 mcd/m²
    assert sb.luminance_from_sqm(22.0) == pytest.approx(0.17117, abs=1e-5)
    assert sb.sqm_from_luminance(0.171) == pytest.approx(22.0011, abs=1e-4)


def test_ten_times_brighter_is_2_5_mag() -> None:
    assert sb.sqm_from_luminance(1.71) == pytest.approx(19.5011, abs=1e-4)
    assert sb.sqm_from_luminance(1.71) - sb.sqm_from_luminance(17.1) == pytest.approx(2.5)


def test_conversions_are_inverse() -> None:
    for sqm in (17.0, 19.3, 21.8):
        assert sb.sqm_from_luminance(sb.luminance_from_sqm(sqm)) == pytest.approx(sqm)


@pytest.mark.parametrize(
    ("sqm", "bortle"),
    [
        (22.3, 1), (21.99, 1), (21.98, 2), (21.89, 2), (21.88, 3), (21.69, 3), (21.68, 4),
        (20.49, 4), (20.48, 5), (19.50, 5), (19.49, 6), (18.94, 6), (18.93, 7), (18.38, 7),
        (18.37, 8), (17.80, 8), (17.79, 9), (16.0, 9),
    ],
)
def test_bortle_table_edges(sqm: float, bortle: int) -> None:
    assert sb.bortle_from_sqm(sqm) == bortle


def test_typical_sqm_lies_in_its_class() -> None:
    for bortle in range(1, 10):
        assert sb.bortle_from_sqm(sb.typical_sqm(bortle)) == bortle
    assert sb.typical_sqm(4) == pytest.approx((20.49 + 21.69) / 2)


def test_labels() -> None:
    assert sb.bortle_label(5) == "Bortle 5 — suburban sky"
    assert sb.bortle_label(1) == "Bortle 1 — excellent dark-sky site"
    assert sb.bortle_label(9) == "Bortle 9 — inner-city sky"


def test_light_pollution_penalty() -> None:
    penalties = [sb.light_pollution_penalty(b) for b in range(1, 10)]
    assert penalties[0] == 0.0
    assert penalties == sorted(penalties) and len(set(penalties)) == 9
    # 0.5 · (22.0 − 19.99) and 0.5 · (22.0 − 17.5)
    assert sb.light_pollution_penalty(5) == pytest.approx(1.0, abs=0.02)
    assert sb.light_pollution_penalty(9) == 2.25
    with pytest.raises(InputError, match="1 to 9"):
        sb.light_pollution_penalty(10)


# --- World Atlas ----------------------------------------------------------------------------


def test_pixel_lookup(atlas: Path) -> None:
    assert sb.read_atlas(atlas, *centre(5, 7)) == pytest.approx(1.539, abs=1e-6)
    assert sb.read_atlas(atlas, *centre(0, 0)) == 0.0
    assert sb.read_atlas(atlas, *centre(19, 19)) == pytest.approx(10.0)
    assert sb.read_atlas(atlas, *centre(6, 7)) == pytest.approx(0.5)


def test_nodata_and_out_of_bounds_give_none(atlas: Path) -> None:
    assert sb.read_atlas(atlas, *centre(10, 3)) is None
    assert sb.read_atlas(atlas, 47.75, 9.2) is None  # north of the grid
    assert sb.read_atlas(atlas, 47.6, 9.35) is None  # east of the grid
    assert sb.read_atlas(atlas, -33.9, 151.2) is None


def test_dataset_is_opened_once_per_path(atlas: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    real_open = rasterio.open

    def counting_open(path: str, *args: Any, **kwargs: Any) -> Any:
        opened.append(path)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(sb.rasterio, "open", counting_open)
    for row in range(3):
        sb.read_atlas(atlas, *centre(row, row))
    assert opened == [str(atlas)]


def test_unreadable_files_raise_config_error(tmp_path: Path) -> None:
    missing = tmp_path / "missing.tif"
    with pytest.raises(ConfigError, match="could not be read"):
        sb.read_atlas(missing, 47.6, 9.2)
    garbage = tmp_path / "garbage.tif"
    garbage.write_bytes(b"not a tiff at all")
    with pytest.raises(ConfigError, match="could not be read"):
        sb.read_atlas(garbage, 47.6, 9.2)


def test_projected_grid_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "mercator.tif"
    with rasterio.open(
        path, "w", driver="GTiff", height=2, width=2, count=1, dtype="float32",
        crs="EPSG:3857", transform=Affine(1000, 0, 1_000_000, 0, -1000, 6_000_000),
    ) as dst:
        dst.write(np.ones((2, 2), dtype="float32"), 1)
    with pytest.raises(ConfigError, match="EPSG:4326"):
        sb.read_atlas(path, 47.6, 9.2)


def test_tool_reads_the_atlas(settings: Settings, atlas: Path, gazetteer: FakeGazetteer) -> None:
    result = sb.sky_brightness(place(*centre(5, 7)), settings=with_atlas(settings, atlas))
    assert result.status is Status.OK
    # total = 1.539 + 0.171 = 1.71 mcd/m² → 19.50 mag/arcsec² → Bortle 5 (lower edge)
    assert result.data == {
        "sqm": 19.5,
        "bortle": 5,
        "source": "world_atlas",
        "artificial_mcd_m2": pytest.approx(1.539, abs=1e-4),
        "label": "Bortle 5 — suburban sky",
        "note": sb.ATLAS_NOTE,
    }
    assert gazetteer.calls == []


def test_tool_atlas_dark_and_bright_pixels(
    settings: Settings, atlas: Path, gazetteer: FakeGazetteer
) -> None:
    configured = with_atlas(settings, atlas)
    dark = sb.sky_brightness(place(*centre(0, 0)), settings=configured).data
    bright = sb.sky_brightness(place(*centre(19, 19)), settings=configured).data
    assert (dark["sqm"], dark["bortle"]) == (22.0, 1)
    # 10.171 mcd/m² → 22.0011 − 2.5·log10(10.171/0.171) = 17.57 → Bortle 9
    assert (bright["sqm"], bright["bortle"]) == (17.57, 9)


def test_missing_atlas_gives_partial_estimate(
    settings: Settings, tmp_path: Path, gazetteer: FakeGazetteer
) -> None:
    missing = tmp_path / "nowhere" / "World_Atlas_2015.tif"
    gazetteer.rows = [("Konstanz", 85_000, 3.0)]
    result = sb.sky_brightness(place(47.66, 9.17), settings=with_atlas(settings, missing))
    assert result.status is Status.PARTIAL
    assert str(missing) in result.message and "could not be read" in result.message
    assert "geotiff_path" in result.message
    assert result.data["source"] == "estimate"
    assert result.data["note"] == sb.ESTIMATE_NOTE
    assert len(gazetteer.calls) == 1


def test_nodata_and_outside_points_fall_back_to_partial_estimate(
    settings: Settings, atlas: Path, gazetteer: FakeGazetteer
) -> None:
    configured = with_atlas(settings, atlas)
    for lat, lon in (centre(10, 3), (40.0, -3.7)):
        result = sb.sky_brightness(place(lat, lon, "Irgendwo"), settings=configured)
        assert result.status is Status.PARTIAL
        assert "no value at Irgendwo" in result.message
        assert result.data["source"] == "estimate"


def test_relative_atlas_path_is_taken_from_the_project_root(settings: Settings) -> None:
    configured = with_atlas(settings, Path("data/World_Atlas_2015.tif"))
    assert sb.atlas_path(configured) == sb.PROJECT_ROOT / "data/World_Atlas_2015.tif"
    assert sb.atlas_path(settings) is None


# --- user values ----------------------------------------------------------------------------


def test_user_bortle_wins_over_the_atlas(
    settings: Settings, atlas: Path, gazetteer: FakeGazetteer
) -> None:
    result = sb.sky_brightness(place(*centre(5, 7)), settings=with_atlas(settings, atlas), bortle=3)
    assert result.status is Status.OK
    assert result.data["source"] == "user"
    assert result.data["bortle"] == 3
    assert result.data["sqm"] == sb.typical_sqm(3)
    assert result.data["label"] == "Bortle 3 — rural sky"
    assert "artificial_mcd_m2" not in result.data
    assert gazetteer.calls == []


def test_user_sqm_sets_the_class(settings: Settings, gazetteer: FakeGazetteer) -> None:
    data = sb.sky_brightness(place(47.6, 9.2), settings=settings, sqm=19.0).data
    assert (data["sqm"], data["bortle"], data["source"]) == (19.0, 6, "user")
    both = sb.sky_brightness(place(47.6, 9.2), settings=settings, sqm=19.0, bortle=7).data
    assert (both["sqm"], both["bortle"]) == (19.0, 7)
    assert gazetteer.calls == []


@pytest.mark.parametrize("bortle", [0, 10, 3.5, True])
def test_bad_bortle_needs_input(settings: Settings, bortle: Any) -> None:
    result = sb.sky_brightness(place(47.6, 9.2), settings=settings, bortle=bortle)
    assert result.status is Status.NEEDS_INPUT
    assert "from 1 to 9" in result.message


@pytest.mark.parametrize("sqm", [15.9, 22.6, float("nan")])
def test_bad_sqm_needs_input(settings: Settings, sqm: float) -> None:
    result = sb.sky_brightness(place(47.6, 9.2), settings=settings, sqm=sqm)
    assert result.status is Status.NEEDS_INPUT
    assert "between 16 and 22.5" in result.message


# --- Walker estimate ------------------------------------------------------------------------


def test_walker_hand_computed() -> None:
    # (0.3 + 0.01/3 · 1e6 · 50^−2.5) · 0.171 = (0.3 + 0.188562) · 0.171
    assert sb.walker_artificial_mcd([(1_000_000, 50.0)], natural_mcd_m2=0.171) == pytest.approx(
        0.083544, abs=1e-6
    )
    assert sb.walker_artificial_mcd([], natural_mcd_m2=0.171) == pytest.approx(0.3 * 0.171)


def test_walker_calibration_anchors() -> None:
    def sqm(pairs: list[tuple[float, float]]) -> float:
        return sb.sqm_from_luminance(sb.walker_artificial_mcd(pairs, natural_mcd_m2=0.171) + 0.171)

    assert sqm([(1_000_000, 0.0)]) == pytest.approx(18.0, abs=0.1)
    assert sqm([(10_000, 0.0)]) == pytest.approx(19.5, abs=0.1)
    assert sqm([(1_000_000, 50.0)]) == pytest.approx(21.57, abs=0.02)
    assert sqm([]) == pytest.approx(21.72, abs=0.02)
    assert sb.bortle_from_sqm(sqm([])) == 3


def test_walker_ordering() -> None:
    def glow(pairs: list[tuple[float, float]]) -> float:
        return sb.walker_artificial_mcd(pairs, natural_mcd_m2=0.171)

    centre_of_city = glow([(1_000_000, 0.5)])
    fifty_km = glow([(1_000_000, 50.0)])
    remote = glow([])
    assert centre_of_city > fifty_km > remote
    assert glow([(1_000_000, 100.0)]) < fifty_km
    assert glow([(1_000_000, 0.0), (50_000, 10.0)]) > centre_of_city


def test_walker_minimum_distance_inside_the_city() -> None:
    # A city of one million has a core radius of 0.14 · 1e6^0.27 ≈ 5.8 km.
    assert sb.core_radius_km(1_000_000) == pytest.approx(5.84, abs=0.01)
    at = [sb.walker_artificial_mcd([(1_000_000, d)], natural_mcd_m2=0.171) for d in (0, 2, 5.5)]
    assert at[0] == at[1] == at[2]
    assert sb.walker_artificial_mcd([(1_000_000, 7)], natural_mcd_m2=0.171) < at[0]
    assert sb.walker_artificial_mcd([(0, 1.0)], natural_mcd_m2=0.171) == pytest.approx(0.3 * 0.171)


def test_districts_inside_a_city_are_not_counted_twice() -> None:
    # Zürich (core ≈ 4.6 km) with a district 2 km from its centre and a town 15 km away.
    rows = [
        (30_000, 47.39, 8.54, 2.0),  # district, inside the core of the city
        (400_000, 47.37, 8.54, 0.5),
        (110_000, 47.50, 8.72, 15.0),  # separate town
        (0, 47.38, 8.50, 3.0),  # no population: ignored
    ]
    assert sb.distinct_settlements(rows) == [(400_000, 0.5), (110_000, 15.0)]
    assert sb.distinct_settlements(reversed(rows)) == [(400_000, 0.5), (110_000, 15.0)]


def test_distinct_settlements_across_the_antimeridian() -> None:
    rows = [(200_000, -17.0, 179.99, 1.0), (5_000, -17.0, -179.99, 1.5)]
    assert sb.distinct_settlements(rows) == [(200_000, 1.0)]


def test_tool_estimate_is_labelled(settings: Settings, gazetteer: FakeGazetteer) -> None:
    gazetteer.rows = [("Zürich", 400_000, 1.0), ("Winterthur", 110_000, 20.0)]
    result = sb.sky_brightness(place(47.37, 8.54, "Zürich"), settings=settings)
    assert result.status is Status.OK
    assert result.data["source"] == "estimate"
    assert result.data["note"] == (
        "estimated from nearby city populations (Walker's law); configure the World Atlas "
        "GeoTIFF for measured values"
    )
    assert result.data["bortle"] >= 7
    call = gazetteer.calls[0]
    assert (call["lat"], call["lon"], call["radius_km"]) == (47.37, 8.54, sb.ESTIMATE_RADIUS_KM)
    assert call["settings"] is settings


def test_tool_estimate_ignores_listed_districts(
    settings: Settings, gazetteer: FakeGazetteer
) -> None:
    gazetteer.rows = [("Zürich", 400_000, 1.0)]
    alone = sb.sky_brightness(place(47.37, 8.54), settings=settings).data
    gazetteer.rows = [("Zürich", 400_000, 1.0), ("Zürich (Kreis 3)", 46_000, 3.0)]
    with_district = sb.sky_brightness(place(47.37, 8.54), settings=settings).data
    assert with_district == alone


def test_tool_estimate_ordering(settings: Settings, gazetteer: FakeGazetteer) -> None:
    def estimate(rows: list[tuple[str, int, float]]) -> dict[str, Any]:
        gazetteer.rows = rows
        return sb.sky_brightness(place(47.0, 9.0), settings=settings).data

    city = estimate([("Grossstadt", 1_000_000, 1.0)])
    outside = estimate([("Grossstadt", 1_000_000, 50.0)])
    remote = estimate([])
    assert city["sqm"] < outside["sqm"] < remote["sqm"]
    assert city["bortle"] > outside["bortle"] > remote["bortle"]


def test_gazetteer_failure_is_reported(settings: Settings, gazetteer: FakeGazetteer) -> None:
    gazetteer.error = ServiceError("The offline gazetteer data could not be loaded.")
    result = sb.sky_brightness(place(47.0, 9.0, "Testort"), settings=settings)
    assert result.status is Status.FAILED
    assert "Testort" in result.message and "gazetteer data could not be loaded" in result.data["detail"]
    assert "Bortle class" in result.message


@pytest.mark.slow  # the gazetteer builds its index in the fresh data directory (~10 s)
def test_real_gazetteer_city_brighter_than_open_sea(settings: Settings) -> None:
    zurich = sb.sky_brightness(place(47.3769, 8.5417, "Zürich"), settings=settings)
    atlantic = sb.sky_brightness(place(40.0, -40.0, "Atlantic"), settings=settings)
    assert zurich.status is Status.OK and atlantic.status is Status.OK
    assert zurich.data["source"] == atlantic.data["source"] == "estimate"
    assert zurich.data["sqm"] < 19.5
    assert atlantic.data["sqm"] > 21.5
