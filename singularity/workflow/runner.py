"""The turn runner: one user message through the AgentWorkflow, as the article's six steps.

1. resolve the persona; 2. reset the source registry; 3. reset only the active agent to the
orchestrator; 4. run with the session's context and chat memory; 5. stream the workflow's
events; 6. persist successful planning values to the profile. The UI and ``singularity ask``
consume the same ``TurnEvent`` stream and the same ``TurnRecord``.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from llama_index.core.agent.workflow import (
    AgentOutput,
    AgentStream,
    AgentWorkflow,
    ToolCall,
    ToolCallResult,
)
from llama_index.core.llms import ChatMessage, MessageRole
from llama_index.core.llms.function_calling import FunctionCallingLLM
from llama_index.core.memory import BaseMemory
from llama_index.core.workflow import Context
from pydantic import BaseModel

from singularity import roles
from singularity.catalogue import Language, catalogue, msg, say
from singularity.config import Settings
from singularity.inputs import clean_text
from singularity.knowledge.sources import Source, cite, source_list
from singularity.llm.pilot.model import PilotLLM
from singularity.observability.turn import Caller, TurnTrace, model_names
from singularity.personas import Persona, style_instructions
from singularity.results import Artifact, Status, ToolResult
from singularity.roles import AGENT_ROLES
from singularity.understanding.language import detect_language
from singularity.understanding.slots import extract_planning_slots
from singularity.users.space import UserSpace, user_space
from singularity.workflow import prompts
from singularity.workflow.agents import build_workflow
from singularity.workflow.claim_check import check_answer
from singularity.workflow.honesty import CheckedClaim, Report, ToolEvent, honest_answer
from singularity.workflow.model_failures import (
    events_until_silent,
    explain,
    reply_failure,
    watched_model,
)
from singularity.workflow.resources import SessionResources, SharedResources
from singularity.workflow.store_keys import (
    CARRIED_KEYS,
    CURRENT_AGENT_KEY,
    LAST_PLAN_KEY,
    NOW_KEY,
    RECENT_KEY,
    SESSION_DIR_KEY,
    SOURCES_KEY,
    STATE_KEY,
)
from singularity.workflow.understanding import meaning_reader

log = logging.getLogger(__name__)



def step_name(tool: str | None, language: Language) -> str:
    """What the UI calls a tool's step, in the conversation's language."""
    key = f"steps.{tool}"
    return say(key if key in catalogue() else "steps.other", language)


class TurnEvent(BaseModel):
    kind: Literal["agent", "token", "tool_call", "tool_result", "answer"]
    agent: str | None = None
    text: str = ""
    """A token, the answer, a tool call's step name, or what a tool's step shows: its message
    in the conversation's language with the technical detail of a failure."""
    tool: str | None = None
    tool_id: str | None = None
    arguments: dict[str, Any] | None = None
    result: ToolResult | None = None
    language: Language = "en"
    """The conversation's language, in which a step's ``text`` is said (tool calls and results)."""


class ToolCallRecord(BaseModel):
    agent: str
    name: str
    arguments: dict[str, Any]
    status: str
    message: str = ""


class TurnRecord(BaseModel):
    message: str
    now: datetime
    language: Language = "en"
    """The conversation's language, in which every line composed by code was said."""
    agents: list[str]
    tool_calls: list[ToolCallRecord]
    answer: str
    prose_suppressed: bool
    reports: list[Report]
    artifacts: list[Artifact]
    sources: list[Source] = []
    """The sources the answer cites, listed under it (markers and list always match)."""
    claims: list[CheckedClaim] = []
    """The answer's claims with what their check against the cited passages found."""
    state: dict[str, Any]
    plan: dict[str, Any] | None = None
    error: str | None = None
    """When the model failed the turn: the sentence saying what failed and what to check, in the
    conversation's language (also the answer's first paragraph; details in the turn log)."""
    trace_id: str | None = None
    """The turn's trace in Phoenix (32 hex digits); None when tracing is off."""
    span_id: str | None = None
    """The turn span, which feedback on the answer annotates."""


