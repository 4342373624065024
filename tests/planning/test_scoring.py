"""Each scoring rule alone, then their composition (``scoring.score``)."""

from __future__ import annotations

import numpy as np
import pytest

from singularity.catalogue import Message
from singularity.errors import InputError
from singularity.planning.catalog import family_codes
from singularity.planning.preferences import (
    PreferenceStrength,
    parse_preference_request,
    parse_preferences,
)
from singularity.planning.rules import (
    Observables,
    Sky,
    altitude_quality,
    contrast,
    contrast_loss_mag,
    contrast_slope,
    core_gain,
    headroom_quality,
    light_pollution,
    moon_glare,
    moon_glare_mag,
    preference,
    showpiece,
    size_fit,
    twilight,
    type_difficulty,
    unresolved,
)
from singularity.planning.scoring import assessment, compass_point, score

DOBSON_DARK = Sky(limiting_magnitude=14.7, light_pollution_penalty=0.0, sky_sqm=21.8,
                  min_altitude_deg=10, magnitude_margin=1.0, field_deg=1.43, magnification=254,
                  resolution_arcsec=0.46, moon_illumination=0.0)
BINOCULARS = Sky(limiting_magnitude=11.0, light_pollution_penalty=0.5, sky_sqm=21.0,
                 min_altitude_deg=10, magnitude_margin=1.0, field_deg=6.5, magnification=10,
                 resolution_arcsec=12.0, moon_illumination=0.0)


def observables(families, mags, alts=None, *, sb=None, gain=None, size=None, high=None,
                sun=-30.0, moon_alt=-20.0, sep=90.0, tier=None, preferred=None) -> Observables:
    n = len(families)

    def arr(values, default):
        return np.array(values if values is not None else [default] * n, dtype=float)
    return Observables(
        family_code=family_codes(families), magnitude=arr(mags, 0), surface_brightness=arr(sb, np.nan),
        core_gain=arr(gain, 0.0), size_arcmin=arr(size, np.nan), altitude_deg=arr(alts, 50.0),
        high_fraction=arr(high, 1.0), sun_alt_deg=np.full(n, sun), moon_alt_deg=np.full(n, moon_alt),
        moon_separation_deg=np.full(n, sep),
        showpiece_tier=np.array(tier if tier is not None else [0] * n, dtype=np.int8),
        preferred=np.array(preferred if preferred is not None else [False] * n),
    )


# --- magnitude losses ---------------------------------------------------------------------------

def test_light_pollution_and_type_difficulty() -> None:
    obs = observables(["open_cluster", "globular_cluster", "galaxy", "galaxy_group"], [8, 8, 8, 8])
    assert light_pollution(obs, BINOCULARS).tolist() == [0.5] * 4
    assert type_difficulty(obs, BINOCULARS).tolist() == [0.0, 0.5, 1.5, 2.0]


def test_moon_glare_depends_on_phase_separation_and_altitude() -> None:
    near_full = moon_glare_mag(1.0, 30.0, 10.0)
    far_full = moon_glare_mag(1.0, 30.0, 120.0)
    assert near_full > far_full > moon_glare_mag(0.0, 30.0, 10.0) == 0.0
    assert moon_glare_mag(1.0, -5.0, 10.0) == 0.0
    full = Sky(**{**DOBSON_DARK.__dict__, "moon_illumination": 1.0})
    obs = observables(["galaxy", "planet", "double_star"], [9, -2, 5], moon_alt=40, sep=15)
    glare = moon_glare(obs, full)
    assert glare[0] > 1.0 and glare[1] == glare[2] == 0.0


def test_contrast_counts_the_bright_part_of_a_galaxy() -> None:
    # M31: mean surface brightness 23.6 over 3°, yet its bulge-dominated core is what the eye sees
    assert contrast_loss_mag(np.array([23.6]), 18.8)[0] == pytest.approx(1.92)  # the mean alone
    assert contrast_loss_mag(np.array([27.0]), 18.0)[0] == 3.0  # capped
    obs = observables(["galaxy", "open_cluster"], [3.4, 3.7], sb=[23.6, 23.6],
                      gain=[core_gain("galaxy", "Sb"), 0.0])
    loss = contrast(obs, Sky(**{**BINOCULARS.__dict__, "sky_sqm": 18.8}))
    assert loss[0] == pytest.approx(0.4 * (23.6 - 1.6 - 18.8))
    assert loss[1] == 0.0  # clusters are judged by their stars
    assert contrast_loss_mag(np.array([np.nan]), 18.0)[0] == 0.0


