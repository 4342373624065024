"""Checking one turn against its expectations, and the figures of a dialogue run.

What happened in a turn is reduced to an :class:`Observation` (agents, tool calls, a few state
values, the answer), so the checks and metrics here are plain functions of data: the runner
builds observations from the workflow's ``TurnRecord``, the tests build them by hand.

A turn counts as **declined** when no specialist took it and no tool ran: that is what an
off-topic refusal looks like from outside, whatever its wording. A greeting looks the same, so
turns whose expected answer is the orchestrator's own (agent ``null``, not a refusal) take no
part in refusal precision.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from eval.dialogue_data import ASTRONOMY_INTENTS, SPECIALISTS, Turn

COORDINATE_TOLERANCE_DEG = 0.05
"""Coordinates are typed with one or two decimals; the gazetteer stores four."""

RATES = ("routing_accuracy", "slot_accuracy", "refusal_precision", "refusal_recall",
         "correction_success", "plan_kept_rate", "answer_pass_rate", "turn_pass_rate")
COUNTS = ("astronomy_refused", "off_topic_answered", "errors")


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: dict[str, Any]
    status: str


@dataclass(frozen=True)
class Observation:
    """What one turn did, as far as the checks need it."""

    agents: list[str]
    tool_calls: list[ToolCall]
    planning: dict[str, Any]
    """``state["planning_data"]`` after the turn."""
    last_object: str | None
    answer: str
    error: str | None = None

    @property
    def agent(self) -> str | None:
        """The specialist that ended up handling the turn (the last one reached), or None."""
        specialists = [name for name in self.agents if name in SPECIALISTS]
        return specialists[-1] if specialists else None

    @property
    def declined(self) -> bool:
        return self.agent is None and not any(call.name != "handoff" for call in self.tool_calls)

    def to_json(self) -> dict[str, Any]:
        location = self.planning.get("location") or {}
        equipment = self.planning.get("equipment") or {}
        return {"agents": self.agents, "agent": self.agent, "declined": self.declined,
                "tool_calls": [{"name": c.name, "arguments": c.arguments, "status": c.status}
                               for c in self.tool_calls],
                "state": {"place": location.get("name"), "lat": location.get("lat"), "lon": location.get("lon"),
                          "datetime_iso": self.planning.get("datetime_iso"),
                          "duration_hours": self.planning.get("duration_hours"),
                          "equipment_class": equipment.get("class"),
                          "plan": self.planning.get("generated_plan") is not None,
                          "last_object": self.last_object},
                "answer": self.answer, "error": self.error}


@dataclass
class TurnResult:
    """The checks of one turn: ``None`` where nothing was expected."""

    item_id: str
    index: int
    split: str
    language: str
    intent: str
    user: str
    expected_agent: str | None
    checks_agent: bool
    expect_refused: bool
    agent_ok: bool | None
    slots: dict[str, bool] = field(default_factory=dict)
    """One entry per specified tool, argument and state value (``tool:x``, ``arg:x.y``, ``state:x``)."""
    answer: dict[str, bool] = field(default_factory=dict)
    observed: dict[str, Any] = field(default_factory=dict)

    @property
    def slots_ok(self) -> bool | None:
        return all(self.slots.values()) if self.slots else None

    @property
    def answer_ok(self) -> bool | None:
        return all(self.answer.values()) if self.answer else None

    @property
    def passed(self) -> bool:
        return all(check is not False for check in (self.agent_ok, self.slots_ok, self.answer_ok)) \
            and not self.observed.get("error")

    @property
    def declined(self) -> bool:
        return bool(self.observed.get("declined"))

    def to_json(self) -> dict[str, Any]:
        return {"item": self.item_id, "turn": self.index, "split": self.split, "language": self.language,
                "intent": self.intent, "user": self.user, "expected_agent": self.expected_agent,
                "checks_agent": self.checks_agent, "expect_refused": self.expect_refused,
                "agent_ok": self.agent_ok, "slots": self.slots, "answer": self.answer,
                "passed": self.passed, "observed": self.observed}


def normalise(text: str) -> str:
    return " ".join(str(text).split()).casefold()


def _alternatives(expected: str | list[str]) -> list[str]:
    values = expected if isinstance(expected, list) else expected.split("|")
    return [normalise(value) for value in values]


def check_turn(turn: Turn, seen: Observation, *, item_id: str, index: int, split: str,
               language: str) -> TurnResult:
    """Every expectation ``turn`` states, checked against what happened."""
    called = {call.name for call in seen.tool_calls}
    slots = {f"tool:{name}": bool(called & set(name.split("|"))) for name in turn.tools}
    for key, expected in turn.args.items():
        tool, argument = key.split(".", 1)
        values = [normalise(call.arguments.get(argument, "")) for call in seen.tool_calls if call.name == tool]
        slots[f"arg:{key}"] = any(value in _alternatives(expected) for value in values)
    for key, expected in turn.state.items():
        slots[f"state:{key}"] = state_matches(key, expected, seen)
    answer = {f"matches /{p}/": re.search(p, seen.answer, re.IGNORECASE) is not None for p in turn.answer_patterns}
    answer |= {f"does not match /{p}/": re.search(p, seen.answer, re.IGNORECASE) is None
               for p in turn.answer_not_patterns}
    return TurnResult(
        item_id=item_id, index=index, split=split, language=language, intent=turn.intent, user=turn.user,
        expected_agent=turn.agent, checks_agent=turn.checks_agent, expect_refused=turn.expect_refused,
        agent_ok=(seen.agent == turn.agent) if turn.checks_agent else None,
        slots=slots, answer=answer, observed=seen.to_json(),
    )


def state_matches(key: str, expected: Any, seen: Observation) -> bool:
    """One state expectation (see ``STATE_KEYS``) against the state after the turn."""
    planning = seen.planning
    location = planning.get("location") or {}
    if key in ("plan", "plan_kept"):
        return (planning.get("generated_plan") is not None) == expected
    if key == "place":
        name = (location.get("name") or "").split(",")[0]
        return bool(name) and normalise(name) in _alternatives(expected)
    if key in ("lat", "lon"):
        value = location.get(key)
        return value is not None and abs(value - expected) <= COORDINATE_TOLERANCE_DEG
    if key in ("time_date", "time_hour"):
        start = _local_start(planning)
        if start is None:
            return False
        return start.date().isoformat() == expected if key == "time_date" else start.hour == expected
    if key == "duration_hours":
        value = planning.get("duration_hours")
        return value is not None and abs(value - expected) < 0.01
    if key == "equipment_class":
        return ((planning.get("equipment") or {}).get("class") or "") == expected
    if key == "last_object":
        squash = [value.replace(" ", "") for value in _alternatives(expected)]
        return (seen.last_object or "") != "" and normalise(seen.last_object).replace(" ", "") in squash
    raise ValueError(f"unknown state key {key!r}")


def _local_start(planning: dict[str, Any]) -> datetime | None:
    """The window start at the observing place's own clock (None without time or place)."""
    iso, location = planning.get("datetime_iso"), planning.get("location") or {}
    if not iso:
        return None
    start = datetime.fromisoformat(iso)
    zone = location.get("timezone")
    return start.astimezone(ZoneInfo(zone)) if zone else start