def build_llms(settings: Settings, resources: SessionResources) -> dict[str, FunctionCallingLLM]:
    """One LLM per agent role: the configured provider, or the offline pilot (which reads
    meanings and titles from the session's knowledge base)."""
    from singularity.llm.providers import build_llm

    llms: dict[str, FunctionCallingLLM] = {}
    reader = meaning_reader(settings, resources.knowledge_base)
    for role in AGENT_ROLES:
        llm = build_llm(role, settings=settings)
        titles = resources.knowledge_titles if role == "knowledge" else None
        llms[role] = llm if llm is not None else PilotLLM(role=role, titles=titles, reader=reader)
    rewriter = build_llm("query_rewriter", settings=settings)
    if rewriter is not None:  # offline, follow-ups are rewritten by rule
        llms["query_rewriter"] = rewriter
    return llms


@dataclass
class Session:
    """One conversation: its workflow, context (state), chat memory and files, and the
    resources it holds (Stellarium bridge, knowledge base), which :meth:`start` starts and
    :meth:`close` releases; its tools get them from it. One turn runs at a time: a message
    that arrives while a turn runs waits for it (``run_turn``)."""

    settings: Settings
    workflow: AgentWorkflow
    ctx: Context
    memory: BaseMemory
    directory: Path
    profile_file: Path
    """The profile of the session's user: read at start, updated after planning turns."""
    resources: SessionResources
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    persona_style: str = ""
    history: list[TurnRecord] = field(default_factory=list)
    turn_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @classmethod
    def create(cls, *, settings: Settings, llms: Mapping[str, FunctionCallingLLM] | None = None,
               profile: dict[str, Any] | None = None, session_id: str | None = None,
               user: UserSpace | None = None, shared: SharedResources | None = None) -> Session:
        """A new conversation of ``user`` (None: the local user), its files in their folder;
        ``shared`` holds what the app's sessions share (a session made without it has
        resources of its own). Blocking work (models, files): call it in a worker thread from
        the event loop."""
        from singularity.memory.chat import new_chat_memory

        resources = SessionResources(settings, shared)
        workflow = build_workflow(settings=settings, llms=llms or build_llms(settings, resources),
                                  resources=resources, profile=profile)
        sid = session_id or uuid.uuid4().hex[:12]
        space = user or user_space(settings)
        directory = space.sessions_dir / sid
        directory.mkdir(parents=True, exist_ok=True)
        return cls(settings=settings, workflow=workflow, ctx=Context(workflow),
                   memory=new_chat_memory(settings=settings), directory=directory,
                   profile_file=space.profile_file, resources=resources, id=sid)

    async def start(self) -> None:
        """Start the Stellarium bridge and open the knowledge base ahead of the first use."""
        await self.resources.start()

    async def close(self) -> None:
        """Release the session's resources (idempotent; the last session using a bridge
        ends its process)."""
        await self.resources.close()

    def set_persona(self, persona: Persona) -> None:
        """A persona changes how answers are worded, never what they say (D25). A model reads
        its style in the Knowledge and Planning prompts (the orchestrator stays neutral so
        routing never depends on a role); the offline pilot puts its phrases around the
        answers it composes."""
        style = style_instructions(persona)
        base = {roles.KNOWLEDGE: prompts.KNOWLEDGE_PROMPT, roles.PLANNING: prompts.PLANNING_PROMPT}
        for name, prompt in base.items():
            self.workflow.agents[name].system_prompt = f"{prompt}\n\n{style}" if style else prompt
        for agent in self.workflow.agents.values():
            if isinstance(agent.llm, PilotLLM):
                agent.llm.speak_as(persona.offline)
        self.persona_style = style

    async def snapshot(self) -> dict[str, Any]:
        """What a later process needs to continue (JSON-ready): the carried store values
        (state, plan, weather, last query) and the chat messages."""
        carried = {key: await self.ctx.store.get(key, default=None) for key in CARRIED_KEYS}
        return {"id": self.id, **{key: value for key, value in carried.items() if value is not None},
                "state": await self.state(),
                "messages": [m.model_dump(mode="json") for m in self.memory.get_all()]}

    async def save(self, path: Path) -> None:
        """Write ``snapshot`` to ``path`` (atomically)."""
        import json

        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(await self.snapshot(), ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)

    async def renew_context(self) -> None:
        """Continue on a new context with the same state, plan and answers (``CARRIED_KEYS``),
        at the start of every turn. Continuing the last run's context made LlamaIndex serialise
        it whole (the chat memory too) and replay every step of that run before the new one
        began, about a tenth of the app's CPU with 20 users (py-spy, 2026-12-02); and a failed
        run (a model call cancelled mid-step) leaves its context unusable."""
        kept = {key: await self.ctx.store.get(key, default=None) for key in CARRIED_KEYS}
        self.ctx = Context(self.workflow)
        for key, value in kept.items():
            if value is not None:
                await self.ctx.store.set(key, value)

    async def restore(self, path: Path) -> None:
        """Continue a conversation written by ``save``."""
        import json

        await self.resume(json.loads(path.read_text(encoding="utf-8")))

    async def resume(self, payload: dict[str, Any]) -> None:
        """Continue a conversation from a ``snapshot``."""
        await self.ctx.store.set(STATE_KEY, payload["state"])
        for key in CARRIED_KEYS:
            if key != STATE_KEY and payload.get(key) is not None:
                await self.ctx.store.set(key, payload[key])
        self.memory.set([ChatMessage.model_validate(m) for m in payload["messages"]])

    async def prefer_language(self, language: Language, *, chosen: bool = False) -> None:
        """The language to speak until the user's words show one (the browser's, at chat
        start); a conversation that has one keeps it, unless the user ``chosen`` this one."""
        state = await self.state()
        keep = state.get("language") if not chosen else None
        await self.ctx.store.set(STATE_KEY, {**state, "language": keep or language})

    async def state(self) -> dict[str, Any]:
        return await self.ctx.store.get(STATE_KEY, default=None) or dict(self.workflow.initial_state)

    async def last_plan(self) -> dict[str, Any] | None:
        return await self.ctx.store.get(LAST_PLAN_KEY, default=None)


