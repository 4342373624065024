"""The ``singularity`` command line. Subcommands import their domain code lazily so that
``singularity --help`` and a cold ``singularity plan`` start fast."""

from __future__ import annotations

import json
import logging
import sys
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer

from singularity.errors import SingularityError

app = typer.Typer(
    name="singularity",
    help="Singularity — an open-source astronomy assistant. Plan an observing night offline.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

@app.callback()
def _root(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show debug logging.")] = False,
) -> None:
    """Singularity — an open-source astronomy assistant."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    root = logging.getLogger("singularity")
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose else logging.INFO)


EXIT_INPUT = 2
EXIT_FAILED = 1
EXIT_NEEDS_CONFIRMATION = 3


def _fail(message: str, code: int) -> typer.Exit:
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code)


def _parse_now(value: str | None) -> datetime:
    if value is None:
        return datetime.now().astimezone()
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise _fail(f"--now must be an ISO date-time such as 2026-11-30T15:00, not '{value}'.",
                    EXIT_INPUT) from None


@app.command()
def plan(
    where: Annotated[str, typer.Option("--where", "-w", help="Place name or coordinates, e.g. 'Kreuzlingen' or '47.65N 9.17E'.")],
    when: Annotated[str, typer.Option("--when", help="When, in German or English: 'morgen Abend', 'tonight', 'Samstag 22 Uhr', '2026-12-05 21:00'.")] = "tonight",
    equipment: Annotated[str, typer.Option("--equipment", "-e", help="Instrument: '10-Zoll-Dobson', '8\" SCT', '10x50 binoculars', 'naked eye'.")] = "naked eye",
    hours: Annotated[str | None, typer.Option("--hours", help="Duration: 2, 1.5, '90 minutes', 'zwei Stunden'. Default from config.yaml.")] = None,
    prefer: Annotated[str | None, typer.Option("--prefer", help="Preferred object types: galaxies, nebulae, clusters, planets, …")] = None,
    bortle: Annotated[int | None, typer.Option("--bortle", help="Your sky's Bortle class (1–9); overrides the atlas/estimate.")] = None,
    sqm: Annotated[float | None, typer.Option("--sqm", help="Your sky's SQM reading in mag/arcsec²; overrides the atlas/estimate.")] = None,
    now: Annotated[str | None, typer.Option("--now", help="Pretend it is this time (ISO); bare times are the site's local time.")] = None,
    limit: Annotated[int | None, typer.Option("--limit", min=1, max=200, help="How many targets to list.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the full structured result as JSON.")] = False,
    chart: Annotated[Path | None, typer.Option("--chart", help="Also write the altitude chart to this PNG file.")] = None,
    ignore_weather: Annotated[bool, typer.Option("--ignore-weather", help="Compute the plan even when the forecast is bad.")] = False,
) -> None:
    """Plan an observing session: where, when, with what — scored targets with best times."""
    from singularity.config import get_settings
    from singularity.planning.pipeline import PlanRequest, run_plan
    from singularity.results import Status

    if bortle is not None and sqm is not None:
        raise _fail("Give either --bortle or --sqm, not both.", EXIT_INPUT)
    try:
        settings = get_settings()
        request = PlanRequest(where=where, when=when, equipment=equipment, hours=hours,
                              prefer=prefer, bortle=bortle, sqm=sqm, limit=limit,
                              ignore_weather=ignore_weather)
        current = _parse_now(now)
        outcome = run_plan(request, settings=settings, now=current)
        if (outcome.status is Status.NEEDS_INPUT and "weather" in outcome.steps
                and not as_json and sys.stdin.isatty()):
            typer.echo(outcome.message)
            if typer.confirm("Compute the plan anyway?", default=False):
                request = request.model_copy(update={"ignore_weather": True})
                outcome = run_plan(request, settings=settings, now=current)
    except SingularityError as exc:
        raise _fail(str(exc), EXIT_INPUT) from None

    if chart is not None and outcome.plan is not None:
        from singularity.planning.chart import render_altitude_chart

        render_altitude_chart(outcome.plan, chart)
    if as_json:
        typer.echo(json.dumps(outcome.to_json_dict(), ensure_ascii=False, indent=2))
    elif outcome.plan is not None:
        from singularity.planning.report import print_plan

        print_plan(outcome)
        if chart is not None:
            typer.echo(f"Altitude chart written to {chart}")
    if outcome.plan is None:
        if outcome.status is Status.FAILED:
            raise _fail(outcome.message, EXIT_FAILED)
        if "weather" in outcome.steps and outcome.status is Status.NEEDS_INPUT:
            raise _fail(outcome.message + " Run again with --ignore-weather to plan anyway.",
                        EXIT_NEEDS_CONFIRMATION)
        raise _fail(outcome.message, EXIT_INPUT)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
