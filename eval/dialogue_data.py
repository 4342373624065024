"""The dialogue test set: one item per line, a single utterance or a dialogue of several turns,
each turn with what a correct assistant does with it.

Every expectation is optional and checked only when given, so a turn states what matters for
it and nothing else: the agent that ends up handling it (``null``: the orchestrator alone), the
tools it must call (a subset; ``a|b`` accepts either), key tool arguments, a few values of the
workflow state after the turn, and regular expressions the answer must or must not match. An
item is checked before anything runs: a bad line stops the run instead of lowering a score.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from eval.dataset import read_lines
from singularity import roles

DEFAULT_DIALOGUES = Path(__file__).resolve().parent / "data" / "dialogue.jsonl"
DEFAULT_NOW = datetime.fromisoformat("2026-12-05T12:00:00+01:00")
"""The "now" of every item that sets none (a Saturday noon in Central Europe): "tonight" is
2026-12-05 and "tomorrow" 2026-12-06 wherever the item does not say otherwise."""
MIN_SINGLE, MIN_DIALOGUES = 200, 40

Intent = Literal["planning", "weather", "knowledge", "stellarium", "images", "plan_followup",
                 "correction", "confirmation", "greeting", "off_topic"]
"""What a turn asks for; "planning" includes the night's times at a place without a plan
("Wann geht morgen in Hamburg die Sonne auf?"), which the planner answers."""
SPECIALISTS = (roles.PLANNING, roles.KNOWLEDGE, roles.STELLARIUM)
Split = Literal["dev", "heldout"]
ASTRONOMY_INTENTS = frozenset({"planning", "weather", "knowledge", "stellarium", "images",
                               "plan_followup", "correction"})
"""Requests that must never be declined as off-topic (confirmations and greetings are not
requests; a decline of those is a routing error, not a refused astronomy question)."""

STATE_KEYS: dict[str, type | tuple[type, ...]] = {
    "place": str,              # first part of planning_data.location.name ("Konstanz"); "a|b" for either
    "lat": (int, float),       # planning_data.location.lat, within 0.05°
    "lon": (int, float),
    "time_date": str,          # local date (YYYY-MM-DD) of planning_data.datetime_iso at the place
    "time_hour": int,          # local hour of the window start
    "duration_hours": (int, float),
    "equipment_class": str,    # naked_eye | binoculars | small_telescope | large_telescope
    "plan": bool,              # a plan is in the state after the turn (false: none may be)
    "plan_kept": bool,         # the plan of an earlier turn is still there
    "last_object": str,        # last_discussed_object, ignoring case and spaces
}


class Turn(BaseModel):
    """One user message and the expectations on what follows it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    user: str = Field(min_length=1)
    intent: Intent
    agent: str | None = None
    """Checked only when the key is present; ``null`` means no specialist (greeting, refusal)."""
    tools: list[str] = Field(default_factory=list)
    args: dict[str, str | list[str]] = Field(default_factory=dict)
    """``"tool.argument": value`` (or a list of accepted values), compared ignoring case and
    runs of whitespace; any call of that tool may match."""
    state: dict[str, Any] = Field(default_factory=dict)
    refused: bool | None = None
    """Whether the orchestrator should decline it as off-topic; default: intent is off_topic."""
    answer_patterns: list[str] = Field(default_factory=list)
    answer_not_patterns: list[str] = Field(default_factory=list)

    @property
    def checks_agent(self) -> bool:
        return "agent" in self.model_fields_set

    @property
    def expect_refused(self) -> bool:
        return self.intent == "off_topic" if self.refused is None else self.refused

    @field_validator("agent")
    @classmethod
    def _specialist(cls, agent: str | None) -> str | None:
        if agent is not None and agent not in SPECIALISTS:
            raise ValueError(f"agent must be one of {', '.join(SPECIALISTS)} or null, not '{agent}'")
        return agent

    @field_validator("state")
    @classmethod
    def _known_state(cls, state: dict[str, Any]) -> dict[str, Any]:
        for key, value in state.items():
            if key not in STATE_KEYS:
                raise ValueError(f"unknown state key '{key}'; known: {', '.join(STATE_KEYS)}")
            if not isinstance(value, STATE_KEYS[key]) or (isinstance(value, bool) and STATE_KEYS[key] is not bool):
                raise ValueError(f"state '{key}' has the wrong type ({type(value).__name__})")
        return state

    @field_validator("args")
    @classmethod
    def _tool_dot_argument(cls, args: dict[str, Any]) -> dict[str, Any]:
        for key in args:
            if not re.fullmatch(r"[a-z_]+\.[a-z_]+", key):
                raise ValueError(f"args key '{key}' must read tool.argument")
        return args

    @field_validator("answer_patterns", "answer_not_patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        for pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"bad regular expression '{pattern}': {exc}") from exc
        return patterns


class ProfileSpec(BaseModel):
    """A stored profile in words; the runner resolves it with the planning tools' own functions."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    usual_location: str | None = None
    equipment: str | None = None


class Item(BaseModel):
    """One line: a single utterance (one turn) or a dialogue (several), in one fresh session."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    split: Split
    language: Literal["de", "en"]
    profile: ProfileSpec | None = None
    now: datetime = DEFAULT_NOW
    notes: str = ""
    turns: list[Turn] = Field(min_length=1, max_length=6)

    @model_validator(mode="after")
    def _aware_now(self) -> Item:
        if self.now.utcoffset() is None:
            raise ValueError("now must carry a UTC offset, e.g. 2026-12-05T12:00:00+01:00")
        return self

    @property
    def kind(self) -> Literal["single", "dialogue"]:
        return "single" if len(self.turns) == 1 else "dialogue"


class DialogueDataError(ValueError):
    """The test set is malformed; the message names the file and line."""


def load_items(path: Path = DEFAULT_DIALOGUES) -> list[Item]:
    """Read and check every line; raises :class:`DialogueDataError` at the first problem."""
    items = read_lines(path, Item, error=DialogueDataError)
    if not items:
        raise DialogueDataError(f"{path}: no items.")
    return items
