"""The ``singularity`` command line. Subcommands import their domain code lazily so that
``singularity --help`` and a cold ``singularity plan`` start fast."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from singularity.catalogue import Language, locale_language, say
from singularity.errors import SingularityError
from singularity.masking import install_secret_masking

if TYPE_CHECKING:
    from singularity.config import Settings
    from singularity.planning.plan import ObservingPlan

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
    language: Annotated[Language | None, typer.Option("--language", "-l", help="Language of the command line's own lines: de or en (default: from LC_ALL, LC_MESSAGES or LANG).")] = None,
) -> None:
    """Singularity — an open-source astronomy assistant."""
    global _chosen_language
    _chosen_language = language
    install_secret_masking()
    root = logging.getLogger("singularity")
    if not any(isinstance(h, _StderrHandler) for h in root.handlers):  # once per process
        handler = _StderrHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose else logging.INFO)


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is now (a test runner swaps it per command)."""

    @property  # type: ignore[override]
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _value: object) -> None:
        pass


EXIT_INPUT = 2
EXIT_FAILED = 1
EXIT_NEEDS_CONFIRMATION = 3


def _fail(message: str, code: int) -> typer.Exit:
    typer.echo(_said("error", message=message), err=True)
    return typer.Exit(code)


_chosen_language: Language | None = None
"""This invocation's ``--language`` (the root callback sets it before any command runs)."""


def _language() -> Language:
    """The command line's language: ``--language``, else the locale (:func:`locale_language`)."""
    return _chosen_language or locale_language(os.environ)


def _said(key: str, **params: object) -> str:
    """A ``cli.*`` catalogue sentence in the command line's language."""
    return say(f"cli.{key}", _language(), **params)


def _error_text(exc: SingularityError) -> str:
    """An error's sentence in the command line's language (with its detail, for the terminal)."""
    if exc.said is None:
        return str(exc)
    said = exc.said.render(_language())
    return f"{said.rstrip('.')} ({exc.detail})." if exc.detail else said


ARGUMENTS = ("message", "query")
"""Positional arguments, named as ``--help`` shows them (MESSAGE, QUERY)."""


def _check_text(**options: str | None) -> None:
    """Refuse arguments that are not text: bytes that are not UTF-8 reach Python as lone
    surrogates (``\\udcff``), which every later encode (a cache key, a request) fails on."""
    for name, value in options.items():
        if value is None:
            continue
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            label = name.upper() if name in ARGUMENTS else f"--{name}"
            raise _fail(_said("not_text", option=label), EXIT_INPUT) from None


def _parse_now(value: str | None) -> datetime:
    if value is None:
        return datetime.now().astimezone()
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise _fail(_said("now_not_iso", value=value), EXIT_INPUT) from None


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
    export: Annotated[list[Path] | None, typer.Option("--export", help="Also write the plan to this file: .json (Stellarium observing list), .csv or .pdf (one-page sheet); repeat for several.")] = None,
    ignore_weather: Annotated[bool, typer.Option("--ignore-weather", help="Compute the plan even when the forecast is bad.")] = False,
) -> None:
    """Plan an observing session: where, when, with what — scored targets with best times."""
    from singularity.config import get_settings
    from singularity.planning.pipeline import PlanRequest, run_plan
    from singularity.results import Status

    _check_text(where=where, when=when, equipment=equipment, hours=hours, prefer=prefer, now=now)
    if bortle is not None and sqm is not None:
        raise _fail(_said("bortle_or_sqm"), EXIT_INPUT)
    if chart is not None and chart.is_dir():
        raise _fail(_said("chart_is_folder", path=str(chart)), EXIT_INPUT)
    _check_exports(export or [])
    try:
        settings = get_settings()
        request = PlanRequest(where=where, when=when, equipment=equipment, hours=hours,
                              prefer=prefer, bortle=bortle, sqm=sqm, limit=limit,
                              ignore_weather=ignore_weather)
        current = _parse_now(now)
        outcome = run_plan(request, settings=settings, now=current)
        if (outcome.status is Status.NEEDS_INPUT and "weather" in outcome.steps
                and not as_json and sys.stdin.isatty()):
            typer.echo(outcome.message_in(_language()))
            if typer.confirm(_said("plan_anyway"), default=False):
                request = request.model_copy(update={"ignore_weather": True})
                outcome = run_plan(request, settings=settings, now=current)
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_INPUT) from None

    if chart is not None and outcome.plan is not None:
        from singularity.planning.chart import render_altitude_chart

        try:
            render_altitude_chart(outcome.plan, chart, _language())
        except OSError as exc:
            from singularity.catalogue.failures import file_reason

            raise _fail(_said("chart_not_written", path=str(chart),
                              reason=file_reason(exc)), EXIT_INPUT) from None
    exported = _write_exports(outcome.plan, export or []) if outcome.plan is not None else []
    if as_json:
        typer.echo(json.dumps(outcome.to_json_dict(), ensure_ascii=False, indent=2))
    elif outcome.plan is not None:
        from singularity.planning.report import print_plan

        print_plan(outcome, language=_language())
        if chart is not None:
            typer.echo(_said("chart_written", path=str(chart)))
        for path in exported:
            typer.echo(_said("export_written", path=str(path)))
    if outcome.plan is None:
        said = outcome.message_in(_language())
        if outcome.status is Status.FAILED:
            raise _fail(said, EXIT_FAILED)
        if "weather" in outcome.steps and outcome.status is Status.NEEDS_INPUT:
            raise _fail(_said("ignore_weather", message=said), EXIT_NEEDS_CONFIRMATION)
        raise _fail(said, EXIT_INPUT)


