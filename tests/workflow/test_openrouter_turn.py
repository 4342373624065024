"""The article's example through the real OpenRouter client and a scripted fake model: the
workflow works with a real provider, and the exchange stays within the prompt budget.

The fake model's own words prove nothing about the product; the test checks what the workflow
did with the model's tool calls: the plan it computed from them, and the line the product itself
adds to the answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.prompt_tokens import TARGET, measure


async def test_real_client_turn_plans_within_the_prompt_budget(tmp_path: Path) -> None:
    per_call, record = await measure(tmp_path)
    assert record.agents == ["SingularityOrchestrator", "PlanningAgent"]
    assert [c.name for c in record.tool_calls][-1] == "compute_plan"
    plan = record.plan
    assert plan is not None
    assert plan["location"]["timezone"] == "Europe/Zurich"
    assert plan["equipment"]["aperture_mm"] == pytest.approx(254, abs=1)
    assert plan["preferences"][0] == "galaxy"
    assert plan["window"]["start"].startswith("2026-12-01T18:2")
    assert plan["targets"][0]["name"] == "M31"
    assert "Erledigt: Beobachtungsplan berechnet" in record.answer
    assert len(per_call) == 4
    assert sum(m + t for m, t in per_call) <= TARGET
