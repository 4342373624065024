"""``singularity check-llm``: does the configured model truly call tools?

Singularity's agents only work with models that emit native tool calls, read the tool result
and answer from it. This runs one real LlamaIndex ``FunctionAgent`` round with a tiny tool from
the planning engine (the sunset time of a fixed place and date, which no model knows to the
minute) and reports each step, so a model that writes tool calls as text, sends broken
arguments, answers empty or ignores the result is rejected by a check, not trusted.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from singularity.config import Role, Settings
from singularity.errors import SingularityError
from singularity.llm.providers import (
    OPENROUTER_KEY,
    llm_failure,
    resolve_provider,
)
from singularity.planning.models import Location

TOOL_NAME = "sunset_time"
CHECK_PLACE = Location(name="Kreuzlingen", lat=47.65, lon=9.17, elevation_m=400.0,
                       timezone="Europe/Zurich", source="coordinates")
CHECK_DATE = dt.date(2026, 6, 21)
QUESTION = (f"At what local time does the Sun set in {CHECK_PLACE.name} on "
            f"{CHECK_DATE.isoformat()}? Use the {TOOL_NAME} tool, then answer in one short "
            "sentence that gives the time.")
SYSTEM_PROMPT = ("You are being tested on tool use. Get facts by calling the provided tools; "
                 "never guess a value a tool can compute. After the tool result, answer briefly.")
MAX_ITERATIONS = 6

_TEXT_TOOL_CALL = [
    r"```(?:json|tool_code|tool_call|python)?\s*[\[{]\s*\"(?:name|function|tool|tool_name)\"",
    r"<\s*/?\s*(?:tool_call|tool_calls|function_call|tool_use)\b",
    r"<function\s*=",
    r"\[TOOL_CALLS\]",
    r"<\|python_tag\|>|<\|tool_call",
    r"\"function\"\s*:\s*\{",
    r"\{\s*\"name\"\s*:\s*\"[\w.-]+\"\s*,\s*\"(?:arguments|parameters)\"",
]


class CheckReport(BaseModel):
    """What one check round showed; ``messages`` are plain sentences for people."""

    ok: bool
    provider: str
    model: str | None
    """The model that was checked; None when there was none to check."""
    role: str
    called_tool: bool = False
    """The model emitted a native tool call for the check tool."""
    arguments_valid: bool = False
    """Every such call carried a JSON object the tool accepted."""
    answered: bool = False
    """A non-empty final answer followed the tool result."""
    used_tool_value: bool = False
    """That answer contains the tool's value."""
    text_tool_call: bool = False
    """The model wrote something that only looks like a tool call into its text."""
    error: str | None = None
    """Why the round could not finish (HTTP error, timeout, no connection), if it could not."""
    tool_value: str = ""
    answer: str = ""
    elapsed_s: float = 0.0
    messages: list[str] = Field(default_factory=list)


def sunset_time(date: str) -> str:
    """Local sunset time (HH:MM) in Kreuzlingen, Switzerland, on a date given as YYYY-MM-DD."""
    from singularity.planning.sun import night_of

    try:
        day = dt.date.fromisoformat(date)
    except (TypeError, ValueError):
        raise ValueError(f"date must be written as YYYY-MM-DD, not {date!r}.") from None
    sunset = night_of(day, CHECK_PLACE).sunset
    if sunset is None:
        return f"The Sun does not set in {CHECK_PLACE.name} on {day.isoformat()}."
    return (f"Sunset in {CHECK_PLACE.name} on {day.isoformat()}: {_hhmm(sunset)} local time "
            f"({CHECK_PLACE.timezone}).")


def expected_sunset() -> str:
    """The value a model must repeat: the check date's sunset, HH:MM local time."""
    from singularity.planning.sun import night_of

    sunset = night_of(CHECK_DATE, CHECK_PLACE).sunset
    assert sunset is not None, "the check place always has a sunset on the check date"
    return _hhmm(sunset)


def _hhmm(moment: dt.datetime) -> str:
    return (moment + dt.timedelta(seconds=30)).strftime("%H:%M")


def looks_like_text_tool_call(text: str, *, tool_names: Iterable[str] = ()) -> bool:
    """True when ``text`` resembles a tool call written as prose (fenced JSON with a name,
    ``<tool_call>`` tags, ``[TOOL_CALLS]``, ``tool(…)``) rather than a native call."""
    patterns = [*_TEXT_TOOL_CALL, *(rf"\b{re.escape(name)}\s*\(" for name in tool_names)]
    return any(re.search(pattern, text, re.IGNORECASE) for pattern in patterns)


def mentions_time(answer: str, hhmm: str) -> bool:
    """Whether ``answer`` states ``hhmm`` (24-hour, or 12-hour with am/pm)."""
    hour, minute = (int(part) for part in hhmm.split(":"))
    twelve = hour % 12 or 12
    suffix = "p" if hour >= 12 else "a"
    return bool(re.search(rf"(?<!\d)0?{hour}\s*[:.h]\s*{minute:02d}(?!\d)", answer)
                or re.search(rf"(?<!\d){twelve}[:.]{minute:02d}\s*{suffix}\.?\s*m\b", answer,
                             re.IGNORECASE))


