"""Readable terminal output of a plan (rich tables); the JSON form is the model dump."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from singularity.planning.pipeline import PlanOutcome
from singularity.results import Status


def print_plan(outcome: PlanOutcome, console: Console | None = None) -> None:
    if console is None:
        console = Console()
        if not console.is_terminal:  # piped: do not squeeze the table into 80 columns
            console = Console(width=140)
    plan = outcome.plan
    assert plan is not None
    loc, tz = plan.location, plan.location.tz
    start, end = plan.window.start.astimezone(tz), plan.window.end.astimezone(tz)
    console.print(
        f"[bold]{loc.name}[/] ({loc.lat:.4f}, {loc.lon:.4f}, {loc.timezone}, via {loc.source}) · "
        f"{start:%a %d %b %Y %H:%M}–{end:%H:%M} · {plan.equipment.label} "
        f"(limit mag {plan.equipment.limiting_magnitude:.1f}) · "
        f"sky SQM {plan.sky.sqm:.2f}, Bortle {plan.sky.bortle} ({plan.sky.source})"
    )
    if plan.window.description:
        console.print(f"When: {plan.window.description}")
    night, moon = plan.night, plan.moon
    if night.astronomical_dusk and night.astronomical_dawn:
        console.print(
            f"Astronomical night {night.astronomical_dusk.astimezone(tz):%H:%M}–"
            f"{night.astronomical_dawn.astimezone(tz):%H:%M}; "
            f"Moon {moon.phase}, {moon.illumination:.0%} lit, "
            f"{'up' if moon.up_during_window else 'below the horizon'} during the window."
        )
    weather = outcome.steps.get("weather")
    if weather is not None:
        text = weather.data.get("summary") if weather.status is Status.OK and weather.data else weather.message
        console.print(f"Weather: {text}")
    table = Table(show_lines=False)
    for column in ("#", "Object", "Name", "Type", "Con", "Mag", "Best", "Alt", "Az", "Score", "Assessment"):
        table.add_column(column, overflow="fold")
    for t in plan.targets:
        table.add_row(
            str(t.rank), t.name, t.common_name, t.type, t.constellation, f"{t.magnitude:.1f}",
            f"{t.best_time.astimezone(tz):%H:%M}", f"{t.altitude_deg:.0f}°",
            f"{t.azimuth_deg:.0f}° {t.direction}", f"{t.score:.0f}", t.assessment,
        )
    console.print(table)
    counts = plan.counts
    console.print(
        f"{counts['catalog']} objects checked, {counts['bright_enough']} bright enough for your "
        f"equipment and sky, {counts['above_horizon_when_dark']} of them above the horizon when "
        f"dark, {counts['within_reach']} scored; top {counts['listed']} shown."
    )
    for note in plan.notes:
        console.print(f"Note: {note}")
    if outcome.status is not Status.OK:
        console.print(f"[yellow]{outcome.message}[/]")
