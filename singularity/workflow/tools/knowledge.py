"""The KnowledgeAgent's four tools: local hybrid search, multi-topic search, web search and
image search. Each registers what it returns in the turn's source registry, so passages come
with their marker ("[1]") and the answer's source list is built from data, not from prose.

Follow-up questions are made standalone before the search (the ``query_rewriter`` model, or
rules from the last discussed object offline); original and rewritten query go into the trace.
"""


import asyncio
import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from llama_index.core.llms import LLM, ChatMessage, MessageRole
from llama_index.core.workflow import Context

from singularity.catalogue import Message, msg
from singularity.config import Settings
from singularity.errors import SingularityError
from singularity.knowledge.retrieval import Hit, KnowledgeBase, SearchOutcome
from singularity.knowledge.rewrite import needs_context, rewrite_by_rule
from singularity.knowledge.sources import local_citation, register, web_citation
from singularity.knowledge.strategy import topic_title
from singularity.knowledge.titles import TitleIndex
from singularity.observability.turn import Document, record_search
from singularity.results import ToolResult
from singularity.understanding.language import detect_language
from singularity.workflow.store_keys import (
    LAST_QUERY_KEY,
    NOW_KEY,
    RECENT_KEY,
    SOURCES_KEY,
    STATE_KEY,
)
from singularity.workflow.tools import failure, remember_object

log = logging.getLogger(__name__)

PASSAGES_PER_TOPIC = 3
MAX_REWRITE_CHARS = 300

REWRITE_PROMPT = (
    "Rewrite the user's last question as one standalone search query in the same language, "
    "resolving words like 'there', 'it', 'dort', 'er' from the conversation. If it is already "
    "standalone, return it unchanged. Reply with the query only."
)


