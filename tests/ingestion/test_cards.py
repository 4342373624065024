"""The generated object cards: selection, content rules, format and reproducibility."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
import yaml

from ingestion.cardgen import sky, visibility
from ingestion.cardgen.deepsky import DEEP_SKY_CARDS, select_objects
from ingestion.cardgen.deepsky_card import DISTANCE_FAMILIES, MIN_PARALLAX_MAS, deep_sky_card
from ingestion.cardgen.render import Card
from ingestion.cardgen.solar import solar_system_card
from ingestion.cards import DEFAULT_OUT, build_cards, write_cards
from singularity.planning.bodies import load_bodies
from singularity.planning.object_names import expand_name, load_supplement
from singularity.planning.rules import TYPE_DIFFICULTY, contrast_loss_mag

FRONT_MATTER = re.compile(r"\A---\n(?P<meta>.*?)\n---\n(?P<body>.*)\Z", re.DOTALL)
REQUIRED = {"id", "title", "section", "summary", "keywords", "sources", "license"}


@pytest.fixture(scope="module")
def cards() -> dict[str, Card]:
    return {card.id: card for card in build_cards()}


@pytest.fixture(scope="module")
def objects() -> dict[str, object]:
    return {obj.designation: obj for obj in select_objects()}


def section(card: Card, heading: str) -> str:
    return dict(card.sections)[heading]


def test_selection_has_every_messier_object_and_enough_deep_sky_cards(objects) -> None:
    messier = sorted(o.messier for o in objects.values() if o.messier)
    assert messier == list(range(1, 111))
    assert len(objects) == DEEP_SKY_CARDS >= 300
    assert objects["M102"].primary == "NGC5866"  # OpenNGC lists M102 only as a duplicate of M101


def test_selection_is_deterministic_and_brightest_first_after_the_named(objects) -> None:
    assert [o.primary for o in select_objects()] == [o.primary for o in objects.values()]
    filler = [o for o in objects.values() if not o.messier and not o.names]
    magnitudes = [o.magnitude for o in filler]
    assert magnitudes == sorted(magnitudes)


def test_every_hand_kept_name_entry_reaches_a_card(objects) -> None:
    by_primary = {o.primary: o for o in objects.values()}
    for primary, extra in load_supplement().items():
        assert primary in by_primary, primary
        if "title" in extra:
            assert by_primary[primary].names[0] == extra["title"]


def test_m31_card(cards) -> None:
    card = cards["object-m31"]
    assert card.title == "M31 — Andromeda Galaxy"
    assert card.section == "Objects / Galaxies"
    assert {"M31", "Messier 31", "NGC 224", "Andromeda Galaxy", "Andromedagalaxie"} <= set(
        card.keywords)
    ident = section(card, "Identification")
    assert "number 31 in Messier's catalogue" in ident and "NGC 224" in ident
    assert "in Andromeda" in ident and "Hubble type Sb" in ident
    assert "visual magnitude is 3.4" in section(card, "Position and size")
    when = section(card, "When to see it")
    assert "in October and November" in when and "autumn in the Northern Hemisphere" in when
    assert set(re.findall(r"January|February|March|April|May|June|July|August|September|"
                          r"October|November|December", when)) <= {"September", "October",
                                                                   "November"}
    assert "easy binocular object" in section(card, "What it looks like")
    assert any(s.url == "https://en.wikipedia.org/wiki/Andromeda_Galaxy" for s in card.sources)


def test_far_northern_object_is_circumpolar_from_60_north(cards, objects) -> None:
    when = section(cards["object-m82"], "When to see it")
    match = re.search(r"circumpolar \(never sets\) north of latitude (\d+)° N", when)
    assert match and int(match[1]) < 60
    assert int(match[1]) == round(90 - math.degrees(objects["M82"].dec_rad))
    assert "from 30° S it never rises" in when


def test_far_southern_object_never_rises_in_the_north(cards, objects) -> None:
    when = section(cards["object-ngc-104"], "When to see it")
    match = re.search(r"never rises north of latitude (\d+)° N", when)
    assert match and int(match[1]) == round(90 + math.degrees(objects["NGC 104"].dec_rad))
    assert "From 50° N it never rises" in when


def test_distances_only_from_a_usable_parallax(cards, objects) -> None:
    for obj in objects.values():
        text = deep_sky_card(obj).body()
        usable = (obj.family in DISTANCE_FAMILIES and obj.parallax_mas is not None
                  and obj.parallax_mas >= MIN_PARALLAX_MAS)
        assert ("light-years" in text) == usable, obj.designation
    assert objects["M31"].parallax_mas  # OpenNGC has one for M31, but it is not M31's distance
    assert "light-years" not in cards["object-m31"].body()
    assert "about 440 light-years" in cards["object-m45"].body()


def test_visibility_uses_the_planners_rules(objects) -> None:
    """Cards judge by the planner's own rules (type difficulty, contrast loss, light pollution),
    on the catalogue-mean surface brightness: more cautious than a plan, which also credits a
    galaxy's brighter core."""
    obj = objects["M51"]
    needed = visibility.needed_limit(magnitude=obj.magnitude, family=obj.family,
                                     surface_brightness=obj.surface_brightness,
                                     sky=visibility.DARK_SKY)
    expected = (obj.magnitude + TYPE_DIFFICULTY[obj.family] + visibility.DARK_SKY.penalty
                + float(contrast_loss_mag(np.array([obj.surface_brightness]), visibility.DARK_SKY.sqm)[0]))
    assert needed == pytest.approx(expected)
    assert visibility.headroom(visibility.BINOCULARS, needed) == pytest.approx(
        visibility.BINOCULARS.limiting_magnitude - expected)


