"""One object, one slot: the pieces of a nebula complex share the slot of its main member
(``complexes``, ``selection.select``, ``plan.Target.includes``)."""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest
from pytest_socket import disable_socket, enable_socket

from singularity.planning.catalog import family_codes, load_catalog
from singularity.planning.complexes import COMPLEX_FAMILIES, catalog_complexes, complex_ids, fold
from singularity.planning.models import Location
from singularity.planning.preferences import PreferenceStrength
from singularity.planning.selection import select
from tests.planning.test_plan import evening_window, plan_for


@pytest.fixture(autouse=True)
def _no_network():
    disable_socket()
    yield
    enable_socket()


def test_an_object_inside_another_ones_extent_joins_its_complex() -> None:
    arcmin = np.radians(1 / 60)
    ra = np.array([0.0, 30 * arcmin, 80 * arcmin, 200 * arcmin])
    dec = np.zeros(4)
    major = np.array([90.0, 9.0, 10.0, 60.0])  # 30′ off a 90′ nebula: inside; 80′ off: outside
    ids = complex_ids(ra, dec, major, np.ones(4, dtype=bool))
    assert ids.tolist() == [0, 0, -1, -1]
    # the small object's centre need not hold the large one: either containment links them
    ids = complex_ids(ra[[1, 0]], dec[:2], major[[1, 0]], np.ones(2, dtype=bool))
    assert ids.tolist() == [0, 0]
    # only the families nebula complexes are made of
    assert complex_ids(ra, dec, major, np.array([True, False, True, True])).tolist() == [-1] * 4


def test_orion_and_rosette_are_complexes_but_andromeda_keeps_its_companions() -> None:
    catalog = load_catalog()
    ids = catalog_complexes(catalog)
    index = {name: k for k, name in enumerate(catalog.names)}
    orion = {catalog.names[k] for k in np.flatnonzero(ids == ids[index["M42"]])}
    assert {"M42", "M43", "NGC 1980", "NGC 1973", "NGC 1975"} <= orion
    assert ids[index["NGC 2238"]] == ids[index["NGC 2239"]] >= 0
    assert ids[index["M8"]] == ids[index["NGC 6530"]] >= 0
    for galaxy in ("M31", "M32", "M110", "M51"):
        assert ids[index[galaxy]] == -1
    assert "galaxy" not in COMPLEX_FAMILIES and "globular_cluster" not in COMPLEX_FAMILIES


def test_fold_keeps_the_showpiece_then_the_best_scored() -> None:
    ranked = [0, 1, 2, 3, 4]  # best score first
    complex_id = np.array([7, -1, 7, 9, 9])
    priority = np.array([1, 0, 2, 2, 2])  # candidate 2 is on a higher showpiece tier than 0
    kept, parts = fold(ranked, complex_id, priority)
    assert kept.tolist() == [1, 2, 3]
    assert parts == {2: [0], 3: [4]}


def test_selection_gives_a_complex_one_slot_and_names_its_pieces() -> None:
    families = ["cluster_nebula", "nebula", "nebula", "open_cluster", "galaxy", "cluster_nebula"]
    order = np.arange(len(families))
    codes = family_codes(families)
    complex_id = np.array([0, 0, 0, -1, -1, 0])
    tier = np.array([1, 2, 2, 2, 2, 2])  # like NGC 1980 (Herschel 400) beside M42 (Messier)
    chosen = select(order, codes, np.zeros(6, dtype=bool), PreferenceStrength.NONE, 10,
                    complex_id=complex_id, tier=tier)
    assert chosen.indices == [1, 3, 4]
    assert chosen.parts == {1: [0, 2, 5]}
    # with "only open clusters", a cluster is not folded into a nebula that cannot be listed
    wanted = np.array([f == "open_cluster" for f in families])
    only = select(order, codes, wanted, PreferenceStrength.ONLY, 10, complex_id=np.array([0, 0, 0, 0, -1, 0]),
                  tier=tier)
    assert only.indices == [3] and only.parts == {}


def test_the_orion_nebula_takes_one_slot_in_a_nebula_plan() -> None:
    santiago = Location(name="Santiago", lat=-33.45, lon=-70.67, timezone="America/Santiago", source="test")
    plan = plan_for(evening_window(date(2026, 3, 15), santiago), location=santiago,
                    prefs=("nebula", "cluster_nebula", "planetary_nebula", "supernova_remnant"), limit=30)
    names = [t.name for t in plan.targets]
    assert "M42" in names
    for piece in ("NGC 1973", "NGC 1975", "NGC 1980", "M43"):
        assert piece not in names
    m42 = next(t for t in plan.targets if t.name == "M42")
    assert {"NGC 1973", "NGC 1975", "NGC 1980"} <= set(m42.includes)
    said = m42.assessment.render("en")
    assert "In the same field: " in said and "NGC 1980" in said
    assert "Im selben Gesichtsfeld: " in m42.assessment.render("de")
    assert not ({"NGC 2238", "NGC 2239"} <= set(names))  # the Rosette: one slot
