"""The observing plan: every catalog object, the planets and the Moon over the window,
sampled every few minutes, scored and ranked. Pure computation, no I/O beyond the catalog."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
from pydantic import BaseModel

from singularity.catalogue import Message
from singularity.config import PlanningSettings
from singularity.planning.bodies import load_bodies
from singularity.planning.catalog import FAMILIES, FAMILY_LABEL, family_codes, load_catalog
from singularity.planning.complexes import catalog_complexes
from singularity.planning.constellations import constellation_of
from singularity.planning.ephemeris import (
    PLANETS,
    BodyTrack,
    Site,
    SkyGrid,
    angular_separation_deg,
    moon_magnitude,
    planet_magnitude,
)
from singularity.planning.models import Equipment, Location, TimeWindow
from singularity.planning.moon_times import moon_times
from singularity.planning.notes import PlanNote, darkness_note, note, shortfall_note
from singularity.planning.optics import optics_of
from singularity.planning.preferences import PreferenceStrength
from singularity.planning.rules import (
    HIGH_ALTITUDE_DEG,
    TYPE_DIFFICULTY,
    Observables,
    Sky,
    best_sample,
    catalog_core_gain,
)
from singularity.planning.scoring import assessment, compass_point, score
from singularity.planning.selection import select
from singularity.planning.sun import evening_of, night_of

DEEP_SKY_MAX_SUN_ALT = -12.0  # nautical darkness: faint objects need a dark sky
BRIGHT_MAX_SUN_ALT = -6.0  # planets and the Moon show in civil twilight
CHART_TARGETS = 5
_DIFFICULTY = np.array([TYPE_DIFFICULTY[f] for f in FAMILIES])


class SkyCondition(BaseModel):
    sqm: float
    bortle: int
    light_pollution_penalty: float
    source: str
    label: str = ""

    @classmethod
    def from_tool_data(cls, data: dict) -> SkyCondition:
        """From the ``sky_brightness`` tool's data."""
        from singularity.planning.skybrightness import light_pollution_penalty

        return cls(sqm=data["sqm"], bortle=data["bortle"],
                   light_pollution_penalty=light_pollution_penalty(data["bortle"]),
                   source=data["source"], label=data.get("label", ""))


class Target(BaseModel):
    rank: int
    name: str
    catalog_id: str
    common_name: str
    """English title name ("Orion Nebula"; empty for objects without one)."""
    german_name: str = ""
    """What German observers call it ("Orionnebel", "Mond"; empty where no German name is
    established: the common name, or the name, serves in German too). Read through
    :func:`singularity.catalogue.objects.target_name`."""
    type: str
    family: str
    constellation: str
    magnitude: float
    surface_brightness: float | None
    size_arcmin: float | None
    best_time: datetime
    altitude_deg: float
    azimuth_deg: float
    direction: str
    moon_separation_deg: float | None
    score: float
    assessment: Message
    """The planner's view of the target in a line, said in the conversation's language."""
    score_parts: dict[str, float] = {}
    """The parts the score is composed of (``scoring.Scores.parts``)."""
    showpiece_lists: list[str] = []
    """Observing lists the target is on (Messier, Caldwell, Herschel 400, …)."""
    includes: list[str] = []
    """Other catalogue objects of the same nebula complex, seen in the same field and not listed
    separately (``complexes``): M42 includes NGC 1980, NGC 1973, …"""
    ra_deg: float | None = None
    """ICRS (J2000) right ascension; for the planets and the Moon their place at ``best_time``
    seen from the site (for the exported lists, ``planning.export``)."""
    dec_deg: float | None = None


class MoonInfo(BaseModel):
    illumination: float
    phase: str
    altitude_min_deg: float
    altitude_max_deg: float
    up_during_window: bool
    moonrise: datetime | None = None
    moonset: datetime | None = None
    """The Moon's first rise and set from the noon before the night to the noon after (local)."""


