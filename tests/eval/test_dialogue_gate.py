"""The dialogue evaluation as a CI gate (issue 9): the whole set through the real workflow with
the offline pilot and the bundled knowledge base, held to the targets on its held-out part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.dialogue import run_dialogue_eval
from eval.dialogue_data import load_items

HELD_OUT_GATES = (
    "heldout.routing_accuracy=0.95",
    "heldout.slot_accuracy=0.95",
    "heldout.correction_success=1",
)
NEVER = ("astronomy_refused=0", "off_topic_answered=0")
ITEMS = {"dev": 150, "heldout": 80}
"""At least this many dialogues per split."""
SHARDS = {"dev": 2, "heldout": 1}
"""Each split runs as this many tests, every item in exactly one, so parallel workers share the
set; together they are the whole set, and "never" holds for all. Only the dev split is cut: its
gates are counts, which hold for the whole when they hold for every part, while the held-out
gates are rates over the whole split."""
CASES = [(split, shard) for split in sorted(SHARDS) for shard in range(SHARDS[split])]


def shard_ids(split: str, shard: int) -> list[str]:
    """The ids of one shard: every n-th item of the split, so each shard has its share of
    every kind (the set is ordered by kind)."""
    ids = [item.id for item in load_items() if item.split == split]
    return ids[shard::SHARDS[split]]


def test_the_shards_are_the_whole_set_and_each_split_is_large_enough() -> None:
    for split, least in ITEMS.items():
        shards = [shard_ids(split, shard) for shard in range(SHARDS[split])]
        every = [item.id for item in load_items() if item.split == split]
        assert sorted(i for ids in shards for i in ids) == sorted(every)
        assert len(every) >= least


@pytest.mark.slow
@pytest.mark.timeout(900)  # the session's first test may also build the bundled index
@pytest.mark.parametrize(("split", "shard"), CASES, ids=[f"{split}-{shard}" for split, shard in CASES])
def test_the_dialogue_set_passes_its_gates(split: str, shard: int, eval_data_dir: Path,
                                           tmp_path: Path) -> None:
    lines: list[str] = []
    gates = [gate for gate in HELD_OUT_GATES if gate.startswith(f"{split}.")]
    never = [f"{split}.{gate}" for gate in NEVER]
    ids = shard_ids(split, shard)
    code = run_dialogue_eval(split=split, only=ids if SHARDS[split] > 1 else None, data_dir=eval_data_dir,
                             output_dir=tmp_path / "results", fail_under=gates, fail_over=never,
                             echo=lines.append)
    report = "\n".join(lines)
    assert code == 0, report
    (result,) = (tmp_path / "results").glob(f"dialogue-*-{split}.json")
    run = json.loads(result.read_text(encoding="utf-8"))
    assert run["summary"]["errors"] == 0
    assert {t["item"] for t in run["turns"]} == set(ids)
    assert all(gate["ok"] for gate in run["gates"]) and len(run["gates"]) == len(gates) + len(never)
