"""The best nights (and hours) for one target over the coming nights, and the same scan for the
whole catalogue at once.

Every night's window is its astronomical darkness, dusk to dawn (Sun below −18°); a night
without one (high-latitude summer) falls back to nautical darkness, or to an hour either side
of the Sun's lowest point, and says so. The window is sampled at ``SAMPLES_PER_NIGHT`` evenly
spaced times, so a long winter night and a short summer night both give one row of the
(nights × samples) grid, and every position comes from one ``SkyGrid`` per night (the grid's
Earth state and precession are made for spans of hours, not weeks; aberration alone moves a
star by up to 10″ in a month). Over the whole catalogue the work per night is one matrix
product (samples × objects), so 30 nights of OpenNGC cost a fraction of a second
(``bench/best_night.py``).

A night's rating is the planner's own score of the target at its best sample, the sample that
scores highest (``scoring.score``:
the instrument's limit against magnitude, surface brightness against the sky with twilight and
moonlight, altitude and time above 30°), times the clear share of the sky where the forecast
reaches (``1 − cloud cover``, the forecast's mean over the dark window). Nights beyond the
forecast keep their astronomical rating and say "no forecast yet": they are not made worse for
weather nobody knows. ``docs/planning.md`` ("The best night") gives the method.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime, timedelta

import erfa
import numpy as np
from pydantic import BaseModel

from singularity.catalogue import Message, in_languages, listing, msg
from singularity.config import PlanningSettings, Settings
from singularity.errors import InputError
from singularity.planning.catalog import FAMILIES, load_catalog
from singularity.planning.ephemeris import (
    PLANETS,
    SkyGrid,
    angular_separation_deg,
    dot3,
    planet_magnitude,
)
from singularity.planning.models import Equipment, Location, TimeWindow
from singularity.planning.optics import optics_of
from singularity.planning.plan import SkyCondition
from singularity.planning.rules import (
    HIGH_ALTITUDE_DEG,
    MOON_GLARE_CAP,
    Observables,
    Sky,
    best_sample,
    catalog_core_gain,
    moon_glare_mag,
)
from singularity.planning.scoring import compass_point, score
from singularity.planning.sun import ASTRONOMICAL_ALT, Night, night_of, site_of
from singularity.planning.timephrases.lexicon import MONTH_ABBR, WEEKDAY_NAMES
from singularity.planning.weather.samples import Forecast
from singularity.planning.weather.verdict import assess

DEFAULT_NIGHTS = 14
MAX_NIGHTS = 60
SAMPLES_PER_NIGHT = 49
"""Samples over each dark window: every 15 minutes in a 12-hour winter night, every 5 in a
4-hour summer night; the best altitude is then within 0.3° of the true culmination (a star
moves at most 15°/h × cos(latitude) in hour angle; the altitude change near the top is
quadratic in the time offset)."""
NO_DARKNESS_HALF_WINDOW = timedelta(hours=1)
"""A night whose Sun never gets below −6° is looked at for an hour either side of its lowest point."""
FORECAST_COVER_SHARE = 0.5
"""A night counts as forecast when the forecast covers at least half its dark window."""
NOTABLE_GLARE_MAG = 0.4
"""The glare at which the plan's assessment says "some moonlight interference"."""
BEHIND_SCALE = {"clouds": 100.0, "moon": MOON_GLARE_CAP, "altitude": 45.0, "darkness": 4.0}
"""What costs a night about everything, per cause, to name the largest difference to the best
night: an overcast sky (100 %), the Moon's full glare (``rules.MOON_GLARE_CAP``), 45° of
altitude (the altitude score runs from 10° to the zenith), 4 hours of darkness (a typical
session, twice the planner's default window)."""
BEHIND_NOTABLE = 0.02
"""Differences below 2 % of those scales are "slightly" (the night is about as good)."""


