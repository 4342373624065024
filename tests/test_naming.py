"""One key for names of sky objects and titles: spellings that mean the same compare equal."""

from __future__ import annotations

import pytest

from singularity.naming import name_key


@pytest.mark.parametrize(("a", "b"), [
    ("M 31", "m31"), ("Messier 031", "M31"), ("NGC 0224", "ngc-224"), ("Zürich", "zurich"),
    ("The Andromeda Galaxy", "Andromeda Galaxy"), ("Orion-Nebel", "orion nebel"),
    ("Straße", "strasse"), ("IC 0434", "IC434"),
])
def test_spellings_of_one_name_share_a_key(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize(("a", "b"), [("M31", "M32"), ("NGC 224", "IC 224"), ("Mars", "Marsh"),
                                      ("The", "die")])
def test_different_names_keep_different_keys(a: str, b: str) -> None:
    assert name_key(a) != name_key(b)


def test_a_lone_article_is_a_name() -> None:
    assert name_key("The") == "the" and name_key("") == ""