class KnowledgeTools:
    """The knowledge tools of one workflow, on the knowledge base its session holds."""

    def __init__(self, settings: Settings, knowledge: Callable[[], KnowledgeBase], *,
                 rewriter: LLM | None = None) -> None:
        self.settings = settings
        self.knowledge_base = knowledge
        self.rewriter = rewriter

    def all(self) -> list:
        return [self.search_local_knowledge, self.search_multiple_topics, self.search_web,
                self.search_object_image]

    async def search_local_knowledge(self, ctx: Context, query: str, title: str | None = None,
                                     filter_by_title: bool = True) -> ToolResult:
        """Search the local astronomy knowledge base. title: the named object or topic to filter
        on (e.g. 'M31', 'Mars'; found in the query when not given); filter_by_title=false searches
        every document (when the filtered passages do not answer). Returns passages with citation
        markers; sufficient=false means use search_web."""
        if not query.strip():
            return ToolResult.refused(msg("knowledge.no_question"))
        started = time.time_ns()
        try:
            kb = await asyncio.to_thread(self.knowledge_base)
            standalone = await self._standalone(ctx, query, kb)
            if standalone != query:  # a title read from the question before it was resolved may be wrong
                title = None
            title = (title or topic_title(standalone, kb.titles)) if filter_by_title else None
            outcome = await asyncio.to_thread(kb.search, standalone, title=title)
        except SingularityError as exc:
            return failure(exc)
        _trace(original=query, rewritten=standalone, outcomes=[outcome], started=started)
        await ctx.store.set(LAST_QUERY_KEY, standalone)
        result = await self._passages(ctx, [outcome], per_topic=self.settings.knowledge.top_k)
        data = {**(result.data or {}), "query": query, "rewritten_query": standalone}
        if title and outcome.title_filter:
            await remember_object(ctx, title)
        return result.model_copy(update={"data": data, "model_data": {**(result.model_data or {}),
                                 **({"rewritten_query": standalone} if standalone != query else {})}})

    async def search_multiple_topics(self, ctx: Context, topics: list[str]) -> ToolResult:
        """Search several standalone topics at once (comparisons, compound questions), one
        query per topic, e.g. ['Hubble Space Telescope mirror', 'James Webb mirror']."""
        topics = [" ".join(t.split()) for t in topics if t and t.strip()]
        if not topics:
            return ToolResult.refused(msg("knowledge.no_topics"))
        started = time.time_ns()
        try:
            kb = await asyncio.to_thread(self.knowledge_base)
            requests = [(topic, topic_title(topic, kb.titles)) for topic in topics]
            outcomes = await asyncio.to_thread(kb.search_topics, requests)
        except SingularityError as exc:
            return failure(exc)
        _trace(original=" | ".join(topics), rewritten=" | ".join(topics), outcomes=outcomes,
               started=started)
        return await self._passages(ctx, outcomes, per_topic=PASSAGES_PER_TOPIC)

    async def search_web(self, ctx: Context, query: str) -> ToolResult:
        """Search the web (Brave) when the local knowledge is insufficient. Results carry
        citation markers marked as web sources."""
        from singularity.knowledge.web_search import search_web

        try:
            results = await asyncio.to_thread(search_web, query, settings=self.settings,
                                              count=self.settings.knowledge.web_results)
        except SingularityError as exc:
            return failure(exc)
        if not results:
            return ToolResult.refused(msg("knowledge.web_found_nothing", query=query))
        today = datetime.fromisoformat(await ctx.store.get(NOW_KEY)).date().isoformat()
        async with ctx.store.edit_state() as store:
            entries = store.get(SOURCES_KEY) or []
            rows = []
            for item in results:
                source = register(entries, key=item.url, kind="web", title=item.title, url=item.url,
                                  citation=web_citation(title=item.title, url=item.url, retrieved_on=today))
                rows.append({"marker": source.marker, "title": item.title, "url": item.url,
                             "text": item.snippet, "web": True})
            store[SOURCES_KEY] = entries
        return ToolResult.success({"query": query, "passages": rows, "sufficient": True},
                                  sources=_sources_of(rows, entries))

    async def search_object_image(self, ctx: Context, object_name: str) -> ToolResult:
        """Find pictures of an astronomical object (only when the user asks for images),
        from Wikimedia Commons and the NASA Image Library; they are shown with credits."""
        from singularity.knowledge.images import search_images

        try:
            found = await asyncio.to_thread(search_images, object_name, settings=self.settings,
                                            limit=self.settings.knowledge.image_results)
        except SingularityError as exc:
            return failure(exc)
        if not found.results:
            return ToolResult.refused(msg("knowledge.no_images", object=object_name))
        artifacts = [image.artifact() for image in found.results]
        rows = [{"title": i.title, "source": i.source, "license": i.license, "credit": i.credit,
                 "page": i.page_url} for i in found.results]
        data = {"object": object_name, "images": rows}
        shown = {"object": object_name,
                 "images": [{k: r[k] for k in ("title", "source", "license")} for r in rows]}
        await remember_object(ctx, object_name)
        if found.problems:
            return ToolResult.partial({**data, "detail": " ".join(found.problems)}, found.said[0],
                                      artifacts=artifacts, model_data=shown)
        return ToolResult.success(data, artifacts=artifacts, model_data=shown)

    async def _standalone(self, ctx: Context, query: str, kb: KnowledgeBase) -> str:
        """The query made standalone; the original when rewriting fails or is not needed."""
        recent: list[str] = await ctx.store.get(RECENT_KEY, default=None) or []
        state = await ctx.store.get(STATE_KEY, default=None) or {}
        if not recent and not state.get("last_discussed_object"):
            return query
        if self.rewriter is not None:
            rewritten = await _rewrite_with_model(self.rewriter, query, recent)
            if rewritten:
                return rewritten
        if not needs_context(query, kb.titles):
            return query
        previous = await ctx.store.get(LAST_QUERY_KEY, default=None) or ""
        return rewrite_by_rule(query, last_object=state.get("last_discussed_object"),
                               previous_question=previous or None, titles=kb.titles,
                               language=detect_language(query, default=detect_language(previous)))

    async def _passages(self, ctx: Context, outcomes: Sequence[SearchOutcome], *, per_topic: int) -> ToolResult:
        async with ctx.store.edit_state() as store:
            entries = store.get(SOURCES_KEY) or []
            topics = []
            for outcome in outcomes:
                rows = [_passage(hit, entries) for hit in outcome.hits[:per_topic]]
                news = (f"The question asks about events after the knowledge base's date "
                        f"({outcome.stored_on}); use search_web.")
                notes = outcome.notes + ([news] if outcome.asks_for_news else [])
                topics.append({"query": outcome.query, "sufficient": outcome.sufficient,
                               "best_similarity": round(outcome.best_similarity, 3),
                               "title_filter": list(outcome.title_filter),
                               "retried_without_filter": outcome.retried_without_filter,
                               "asks_for_news": outcome.asks_for_news, "notes": notes, "passages": rows})
            store[SOURCES_KEY] = entries
        rows = [row for topic in topics for row in topic["passages"]]
        sufficient = all(topic["sufficient"] for topic in topics)
        data = {"sufficient": sufficient, "topics": topics} if len(topics) > 1 else {**topics[0]}
        model_topics = [{"query": t["query"], "sufficient": t["sufficient"], "notes": t["notes"],
                         **{key: t[key] for key in ("title_filter", "asks_for_news") if t[key]},
                         "passages": [{k: r[k] for k in ("marker", "title", "section", "text")} for r in t["passages"]]}
                        for t in topics]
        model_data = ({"sufficient": sufficient, "topics": model_topics} if len(topics) > 1
                      else model_topics[0])
        return ToolResult.success(data, sources=_sources_of(rows, entries), model_data=model_data)


