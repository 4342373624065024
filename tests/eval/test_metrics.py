"""The retrieval metrics against values computed by hand."""

from __future__ import annotations

import math

import pytest

from eval.metrics import (
    mean,
    ndcg_at_k,
    precision_at_k,
    recall_at_k,
    reciprocal_rank,
    unique_ranking,
)

RANKED = ["A", "B", "A", "C", "D", "E", "F"]
"""Collapsed: A B C D E F (the second A is dropped, C moves up to rank 3)."""


def test_duplicates_collapse_to_the_first_occurrence() -> None:
    assert unique_ranking(RANKED) == ["A", "B", "C", "D", "E", "F"]
    assert unique_ranking([]) == []


def test_recall_counts_relevant_titles_in_the_unique_top_k() -> None:
    assert recall_at_k(RANKED, {"C", "F"}, 3) == 0.5  # C at unique rank 3, F at 6
    assert recall_at_k(RANKED, {"C", "F"}, 6) == 1.0
    assert recall_at_k(RANKED, {"A"}, 1) == 1.0
    assert recall_at_k(RANKED, {"X", "Y", "A"}, 5) == pytest.approx(1 / 3)
    assert recall_at_k([], {"A"}, 5) == 0.0


def test_precision_divides_by_k_even_when_fewer_titles_came_back() -> None:
    assert precision_at_k(RANKED, {"A", "C"}, 3) == pytest.approx(2 / 3)  # A B C
    assert precision_at_k(RANKED, {"A", "C"}, 5) == pytest.approx(2 / 5)
    assert precision_at_k(["A", "A", "A"], {"A"}, 5) == pytest.approx(1 / 5)  # one document, not three


def test_reciprocal_rank_uses_the_first_relevant_unique_title() -> None:
    assert reciprocal_rank(RANKED, {"C", "D"}) == pytest.approx(1 / 3)
    assert reciprocal_rank(RANKED, {"B"}) == 0.5
    assert reciprocal_rank(RANKED, {"F"}, 5) == 0.0  # rank 6 is beyond k
    assert reciprocal_rank(RANKED, {"F"}) == pytest.approx(1 / 6)
    assert reciprocal_rank(RANKED, {"X"}) == 0.0


def test_ndcg_by_hand() -> None:
    # relevant B (rank 2) and D (rank 4) among A B C D E:
    # DCG = 1/log2(3) + 1/log2(5) = 0.63093 + 0.43068; ideal = 1/log2(2) + 1/log2(3) = 1.63093
    expected = (1 / math.log2(3) + 1 / math.log2(5)) / (1 + 1 / math.log2(3))
    assert ndcg_at_k(RANKED, {"B", "D"}, 5) == pytest.approx(expected)
    assert expected == pytest.approx(0.6509, abs=1e-4)
    assert ndcg_at_k(RANKED, {"A", "B"}, 5) == 1.0
    # three relevant titles but k = 2: the ideal has only two ranks
    assert ndcg_at_k(["A", "B"], {"A", "B", "Z"}, 2) == 1.0
    assert ndcg_at_k(RANKED, {"Z"}, 5) == 0.0


def test_no_relevant_titles_leaves_every_metric_undefined() -> None:
    for metric in (recall_at_k, precision_at_k, ndcg_at_k):
        assert metric(RANKED, set(), 5) is None
    assert reciprocal_rank(RANKED, set()) is None


def test_k_must_be_positive() -> None:
    for metric in (recall_at_k, precision_at_k, ndcg_at_k, reciprocal_rank):
        with pytest.raises(ValueError, match="k must be at least 1"):
            metric(RANKED, {"A"}, 0)


def test_mean_skips_undefined_values() -> None:
    assert mean([1.0, None, 0.5]) == 0.75
    assert mean([None, None]) is None
    assert mean([]) is None