class Target(BaseModel):
    """What is scanned: a catalogue direction (ICRS degrees) or a planet (ephemeris key)."""

    name: str
    ra_deg: float | None = None
    dec_deg: float | None = None
    body: str | None = None
    german_name: str = ""
    """A planet's German name ("Merkur"); its designation is its English name."""

    @property
    def said(self) -> Message:
        """The target's name for sentences said in either language."""
        return in_languages({"en": self.name, "de": self.german_name or self.name})


class NightRating(BaseModel):
    date: date
    """The evening's date (local)."""
    rank: int
    rating: float
    """Score at the best hour × the clear share of the sky (0: the target cannot be seen)."""
    score: float | None
    """The planner's score at the best hour, before the weather (None: too low or too faint)."""
    darkness: str
    """astronomical | nautical | civil | none"""
    dark_start: datetime
    dark_end: datetime
    dark_hours: float
    """Length of the astronomical darkness (0 without one)."""
    best_time: datetime
    altitude_deg: float
    azimuth_deg: float
    direction: str
    hours_up: float
    """Hours in the window with the target above the minimum altitude."""
    moon_illumination: float
    moon_altitude_deg: float
    moon_separation_deg: float
    moon_glare_mag: float
    headroom_mag: float | None
    """Magnitudes to spare below the instrument's limit under this night's sky (None: not up)."""
    forecast: str
    """good | marginal | bad | none (beyond the forecast)"""
    cloud_pct: float | None
    reasons: list[Message]
    """Why the night ranks where it does, one sentence each."""


class BestNights(BaseModel):
    target: Target
    location: Location
    equipment: Equipment
    first_night: date
    nights: list[NightRating]
    """In date order; ``rank`` gives the order of merit."""
    forecast_until: datetime | None
    """The end of the forecast's reach (None: no forecast was available)."""

    def ranked(self) -> list[NightRating]:
        return sorted(self.nights, key=lambda n: n.rank)

    def unseen(self) -> Message:
        """Why no night shows the target (every rating zero): the causes, the most frequent
        first, each with its number of nights when they differ."""
        causes = Counter(unseen_cause(night) for night in self.nights)
        phrases = []
        for cause, count in causes.most_common():
            phrase = _cause_phrase(cause, [n for n in self.nights if unseen_cause(n) == cause])
            if len(causes) > 1:
                phrase = msg("best_night.on_one_night" if count == 1 else "best_night.on_nights",
                             cause=phrase, nights=count)
            phrases.append(phrase)
        return msg("best_night.none_visible", target=self.target.said, causes=listing(phrases))


def unseen_cause(night: NightRating) -> str:
    """Why a night rates zero: ``no_darkness`` (the Sun never gets 18° below the horizon),
    ``too_low`` (the target stays under the minimum altitude in the dark), ``moon`` (too faint
    with the Moon's glare notable), ``too_faint`` (too faint for the instrument under this
    sky) or ``clouds`` (seen, but the forecast is overcast)."""
    if night.score is not None and night.cloud_pct is not None:
        return "clouds"
    if night.darkness != "astronomical":
        return "no_darkness"
    if night.headroom_mag is None:
        return "too_low"
    return "moon" if night.moon_glare_mag >= NOTABLE_GLARE_MAG else "too_faint"


def _cause_phrase(cause: str, nights: list[NightRating]) -> Message:
    if cause == "too_low":
        return msg("best_night.cause_too_low", altitude=round(max(n.altitude_deg for n in nights)))
    if cause == "moon":
        return msg("best_night.cause_moon", percent=round(max(n.moon_illumination for n in nights) * 100))
    return msg(f"best_night.cause_{cause}")


@dataclass(frozen=True)
class NightGrid:
    """Consecutive nights, each with its dark window sampled evenly and its own sky grid."""

    nights: tuple[Night, ...]
    windows: tuple[tuple[datetime, datetime], ...]
    grids: tuple[SkyGrid, ...]
    sun_alt_deg: np.ndarray
    """(nights, samples)"""
    moon_alt_deg: np.ndarray
    moon_az_deg: np.ndarray
    moon_icrs: np.ndarray
    """(nights, samples, 3): astrometric unit vectors towards the Moon."""
    moon_illumination: np.ndarray
    """(nights, samples)"""


