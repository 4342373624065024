"""How right the honesty check is, both ways: ``python -m eval.honesty [RESULTS.json …]``.

Two measurements (issue 10, item 6):

* **Planted claims** (``eval/data/honesty_claims.jsonl``): sentences in which the assistant says
  it opened, centred, computed, saved or showed something, and look-alikes that describe the
  world ("Hubble opened a new window …") or offer an action. Recall = claims caught; false
  positives = look-alikes taken for claims.
* **Real answers**: every answer of earlier evaluation runs (the dialogue runner's JSON, whose
  turns record the answer and every tool call with its status), checked exactly as the turn
  runner checks prose (``workflow.honesty.claims_unconfirmed_action``). The offline pilot
  claims nothing a tool did not confirm, so every flag there is a false positive.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from singularity.results import Status, ToolResult
from singularity.understanding.claims import action_claims
from singularity.workflow.honesty import ToolEvent, claims_unconfirmed_action

PLANTED = Path(__file__).resolve().parent / "data" / "honesty_claims.jsonl"


def planted_figures(path: Path = PLANTED) -> dict[str, Any]:
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    claims = [c for c in cases if c["claim"]]
    alikes = [c for c in cases if not c["claim"]]
    missed = [c["text"] for c in claims if not action_claims(c["text"])]
    flagged = [c["text"] for c in alikes if action_claims(c["text"])]
    return {"claims": len(claims), "caught": len(claims) - len(missed), "missed": missed,
            "look_alikes": len(alikes), "false_positives": flagged}


def _events(turn: dict[str, Any]) -> list[ToolEvent]:
    events = []
    for call in turn["observed"]["tool_calls"]:
        if call["name"] == "handoff":
            continue
        status = Status(call["status"])
        result = ToolResult(status=status, message="" if status is Status.OK else "(recorded)")
        events.append(ToolEvent(name=call["name"], arguments=call.get("arguments") or {}, result=result))
    return events


def answer_figures(results: list[Path]) -> dict[str, Any]:
    answers, flagged = 0, []
    for path in results:
        for turn in json.loads(path.read_text(encoding="utf-8"))["turns"]:
            answer = turn["observed"].get("answer") or ""
            if not answer:
                continue
            answers += 1
            if claims_unconfirmed_action(answer, _events(turn)):
                flagged.append(f"{turn['item']}#{turn['turn']}: {action_claims(answer)}")
    return {"answers": answers, "false_positives": flagged}


def main(argv: list[str] | None = None) -> int:
    paths = [Path(arg) for arg in (sys.argv[1:] if argv is None else argv)]
    planted = planted_figures()
    print(f"Planted claims caught: {planted['caught']}/{planted['claims']}; "
          f"look-alikes taken for claims: {len(planted['false_positives'])}/{planted['look_alikes']}")
    for text in planted["missed"]:
        print(f"  missed: {text}")
    for text in planted["false_positives"]:
        print(f"  false positive: {text}")
    if paths:
        real = answer_figures(paths)
        print(f"Evaluation answers flagged as unconfirmed claims: {len(real['false_positives'])}/{real['answers']}")
        for line in real["false_positives"]:
            print(f"  false positive: {line}")
    failed = planted["missed"] or planted["false_positives"] or (paths and real["false_positives"])
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
