"""What the offline pilot does in each role, decided from the messages it is given.

A ``Turn`` is the pilot's view of one model call: the user's latest message, the workflow
state the AgentWorkflow put in front of it, the tool calls and results of this turn so far,
and the tools on offer. Each policy maps a Turn to the next assistant message: a tool call or
a final text composed from tool results.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import uuid4

from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock

from singularity import roles
from singularity.catalogue import Message, say
from singularity.knowledge.titles import TitleIndex
from singularity.llm.pilot.compose import (
    compose_night_answer,
    compose_plan_answer,
    compose_target_answer,
    compose_weather_answer,
)
from singularity.llm.pilot.questions import (
    ask_for,
    greeting_reply,
    off_topic_reply,
    plan_acknowledged,
    plan_declined,
    weather_question,
)
from singularity.llm.pilot.voice import Kind
from singularity.understanding import lexicon as lx
from singularity.understanding.best_night import read_best_night
from singularity.understanding.intent import Intent, classify_intent
from singularity.understanding.language import detect_language
from singularity.understanding.meaning import Meaning
from singularity.understanding.references import target_reference
from singularity.understanding.slots import extract_planning_slots, missing_slots

_STATE_RE = r"Current state \(.*?\):\n(?P<state>.*)\n\nUser message: (?P<msg>.*)"


@dataclass
class ToolRun:
    name: str
    kwargs: dict[str, Any]
    result: dict[str, Any] | None = None

    @property
    def status(self) -> str | None:
        return None if self.result is None else self.result.get("status")


@dataclass
class Turn:
    user_text: str
    state: dict[str, Any]
    calls: list[ToolRun] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    earlier_user_text: str = ""
    """The conversation's earlier user messages: the language of a neutral answer ("Kreuzlingen")."""
    previous_user_text: str = ""
    """The user's message before this one: the question a bare answer ("the one in England") answers."""
    titles: TitleIndex | None = None
    """The knowledge base's titles, for the knowledge role's search strategy (None: unknown)."""
    reader: Callable[[str], Meaning | None] | None = None
    """Reads a message's meaning (intent examples, knowledge base); None: rules only."""

    @classmethod
    def from_messages(cls, messages: list[ChatMessage] | Any, tools: list[str]) -> Turn:
        last_user = max((i for i, m in enumerate(messages) if m.role == MessageRole.USER), default=-1)
        raw = (messages[last_user].content or "") if last_user >= 0 else ""
        match = re.search(_STATE_RE, raw, flags=re.DOTALL)
        state: dict[str, Any] = {}
        text = raw
        if match:
            text = match["msg"]
            try:
                state = ast.literal_eval(match["state"])
            except (ValueError, SyntaxError):
                state = {}
        calls: dict[str, ToolRun] = {}
        for message in messages[last_user + 1:]:
            for block in message.blocks:
                if isinstance(block, ToolCallBlock):
                    calls[block.tool_call_id or ""] = ToolRun(block.tool_name, dict(block.tool_kwargs))
            if message.role == MessageRole.TOOL:
                run = calls.get(message.additional_kwargs.get("tool_call_id", ""))
                if run is not None:
                    try:
                        run.result = json.loads(message.content or "")
                    except json.JSONDecodeError:
                        run.result = {"status": "failed", "message": message.content or ""}
        runs = [run for run in calls.values() if run.name != "handoff"]  # routing, not a result
        before = [m.content or "" for m in messages[:max(last_user, 0)] if m.role == MessageRole.USER]
        return cls(user_text=text.strip(), state=state, calls=runs, tools=tools,
                   earlier_user_text=" ".join(before), previous_user_text=before[-1] if before else "")

    def intent(self) -> Intent:
        """What the user's message asks for, in the dialogue as it stands (the orchestrator and
        the specialist it hands to read it alike)."""
        planning = self.state.get("planning_data") or {}
        return classify_intent(
            self.user_text, has_plan=bool(planning.get("generated_plan")),
            awaiting=awaiting(planning, self.state.get("current_path")),
            planning_active=any(planning.get(k) for k in ("location", "datetime_iso", "equipment")),
            follows_up=bool(self.earlier_user_text.strip()),
            meaning=self.reader(self.user_text) if self.reader is not None else None,
            touring=bool(self.state.get("tour")),
            last_path=self.state.get("current_path"), last_object=self.state.get("last_discussed_object"),
        )

    @property
    def language(self) -> str:
        """The conversation's language, as the turn runner decided it for the whole turn."""
        return self.state.get("language") or detect_language(
            self.user_text, default=detect_language(self.earlier_user_text))

    def called(self, name: str) -> ToolRun | None:
        return next((c for c in reversed(self.calls) if c.name == name), None)

    def planning_data(self) -> dict[str, Any]:
        """The state's planning data as it stands after this turn's tool results (from what the
        tools show the model: a value is known once its tool succeeded)."""
        data = dict(self.state.get("planning_data") or {})
        for run in self.calls:
            result = run.result or {}
            pending = (result.get("data") or {}).get("pending_time")
            if run.name == "set_time" and pending:
                data["time_phrase"] = pending
            if run.status != "ok":
                continue
            payload = result.get("data") or {}
            if run.name == "set_location":
                data.update(location=payload.get("place"), weather_checked=False, generated_plan=None)
                if isinstance(payload.get("time"), dict):  # a noted time, now read in the place's zone
                    data["datetime_iso"] = payload["time"].get("description")
            elif run.name == "set_time":
                data.update(datetime_iso=payload.get("description"), weather_checked=False,
                            generated_plan=None)
            elif run.name == "set_equipment":
                data["equipment"] = payload.get("equipment")
            elif run.name == "check_weather":
                data.update(weather_checked=True, weather_ok=payload.get("verdict") != "bad",
                            weather_summary=payload.get("summary"))
        return data


