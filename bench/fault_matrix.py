"""Benchmark: the fault matrix — every outside service × every way it fails, through
``singularity ask``, with the wall time of each turn.

Each cell runs one ``singularity ask --json`` (in process, offline pilot unless the model is the
broken service) in a world where every service is answered by a local fake and exactly one is
broken: its port closed (refused), silent for 60 s against a 1 s timeout (hang), answering HTTP
500, or answering an HTML page (malformed). Printed per cell: seconds, exit code, whether a
follow-up turn in the same saved session still answers (state intact), and the line of the
answer the user reads about it (the failure's sentence, or the answer another source made
possible where one stands in silently). A "none" row gives the same turn with nothing broken,
so a cell's cost is its time minus that row's (the model has no healthy fake here). Every
cell follows a warm-up turn that is not shown.

Run: ``uv run python bench/fault_matrix.py --index .singularity/qdrant [--only Open-Meteo]``
(``--index``: a Qdrant local-mode folder as `singularity ingest` writes it).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from singularity.planning.gazetteer import ensure_index
from tests.fakes.world import DEPENDENCIES, Fault, Outcome, World, ask, stellarium_in_process
from tests.support import make_settings

FOLLOW_UP = "Hallo"


def said_line(outcome: Outcome, said: str) -> str:
    """The answer's line holding what the user must read about this service."""
    for line in outcome.answer.splitlines():
        if said in line:
            return line.strip()
    return f"MISSING: {outcome.answer[:120]!r}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--index", type=Path, required=True, help="a built knowledge index folder")
    parser.add_argument("--only", action="append", help="only this dependency (repeatable)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        settings = make_settings(Path(scratch) / "data")
        ensure_index(settings)
        shutil.copytree(args.index, settings.resolve(settings.knowledge.qdrant_path, under_data=True))
        world = World()
        try:
            with stellarium_in_process():
                print("| Service | Fault | Seconds | Exit | State intact | What the user reads |")
                print("|---|---|---:|---:|---|---|")
                for number, dependency in enumerate(DEPENDENCIES):
                    if args.only and dependency.name not in args.only:
                        continue
                    # warm-up, not shown: the first turn of a kind loads models and indexes
                    ask(world.environment(settings, dependency, Fault.REFUSED),
                        dependency.question, Path(scratch) / f"warm-up-{number}.json")
                    if dependency.exit_code == 0:  # the same turn with nothing broken
                        healthy = ask(world.environment(settings), dependency.question,
                                      Path(scratch) / f"healthy-{number}.json")
                        print(f"| {dependency.name} | none | {healthy.seconds:.1f} | "
                              f"{healthy.exit_code} | — | (the same question, nothing broken) |",
                              flush=True)
                    for fault in Fault:
                        session = Path(scratch) / f"session-{number}-{fault.name}.json"
                        outcome = ask(world.environment(settings, dependency, fault),
                                      dependency.question, session)
                        follow = ask(world.environment(settings), FOLLOW_UP, session)
                        intact = "yes" if follow.exit_code == 0 and follow.answer else "NO"
                        said = said_line(outcome, dependency.said).replace("|", "\\|")
                        print(f"| {dependency.name} | {fault.value} | {outcome.seconds:.1f} | "
                              f"{outcome.exit_code} | {intact} | {said} |", flush=True)
        finally:
            world.stop()


if __name__ == "__main__":
    main()
