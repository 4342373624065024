"""Agent tools: thin async wrappers that read the shared state, call the domain tools and
write their results back. No ``from __future__ import annotations`` in these modules: LlamaIndex
recognises the injected ``Context`` parameter by its real annotation, and a string annotation
would leak ``ctx`` into the tool schema the model sees."""

from llama_index.core.workflow import Context

from singularity.catalogue import Language, Message, msg
from singularity.errors import SingularityError
from singularity.results import ToolResult
from singularity.workflow.store_keys import STATE_KEY


def failure(exc: SingularityError) -> ToolResult:
    """A domain error as a ``failed`` result: its sentence for the conversation, its technical
    detail (a raw exception text) for the step only — the model does not see it either."""
    if not exc.detail:
        return ToolResult.failed(exc.message)
    return ToolResult.failed(exc.message, data={"detail": exc.detail}, model_data={})


def said(result: ToolResult) -> Message:
    """A result's message as a catalogue message (a plain sentence is kept as it is)."""
    return result.text or msg("common.verbatim", text=result.message)


def together(messages: list[Message]) -> Message:
    """Several sentences as one message (a partial result's flaws, in order)."""
    joined = messages[-1]
    for message in reversed(messages[:-1]):
        joined = msg("common.both", first=message, second=joined)
    return joined


async def conversation_language(ctx: Context) -> Language:
    """The conversation's language, which the turn runner keeps in the state."""
    return (await ctx.store.get(STATE_KEY, default=None) or {}).get("language") or "en"


async def remember_object(ctx: Context, name: str) -> None:
    """The object the conversation is now about (found, opened, scanned or ranked): "Zeig ihn
    mir in Stellarium" and "how far away is it?" mean it."""
    async with ctx.store.edit_state() as store:
        state = store.get(STATE_KEY)
        if state is not None:
            state["last_discussed_object"] = name