@app.command("best-night")
def best_night(
    target: Annotated[str, typer.Argument(help="The object: 'M51', 'Saturn', 'Orionnebel', 'NGC 7000'.")],
    where: Annotated[str, typer.Option("--where", "-w", help="Place name or coordinates, e.g. 'Denver' or '47.65N 9.17E'.")],
    nights: Annotated[int | None, typer.Option("--nights", "-n", help="How many nights to scan (1–60; default 14, or the span --when names).")] = None,
    when: Annotated[str | None, typer.Option("--when", help="Which nights, in German or English: 'this week', 'im Dezember', 'next month', 'die nächsten 10 Nächte'.")] = None,
    equipment: Annotated[str, typer.Option("--equipment", "-e", help="Instrument: '10-Zoll-Dobson', '8\" SCT', '10x50 binoculars', 'naked eye'.")] = "naked eye",
    now: Annotated[str | None, typer.Option("--now", help="Pretend it is this time (ISO); bare times are the site's local time.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print every night's rating as JSON.")] = False,
    chart: Annotated[Path | None, typer.Option("--chart", help="Also write the chart over the nights to this PNG file.")] = None,
) -> None:
    """The best nights (and hours) for one object at a place, ranked, with the reasons."""
    from singularity.config import get_settings
    from singularity.planning.equipment import classify_equipment
    from singularity.planning.location import resolve_location
    from singularity.planning.models import Equipment, Location
    from singularity.results import ToolResult
    from singularity.workflow.best_night import nights_asked, resolve_target, run_best_night

    _check_text(target=target, where=where, when=when, equipment=equipment, now=now)
    if chart is not None and chart.is_dir():
        raise _fail(_said("chart_is_folder", path=str(chart)), EXIT_INPUT)
    try:
        settings = get_settings()
        chosen = resolve_target(target)
        place = resolve_location(where, settings=settings)
        instrument = classify_equipment(equipment)
        for step in (chosen, place, instrument):
            if isinstance(step, ToolResult) and not step.ok:
                raise _fail(step.message_in(_language()), EXIT_INPUT)
        location = Location.model_validate(place.data["location"])
        current = _parse_now(now)
        current = current if current.tzinfo else current.replace(tzinfo=location.tz)
        first, count = nights_asked(when, nights, current.astimezone(location.tz).date())
        outcome = run_best_night(chosen, location=location,
                                 equipment=Equipment.model_validate(instrument.data["equipment"]),
                                 first=first, nights=count, settings=settings, now=current,
                                 language=_language())
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_INPUT) from None
    if outcome.data is None or "result" not in outcome.data:
        raise _fail(outcome.message_in(_language()), EXIT_FAILED)
    if chart is not None:
        from singularity.planning.best_night import BestNights
        from singularity.planning.chart import render_best_night_chart

        try:
            render_best_night_chart(BestNights.model_validate(outcome.data["result"]), chart, _language())
        except OSError as exc:
            from singularity.catalogue.failures import file_reason

            raise _fail(_said("chart_not_written", path=str(chart), reason=file_reason(exc)),
                        EXIT_INPUT) from None
    if as_json:
        typer.echo(json.dumps(outcome.data["result"], ensure_ascii=False, indent=2))
    else:
        typer.echo(outcome.data["answer"][_language()])
        if chart is not None:
            typer.echo(_said("chart_written", path=str(chart)))


