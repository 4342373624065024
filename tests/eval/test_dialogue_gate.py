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
NEVER = ("astronomy_refused=0", "off_topic_answered=0")
ITEMS = {"dev": 150, "heldout": 80}
"""At least this many dialogues per split. Each split runs as a test of its own, so parallel
workers share the set; together they are the whole set, and "never" holds for both."""


@pytest.mark.slow
@pytest.mark.timeout(900)  # the session's first test may also build the bundled index
@pytest.mark.parametrize("split", sorted(ITEMS))
def test_the_dialogue_set_passes_its_gates(split: str, knowledge_index: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(knowledge_index, data / "qdrant")
    lines: list[str] = []
    gates = [gate for gate in HELD_OUT_GATES if gate.startswith(f"{split}.")]
    never = [f"{split}.{gate}" for gate in NEVER]
    code = run_dialogue_eval(split=split, data_dir=data, output_dir=tmp_path / "results",
                             fail_under=gates, fail_over=never, echo=lines.append)
    report = "\n".join(lines)
    assert code == 0, report
    (result,) = (tmp_path / "results").glob(f"dialogue-*-{split}.json")
    run = json.loads(result.read_text(encoding="utf-8"))
    assert run["summary"]["errors"] == 0
    assert len({t["item"] for t in run["turns"]}) >= ITEMS[split]
    assert all(gate["ok"] for gate in run["gates"]) and len(run["gates"]) == len(gates) + len(never)
