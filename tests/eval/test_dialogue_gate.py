"""The dialogue evaluation as a CI gate (issue 9): the whole set through the real workflow with
the offline pilot and the bundled knowledge base, held to the targets on its held-out part."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from eval.dialogue import run_dialogue_eval

HELD_OUT_GATES = (
    "heldout.routing_accuracy=0.95",
    "heldout.slot_accuracy=0.95",
    "heldout.correction_success=1",
)
NEVER = ("heldout.astronomy_refused=0", "heldout.off_topic_answered=0",
         "all.astronomy_refused=0", "all.off_topic_answered=0")


@pytest.mark.slow
@pytest.mark.timeout(900)  # the session's first test may also build the bundled index
def test_the_dialogue_set_passes_its_gates(knowledge_index: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(knowledge_index, data / "qdrant")
    lines: list[str] = []
    code = run_dialogue_eval(split="all", data_dir=data, output_dir=tmp_path / "results",
                             fail_under=list(HELD_OUT_GATES), fail_over=list(NEVER), echo=lines.append)
    report = "\n".join(lines)
    assert code == 0, report
    (result,) = (tmp_path / "results").glob("dialogue-*-all.json")
    run = json.loads(result.read_text(encoding="utf-8"))
    assert run["summary"]["errors"] == 0
    assert len({t["item"] for t in run["turns"]}) >= 240
    assert all(gate["ok"] for gate in run["gates"]) and len(run["gates"]) == len(HELD_OUT_GATES) + len(NEVER)
