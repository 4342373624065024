"""Alt-azimuth positions of the Sun, Moon, planets and a whole catalog over a time grid.

Built directly on ERFA (pyerfa, the library under ``astropy.coordinates``): per grid time one
``apco13`` prepares the observer's astrometry, then the steps of ``atciqz`` (light deflection,
aberration, precession-nutation) + ``atioq`` map every catalog direction to observed azimuth
and altitude. This is the same chain Astropy runs for ICRS → AltAz, minus Astropy's frame
machinery, which would cost a second at import and most of the plan's time. Directions stay
unit vectors throughout (the catalogue's are computed once at load): ``atciqz`` itself converts
angles to a vector and back for every object, and the altitude of thousands of objects at every
grid time is then one 3-column matrix product instead of a cosine per object and time.
Differences to Astropy's full transform (tested, and measured by ``bench/plan_speed.py``):
UT1−UTC and polar motion are taken as zero (≤ 14″ in hour angle), so positions agree to well
under 1′. Altitudes are geometric: no refraction, as in astroplan's defaults. Solar-system
bodies use ERFA's ``epv00`` (Earth, once per grid: ``_earth_states``), ``plan94`` (planets,
light-time corrected) and ``moon98`` (Moon, topocentric), the ephemerides behind Astropy's
``builtin`` solar-system ephemeris. Nothing here touches the network.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import cached_property

import erfa
import numpy as np

from singularity.catalogue import msg
from singularity.errors import InputError

PLANETS: dict[str, int] = {
    "mercury": 1, "venus": 2, "mars": 4, "jupiter": 5, "saturn": 6, "uranus": 7, "neptune": 8,
}
BODIES: tuple[str, ...] = ("sun", "moon", *PLANETS)
C_AU_PER_DAY = erfa.CMPS * erfa.DAYSEC / erfa.DAU
GM_SUN_AU3_DAY2 = 0.01720209895**2  # Gauss's gravitational constant squared
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
    phase_angle_deg: np.ndarray
    """Sun–body–observer angle (for magnitudes); zeros for the Sun itself."""


def terrestrial_time(times: Sequence[datetime]) -> tuple[np.ndarray, np.ndarray]:
    """The times as two-part TT Julian dates (ERFA's), through UTC and TAI."""
    return _utc_and_tt(times)[1]


def _utc_and_tt(times: Sequence[datetime]) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
    with warnings.catch_warnings():
        # ERFA flags years past its leap-second table as "dubious"; harmless at our accuracy.
        warnings.simplefilter("ignore", erfa.ErfaWarning)
        utc = _two_part_utc(times)
        return utc, erfa.taitt(*erfa.utctai(*utc))


def _two_part_utc(times: Sequence[datetime]) -> tuple[np.ndarray, np.ndarray]:
    utc = [t.astimezone(UTC) for t in times]
    seconds = np.array([t.second + t.microsecond / 1e6 for t in utc])
    return erfa.dtf2d(
        "UTC",
        np.array([t.year for t in utc]), np.array([t.month for t in utc]),
        np.array([t.day for t in utc]), np.array([t.hour for t in utc]),
        np.array([t.minute for t in utc]), seconds,
    )


def _earth_states(tt1: np.ndarray, tt2: np.ndarray, mid: int) -> tuple[np.ndarray, np.ndarray]:
    """The Earth's heliocentric and barycentric position and velocity (``epv00``'s) at every
    grid time: the series once, at the middle time, carried to the others by the Sun's
    attraction to second order. ``epv00`` costs as much per time as the rest of the grid's
    astrometry. The neglected terms (the change of that attraction, the Moon's pull on the
    Earth) stay below 1e-6 au up to 18 hours from the middle (the longest grid: the 36-hour
    rise search of ``visibility``), measured against ``epv00`` at every time: 0.15″ at 1 au,
    under 1″ for the nearest planet, 0.003″ in aberration; within a 2-hour plan 1e-9 au."""
    helio, bary = erfa.epv00(tt1[mid], tt2[mid])
    days = ((tt1 - tt1[mid]) + (tt2 - tt2[mid]))[:, None]
    acceleration = -GM_SUN_AU3_DAY2 * helio["p"] / np.linalg.norm(helio["p"]) ** 3

    def carried(state: np.ndarray) -> np.ndarray:
        out = np.empty(days.shape[0], dtype=state.dtype)
        out["p"] = state["p"] + state["v"] * days + 0.5 * acceleration * days**2
        out["v"] = state["v"] + acceleration * days
        return out

    return carried(helio), carried(bary)


def dot3(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Every row of ``a`` (m, 3) dotted with every row of ``b`` (n, 3): (m, n). A plain einsum,
    not BLAS: for an inner dimension of 3 BLAS's threads cost more than they save (the
    whole-catalogue best-night scan: 0.9 s of CPU with ``@`` on a loaded 2-core machine, 0.15 s
    with this)."""
    return np.einsum("mj,nj->mn", a, b)


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
        (utc1, utc2), self._tt = _utc_and_tt(self.times)
        mid = len(self.times) // 2
        self._earth_helio, self._earth_bary = _earth_states(*self._tt, mid)
        # What apco13 does per time, with the slow precession-nutation series evaluated once at
        # the middle of the grid (it moves by milliarcseconds per hour) and UT1 = UTC.
        tt_mid = self._tt[0][mid], self._tt[1][mid]
        x, y = erfa.bpn2xy(erfa.pnm06a(*tt_mid))
        self._astrom = erfa.apco(
            *self._tt, self._earth_bary, self._earth_helio["p"], x, y, erfa.s06(*tt_mid, x, y),
            erfa.era00(utc1, utc2), np.radians(site.lon_deg), np.radians(site.lat_deg),
            site.elevation_m, 0.0, 0.0, erfa.sp00(*tt_mid), 0.0, 0.0,
        )
        self._vectors: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def _horizontal(self, cirs: np.ndarray, eral: np.ndarray) -> Track:
        """CIRS unit vectors (…, 3) → azimuth/altitude at local Earth rotation angle ``eral``
        (broadcast against the vectors' leading shape): what ``atioq`` does without refraction,
        polar motion and diurnal aberration, all zero or ≤ 0.3″."""
        sin_phi, cos_phi = self._astrom["sphi"][0], self._astrom["cphi"][0]  # the site's latitude
        x, y, sin_dec = cirs[..., 0], cirs[..., 1], cirs[..., 2]
        cos_era, sin_era = np.cos(eral), np.sin(eral)
        cos_dec_cos_ha = cos_era * x + sin_era * y  # hour angle = era − right ascension
        cos_dec_sin_ha = sin_era * x - cos_era * y
        alt = np.arcsin(np.clip(sin_phi * sin_dec + cos_phi * cos_dec_cos_ha, -1.0, 1.0))
        az = np.arctan2(-cos_dec_sin_ha, sin_dec * cos_phi - sin_phi * cos_dec_cos_ha)
        return Track(alt_deg=np.degrees(alt), az_deg=np.degrees(az) % 360.0)

    def _to_cirs(self, direction: np.ndarray, astrom: np.ndarray) -> np.ndarray:
        """ICRS unit vectors → CIRS unit vectors: light deflection by the Sun, aberration and
        precession-nutation, the steps of ERFA's ``atciqz`` without its conversions to and from
        angles (``astrom`` broadcast against the vectors' leading shape)."""
        natural = erfa.ldsun(direction, astrom["eh"], astrom["em"])
        proper = erfa.ab(natural, astrom["v"], astrom["em"], astrom["bm1"])
        return proper @ self._astrom["bpn"][0].T  # one matrix for the grid (see __init__)

    def cirs(self, icrs: np.ndarray) -> np.ndarray:
        """ICRS unit vectors (objects, 3), e.g. ``Catalog.icrs``, → CIRS unit vectors, done once
        at the middle of the grid: over a night the place changes by less than 0.1″."""
        return self._to_cirs(icrs, self._astrom[len(self.times) // 2])

    def sin_altitude(self, cirs: np.ndarray) -> np.ndarray:
        """sin(altitude), shaped (times, objects), of CIRS unit vectors: one small matrix
        product, enough to find each object's best sample without any trigonometry on the
        whole grid."""
        sin_phi, cos_phi = self._astrom["sphi"][0], self._astrom["cphi"][0]
        eral = self._astrom["eral"]
        to_zenith = np.column_stack(
            [cos_phi * np.cos(eral), cos_phi * np.sin(eral), np.full(eral.shape, sin_phi)]
        )
        return dot3(to_zenith, cirs)

    def horizontal_at(self, cirs: np.ndarray, time_index: np.ndarray) -> Track:
        """Azimuth and altitude of each CIRS unit vector at its own grid time (``time_index``
        per object)."""
        return self._horizontal(cirs, self._astrom["eral"][time_index])

    def tracks(self, cirs: np.ndarray) -> Track:
        """CIRS unit vectors → full tracks shaped (times, objects)."""
        return self._horizontal(cirs[None, :, :], self._astrom["eral"][:, None])

    def fixed(self, ra_rad: np.ndarray, dec_rad: np.ndarray) -> Track:
        """Catalog directions (ICRS, radians) → full tracks shaped (times, objects)."""
        return self.tracks(self.cirs(erfa.s2c(np.asarray(ra_rad), np.asarray(dec_rad))))

    def _sun_bary(self) -> np.ndarray:
        return self._earth_bary["p"] - self._earth_helio["p"]

    @cached_property
    def _moon_geocentric(self) -> np.ndarray:
        return erfa.moon98(*self._tt)["p"]

    def _body_vectors(self, names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Observer → body vectors (au), shaped (bodies, times, 3), and the bodies' distances
        from the Sun; memoised per body, the planets computed in one ERFA call."""
        missing = [name for name in dict.fromkeys(names) if name not in self._vectors]
        observer = self._astrom["eb"]
        sun = self._sun_bary()
        planets = [name for name in missing if name in PLANETS]
        if planets:
            tt1, tt2 = self._tt
            number = np.array([PLANETS[name] for name in planets])[:, None]
            helio = erfa.plan94(tt1, tt2, number)["p"]
            light_time = np.linalg.norm(sun + helio - observer, axis=-1) / C_AU_PER_DAY
            helio = erfa.plan94(tt1, tt2 - light_time, number)["p"]
            distance = np.linalg.norm(helio, axis=-1)
            for k, name in enumerate(planets):
                self._vectors[name] = sun + helio[k] - observer, distance[k]
        if "sun" in missing:
            self._vectors["sun"] = sun - observer, np.zeros(len(self.times))
        if "moon" in missing:
            moon = self._moon_geocentric
            self._vectors["moon"] = (self._earth_bary["p"] + moon - observer,
                                     np.linalg.norm(self._earth_helio["p"] + moon, axis=-1))
        vectors, helios = zip(*(self._vectors[name] for name in names), strict=True)
        return np.stack(vectors), np.stack(helios)

    def body(self, name: str) -> BodyTrack:
        """Apparent topocentric position of the Sun, the Moon or a planet at every grid time."""
        return self.bodies((name,))[name]

    def bodies(self, names: Sequence[str]) -> dict[str, BodyTrack]:
        """Several bodies in one vectorised pass (arrays shaped (times,) per body)."""
        vector, helio = self._body_vectors(names)  # (bodies, times, 3), (bodies, times)
        ra, dec = erfa.c2s(vector)
        distance = np.linalg.norm(vector, axis=-1)
        track = self._horizontal(self._to_cirs(vector / distance[..., None], self._astrom),
                                 self._astrom["eral"])
        # Sun–body–observer angle; none for the Sun itself (heliocentric distance 0)
        to_sun = -(vector + self._astrom["eb"] - self._sun_bary())
        sun_distance = np.linalg.norm(to_sun, axis=-1)
        lit = sun_distance > 0.0
        cos_phase = np.sum(to_sun * -vector, axis=-1) / (np.where(lit, sun_distance, 1.0) * distance)
        phase = np.where(lit, np.degrees(np.arccos(np.clip(cos_phase, -1.0, 1.0))), 0.0)
        return {
            name: BodyTrack(
                alt_deg=track.alt_deg[k], az_deg=track.az_deg[k], ra_rad=erfa.anp(ra[k]),
                dec_rad=dec[k], distance_au=distance[k], heliocentric_au=helio[k],
                phase_angle_deg=phase[k],
            )
            for k, name in enumerate(names)
        }

    def moon_illumination(self) -> np.ndarray:
        """Illuminated fraction of the Moon's disk (0 new … 1 full) at every grid time."""
        moon = self._moon_geocentric
        sun = -self._earth_helio["p"]  # geocentric Sun
        to_sun, to_earth = sun - moon, -moon
        cos_phase = np.sum(to_sun * to_earth, axis=-1) / (
            np.linalg.norm(to_sun, axis=-1) * np.linalg.norm(to_earth, axis=-1)
        )
        return (1.0 + cos_phase) / 2.0


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