class NightInfo(BaseModel):
    sunset: datetime | None
    astronomical_dusk: datetime | None
    astronomical_dawn: datetime | None
    sunrise: datetime | None
    darkness: str
    dark_fraction_of_window: float


class Series(BaseModel):
    """Altitude curves for the chart: one list per target, aligned with ``times``."""

    times: list[datetime]
    sun_alt_deg: list[float]
    moon_alt_deg: list[float]
    targets: dict[str, list[float]]


class ObservingPlan(BaseModel):
    location: Location
    window: TimeWindow
    equipment: Equipment
    sky: SkyCondition
    preferences: list[str]
    night: NightInfo
    moon: MoonInfo
    targets: list[Target]
    counts: dict[str, int]
    series: Series
    notes: list[str]
    """English texts of ``note_details`` (kept for older readers)."""
    preference_strength: PreferenceStrength = PreferenceStrength.NONE
    note_details: list[PlanNote] = []
    """Every note as a key, its parameters and its text in German and English."""


def phase_name(illumination: float, waxing: bool) -> str:
    if illumination < 0.03:
        return "new Moon"
    if illumination > 0.97:
        return "full Moon"
    if 0.45 <= illumination <= 0.55:
        return "first quarter" if waxing else "last quarter"
    kind = "crescent" if illumination < 0.5 else "gibbous"
    return f"{'waxing' if waxing else 'waning'} {kind}"


def grid_times(window: TimeWindow, step_minutes: int) -> list[datetime]:
    steps = int((window.end - window.start) / timedelta(minutes=step_minutes))
    return [window.start + timedelta(minutes=step_minutes * i) for i in range(steps + 1)]


