"""Plain renderings of results for the chat (Markdown), free of Chainlit so they can be tested."""

from __future__ import annotations

from datetime import datetime
from typing import Any

OFFLINE_BANNER = (
    "**Offline mode.** No language model is configured, so a deterministic pilot drives the "
    "agents: it understands planning requests in German and English, asks for what is missing "
    "and answers from tool results. To connect a model, set `OPENROUTER_API_KEY` in `.env` "
    "(or `llm.openai_like_url` in `config.yaml` for LM Studio, Ollama, vLLM or llama.cpp) and "
    "restart."
)


def plan_table(plan: dict[str, Any], limit: int = 15) -> str:
    """The plan's targets as a Markdown table (local times)."""
    rows = [
        "| # | Object | Name | Type | Mag | Best | Alt | Direction | Score |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for t in plan["targets"][:limit]:
        best = datetime.fromisoformat(t["best_time"]).strftime("%H:%M")
        rows.append(
            f"| {t['rank']} | {t['name']} | {t['common_name'] or ''} | {t['type']} | "
            f"{t['magnitude']:.1f} | {best} | {t['altitude_deg']:.0f}° | "
            f"{t['azimuth_deg']:.0f}° {t['direction']} | {t['score']:.0f} |"
        )
    return "\n".join(rows)
