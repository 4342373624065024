"""Readable terminal output of a plan (rich tables) in the command line's language; the JSON
form is the model dump."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from singularity.catalogue import Language, Message, catalogue, number, say
from singularity.catalogue.objects import (
    common_name,
    constellation,
    designation,
    moon_phase,
    object_type,
)
from singularity.planning.countries import place_name
from singularity.planning.pipeline import PlanOutcome
from singularity.planning.scoring import compass_point_in
from singularity.results import Status

COLUMNS = ("rank", "object", "name", "type", "constellation", "magnitude", "best", "altitude",
           "azimuth", "score", "assessment")
"""The terminal's columns (``plan_table.*``)."""


def print_plan(outcome: PlanOutcome, console: Console | None = None, language: Language = "en") -> None:
    if console is None:
        console = Console()
        if not console.is_terminal:  # piped: do not squeeze the table into 80 columns
            console = Console(width=140)
    plan = outcome.plan
    assert plan is not None
    loc, tz = plan.location, plan.location.tz
    start, end = plan.window.start.astimezone(tz), plan.window.end.astimezone(tz)
    console.print(f"[bold]{escape(place_name(loc, language))}[/] " + escape(say(
        "cli.plan_header", language, lat=f"{loc.lat:.4f}", lon=f"{loc.lon:.4f}", zone=loc.timezone,
        source=_source("place", loc.source, language),
        start=f"{start:%Y-%m-%d %H:%M}", end=f"{end:%H:%M}", equipment=plan.equipment.said,
        limit=plan.equipment.limiting_magnitude, sqm=plan.sky.sqm, bortle=plan.sky.bortle,
        sky_source=_source("sky", plan.sky.source, language))))
    if plan.window.description:
        console.print(escape(say("cli.plan_when", language, description=plan.window.described_in(language))))
    night, moon = plan.night, plan.moon
    if night.astronomical_dusk and night.astronomical_dawn:
        console.print(escape(say(
            "cli.plan_night_moon_up" if moon.up_during_window else "cli.plan_night_moon_down", language,
            dusk=f"{night.astronomical_dusk.astimezone(tz):%H:%M}",
            dawn=f"{night.astronomical_dawn.astimezone(tz):%H:%M}",
            phase=moon_phase(moon.phase, language), percent=round(100 * moon.illumination))))
    weather = outcome.steps.get("weather")
    if weather is not None:
        text = (Message.model_validate(weather.data["said"]).render(language)
                if weather.status is Status.OK and weather.data else weather.message_in(language))
        console.print(escape(say("cli.plan_weather", language, text=text)))
    table = Table(show_lines=False)
    for column in COLUMNS:
        table.add_column(say(f"plan_table.{column}", language), overflow="fold")
    for t in plan.targets:
        cells = [str(t.rank), designation(dict(t), language), common_name(dict(t), language),
                 object_type(t.type, language), constellation(t.constellation, language),
                 number(t.magnitude, language, ".1f"), f"{t.best_time.astimezone(tz):%H:%M}",
                 f"{t.altitude_deg:.0f}°", f"{t.azimuth_deg:.0f}° {compass_point_in(t.direction, language)}",
                 f"{t.score:.0f}", t.assessment.render(language)]
        table.add_row(*(escape(cell) for cell in cells))
    console.print(table)
    counts = plan.counts
    console.print(escape(say("cli.plan_counts", language, catalog=counts["catalog"],
                             bright=counts["bright_enough"], above=counts["above_horizon_when_dark"],
                             scored=counts["within_reach"], listed=counts["listed"])))
    for note in plan.note_details:
        console.print(escape(say("pilot.plan_note", language, text=note.text[language])))
    if outcome.status is not Status.OK:
        console.print(f"[yellow]{escape(outcome.message_in(language))}[/]")


def _source(kind: str, source: str, language: Language) -> str:
    """Where the place or the sky brightness came from, in words (``plan_table.*_source_*``);
    a source without an entry (a test's) as it is."""
    key = f"plan_table.{kind}_source_{source}"
    return say(key, language) if key in catalogue() else source
