"""When the language model fails a turn: one sentence for the person, the details in a log file.

A model can fail loudly (an HTTP error, a refused connection, an unreadable stream) or quietly:
it hangs, sends nothing, sends an empty message, or writes a tool call as text. LlamaIndex
treats the quiet ones as a finished answer and the client retries a hang several times (two
layers of retries: 187 s measured with a 60 s timeout), so both are caught here: a watchdog ends
the turn when the model has been silent for ``llm.timeout_s`` (time spent inside tools does not
count), and the final reply is checked before it is shown. The offline pilot is no remote model
and is not watched. Tracebacks go to ``<data_dir>/logs/turns.log``, never to the terminal.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from llama_index.core.agent.workflow import AgentOutput, ToolCall, ToolCallResult

from singularity.catalogue import Message, msg
from singularity.llm.check import looks_like_text_tool_call
from singularity.llm.pilot.model import PilotLLM
from singularity.llm.providers import llm_failure, model_facts
from singularity.masking import mask

if TYPE_CHECKING:
    from llama_index.core.agent.workflow import AgentWorkflow
    from workflows.handler import WorkflowHandler

    from singularity.config import Settings

log = logging.getLogger(__name__)
LOG_FILE = Path("logs") / "turns.log"
"""Under ``paths.data_dir``: what went wrong in a failed turn, with the traceback."""


class ModelSilent(TimeoutError):
    """The model sent nothing for ``llm.timeout_s`` while no tool was running."""

    def __init__(self, seconds: float, model: str | None) -> None:
        super().__init__(f"no event from the model {model} for {seconds:g} s")
        self.model = model


def watched_model(workflow: AgentWorkflow) -> bool:
    """Whether a remote model answers (the offline pilot has no timeout and no wire)."""
    return not all(isinstance(agent.llm, PilotLLM) for agent in workflow.agents.values())


async def events_until_silent(handler: WorkflowHandler, workflow: AgentWorkflow,
                              silence_s: float | None) -> AsyncIterator[Any]:
    """The run's events; stops the run and raises ModelSilent when nothing arrived for
    ``silence_s`` while no tool was running (None: wait as long as it takes)."""
    events = handler.stream_events().__aiter__()
    running: set[str] = set()
    agent = workflow.root_agent
    while True:
        limit = None if running else silence_s
        try:
            event = await asyncio.wait_for(anext(events), limit)
        except StopAsyncIteration:
            return
        except TimeoutError:
            await handler.cancel_run()
            model = getattr(workflow.agents[agent].llm, "model", None)
            raise ModelSilent(silence_s or 0, model) from None
        agent = getattr(event, "current_agent_name", None) or agent
        if isinstance(event, ToolCall):
            running.add(event.tool_id)
        elif isinstance(event, ToolCallResult):
            running.discard(event.tool_id)
        yield event


def reply_failure(output: AgentOutput, workflow: AgentWorkflow,
                  settings: Settings) -> Message | None:
    """What is wrong with a remote model's final reply, if anything: nothing readable arrived
    (a web page or other garbage where the stream should be), an empty message, or a tool call
    written as text."""
    agent = workflow.agents.get(output.current_agent_name)
    if agent is None or isinstance(agent.llm, PilotLLM):
        return None
    text = (output.response.content or "").strip()
    facts = model_facts(settings, getattr(agent.llm, "model", None))
    tools = [tool.metadata.name for a in workflow.agents.values() for tool in a.tools or []
             if hasattr(tool, "metadata")]
    if not text and output.raw is None:  # the stream held no chunk of a completion at all
        failure = msg("model.unreadable", **facts)
    elif not text:
        failure = msg("model.empty", **facts)
    elif looks_like_text_tool_call(text, tool_names=[*tools, "handoff"]):
        failure = msg("model.text_tool_call", **facts)
    else:
        return None
    record_failure(settings, f"{failure.key} from {facts['model']}: {text[:2000]!r}")
    return failure


def explain(exc: BaseException, *, settings: Settings, pilot: bool) -> Message:
    """The sentence for a turn that raised; the traceback goes to the log file."""
    path = record_failure(settings, "".join(traceback.format_exception(exc)))
    log.info("The turn failed; details in %s.", path)
    if pilot:
        return msg("model.pilot_failed")
    return llm_failure(exc, settings=settings)


def record_failure(settings: Settings, details: str) -> Path:
    """Append ``details`` to the data directory's turn log, secrets masked (a provider's
    error text may echo the key); returns its path."""
    path = settings.resolve(LOG_FILE, under_data=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as handle:
        handle.write(f"--- {datetime.now().astimezone().isoformat()}\n{mask(details.rstrip())}\n")
    return path