def check_nights(count: int) -> int:
    """``count`` when it lies within 1 … ``MAX_NIGHTS``, else InputError saying the range."""
    if not 1 <= count <= MAX_NIGHTS:
        raise InputError(msg("best_night.nights_range", nights=count, most=MAX_NIGHTS))
    return count


def dark_window(night: Night) -> tuple[datetime, datetime]:
    """Astronomical darkness, else the darkest part the night has (see module docstring)."""
    start, end = night.dark_start, night.dark_end
    if end <= start:
        return night.darkest - NO_DARKNESS_HALF_WINDOW, night.darkest + NO_DARKNESS_HALF_WINDOW
    return start, end


def night_grid(location: Location, first: date, count: int,
               samples: int = SAMPLES_PER_NIGHT) -> NightGrid:
    """The dark windows of ``count`` nights from the evening of ``first``, with Sun and Moon."""
    site = site_of(location)
    nights = tuple(night_of(first + timedelta(days=k), location) for k in range(check_nights(count)))
    windows = tuple(dark_window(n) for n in nights)
    grids, sun, moon_alt, moon_az, moon_icrs, lit = [], [], [], [], [], []
    for start, end in windows:
        step = (end - start) / (samples - 1)
        grid = SkyGrid([start + step * i for i in range(samples - 1)] + [end], site)
        tracks = grid.bodies(("sun", "moon"))
        grids.append(grid)
        sun.append(tracks["sun"].alt_deg)
        moon_alt.append(tracks["moon"].alt_deg)
        moon_az.append(tracks["moon"].az_deg)
        moon_icrs.append(erfa.s2c(tracks["moon"].ra_rad, tracks["moon"].dec_rad))
        lit.append(grid.moon_illumination())
    return NightGrid(nights=nights, windows=windows, grids=tuple(grids), sun_alt_deg=np.array(sun),
                     moon_alt_deg=np.array(moon_alt), moon_az_deg=np.array(moon_az),
                     moon_icrs=np.array(moon_icrs), moon_illumination=np.array(lit))


@dataclass(frozen=True)
class CatalogNights:
    """Every catalogue object on every night (arrays shaped (nights, objects))."""

    peak_alt_deg: np.ndarray
    """Highest altitude in the night's dark window."""
    best_sample: np.ndarray
    """Index of that sample."""
    observable: np.ndarray
    """Some sample has the object above ``min_altitude_deg``, the Sun below −18° and the Moon at
    least ``min_moon_separation_deg`` away: astroplan's ``is_observable`` with an
    ``AltitudeConstraint``, ``AtNightConstraint.twilight_astronomical`` and a
    ``MoonSeparationConstraint`` on the same grid."""
    hours_observable: np.ndarray
    """Hours of the window with all three conditions met."""


def scan_catalog(grid: NightGrid, icrs: np.ndarray, *, min_altitude_deg: float,
                 min_moon_separation_deg: float) -> CatalogNights:
    """All of ``icrs`` (objects, 3) over all nights: per night one CIRS conversion of the
    catalogue and two matrix products over (samples × objects)."""
    nights, samples = grid.sun_alt_deg.shape
    peak = np.empty((nights, icrs.shape[0]))
    best = np.empty((nights, icrs.shape[0]), dtype=np.intp)
    observable = np.empty((nights, icrs.shape[0]), dtype=bool)
    hours = np.empty((nights, icrs.shape[0]))
    low = np.sin(np.radians(min_altitude_deg))
    far = np.cos(np.radians(min_moon_separation_deg))
    for n, sky in enumerate(grid.grids):
        sin_alt = sky.sin_altitude(sky.cirs(icrs))
        best[n] = np.argmax(sin_alt, axis=0)
        peak[n] = np.degrees(np.arcsin(np.clip(sin_alt[best[n], np.arange(icrs.shape[0])], -1, 1)))
        night = grid.sun_alt_deg[n] <= ASTRONOMICAL_ALT
        clear_of_moon = dot3(grid.moon_icrs[n], icrs) <= far
        good = (sin_alt >= low) & clear_of_moon & night[:, None]
        observable[n] = good.any(axis=0)
        start, end = grid.windows[n]
        hours[n] = good.sum(axis=0) * (end - start).total_seconds() / 3600 / (samples - 1)
    return CatalogNights(peak_alt_deg=peak, best_sample=best, observable=observable,
                         hours_observable=hours)