def test_large_nebulae_are_judged_by_surface_brightness() -> None:
    # the slope rises from 0.4 at 30′ to 1 at 2°; unknown size counts as small
    assert contrast_slope(np.array([10.0, 30.0, 60.0, 120.0, 600.0, np.nan])) == pytest.approx(
        [0.4, 0.4, 0.7, 1.0, 1.0, 0.4])
    # NGC 7000 (B 4.0 over 120′ × 30′: 21.5 mag/arcsec²) beside a small nebula of the same surface
    # brightness and M31 (a galaxy: seen by its core, the small-object slope stays)
    obs = observables(["nebula", "nebula", "galaxy"], [4.0, 9.0, 3.4], sb=[21.52, 21.52, 23.6],
                      gain=[0.75, 0.75, 1.6], size=[120.0, 10.0, 178.0])
    bortle6 = Sky(**{**BINOCULARS.__dict__, "sky_sqm": 18.94})
    loss = contrast(obs, bortle6)
    assert loss[0] == pytest.approx(1.0 * (21.52 - 0.75 - 18.94))
    assert loss[1] == pytest.approx(0.4 * (21.52 - 0.75 - 18.94))
    assert loss[2] == pytest.approx(0.4 * (23.6 - 1.6 - 18.94))
    # under a dark sky the large nebula loses nothing
    assert contrast(obs, Sky(**{**BINOCULARS.__dict__, "sky_sqm": 21.8}))[0] == 0.0
    # the count stops at 7.5 mag/arcsec² below the sky (3 mag at the small-object slope)
    assert contrast_loss_mag(np.array([30.0]), 18.0, 1.0)[0] == pytest.approx(7.5)


def test_contrast_is_against_the_sky_at_the_best_time() -> None:
    # twilight and moonlight brighten the background by 2 mag/arcsec² per magnitude of limit lost
    dark = observables(["nebula"], [4.0], sb=[21.52], gain=[0.75], size=[120.0])
    twilit = observables(["nebula"], [4.0], sb=[21.52], gain=[0.75], size=[120.0], sun=-15.0)
    sky = Sky(**{**BINOCULARS.__dict__, "sky_sqm": 20.0})
    assert contrast(twilit, sky)[0] - contrast(dark, sky)[0] == pytest.approx(2.0 * 0.75)
    moonlit = observables(["nebula"], [4.0], sb=[21.52], gain=[0.75], size=[120.0], moon_alt=30.0,
                          sep=90.0)
    full_moon = Sky(**{**BINOCULARS.__dict__, "sky_sqm": 20.0, "moon_illumination": 1.0})
    glare = float(moon_glare_mag(1.0, 30.0, 90.0))
    assert contrast(moonlit, full_moon)[0] - contrast(dark, sky)[0] == pytest.approx(2.0 * glare)


def test_core_gain_follows_hubble_type() -> None:
    assert core_gain("galaxy", "E3") > core_gain("galaxy", "Sb") > core_gain("galaxy", "Sc") \
        > core_gain("galaxy", "IB(s)m")
    assert core_gain("galaxy", "SBb") == core_gain("galaxy", "Sb")
    assert core_gain("planetary_nebula", "") == 0.0


def test_twilight_costs_deep_sky_but_not_planets() -> None:
    obs = observables(["galaxy", "planet", "galaxy"], [9, 0, 9], sun=-13.0)
    loss = twilight(obs, DOBSON_DARK)
    assert loss[0] == pytest.approx(1.25) and loss[1] == 0.0
    assert twilight(observables(["galaxy"], [9], sun=-25.0), DOBSON_DARK)[0] == 0.0


# --- qualities --------------------------------------------------------------------------------

def test_headroom_has_diminishing_returns_and_never_saturates() -> None:
    q = headroom_quality(np.array([-1.0, 0.0, 4.0, 8.0, 9.0, 12.0]), margin=1.0)
    assert q[0] == 0.0
    assert np.all(np.diff(q) > 0)  # more headroom always scores more …
    assert q[3] - q[2] > q[4] - q[3] > 0  # … but less and less
    assert q[-1] < 100


