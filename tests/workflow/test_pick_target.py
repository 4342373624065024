import pytest

from singularity.workflow.tools.planning import pick_target

TARGETS = [
    {"name": "M31", "catalog_id": "NGC0224", "common_name": "Andromeda Galaxy"},
    {"name": "M33", "catalog_id": "NGC0598", "common_name": "Triangulum Galaxy"},
    {"name": "Jupiter", "catalog_id": "Jupiter", "common_name": ""},
]


@pytest.mark.parametrize(("reference", "expected"), [
    ("1", "M31"), ("first", "M31"), ("das erste", "M31"), ("zweite", "M33"), ("last", "Jupiter"),
    ("M 31", "M31"), ("Andromeda Galaxy", "M31"), ("jupiter", "Jupiter"),
    ("7", None), ("M42", None), ("es", None),
])
def test_pick_by_rank_or_name(reference, expected) -> None:
    chosen = pick_target(TARGETS, reference)
    assert (chosen and chosen["name"]) == expected