def _check_exports(paths: list[Path]) -> None:
    """Refuse an export the plan could not be written to before the plan is computed."""
    from singularity.planning.export import export_format

    for path in paths:
        if path.is_dir():
            raise _fail(_said("export_is_folder", path=str(path)), EXIT_INPUT)
        if export_format(path) is None:
            raise _fail(_said("export_unknown", path=str(path), suffix=path.suffix or path.name),
                        EXIT_INPUT)


def _write_exports(plan: ObservingPlan, paths: list[Path]) -> list[Path]:
    """Write the plan to each file, in the format its extension names, in the command line's
    language."""
    from singularity.catalogue.failures import file_reason
    from singularity.planning.export import write_export

    for path in paths:
        try:
            write_export(plan, path, _language())
        except OSError as exc:
            raise _fail(_said("export_not_written", path=str(path), reason=file_reason(exc)),
                        EXIT_INPUT) from None
    return paths


@app.command()
def ask(
    message: Annotated[str, typer.Argument(help="What to ask, in German or English.")],
    session: Annotated[Path | None, typer.Option("--session", help="Continue (and save) the conversation in this file.")] = None,
    persona: Annotated[str, typer.Option("--persona", help="Answer style: default, sagan, marvin, data, lovecraft (personas.yaml).")] = "default",
    now: Annotated[str | None, typer.Option("--now", help="Pretend it is this time (ISO, with or without offset).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable record of the turn.")] = False,
    user: Annotated[str | None, typer.Option("--user", help="Whose profile and folder to use (a login name; default: the local user).")] = None,
) -> None:
    """Run one conversation turn through the agents (offline pilot unless an LLM is configured)."""
    import asyncio

    _check_text(message=message, persona=persona, now=now, user=user)
    if not message.strip():
        raise _fail(_said("empty_question"), EXIT_INPUT)

    from singularity.config import get_settings
    from singularity.tracing import trace_link
    from singularity.users.accounts import user_name
    from singularity.workflow.cli_turn import run_cli_turn

    settings = get_settings()
    try:
        record = asyncio.run(run_cli_turn(
            message, settings=settings, session_file=session, persona_id=persona,
            now=_parse_now(now), echo=None if as_json else typer.echo,
            user=None if user is None else user_name(user),
        ))
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_INPUT) from None
    if as_json:
        typer.echo(record.model_dump_json(indent=2))
    elif record.trace_id:
        typer.echo(_said("trace_link", url=trace_link(settings, record.trace_id)))
    if record.error:
        raise typer.Exit(EXIT_FAILED)


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look up, in German or English.")],
    title: Annotated[str | None, typer.Option("--title", help="Only documents of this object or topic (e.g. M31, Mars); retried without it when nothing matches.")] = None,
    top_k: Annotated[int | None, typer.Option("--top-k", "-k", min=1, max=50, help="How many chunks (default: knowledge.top_k).")] = None,
    mode: Annotated[str, typer.Option("--mode", help="hybrid (dense + sparse with RRF), dense or sparse.")] = "hybrid",
    as_json: Annotated[bool, typer.Option("--json", help="Print the ranked chunks as JSON.")] = False,
) -> None:
    """Search the local knowledge base and print the ranked chunks with their sources."""
    from dataclasses import asdict

    from singularity.config import get_settings
    from singularity.knowledge.retrieval import KnowledgeBase

    _check_text(query=query, title=title)
    if mode not in ("hybrid", "dense", "sparse"):
        raise _fail(_said("one_of", option="--mode", allowed="hybrid, dense, sparse", value=mode), EXIT_INPUT)
    if not query.strip():
        raise _fail(_said("empty_query"), EXIT_INPUT)
    try:
        outcome = KnowledgeBase.from_settings(get_settings()).search(query, title=title, top_k=top_k, mode=mode)
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_FAILED) from None
    if as_json:
        payload = {"query": outcome.query, "mode": outcome.mode, "title_filter": list(outcome.title_filter),
                   "retried_without_filter": outcome.retried_without_filter,
                   "sufficient": outcome.sufficient, "best_similarity": round(outcome.best_similarity, 4),
                   "notes": outcome.notes,
                   "hits": [{"rank": rank, **{k: v for k, v in asdict(hit).items() if k != "references"},
                             "references": list(hit.references)}
                            for rank, hit in enumerate(outcome.hits, start=1)]}
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    for note in outcome.notes:
        typer.echo(_said("note", message=note), err=True)
    for rank, hit in enumerate(outcome.hits, start=1):
        where = f" / {hit.section}" if hit.section else ""
        typer.echo(f"{rank}. {hit.title}{where}  " + _said("hit_scores", score=hit.score, similarity=hit.similarity))
        typer.echo(f"   {hit.url or hit.source}")
    if not outcome.sufficient:
        typer.echo(_said("hits_not_enough"))


