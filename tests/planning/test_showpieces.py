"""The shipped observing lists, named double stars, optics and bilingual notes."""

from __future__ import annotations

import json

import numpy as np
import pytest

from singularity.planning.catalog import load_catalog, supplement_magnitudes
from singularity.planning.constellations import constellation_of
from singularity.planning.models import Equipment, EquipmentClass
from singularity.planning.notes import note, shortfall_note
from singularity.planning.optics import optics_of
from singularity.planning.showpieces import DATA, named_double_stars, showpiece_lists


def _list(list_id: str) -> dict:
    return next(entry for entry in showpiece_lists() if entry["id"] == list_id)


def test_lists_have_their_published_sizes_and_sources() -> None:
    assert set(_list("caldwell")["entries"]) == {f"C{n}" for n in range(1, 110)}
    assert len(_list("rasc_finest_ngc")["entries"]) == 110
    assert len(_list("herschel400")["objects"]) == 398  # 400 numbers, 2 OpenNGC duplicates
    for entry in showpiece_lists():
        assert entry["source"] and entry["obtained"] and entry["checked"]


def test_every_listed_object_is_in_openngc() -> None:
    import sqlite3

    from pyongc.ongc import DBPATH

    with sqlite3.connect(f"file:{DBPATH}?mode=ro", uri=True) as con:
        known = {row[0] for row in con.execute("SELECT name FROM objects")}
    for entry in showpiece_lists():
        groups = entry.get("entries") or {}
        names = {n for g in (groups.values() if isinstance(groups, dict) else groups) for n in g}
        names |= set(entry.get("objects", []))
        assert names <= known, entry["id"]


def test_finest_ngc_and_caldwell_complement_messier() -> None:
    catalog = load_catalog()
    for k, lists in enumerate(catalog.showpiece_lists):
        if "Messier" in lists:
            assert "RASC Finest NGC" not in lists and "Caldwell" not in lists, catalog.names[k]


def test_catalog_tiers() -> None:
    catalog = load_catalog()
    tier = dict(zip(catalog.names, catalog.showpiece_tier.tolist(), strict=True))
    assert tier["M31"] == tier["NGC 869"] == tier["NGC 7331"] == tier["beta Cyg"] == 2
    assert tier["NGC 7008"] == 1  # Herschel 400 only
    assert tier["NGC 7"] == 0
    assert np.count_nonzero(catalog.showpiece_tier == 2) > 300


def test_double_stars_lie_in_their_constellations() -> None:
    stars = named_double_stars()
    assert len({s["id"] for s in stars}) == len(stars)
    catalog = load_catalog()
    index = {name: k for k, name in enumerate(catalog.ids)}
    for star in stars:
        k = index[star["id"]]
        assert catalog.families[k] == "double_star"
        assert constellation_of(catalog.ra_rad[k], catalog.dec_rad[k]) == star["constellation"], star["id"]


@pytest.mark.parametrize(("cls", "aperture", "label", "field", "power"), [
    (EquipmentClass.NAKED_EYE, 7, "naked eye", 60.0, 1.0),
    (EquipmentClass.BINOCULARS, 50, "10x50 binoculars", 6.5, 10.0),
    (EquipmentClass.BINOCULARS, 35, "7x35 binoculars", 65 / 7, 7.0),
    (EquipmentClass.LARGE_TELESCOPE, 254, "10-inch Dobsonian", 52 * 7 / 254, 254.0),
])
def test_optics(cls, aperture, label, field, power) -> None:
    optics = optics_of(Equipment(equipment_class=cls, aperture_mm=aperture, label=label, limiting_magnitude=10))
    assert optics.field_deg == pytest.approx(field) and optics.magnification == power
    assert optics.resolution_arcsec > 0


def test_notes_carry_both_languages() -> None:
    moon = note("bright_moon", percent=93)
    assert moon.key == "bright_moon" and moon.params == {"percent": 93}
    assert "93%" in moon.text["en"] and "93 %" in moon.text["de"]
    one = shortfall_note("only_few_within_reach", 1, "planetary_nebula")
    assert one.text["en"].startswith("Only 1 planetary nebula is within reach")
    assert "ist nur 1 Planetarischer Nebel erreichbar" in one.text["de"]
    many = shortfall_note("only_few_within_reach", 4, "globular_cluster")
    assert many.text["en"].startswith("Only 4 globular clusters are within reach tonight")
    assert many.text["de"].startswith("Heute Nacht sind nur 4 Kugelsternhaufen erreichbar")


def test_showpieces_without_an_openngc_magnitude_take_the_cited_supplement() -> None:
    entries = json.loads((DATA / "showpiece_magnitudes.json").read_text(encoding="utf-8"))["objects"]
    assert all(entry["source"] and 0 < entry["vmag"] < 7 for entry in entries.values())
    catalog = load_catalog()
    index = {object_id: k for k, object_id in enumerate(catalog.ids)}
    for object_id, vmag in supplement_magnitudes().items():
        k = index[object_id]
        assert catalog.magnitude[k] == vmag
        assert catalog.showpiece_tier[k] == 2  # only showpieces of the classic lists
    assert catalog.names[index["C041"]] == "C 41"  # the Hyades, OpenNGC's Caldwell addendum
    assert catalog.names[index["NGC4755"]] == "NGC 4755"