def tool_call(name: str, **kwargs: Any) -> ChatMessage:
    return ChatMessage(role=MessageRole.ASSISTANT, blocks=[
        ToolCallBlock(tool_call_id=f"pilot-{uuid4().hex[:12]}", tool_name=name, tool_kwargs=kwargs)
    ])


KIND = "pilot_kind"
"""Where a final text says what it is (``voice.Kind``), for the persona's voice."""


def text(content: str, kind: Kind = "answer") -> ChatMessage:
    return ChatMessage(role=MessageRole.ASSISTANT, content=content, additional_kwargs={KIND: kind})


def relay(run: ToolRun) -> ChatMessage:
    """A tool's own sentence, word for word (code-composed: what happened and what to do)."""
    return text((run.result or {}).get("message", ""),
                "refusal" if run.status == "refused" else "relay")


def awaiting(planning: dict[str, Any], current_path: str | None) -> str | None:
    """What the planning dialogue waits for, derived from the state (never stored)."""
    if current_path != "planning":
        return None
    missing = missing_slots(planning)
    if missing:
        return missing[0]
    if planning.get("weather_ok") is False and not planning.get("generated_plan"):
        return "weather_confirmation"
    return None


# --------------------------------------------------------------------------- orchestrator

_ROUTES = {
    "planning": roles.PLANNING, "weather": roles.PLANNING, "correction": roles.PLANNING,
    "confirm": roles.PLANNING, "decline": roles.PLANNING, "plan_followup": roles.PLANNING,
    "knowledge": roles.KNOWLEDGE, "images": roles.KNOWLEDGE, "stellarium": roles.STELLARIUM,
    "best_night": roles.PLANNING, "night": roles.PLANNING,
    "export": roles.PLANNING,
}


def orchestrate(turn: Turn) -> ChatMessage:
    intent = turn.intent()
    target = _ROUTES.get(intent.kind)
    if target is not None and "handoff" in turn.tools:
        return tool_call("handoff", to_agent=target, reason=intent.reason)
    if intent.kind == "greeting":
        farewell = bool(lx.FAREWELL.search(turn.user_text.lower())) and not lx.CAPABILITY.search(
            turn.user_text.lower())
        return text(greeting_reply(turn.language, farewell=farewell),
                    "farewell" if farewell else "greeting")
    return text(off_topic_reply(turn.language), "refusal")


# --------------------------------------------------------------------------- specialists


def _problem(turn: Turn) -> ToolRun | None:
    """The first tool result of this turn that is not ok and ends the turn. A failed or
    refused weather check does not (the plan is computed with the weather unknown), nor does
    a time noted while the place is still missing (the pilot asks for the place)."""
    for run in turn.calls:
        if run.status not in {"needs_input", "refused", "failed"}:
            continue
        data = (run.result or {}).get("data") or {}
        if run.name == "check_weather" and run.status != "needs_input":
            continue
        if run.name == "set_time" and "pending_time" in data:
            continue
        if run.name == "compute_plan" and data.get("weather_ok") is False:
            continue  # a bad forecast: the plan policy asks, in the user's language
        return run
    return None


