"""Where and when an object can be seen, from its J2000 position alone.

Best season
    An object culminates (stands highest, due south or north) when the local sidereal time
    equals its right ascension. Local sidereal time at local mean solar time ``t`` on day ``n``
    of the year is ``LST ≈ 6.6645 h + 0.0657098 h·(n − 1) + 1.0027379·t`` (GMST at 0 h UT on
    1 January 2000 plus the daily gain of the sidereal clock; longitude cancels when ``t`` is
    local mean time). Solving ``LST = RA`` for ``t = 22 h`` gives the date of the 22:00
    culmination — the rule "an object culminates at midnight when the Sun's RA is RA + 12 h",
    two hours (a month) later. The best evening months are those in which the object
    culminates within 2.5 hours of 22:00 on the 15th: two months, occasionally three, since
    the culmination comes about two hours earlier each month. Precession and the leap-year cycle
    move the dates by a day or two; daylight-saving time puts the clock an hour later.

Latitudes
    An object of declination δ culminates at altitude ``90° − |φ − δ|`` from latitude φ; it
    never rises where that is negative (south of ``δ − 90°`` for δ > 0) and never sets
    (is circumpolar) where ``|φ| ≥ 90° − |δ|`` on the same side of the equator. Refraction,
    about half a degree at the horizon, is ignored.
"""

from __future__ import annotations

import math
from datetime import date, timedelta

GMST_JAN1_HOURS = 6.6645  # Greenwich sidereal time at 0 h UT on 1 January 2000
SIDEREAL_GAIN_PER_DAY_HOURS = 0.0657098
SIDEREAL_RATE = 1.0027379
EVENING_HOUR = 22.0
EVENING_WINDOW_HOURS = 2.5
REFERENCE_YEAR = 2001  # any common (non-leap) year; only month and day are reported
NORTHERN_SITE_LAT = 50.0  # central Europe
SOUTHERN_SITE_LAT = -30.0  # Chile, South Africa, Australia

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
_NORTHERN_SEASON = {12: "winter", 1: "winter", 2: "winter", 3: "spring", 4: "spring", 5: "spring",
                    6: "summer", 7: "summer", 8: "summer", 9: "autumn", 10: "autumn", 11: "autumn"}
_OPPOSITE_SEASON = {"winter": "summer", "spring": "autumn", "summer": "winter", "autumn": "spring"}


def format_ra(ra_rad: float) -> str:
    """Right ascension as ``00h 42m 44s``."""
    total_seconds = round((math.degrees(ra_rad) % 360) / 15 * 3600) % (24 * 3600)
    hours, rest = divmod(total_seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours:02d}h {minutes:02d}m {seconds:02d}s"


def format_dec(dec_rad: float) -> str:
    """Declination as ``+41° 16′`` or ``−05° 23′`` (typographic minus)."""
    total_arcmin = round(abs(math.degrees(dec_rad)) * 60)
    degrees, minutes = divmod(total_arcmin, 60)
    sign = "+" if dec_rad >= 0 or total_arcmin == 0 else "−"
    return f"{sign}{degrees:02d}° {minutes:02d}′"


def evening_culmination(ra_rad: float) -> date:
    """Date (in a common year) on which the object culminates at about 22:00 local time."""
    ra_hours = (math.degrees(ra_rad) % 360) / 15
    lag = (ra_hours - GMST_JAN1_HOURS - SIDEREAL_RATE * EVENING_HOUR) % 24
    return date(REFERENCE_YEAR, 1, 1) + timedelta(days=round(lag / SIDEREAL_GAIN_PER_DAY_HOURS))


def culmination_hour(ra_rad: float, day: date) -> float:
    """Local mean time (hours, 0–24) of the object's culmination on ``day``."""
    ra_hours = (math.degrees(ra_rad) % 360) / 15
    days = (day - date(day.year, 1, 1)).days
    return ((ra_hours - GMST_JAN1_HOURS - SIDEREAL_GAIN_PER_DAY_HOURS * days)
            / SIDEREAL_RATE) % 24


def season_months(ra_rad: float) -> tuple[int, ...]:
    """Months (1–12, in seasonal order) in which the object culminates within 2.5 hours of
    22:00 on the 15th: the best months for evening viewing."""
    months = [m for m in range(1, 13) if abs(
        (culmination_hour(ra_rad, date(REFERENCE_YEAR, m, 15)) - EVENING_HOUR + 12) % 24 - 12
    ) <= EVENING_WINDOW_HOURS]
    if months[0] == 1 and months[-1] == 12:  # wraps round the new year: December first
        months = [m for m in months if m > 6] + [m for m in months if m <= 6]
    return tuple(months)


def part_of_month(day: date) -> str:
    """``early October``, ``mid October`` or ``late October``."""
    part = "early" if day.day <= 10 else "mid" if day.day <= 20 else "late"
    return f"{part} {MONTHS[day.month - 1]}"


def month_span(months: tuple[int, ...]) -> str:
    """``October and November`` / ``from September to November``."""
    names = [MONTHS[m - 1] for m in months]
    if len(names) == 1:
        return f"in {names[0]}"
    if len(names) == 2:
        return f"in {names[0]} and {names[1]}"
    return f"from {names[0]} to {names[-1]}"


def season_names(month: int) -> tuple[str, str]:
    """(northern, southern) season of a month: October → (autumn, spring)."""
    northern = _NORTHERN_SEASON[month]
    return northern, _OPPOSITE_SEASON[northern]


def latitude_text(lat_deg: float) -> str:
    """``49° N`` / ``18° S`` (whole degrees), ``the equator`` for 0."""
    rounded = round(abs(lat_deg))
    if rounded == 0:
        return "the equator"
    return f"{rounded}° {'N' if lat_deg > 0 else 'S'}"


def never_rises_beyond(dec_deg: float) -> float:
    """Latitude beyond which (towards the far pole) the object never rises."""
    return dec_deg - 90.0 if dec_deg >= 0 else dec_deg + 90.0


def circumpolar_beyond(dec_deg: float) -> float:
    """Latitude beyond which (towards the near pole) the object never sets."""
    return 90.0 - dec_deg if dec_deg >= 0 else -90.0 - dec_deg


def culmination_altitude(dec_deg: float, lat_deg: float) -> float:
    """Altitude in degrees at upper culmination (negative: never rises there)."""
    return 90.0 - abs(lat_deg - dec_deg)
