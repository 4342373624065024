"""The honesty mechanism (DESIGN.md; ../shared/seeds/arthur-honesty.de.txt): what a turn's
tools really did, told in words composed by code, never by the model.

Three certainty levels: *refused* — nothing was done; *failed* — the outcome is unknown, with
what to check; *partial* — what succeeded and what did not. When every tool a turn needed
failed or refused, the model's prose is suppressed and only the reports are shown; prose that
claims an action no tool performed is replaced by a report saying so; a refusal is never
dropped silently.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from singularity.planning.gazetteer import normalize_name
from singularity.results import Status, ToolResult
from singularity.understanding.claims import action_claims

ACTION_TOOLS = frozenset({"compute_plan", "open_in_stellarium", "save_preference"})
"""Tools whose success is an action the user asked for; only their results confirm actions."""



class ToolEvent(BaseModel):
    name: str
    arguments: dict
    result: ToolResult


class Report(BaseModel):
    level: Status
    tool: str
    text: str


def _label(level: Status) -> str:
    return {
        Status.REFUSED: "Not done",
        Status.FAILED: "Failed — outcome unknown",
        Status.PARTIAL: "Partly done",
    }[level]


def reports_for(events: Sequence[ToolEvent]) -> list[Report]:
    """One report per refused, failed or partial tool result, in order."""
    return [
        Report(level=e.result.status, tool=e.name,
               text=f"{_label(e.result.status)}: {e.result.message}")
        for e in events
        if e.result.status in (Status.REFUSED, Status.FAILED, Status.PARTIAL)
    ]


def all_needed_failed(events: Sequence[ToolEvent]) -> bool:
    """Every tool the turn used refused or failed (there was at least one)."""
    return bool(events) and all(
        e.result.status in (Status.REFUSED, Status.FAILED) for e in events
    )


def claims_unconfirmed_action(text: str, events: Sequence[ToolEvent]) -> bool:
    """The prose narrates an action, but no action tool succeeded in this turn."""
    confirmed = any(
        e.name in ACTION_TOOLS and e.result.status in (Status.OK, Status.PARTIAL) for e in events
    )
    return not confirmed and bool(action_claims(text))


def confirmations(events: Sequence[ToolEvent], requested_place: str | None = None) -> list[str]:
    """Action confirmations from tool results, and a warning when the action was done for
    something other than what was asked (another place)."""
    lines: list[str] = []
    for event in events:
        if event.name == "compute_plan" and event.result.status in (Status.OK, Status.PARTIAL):
            data = event.result.data or {}
            lines.extend(data.get("assumptions", []))
            lines.append(f"Done: observing plan computed ({data.get('listed', 0)} targets).")
        if event.name == "open_in_stellarium" and event.result.status is Status.OK:
            data = event.result.data or {}
            lines.append(f"Done: {data.get('object')} centred in Stellarium ({data.get('viewpoint')}).")
        if event.name == "set_location" and event.result.status is Status.OK and requested_place:
            resolved = event.result.data["location"]["name"]
            if normalize_name(requested_place.split(",")[0]) not in normalize_name(resolved):
                lines.append(f"Note: the place used is {resolved}, not '{requested_place}' as asked.")
    return lines


class HonestAnswer(BaseModel):
    text: str
    reports: list[Report]
    prose_suppressed: bool


def honest_answer(prose: str, events: Sequence[ToolEvent], *,
                  requested_place: str | None = None) -> HonestAnswer:
    """The text the user sees: the model's prose unless the tools contradict it, followed by
    every report and confirmation the prose does not already state word for word."""
    reports = reports_for(events)
    suppressed = all_needed_failed(events) or claims_unconfirmed_action(prose, events)
    extra = [r.text for r in reports if r.text.split(": ", 1)[1] not in prose or suppressed]
    extra += confirmations(events, requested_place)
    if suppressed and not reports:
        extra.insert(0, "Not done: no tool performed the action described, so nothing happened.")
    body = [] if suppressed else [prose.strip()]
    return HonestAnswer(text="\n\n".join(p for p in [*body, *extra] if p),
                        reports=reports, prose_suppressed=suppressed)
