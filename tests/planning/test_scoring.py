from __future__ import annotations

import numpy as np
import pytest

from singularity.errors import InputError
from singularity.planning.catalog import family_codes
from singularity.planning.preferences import parse_preferences
from singularity.planning.scoring import (
    Conditions,
    assessment,
    compass_point,
    compass_words,
    moon_glare_mag,
    score,
    surface_brightness_penalty,
)

DARK = Conditions(limiting_magnitude=14.7, light_pollution_penalty=0.0, sky_sqm=21.8,
                  min_altitude_deg=10, magnitude_margin=1.0, preferences=frozenset())


def _score(families, mags, alts, *, conditions=DARK, sb=None, moon_alt=-20.0, sep=90.0, illum=0.0):
    n = len(families)
    return score(
        family_code=family_codes(families), magnitude=np.array(mags, float),
        surface_brightness=np.array(sb if sb is not None else [np.nan] * n, float),
        altitude_deg=np.array(alts, float), moon_illumination=illum,
        moon_alt_deg=np.full(n, moon_alt), moon_separation_deg=np.full(n, sep), conditions=conditions,
    )


def test_article_weights_magnitude_and_altitude() -> None:
    s = _score(["open_cluster"], [14.7 - 2.5], [35.0])
    # headroom 2.5 of 5 → 50; altitude (35-10)/50 → 50; 0.65*50 + 0.35*50
    assert s.score[0] == pytest.approx(50.0)


def test_no_score_below_ten_degrees() -> None:
    s = _score(["galaxy", "galaxy"], [5.0, 5.0], [9.9, 10.1])
    assert np.isnan(s.score[0]) and not np.isnan(s.score[1])


def test_far_too_faint_objects_are_dropped_but_near_limit_kept() -> None:
    s = _score(["open_cluster", "open_cluster"], [15.5, 15.9], [50, 50])
    assert not np.isnan(s.score[0])  # 0.8 mag beyond the limit: within the margin
    assert np.isnan(s.score[1]) and s.too_faint[1]


def test_type_difficulty_and_light_pollution_lower_the_limit() -> None:
    city = Conditions(**{**DARK.__dict__, "light_pollution_penalty": 3.0, "sky_sqm": 18.5})
    dark = _score(["open_cluster", "galaxy"], [9, 9], [50, 50])
    bright = _score(["open_cluster", "galaxy"], [9, 9], [50, 50], conditions=city)
    assert dark.effective_limit[1] == pytest.approx(dark.effective_limit[0] - 1.5)
    assert bright.effective_limit[0] == pytest.approx(dark.effective_limit[0] - 3.0)
    assert (bright.score < dark.score).all()


def test_preference_multiplier_reorders_without_excluding() -> None:
    prefs = Conditions(**{**DARK.__dict__, "preferences": frozenset({"galaxy"})})
    s = _score(["open_cluster", "galaxy"], [7.0, 8.5], [50, 50], conditions=prefs)
    assert s.score[1] > s.score[0] > 0


def test_moon_glare_depends_on_phase_separation_and_altitude() -> None:
    near_full = moon_glare_mag(1.0, 30.0, 10.0)
    far_full = moon_glare_mag(1.0, 30.0, 120.0)
    new = moon_glare_mag(0.0, 30.0, 10.0)
    below = moon_glare_mag(1.0, -5.0, 10.0)
    assert near_full > far_full > new == 0.0
    assert below == 0.0
    full_moon_galaxy = _score(["galaxy"], [9.0], [50], moon_alt=40, sep=15, illum=1.0)
    no_moon_galaxy = _score(["galaxy"], [9.0], [50])
    assert full_moon_galaxy.score[0] < no_moon_galaxy.score[0]
    planet = _score(["planet"], [-2.0], [50], moon_alt=40, sep=15, illum=1.0)
    assert planet.moon_glare[0] == 0.0


def test_low_surface_brightness_is_harder_in_bright_skies() -> None:
    assert surface_brightness_penalty(np.array([22.0]), 21.8)[0] == pytest.approx(0.08)
    assert surface_brightness_penalty(np.array([26.0]), 18.0)[0] == 3.0  # capped
    assert surface_brightness_penalty(np.array([np.nan]), 18.0)[0] == 0.0


def test_compass_and_assessment() -> None:
    assert [compass_point(a) for a in (0, 11.3, 45, 180, 202.5, 359)] == ["N", "NNE", "NE", "S", "SSW", "N"]
    assert compass_words("SSW") == "south-south-west"
    text = assessment(headroom=5, altitude_deg=25, direction="south-west", glare=1.2,
                      preferred=True, family_label="galaxy")
    assert text == ("Easy galaxy, low in the south-west; moonlight will wash it out noticeably; "
                    "matches your preferences.")


@pytest.mark.parametrize(("text", "expected"), [
    ("galaxies", ["galaxy", "galaxy_group"]),
    ("vor allem Galaxien", ["galaxy", "galaxy_group"]),
    ("Kugelsternhaufen", ["globular_cluster"]),
    ("planetarische Nebel und Planeten", ["planetary_nebula", "planet"]),
    ("planetary nebulae", ["planetary_nebula"]),
    ("Mond", ["moon"]),
    ("", []),
    (None, []),
])
def test_preferences(text, expected) -> None:
    assert parse_preferences(text) == expected


def test_unknown_preference_is_a_clear_error() -> None:
    with pytest.raises(InputError, match="galaxies, nebulae"):
        parse_preferences("unicorns")
