"""Which questions about the night ask for one morning's sunrise."""

from __future__ import annotations

import pytest

from singularity.understanding.lexicon import asks_sunrise_only


@pytest.mark.parametrize(("text", "only"), [
    ("Wann geht morgen die Sonne auf?", True),
    ("what time does the sun come up on friday?", True),
    ("Wann ist am Sonntag Sonnenaufgang?", True),
    ("Wann geht die Sonne unter und wann wieder auf?", False),
    ("When does it get dark and when is sunrise?", False),
    ("Wann geht der Mond auf?", False),
])
def test_a_sunrise_question_alone_asks_for_that_mornings_sunrise(text: str, only: bool) -> None:
    assert asks_sunrise_only(text.lower()) is only
