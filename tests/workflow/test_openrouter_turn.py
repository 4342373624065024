"""The article's example through the real OpenRouter client and a scripted fake model: the
workflow works with a real provider, and the exchange stays within the prompt budget."""

from __future__ import annotations

from pathlib import Path

from bench.prompt_tokens import TARGET, measure


async def test_real_client_turn_plans_within_the_prompt_budget(tmp_path: Path) -> None:
    per_call, record = await measure(tmp_path)
    assert record.agents == ["SingularityOrchestrator", "PlanningAgent"]
    assert [c.name for c in record.tool_calls][-1] == "compute_plan"
    assert record.plan is not None and record.plan["targets"][0]["name"] == "M31"
    assert record.answer.startswith("Dein Plan für morgen Abend in Kreuzlingen")
    assert "Erledigt: Beobachtungsplan berechnet" in record.answer
    assert len(per_call) == 4
    assert sum(m + t for m, t in per_call) <= TARGET
