"""Scripted models for workflow tests: each role replays a list of replies in order.

A reply is a string (final text) or a ``(tool_name, kwargs)`` pair (a native tool call),
delivered through LlamaIndex's own ``MockFunctionCallingLLM`` so the real AgentWorkflow,
handoffs and tools run unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from uuid import uuid4

from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms.mock import MockFunctionCallingLLM

from singularity.config import ROLES

Reply = str | tuple[str, dict[str, Any]]


def scripted(replies: Iterable[Reply]) -> MockFunctionCallingLLM:
    queue = list(replies)

    def generate(messages, **kwargs) -> ChatMessage:
        reply = queue.pop(0) if queue else "(script exhausted)"
        if isinstance(reply, str):
            return ChatMessage(role=MessageRole.ASSISTANT, content=reply)
        name, arguments = reply
        return ChatMessage(role=MessageRole.ASSISTANT, blocks=[
            ToolCallBlock(tool_call_id=f"call-{uuid4().hex[:8]}", tool_name=name, tool_kwargs=arguments)
        ])

    return MockFunctionCallingLLM(response_generator=generate, is_chat_model=True)


def scripted_llms(**scripts: list[Reply]) -> dict[str, MockFunctionCallingLLM]:
    return {role: scripted(scripts.get(role, [])) for role in ROLES}


def handoff(to_agent: str, reason: str = "scripted") -> Reply:
    return ("handoff", {"to_agent": to_agent, "reason": reason})