def test_faint_galaxy_wording_names_the_aperture(cards) -> None:
    looks = section(cards["object-m102"], "What it looks like")
    assert "beyond the reach of 10x50 binoculars" in looks
    assert "needs a telescope of 200 mm or more" in looks  # from a suburban sky


def test_sky_helpers() -> None:
    assert sky.format_ra(math.radians(10.6851)) == "00h 42m 44s"
    assert sky.format_dec(math.radians(-5.391)) == "−05° 23′"
    assert sky.season_months(math.radians(6 * 15)) == (1, 2)  # Orion: winter evenings
    assert sky.season_months(math.radians(23.9 * 15)) == (9, 10, 11)
    assert sky.latitude_text(-48.7) == "49° S"


def test_catalogue_shorthand_is_expanded() -> None:
    assert expand_name("omi Per Cloud") == "Omicron Persei Cloud"
    assert expand_name("47 Tuc Cluster") == "47 Tucanae Cluster"
    assert expand_name("the Running Man Nebula") == "Running Man Nebula"
    assert expand_name("Little Gem Nebula") == "Little Gem Nebula"


def test_solar_system_cards_come_from_the_yaml(cards, tmp_path: Path) -> None:
    keys = [body.key for body in load_bodies()]
    assert keys == ["sun", "moon", "mercury", "venus", "earth", "mars", "jupiter", "saturn",
                    "uranus", "neptune"]
    jupiter = cards["object-jupiter"]
    assert "71,492 km" in jupiter.body() and "95 known moons" in jupiter.body()
    assert any("jupiterfact.html" in s.url for s in jupiter.sources)
    assert "certified solar filter" in section(cards["object-sun"], "When to see it")

    data = tmp_path / "bodies.yaml"
    data.write_text(yaml.safe_dump([{
        "key": "mars", "name": "Mars", "kind": "planet", "order": 4, "class": "rocky planet",
        "radius_km": 1234, "mass_earth": 0.1, "density_kg_m3": 3900, "gravity_m_s2": 3.7,
        "distance_million_km": 228.0, "orbital_period_days": 687.0, "rotation_hours": 24.6,
        "moons": 2, "temperature_c": -65, "magnitude": [-2.9, 1.9], "synodic_days": 780,
        "sources": [{"title": "NASA Mars Fact Sheet",
                     "url": "https://nssdc.gsfc.nasa.gov/planetary/factsheet/marsfact.html"}],
    }]), encoding="utf-8")
    (body,) = load_bodies(data)
    assert "1,234 km" in solar_system_card(body).body()


def test_every_card_is_well_formed(tmp_path: Path) -> None:
    report = write_cards(tmp_path)
    files = sorted(tmp_path.glob("*.md"))
    assert len(files) == report.deep_sky + report.solar_system == DEEP_SKY_CARDS + 10
    for path in files:
        match = FRONT_MATTER.match(path.read_text(encoding="utf-8"))
        assert match, path.name
        meta = yaml.safe_load(match["meta"])
        assert REQUIRED <= set(meta), path.name
        assert meta["id"] == path.stem and meta["id"].startswith("object-")
        assert all(isinstance(k, str) and k for k in meta["keywords"])
        assert all(s["url"].startswith("https://") for s in meta["sources"])
        body = match["body"]
        assert body.startswith(f"# {meta['title']}\n")
        assert len(re.findall(r"^## ", body, flags=re.MULTILINE)) >= 4
        assert 150 <= len(body.split()) <= 350, (path.name, len(body.split()))


def test_regeneration_is_byte_identical_and_removes_stale_cards(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    write_cards(first)
    (second / "object-retired.md").parent.mkdir()
    (second / "object-retired.md").write_text("---\nid: object-retired\n---\n", encoding="utf-8")
    (second / "object-notes.md").write_text("hand-written, not a card\n", encoding="utf-8")
    report = write_cards(second)
    assert report.removed == 1 and not (second / "object-retired.md").exists()
    assert (second / "object-notes.md").exists()
    (second / "object-notes.md").unlink()
    assert sorted(p.name for p in first.iterdir()) == sorted(p.name for p in second.iterdir())
    for path in first.iterdir():
        assert path.read_bytes() == (second / path.name).read_bytes()
    again = write_cards(second)
    assert again.written == 0 and again.unchanged == DEEP_SKY_CARDS + 10


def test_committed_cards_are_up_to_date(cards) -> None:
    committed = {p.stem: p.read_text(encoding="utf-8") for p in DEFAULT_OUT.glob("object-*.md")}
    assert set(committed) == set(cards)
    stale = [card_id for card_id, card in cards.items() if committed[card_id] != card.markdown()]
    assert not stale, f"run python -m ingestion.cards to regenerate {stale[:5]}"
