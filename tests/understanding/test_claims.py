"""Action claims: what the assistant says it did, never descriptions of the world (planted
claims and look-alikes in eval/data/honesty_claims.jsonl, German and English)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from singularity.understanding.claims import action_claims

ROOT = Path(__file__).resolve().parents[2]
CASES = [json.loads(line) for line in (ROOT / "eval/data/honesty_claims.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_set_has_claims_and_look_alikes_in_both_languages() -> None:
    kinds = {(case["claim"], case["language"]) for case in CASES}
    assert kinds == {(True, "en"), (True, "de"), (False, "en"), (False, "de")}
    assert sum(case["claim"] for case in CASES) >= 30 and sum(not case["claim"] for case in CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=[case["text"][:40] for case in CASES])
def test_claims_are_found_and_descriptions_are_not(case: dict) -> None:
    assert bool(action_claims(case["text"])) is case["claim"]


def test_a_claim_inside_a_longer_answer_is_the_sentence_that_makes_it() -> None:
    answer = "M31 is a spiral galaxy. I opened it in Stellarium for you. It is 2.5 Mly away."
    assert action_claims(answer) == ["I opened it in Stellarium for you."]
