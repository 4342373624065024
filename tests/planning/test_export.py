"""The plan's exports: Stellarium 0.22's observing list, the CSV table and the one-page sheet."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, datetime
from pathlib import Path

import pytest

from singularity.catalogue import msg
from singularity.planning.export import (
    STELLARIUM_FILE,
    STELLARIUM_LIST_UUID,
    StellariumListUnreadable,
    degrees_text,
    export_all,
    export_format,
    hours_text,
    plan_csv,
    stellarium_designation,
    stellarium_lists,
    write_export,
    write_stellarium_lists,
)
from singularity.planning.plan import ObservingPlan, Target
from tests.planning.test_plan import BINOCULARS, evening_window, plan_for


@pytest.fixture(scope="module")
def plan() -> ObservingPlan:
    """Kreuzlingen, 10x50 binoculars, 5 Dec 2026: clusters, planets, a double star, M31."""
    return plan_for(evening_window(date(2026, 12, 5)), equipment=BINOCULARS, prefs=(), limit=30)


def _target(**fields) -> Target:
    base = {"rank": 1, "name": "M31", "catalog_id": "NGC0224", "common_name": "Andromeda Galaxy",
            "type": "galaxy", "family": "galaxy", "constellation": "And", "magnitude": 3.4,
            "surface_brightness": None, "size_arcmin": None,
            "best_time": datetime(2026, 12, 5, 20), "altitude_deg": 70.0, "azimuth_deg": 250.0,
            "direction": "WSW", "moon_separation_deg": None, "score": 80.0,
            "assessment": msg("plan_table.assess_high")}
    return Target.model_validate(base | fields)


def test_formats_follow_the_extension() -> None:
    assert export_format(Path("list.json")) == "stellarium"
    assert export_format(Path("Plan.CSV")) == "csv"
    assert export_format(Path("sheet.pdf")) == "pdf"
    assert export_format(Path("sheet.docx")) is None
    with pytest.raises(ValueError):
        write_export(plan_for(evening_window(date(2026, 12, 5)), limit=1), Path("x.txt"))


def test_the_stellarium_list_has_the_shape_stellarium_022_reads(plan: ObservingPlan) -> None:
    """Keys and types as ObsListDialog.cpp (0.22) reads them: a map of lists by UUID, each
    with a string ``jd`` and ``objects`` as a list of ``{"designation": …}`` in rank order."""
    document = json.loads(json.dumps(stellarium_lists(plan, "de"), ensure_ascii=False))
    assert set(document) == {"defaultListUuid", "observingLists", "shortName", "version"}
    assert document["defaultListUuid"] == STELLARIUM_LIST_UUID
    assert document["version"] == "1.0"
    assert document["shortName"] == "Observing lists for Stellarium"
    entry = document["observingLists"][STELLARIUM_LIST_UUID]
    assert set(entry) == {"description", "jd", "location", "name", "objects", "sorting"}
    assert entry["name"].startswith("Singularity: Kreuzlingen, Sa 05 Dez 2026")
    assert "10x50" in entry["description"] and "Uhr" in entry["description"]
    assert isinstance(entry["jd"], str) and 2461379 < float(entry["jd"]) < 2461381
    assert entry["sorting"] == ""
    assert entry["objects"] == [{"designation": stellarium_designation(t)} for t in plan.targets]
    assert len(entry["objects"]) == len(plan.targets) == 30


def test_designations_are_names_stellarium_finds() -> None:
    """Measured against Stellarium 0.22.2 (docs/stellarium.md, "Observing lists")."""
    assert stellarium_designation(_target()) == "M31"
    assert stellarium_designation(_target(name="NGC 869", family="open_cluster")) == "NGC 869"
    assert stellarium_designation(_target(name="C 41", common_name="Hyades")) == "C 41"
    assert stellarium_designation(_target(name="Saturn", family="planet")) == "Saturn"
    double = {"family": "double_star", "type": "double star"}
    assert stellarium_designation(_target(name="delta Cep", catalog_id="delta Cep", **double)) == "δ Cep"
    assert stellarium_designation(_target(name="61 Cyg", catalog_id="61 Cyg", **double)) == "HIP 104214"
    assert stellarium_designation(_target(name="nu Dra", catalog_id="nu Dra", **double)) == "ν1 Dra"
    assert stellarium_designation(_target(name="70 Oph", catalog_id="70 Oph", **double)) == "70 Oph"
    assert stellarium_designation(_target(name="IC 104", catalog_id="IC0104", **double)) == "IC 104"
    assert stellarium_designation(_target(name="h 3945", catalog_id="h 3945",
                                          common_name="Winter Albireo", **double)) == "Winter Albireo"
    assert stellarium_designation(_target(name="Cl399", common_name="Brocchi's Cluster")) == "Cr 399"
    assert stellarium_designation(_target(name="Mel071", common_name="")) == "Mel 71"
    assert stellarium_designation(_target(name="ESO056-115",
                                          common_name="Large Magellanic Cloud")) == "ESO 56-115"
    assert stellarium_designation(_target(name="PGC000143",
                                          common_name="Wolf-Lundmark-Melotte")) == "PGC 143"
    assert stellarium_designation(_target(name="MWSC3156", common_name="")) == "MWSC3156"
    assert stellarium_designation(_target(name="ESO107-004", common_name="")) == "ESO 107-4"


def test_an_export_into_stellarium_keeps_the_users_lists(plan: ObservingPlan, tmp_path: Path) -> None:
    path = tmp_path / STELLARIUM_FILE
    path.parent.mkdir()
    own = {"{mine}": {"name": "Herbst", "objects": [{"designation": "M13"}], "jd": "1", "sorting": "",
                      "description": "", "location": ""}}
    path.write_text(json.dumps({"defaultListUuid": "{mine}", "observingLists": own,
                                "shortName": "Observing lists for Stellarium", "version": "1.0"}))
    written, made = write_stellarium_lists(plan, tmp_path, "en")
    assert written == path and not made
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["observingLists"]["{mine}"] == own["{mine}"]
    assert document["defaultListUuid"] == STELLARIUM_LIST_UUID
    again, _ = write_stellarium_lists(plan, tmp_path, "en")  # replaced, not added twice
    assert len(json.loads(again.read_text(encoding="utf-8"))["observingLists"]) == 2


def test_a_new_data_folder_is_reported_and_a_foreign_file_left_alone(
        plan: ObservingPlan, tmp_path: Path) -> None:
    _, made = write_stellarium_lists(plan, tmp_path, "en")
    assert made
    path = tmp_path / STELLARIUM_FILE
    path.write_text("not json")
    with pytest.raises(StellariumListUnreadable) as caught:
        write_stellarium_lists(plan, tmp_path, "en")
    assert str(path) in str(caught.value) and "not readable JSON" in str(caught.value)
    assert path.read_text() == "not json"
    path.write_text('["a list"]')
    with pytest.raises(StellariumListUnreadable, match="expected shape"):
        write_stellarium_lists(plan, tmp_path, "de")


def test_the_csv_parses_back_with_coordinates_times_and_directions(plan: ObservingPlan) -> None:
    rows = list(csv.DictReader(io.StringIO(plan_csv(plan, "de"))))
    assert len(rows) == len(plan.targets)
    first, target = rows[0], plan.targets[0]
    assert list(first)[:6] == ["Nr.", "Objekt", "Name", "Typ", "Sternbild", "RA (J2000)"]
    assert first["Objekt"] == target.name and first["Nr."] == "1"
    assert float(first["RA (Grad)"]) == pytest.approx(target.ra_deg, abs=1e-4)
    assert float(first["Dekl. (Grad)"]) == pytest.approx(target.dec_deg, abs=1e-4)
    assert float(first["Helligkeit (mag)"]) == pytest.approx(target.magnitude, abs=0.05)
    assert abs((datetime.fromisoformat(first["Beste Zeit"]) - target.best_time).total_seconds()) < 60
    assert all(row["Richtung"] and "E" not in row["Richtung"] for row in rows)  # German: O for E
    english = list(csv.DictReader(io.StringIO(plan_csv(plan, "en"))))
    assert "Best time" in english[0] and "Direction" in english[0]
    planets = [t for t in plan.targets if t.family == "planet"]
    assert planets and all(t.ra_deg is not None for t in planets)


def test_coordinates_read_as_observers_write_them() -> None:
    assert hours_text(56.75) == "03h47m00.0s"
    assert hours_text(359.99999) == "00h00m00.0s"
    assert degrees_text(24.1167) == "+24°07'00\""
    assert degrees_text(-0.5) == "-00°30'00\""


def test_every_format_is_written_into_a_folder(plan: ObservingPlan, tmp_path: Path) -> None:
    files = export_all(plan, tmp_path / "session", "de")
    assert set(files) == {"stellarium", "csv", "pdf"}
    assert all(p.exists() and p.stat().st_size > 0 for p in files.values())
    assert files["csv"].name.startswith("plan-20261205-")
    pdf = files["pdf"].read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") == 1
    assert json.loads(files["stellarium"].read_text(encoding="utf-8"))["defaultListUuid"] == STELLARIUM_LIST_UUID
