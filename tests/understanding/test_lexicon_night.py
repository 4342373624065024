"""Which questions about the night ask for one morning's sunrise, or for the next full or new moon."""

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


@pytest.mark.parametrize(("text", "phase"), [
    ("Wann ist der nächste Vollmond?", "full_moon"),
    ("when's the next new moon?", "new_moon"),
    ("Wann ist wieder Neumond?", "new_moon"),
    ("Wann geht der Mond auf?", None),
    ("Was ist ein Blutmond?", None),
    ("Wann ist Vollmond im Januar?", "full_moon"),  # the month's: describe_night(month=1)
])
def test_which_phase_a_when_question_asks_for(text: str, phase: str | None) -> None:
    from singularity.understanding.lexicon import phase_asked

    assert phase_asked(text.lower()) == phase


def test_monday_is_no_moon() -> None:
    from singularity.understanding.lexicon import MOON_WORD

    assert asks_sunrise_only("what time does the sun come up on monday?")
    assert MOON_WORD.search("when does the moon rise") and not MOON_WORD.search("sunrise on monday")


@pytest.mark.parametrize(("text", "month"), [
    ("Wann ist Vollmond im Januar?", 1),
    ("when is the new moon in march in london?", 3),
    ("Neumond im März 2027?", 3),
    ("Vollmond Mai 2027", 5),
    ("when is the full moon, may I ask?", 0),  # "may" alone is a verb
    ("Wann ist der nächste Vollmond?", 0),
])
def test_the_month_a_question_names(text: str, month: int) -> None:
    from singularity.understanding.lexicon import month_asked

    assert month_asked(text.lower()) == month


@pytest.mark.parametrize(("text", "asks"), [
    ("Ist da der Mond im Weg?", True),
    ("will the moon get in the way tomorrow?", True),
    ("is the moon going to be a problem?", True),
    ("Stört das Mondlicht?", True),
    ("why is the moon in the way during a solar eclipse?", False),  # the world, not this night
    ("Wie weit ist der Mond weg?", False),
])
def test_whether_the_moon_is_in_the_way_asks_the_night(text: str, asks: bool) -> None:
    from singularity.understanding.lexicon import asks_night_times

    assert asks_night_times(text.lower()) is asks
