from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import tiktoken.registry
from llama_index.core.agent.workflow import AgentWorkflow, FunctionAgent
from llama_index.core.llms import ChatMessage, MessageRole
from llama_index.core.llms.mock import MockFunctionCallingLLM
from llama_index.core.workflow import Context

from singularity.config import Settings
from singularity.memory import chat
from singularity.memory.chat import new_chat_memory, offline_tokenizer

# Building any LlamaIndex agent makes ``workflows`` inspect it with ``inspect.getmembers``, which
# touches deprecated pydantic attributes (``__fields__``, ``model_computed_fields``, …) (llama-index-core 0.14.25):
# harmless, but an error under our warning filters.
LLAMA_AGENT_WARNING = "ignore::pydantic.warnings.PydanticDeprecationWarning:inspect"
# A reused Context cannot serialise the chat memory and says so; the memory is passed to every
# run instead (docs/architecture.md, "LlamaIndex facts").
MEMORY_NOT_SERIALISED = "ignore::workflows.context.state_store.UnserializableKeyWarning"


@pytest.fixture
def fresh_tokenizer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Forget every loaded encoding and point tiktoken's own cache at an empty directory, as
    on a machine that has never downloaded anything."""
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "empty-tiktoken-cache"))
    monkeypatch.delitem(tiktoken.registry.ENCODINGS, chat.ENCODING, raising=False)
    offline_tokenizer.cache_clear()
    yield
    offline_tokenizer.cache_clear()


def _budget(settings: Settings, tokens: int) -> Settings:
    return settings.model_copy(
        update={"memory": settings.memory.model_copy(update={"chat_token_limit": tokens})}
    )


@pytest.mark.usefixtures("fresh_tokenizer", "socket_disabled")
def test_tokenizer_loads_without_network(tmp_path: Path) -> None:
    tokenize = offline_tokenizer()
    assert len(tokenize("Which galaxies can I see tonight from Kreuzlingen?")) == 11
    assert tokenize("<|endoftext|>")  # special-token text is counted, not rejected
    # the user's own tiktoken cache setting is left as it was, and nothing was written to it
    import os

    assert os.environ["TIKTOKEN_CACHE_DIR"] == str(tmp_path / "empty-tiktoken-cache")
    assert not (tmp_path / "empty-tiktoken-cache").exists()


@pytest.mark.usefixtures("fresh_tokenizer")
def test_missing_tokenizer_file_falls_back_to_estimate(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(chat, "BUNDLED_CACHE_DIR", tmp_path)
    tokenize = offline_tokenizer()
    assert len(tokenize("x" * 41)) == 11
    assert "approximately" in caplog.text


@pytest.mark.usefixtures("fresh_tokenizer", "socket_disabled")
def test_memory_keeps_newest_messages_within_budget(settings: Settings) -> None:
    memory = new_chat_memory(settings=_budget(settings, 300))
    tokenize = offline_tokenizer()
    for turn in range(30):
        memory.put(ChatMessage(role=MessageRole.USER, content=f"question {turn}: " + "stars " * 10))
        memory.put(ChatMessage(role=MessageRole.ASSISTANT, content=f"answer {turn}: " + "moon " * 10))

    kept = memory.get()
    assert len(memory.get_all()) == 60  # the session keeps its history; only the prompt view is cut
    assert 2 < len(kept) < 60
    assert kept[-1].content.startswith("answer 29:")
    assert kept[0].role is MessageRole.USER
    assert len(tokenize(" ".join(str(m.content) for m in kept))) <= 300
    assert not any(str(m.content).startswith("question 0:") for m in kept)


@pytest.mark.filterwarnings(LLAMA_AGENT_WARNING, MEMORY_NOT_SERIALISED)
async def test_workflow_sees_earlier_turns_through_the_memory(settings: Settings) -> None:
    seen: list[list[str]] = []

    def reply(messages: list[ChatMessage], **_: object) -> ChatMessage:
        seen.append([str(m.content) for m in messages if m.role is MessageRole.USER])
        return ChatMessage(role=MessageRole.ASSISTANT, content=f"reply {len(seen)}")

    agent = FunctionAgent(
        name="Echo", description="Echoes.", system_prompt="Echo.", tools=[],
        llm=MockFunctionCallingLLM(response_generator=reply),
    )
    workflow = AgentWorkflow(agents=[agent], root_agent="Echo")
    memory = new_chat_memory(settings=settings)
    ctx = Context(workflow)
    await workflow.run(user_msg="Hello there", ctx=ctx, memory=memory)
    await workflow.run(user_msg="And again", ctx=ctx, memory=memory)

    assert seen[-1] == ["Hello there", "And again"]
    assert [str(m.content) for m in memory.get_all()] == [
        "Hello there", "reply 1", "And again", "reply 2",
    ]