def _passage(hit: Hit, entries: list[dict[str, Any]]) -> dict[str, Any]:
    source = register(entries, key=hit.doc_id or hit.url or hit.title, kind="local", title=hit.title,
                      url=hit.url, citation=local_citation(title=hit.title, url=hit.url, source=hit.source,
                                                           retrieved_at=hit.retrieved_at,
                                                           references=hit.references))
    return {"marker": source.marker, "title": hit.title, "section": hit.section, "text": hit.text,
            "url": hit.url, "score": round(hit.score, 4), "similarity": round(hit.similarity, 3)}


def _sources_of(rows: Sequence[Mapping[str, Any]], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    used = {row["marker"] for row in rows}
    return [{"id": e["id"], "marker": f"[{e['id']}]", "kind": e["kind"],
             "citation": Message.model_validate(e["citation"]).render("en")}  # the model reads English
            for e in entries if f"[{e['id']}]" in used]


async def _rewrite_with_model(llm: LLM, query: str, recent: list[str]) -> str | None:
    """The ``query_rewriter`` model's standalone query, or None when it fails or rambles."""
    conversation = "\n".join(recent[-4:])
    messages = [ChatMessage(role=MessageRole.SYSTEM, content=REWRITE_PROMPT),
                ChatMessage(role=MessageRole.USER, content=f"Conversation:\n{conversation}\n\nQuestion: {query}")]
    try:
        response = await llm.achat(messages)
    except Exception as exc:  # noqa: BLE001 - any provider error: the original question is used
        log.warning("Query rewriting failed (%s); using the original question.", exc)
        return None
    text = " ".join((response.message.content or "").split()).strip('"')
    if not text or len(text) > MAX_REWRITE_CHARS:
        return None
    return text


def _trace(*, original: str, rewritten: str, outcomes: Sequence[SearchOutcome], started: int) -> None:
    """A retrieval span: the query as asked and as searched, every hit with its scores."""
    hits = [hit for outcome in outcomes for hit in outcome.hits]
    record_search(
        asked=original, searched=rewritten, start_time=started,
        documents=[Document(id=hit.doc_id or hit.title, content=hit.text, score=hit.score,
                            metadata={"title": hit.title, "section": hit.section, "url": hit.url,
                                      "source": hit.source, "similarity": round(hit.similarity, 4)})
                   for hit in hits],
        details={"title_filter": [t for outcome in outcomes for t in outcome.title_filter],
                 "retried_without_filter": any(o.retried_without_filter for o in outcomes),
                 "best_similarity": max((o.best_similarity for o in outcomes), default=0.0),
                 "sufficient": all(o.sufficient for o in outcomes)},
    )


class KnowledgeHandle:
    """The way to one knowledge base (a collection): opened on first use, in any thread,
    and closed by its owner. The sessions of one process share one handle per collection
    (``workflow.resources``), so the title index and the embedder are read once."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._kb: KnowledgeBase | None = None
        self._lock = threading.Lock()

    def base(self) -> KnowledgeBase:
        """The open knowledge base; raises SingularityError while it cannot be opened."""
        from singularity.knowledge.store import open_qdrant

        with self._lock:
            if self._kb is None or self._kb.client is not open_qdrant(self.settings):  # reopened since
                self._kb = KnowledgeBase.from_settings(self.settings)
            return self._kb

    def titles(self) -> TitleIndex | None:
        """The title index; None while the knowledge base cannot be opened."""
        try:
            return self.base().titles
        except SingularityError:
            return None

    def warm_up(self) -> None:
        """Open the base, read its titles and sparse vectors and load the embedding model (a session's start)."""
        try:
            self.base().embedder.embed_query("warm-up")
            self.base().sparse_index()
            self.titles()
        except SingularityError as exc:  # reported in words when the user asks something
            log.debug("The knowledge base is not ready yet: %s", exc)

    def close(self) -> None:
        """Let go of the base (its title index); the next use opens it again."""
        with self._lock:
            self._kb = None
