"""Benchmark: the fault matrix — every outside service × every way it fails, through
``singularity ask``, with the wall time of each turn.

Each cell runs one ``singularity ask --json`` (in process, offline pilot unless the model is the
broken service) in a world where every service is answered by a local fake and exactly one is
broken: its port closed (refused), silent for 3 s against a 1 s timeout (hang), answering HTTP
500, or answering an HTML page (malformed). Printed per cell: seconds, exit code, whether a
follow-up turn in the same saved session still answers (state intact), and the sentence the
user reads about the failure (the answer's line naming it; "—" when the turn shows none).

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


def failure_line(outcome: Outcome) -> str:
    """The line of the answer that tells the user about the failure (or the error)."""
    record = outcome.record or {}
    if record.get("error"):
        return str(record["error"]).splitlines()[0]
    failed = [call for call in record.get("tool_calls", [])
              if call.get("status") in ("failed", "partial")]
    return said_line(outcome.answer, failed[0]["name"]) if failed else "—"


def said_line(answer: str, tool: str) -> str:
    """The answer's line that speaks of a failure (a failed tool's sentence, in German)."""
    for line in answer.splitlines():
        if any(word in line for word in ("nicht erreichbar", "antwortete", "meldete", "Fehler",
                                         "Unlesbarem", "unerwarteten", "nicht")):
            return line.strip()
    return f"(no sentence about the failed {tool})"


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
                    for fault in Fault:
                        session = Path(scratch) / f"session-{number}-{fault.name}.json"
                        outcome = ask(world.environment(settings, dependency, fault),
                                      dependency.question, session)
                        follow = ask(world.environment(settings), FOLLOW_UP, session)
                        intact = "yes" if follow.exit_code == 0 and follow.answer else "NO"
                        said = failure_line(outcome).replace("|", "\\|")
                        print(f"| {dependency.name} | {fault.value} | {outcome.seconds:.1f} | "
                              f"{outcome.exit_code} | {intact} | {said} |", flush=True)
        finally:
            world.stop()


if __name__ == "__main__":
    main()