def _best(alt: np.ndarray, usable: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index of the highest usable sample per object, and that altitude (−90 when none)."""
    masked = np.where(usable[:, None], alt, -90.0)
    index = np.argmax(masked, axis=0)
    return index, masked[index, np.arange(alt.shape[1])]


def compute_plan(
    *, location: Location, window: TimeWindow, equipment: Equipment, sky: SkyCondition,
    preferences: list[str], settings: PlanningSettings, limit: int | None = None,
    preference_strength: PreferenceStrength | str | None = None,
) -> ObservingPlan:
    """Score every object over the window and pick the list. ``preference_strength`` is how
    strongly the user asked for ``preferences`` (``preferences.parse_preference_request``);
    by default a stated preference means "mostly"."""
    strength = PreferenceStrength(preference_strength) if preference_strength else (
        PreferenceStrength.MOSTLY if preferences else PreferenceStrength.NONE)
    if not preferences:
        strength = PreferenceStrength.NONE
    tz = location.tz
    times = grid_times(window, settings.sample_minutes)
    grid = SkyGrid(times, Site(location.lat, location.lon, location.elevation_m or 0.0))
    tracks = grid.bodies(("sun", "moon", *PLANETS))
    sun, moon = tracks["sun"].alt_deg, tracks["moon"]
    illumination = grid.moon_illumination()
    catalog = load_catalog()

    # Objects too faint for this instrument under this sky, wherever they stand, are dropped
    # before any position is computed (glare and surface brightness only lower the limit).
    ceiling = (equipment.limiting_magnitude - sky.light_pollution_penalty
               + settings.magnitude_margin - _DIFFICULTY[catalog.family_code])
    keep = np.flatnonzero(catalog.magnitude <= ceiling)
    n_bright = keep.size
    cirs = grid.cirs(catalog.icrs[keep])
    sin_alt = grid.sin_altitude(cirs)
    dark_deep = sun <= DEEP_SKY_MAX_SUN_ALT
    dark_bright = sun <= BRIGHT_MAX_SUN_ALT
    # Objects that never climb to the minimum altitude while it is dark get no score: counted
    # here (above the horizon or not), they are dropped before anything else is computed.
    peak = sin_alt[dark_deep].max(axis=0) if dark_deep.any() else np.full(keep.size, -1.0)
    deep_above_horizon = int(np.count_nonzero(peak > 0.0))
    high_enough = peak >= np.sin(np.radians(settings.min_altitude_deg))
    keep, cirs, sin_alt = keep[high_enough], cirs[high_enough], sin_alt[:, high_enough]
    bodies = {name: tracks[name] for name in PLANETS}
    n_deep = keep.size
    body_names = [*(n.capitalize() for n in bodies), "Moon"]
    german_bodies = {body.key: next(iter(body.german), "") for body in load_bodies()}
    family_code = np.concatenate(
        [catalog.family_code[keep], family_codes(["planet"] * len(bodies) + ["moon"])]
    )

    def name_of(i: int) -> str:
        return catalog.names[keep[i]] if i < n_deep else body_names[i - n_deep]

    def id_of(i: int) -> str:
        return catalog.ids[keep[i]] if i < n_deep else body_names[i - n_deep]
    body_alt = np.column_stack([*(b.alt_deg for b in bodies.values()), moon.alt_deg])
    body_az = np.column_stack([*(b.az_deg for b in bodies.values()), moon.az_deg])

    deep_i = best_sample(sin_alt, sun, dark_deep)
    deep_track = grid.horizontal_at(cirs, deep_i)
    deep_alt = np.where(dark_deep.any(), deep_track.alt_deg, -90.0)
    bright_i, bright_alt = _best(body_alt, dark_bright)
    best_i = np.concatenate([deep_i, bright_i])
    best_alt = np.concatenate([deep_alt, bright_alt])
    best_az = np.concatenate([deep_track.az_deg, body_az[bright_i, np.arange(body_az.shape[1])]])

    magnitude = np.empty(family_code.size)
    magnitude[:n_deep] = catalog.magnitude[keep]
    for k, (name, track) in enumerate(bodies.items()):
        i = best_i[n_deep + k]
        magnitude[n_deep + k] = planet_magnitude(
            name, float(track.heliocentric_au[i]), float(track.distance_au[i]),
            float(track.phase_angle_deg[i]),
        )
    magnitude[-1] = moon_magnitude(float(moon.phase_angle_deg[best_i[-1]]))
    surface = np.concatenate([catalog.surface_brightness[keep], np.full(len(bodies) + 1, np.nan)])

    moon_alt_at_best = moon.alt_deg[best_i]
    separation = angular_separation_deg(best_alt, best_az, moon_alt_at_best, moon.az_deg[best_i])
    mid_illumination = float(illumination[len(times) // 2])
    optics = optics_of(equipment)
    rules_sky = Sky(
        limiting_magnitude=equipment.limiting_magnitude,
        light_pollution_penalty=sky.light_pollution_penalty, sky_sqm=sky.sqm,
        min_altitude_deg=settings.min_altitude_deg, magnitude_margin=settings.magnitude_margin,
        field_deg=optics.field_deg, magnification=optics.magnification,
        resolution_arcsec=optics.resolution_arcsec, moon_illumination=mid_illumination,
    )
    high = np.sin(np.radians(HIGH_ALTITUDE_DEG))
    deep_high = (np.mean(sin_alt[dark_deep] > high, axis=0) if dark_deep.any()
                 else np.zeros(n_deep))
    body_high = (np.mean(body_alt[dark_bright] > HIGH_ALTITUDE_DEG, axis=0) if dark_bright.any()
                 else np.zeros(body_alt.shape[1]))
    n_bodies = len(bodies) + 1
    preferred_codes = [FAMILIES.index(f) for f in preferences if f in FAMILIES]
    observables = Observables(
        family_code=family_code, magnitude=magnitude, surface_brightness=surface,
        core_gain=np.concatenate([catalog_core_gain(catalog)[keep], np.zeros(n_bodies)]),
        size_arcmin=np.concatenate([catalog.major_arcmin[keep], np.full(n_bodies, np.nan)]),
        altitude_deg=best_alt, high_fraction=np.concatenate([deep_high, body_high]),
        sun_alt_deg=sun[best_i], moon_alt_deg=moon_alt_at_best, moon_separation_deg=separation,
        showpiece_tier=np.concatenate([catalog.showpiece_tier[keep], np.full(n_bodies, 2, np.int8)]),
        preferred=np.isin(family_code, preferred_codes),
    )
    scores = score(observables, rules_sky)
    order = np.lexsort((magnitude, -np.nan_to_num(scores.score, nan=-1.0)))  # ties: brighter first
    order = order[~np.isnan(scores.score[order])]
    wanted = limit or settings.result_limit
    complex_id = np.concatenate([catalog_complexes(catalog)[keep], np.full(n_bodies, -1)])
    selection = select(order, family_code, observables.preferred, strength, wanted,
                       complex_id=complex_id, tier=observables.showpiece_tier)
    ranked = selection.indices
    sample_hours = settings.sample_minutes / 60.0

    chosen = np.array(ranked, dtype=int)
    usable = np.where(chosen < n_deep, np.count_nonzero(dark_deep), np.count_nonzero(dark_bright))
    hours_above = (observables.high_fraction[chosen] * usable * sample_hours).tolist()
    targets: list[Target] = []
    for rank, (i, parts, hours, alt, az) in enumerate(zip(
            ranked, scores.parts(chosen), hours_above, best_alt[chosen].tolist(),
            best_az[chosen].tolist(), strict=True), start=1):
        point = compass_point(az)
        deep_sky = i < n_deep
        k = int(keep[i]) if deep_sky else -1
        family = FAMILIES[family_code[i]]
        parts["hours_above_30"] = round(hours, 2)
        lists = catalog.showpiece_lists[k] if deep_sky else ()
        size = catalog.major_arcmin[k] if deep_sky else np.nan
        includes = [name_of(j) for j in selection.parts.get(i, [])]
        ra, dec = ((float(catalog.ra_rad[k]), float(catalog.dec_rad[k])) if deep_sky
                   else _body_radec(tracks[id_of(i).lower()], int(best_i[i])))
        targets.append(Target(
            rank=rank, name=name_of(i), catalog_id=id_of(i),
            common_name=catalog.common_names[k] if deep_sky else "",
            german_name=catalog.german_names[k] if deep_sky else german_bodies[id_of(i).lower()],
            type=FAMILY_LABEL[family], family=family,
            constellation=catalog.constellations[k] if deep_sky else constellation_of(ra, dec),
            magnitude=round(float(magnitude[i]), 2),
            surface_brightness=_rounded(surface[i]),
            size_arcmin=_rounded(size),
            best_time=times[best_i[i]].astimezone(tz),
            altitude_deg=round(alt, 1), azimuth_deg=round(az, 1),
            direction=point,
            moon_separation_deg=None if family == "moon" else round(float(separation[i]), 1),
            score=float(scores.score[i]),
            assessment=assessment(
                parts, altitude_deg=alt, point=point, family=family, showpiece_lists=lists,
                preferred=bool(observables.preferred[i]),
                overflows_field=bool(family != "double_star" and size > optics.field_deg * 60),
                includes=includes,
            ),
            score_parts=parts, showpiece_lists=list(lists), includes=includes,
            ra_deg=round(float(np.degrees(ra)), 5), dec_deg=round(float(np.degrees(dec)), 5),
        ))

    waxing = bool(illumination[-1] >= illumination[0])
    night = night_of(evening_of(window.start, tz), location)
    rise_and_set = moon_times(night.date, location)
    above_horizon = deep_above_horizon + int(np.sum(best_alt[n_deep:] > 0))
    details = _notes(dark_deep, dark_bright, night.darkness, mid_illumination, moon.alt_deg)
    details += _request_notes(strength, preferences, selection.preferred_within_reach,
                              selection.preferred_listed, wanted)
    chart_tracks = _tracks(grid, cirs, bodies, moon, ranked[:CHART_TARGETS], n_deep)
    return ObservingPlan(
        location=location, window=window, equipment=equipment, sky=sky, preferences=preferences,
        preference_strength=strength,
        night=NightInfo(
            sunset=night.sunset, astronomical_dusk=night.astronomical_dusk,
            astronomical_dawn=night.astronomical_dawn, sunrise=night.sunrise,
            darkness=night.darkness, dark_fraction_of_window=round(float(np.mean(dark_deep)), 2),
        ),
        moon=MoonInfo(
            illumination=round(mid_illumination, 3), phase=phase_name(mid_illumination, waxing),
            altitude_min_deg=round(float(moon.alt_deg.min()), 1),
            altitude_max_deg=round(float(moon.alt_deg.max()), 1),
            up_during_window=bool(np.any(moon.alt_deg > 0)),
            moonrise=rise_and_set.moonrise, moonset=rise_and_set.moonset,
        ),
        targets=targets,
        counts={
            "catalog": len(catalog) + len(bodies) + 1, "bright_enough": n_bright + n_bodies,
            "above_horizon_when_dark": above_horizon,
            "above_min_altitude": int(np.sum(~scores.too_low)),
            "within_reach": int(np.sum(~scores.too_low & ~scores.too_faint)),
            "listed": len(targets),
        },
        series=Series(
            times=[t.astimezone(tz) for t in times],
            sun_alt_deg=[round(float(a), 2) for a in sun],
            moon_alt_deg=[round(float(a), 2) for a in moon.alt_deg],
            targets={name_of(i): [round(float(a), 2) for a in track] for i, track in chart_tracks},
        ),
        notes=[d.text["en"] for d in details], note_details=details,
    )


def _tracks(grid: SkyGrid, cirs: np.ndarray, bodies: dict, moon, indices: list[int],
            n_deep: int) -> list[tuple[int, np.ndarray]]:
    """Full altitude curves of the chart targets (``cirs``: the deep-sky candidates')."""
    deep = [i for i in indices if i < n_deep]
    deep_alt = grid.tracks(cirs[deep]).alt_deg
    body_tracks = [*bodies.values(), moon]
    return [
        (i, deep_alt[:, deep.index(i)] if i < n_deep else body_tracks[i - n_deep].alt_deg)
        for i in indices
    ]


def _body_radec(track: BodyTrack, index: int) -> tuple[float, float]:
    return float(track.ra_rad[index]), float(track.dec_rad[index])


def _rounded(value: float) -> float | None:
    return None if np.isnan(value) else round(float(value), 2)


def _notes(dark_deep: np.ndarray, dark_bright: np.ndarray, darkness: str,
           illumination: float, moon_alt: np.ndarray) -> list[PlanNote]:
    notes: list[PlanNote] = []
    if not dark_bright.any():
        notes.append(note("sun_too_high"))
    elif not dark_deep.any():
        notes.append(note("no_deep_sky_darkness"))
    elif not dark_deep.all():
        notes.append(note("partly_twilight"))
    if darkness in {"nautical", "civil", "none"}:
        notes.append(darkness_note(darkness))
    if illumination > 0.75 and np.any(moon_alt > 0):
        notes.append(note("bright_moon", percent=round(illumination * 100)))
    return notes


def _request_notes(strength: PreferenceStrength, preferences: list[str], within_reach: int,
                   listed: int, wanted: int) -> list[PlanNote]:
    """Say when the preference could not be met: fewer requested targets than asked for."""
    if strength is PreferenceStrength.NONE or not preferences:
        return []
    family = preferences[0]
    if within_reach == 0:
        return [shortfall_note("none_within_reach", 0, family)]
    if strength is PreferenceStrength.ONLY and listed < wanted:
        return [shortfall_note("only_few_within_reach", listed, family)]
    head = min(wanted, 10)
    if strength is PreferenceStrength.MOSTLY and within_reach < -(-2 * head // 3):
        return [shortfall_note("mostly_few_within_reach", within_reach, family)]
    return []