def test_altitude_follows_airmass_and_time_above_thirty() -> None:
    obs = observables(["galaxy"] * 4, [9] * 4, [10.0, 35.0, 60.0, 85.0], high=[0, 1, 1, 1])
    q = altitude_quality(obs, DOBSON_DARK)
    assert q[0] == 0.0 and np.all(np.diff(q) > 0)
    assert q[3] < 100
    brief = altitude_quality(observables(["galaxy"], [9], [60.0], high=[0.2]), DOBSON_DARK)
    assert brief[0] < q[2]


# --- factors ----------------------------------------------------------------------------------

def test_size_fit_against_field_and_magnification() -> None:
    obs = observables(["galaxy", "galaxy", "planetary_nebula", "open_cluster"], [9] * 4,
                      size=[178.0, 10.0, 0.3, np.nan])
    dob = size_fit(obs, DOBSON_DARK)
    bino = size_fit(obs, BINOCULARS)
    assert dob[0] < bino[0] == pytest.approx(1.0)  # M31 overflows a 1.4° field, not 6.5°
    assert dob[2] > bino[2]  # a 20″ planetary is a disk at 254×, a star at 10×
    assert dob[3] == bino[3] == pytest.approx(0.9)  # unknown size: neutral
    assert np.all((dob >= 0.8) & (dob <= 1.0))


def test_double_stars_need_splitting() -> None:
    obs = observables(["double_star"] * 3, [5, 5, 5], size=[4.7 / 60, 34.4 / 60, 708 / 60])
    assert unresolved(obs, BINOCULARS).tolist() == [True, False, False]
    assert not unresolved(obs, DOBSON_DARK).any()
    fit = size_fit(obs, BINOCULARS)
    assert fit[1] < fit[2]


def test_showpiece_and_preference_factors() -> None:
    obs = observables(["galaxy"] * 3, [9] * 3, tier=[0, 1, 2], preferred=[False, True, False])
    assert showpiece(obs, DOBSON_DARK).tolist() == [1.0, 1.07, 1.15]
    assert preference(obs, DOBSON_DARK).tolist() == [1.0, 1.1, 1.0]


# --- composition ------------------------------------------------------------------------------

def test_score_keeps_the_article_weights() -> None:
    obs = observables(["open_cluster"], [14.7 - 3.0], [90.0], size=[10.0])
    s = score(obs, DOBSON_DARK)
    expected = (0.65 * headroom_quality(np.array([3.0]), 1.0)[0] + 0.35 * 100.0) \
        * size_fit(obs, DOBSON_DARK)[0]
    assert s.score[0] == pytest.approx(expected, abs=0.01)
    assert s.parts([0])[0]["headroom_mag"] == 3.0


def test_no_score_below_ten_degrees_or_far_beyond_the_limit() -> None:
    s = score(observables(["galaxy", "galaxy"], [5.0, 5.0], [9.9, 10.1]), DOBSON_DARK)
    assert np.isnan(s.score[0]) and not np.isnan(s.score[1])
    s = score(observables(["open_cluster", "open_cluster"], [15.5, 15.9]), DOBSON_DARK)
    assert not np.isnan(s.score[0]) and np.isnan(s.score[1]) and s.too_faint[1]


def test_bright_clusters_no_longer_tie() -> None:
    """The old magnitude score clipped at 5 mag headroom: every bright cluster scored 75.0."""
    mags = [3.7, 4.6, 5.2, 5.7, 6.4]
    s = score(observables(["open_cluster"] * 5, mags, [70.0] * 5, size=[15.0] * 5), DOBSON_DARK)
    assert len(set(s.score.tolist())) == 5
    assert np.all(np.diff(s.score) < 0)


def test_a_showpiece_beats_an_anonymous_object_of_equal_visibility() -> None:
    s = score(observables(["galaxy", "galaxy"], [9.4, 9.4], size=[10, 10], tier=[0, 2]), DOBSON_DARK)
    assert s.score[1] == pytest.approx(s.score[0] * 1.15, abs=0.01)


