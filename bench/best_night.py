"""Benchmark: the best-night scan of the whole catalogue against astroplan doing the same.

The question behind "what is best this month": for every OpenNGC object (with a magnitude,
plus the named double stars) and each of 30 nights from Kreuzlingen, is it observable — above
30°, the Sun below −18° and the Moon at least 30° away — at some time of the night's dark
window, sampled at 49 evenly spaced times (``best_night.SAMPLES_PER_NIGHT``)?

Prints:
  * our scan (``night_grid`` + ``scan_catalog``): twilight search, Sun and Moon, and per night
    the catalogue's positions, peak altitude, best sample, observability and observable hours;
    first call and warm median, in wall and CPU time;
  * astroplan ``is_observable`` with ``AltitudeConstraint(30°)``,
    ``AtNightConstraint.twilight_astronomical()`` and ``MoonSeparationConstraint(30°)`` on the
    very same times (``times=`` per night, one call per night as ``months_observable`` would
    need per month), wall and CPU time, and the ratio (target ≤ 0.1);
  * how often the two agree on "observable" (they differ only where an object grazes a limit
    between the two ephemerides' positions);
  * the accuracy of our positions against Astropy's full ICRS → AltAz transform on the first,
    middle and last night (every object, every sample), and of our Moon separation against
    ``get_body("moon").separation``.

Run: ``uv run python bench/best_night.py`` (several minutes on 2 cores, almost all of it
astroplan). ``--nights`` and ``--objects`` shrink the problem for a quick look.
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from datetime import date

import astropy.units as u
import numpy as np
from astropy.coordinates import AltAz, EarthLocation, SkyCoord, get_body
from astropy.time import Time

import singularity.planning.astropy_offline  # noqa: F401  (before any astropy computation)
from singularity.planning.best_night import night_grid, scan_catalog
from singularity.planning.catalog import load_catalog
from singularity.planning.ephemeris import angular_separation_deg
from singularity.planning.models import Location
from singularity.planning.sun import night_of

LOCATION = Location(name="Kreuzlingen", lat=47.65051, lon=9.17504, elevation_m=404,
                    timezone="Europe/Zurich", source="gazetteer")
FIRST = date(2026, 12, 1)
MIN_ALTITUDE_DEG = 30.0
MIN_MOON_SEPARATION_DEG = 30.0
WARM_RUNS = 5


def clocks(fn):
    """Wall time, CPU time of this process, and the result of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--objects", type=int, default=0, help="only the first N catalogue objects")
    args = parser.parse_args(argv)
    catalog = load_catalog()
    count = args.objects or len(catalog)
    icrs, ra, dec = catalog.icrs[:count], catalog.ra_rad[:count], catalog.dec_rad[:count]

    def ours():
        night_of.cache_clear()  # measure the twilight search too, not the process cache
        grid = night_grid(LOCATION, FIRST, args.nights)
        return grid, scan_catalog(grid, icrs, min_altitude_deg=MIN_ALTITUDE_DEG,
                                  min_moon_separation_deg=MIN_MOON_SEPARATION_DEG)

    cold_wall, cold_cpu, (grid, scan) = clocks(ours)
    warm = [clocks(ours)[:2] for _ in range(WARM_RUNS)]
    warm_wall = statistics.median(w for w, _ in warm)
    warm_cpu = statistics.median(c for _, c in warm)
    samples = grid.sun_alt_deg.shape[1]
    print(f"targets: {count} catalogue objects; nights: {args.nights} from {FIRST} at "
          f"{LOCATION.name}; {samples} samples per dark window ({args.nights * samples} times)")
    print(f"ours: first call {cold_wall:.2f} s wall / {cold_cpu:.2f} s CPU, warm median "
          f"{warm_wall:.3f} s wall / {warm_cpu:.3f} s CPU")

    from astroplan import (
        AltitudeConstraint,
        AtNightConstraint,
        MoonSeparationConstraint,
        Observer,
        is_observable,
    )

    location = EarthLocation.from_geodetic(LOCATION.lon * u.deg, LOCATION.lat * u.deg,
                                           LOCATION.elevation_m * u.m)
    coords = SkyCoord(ra * u.rad, dec * u.rad)
    constraints = [AltitudeConstraint(min=MIN_ALTITUDE_DEG * u.deg),
                   AtNightConstraint.twilight_astronomical(),
                   MoonSeparationConstraint(min=MIN_MOON_SEPARATION_DEG * u.deg)]
    night_times = [Time(sky.times) for sky in grid.grids]

    def astroplan_run() -> np.ndarray:
        observer = Observer(location=location, timezone=LOCATION.timezone)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.array([is_observable(constraints, observer, coords, times=times)
                             for times in night_times])

    ap_wall, ap_cpu, theirs = clocks(astroplan_run)
    print(f"astroplan is_observable, one call per night on the same times: {ap_wall:.1f} s wall / "
          f"{ap_cpu:.1f} s CPU")
    print(f"ratio ours (warm) / astroplan: wall {warm_wall / ap_wall:.4f}, CPU "
          f"{warm_cpu / ap_cpu:.4f} (target ≤ 0.100); first call, wall {cold_wall / ap_wall:.4f}")
    agree = np.mean(theirs == scan.observable)
    print(f"observable (object, night) pairs: ours {int(scan.observable.sum())}, astroplan "
          f"{int(theirs.sum())}, agreement {agree:.5f} "
          f"({int(np.sum(theirs != scan.observable))} pairs differ)")

    worst_pos, worst_alt, worst_moon = 0.0, 0.0, 0.0
    for n in sorted({0, args.nights // 2, args.nights - 1}):
        sky = grid.grids[n]
        mine = sky.tracks(sky.cirs(icrs))
        times = Time(sky.times)
        frame = AltAz(obstime=times[:, None], location=location)
        ref = coords[None, :].transform_to(frame)
        sep = angular_separation_deg(ref.alt.deg, ref.az.deg, mine.alt_deg, mine.az_deg) * 3600
        worst_pos = max(worst_pos, float(sep.max()))
        worst_alt = max(worst_alt, float(np.abs(ref.alt.deg - mine.alt_deg).max()) * 3600)
        moon = get_body("moon", times, location)
        with warnings.catch_warnings():  # GCRS to GCRS of another origin: what astroplan does
            warnings.simplefilter("ignore")
            ref_sep = moon[:, None].separation(coords[None, :]).deg
        my_sep = np.degrees(np.arccos(np.clip(grid.moon_icrs[n] @ icrs.T, -1, 1)))
        worst_moon = max(worst_moon, float(np.abs(ref_sep - my_sep).max()) * 3600)
    print(f"accuracy against Astropy's full ICRS → AltAz (nights 1, middle, last; every object "
          f"and sample): largest position difference {worst_pos:.1f}″, altitude {worst_alt:.1f}″; "
          f"Moon separation {worst_moon:.1f}″")


if __name__ == "__main__":
    main()
