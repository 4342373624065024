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
from datetime import UTC, datetime

import erfa
import numpy as np

PLANETS: dict[str, int] = {
    "mercury": 1, "venus": 2, "mars": 4, "jupiter": 5, "saturn": 6, "uranus": 7, "neptune": 8,
}
BODIES: tuple[str, ...] = ("sun", "moon", *PLANETS)
C_AU_PER_DAY = erfa.CMPS * erfa.DAYSEC / erfa.DAU


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


def _unit_vectors(alt_deg: np.ndarray, az_deg: np.ndarray) -> np.ndarray:
    alt, az = np.radians(alt_deg), np.radians(az_deg)
    return np.stack([np.cos(alt) * np.cos(az), np.cos(alt) * np.sin(az), np.sin(alt)], axis=-1)


def angular_separation_deg(
    alt1: np.ndarray, az1: np.ndarray, alt2: np.ndarray, az2: np.ndarray
) -> np.ndarray:
    """Great-circle distance between horizontal positions (degrees)."""
    dot = np.sum(_unit_vectors(alt1, az1) * _unit_vectors(alt2, az2), axis=-1)
    return np.degrees(np.arccos(np.clip(dot, -1.0, 1.0)))


class SkyGrid:
    """The observer's astrometry at each grid time; positions of anything on that grid."""

    def __init__(self, times: Sequence[datetime], site: Site) -> None:
        if not times:
            raise ValueError("SkyGrid needs at least one time")
        self.times = list(times)
        self.site = site
        with warnings.catch_warnings():
            # ERFA flags years past its leap-second table as "dubious"; harmless at our accuracy.
            warnings.simplefilter("ignore", erfa.ErfaWarning)
            utc1, utc2 = _two_part_utc(self.times)
            self._astrom, _ = erfa.apco13(
                utc1, utc2, 0.0, np.radians(site.lon_deg), np.radians(site.lat_deg),
                site.elevation_m, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            )
            self._tt = erfa.taitt(*erfa.utctai(utc1, utc2))
        self._earth_helio, self._earth_bary = erfa.epv00(*self._tt)

    def _horizontal(self, ri: np.ndarray, di: np.ndarray, index: slice | np.ndarray) -> Track:
        """CIRS → azimuth/altitude: rotate by the local Earth rotation angle (what ``atioq``
        does without refraction, polar motion and diurnal aberration, all zero or ≤ 0.3″)."""
        astrom = self._astrom[index]
        hour_angle = astrom["eral"] - ri
        sin_phi, cos_phi = astrom["sphi"], astrom["cphi"]
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
        astrom = self._astrom[:, None]
        cos_ha = np.cos(astrom["eral"] - ri[None, :])
        return astrom["sphi"] * np.sin(di)[None, :] + astrom["cphi"] * np.cos(di)[None, :] * cos_ha

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
        """Observer → body vector (au) and body's heliocentric distance."""
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
        vector, helio = self._body_vector(name)
        ra, dec = erfa.c2s(vector)
        track = self._horizontal(*erfa.atciqz(ra, dec, self._astrom), np.s_[:])
        return BodyTrack(
            alt_deg=track.alt_deg, az_deg=track.az_deg, ra_rad=erfa.anp(ra), dec_rad=dec,
            distance_au=np.linalg.norm(vector, axis=-1), heliocentric_au=helio,
        )

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


def sun_altitude_curve(times: Sequence[datetime], site: Site) -> np.ndarray:
    """Sun altitude (degrees) at many times in one day, cheaply: the Sun's CIRS place is
    computed at three anchor times and interpolated (it moves ~1°/day, smoothly), and only the
    Earth rotation angle is evaluated per sample. Good to a few arcseconds — far below what a
    twilight time needs — at a fraction of a full ``SkyGrid`` per sample."""
    anchors = [times[0], times[len(times) // 2], times[-1]]
    grid = SkyGrid(anchors, site)
    vector, _ = grid._body_vector("sun")
    ra, dec = erfa.c2s(vector)
    ri, di = erfa.atciqz(ra, dec, grid._astrom)
    ri = np.unwrap(ri)
    offsets = np.array([(t - times[0]).total_seconds() for t in anchors]) / 86400.0
    sample_offsets = np.array([(t - times[0]).total_seconds() for t in times]) / 86400.0
    ri_t = np.polyval(np.polyfit(offsets, ri, 2), sample_offsets)
    di_t = np.polyval(np.polyfit(offsets, di, 2), sample_offsets)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", erfa.ErfaWarning)
        utc1, utc2 = _two_part_utc(times)
    eral = erfa.era00(utc1, utc2) + grid._astrom["eral"][0] - erfa.era00(*_two_part_utc(anchors[:1]))
    sphi, cphi = grid._astrom["sphi"][0], grid._astrom["cphi"][0]
    sin_alt = sphi * np.sin(di_t) + cphi * np.cos(di_t) * np.cos(eral - ri_t)
    return np.degrees(np.arcsin(np.clip(sin_alt, -1.0, 1.0)))
