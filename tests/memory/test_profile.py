from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from singularity.config import Settings
from singularity.memory import profile as profile_module
from singularity.memory.profile import (
    Profile,
    ProfileStore,
    assumptions,
    merge_planning_data,
    profile_defaults,
)

NOW = datetime(2026, 3, 14, 20, 30, tzinfo=UTC)
KREUZLINGEN = {
    "name": "Kreuzlingen", "lat": 47.65, "lon": 9.17, "elevation_m": 404.0,
    "timezone": "Europe/Zurich", "source": "gazetteer",
}
MUNICH = {
    "name": "München", "lat": 48.14, "lon": 11.58, "elevation_m": 519.0,
    "timezone": "Europe/Berlin", "source": "nominatim",
}
DOBSON = {"class": "large_telescope", "aperture_mm": 200.0, "label": "200 mm Dobsonian",
          "limiting_magnitude": 14.2}
BINOCULARS = {"class": "binoculars", "aperture_mm": 50.0, "label": "10x50 binoculars",
              "limiting_magnitude": 10.1}


def _session(**values: Any) -> dict[str, Any]:
    """Planning data as the workflow holds it: everything unset except ``values``."""
    empty = {"location": None, "datetime_iso": None, "duration_hours": None, "equipment": None,
             "object_preferences": None, "generated_plan": None}
    return empty | values


def _full_profile() -> Profile:
    return merge_planning_data(Profile(), _session(
        location=KREUZLINGEN, equipment=DOBSON, object_preferences=["galaxy", "globular_cluster"],
        duration_hours=3.0,
    ))


def test_missing_file_gives_an_empty_profile(tmp_path: Path) -> None:
    assert ProfileStore(tmp_path / "none" / "profile.json").load() == Profile()


def test_round_trip(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path / "deep" / "profile.json")
    saved = _full_profile().model_copy(update={"updated_at": NOW})
    store.save(saved)

    assert store.load() == saved
    on_disk = json.loads(store.path.read_text(encoding="utf-8"))
    assert on_disk["equipment"]["class"] == "large_telescope"  # the planner's dict shape
    assert on_disk["usual_location"] == KREUZLINGEN
    assert list(store.path.parent.iterdir()) == [store.path]  # no temporary files left


def test_store_path_comes_from_settings(tmp_path: Path) -> None:
    settings = Settings.model_validate({"paths": {"data_dir": str(tmp_path)}})
    assert ProfileStore.from_settings(settings=settings).path == tmp_path / "profile.json"


def test_crash_before_replace_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = ProfileStore(tmp_path / "profile.json")
    old = _full_profile()
    store.save(old)
    before = store.path.read_bytes()

    def crash(src: str, dst: str) -> None:
        assert Path(src).read_text(encoding="utf-8")  # the new content was fully written first
        raise KeyboardInterrupt("power cut")

    monkeypatch.setattr(profile_module.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        store.save(Profile(default_duration_hours=1.0))

    monkeypatch.undo()
    assert store.path.read_bytes() == before
    assert store.load() == old
    assert list(tmp_path.iterdir()) == [store.path]


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe garbage", b"[1, 2, 3]",
    b'{"usual_location": {"name": "X", "lat": 123, "lon": 0, "timezone": "UTC", "source": "x"}}',
])
def test_corrupt_file_is_moved_aside(
    tmp_path: Path, content: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    store = ProfileStore(tmp_path / "profile.json")
    store.path.write_bytes(content)

    with caplog.at_level(logging.WARNING, logger="singularity.memory.profile"):
        assert store.load() == Profile()

    assert "damaged" in caplog.text
    assert not store.path.exists()
    assert (tmp_path / "profile.json.corrupt").read_bytes() == content
    store.remember(_session(location=KREUZLINGEN), now=NOW)  # and the store works again
    assert store.load().usual_location.name == "Kreuzlingen"


def test_remember_merges_the_session_values(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path / "profile.json")
    store.save(_full_profile())

    merged = store.remember(
        _session(location=MUNICH, equipment="my new scope", object_preferences=[],
                 duration_hours=1.5, generated_plan={"targets": []}),
        now=NOW,
    )

    assert merged == store.load()
    assert merged.usual_location.name == "München"  # the session's value replaces the old one
    assert merged.equipment.label == "200 mm Dobsonian"  # an unparsed string is not stored
    assert merged.preferred_object_types == ["galaxy", "globular_cluster"]  # empty: kept
    assert merged.default_duration_hours == 1.5
    assert merged.updated_at == NOW
    assert "generated_plan" not in store.path.read_text(encoding="utf-8")


def test_remember_without_news_does_not_rewrite(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path / "profile.json")
    first = store.remember(_session(location=KREUZLINGEN, equipment=BINOCULARS), now=NOW)
    # a later session that used the profile's own defaults changes nothing
    session = _session() | profile_defaults(first, _session())
    again = store.remember(session, now=datetime(2026, 4, 1, tzinfo=UTC))

    assert again == first
    assert again.updated_at == NOW
    assert again.usual_location.source == "gazetteer"


def test_remember_survives_an_unwritable_directory(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("")
    store = ProfileStore(blocker / "profile.json")

    merged = store.remember(_session(location=KREUZLINGEN), now=NOW)

    assert merged.usual_location.name == "Kreuzlingen"
    assert "Could not save the profile" in caplog.text


def test_session_values_win_over_the_profile() -> None:
    profile = _full_profile()
    session = _session(location=MUNICH, object_preferences=["planet"], duration_hours=2.0)

    defaults = profile_defaults(profile, session)

    assert set(defaults) == {"equipment"}
    assert defaults["equipment"] == DOBSON | {"title": None}  # stored before instruments had titles
    assert [a.render("en") for a in assumptions(profile, session)] == [
        "Assuming your usual equipment 200 mm Dobsonian (from your profile).",
    ]
    assert [a.render("en") for a in assumptions(profile, session, units="imperial")] == [
        "Assuming your usual equipment 200 mm (7.9 in) Dobsonian (from your profile).",
    ]


def test_assumptions_for_an_empty_session() -> None:
    profile = _full_profile()

    assert profile_defaults(profile, {})["location"] == KREUZLINGEN | {"source": "profile", "country_code": None,
                                                                     "asked_as": None}
    assert [a.render("en") for a in assumptions(profile, _session())] == [
        "Assuming your usual location Kreuzlingen (from your profile).",
        "Assuming your usual equipment 200 mm Dobsonian (from your profile).",
        "Assuming your preferred object types: galaxies and globular clusters (from your profile).",
        "Assuming your usual observing time of 3 h (from your profile).",
    ]
    assert [a.render("de") for a in assumptions(profile, _session())][2:] == [
        "Ich nehme deine bevorzugten Objektarten an: Galaxien und Kugelsternhaufen (aus deinem Profil).",
        "Ich nehme deine übliche Beobachtungsdauer von 3 h an (aus deinem Profil).",
    ]


def test_assumption_wording_for_single_values() -> None:
    profile = Profile(preferred_object_types=["planet"], default_duration_hours=1.0)

    assert [a.render("en") for a in assumptions(profile, _session())] == [
        "Assuming your preferred object types: planets (from your profile).",
        "Assuming your usual observing time of 1 h (from your profile).",
    ]
    assert assumptions(Profile(), _session()) == []