def plan(turn: Turn) -> ChatMessage:
    planning = turn.planning_data()
    waiting = awaiting(turn.state.get("planning_data") or {}, turn.state.get("current_path"))
    intent = turn.intent()
    language = turn.language

    if intent.kind == "export":
        return _export(turn)
    if intent.kind == "plan_followup":
        return _describe(turn, language)
    pending = (turn.state.get("planning_data") or {}).get("pending_best_night")
    if intent.kind == "best_night" or turn.called("best_night"):
        return _best_night(turn, language)
    if pending and intent.kind in ("planning", "correction"):
        place = extract_planning_slots(turn.user_text, awaiting="location").place
        if place:  # the place asked for after a best-night question
            kept = {key: value for key, value in pending.items() if value is not None}
            return tool_call("best_night", **kept, place=place)
    if intent.kind == "decline" and not turn.calls:
        return text(plan_declined(language))
    if intent.kind == "night" or _night_again(turn, planning, intent.kind):
        # the place and the night it names, then that night: no instrument
        return _set_values(turn, planning, waiting, weather=True) or _night(turn, planning, language)

    # every value the message names is set, even after one could not be read ("bei 95, 200
    # heute Abend": the time is kept while the place is asked for again)
    setting = _set_values(turn, planning, waiting, weather=intent.kind == "weather")
    if setting is not None:
        return setting
    problem = _problem(turn)
    if problem is not None:
        return relay(problem)
    if intent.kind == "weather":
        return _weather(turn, planning, language)
    if intent.kind == "confirm" and planning.get("generated_plan") and waiting is None:
        return text(plan_acknowledged(language))

    profile = turn.state.get("user_profile_memory") or {}
    covered = {"location": profile.get("usual_location"), "equipment": profile.get("equipment"),
               "time": planning.get("time_phrase") and profile.get("usual_location")}
    missing = [slot for slot in missing_slots(planning) if not covered.get(slot)]
    if missing:
        return text(ask_for(missing[0], language), "question")

    computed = turn.called("compute_plan")
    if computed is not None:
        data = (computed.result or {}).get("data") or {}
        if data.get("weather_ok") is False and computed.status == "needs_input":
            verdict = data.get("said")
            summary = Message.model_validate(verdict).render(language) if verdict else data.get("summary", "")
            return text(weather_question(summary, language), "question")
        answer = compose_plan_answer(computed.result or {}, language)
        if lx.SATELLITE_PASSES.search(turn.user_text.lower()):  # asked for what no plan holds
            answer = f"{say('planning.no_satellite_passes', language)}\n\n{answer}"
        return text(answer)
    if intent.kind == "confirm":
        return tool_call("compute_plan", proceed_despite_bad_weather=True)
    return tool_call("compute_plan")  # it checks the weather first


def _best_night(turn: Turn, language: str) -> ChatMessage:
    """One call of the ``best_night`` tool with what the message names, then its answer."""
    scanned = turn.called("best_night")
    if scanned is not None:
        answer = ((scanned.result or {}).get("data") or {}).get("answer")
        if scanned.status not in ("ok", "partial") or not answer:
            return relay(scanned)
        return text(answer)
    request = read_best_night(turn.user_text, last_object=turn.state.get("last_discussed_object"))
    if request is None:
        return text(say("best_night.needs_target", language), "question")
    return tool_call("best_night", **request.model_dump(exclude_none=True))
def _export(turn: Turn) -> ChatMessage:
    """The plan as files, or into Stellarium's observing lists when the message names
    Stellarium; the tool's sentence is the answer (the files are shown under it)."""
    done = turn.called("export_plan") or turn.called("load_plan_into_stellarium")
    if done is not None:
        return relay(done)
    into_stellarium = lx.STELLARIUM_WORDS.search(turn.user_text.lower())
    return tool_call("load_plan_into_stellarium" if into_stellarium else "export_plan")


def _night_again(turn: Turn, planning: dict[str, Any], kind: str) -> bool:
    """After a question about the night and before any plan, a new day or place alone ("Und am
    Sonntag?", "und in Berlin?") asks that question again there; so does the place the night
    question was asked back for ("'York' could mean …" — "the one in England")."""
    if planning.get("generated_plan"):
        return False
    again = kind == "correction" and planning.get("night_asked")
    answered = kind == "planning" and lx.asks_night_times(turn.previous_user_text.lower())
    if not (again or answered):
        return False
    slots = extract_planning_slots(turn.user_text)
    return not (slots.equipment or slots.preferences or slots.duration)