async def run_turn(session: Session, message: str, *, now: datetime, persona: Persona | None = None,
                   caller: Caller | None = None) -> AsyncIterator[TurnEvent | TurnRecord]:
    """Run one message after the session's running turn, if any: LlamaIndex refuses a second
    run on a context that runs ("Cannot start a new run while context is already running"),
    so a message sent before the last answer came waits for it and is then answered."""
    async with session.turn_lock:
        async for item in _traced_turn(session, message, now=now, persona=persona, caller=caller):
            yield item


async def _traced_turn(session: Session, message: str, *, now: datetime, persona: Persona | None = None,
                       caller: Caller | None = None) -> AsyncIterator[TurnEvent | TurnRecord]:
    """Run one message; yields TurnEvents as they happen, then the TurnRecord.

    A message longer than ``conversation.max_message_chars`` is not read: the answer says the
    limit. Understanding (slots, routing) runs in worker threads, so the event loop, and with
    it every other session, keeps answering while a message is read. The turn is one trace
    (``TurnTrace``) of ``caller`` (default: the local user), named on the record."""
    turn = TurnTrace(message=message, session_id=session.id, caller=caller or Caller(),
                     persona=persona.id if persona is not None else "default",
                     models=model_names({n: a.llm for n, a in session.workflow.agents.items()}),
                     settings=session.settings)
    try:
        async for item in _run_turn(session, message, now=now, persona=persona, turn=turn):
            if isinstance(item, TurnRecord):
                item.trace_id, item.span_id = turn.trace_id, turn.span_id
                turn.finish(item)
            elif item.kind == "tool_call":
                turn.tool_called(tool=item.tool, tool_id=item.tool_id, agent=item.agent,
                                 arguments=item.arguments)
            elif item.kind == "tool_result" and item.result is not None:
                turn.tool_returned(tool_id=item.tool_id, status=item.result.status.value)
            yield item
    except BaseException as exc:
        turn.abandon(exc)
        raise


