"""Eyepiece optics: the formulas, the eyepieces a message names, the telescope's focal length,
whether an object fits, and the drawing of the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from singularity.catalogue import say
from singularity.planning.equipment import parse_equipment
from singularity.planning.eyepiece_chart import render_field_chart
from singularity.planning.eyepiece_view import (
    angle_text,
    describe,
    eyepiece_view,
    object_size_arcmin,
    telescope_of,
)
from singularity.planning.eyepieces import Eyepiece, find_eyepiece, known_series
from singularity.planning.optics import (
    exit_pupil_mm,
    magnification,
    true_field_deg,
    useful_magnifications,
)


def test_formulas() -> None:
    assert magnification(1200, 25) == 48
    assert exit_pupil_mm(254, 50.8) == pytest.approx(5.0)
    assert true_field_deg(48, 52) == pytest.approx(52 / 48)
    # a 27 mm field stop at 1200 mm: 57.3° × 27 / 1200 = 1.29° (68° / 50× would say 1.36°)
    assert true_field_deg(50, 68, field_stop_mm=27.0, telescope_focal_mm=1200) == pytest.approx(1.289, abs=1e-3)
    assert useful_magnifications(200) == (pytest.approx(200 / 7), 400)


@pytest.mark.parametrize(("text", "name", "focal", "field", "assumed"), [
    ("Wie sieht M51 in meinem 10-Zoll-Dobson mit dem 25-mm-Okular aus?", "25 mm", 25, 52, True),
    ("How does M13 look with my 25mm eyepiece?", "25 mm", 25, 52, True),
    ("mit meinem Nagler 13", "Tele Vue Nagler 13 mm", 13, 82, False),
    ("durch das Okular mit 9 mm", "9 mm", 9, 52, True),
    ("an eyepiece of 32 mm", "32 mm", 32, 52, True),
    ("ein 20-mm-Okular mit 68°", "20 mm", 20, 68, False),
    ("my Panoptic 24mm", "Tele Vue Panoptic 24 mm", 24, 68, False),
    ("ES 82° 11 mm", "Explore Scientific 82° 11 mm", 11, 82, False),
    ("Explore Scientific 100 9mm", "Explore Scientific 100° 9 mm", 9, 100, False),
    ("mit dem 13er Hyperion", "Baader Hyperion 13 mm", 13, 68, False),
    ("the 40mm Plössl", "Plössl 40 mm", 40, 43, False),
    ("Nagler T6 13 mm", "Tele Vue Nagler 13 mm", 13, 82, False),
    ("Ethos 21", "Tele Vue Ethos 21 mm", 21, 100, False),
])
def test_eyepiece_in_a_message(text: str, name: str, focal: float, field: float, assumed: bool) -> None:
    eyepiece = find_eyepiece(text)
    assert eyepiece is not None
    assert (eyepiece.name, eyepiece.focal_length_mm, eyepiece.apparent_field_deg, eyepiece.field_assumed) == (
        name, focal, field, assumed)


@pytest.mark.parametrize("text", [
    "mein 150/750 Newton", "M31 im 10-Zoll-Dobson", "ein 80 mm Refraktor", "Was ist ein Okular?",
    "a 25 mm aperture", "Okular mit 120 mm",
])
def test_no_eyepiece(text: str) -> None:
    assert find_eyepiece(text) is None


def test_a_bare_focal_length_is_an_eyepiece_only_when_known_to_be_one() -> None:
    assert find_eyepiece("25 mm") is None
    assert find_eyepiece("25 mm", bare=True).focal_length_mm == 25
    assert find_eyepiece("20 mm, 68°", bare=True).apparent_field_deg == 68


@pytest.mark.parametrize("text", ["mit meinem Nagler 13", "25mm eyepiece", "ein 20-mm-Okular mit 68°",
                                  "Panoptic 24", "ES 82° 8.8 mm"])
def test_a_phrase_names_the_same_eyepiece(text: str) -> None:
    eyepiece = find_eyepiece(text)
    assert find_eyepiece(eyepiece.phrase, bare=True) == eyepiece


def test_field_stops_are_used_where_published() -> None:
    panoptic = find_eyepiece("Panoptic 24")
    assert panoptic.field_stop_mm == 27.0
    assert find_eyepiece("Nagler 13").field_stop_mm is None
    assert all(s.afov_deg > 30 and s.focal_lengths_mm for s in known_series())


@pytest.mark.parametrize(("instrument", "text", "focal", "assumed"), [
    ("Newton 150/750", "", 750, None),
    ("10-Zoll-Dobson", "mit 1200 mm Brennweite", 1200, None),
    ("10-inch Dobsonian", "focal length of 1250 mm", 1250, None),
    ("8 inch SCT", "f/6.3", 1280, None),
    ("C8", "", 2032, None),
    ("10-Zoll-Dobson", "", 1270, "newtonian"),
    ("Maksutov 127 mm", "", 1524, "maksutov"),
    ("80 mm Refraktor", "", 560, "refractor"),
])
def test_telescope_focal_length(instrument: str, text: str, focal: float, assumed: str | None) -> None:
    telescope = telescope_of(parse_equipment(instrument), f"{instrument} {text}")
    assert telescope.focal_length_mm == pytest.approx(focal)
    assert telescope.focal_assumed == assumed


def test_binoculars_take_no_eyepiece() -> None:
    assert telescope_of(parse_equipment("10x50 Fernglas")) is None
    assert telescope_of(parse_equipment("bloßes Auge")) is None


def test_the_article_question() -> None:
    """M51 (13.7′ × 11.7′) in a 10-inch f/5 Dobsonian with a 25 mm Plössl: 51×, 5 mm, 1.0°."""
    telescope = telescope_of(parse_equipment("10-Zoll-Dobson"))
    view = eyepiece_view(telescope, find_eyepiece("25-mm-Okular"), object_size_arcmin("M51"))
    assert round(view.magnification) == 51
    assert view.exit_pupil_mm == pytest.approx(5.0)
    assert view.true_field_deg == pytest.approx(1.02, abs=0.01)
    assert view.fit == "fits"
    keys = [m.key for m in describe(view, "M51")]
    assert keys == ["eyepiece.numbers", "eyepiece.fit_fits", "eyepiece.assumed_field", "eyepiece.assumed_focal"]
    german = " ".join(m.render("de") for m in describe(view, "M51"))
    assert "51-fache Vergrößerung" in german and "1,0° wahres Gesichtsfeld" in german
    assert "Dobsons und Newtons" in german
    assert "mit 1270 mm angenommen" in german
    imperial = " ".join(m.render("en") for m in describe(view, "M51", "imperial"))
    assert "in the 10-inch Dobsonian with" in imperial and "focal length of 50.0 in (f/5" in imperial


@pytest.mark.parametrize(("target", "body", "eyepiece", "fit"), [
    ("M31", None, "Nagler 13", "too_big"),     # 178′ in a 1200 mm Dobsonian: 0.9° field
    ("M42", None, "Panoptic 24", "too_big"),   # 90′ against the field stop's 1.29°
    ("M42", None, "Panoptic 41", "fills"),     # 90′ in 2.2°
    ("M57", None, "Nagler 13", "fits"),
    ("Moon", "moon", "Nagler 13", "fills"),    # 31′ in 0.89°
])
def test_fit(target: str, body: str | None, eyepiece: str, fit: str) -> None:
    telescope = telescope_of(parse_equipment("Dobson 254/1200"), "Dobson 254/1200")
    view = eyepiece_view(telescope, find_eyepiece(eyepiece), object_size_arcmin(target, body))
    assert view.fit == fit


def test_warnings_for_too_much_power_and_too_wide_a_pupil() -> None:
    small = telescope_of(parse_equipment("Refraktor 60/700"), "Refraktor 60/700")
    high = eyepiece_view(small, Eyepiece("4 mm", 4, 52))
    assert "eyepiece.too_much_power" in [m.key for m in describe(high, "Saturn")]
    fast = telescope_of(parse_equipment("Newton 200/800"), "Newton 200/800")
    low = eyepiece_view(fast, Eyepiece("40 mm", 40, 43))
    assert low.exit_pupil_mm == pytest.approx(10)
    assert "eyepiece.pupil_too_wide" in [m.key for m in describe(low, "M31")]


def test_unknown_size() -> None:
    view = eyepiece_view(telescope_of(parse_equipment("C8")), Eyepiece("25 mm", 25, 52),
                         object_size_arcmin("Albireo-not-in-catalogue"))
    assert view.fit is None
    assert describe(view, "X")[1].key == "eyepiece.size_unknown"


def test_angles() -> None:
    said = [angle_text(1.25), angle_text(0.5), angle_text(0.01)]
    assert [a.render("en") for a in said] == ["1.2°", "30′", "36″"]
    assert [a.render("de") for a in said] == ["1,2°", "30′", "36″"]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_field_drawing(tmp_path: Path, language: str) -> None:
    view = eyepiece_view(telescope_of(parse_equipment("10-Zoll-Dobson")), find_eyepiece("25mm eyepiece"),
                         object_size_arcmin("M51"))
    path = render_field_chart(view, "M51", tmp_path / "field.png", language)
    assert path.read_bytes().startswith(b"\x89PNG")
    assert say("eyepiece.chart_field", language, field="1°", magnification="51")