@dataclass(frozen=True)
class _Object:
    """The catalogue facts the score needs (one row of ``Observables``)."""

    family_code: int
    magnitude: float
    surface_brightness: float
    core_gain: float
    size_arcmin: float
    showpiece_tier: int


def _catalog_facts(target: Target) -> _Object:
    """The target's catalogue row: by display name, else the object at its coordinates."""
    catalog = load_catalog()
    if target.body is not None:
        return _Object(FAMILIES.index("planet"), np.nan, np.nan, 0.0, np.nan, 2)
    try:
        i = catalog.names.index(target.name)
    except ValueError:
        direction = erfa.s2c(np.radians(target.ra_deg), np.radians(target.dec_deg))
        i = int(np.argmax(catalog.icrs @ direction))
    return _Object(int(catalog.family_code[i]), float(catalog.magnitude[i]),
                   float(catalog.surface_brightness[i]), float(catalog_core_gain(catalog)[i]),
                   float(catalog.major_arcmin[i]), int(catalog.showpiece_tier[i]))


def best_nights(
    target: Target, *, location: Location, first: date, count: int, equipment: Equipment,
    sky: SkyCondition, planning: PlanningSettings, settings: Settings | None = None,
    forecast: Forecast | None = None,
) -> BestNights:
    """Rate ``count`` nights from the evening of ``first`` for ``target``; ``forecast`` (with
    ``settings`` for its verdict thresholds) rates the nights it covers."""
    if target.body is None and (target.ra_deg is None or target.dec_deg is None):
        raise ValueError("a target needs coordinates or a body")
    if target.body is not None and target.body not in PLANETS:
        raise InputError(msg("best_night.not_a_night_target", target=target.said))
    grid = night_grid(location, first, count)
    facts = _catalog_facts(target)
    optics = optics_of(equipment)
    rows = [
        _rate_night(grid, n, target, facts, equipment=equipment, sky=sky, planning=planning,
                    field_deg=optics.field_deg, magnification=optics.magnification,
                    resolution_arcsec=optics.resolution_arcsec, settings=settings,
                    forecast=forecast)
        for n in range(len(grid.nights))
    ]
    order = sorted(range(len(rows)), key=lambda k: (-rows[k]["rating"], -rows[k]["altitude_deg"], k))
    top = rows[order[0]]
    nights = []
    for rank, k in enumerate(order, start=1):
        row = rows[k]
        row["rank"] = rank
        row["reasons"] = _reasons(row, top, target.said, first_rank=rank == 1)
        nights.append((k, NightRating.model_validate(row)))
    return BestNights(
        target=target, location=location, equipment=equipment, first_night=first,
        nights=[night for _, night in sorted(nights, key=lambda pair: pair[0])],
        forecast_until=forecast.covers_until.astimezone(location.tz) if forecast else None,
    )


