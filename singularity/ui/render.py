"""Plain renderings of results for the chat (Markdown), free of Chainlit so they can be tested."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from singularity.catalogue import Language, language_of_tag, number, say
from singularity.catalogue.objects import common_name, designation, object_type
from singularity.config import Settings
from singularity.knowledge.text import markdown_text
from singularity.planning.scoring import compass_point_in
from singularity.tracing import trace_link

STARTERS = ("plan", "tonight", "spirals", "stellarium")
"""The example requests offered at chat start (``ui.starter_<name>_label`` / ``_message``)."""


def browser_language(tag: str | None) -> Language:
    """The language of a browser's ``Accept-Language`` tag ("de-CH" → German): the chat's
    words before the user's own show one."""
    return language_of_tag(tag)


def starters(language: Language) -> list[tuple[str, str]]:
    """(label, message) of each starter in ``language``."""
    return [(say(f"ui.starter_{name}_label", language), say(f"ui.starter_{name}_message", language))
            for name in STARTERS]


COMPACT = ("object", "name", "best", "altitude", "direction")
"""What an observer at the telescope needs; fits a phone held upright (390 px, tested)."""
FULL = ("object", "name", "type", "magnitude", "best", "altitude", "azimuth", "direction", "score")


def plan_table(plan: dict[str, Any], language: Language, *, columns: tuple[str, ...] = COMPACT,
               limit: int = 15) -> str:
    """The plan's targets as a Markdown table (local times) with ``columns``, headed in
    ``language``."""
    header = [say(f"plan_table.{column}", language) for column in columns]
    rows = [f"| {' | '.join(header)} |", "|" + "---|" * len(columns)]
    for target in plan["targets"][:limit]:
        cells = _cells(target, language)
        rows.append(f"| {' | '.join(cells[column] for column in columns)} |")
    return "\n".join(rows)


def _cells(target: dict[str, Any], language: Language) -> dict[str, str]:
    return {
        "object": f"{target['rank']}. {designation(target, language)}",
        "name": common_name(target, language),
        "type": object_type(target["type"], language),
        "magnitude": number(target["magnitude"], language, ".1f"),
        "best": datetime.fromisoformat(target["best_time"]).strftime("%H:%M"),
        "altitude": f"{target['altitude_deg']:.0f}°",
        "direction": compass_point_in(target["direction"], language),
        "azimuth": f"{target['azimuth_deg']:.0f}°",
        "score": f"{target['score']:.0f}",
    }


def step_output(text: str) -> str:
    """What a tool step shows, as text: its sentence names places and objects a service
    returned, and a failure's detail is a service's own answer (an error page, a JSON body),
    so each paragraph is escaped (``markdown_text``) and the paragraphs kept apart."""
    return "\n\n".join(markdown_text(part) for part in text.split("\n\n") if part.strip())


def trace_line(settings: Settings, trace_id: str, language: Language) -> str:
    """The small link under an answer to its trace in Phoenix."""
    return f"[{say('ui.trace_link', language)}]({trace_link(settings, trace_id)})"
