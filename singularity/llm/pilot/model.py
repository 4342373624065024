"""The offline pilot as a LlamaIndex ``FunctionCallingLLM``, so the same AgentWorkflow, agents
and tools run without a model.

Each instance plays one role: the orchestrator classifies the message and hands off; each
specialist chooses its next tool from the message, the state and this turn's results, and
composes the answer from tool results in the user's language. The understanding itself
(intent, slots, references) is plain domain logic in ``singularity.understanding``.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncGenerator, Callable, Generator, Mapping, Sequence
from typing import Any

from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    ChatResponseAsyncGen,
    ChatResponseGen,
    CompletionResponse,
    CompletionResponseAsyncGen,
    CompletionResponseGen,
    LLMMetadata,
    MessageRole,
    ToolCallBlock,
)
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from llama_index.core.llms.function_calling import FunctionCallingLLM
from llama_index.core.llms.llm import ToolSelection
from llama_index.core.tools import BaseTool
from pydantic import PrivateAttr

from singularity.knowledge.titles import TitleIndex
from singularity.llm.pilot.knowledge import answer_knowledge
from singularity.llm.pilot.policies import KIND, Turn, orchestrate, plan
from singularity.llm.pilot.stellarium import stellarium
from singularity.llm.pilot.voice import dress
from singularity.personas import Voice
from singularity.understanding.meaning import Meaning

POLICIES: dict[str, Callable[[Turn], ChatMessage]] = {
    "orchestrator": orchestrate,
    "planning": plan,
    "knowledge": answer_knowledge,
    "stellarium": stellarium,
}


class PilotLLM(FunctionCallingLLM):
    """One role of the offline pilot (``orchestrator``, ``planning``, ``knowledge``, …)."""

    role: str = "orchestrator"
    _policy: Callable[[Turn], ChatMessage] = PrivateAttr()
    _titles: Callable[[], TitleIndex | None] | None = PrivateAttr(default=None)
    _reader: Callable[[str], Meaning | None] | None = PrivateAttr(default=None)
    _voices: Mapping[str, Voice] = PrivateAttr(default_factory=dict)

    def __init__(self, role: str, *, titles: Callable[[], TitleIndex | None] | None = None,
                 reader: Callable[[str], Meaning | None] | None = None, **kwargs: Any) -> None:
        """``titles`` gives the knowledge base's title index when the knowledge role needs it;
        ``reader`` the meaning of a message, for routing (None: rules only)."""
        super().__init__(role=role, **kwargs)
        self._policy = POLICIES[role]
        self._titles = titles
        self._reader = reader

    def speak_as(self, voices: Mapping[str, Voice]) -> None:
        """Dress final texts with a persona's phrases, per language (empty: as composed)."""
        self._voices = voices

    @classmethod
    def class_name(cls) -> str:
        return "SingularityOfflinePilot"

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name=f"offline-pilot/{self.role}", is_chat_model=True,
                           is_function_calling_model=True, context_window=1_000_000)

    def _reply(self, messages: Sequence[ChatMessage], tools: Sequence[BaseTool]) -> ChatMessage:
        turn = Turn.from_messages(messages, [t.metadata.name for t in tools])
        if self._titles is not None:
            turn.titles = self._titles()
        turn.reader = self._reader
        message = self._policy(turn)
        if message.content and not any(isinstance(b, ToolCallBlock) for b in message.blocks):
            kind = message.additional_kwargs.get(KIND, "answer")
            message.content = dress(message.content, kind, self._voices.get(turn.language))
        return message

    def _prepare_chat_with_tools(
        self, tools: Sequence[BaseTool], user_msg: str | ChatMessage | None = None,
        chat_history: list[ChatMessage] | None = None, verbose: bool = False,
        allow_parallel_tool_calls: bool = False, tool_required: bool = False, **kwargs: Any,
    ) -> dict[str, Any]:
        messages = list(chat_history or [])
        if user_msg:
            messages.append(user_msg if isinstance(user_msg, ChatMessage)
                            else ChatMessage(role=MessageRole.USER, content=user_msg))
        return {"messages": messages, "tools": tools}

    def get_tool_calls_from_response(
        self, response: ChatResponse, error_on_no_tool_call: bool = False, **kwargs: Any
    ) -> list[ToolSelection]:
        calls = [b for b in response.message.blocks if isinstance(b, ToolCallBlock)]
        if not calls and error_on_no_tool_call:
            raise ValueError("The pilot made no tool call.")
        return [ToolSelection(tool_id=c.tool_call_id or "", tool_name=c.tool_name,
                              tool_kwargs=dict(c.tool_kwargs)) for c in calls]

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        message = self._reply(messages, kwargs.get("tools") or [])
        return ChatResponse(message=message, delta=message.content or "")

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        message = await asyncio.to_thread(self._reply, messages, kwargs.get("tools") or [])
        return ChatResponse(message=message, delta=message.content or "")

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        message = self._reply(messages, kwargs.get("tools") or [])

        def gen() -> Generator[ChatResponse, None, None]:
            yield from _chunks(message)

        return gen()

    @llm_chat_callback()
    async def astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseAsyncGen:
        # understanding embeds and parses: CPU work that must not hold the event loop
        message = await asyncio.to_thread(self._reply, messages, kwargs.get("tools") or [])

        async def gen() -> AsyncGenerator[ChatResponse, None]:
            for chunk in _chunks(message):
                yield chunk

        return gen()

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text="")

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        def gen() -> Generator[CompletionResponse, None, None]:
            yield CompletionResponse(text="", delta="")
        return gen()

    @llm_completion_callback()
    async def acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text="")

    @llm_completion_callback()
    async def astream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseAsyncGen:
        async def gen() -> AsyncGenerator[CompletionResponse, None]:
            yield CompletionResponse(text="", delta="")
        return gen()


def _chunks(message: ChatMessage) -> Generator[ChatResponse, None, None]:
    """Stream the text in word-sized pieces (the UI shows tokens arriving), tool calls last."""
    text = message.content or ""
    pieces = re.findall(r"\S+\s*|\s+", text) or [""]
    so_far = ""
    for piece in pieces:
        so_far += piece
        yield ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=so_far), delta=piece)
    if any(isinstance(b, ToolCallBlock) for b in message.blocks):
        yield ChatResponse(message=message, delta="")
