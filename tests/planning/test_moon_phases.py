"""The Moon's phases against Astropy's ecliptic longitudes (the almanac definition)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from astropy.coordinates import GeocentricTrueEcliptic, get_body
from astropy.time import Time

from singularity.planning.moon_phases import PHASES, next_phases


def _lead_deg(moment: datetime) -> float:
    """Astropy: the Moon's apparent geocentric ecliptic longitude minus the Sun's."""
    when = Time(moment)
    frame = GeocentricTrueEcliptic(equinox=when)
    moon = get_body("moon", when).transform_to(frame).lon.deg
    sun = get_body("sun", when).transform_to(frame).lon.deg
    return (moon - sun) % 360.0


@pytest.mark.parametrize("after", [datetime(2026, 12, 3, 12, tzinfo=UTC), datetime(2027, 6, 20, tzinfo=UTC)])
def test_each_phase_is_within_three_minutes_of_astropys_and_they_come_in_order(after: datetime) -> None:
    phases = next_phases(after, count=6)
    assert [p.moment for p in phases] == sorted(p.moment for p in phases) and phases[0].moment > after
    start = PHASES.index(phases[0].phase)
    assert [p.phase for p in phases] == [PHASES[(start + k) % 4] for k in range(6)]
    for phase in phases:
        off = (_lead_deg(phase.moment) - 90.0 * PHASES.index(phase.phase) + 180.0) % 360.0 - 180.0
        assert abs(off) < 0.025, (phase, off)  # the lead grows ~0.5° an hour: 0.025° is 3 min


def test_the_next_full_moon_of_december_2026() -> None:
    full = next(p for p in next_phases(datetime(2026, 12, 3, 12, tzinfo=UTC)) if p.phase == "full_moon")
    assert full.moment.date().isoformat() == "2026-12-24"
    with pytest.raises(ValueError, match="aware"):
        next_phases(datetime(2026, 12, 3))


def test_phases_up_to_a_moment_are_all_found() -> None:
    after = datetime(2026, 12, 3, 12, tzinfo=UTC)
    until = datetime(2027, 3, 1, tzinfo=UTC)
    phases = next_phases(after, until=until)
    assert phases[-1].moment >= until > phases[-2].moment
    assert len(phases) > 4 and phases[:4] == next_phases(after)
