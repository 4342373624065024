"""Local name resolution: designations in any spelling, common names in English and German,
the Sun, the Moon and the planets; shared names give every object, never a silent pick."""

from __future__ import annotations

import pytest

from singularity.stellarium.names import local_matches


@pytest.mark.parametrize(("text", "expected"), [
    ("M31", "M31"), ("M 31", "M31"), ("m31", "M31"), ("Messier 31", "M31"), ("NGC224", "M31"),
    ("NGC 0224", "M31"), ("Andromedagalaxie", "M31"), ("Andromeda Galaxy", "M31"),
    ("the Andromeda Galaxy", "M31"), ("Orion Nebula", "M42"), ("Orionnebel", "M42"),
    ("den Orionnebel", "M42"), ("IC 434", "IC 434"), ("IC0434", "IC 434"),
    ("Pferdekopfnebel", "IC 434"), ("NGC 7000", "NGC 7000"), ("Plejaden", "M45"),
    ("Jupiter", "Jupiter"), ("Neptun", "Neptune"), ("Merkur", "Mercury"), ("Sonne", "Sun"),
    ("Sun", "Sun"), ("Mond", "Moon"), ("Moon", "Moon"), ("Zeig mir M42 in Stellarium", "M42"),
])
def test_one_object(text: str, expected: str) -> None:
    matches = local_matches(text)
    assert [m.name for m in matches] == [expected]


def test_positions_and_names_for_stellarium() -> None:
    (m31,) = local_matches("Andromedagalaxie")
    assert m31.stellarium_name == "M31" and m31.common_name == "Andromeda Galaxy"
    assert m31.ra_deg == pytest.approx(10.685, abs=0.01) and m31.dec_deg == pytest.approx(41.27, abs=0.01)
    (jupiter,) = local_matches("Jupiter")
    assert jupiter.body == "jupiter" and jupiter.ra_deg is None


def test_a_shared_name_gives_every_object() -> None:
    assert [m.name for m in local_matches("Schleiernebel")] == ["NGC 6960", "NGC 6992", "NGC 6995"]
    assert {"NGC 869", "NGC 884"} <= {m.name for m in local_matches("Double Cluster")}


@pytest.mark.parametrize("text", ["Betelgeuse", "Xyzzy", "", "Erde"])
def test_unknown_names_find_nothing(text: str) -> None:
    assert local_matches(text) == []


