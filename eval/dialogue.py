"""The dialogue evaluation: ``python -m eval.dialogue`` (or ``singularity eval dialogue``).

Every item of the test set (a single utterance or a dialogue) runs in a fresh ``Session`` of the
real workflow with the offline pilot, turn by turn through ``run_turn``, and each turn is
checked against its expectations (agent, tools, arguments, state, answer patterns). The run
is isolated and reproducible: a temporary data directory (so no profile or session of the user
is touched), a private copy of the knowledge index and the gazetteer, geocoding offline,
tracing off, and every network service (weather, image and web search, SIMBAD, Stellarium)
pointed at a closed loopback port, so each fails at once with its ordinary message. It
measures understanding, not services: a weather check that "failed" still shows that the
weather tool was chosen for the right place and night.

Each run writes a timestamped JSON file and a Markdown report; ``--compare`` lists per-turn
regressions against an earlier JSON file; ``--fail-under`` / ``--fail-over`` make it a gate.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from eval.dialogue_data import DEFAULT_DIALOGUES, DialogueDataError, Item, ProfileSpec, load_items
from eval.dialogue_scoring import (
    COUNTS,
    RATES,
    Observation,
    ToolCall,
    TurnResult,
    breakdown,
    check_turn,
    summarise,
)
from eval.runs import (
    DEFAULT_OUTPUT_DIR,
    EXIT_FAILED,
    EXIT_INPUT,
    EXIT_OK,
    CompareFileError,
    cell,
    display_path,
    git_commit,
    load_earlier,
    number,
    output_paths,
    rate,
    write_run,
)
from singularity.config import PROJECT_ROOT

if TYPE_CHECKING:
    from eval.phoenix import PhoenixExperiment
    from singularity.config import Settings

UNREACHABLE = "http://127.0.0.1:9"
"""A loopback port nothing listens on (the discard port): connections are refused at once."""
GROUPS = ("all", "dev", "heldout", "de", "en")
SPLITS = ("all", "dev", "heldout")

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False,
                  help="Evaluate the offline language understanding on the dialogue test set.")


def isolated_settings(data_dir: Path, source: Settings) -> Settings:
    """Settings for an evaluation run in ``data_dir``: the offline pilot, no network and no charts, with
    the knowledge index and gazetteer of ``source`` copied in (a local Qdrant folder admits one
    process, and the run must not lock the app's)."""
    from singularity.config import load_settings
    from singularity.knowledge.store import qdrant_location
    from singularity.planning.gazetteer import index_path

    overrides = {
        "PATHS__DATA_DIR": str(data_dir), "LLM__PROVIDER": "offline", "GEOCODING__ONLINE": "false",
        "TRACING__ENABLED": "false", "WEATHER__PROVIDER": "open_meteo", "WEATHER__OPEN_METEO_URL": UNREACHABLE,
        "KNOWLEDGE__BRAVE_URL": UNREACHABLE, "KNOWLEDGE__COMMONS_API_URL": UNREACHABLE,
        "KNOWLEDGE__NASA_IMAGES_URL": UNREACHABLE, "STELLARIUM__URL": UNREACHABLE,
        "STELLARIUM__SIMBAD_ONLINE": "false", "PLANNING__CHARTS": "false",  # nothing here looks at a chart
        "GEOCODING__GAZETTEER_MIN_POPULATION": str(source.geocoding.gazetteer_min_population),
    }
    environ = {**os.environ, **{f"SINGULARITY__{key}": value for key, value in overrides.items()}}
    settings = load_settings(config_path=PROJECT_ROOT / "config.yaml", environ=environ)
    if source.knowledge.qdrant_url is None:
        shutil.copytree(qdrant_location(source), qdrant_location(settings))
    gazetteer = index_path(source)
    if gazetteer.exists():  # otherwise built on first use (seconds)
        index_path(settings).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(gazetteer, index_path(settings))
    return settings


def missing_index(source: Settings) -> str | None:
    """The one sentence to print when the knowledge index of ``source`` is not built."""
    from singularity.knowledge.store import qdrant_location

    if source.knowledge.qdrant_url is not None:
        return None
    folder = Path(qdrant_location(source))
    if (folder / "collection" / source.knowledge.collection).exists():
        return None
    return (f"The knowledge index is missing in {folder}: build it with `singularity ingest` (about four "
            "minutes), or point --data-dir at a data directory that holds one.")


def resolve_profile(spec: ProfileSpec | None, settings: Settings) -> dict[str, Any] | None:
    """The stored profile an item describes in words, resolved by the planning functions."""
    from singularity.memory.profile import Profile
    from singularity.planning.equipment import classify_equipment
    from singularity.planning.location import resolve_location
    from singularity.results import Status

    if spec is None:
        return None
    values: dict[str, Any] = {}
    if spec.usual_location:
        found = resolve_location(spec.usual_location, settings=settings)
        if found.status is not Status.OK:
            raise DialogueDataError(f"profile usual_location '{spec.usual_location}': {found.message}")
        values["usual_location"] = found.data["location"]
    if spec.equipment:
        found = classify_equipment(spec.equipment)
        if found.status is not Status.OK:
            raise DialogueDataError(f"profile equipment '{spec.equipment}': {found.message}")
        values["equipment"] = found.data["equipment"]
    return Profile.model_validate(values).model_dump(mode="json")


async def run_item(item: Item, settings: Settings, shared: Any = None) -> list[Observation]:
    """Run every turn of ``item`` in one fresh session (on the run's ``SharedResources``, so
    the knowledge base is opened once); a crash ends the item, recorded."""
    from singularity.workflow.runner import Session, TurnRecord, run_turn

    # The workflows package warns on each later turn that the chat memory is not serialised
    # with the context store; nothing here serialises a context. Set after its import, which
    # installs its own filter for that warning.
    warnings.filterwarnings("ignore", message="Skipping serialization of known unserializable key")
    session = Session.create(settings=settings, profile=resolve_profile(item.profile, settings), shared=shared)
    observations: list[Observation] = []
    try:
        for turn in item.turns:
            record: TurnRecord | None = None
            async for event in run_turn(session, turn.user, now=item.now):
                if isinstance(event, TurnRecord):
                    record = event
            assert record is not None
            observations.append(observe(record))
    except Exception as exc:  # noqa: BLE001 - one broken item must not end the run
        crashed = Observation(agents=[], tool_calls=[], planning={}, last_object=None, answer="",
                              error=f"{type(exc).__name__}: {exc}")
        observations += [crashed] * (len(item.turns) - len(observations))
    finally:
        await session.close()
    return observations


def observe(record: Any) -> Observation:
    """The part of a ``TurnRecord`` the checks read."""
    return Observation(
        agents=list(record.agents),
        tool_calls=[ToolCall(c.name, dict(c.arguments), c.status) for c in record.tool_calls],
        planning=record.state.get("planning_data") or {}, last_object=record.state.get("last_discussed_object"),
        answer=record.answer, error=record.error,
    )


async def run_items(items: list[Item], settings: Settings, echo: Callable[[str], None],
                    experiment: PhoenixExperiment | None = None) -> list[TurnResult]:
    """Every item checked turn by turn (and, given an ``experiment``, each item traced and
    recorded as its run)."""
    from eval.phoenix import run_of
    from singularity.workflow.runner import SharedResources

    results: list[TurnResult] = []
    shared = SharedResources()  # the knowledge base opened once for every item
    # and one Stellarium MCP server for the whole run, as an app's sessions share one: held
    # here, it outlives each item's session (a process started per item cost seconds each)
    shared.take_stellarium(settings)
    try:
        for number_, item in enumerate(items, start=1):
            with run_of(experiment, item.id, item.turns[0].user) as run:
                observed = await run_item(item, settings, shared)
                checked = [check_turn(turn, seen, item_id=item.id, index=index, split=item.split,
                                      language=item.language)
                           for index, (turn, seen) in enumerate(zip(item.turns, observed, strict=True), start=1)]
                if run is not None:
                    run.output = {"answers": [seen.answer for seen in observed]}
                    run.error = next((seen.error for seen in observed if seen.error), None)
                    run.scores = {"turns_passed": sum(t.passed for t in checked) / len(checked)}
            results += checked
            if number_ % 20 == 0 or number_ == len(items):
                echo(f"  ran {number_}/{len(items)} items ({len(results)} turns)")
    finally:
        await shared.close()
    return results


def parse_gates(under: list[str], over: list[str]) -> list[dict[str, Any]]:
    """``[group.]metric=value`` thresholds; raises ValueError naming the bad one."""
    gates = []
    for direction, specs in (("under", under), ("over", over)):
        for spec in specs:
            name, _, value = spec.partition("=")
            group, _, metric = name.rpartition(".")
            group = group or "all"
            known = RATES if direction == "under" else COUNTS
            if group not in GROUPS or metric not in known or not value:
                raise ValueError(f"--fail-{direction} '{spec}' must read [group.]metric=value with group one of "
                                 f"{', '.join(GROUPS)} and metric one of {', '.join(known)}.")
            gates.append({"group": group, "metric": metric, "direction": direction, "threshold": float(value)})
    return gates


def apply_gates(gates: list[dict[str, Any]], figures: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each gate with the run's value and whether it holds (an undefined figure holds: nothing
    of that kind was in the run)."""
    checked = []
    for gate in gates:
        value = figures.get(gate["group"], {}).get(gate["metric"])
        ok = value is None or (value >= gate["threshold"] if gate["direction"] == "under" else value <= gate["threshold"])
        checked.append({**gate, "value": value, "ok": ok})
    return checked


def compare_runs(current: dict[str, Any], earlier: dict[str, Any], *, label: str) -> dict[str, Any]:
    """Per-turn regressions (passed before, fails now) and improvements, matched by item and
    turn number, with the summary deltas."""
    def key(turn: dict[str, Any]) -> tuple[str, int]:
        return turn["item"], turn["turn"]

    before = {key(t): t for t in earlier.get("turns", [])}
    regressions, improvements = [], []
    for turn in current["turns"]:
        old = before.get(key(turn))
        if old is None or old["passed"] == turn["passed"]:
            continue
        entry = {"item": turn["item"], "turn": turn["turn"], "split": turn["split"], "intent": turn["intent"]}
        if old["passed"]:
            regressions.append({**entry, "failed_now": _failed(turn)})
        else:
            improvements.append(entry)
    now_keys = {key(t) for t in current["turns"]}
    warnings = [f"{what} differs: {earlier['run'].get(k)} before, {current['run'].get(k)} now."
                for k, what in (("dataset_sha256", "The test set"), ("split", "The split"),
                                ("only", "The --only selection"))
                if earlier.get("run", {}).get(k) != current["run"].get(k)]
    deltas = {}
    for name in (*RATES, *COUNTS):
        old_value, new_value = earlier["summary"].get(name), current["summary"].get(name)
        deltas[name] = {"before": old_value, "now": new_value,
                        "delta": None if old_value is None or new_value is None else new_value - old_value}
    return {"against": label, "earlier_run": earlier.get("run", {}), "warnings": warnings, "summary": deltas,
            "regressions": regressions, "improvements": improvements,
            "only_before": len(set(before) - now_keys), "only_now": len(now_keys - set(before))}


def _failed(turn: dict[str, Any]) -> list[str]:
    failed = [] if turn["agent_ok"] is not False else [f"agent (got {turn['observed']['agent']})"]
    failed += [name for name, ok in {**turn["slots"], **turn["answer"]}.items() if not ok]
    return failed + ([f"error: {turn['observed']['error']}"] if turn["observed"].get("error") else [])


def run_dialogue_eval(
    *,
    split: str = "all",
    only: list[str] | None = None,
    compare: Path | None = None,
    output_dir: Path = DEFAULT_OUTPUT_DIR,
    dataset: Path | None = None,
    data_dir: Path | None = None,
    fail_under: list[str] | None = None,
    fail_over: list[str] | None = None,
    settings: Settings | None = None,
    phoenix: bool = False,
    phoenix_url: str | None = None,
    echo: Callable[[str], None] = typer.echo,
) -> int:
    """Run the evaluation and write its files; returns the process exit code.

    ``data_dir`` holds the built knowledge index (default: the configured data directory);
    ``settings`` (tests) are used as they are, without the isolation above. ``phoenix`` (or a
    ``phoenix_url``) uploads the test set as a Phoenix dataset and the run as an experiment. Exit codes: 0 done
    and every gate held, 1 the index is missing, a turn crashed or a gate failed, 2 bad input.
    """
    from singularity.config import get_settings, load_settings
    from singularity.errors import SingularityError
    from singularity.knowledge.store import close_qdrant

    dataset_path = dataset or DEFAULT_DIALOGUES
    try:
        if split not in SPLITS:
            raise ValueError(f"--split must be one of {', '.join(SPLITS)}, not '{split}'.")
        gates = parse_gates(fail_under or [], fail_over or [])
        items = [i for i in load_items(dataset_path) if split == "all" or i.split == split]
        if only:
            unknown = sorted(set(only) - {i.id for i in items})
            if unknown:
                raise ValueError(f"--only: no item {', '.join(unknown)} in {display_path(dataset_path)} ({split}).")
            items = [i for i in items if i.id in only]
        earlier = load_earlier(compare, "turns") if compare is not None else None
    except (ValueError, CompareFileError) as exc:
        echo(f"Error: {exc}")
        return EXIT_INPUT
    composition = Counter(f"{i.kind} {i.language}" for i in items)
    echo(f"Test set {display_path(dataset_path)} ({split}): {len(items)} items, "
         f"{sum(len(i.turns) for i in items)} turns (" + ", ".join(f"{k} {n}" for k, n in sorted(composition.items())) + ").")
    started, clock = datetime.now(UTC), time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="singularity-dialogue-") as scratch:
        try:
            if settings is None:
                source = get_settings() if data_dir is None else load_settings(
                    config_path=PROJECT_ROOT / "config.yaml",
                    environ={**os.environ, "SINGULARITY__PATHS__DATA_DIR": str(data_dir.resolve())})
                problem = missing_index(source)
                if problem:
                    echo(f"Error: {problem}")
                    return EXIT_FAILED
                settings = isolated_settings(Path(scratch), source)
            experiment = None
            if phoenix or phoenix_url:
                from eval.phoenix import dialogue_experiment, phoenix_api

                experiment = dialogue_experiment(
                    phoenix_api(settings, phoenix_url), items, dataset_path, settings=settings,
                    name=f"{split} {started:%Y-%m-%d %H:%M}", metadata={"split": split, "git_commit": git_commit()})
            results = asyncio.run(run_items(items, settings, echo, experiment))
            if experiment is not None:
                echo(f"Phoenix experiment: {experiment.finish()}")
        except (SingularityError, DialogueDataError) as exc:
            echo(f"Error: {exc}")
            return EXIT_FAILED
        finally:
            if settings is not None:
                close_qdrant(settings)
    figures = {"all": summarise(results), **breakdown(results, "split"), **breakdown(results, "language")}
    run: dict[str, Any] = {
        "run": {"started_at": started.isoformat(timespec="seconds"), "seconds": round(time.perf_counter() - clock, 1),
                "git_commit": git_commit(), "dataset": display_path(dataset_path),
                "dataset_sha256": hashlib.sha256(dataset_path.read_bytes()).hexdigest(), "split": split,
                "only": only or [], "items": len(items), "composition": dict(composition),
                "llm": "offline pilot", "services": f"unreachable ({UNREACHABLE})"},
        "summary": figures["all"], "groups": figures, "by_intent": breakdown(results, "intent"),
        "gates": apply_gates(gates, figures), "turns": [r.to_json() for r in results], "comparison": None,
    }
    if earlier is not None:
        run["comparison"] = compare_runs(run, earlier, label=display_path(compare))
    json_path, markdown_path = output_paths(output_dir, "dialogue", started, split)
    write_run(run, run_markdown(run), json_path, markdown_path)
    echo(summary_markdown(run))
    echo(f"Results: {json_path}\nReport:  {markdown_path}")
    if run["summary"]["errors"]:
        echo(f"Error: {run['summary']['errors']} turn(s) crashed or the pilot failed; see the report.")
        return EXIT_FAILED
    if not all(gate["ok"] for gate in run["gates"]):
        echo("Gate failed: " + "; ".join(_gate_text(g) for g in run["gates"] if not g["ok"]) + ".")
        return EXIT_FAILED
    return EXIT_OK


_COLUMNS = (("routing_accuracy", "routing"), ("slot_accuracy", "slots"), ("refusal_precision", "refusal P"),
            ("refusal_recall", "refusal R"), ("correction_success", "corrections"), ("plan_kept_rate", "plan kept"),
            ("answer_pass_rate", "answers"), ("turn_pass_rate", "turns passed"))


def _figure_row(name: str, figures: dict[str, Any]) -> str:
    return (f"| {name} | {figures['items']} | {figures['turns']} | "
            + " | ".join(number(figures[key]) for key, _ in _COLUMNS)
            + f" | {figures['astronomy_refused']} | {figures['off_topic_answered']} |")


def _gate_text(gate: dict[str, Any]) -> str:
    sign = "≥" if gate["direction"] == "under" else "≤"
    return f"{gate['group']}.{gate['metric']} = {number(gate['value'])} (needs {sign} {gate['threshold']:g})"


def summary_markdown(run: dict[str, Any]) -> str:
    """Heading, run facts, figures per split and language, per intent, gates and comparison."""
    meta = run["run"]
    lines = [f"# Dialogue evaluation — {meta['split']}", "",
             f"- Run: {meta['started_at']} ({meta['seconds']:.0f} s), commit {meta.get('git_commit') or 'unknown'}",
             f"- Test set: {meta['dataset']} ({meta['items']} items, sha256 {meta['dataset_sha256'][:12]})"
             + (f", only {', '.join(meta['only'])}" if meta["only"] else ""),
             f"- Understanding: {meta['llm']}; services {meta['services']}", "",
             "| Group | items | turns | " + " | ".join(label for _, label in _COLUMNS)
             + " | astronomy refused | off-topic answered |",
             "|---" * (len(_COLUMNS) + 5) + "|"]
    lines += [_figure_row(name, run["groups"][name]) for name in GROUPS if name in run["groups"]]
    lines += ["", "## By intent", "", "| Intent | turns | routing | slots | turns passed |", "|---|---|---|---|---|"]
    for intent, figures in run["by_intent"].items():
        lines.append(f"| {intent} | {figures['turns']} | {number(figures['routing_accuracy'])} | "
                     f"{number(figures['slot_accuracy'])} | {rate(figures['turn_pass_rate'])} |")
    if run["gates"]:
        lines += ["", "## Gates", "", *(f"- {'ok' if g['ok'] else 'FAILED'}: {_gate_text(g)}" for g in run["gates"])]
    comparison = run.get("comparison")
    if comparison:
        lines += ["", *comparison_markdown(comparison)]
    return "\n".join(lines) + "\n"


def comparison_markdown(comparison: dict[str, Any]) -> list[str]:
    earlier = comparison["earlier_run"]
    lines = [f"## Compared with {comparison['against']}", "",
             f"Earlier run: {earlier.get('started_at')}, commit {earlier.get('git_commit') or 'unknown'}.", ""]
    lines += [f"- Warning: {warning}" for warning in comparison["warnings"]]
    lines += ["| Figure | Before | Now | Change |", "|---|---|---|---|"]
    for name, values in comparison["summary"].items():
        before, now, delta = values["before"], values["now"], values["delta"]
        if name in COUNTS:
            lines.append(f"| {name} | {before} | {now} | {'–' if delta is None else f'{delta:+d}'} |")
        else:
            lines.append(f"| {name} | {number(before)} | {number(now)} | {'–' if delta is None else f'{delta:+.2f}'} |")
    lines += ["", f"### Regressions ({len(comparison['regressions'])})", ""]
    lines += [f"- {r['item']} turn {r['turn']} ({r['split']}, {r['intent']}): {cell('; '.join(r['failed_now']))}"
              for r in comparison["regressions"]] or ["None."]
    lines += ["", f"Improvements: {len(comparison['improvements'])}"
              + "".join(f"; {i['item']} turn {i['turn']}" for i in comparison["improvements"])]
    return lines


def run_markdown(run: dict[str, Any]) -> str:
    """The report: :func:`summary_markdown` plus every failed dev turn. Held-out failures are
    only counted here: reading them would fit the rules to the held-out part."""
    failed = [t for t in run["turns"] if not t["passed"]]
    dev = [t for t in failed if t["split"] == "dev"]
    lines = [summary_markdown(run), f"## Failed dev turns ({len(dev)})", "",
             "| Item | Intent | User | Failed checks | Agent | Answer |", "|---|---|---|---|---|---|"]
    for t in dev:
        lines.append(f"| {t['item']} #{t['turn']} | {t['intent']} | {cell(t['user'])} | {cell('; '.join(_failed(t)))} | "
                     f"{t['observed']['agent'] or '–'} | {cell(t['observed']['answer'][:160])} |")
    held = len(failed) - len(dev)
    if held:
        lines += ["", (f"{held} held-out turn(s) failed; their details are in the JSON file only. Do not "
                       "tune rules or examples against them.")]
    return "\n".join(lines) + "\n"


@app.command()
def dialogue(
    split: Annotated[str, typer.Option("--split", help="dev, heldout or all.")] = "all",
    only: Annotated[list[str] | None, typer.Option("--only", help="Run just this item id (repeatable), for debugging.")] = None,
    compare: Annotated[Path | None, typer.Option("--compare", help="An earlier result JSON: list per-turn regressions.")] = None,
    output_dir: Annotated[Path, typer.Option("--output-dir", help="Where the JSON and Markdown files go.")] = DEFAULT_OUTPUT_DIR,
    dataset: Annotated[Path | None, typer.Option("--dataset", help="Another JSONL test set (default: eval/data/dialogue.jsonl).")] = None,
    data_dir: Annotated[Path | None, typer.Option("--data-dir", help="Data directory holding the built knowledge index (default: the configured one).")] = None,
    fail_under: Annotated[list[str] | None, typer.Option("--fail-under", help="GROUP.RATE=VALUE: fail when below, e.g. heldout.routing_accuracy=0.95; GROUP all (default), dev, heldout, de or en (repeatable).")] = None,
    fail_over: Annotated[list[str] | None, typer.Option("--fail-over", help="GROUP.COUNT=VALUE: fail when above, e.g. all.astronomy_refused=0 (repeatable).")] = None,
    phoenix: Annotated[bool, typer.Option("--phoenix", help="Upload the test set as a Phoenix dataset and this run as an experiment, each item's run traced (the Phoenix the traces go to).")] = False,
    phoenix_url: Annotated[str | None, typer.Option("--phoenix-url", help="Upload to the Phoenix at this address instead (implies --phoenix).")] = None,
) -> None:
    """Run the dialogue test set through the workflow with the offline pilot and score it."""
    raise typer.Exit(run_dialogue_eval(split=split, only=only, compare=compare, output_dir=output_dir,
                                       dataset=dataset, data_dir=data_dir, fail_under=fail_under, fail_over=fail_over,
                                       phoenix=phoenix, phoenix_url=phoenix_url))


def main(argv: list[str] | None = None, *, prog_name: str = "python -m eval.dialogue") -> None:
    """Entry point of ``python -m eval.dialogue`` and ``singularity eval dialogue`` (exits the process)."""
    app(args=argv, prog_name=prog_name)


if __name__ == "__main__":
    main()
