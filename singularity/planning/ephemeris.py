"""Alt-azimuth positions of the Sun, Moon, planets and a whole catalog over a time grid.

Built directly on ERFA (pyerfa, the library under ``astropy.coordinates``): per grid time one
``apco13`` prepares the observer's astrometry, then ``atciqz`` + ``atioq`` map every catalog
direction to observed azimuth and altitude in one vectorised call. This is the same chain
Astropy runs for ICRS → AltAz, minus Astropy's frame machinery, which would cost a second at
import and most of the plan's time. Differences to Astropy's full transform (tested, and
measured by ``bench/plan_speed.py``): UT1−UTC and polar motion are taken as zero (≤ 14″ in hour
angle), so positions agree to well under 1′. Altitudes are geometric: no refraction, as in
astroplan's defaults. Solar-system bodies use ERFA's ``epv00`` (Earth), ``plan94`` (planets,
light-time corrected) and ``moon98`` (Moon, topocentric), the ephemerides behind Astropy's
``builtin`` solar-system ephemeris. Nothing here touches the network.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

import erfa
import numpy as np

from singularity.catalogue import msg
from singularity.errors import InputError

PLANETS: dict[str, int] = {
    "mercury": 1, "venus": 2, "mars": 4, "jupiter": 5, "saturn": 6, "uranus": 7, "neptune": 8,
}
BODIES: tuple[str, ...] = ("sun", "moon", *PLANETS)
C_AU_PER_DAY = erfa.CMPS * erfa.DAYSEC / erfa.DAU
SUPPORTED_YEARS = (1901, 2099)
"""The years positions are computed for: ERFA's Earth series (``epv00``) is made for 100 Julian
years either side of J2000 (1900-01-01.5 to 2100-01-01.5 TT) and warns outside it, as the Moon
(``moon98``) is for 1900–2100; the Sun of :func:`sun_altitude_curve` drifts from its ~0.01°
(1950–2050) the further one goes. A moment outside is refused, not computed with a caveat:
beyond year 9999 the date arithmetic itself overflows."""


def check_supported(moment: date) -> None:
    """Raise InputError naming the supported years when ``moment`` (a date or a date-time, in
    UTC where it matters) lies outside them."""
    first, last = SUPPORTED_YEARS
    if not first <= moment.year <= last:
        raise InputError(msg("input.year_unsupported", year=moment.year, first=first, last=last))


@dataclass(frozen=True)
class Site:
    lat_deg: float
    lon_deg: float
    elevation_m: float = 0.0


@dataclass(frozen=True)
class Track:
    """Positions of one or many objects on the grid: arrays shaped (times, objects) or (times,)."""

    alt_deg: np.ndarray
    az_deg: np.ndarray


@dataclass(frozen=True)
class BodyTrack(Track):
    ra_rad: np.ndarray
    dec_rad: np.ndarray
    distance_au: np.ndarray
    heliocentric_au: np.ndarray
    """Distance from the Sun (for planet magnitudes); zeros for the Sun itself."""


def _two_part_utc(times: Sequence[datetime]) -> tuple[np.ndarray, np.ndarray]:
    utc = [t.astimezone(UTC) for t in times]
    seconds = np.array([t.second + t.microsecond / 1e6 for t in utc])
    return erfa.dtf2d(
        "UTC",
        np.array([t.year for t in utc]), np.array([t.month for t in utc]),
        np.array([t.day for t in utc]), np.array([t.hour for t in utc]),
        np.array([t.minute for t in utc]), seconds,
    )


def angular_separation_deg(
    alt1: np.ndarray, az1: np.ndarray, alt2: np.ndarray, az2: np.ndarray
) -> np.ndarray:
    """Great-circle distance between horizontal positions (degrees; haversine form, exact for
    small angles too)."""
    a1, a2 = np.radians(alt1), np.radians(alt2)
    hav = np.sin((a2 - a1) / 2) ** 2 + np.cos(a1) * np.cos(a2) * np.sin(np.radians(az2 - az1) / 2) ** 2
    return np.degrees(2 * np.arcsin(np.sqrt(np.clip(hav, 0.0, 1.0))))


class SkyGrid:
    """The observer's astrometry at each grid time; positions of anything on that grid."""

    def __init__(self, times: Sequence[datetime], site: Site) -> None:
        if not times:
            raise ValueError("SkyGrid needs at least one time")
        for moment in (times[0], times[-1]):
            check_supported(moment.astimezone(UTC))
        self.times = list(times)
        self.site = site
        with warnings.catch_warnings():
            # ERFA flags years past its leap-second table as "dubious"; harmless at our accuracy.
            warnings.simplefilter("ignore", erfa.ErfaWarning)
            utc1, utc2 = _two_part_utc(self.times)
            self._tt = erfa.taitt(*erfa.utctai(utc1, utc2))
        self._earth_helio, self._earth_bary = erfa.epv00(*self._tt)
        # What apco13 does per time, with the slow precession-nutation series evaluated once at
        # the middle of the grid (it moves by milliarcseconds per hour) and UT1 = UTC.
        mid = len(self.times) // 2
        tt_mid = self._tt[0][mid], self._tt[1][mid]
        x, y = erfa.bpn2xy(erfa.pnm06a(*tt_mid))
        self._astrom = erfa.apco(
            *self._tt, self._earth_bary, self._earth_helio["p"], x, y, erfa.s06(*tt_mid, x, y),
            erfa.era00(utc1, utc2), np.radians(site.lon_deg), np.radians(site.lat_deg),
            site.elevation_m, 0.0, 0.0, erfa.sp00(*tt_mid), 0.0, 0.0,
        )
        self._vectors: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def _horizontal(self, ri: np.ndarray, di: np.ndarray, index: slice | np.ndarray) -> Track:
        """CIRS → azimuth/altitude: rotate by the local Earth rotation angle (what ``atioq``
        does without refraction, polar motion and diurnal aberration, all zero or ≤ 0.3″)."""
        hour_angle = self._astrom["eral"][index] - ri
        sin_phi, cos_phi = self._astrom["sphi"][0], self._astrom["cphi"][0]  # the site's latitude
        sin_dec, cos_dec = np.sin(di), np.cos(di)
        cos_ha = np.cos(hour_angle)
        alt = np.arcsin(np.clip(sin_phi * sin_dec + cos_phi * cos_dec * cos_ha, -1.0, 1.0))
        az = np.arctan2(-cos_dec * np.sin(hour_angle), sin_dec * cos_phi - cos_dec * sin_phi * cos_ha)
        return Track(alt_deg=np.degrees(alt), az_deg=np.degrees(az) % 360.0)

    def cirs(self, ra_rad: np.ndarray, dec_rad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """ICRS → CIRS (aberration, light deflection, precession-nutation), done once at the
        middle of the grid: over a night it changes by less than 0.1″."""
        mid = len(self.times) // 2
        return erfa.atciqz(np.asarray(ra_rad), np.asarray(dec_rad), self._astrom[mid])

    def sin_altitude(self, ri: np.ndarray, di: np.ndarray) -> np.ndarray:
        """sin(altitude), shaped (times, objects): enough to find each object's highest sample
        without paying for the inverse trigonometry on the whole grid."""
        cos_ha = np.cos(self._astrom["eral"][:, None] - ri[None, :])
        sin_phi, cos_phi = self._astrom["sphi"][0], self._astrom["cphi"][0]
        return sin_phi * np.sin(di)[None, :] + cos_phi * np.cos(di)[None, :] * cos_ha

    def horizontal_at(self, ri: np.ndarray, di: np.ndarray, time_index: np.ndarray) -> Track:
        """Azimuth and altitude of each object at its own grid time (``time_index`` per object)."""
        return self._horizontal(ri, di, time_index)

    def fixed(self, ra_rad: np.ndarray, dec_rad: np.ndarray) -> Track:
        """Catalog directions (ICRS, radians) → full tracks shaped (times, objects)."""
        ri, di = self.cirs(ra_rad, dec_rad)
        return self._horizontal(ri[None, :], di[None, :], np.s_[:, None])

    def _sun_bary(self) -> np.ndarray:
        return self._earth_bary["p"] - self._earth_helio["p"]

    def _body_vector(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        """Observer → body vector (au) and body's heliocentric distance (memoised)."""
        if name not in self._vectors:
            self._vectors[name] = self._compute_body_vector(name)
        return self._vectors[name]

    def _compute_body_vector(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        observer = self._astrom["eb"]
        sun = self._sun_bary()
        if name == "sun":
            vector = sun - observer
            return vector, np.zeros(len(self.times))
        if name == "moon":
            moon = erfa.moon98(*self._tt)["p"]
            vector = self._earth_bary["p"] + moon - observer
            return vector, np.linalg.norm(self._earth_helio["p"] + moon, axis=-1)
        number = PLANETS[name]
        tt1, tt2 = self._tt
        helio = erfa.plan94(tt1, tt2, number)["p"]
        light_time = np.linalg.norm(sun + helio - observer, axis=-1) / C_AU_PER_DAY
        helio = erfa.plan94(tt1, tt2 - light_time, number)["p"]
        return sun + helio - observer, np.linalg.norm(helio, axis=-1)

    def body(self, name: str) -> BodyTrack:
        """Apparent topocentric position of the Sun, the Moon or a planet at every grid time."""
        return self.bodies((name,))[name]

    def bodies(self, names: Sequence[str]) -> dict[str, BodyTrack]:
        """Several bodies in one vectorised pass (arrays shaped (times,) per body)."""
        vectors, helios = zip(*(self._body_vector(name) for name in names), strict=True)
        vector = np.stack(vectors)  # (bodies, times, 3)
        ra, dec = erfa.c2s(vector)
        track = self._horizontal(*erfa.atciqz(ra, dec, self._astrom), np.s_[:])
        distance = np.linalg.norm(vector, axis=-1)
        return {
            name: BodyTrack(
                alt_deg=track.alt_deg[k], az_deg=track.az_deg[k], ra_rad=erfa.anp(ra[k]),
                dec_rad=dec[k], distance_au=distance[k], heliocentric_au=helios[k],
            )
            for k, name in enumerate(names)
        }

    def moon_illumination(self) -> np.ndarray:
        """Illuminated fraction of the Moon's disk (0 new … 1 full) at every grid time."""
        moon = erfa.moon98(*self._tt)["p"]
        sun = -self._earth_helio["p"]  # geocentric Sun
        to_sun, to_earth = sun - moon, -moon
        cos_phase = np.sum(to_sun * to_earth, axis=-1) / (
            np.linalg.norm(to_sun, axis=-1) * np.linalg.norm(to_earth, axis=-1)
        )
        return (1.0 + cos_phase) / 2.0

    def phase_angle_deg(self, name: str) -> np.ndarray:
        """Sun–body–Earth angle, for planet magnitudes."""
        vector, _ = self._body_vector(name)
        body_from_sun = vector + self._astrom["eb"] - self._sun_bary()
        to_sun, to_observer = -body_from_sun, -vector
        cos_phase = np.sum(to_sun * to_observer, axis=-1) / (
            np.linalg.norm(to_sun, axis=-1) * np.linalg.norm(to_observer, axis=-1)
        )
        return np.degrees(np.arccos(np.clip(cos_phase, -1.0, 1.0)))


_MAGNITUDE_BASE = {  # Astronomical Almanac 1984 (Meeus, Astronomical Algorithms, ch. 41)
    "mercury": (-0.42, (0.0380, -0.000273, 0.000002)),
    "venus": (-4.40, (0.0009, 0.000239, -0.00000065)),
    "mars": (-1.52, (0.016, 0.0, 0.0)),
    "jupiter": (-9.40, (0.005, 0.0, 0.0)),
    "saturn": (-8.88, (0.044, 0.0, 0.0)),
    "uranus": (-7.19, (0.0, 0.0, 0.0)),
    "neptune": (-6.87, (0.0, 0.0, 0.0)),
}


def planet_magnitude(name: str, sun_distance_au: float, earth_distance_au: float,
                     phase_angle_deg: float) -> float:
    """Apparent visual magnitude (Saturn without its ring term: up to ~1 mag too faint)."""
    base, (a, b, c) = _MAGNITUDE_BASE[name]
    i = phase_angle_deg
    return float(base + 5 * np.log10(sun_distance_au * earth_distance_au) + a * i + b * i**2 + c * i**3)


def moon_magnitude(phase_angle_deg: float) -> float:
    """Apparent magnitude of the Moon (Allen's Astrophysical Quantities)."""
    i = abs(phase_angle_deg)
    return float(-12.73 + 0.026 * i + 4e-9 * i**4)


def sun_altitude_curve(start: datetime, minutes: np.ndarray, site: Site) -> np.ndarray:
    """Sun altitude (degrees) at ``start + minutes``, from the Astronomical Almanac's
    low-precision solar coordinates (good to ~0.01° for 1950–2050) and sidereal time.

    Twilight times need nothing better (0.01° of solar altitude is a few seconds of time), and
    this costs a few trigonometric functions per sample instead of a full ``SkyGrid``."""
    days = (start.astimezone(UTC) - _J2000).total_seconds() / 86400.0 + minutes / 1440.0
    mean_longitude = np.radians(280.460 + 0.9856474 * days)
    anomaly = np.radians(357.528 + 0.9856003 * days)
    ecliptic_longitude = mean_longitude + np.radians(1.915 * np.sin(anomaly) + 0.020 * np.sin(2 * anomaly))
    obliquity = np.radians(23.439 - 0.0000004 * days)
    ra = np.arctan2(np.cos(obliquity) * np.sin(ecliptic_longitude), np.cos(ecliptic_longitude))
    dec = np.arcsin(np.sin(obliquity) * np.sin(ecliptic_longitude))
    sidereal = np.radians(280.46061837 + 360.98564736629 * days + site.lon_deg)
    lat = np.radians(site.lat_deg)
    sin_alt = np.sin(lat) * np.sin(dec) + np.cos(lat) * np.cos(dec) * np.cos(sidereal - ra)
    return np.degrees(np.arcsin(np.clip(sin_alt, -1.0, 1.0)))


_J2000 = datetime(2000, 1, 1, 12, tzinfo=UTC)
