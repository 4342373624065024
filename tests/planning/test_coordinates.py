"""Coordinate notations people paste: decimal, hemisphere letters, German, DM and DMS."""

from __future__ import annotations

import pytest

from singularity.errors import InputError
from singularity.planning.coordinates import format_coordinates, parse_coordinates

DMS_LAT = 47 + 39 / 60 + 2 / 3600
DMS_LON = 9 + 10 / 60 + 30 / 3600


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("47.65, 9.17", (47.65, 9.17, None)),
        ("47.65 9.17", (47.65, 9.17, None)),
        ("-33.9,18.4", (-33.9, 18.4, None)),
        ("47.65N 9.17E", (47.65, 9.17, None)),
        ("N 47.65 E 9.17", (47.65, 9.17, None)),
        ("N47.65E9.17", (47.65, 9.17, None)),
        ("47.65° N, 9.175° O", (47.65, 9.175, None)),
        ("47.65 nördl., 9.17 östl.", (47.65, 9.17, None)),
        ("47,65 nördlicher Breite, 9,17 östlicher Länge", (47.65, 9.17, None)),
        ("33.9 Süd, 18.4 Ost", (-33.9, 18.4, None)),
        ("33.9s 18.4e", (-33.9, 18.4, None)),
        ("34.05 S 118.25 W", (-34.05, -118.25, None)),
        ("9.17E 47.65N", (47.65, 9.17, None)),
        ("lat 47.65 lon 9.17", (47.65, 9.17, None)),
        ("47°39.03'N 9°10.5'E", (47.6505, 9.175, None)),
        ("47° 39' 2\" N, 9° 10' 30\" E", (DMS_LAT, DMS_LON, None)),
        ("47° 39′ 2″ N, 9° 10′ 30″ E", (DMS_LAT, DMS_LON, None)),
        ("47°39’2”N 9°10’30”E", (DMS_LAT, DMS_LON, None)),
        ("47d39m2sN 9d10m30sE", (DMS_LAT, DMS_LON, None)),
        ("47.65, 9.17 400 m", (47.65, 9.17, 400.0)),
        ("47.65N 9.17E 400m", (47.65, 9.17, 400.0)),
        ("47° 39' 2\" N, 9° 10' 30\" E, 2396 m ü. M.", (DMS_LAT, DMS_LON, 2396.0)),
        ("-22.95, 14.5, elevation -20 m", (-22.95, 14.5, -20.0)),
    ],
)
def test_notations(text: str, expected: tuple[float, float, float | None]) -> None:
    lat, lon, elevation = parse_coordinates(text)
    assert lat == pytest.approx(expected[0], abs=1e-9)
    assert lon == pytest.approx(expected[1], abs=1e-9)
    assert elevation == expected[2]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("90N 0E", (90.0, 0.0)),
        ("-90, 0", (-90.0, 0.0)),
        ("-16.5, 179.99", (-16.5, 179.99)),
        ("-16.5, -179.99", (-16.5, -179.99)),
        ("0, 180", (0.0, 180.0)),
        ("0, -180", (0.0, -180.0)),
        ("90°0'0\"S 180°0'0\"W", (-90.0, -180.0)),
    ],
)
def test_poles_and_date_line_are_valid(text: str, expected: tuple[float, float]) -> None:
    assert parse_coordinates(text)[:2] == pytest.approx(expected)


@pytest.mark.parametrize(
    "text", ["Kreuzlingen", "La Palma, Spanien", "10115 Berlin", "10115", "Route 66", "Ost", ""]
)
def test_place_names_are_not_coordinates(text: str) -> None:
    assert parse_coordinates(text) is None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("91, 0", "Latitude 91°"),
        ("-90.5 9", "Latitude -90.5°"),
        ("0, 181", "Longitude 181°"),
        ("47.65N 180.5W", "Longitude -180.5°"),
        ("47°61'N 9°10'E", "below 60"),
        ("47°39'75\"N 9°10'E", "below 60"),
        ("47d39m2sN 9d60mE", "below 60"),
        ("47.65N 9.17N", "two latitudes"),
        ("9.17E 9.17W", "two longitudes"),
        ("-47.65 S, 9 E", "both a sign and a hemisphere letter"),
        ("47.5°30'N 9°E", "mixes decimal degrees with minutes"),
        ("47°30.5'20\"N 9°E", "mixes decimal minutes with seconds"),
        ("47.65", "could not be read as coordinates"),
        ("47.65, 9.17, 3.2", "could not be read as coordinates"),
        ("47°39'N", "could not be read as coordinates"),
    ],
)
def test_malformed_coordinates_raise_a_sentence(text: str, fragment: str) -> None:
    with pytest.raises(InputError) as info:
        parse_coordinates(text)
    message = str(info.value)
    assert fragment in message
    assert message.endswith(".") and "\n" not in message


def test_format_coordinates_names_hemispheres() -> None:
    assert format_coordinates(47.65, 9.17) == "47.6500°N 9.1700°E"
    assert format_coordinates(-33.9, -70.5) == "33.9000°S 70.5000°W"