def test_compass_and_assessment() -> None:
    assert [compass_point(a) for a in (0, 11.3, 45, 180, 202.5, 359)] == ["N", "NNE", "NE", "S", "SSW", "N"]
    parts = {"headroom_mag": 5.0, "moon_glare_mag": 1.2, "contrast_mag": 0.2}
    said = assessment(parts, altitude_deg=25, point="SW", family="galaxy",
                      showpiece_lists=("Messier",), preferred=True, overflows_field=True)
    assert said.render("en") == (
        "Easy galaxy, low in the south-west; on the Messier list; moonlight will wash "
        "it out noticeably; larger than your widest field: use the lowest power; "
        "matches your preferences.")
    assert said.render("de") == (
        "Galaxie, leicht zu sehen, tief im Südwesten; auf der Liste „Messier“; das Mondlicht "
        "überstrahlt es merklich; größer als dein weitestes Gesichtsfeld: nimm die kleinste "
        "Vergrößerung; passt zu deinen Wünschen.")


def test_assessment_in_both_languages_without_english_in_the_german() -> None:
    """Every ease, place and remark, the lists and the field's other objects, in each language."""
    parts = {"headroom_mag": -0.5, "moon_glare_mag": 0.5, "contrast_mag": 1.6, "twilight_mag": 0.6}
    said = assessment(parts, altitude_deg=40, point="SSW", family="open_cluster",
                      showpiece_lists=("Named double stars", "Caldwell", "Herschel 400"),
                      preferred=False, includes=("NGC 1980", "NGC 1973"))
    assert said.render("en") == (
        "Open cluster at the limit of your equipment, well placed in the south-south-west; on the "
        "Named double stars and Caldwell lists; some moonlight interference; low contrast against "
        "this sky; the sky is still brightening or fading. In the same field: NGC 1980, NGC 1973.")
    assert said.render("de") == (
        "Offener Sternhaufen an der Grenze deiner Ausrüstung, gut platziert im Südsüdwesten; auf den "
        "Listen „Benannte Doppelsterne“ und „Caldwell“; etwas Störung durch das Mondlicht; wenig "
        "Kontrast vor diesem Himmel; die Dämmerung hellt den Himmel noch auf. Im selben "
        "Gesichtsfeld: NGC 1980, NGC 1973.")
    high = assessment({"headroom_mag": 2.5}, altitude_deg=70, point="N", family="planetary_nebula",
                      showpiece_lists=(), preferred=False)
    assert high.render("en") == "Comfortable planetary nebula, high in the sky."
    assert high.render("de") == "Planetarischer Nebel, gut zu sehen, hoch am Himmel."
    assert Message.model_validate_json(high.model_dump_json()).render("de") == high.render("de")


@pytest.mark.parametrize(("text", "expected"), [
    ("galaxies", ["galaxy", "galaxy_group"]),
    ("vor allem Galaxien", ["galaxy", "galaxy_group"]),
    ("Kugelsternhaufen", ["globular_cluster"]),
    ("only globular clusters", ["globular_cluster"]),
    ("planetarische Nebel und Planeten", ["planetary_nebula", "planet"]),
    ("planetary nebulae", ["planetary_nebula"]),
    ("Mond", ["moon"]),
    ("", []),
    (None, []),
])
def test_preferences(text, expected) -> None:
    assert parse_preferences(text) == expected


@pytest.mark.parametrize(("text", "strength"), [
    ("vor allem Galaxien", PreferenceStrength.MOSTLY),
    ("mostly galaxies", PreferenceStrength.MOSTLY),
    ("Galaxien", PreferenceStrength.MOSTLY),
    ("nur Planetarische Nebel", PreferenceStrength.ONLY),
    ("only globular clusters", PreferenceStrength.ONLY),
    ("ausschließlich Kugelsternhaufen", PreferenceStrength.ONLY),
    ("", PreferenceStrength.NONE),
    (None, PreferenceStrength.NONE),
])
def test_preference_strength(text, strength) -> None:
    assert parse_preference_request(text).strength is strength


def test_unknown_preference_is_a_clear_error() -> None:
    with pytest.raises(InputError, match="galaxies, nebulae"):
        parse_preferences("unicorns")
