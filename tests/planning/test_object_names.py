"""What objects and constellations are called in a German plan, and that every German name is
still understood as input (the name lookup the Stellarium tools and plan follow-ups use)."""

from __future__ import annotations

import pytest

from singularity.catalogue.objects import common_name, constellation, designation, target_name
from singularity.planning.catalog import load_catalog
from singularity.planning.constellations import CONSTELLATIONS, constellation_name
from singularity.planning.objects import load_objects
from singularity.stellarium.names import local_matches


def _names_of(designation_: str) -> tuple[str, str]:
    catalog = load_catalog()
    k = catalog.names.index(designation_)
    return catalog.common_names[k], catalog.german_names[k]


@pytest.mark.parametrize(("object_", "english", "german"), [
    ("M42", "Orion Nebula", "Orionnebel"),
    ("M31", "Andromeda Galaxy", "Andromedagalaxie"),
    ("M45", "Pleiades", "Plejaden"),
    ("M57", "Ring Nebula", "Ringnebel"),
    ("M27", "Dumbbell Nebula", "Hantelnebel"),
    ("M51", "Whirlpool Galaxy", "Whirlpool-Galaxie"),
    ("M13", "Hercules Globular Cluster", "Herkuleshaufen"),
    ("M44", "Beehive Cluster", "Krippe"),
    ("NGC 869", "h Persei Cluster", "h-Persei-Haufen"),
    ("NGC 884", "Chi Persei Cluster", "χ-Persei-Haufen"),
    ("M17", "Omega Nebula", "Omeganebel"),
    ("M11", "Wild Duck Cluster", "Wildentenhaufen"),
    ("NGC 5139", "Omega Centauri", ""),  # no German name of its own: the Latin one serves
])
def test_the_plan_catalogue_names_objects_in_both_languages(object_: str, english: str, german: str) -> None:
    assert _names_of(object_) == (english, german)


def test_named_double_stars_have_their_german_names() -> None:
    catalog = load_catalog()
    german = dict(zip(catalog.ids, catalog.german_names, strict=True))
    assert german["alpha UMi"] == "Polarstern" and german["beta Cyg"] == ""


def test_every_german_name_resolves_back_to_its_object() -> None:
    """As it stands, with an article ("den Orionnebel"), and never to an unrelated object."""
    named = [o for o in load_objects() if o.german_names]
    assert len(named) >= 70
    for record in named:
        for name in record.german_names:
            for said in (name, f"den {name}"):
                found = local_matches(said)
                assert record.designation in [m.name for m in found], (said, found)
                # Stellarium is given what it knows: the designation, or the English name
                match = next(m for m in found if m.name == record.designation)
                assert match.stellarium_name in (record.designation, *record.names)


def test_a_german_title_is_as_precise_as_the_english_one() -> None:
    """The name a German plan shows first names no object its English title does not:
    Cirrusnebel,
    shared by the Veil's three parts, is not the first of any of them; the Antennae are two
    records under one name in both languages."""
    planned = set(load_catalog().ids)
    for record in load_objects():
        if record.german_names and record.primary in planned:
            german = [m.name for m in local_matches(record.german_names[0])]
            assert record.designation in german
            assert set(german) <= {m.name for m in local_matches(record.names[0])}, record.designation


@pytest.mark.parametrize(("text", "expected"), [
    ("Öffne den Orionnebel", "M42"), ("open the Orion Nebula", "M42"),
    ("Zeig mir die Plejaden", "M45"), ("den h-Persei-Haufen", "NGC 869"),
    ("Chi-Persei-Haufen", "NGC 884"), ("die Walgalaxie", "NGC 4631"),
])
def test_names_in_requests(text: str, expected: str) -> None:
    assert [m.name for m in local_matches(text)] == [expected]


def test_constellations_are_named_in_each_language() -> None:
    assert len(CONSTELLATIONS) == 88
    assert all(german and german[0].isupper() for _, _, german in CONSTELLATIONS.values())
    assert len({german for _, _, german in CONSTELLATIONS.values()}) == 88
    assert [constellation_name(c, "de") for c in ("Cyg", "UMa", "Cas", "Per", "CVn", "Se1")] == [
        "Schwan", "Großer Bär", "Kassiopeia", "Perseus", "Jagdhunde", "Schlange (Kopf)"]
    assert [constellation_name(c, "en") for c in ("Cyg", "UMa", "Se2")] == [
        "Cygnus", "Ursa Major", "Serpens (Serpens Cauda)"]
    assert constellation("Ori", "de") == "Orion" and constellation("", "de") == ""


def test_a_target_is_named_in_the_conversation_language() -> None:
    m42 = {"name": "M42", "family": "nebula", "common_name": "Orion Nebula", "german_name": "Orionnebel"}
    assert target_name(m42, "de") == "M42 (Orionnebel)"
    assert target_name(m42, "en") == "M42 (Orion Nebula)"
    omega = {"name": "NGC 5139", "family": "globular_cluster", "common_name": "Omega Centauri",
             "german_name": ""}
    assert common_name(omega, "de") == "Omega Centauri"
    moon = {"name": "Moon", "family": "moon", "common_name": "", "german_name": "Mond"}
    assert (designation(moon, "de"), target_name(moon, "de"), target_name(moon, "en")) == (
        "Mond", "Mond", "Moon")