@app.command("check-llm")
def check_llm(
    role: Annotated[str, typer.Option("--role", help="Whose model to check: orchestrator, knowledge, planning, stellarium, query_rewriter or judge.")] = "planning",
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Check that the configured model truly calls tools: one real agent round with a tiny tool."""
    import asyncio
    import contextlib

    from singularity.config import ROLES, get_settings
    from singularity.llm.check import check_llm as run_check
    from singularity.llm.providers import describe_provider

    if role not in ROLES:
        raise _fail(_said("one_of", option="--role", allowed=", ".join(ROLES), value=role), EXIT_INPUT)
    try:
        settings = get_settings()
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_FAILED) from None
    report = asyncio.run(run_check(settings=settings, role=role))  # type: ignore[arg-type]
    if as_json:
        typer.echo(report.model_dump_json(indent=2))
    else:
        with contextlib.suppress(SingularityError):  # a bad provider setting is in the report
            typer.echo(_said("provider", provider=describe_provider(settings)))
        if report.model is not None and report.error is None:
            typer.echo(_said("checked", model=report.model, role=report.role, seconds=report.elapsed_s))
            for label, passed in (("check_tool_call", report.called_tool),
                                  ("check_arguments", report.arguments_valid),
                                  ("check_answered", report.answered),
                                  ("check_used_value", report.used_tool_value),
                                  ("check_no_text_call", not report.text_tool_call)):
                typer.echo(f"  [{'ok' if passed else 'FAIL'}] {_said(label)}")
        for message in report.messages:
            typer.echo(message)
    if not report.ok:
        raise typer.Exit(EXIT_FAILED)


@app.command("app")
def run_app(
    host: Annotated[str, typer.Option(help="Address the chat UI listens on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port of the chat UI.")] = 8000,
    phoenix: Annotated[bool, typer.Option(help="Start a local Phoenix for traces (unless PHOENIX_COLLECTOR_ENDPOINT is set).")] = True,
) -> None:
    """Start the chat app (Chainlit) and, alongside, a local Phoenix for traces."""
    from singularity.config import PROJECT_ROOT, get_settings
    from singularity.tracing import PhoenixProcess, needs_local_phoenix

    signal.signal(signal.SIGTERM, _interrupt)  # stopping runs the clean-up below, as Ctrl-C does
    settings = get_settings()
    _prepare_knowledge_base(settings)
    tracer = PhoenixProcess(settings=settings) if phoenix and needs_local_phoenix(settings) else None
    try:
        if tracer is not None:
            try:
                started = time.perf_counter()
                tracer.start()
                typer.echo(_said("traces", url=tracer.url, seconds=time.perf_counter() - started))
            except SingularityError as exc:  # traces are optional: the chat still starts
                typer.echo(_said("warning", message=_said("tracing_off", reason=_error_text(exc))), err=True)
                tracer = None
        typer.echo(_said("chat", url=f"http://{host}:{port}"))
        command = [sys.executable, "-m", "chainlit", "run", str(PROJECT_ROOT / "app.py"),
                   "--headless", "--host", host, "--port", str(port)]
        code = _serve(command, cwd=PROJECT_ROOT)
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_FAILED) from None
    finally:
        if tracer is not None:
            tracer.stop(grace_s=STOP_GRACE_S)
    raise typer.Exit(code)


STOP_GRACE_S = 4.0
"""How long Chainlit, then Phoenix, may take to stop before they are killed: both within the
10 s a service manager waits after SIGTERM (systemd's default is 90 s, Docker's 10 s)."""


def _interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def _serve(command: list[str], *, cwd: Path) -> int:
    """Run Chainlit until it exits or this process is told to stop (SIGINT or SIGTERM).

    Chainlit runs in a process group of its own, so stopping reaches what it started too, and
    a Ctrl-C in the terminal reaches only this process, which then stops the group: SIGTERM,
    SIGKILL after ``STOP_GRACE_S`` (a session's warm-up thread can hold Chainlit's exit up).
    The Stellarium MCP servers run in sessions of their own (the MCP client starts them so)
    and end when Chainlit's end closes their stdin."""
    ui = subprocess.Popen(command, cwd=cwd, start_new_session=True)
    try:
        return ui.wait()
    except KeyboardInterrupt:
        for stop in (signal.SIGINT, signal.SIGTERM):  # a second signal must not cut this short
            signal.signal(stop, signal.SIG_IGN)
        _signal_group(ui.pid, signal.SIGTERM)
        try:
            ui.wait(STOP_GRACE_S)
        except subprocess.TimeoutExpired:
            pass
        _signal_group(ui.pid, signal.SIGKILL)  # whatever of the group is left
        ui.wait()
        return 0


def _signal_group(group: int, signum: signal.Signals) -> None:
    try:
        os.killpg(group, signum)
    except ProcessLookupError:  # the group has ended
        pass


eval_app = typer.Typer(help="Evaluation runners (retrieval and dialogue metrics on curated test sets).",
                       no_args_is_help=True)
app.add_typer(eval_app, name="eval")


@eval_app.command("rag", add_help_option=False,
                  context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def eval_rag(ctx: typer.Context) -> None:
    """RAG retrieval metrics: dry run by default, --live on the real index (see --help)."""
    from eval.rag import main as run_eval_rag

    run_eval_rag(ctx.args, prog_name="singularity eval rag")


@eval_app.command("dialogue", add_help_option=False,
                  context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def eval_dialogue(ctx: typer.Context) -> None:
    """Dialogue understanding with the offline pilot: routing, slots, refusals (see --help)."""
    from eval.dialogue import main as run_eval_dialogue

    run_eval_dialogue(ctx.args, prog_name="singularity eval dialogue")


@app.command()
def ingest(
    source: Annotated[list[str] | None, typer.Option("--source", "-s", metavar="NAME", help="bundled, openstax or wikipedia; repeat for several. Default: bundled plus every source an earlier --live run cached.")] = None,
    live: Annotated[bool, typer.Option("--live", help="Allow network fetches for openstax and wikipedia; without it only their local cache is read.")] = False,
    rebuild: Annotated[bool, typer.Option("--rebuild", help="Drop the collection and build it anew from the chosen sources.")] = False,
) -> None:
    """Build or update the knowledge base: sources → documents JSONL → chunks → Qdrant."""
    from ingestion.pipeline import SOURCES, run_ingestion
    from ingestion.progress import terminal_progress
    from singularity.config import get_settings
    from singularity.errors import ConfigError, InputError
    from singularity.knowledge.store import close_qdrant, qdrant_location

    unknown = [name for name in source or [] if name not in SOURCES]
    if unknown:
        raise _fail(_said("one_of", option="--source", allowed=", ".join(SOURCES), value=unknown[0]), EXIT_INPUT)
    try:
        settings = get_settings()
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_INPUT) from None
    try:
        with terminal_progress() as progress:
            report = run_ingestion(settings, sources=source or None, live=live, rebuild=rebuild,
                                   progress=progress)
    except (InputError, ConfigError) as exc:
        raise _fail(_error_text(exc), EXIT_INPUT) from None
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_FAILED) from None
    finally:
        close_qdrant(settings)
    for message in report.skipped:
        typer.echo(_said("warning", message=message), err=True)
    typer.echo(report.summary(settings.knowledge.collection) + " "
               + _said("knowledge_base_at", location=qdrant_location(settings)))


def _prepare_knowledge_base(settings: Settings) -> None:
    """Build the bundled index on first start, with a progress bar, then release Qdrant's
    folder lock: the chat runs in its own process and opens the knowledge base itself."""
    from ingestion.pipeline import ensure_bundled_index
    from ingestion.progress import terminal_progress
    from singularity.knowledge.store import close_qdrant

    started = time.perf_counter()
    try:
        with terminal_progress() as progress:
            report = ensure_bundled_index(settings, progress=progress)
        if report is None:
            typer.echo(_said("knowledge_base_ready", seconds=time.perf_counter() - started))
        else:
            typer.echo(_said("knowledge_base_built", seconds=report.seconds, documents=report.documents,
                             chunks=report.chunks, shipped=report.chunks - report.embedded,
                             embedded=report.embedded))
    except SingularityError as exc:  # the chat still starts; knowledge answers say what is missing
        typer.echo(_said("warning", message=_said("knowledge_base_not_ready", reason=_error_text(exc))),
                   err=True)
    finally:
        close_qdrant(settings)


user_app = typer.Typer(help="Who may log in to the chat app (users.login: password).", no_args_is_help=True)
app.add_typer(user_app, name="user")


@user_app.command("add")
def user_add(
    name: Annotated[str, typer.Argument(help="Login name (letters, digits, . _ @ -).")],
    password_stdin: Annotated[bool, typer.Option("--password-stdin", help="Read the password from the first line of standard input instead of asking.")] = False,
) -> None:
    """Add a user, or give an existing user a new password (stored as a scrypt hash)."""
    from singularity.config import get_settings
    from singularity.users.accounts import AccountFile

    _check_text(name=name)
    password = _read_password(password_stdin)
    try:
        new = AccountFile.from_settings(get_settings()).add(name, password)
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_INPUT) from None
    typer.echo(_said("user_added" if new else "user_password_changed", name=name.strip().lower()))