async def _run_turn(session: Session, message: str, *, now: datetime, persona: Persona | None,
                    turn: TurnTrace) -> AsyncIterator[TurnEvent | TurnRecord]:
    message = clean_text(message)
    limit = session.settings.conversation.max_message_chars
    if len(message) > limit:
        async for item in _refuse_long(session, message, limit, now=now):
            yield item
        return
    if persona is not None:
        session.set_persona(persona)                                       # 1. persona
    await session.renew_context()
    await session.ctx.store.set(SOURCES_KEY, [])                           # 2. sources
    await session.ctx.store.set(RECENT_KEY, _recent_messages(session.memory))
    await session.ctx.store.set(CURRENT_AGENT_KEY, roles.ORCHESTRATOR)  # 3. root agent
    await session.ctx.store.set(NOW_KEY, now.isoformat())
    await session.ctx.store.set(SESSION_DIR_KEY, str(session.directory))
    language = await _conversation_language(session, message)
    earlier = len(session.memory.get_all())

    agents: list[str] = []
    tool_events: list[ToolEvent] = []
    records: list[ToolCallRecord] = []
    prose, failure = "", None
    remote = watched_model(session.workflow)
    with turn.current():  # the workflow's spans go under the turn's
        handler = session.workflow.run(user_msg=message, ctx=session.ctx, memory=session.memory)  # 4.
    try:
        events = events_until_silent(handler, session.workflow,
                                     session.settings.llm.timeout_s if remote else None)
        async for event in events:                                         # 5. stream
            agent = getattr(event, "current_agent_name", None)
            if agent and (not agents or agents[-1] != agent):
                agents.append(agent)
                yield TurnEvent(kind="agent", agent=agent)
            if isinstance(event, AgentStream) and event.delta:
                yield TurnEvent(kind="token", agent=agent, text=event.delta)
            elif isinstance(event, ToolCall):
                yield TurnEvent(kind="tool_call", tool=event.tool_name, tool_id=event.tool_id,
                                text=step_name(event.tool_name, language), language=language,
                                arguments=event.tool_kwargs, agent=agents[-1] if agents else None)
            elif isinstance(event, ToolCallResult):
                result = _as_result(event)
                if event.tool_name != "handoff":
                    tool_events.append(ToolEvent(name=event.tool_name, arguments=event.tool_kwargs, result=result))
                records.append(ToolCallRecord(agent=agents[-1] if agents else "", name=event.tool_name,
                                              arguments=event.tool_kwargs, status=result.status.value,
                                              message=result.message))
                yield TurnEvent(kind="tool_result", tool=event.tool_name, tool_id=event.tool_id,
                                result=result, text=_step_output(result, language), language=language)
        output = await handler
        # the final output's text; not read from the streamed AgentOutput events, whose
        # tool_calls the workflow fills in after streaming them
        if isinstance(output, AgentOutput):
            prose = output.response.content or ""
            failure = reply_failure(output, session.workflow, session.settings)
    except Exception as exc:  # noqa: BLE001 - a failed model call ends the turn with a sentence
        failure = explain(exc, settings=session.settings, pilot=not remote)
        await session.renew_context()

    # the failure first, then what the tools did so far (its honest reports)
    error = failure.render(language) if failure is not None else None
    prose = "" if failure is not None else prose
    slots = await asyncio.to_thread(extract_planning_slots, message)
    answer = honest_answer(prose, tool_events, requested_place=slots.place, language=language)
    registry = await session.ctx.store.get(SOURCES_KEY, default=None) or []
    text, sources = cite(answer.text, registry)
    checked = await check_answer(text, tool_events, registry, sources, settings=session.settings,
                                 knowledge_base=session.resources.knowledge_base, language=language)
    said = "\n\n".join(part for part in (error, checked.text, *(r.text for r in checked.reports)) if part)
    _remember_turn(session.memory, earlier, message, said)
    text = f"{said}\n\n{source_list(sources, language)}" if sources else said
    state = await _on_path(session, agents)
    planned = any(e.name == "compute_plan" and e.result.status in (Status.OK, Status.PARTIAL)
                  for e in tool_events)
    plan = await session.last_plan() if planned else None
    artifacts = [a for e in tool_events for a in e.result.artifacts]
    if planned:
        _remember_profile(session, state)                                  # 6. profile
    record = TurnRecord(
        message=message, now=now, language=language, agents=agents, tool_calls=records, answer=text, sources=sources,
        prose_suppressed=answer.prose_suppressed, reports=answer.reports + checked.reports, artifacts=artifacts,
        state=state, plan=plan, error=error, claims=checked.claims,
    )
    session.history.append(record)
    yield TurnEvent(kind="answer", text=text)
    yield record


_PATHS = {roles.PLANNING: "planning", roles.KNOWLEDGE: "knowledge", roles.STELLARIUM: "stellarium"}