def _night(turn: Turn, planning: dict[str, Any], language: str) -> ChatMessage:
    """When it gets dark, the Sun and the Moon rise and set: the night at the place and time set
    (the plan's when nothing else is), from ``describe_night``."""
    night = turn.called("describe_night")
    if night is not None:
        if night.status != "ok":
            return relay(night)
        asked = _night_question(turn)
        moon = lx.MOON_WORD.search(asked) or lx.MOON_PHASE.search(asked)
        first = "moon" if moon else "sun" if lx.SUN_WORD.search(asked) else None
        return text(compose_night_answer(night.result.get("data", {}), language, first=first,
                                         next_phase=lx.phase_asked(asked)))
    problem = _problem(turn)
    if problem is not None:
        return relay(problem)
    profile = turn.state.get("user_profile_memory") or {}
    if not planning.get("location") and not profile.get("usual_location"):
        return text(ask_for("location", language), "question")
    # no time set: the tool takes tonight; a day set by this message: its sunrise ends the night
    # before (the plan's night, unchanged, already ends on the morning after it)
    lowered, asked = turn.user_text.lower(), _night_question(turn)
    named_day = turn.called("set_time") is not None and extract_planning_slots(turn.user_text).when is not None
    month = (lx.month_asked(lowered) or lx.month_asked(asked)) if lx.phase_asked(asked) else 0
    return tool_call("describe_night", **({"morning": True} if named_day and lx.asks_sunrise_only(lowered) else {}),
                     **({"month": month} if month else {}))


def _night_question(turn: Turn) -> str:
    """What a night answer answers, lower case: this message, or, for a bare follow-up ("und im
    Februar?" after "Wann ist der nächste Neumond?", "und in Berlin?"), the question before it
    with it."""
    lowered = turn.user_text.lower()
    previous = turn.previous_user_text.lower()
    if lx.asks_night_times(lowered) or not lx.asks_night_times(previous):
        return lowered
    return f"{previous} {lowered}"


def _describe(turn: Turn, language: str) -> ChatMessage:
    if lx.asks_night_times(turn.user_text.lower()):
        return _night(turn, turn.planning_data(), language)
    described = turn.called("describe_target")
    scanned = ((described.result or {}).get("data") or {}) if described is not None else {}
    if described is not None and described.status in ("ok", "partial") and scanned.get("not_in_plan"):
        return text(f"{say('planning.not_in_plan_night', language, target=scanned['not_in_plan'])}\n\n"
                    f"{scanned['answer']}")  # its night, scanned: the report follows
    if described is not None and described.status != "ok":
        return relay(described)  # not in the plan, or no plan: the tool's sentence says which
    if described is not None:
        return text(compose_target_answer(described.result.get("data", {}).get("target", {}), language))
    reference = target_reference(turn.user_text)
    if reference is not None and reference.index is not None:
        return tool_call("describe_target", target=str(reference.index if reference.index > 0 else "last"))
    name = reference.name if reference and reference.name else (turn.state.get("last_discussed_object") or "1")
    return tool_call("describe_target", target=name)


def _set_values(turn: Turn, planning: dict[str, Any], waiting: str | None, *,
                weather: bool = False) -> ChatMessage | None:
    """One setter call for each value the message names (a correction changes exactly that
    value; the plan is then computed again). A weather question sets only place and time."""
    slots = extract_planning_slots(turn.user_text, awaiting=waiting)
    if weather:
        slots = slots.model_copy(update={"equipment": None, "preferences": None})
    if slots.place and not turn.called("set_location"):
        return tool_call("set_location", place=slots.place)
    if slots.when and not turn.called("set_time"):
        kwargs = {"when": slots.when} | ({"duration": slots.duration} if slots.duration else {})
        return tool_call("set_time", **kwargs)
    if slots.duration and not slots.when and not turn.called("set_time") and planning.get("datetime_iso"):
        return tool_call("set_time", when=planning.get("time_phrase") or "tonight", duration=slots.duration)
    if slots.equipment and not turn.called("set_equipment"):
        return tool_call("set_equipment", equipment=slots.equipment)
    if slots.preferences and not turn.called("set_preferences"):
        return tool_call("set_preferences", preferences=slots.preferences)
    return None


def _weather(turn: Turn, planning: dict[str, Any], language: str) -> ChatMessage:
    """The forecast for the plan's (or the given) place and window: the weather check alone."""
    checked = turn.called("check_weather")
    if checked is not None:
        return text(compose_weather_answer(checked.result or {}, language))
    profile = turn.state.get("user_profile_memory") or {}
    if not planning.get("location") and not profile.get("usual_location"):
        return text(ask_for("location", language), "question")
    if not planning.get("datetime_iso") and not planning.get("time_phrase"):
        return tool_call("set_time", when="tonight")
    return tool_call("check_weather")