@user_app.command("hash")
def user_hash(
    password_stdin: Annotated[bool, typer.Option("--password-stdin", help="Read the password from the first line of standard input instead of asking.")] = False,
) -> None:
    """Print a password's hash, for SINGULARITY_USERS="name:hash …" (containers)."""
    from singularity.users.passwords import hash_password

    password = _read_password(password_stdin)
    if not password:
        raise _fail(say("users.empty_password", "en"), EXIT_INPUT)
    typer.echo(hash_password(password))


def _read_password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return typer.prompt("Password", hide_input=True, confirmation_prompt=True)


@user_app.command("list")
def user_list() -> None:
    """The users who may log in with a password (one name a line)."""
    from singularity.config import get_settings
    from singularity.users.accounts import AccountFile, environment_accounts

    settings = get_settings()
    for name in sorted(set(AccountFile.from_settings(settings).load()) | set(environment_accounts())):
        typer.echo(name)


@user_app.command("remove")
def user_remove(name: Annotated[str, typer.Argument(help="Login name.")]) -> None:
    """Remove a user from the users file (their folder and history stay)."""
    from singularity.config import get_settings
    from singularity.users.accounts import AccountFile

    _check_text(name=name)
    try:
        removed = AccountFile.from_settings(get_settings()).remove(name)
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_INPUT) from None
    if not removed:
        raise _fail(_said("user_unknown", name=name), EXIT_INPUT)
    typer.echo(_said("user_removed", name=name.strip().lower()))