async def _on_path(session: Session, agents: list[str]) -> dict[str, Any]:
    """The state after the turn, on the path of the specialist that answered last: the next
    message continues there ("this saturday" answers the planning agent's "When?", "und jetzt
    den Mond" asks Stellarium again). A turn the orchestrator answered alone (a greeting, a
    refusal) leaves the path as it was."""
    state = await session.state()
    path = next((_PATHS[agent] for agent in reversed(agents) if agent in _PATHS), None)
    if path is None or state.get("current_path") == path:
        return state
    state = {**state, "current_path": path}
    await session.ctx.store.set(STATE_KEY, state)
    return state


async def _refuse_long(session: Session, message: str, limit: int, *,
                       now: datetime) -> AsyncIterator[TurnEvent | TurnRecord]:
    """The answer to a message over the limit: the limit, in the message's language."""
    state = await session.state()
    language = detect_language(message[:limit], default=state.get("language") or "en")
    text = say("input.message_too_long", language, length=len(message), limit=limit)
    record = TurnRecord(message=message, now=now, language=language, agents=[], tool_calls=[],
                        answer=text, prose_suppressed=False, reports=[], artifacts=[], state=state)
    session.history.append(record)
    yield TurnEvent(kind="answer", text=text)
    yield record


def _as_result(event: ToolCallResult) -> ToolResult:
    raw = event.tool_output.raw_output
    if isinstance(raw, ToolResult):
        return raw
    if event.tool_name == "handoff":
        return ToolResult.success({"handoff": str(event.tool_output.content)})
    log.warning("The tool %s failed: %s", event.tool_name, event.tool_output.content)
    return ToolResult.failed(msg("honesty.tool_broke"), data={"detail": str(event.tool_output.content)},
                             model_data={})


async def _conversation_language(session: Session, message: str) -> Language:
    """The language of this message, or the conversation's so far when the message does not
    show one ("Kreuzlingen", "M31") or shows it by one word only ("Und Jupiter?"); kept in the
    workflow state, where the tools and the offline pilot read it."""
    state = await session.state()
    language = detect_language(message, default=state.get("language") or "en", settled=bool(state.get("language")))
    await session.ctx.store.set(STATE_KEY, {**state, "language": language})
    return language


def _step_output(result: ToolResult, language: Language) -> str:
    """What a tool's step shows: its message in the conversation's language, and the
    technical detail of a failure (which never reaches the answer)."""
    detail = (result.data or {}).get("detail") if result.status is not Status.OK else None
    said = result.message_in(language) or say(f"steps.status_{result.status.value}", language)
    return f"{said}\n\n{detail}" if detail else said


def _recent_messages(memory: BaseMemory, count: int = 4) -> list[str]:
    """The last user and assistant texts, for rewriting a follow-up question."""
    texts = [f"{m.role.value}: {' '.join(m.content.split())}" for m in memory.get_all()
             if m.role in (MessageRole.USER, MessageRole.ASSISTANT) and m.content]
    return texts[-count:]


def _remember_turn(memory: BaseMemory, earlier: int, message: str, said: str) -> None:
    """A finished turn stays in the chat memory as the user's words and the answer the user
    was shown (checked, without the source list), replacing what the run wrote there.

    The run's own messages are the wrong record of a turn: LlamaIndex puts the state prompt
    into the user message (stale state and tokens in every later call), the tool calls and
    results fill the token budget so that the earlier turns drop out of it, the specialist's
    words are those before the honesty check, and a run that failed midway leaves tool calls
    without results. They were also mostly lost: ``edit_state``, which the tools use, copies
    the whole store with the memory in it, so from a turn's first edit the run wrote into a
    copy. What a turn found that later turns need lives in the workflow state (plan, place,
    last object), which every call carries."""
    kept = memory.get_all()[:earlier]
    memory.set([*kept, ChatMessage(role=MessageRole.USER, content=message),
                ChatMessage(role=MessageRole.ASSISTANT, content=said)])


def _remember_profile(session: Session, state: dict[str, Any]) -> None:
    from singularity.memory.profile import ProfileStore

    store = ProfileStore(session.profile_file)
    store.remember(state["planning_data"])


__all__ = ["Session", "SharedResources", "TurnEvent", "TurnRecord", "build_llms", "run_turn",
           "step_name"]
