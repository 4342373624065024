"""The list's composition: "mostly", "only" and a varied night (``selection.select``)."""

from __future__ import annotations

import numpy as np

from singularity.planning.catalog import family_codes
from singularity.planning.preferences import PreferenceStrength
from singularity.planning.selection import select


def candidates(families: list[str], wanted: set[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Candidates already in score order (index 0 best)."""
    codes = family_codes(families)
    return np.arange(len(families)), codes, np.array([f in wanted for f in families])


def test_mostly_fills_two_thirds_with_the_requested_family_best_first() -> None:
    families = ["open_cluster"] * 20 + ["galaxy"] * 20
    order, codes, preferred = candidates(families, {"galaxy"})
    chosen = select(order, codes, preferred, PreferenceStrength.MOSTLY, 15)
    picked = [families[i] for i in chosen.indices]
    assert picked[:10] == ["galaxy"] * 10  # the best galaxies first …
    assert picked[10:] == ["open_cluster"] * 5  # … then the best of the rest
    assert chosen.indices[:10] == list(range(20, 30))
    assert chosen.preferred_within_reach == 20 and chosen.preferred_listed == 10


def test_mostly_with_few_of_the_family_lists_them_all_and_fills_up() -> None:
    families = ["open_cluster"] * 20 + ["planetary_nebula"] * 3
    order, codes, preferred = candidates(families, {"planetary_nebula"})
    chosen = select(order, codes, preferred, PreferenceStrength.MOSTLY, 15)
    assert len(chosen.indices) == 15 and chosen.indices[:3] == [20, 21, 22]
    assert chosen.preferred_within_reach == 3


def test_only_lists_nothing_else() -> None:
    families = ["open_cluster"] * 20 + ["planetary_nebula"] * 4
    order, codes, preferred = candidates(families, {"planetary_nebula"})
    chosen = select(order, codes, preferred, PreferenceStrength.ONLY, 15)
    assert chosen.indices == [20, 21, 22, 23]


def test_no_preference_caps_each_family_in_the_first_ten() -> None:
    families = (["open_cluster"] * 12 + ["double_star"] * 6
                + ["galaxy", "globular_cluster", "nebula", "planetary_nebula"])
    order, codes, preferred = candidates(families, set())
    chosen = select(order, codes, preferred, PreferenceStrength.NONE, 15)
    head = [families[i] for i in chosen.indices[:10]]
    assert max(head.count(f) for f in set(head)) <= 3
    assert {"galaxy", "globular_cluster", "nebula", "planetary_nebula"} <= set(head)
    assert len(chosen.indices) == 15


def test_a_sky_of_one_kind_still_fills_the_list() -> None:
    families = ["open_cluster"] * 20
    order, codes, preferred = candidates(families, set())
    assert select(order, codes, preferred, PreferenceStrength.NONE, 15).indices == list(range(15))


def test_galaxy_groups_count_as_galaxies_for_variety() -> None:
    families = (["galaxy"] * 3 + ["galaxy_group"] * 3 + ["open_cluster"] * 3 + ["double_star"] * 3
                + ["nebula"] * 3)
    order, codes, preferred = candidates(families, set())
    head = select(order, codes, preferred, PreferenceStrength.NONE, 10).indices
    assert sum(i < 6 for i in head) == 3