def _rate_night(grid: NightGrid, n: int, target: Target, facts: _Object, *, equipment: Equipment,
                sky: SkyCondition, planning: PlanningSettings, field_deg: float,
                magnification: float, resolution_arcsec: float, settings: Settings | None,
                forecast: Forecast | None) -> dict:
    night, sky_grid = grid.nights[n], grid.grids[n]
    start, end = grid.windows[n]
    tz = start.tzinfo
    sun = grid.sun_alt_deg[n]
    magnitude = facts.magnitude
    if target.body is not None:
        track = sky_grid.body(target.body)
        alt, az = track.alt_deg, track.az_deg
    else:
        direction = erfa.s2c(np.radians([target.ra_deg]), np.radians([target.dec_deg]))
        full = sky_grid.tracks(sky_grid.cirs(direction))
        alt, az = full.alt_deg[:, 0], full.az_deg[:, 0]
    if target.body is not None:
        magnitude = planet_magnitude(target.body, float(track.heliocentric_au[len(sun) // 2]),
                                     float(track.distance_au[len(sun) // 2]),
                                     float(track.phase_angle_deg[len(sun) // 2]))
    moon_alt = grid.moon_alt_deg[n]
    separation = angular_separation_deg(alt, az, moon_alt, grid.moon_az_deg[n])
    illumination = float(np.mean(grid.moon_illumination[n]))
    step_hours = (end - start).total_seconds() / 3600 / (len(sun) - 1)
    every = np.ones(len(sun))
    observables = Observables(
        family_code=every.astype(int) * facts.family_code, magnitude=every * magnitude,
        surface_brightness=every * facts.surface_brightness, core_gain=every * facts.core_gain,
        size_arcmin=every * facts.size_arcmin, altitude_deg=alt,
        high_fraction=every * np.mean(alt > HIGH_ALTITUDE_DEG), sun_alt_deg=sun,
        moon_alt_deg=moon_alt, moon_separation_deg=separation,
        showpiece_tier=every.astype(int) * facts.showpiece_tier,
        preferred=np.zeros(len(sun), dtype=bool),
    )
    rules_sky = Sky(
        limiting_magnitude=equipment.limiting_magnitude,
        light_pollution_penalty=sky.light_pollution_penalty, sky_sqm=sky.sqm,
        min_altitude_deg=planning.min_altitude_deg, magnitude_margin=planning.magnitude_margin,
        field_deg=field_deg, magnification=magnification, resolution_arcsec=resolution_arcsec,
        moon_illumination=illumination,
    )
    scored = score(observables, rules_sky)  # every sample: the best hour weighs the Moon too
    if np.isnan(scored.score).all():
        i = int(best_sample(np.sin(np.radians(alt))[:, None], sun, np.ones(sun.shape, bool))[0])
    else:
        i = int(np.nanargmax(scored.score))
    value = float(scored.score[i])
    moon_alt, separation = float(moon_alt[i]), float(separation[i])
    up = bool(alt[i] >= planning.min_altitude_deg)
    verdict, cloud = _weather(forecast, start, end, settings)
    clear = 1.0 if cloud is None else 1.0 - cloud / 100.0
    glare = 0.0 if FAMILIES[facts.family_code] == "planet" else float(
        moon_glare_mag(illumination, moon_alt, separation))
    dark_hours = 0.0 if night.astronomical_dusk is None or night.astronomical_dawn is None else (
        (night.astronomical_dawn - night.astronomical_dusk).total_seconds() / 3600)
    return {
        "date": night.date, "rating": 0.0 if np.isnan(value) else round(value * clear, 2),
        "score": None if np.isnan(value) else value, "darkness": night.darkness,
        "dark_start": start, "dark_end": end, "dark_hours": round(dark_hours, 2),
        "best_time": sky_grid.times[i].astimezone(tz), "altitude_deg": round(float(alt[i]), 1),
        "azimuth_deg": round(float(az[i]), 1), "direction": compass_point(float(az[i])),
        "hours_up": round(float(np.count_nonzero(alt >= planning.min_altitude_deg) * step_hours), 2),
        "moon_illumination": round(illumination, 3), "moon_altitude_deg": round(moon_alt, 1),
        "moon_separation_deg": round(separation, 1), "moon_glare_mag": round(glare, 2),
        "headroom_mag": round(float(scored.headroom[i]), 2) if up else None,
        "forecast": verdict, "cloud_pct": cloud,
    }


def _weather(forecast: Forecast | None, start: datetime, end: datetime,
             settings: Settings | None) -> tuple[str, float | None]:
    """The forecast's verdict and mean cloud cover over the window, or ("none", None) when the
    forecast does not cover enough of it."""
    if forecast is None or settings is None:
        return "none", None
    covered = sum((o for _, o in forecast.overlapping(start, end)), timedelta(0))
    if covered < (end - start) * FORECAST_COVER_SHARE:
        return "none", None
    verdict = assess(forecast, TimeWindow(start=start, end=end), settings=settings)
    return verdict.verdict, verdict.numbers.cloud_mean_pct


def night_name(day: date) -> Message:
    """"Fri 4 Dec" / "Fr 4. Dez." in catalogue words."""
    return msg("best_night.day", weekday=msg(f"time.{WEEKDAY_NAMES[day.weekday()].lower()}"),
               day=day.day, month=msg(f"time.{MONTH_ABBR[day.month - 1].lower()}"))


def _reasons(row: dict, top: dict, target: Message, *, first_rank: bool) -> list[Message]:
    """The night's facts that decide its place, then, below the first, what it lacks."""
    clock = f"{row['best_time']:%H:%M}"
    reasons: list[Message] = []
    if row["score"] is None:
        reasons.append(msg("best_night.too_low", target=target, altitude=round(row["altitude_deg"]))
                       if row["headroom_mag"] is None else
                       msg("best_night.too_faint", target=target, short=-row["headroom_mag"]))
    else:
        reasons.append(msg("best_night.altitude", target=target, altitude=round(row["altitude_deg"]),
                           time=clock, hours=row["hours_up"]))
    reasons.append(_darkness(row))
    reasons.append(_moon(row))
    reasons.append(msg("best_night.no_forecast") if row["forecast"] == "none" else
                   msg(f"best_night.forecast_{row['forecast']}", cloud=round(row["cloud_pct"])))
    if not first_rank and row["score"] is not None:
        reasons.append(_behind(row, top))
    return reasons


def _darkness(row: dict) -> Message:
    if row["darkness"] == "astronomical":
        return msg("best_night.dark_hours", hours=row["dark_hours"],
                   start=f"{row['dark_start']:%H:%M}", end=f"{row['dark_end']:%H:%M}")
    return msg(f"best_night.darkness_{row['darkness']}")


def _moon(row: dict) -> Message:
    percent = round(row["moon_illumination"] * 100)
    if row["moon_altitude_deg"] <= 0:
        return msg("best_night.moon_down", percent=percent)
    if row["moon_glare_mag"] >= NOTABLE_GLARE_MAG:
        return msg("best_night.moon_glare", percent=percent,
                   separation=round(row["moon_separation_deg"]), glare=row["moon_glare_mag"])
    return msg("best_night.moon_up", percent=percent, separation=round(row["moon_separation_deg"]))


def _behind(row: dict, top: dict) -> Message:
    """The largest difference to the first night: clouds, the Moon, altitude or darkness, each
    measured against ``BEHIND_SCALE`` (what costs a night about everything)."""
    losses = {
        "clouds": (row["cloud_pct"] or 0.0) - (top["cloud_pct"] or 0.0),
        "moon": row["moon_glare_mag"] - top["moon_glare_mag"],
        "altitude": top["altitude_deg"] - row["altitude_deg"],
        "darkness": top["dark_hours"] - row["dark_hours"],
    }
    shares = {name: loss / BEHIND_SCALE[name] for name, loss in losses.items()}
    worst = max(shares, key=lambda k: shares[k])
    if shares[worst] <= BEHIND_NOTABLE:
        return msg("best_night.behind_slightly")
    return msg(f"best_night.behind_{worst}")
