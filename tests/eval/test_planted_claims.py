"""The planted-claims generator: deterministic, every kind planted where the claim allows it."""

from __future__ import annotations

from eval.planted_claims import DEFAULT_PLANTED, PLANTED_KINDS, load, plant
from singularity.knowledge.support import Claim, Passages, check_claims

ANSWER = {
    "id": "ans-test-01", "question": "Who found Triton?",
    "passages": {"1": [("Neptune\nJust 17 days after the discovery, William Lassell found its large moon Triton. "
                        "Its moon Nereid is about 5.5 million km from Neptune.")]},
    "claims": [{"text": "Just 17 days after the discovery, William Lassell found its large moon Triton.", "cited": [1]},
               {"text": "about 5.5 million km — Its moon Nereid is about 5.5 million km from Neptune.", "cited": [1]}],
}


def test_planting_is_deterministic_and_covers_every_kind() -> None:
    first, again = plant(ANSWER), plant(ANSWER)
    assert first == again
    assert {claim.kind for claim in first} >= {"original", "synonym", "no_lead", "reformatted", *PLANTED_KINDS}


def test_every_planted_claim_differs_from_its_source_and_the_check_catches_them_here() -> None:
    passages = Passages.from_texts({1: ANSWER["passages"]["1"]})
    planted = plant(ANSWER)
    claims = [Claim(c.text, tuple(c.cited), 0, len(c.text)) for c in planted]
    verdicts = check_claims(claims, passages)
    assert [v.supported for v in verdicts] == [c.supported for c in planted]


def test_the_stored_set_has_both_splits_and_enough_planted_claims() -> None:
    rows = load(DEFAULT_PLANTED)
    planted = [(row["split"], c) for row in rows for c in row["claims"] if not c["supported"]]
    assert {split for split, _ in planted} == {"dev", "heldout"}
    assert len(planted) >= 60 and sum(split == "heldout" for split, _ in planted) >= 60
