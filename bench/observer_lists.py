"""Benchmark: are the planner's lists the ones an experienced observer would make?

For each request in ``bench/data/observer_lists.json`` (places north and south, seasons, naked
eye to 10-inch, each preference family, a full Moon) the plan's top 10 is compared with the
reference objects that published observing guides give for that season and instrument:

* overlap — references in the top 10 / min(10, references within reach), where a reference is
  within reach when the catalogue has it and it stands above 15° during the usable window;
* share — targets of the requested family in the top 10 (requests with a preference);
* ties — targets in the top 10 sharing their exact score with another.

Run: ``uv run python bench/observer_lists.py`` (a few seconds). With ``PYTHONPATH`` pointing at
an older checkout it measures that version too (the preference strength is passed only when
``compute_plan`` accepts it).
"""

from __future__ import annotations

import inspect
import json
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import numpy as np

import singularity.planning.astropy_offline  # noqa: F401  (before any astropy computation)
from singularity.config import PlanningSettings
from singularity.planning.catalog import load_catalog
from singularity.planning.ephemeris import Site, SkyGrid
from singularity.planning.equipment import parse_equipment
from singularity.planning.models import Location, TimeWindow
from singularity.planning.plan import SkyCondition, compute_plan, grid_times
from singularity.planning.preferences import parse_preferences
from singularity.planning.skybrightness import light_pollution_penalty, typical_sqm
from singularity.planning.sun import night_of

DATA = Path(__file__).with_name("data") / "observer_lists.json"
HEAD = 10
REFERENCE_MIN_ALT_DEG = 15.0
BODIES = {"Moon": "moon", "Saturn": "saturn", "Jupiter": "jupiter", "Mars": "mars", "Venus": "venus",
          "Uranus": "uranus", "Neptune": "neptune", "Mercury": "mercury"}


def _window(request: dict, location: Location) -> TimeWindow:
    night = night_of(date.fromisoformat(request["date"]), location)
    start = night.dark_start
    return TimeWindow(start=start, end=start + timedelta(hours=request["hours"]))


def _within_reach(references: list[str], location: Location, window: TimeWindow,
                  settings: PlanningSettings) -> tuple[list[str], list[str]]:
    """References the catalogue has and that stand above 15° while the sky is usable."""
    catalog = load_catalog()
    index = {name: k for k, name in enumerate(catalog.names)}
    grid = SkyGrid(grid_times(window, settings.sample_minutes),
                   Site(location.lat, location.lon, location.elevation_m or 0.0))
    sun = grid.body("sun").alt_deg
    usable = sun <= -12.0 if np.any(sun <= -12.0) else sun <= -6.0
    reachable, missing = [], []
    for name in references:
        if name in BODIES:
            alt = grid.body(BODIES[name]).alt_deg
        elif name in index:
            k = index[name]
            alt = grid.fixed(catalog.ra_rad[[k]], catalog.dec_rad[[k]]).alt_deg[:, 0]
        else:
            missing.append(name)
            continue
        if usable.any() and np.max(alt[usable]) >= REFERENCE_MIN_ALT_DEG:
            reachable.append(name)
    return reachable, missing


def run_request(request: dict, settings: PlanningSettings) -> dict:
    location = Location(name=request["id"], lat=request["lat"], lon=request["lon"],
                        timezone=request["timezone"], source="bench")
    window = _window(request, location)
    bortle = request["bortle"]
    sky = SkyCondition(sqm=typical_sqm(bortle), bortle=bortle,
                       light_pollution_penalty=light_pollution_penalty(bortle), source="bench")
    kwargs = {"preferences": parse_preferences(request["prefer"])}
    if "preference_strength" in inspect.signature(compute_plan).parameters:
        from singularity.planning.preferences import parse_preference_request

        kwargs["preference_strength"] = parse_preference_request(request["prefer"]).strength
    plan = compute_plan(location=location, window=window, equipment=parse_equipment(request["equipment"]),
                        sky=sky, settings=settings, limit=15, **kwargs)
    top = plan.targets[:HEAD]
    names = [t.name for t in top]
    reachable, missing = _within_reach(request["references"], location, window, settings)
    hits = [n for n in names if n in reachable]
    overlap = len(hits) / min(HEAD, len(reachable)) if reachable else float("nan")
    family = set(request["family"])
    share = sum(t.family in family for t in top) / len(top) if family and top else None
    counts = Counter(t.score for t in top)
    ties = sum(c for c in counts.values() if c > 1)
    return {"id": request["id"], "label": request["label"], "top": names, "overlap": overlap,
            "hits": hits, "reachable": len(reachable), "missing": missing, "share": share,
            "ties": ties, "listed": len(plan.targets), "notes": plan.notes}


def main() -> None:
    settings = PlanningSettings()
    requests = json.loads(DATA.read_text(encoding="utf-8"))["requests"]
    results = [run_request(r, settings) for r in requests]
    print("| request | overlap top 10 | family share top 10 | ties in top 10 | top 10 |")
    print("|---|---|---|---|---|")
    for r in results:
        share = "—" if r["share"] is None else f"{r['share']:.2f}"
        print(f"| {r['label']} | {r['overlap']:.2f} ({len(r['hits'])}/{min(HEAD, r['reachable'])}) "
              f"| {share} | {r['ties']} | {', '.join(r['top'])} |")
    overlaps = [r["overlap"] for r in results if not np.isnan(r["overlap"])]
    shares = [r["share"] for r in results if r["share"] is not None]
    print(f"\nmean overlap {np.mean(overlaps):.2f} (min {min(overlaps):.2f}); "
          f"mean family share {np.mean(shares):.2f} (min {min(shares):.2f}); "
          f"requests with ties in the top 10: {sum(r['ties'] > 0 for r in results)} of {len(results)}")
    for r in results:
        if r["missing"]:
            print(f"{r['id']}: references the catalogue lacks: {', '.join(r['missing'])}")
        for note in r["notes"]:
            print(f"{r['id']}: note: {note}")


if __name__ == "__main__":
    main()