async def check_llm(*, settings: Settings, role: Role = "planning") -> CheckReport:
    """Run one tool-calling round against ``role``'s model and report what the model did."""
    started = time.monotonic()
    try:
        provider = resolve_provider(settings)
    except SingularityError as exc:
        return CheckReport(ok=False, provider=settings.llm.provider, model=None, role=role,
                           messages=[str(exc)])
    if provider == "offline":
        nothing = ("There is no model to check: no LLM is configured, so the offline pilot "
                   f"answers (set {OPENROUTER_KEY} or llm.openai_like_url to connect one).")
        return CheckReport(ok=False, provider=provider, model=None, role=role, messages=[nothing])
    report = CheckReport(ok=False, provider=provider, model=settings.llm.models[role],
                         role=role, tool_value=expected_sunset())
    seen = _Seen()
    failure: str | None = None
    try:
        await _run_round(seen, settings=settings, role=role)
    except Exception as exc:  # noqa: BLE001 - every failure becomes a sentence in the report
        failure = _failure_sentence(exc, settings)
    _judge(report, seen, failure=failure)
    report.elapsed_s = round(time.monotonic() - started, 2)
    return report


@dataclass
class _Seen:
    """What the event stream of one round showed."""

    texts: list[str] = field(default_factory=list)
    """Text of every model response, in order."""
    answer: str = ""
    """The final response's text (the one without tool calls)."""
    raw_arguments: list[Any] = field(default_factory=list)
    """Arguments of the check tool's calls as the model sent them."""
    tool_calls: int = 0
    tool_errors: list[str] = field(default_factory=list)
    unknown_tools: set[str] = field(default_factory=set)


async def _run_round(seen: _Seen, *, settings: Settings, role: Role) -> None:
    """Run the agent, recording into ``seen`` as events arrive (kept when a call fails)."""
    from llama_index.core.agent.workflow import (
        AgentOutput,
        FunctionAgent,
        ToolCall,
        ToolCallResult,
    )
    from llama_index.core.base.llms.types import ToolCallBlock
    from llama_index.core.tools import FunctionTool

    from singularity.llm.providers import build_llm

    tool = FunctionTool.from_defaults(fn=sunset_time, name=TOOL_NAME,
                                      description=sunset_time.__doc__)
    agent = FunctionAgent(name="CheckAgent", description="Answers with one tool call.",
                          system_prompt=SYSTEM_PROMPT, llm=build_llm(role, settings=settings),
                          tools=[tool])
    handler = agent.run(user_msg=QUESTION, max_iterations=MAX_ITERATIONS)
    async for event in handler.stream_events():
        if isinstance(event, AgentOutput):
            text = event.response.content or ""
            seen.texts.append(text)
            seen.raw_arguments += [block.tool_kwargs for block in event.response.blocks
                                   if isinstance(block, ToolCallBlock)
                                   and block.tool_name == TOOL_NAME]
            if not event.tool_calls:
                seen.answer = text.strip()
        elif isinstance(event, ToolCall) and event.tool_name != TOOL_NAME:
            seen.unknown_tools.add(event.tool_name)
        elif isinstance(event, ToolCallResult) and event.tool_name == TOOL_NAME:
            seen.tool_calls += 1
            if event.tool_output.is_error:
                seen.tool_errors.append(str(event.tool_output.content))
    await handler


def _judge(report: CheckReport, seen: _Seen, *, failure: str | None) -> None:
    """Set each check from what was seen, with one sentence per failed check; a round that
    failed (``failure``) is reported by that sentence alone."""
    broken = [raw for raw in seen.raw_arguments if not _is_json_object(raw)]
    report.text_tool_call = any(looks_like_text_tool_call(text, tool_names=[TOOL_NAME])
                                for text in seen.texts)
    report.called_tool = seen.tool_calls > 0
    report.arguments_valid = report.called_tool and not broken and not seen.tool_errors
    report.answer = seen.answer
    report.answered = report.called_tool and bool(seen.answer)
    report.used_tool_value = report.answered and mentions_time(seen.answer, report.tool_value)
    report.ok = (failure is None and not seen.unknown_tools and report.called_tool
                 and report.arguments_valid and report.answered and report.used_tool_value
                 and not report.text_tool_call)
    notes = report.messages
    if failure is not None:
        report.error = failure
        notes.append(failure)
        return
    if report.text_tool_call:
        notes.append("The model wrote a tool call as text instead of calling the tool natively; "
                     "choose a model with native tool calling.")
    if seen.unknown_tools:
        notes.append(f"The model called a tool that does not exist "
                     f"({', '.join(sorted(seen.unknown_tools))}).")
    if not report.called_tool and not report.text_tool_call:
        notes.append("The model answered without calling the tool, so it cannot be trusted to "
                     "use Singularity's tools." if seen.answer else
                     "The model returned an empty answer and called no tool.")
    if broken:
        notes.append(f"The model's tool-call arguments were not a valid JSON object "
                     f"({_clip(str(broken[0]))}).")
    if seen.tool_errors:
        notes.append(f"The tool rejected the model's arguments: "
                     f"{seen.tool_errors[0].rstrip('.')}.")
    if report.called_tool and not report.answered:
        notes.append("The model gave no answer after the tool result.")
    if report.answered and not report.used_tool_value:
        notes.append(f"The model's answer does not contain the tool's value "
                     f"({report.tool_value}), so it may ignore tool results.")
    if report.ok:
        notes.append(f"The model called {TOOL_NAME} natively with valid arguments and answered "
                     f"with the tool's value ({report.tool_value}).")


def _is_json_object(raw: Any) -> bool:
    if isinstance(raw, dict):
        return True
    try:
        return isinstance(json.loads(raw), dict)
    except (TypeError, ValueError):
        return False


def _failure_sentence(exc: Exception, settings: Settings) -> str:
    from workflows.errors import WorkflowRuntimeError

    if isinstance(exc, WorkflowRuntimeError) and "max iterations" in str(exc).lower():
        return (f"The model kept calling tools without finishing within {MAX_ITERATIONS} "
                "steps.")
    if isinstance(exc, SingularityError):
        return str(exc)
    return llm_failure(exc, settings=settings).render("en")


def _clip(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