@app.command("stellarium-mcp")
def stellarium_mcp() -> None:
    """Serve the Stellarium tools over MCP (stdio) for an MCP client; see docs/stellarium.md."""
    from singularity.config import get_settings
    from singularity.stellarium.server import build_server

    try:
        server = build_server(get_settings())
    except SingularityError as exc:
        raise _fail(_error_text(exc), EXIT_FAILED) from None
    server.run(transport="stdio", show_banner=False)


def main() -> None:
    """The command line's boundary: an error nobody foresaw is one sentence naming the log
    file that holds its traceback, never the traceback itself."""
    try:
        app()
    except SingularityError as exc:  # said in words already (a configuration found invalid at start)
        typer.echo(_said("error", message=_error_text(exc)), err=True)
        raise SystemExit(EXIT_INPUT) from None
    except Exception as exc:  # noqa: BLE001 - every failure a command did not say itself
        raise SystemExit(_unexpected(exc)) from None


def _unexpected(exc: Exception) -> int:
    import tempfile
    import traceback

    details = "".join(traceback.format_exception(exc))
    try:
        from singularity.config import get_settings
        from singularity.workflow.model_failures import record_failure

        path = record_failure(get_settings(), details)
    except Exception:  # noqa: BLE001 - no data directory either: a temporary file keeps it
        handle, name = tempfile.mkstemp(prefix="singularity-", suffix=".log")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(details)
        path = Path(name)
    typer.echo(f"Error: {_said('unexpected', log=str(path))}", err=True)
    return EXIT_FAILED


if __name__ == "__main__":
    main()
