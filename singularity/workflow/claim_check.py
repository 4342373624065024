"""The claim check of a finished knowledge answer: the passages its markers cite, the knowledge
base's embedder (the bundled model works offline) and, when one is configured, the ``judge``
model, handed to ``knowledge/support.py``; the result marked in the answer and reported
(``workflow/honesty.py``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from llama_index.core.llms import LLM, ChatMessage, MessageRole

from singularity.catalogue import Language
from singularity.config import Settings
from singularity.errors import SingularityError
from singularity.knowledge.retrieval import KnowledgeBase
from singularity.knowledge.sources import Source
from singularity.knowledge.support import Embedder, Judge, Passages, check_claims, split_claims
from singularity.llm.providers import build_llm
from singularity.workflow.honesty import (
    CheckedClaim,
    Report,
    ToolEvent,
    cited_passages,
    claim_reports,
    mark_unsupported,
)

log = logging.getLogger(__name__)

JUDGE_PROMPT = (
    "You check one claim against source passages. Answer with one word: SUPPORTED if the passages "
    "state the claim (paraphrase and translation allowed, every number and name must match), "
    "otherwise UNSUPPORTED."
)


@dataclass(frozen=True)
class CheckedAnswer:
    text: str
    reports: list[Report]
    claims: list[CheckedClaim]


async def check_answer(text: str, events: Sequence[ToolEvent], entries: Sequence[Mapping[str, Any]],
                       sources: Sequence[Source], *, settings: Settings, knowledge_base: Callable[[], KnowledgeBase],
                       language: Language) -> CheckedAnswer:
    """``text`` (the answer after :func:`~singularity.knowledge.sources.cite`) with its
    unsupported claims marked, a report for each, and every claim's verdict; ``knowledge_base``
    opens the session's knowledge base, whose embedder compares meanings."""
    passages = cited_passages(events, entries, sources)
    claims = [claim for claim in split_claims(text) if any(n in passages for n in claim.cited)]
    if not claims:
        return CheckedAnswer(text, [], [])
    embedder, judge = await asyncio.to_thread(_embedder, knowledge_base), _judge(settings)
    verdicts = await asyncio.to_thread(check_claims, claims, Passages.from_texts(passages),
                                       embedder=embedder, judge=judge)
    return CheckedAnswer(mark_unsupported(text, verdicts, language), claim_reports(verdicts, language),
                         [CheckedClaim.of(verdict) for verdict in verdicts])


def _embedder(knowledge_base: Callable[[], KnowledgeBase]) -> Embedder | None:
    """The knowledge base's embedder (already loaded by the search); None when the base cannot
    be opened: the words alone decide."""
    try:
        return knowledge_base().embedder
    except SingularityError as exc:
        log.info("Claims checked by their words only: %s", exc)
        return None


def _judge(settings: Settings) -> Judge | None:
    """The configured ``judge`` model as a yes/no question per claim; None offline."""
    llm = build_llm("judge", settings=settings)
    return None if llm is None else _ask(llm)


def _ask(llm: LLM) -> Judge:
    def judge(claim: str, sentences: Sequence[str]) -> bool | None:
        passages = "\n".join(f"- {sentence}" for sentence in sentences)
        messages = [ChatMessage(role=MessageRole.SYSTEM, content=JUDGE_PROMPT),
                    ChatMessage(role=MessageRole.USER, content=f"Passages:\n{passages}\n\nClaim: {claim}")]
        try:
            said = (llm.chat(messages).message.content or "").strip().upper()
        except Exception as exc:  # noqa: BLE001 - any provider error: the embedding decides
            log.warning("The judge model failed (%s); the embedding decides.", exc)
            return None
        if said.startswith("UNSUPPORTED"):
            return False
        return True if said.startswith("SUPPORTED") else None

    return judge