def _share(hits: list[bool]) -> float | None:
    return sum(hits) / len(hits) if hits else None


def summarise(results: list[TurnResult]) -> dict[str, Any]:
    """The run's figures over ``results`` (rates are None when no turn asks for them)."""
    refusable = [r for r in results if r.expect_refused or (r.checks_agent and r.expected_agent is not None)]
    declined = [r for r in refusable if r.declined]
    corrections = [r for r in results if r.intent == "correction"]
    kept = [r for r in results if r.slots.get("state:plan_kept") is not None]
    return {
        "turns": len(results),
        "items": len({r.item_id for r in results}),
        "routing_accuracy": _share([bool(r.agent_ok) for r in results if r.checks_agent]),
        "slot_accuracy": _share([bool(r.slots_ok) for r in results if r.slots]),
        "refusal_precision": _share([r.expect_refused for r in declined]),
        "refusal_recall": _share([r.declined for r in results if r.expect_refused]),
        "correction_success": _share([r.agent_ok is not False and r.slots_ok is not False for r in corrections]),
        "plan_kept_rate": _share([r.slots["state:plan_kept"] for r in kept]),
        "answer_pass_rate": _share([bool(r.answer_ok) for r in results if r.answer]),
        "turn_pass_rate": _share([r.passed for r in results]),
        "astronomy_refused": sum(r.declined for r in results if r.intent in ASTRONOMY_INTENTS and not r.expect_refused),
        "off_topic_answered": sum(not r.declined for r in results if r.expect_refused),
        "errors": sum(bool(r.observed.get("error")) for r in results),
    }


def breakdown(results: list[TurnResult], key: str) -> dict[str, dict[str, Any]]:
    """:func:`summarise` per value of ``key`` (``split``, ``language`` or ``intent``)."""
    groups: dict[str, list[TurnResult]] = {}
    for result in results:
        groups.setdefault(getattr(result, key), []).append(result)
    return {name: summarise(group) for name, group in sorted(groups.items())}
