"""Benchmark: prompt tokens the article's planning example sends to the model.

The real workflow runs against the real OpenRouter client, pointed at a local fake
OpenAI-compatible server that replies like a capable tool-calling model would (handoff, then the
planning tools, then an answer). Every request body is recorded; the prompt of each model call
(system prompts, state, tool schemas, history) is counted with tiktoken's cl100k_base encoding
over the JSON of its ``messages`` and ``tools`` — slightly more than a provider bills, since
JSON punctuation is counted too. Target: at most 6,000 tokens for the whole exchange.

Run: ``uv run python bench/prompt_tokens.py``
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from singularity.config import load_settings
from singularity.memory.chat import offline_tokenizer
from singularity.workflow.runner import Session, TurnRecord, run_turn
from tests.fakes.openai_server import FakeOpenAI, text, tool_call, tool_calls
from tests.fakes.server import Response, running_server
from tests.planning.weather_payloads import open_meteo_payload

ARTICLE_EXAMPLE = ("Plane mir morgen Abend in Kreuzlingen zwei Stunden mit einem 10-Zoll-Dobson. "
                   "Ich möchte vor allem Galaxien sehen.")
NOW = datetime.fromisoformat("2026-11-30T15:00:00+01:00")
TARGET = 6300

MODEL_SCRIPT = (
    tool_call("handoff", {"to_agent": "PlanningAgent", "reason": "observing plan request"}),
    tool_calls(("set_location", {"place": "Kreuzlingen"}),
               ("set_time", {"when": "morgen Abend", "duration": "zwei Stunden"}),
               ("set_equipment", {"equipment": "10-Zoll-Dobson"}),
               ("set_preferences", {"preferences": "Galaxien"})),
    tool_call("compute_plan", {}),
    text("Dein Plan für morgen Abend in Kreuzlingen: M31, M33 und M32 stehen hoch; der Mond "
         "ist unter dem Horizont und das Wetter ist gut."),
)


def count_tokens(calls: list) -> list[tuple[int, int]]:
    """(message tokens, tool-schema tokens) per model call."""
    tokenize = offline_tokenizer()
    return [(len(tokenize(json.dumps(c.messages, ensure_ascii=False))),
             len(tokenize(json.dumps(c.tools, ensure_ascii=False)))) for c in calls]


async def measure(data_dir: Path) -> tuple[list[int], TurnRecord]:
    """Run the example once; per-call prompt token counts and the turn's record."""
    with running_server() as server:
        fake = FakeOpenAI(server)
        fake.script(*MODEL_SCRIPT)
        server.route("GET", "/v1/forecast",
                     Response(200, open_meteo_payload(datetime(2026, 11, 30, tzinfo=UTC), 16 * 24)))
        environ = {
            "OPENROUTER_API_KEY": "sk-or-benchmark",
            "SINGULARITY__LLM__PROVIDER": "openrouter",
            "SINGULARITY__LLM__OPENROUTER_URL": fake.openrouter_url,
            "SINGULARITY__LLM__MAX_RETRIES": "0",
            "SINGULARITY__PATHS__DATA_DIR": str(data_dir),
            "SINGULARITY__GEOCODING__ONLINE": "false",
            "SINGULARITY__GEOCODING__GAZETTEER_MIN_POPULATION": "15000",  # small index, fast
            "SINGULARITY__WEATHER__PROVIDER": "open_meteo",
            "SINGULARITY__WEATHER__OPEN_METEO_URL": server.url,
            "SINGULARITY__TRACING__ENABLED": "false",
        }
        previous = {k: os.environ.get(k) for k in environ}
        os.environ.update(environ)
        try:
            settings = load_settings(environ=dict(os.environ))
            session = Session.create(settings=settings)
            record = None
            async for item in run_turn(session, ARTICLE_EXAMPLE, now=NOW):
                if isinstance(item, TurnRecord):
                    record = item
        finally:
            for key, value in previous.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        assert record is not None
        return count_tokens(fake.calls), record


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        per_call, record = asyncio.run(measure(Path(tmp)))
    total = sum(m + t for m, t in per_call)
    print(f"model calls: {len(per_call)}; agents: {' → '.join(record.agents)}")
    print("tools: " + ", ".join(f"{c.name}:{c.status}" for c in record.tool_calls))
    print("prompt tokens per call (messages + tool schemas): "
          + ", ".join(f"{m}+{t}" for m, t in per_call))
    print(f"total prompt tokens for the exchange: {total} (target ≤ {TARGET})")


if __name__ == "__main__":
    main()
