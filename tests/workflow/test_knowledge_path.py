"""The knowledge path through the real workflow and the offline pilot: strategy, citations,
follow-ups, the web fallback and images (external services answered by local fakes)."""

from __future__ import annotations

import re

import pytest

from singularity.catalogue import say
from singularity.config import Settings
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer, Response
from tests.knowledge.fallback_support import recorded
from tests.workflow.conftest import turn


def _calls(record) -> list[tuple[str, str]]:
    return [(c.name, c.status) for c in record.tool_calls]


def _with(session: Session, **knowledge: str) -> Session:
    """The same session with other knowledge settings (fallback URLs)."""
    section = session.settings.knowledge.model_copy(update=knowledge)
    settings: Settings = session.settings.model_copy(update={"knowledge": section})
    return Session.create(settings=settings)


def _markers(text: str) -> set[int]:
    body = text.split("**Quellen**")[0].split("**Sources**")[0]
    return {int(n) for n in re.findall(r"\[(\d+)\]", body)}


async def test_a_german_question_gets_an_extractive_answer_whose_markers_match_its_sources(
        knowledge_session: Session) -> None:
    record = await turn(knowledge_session, "Wie heiß ist die Oberfläche der Venus?")
    assert _calls(record) == [("handoff", "ok"), ("search_local_knowledge", "ok")]
    assert record.tool_calls[1].arguments == {"query": "Wie heiß ist die Oberfläche der Venus?", "title": "Venus"}
    assert record.answer.startswith("Die Wissensbasis sagt dazu")
    assert "464 °C" in record.answer
    assert _markers(record.answer) == {s.id for s in record.sources}
    assert "**Quellen**" in record.answer and "lokale Kopie vom 2026-11-30" in record.answer
    assert record.state["last_discussed_object"] == "Venus"


async def test_the_articles_follow_up_is_rewritten_from_the_last_object(knowledge_session: Session) -> None:
    await turn(knowledge_session, "Erzähl mir etwas über den Mars.")
    record = await turn(knowledge_session, "Wie warm ist es dort?")
    search = record.tool_calls[-1]
    assert search.name == "search_local_knowledge" and search.arguments == {"query": "Wie warm ist es dort?"}
    assert "„Wie warm ist es auf dem Mars?“" in record.answer
    assert "−63 °C" in record.answer or "−65 °C" in record.answer
    again = await turn(knowledge_session, "Und auf der Venus?")
    assert "„Wie warm ist es auf der Venus?“" in again.answer and "464 °C" in again.answer


async def test_a_pointing_question_is_searched_for_the_object_pointed_at_not_its_topic_word(
        knowledge_session: Session) -> None:
    await turn(knowledge_session, "Erzähl mir etwas über Saturn.")
    record = await turn(knowledge_session, "Wie viele Ringe hat der eigentlich?")  # "Ringe": a topic of its own
    assert "„Wie viele Ringe hat der Saturn eigentlich?“" in record.answer
    assert record.state["last_discussed_object"] == "Saturn"


async def test_a_comparison_is_split_into_topics_searched_together(knowledge_session: Session) -> None:
    record = await turn(knowledge_session, "Was ist der Unterschied zwischen Hubble und James Webb?")
    assert _calls(record) == [("handoff", "ok"), ("search_multiple_topics", "ok")]
    assert len(record.tool_calls[1].arguments["topics"]) == 3
    titles = {s.title for s in record.sources}
    assert {"The Hubble Space Telescope", "The James Webb Space Telescope"} <= titles
    assert _markers(record.answer) == {s.id for s in record.sources}


async def test_without_a_web_search_key_the_fallback_fails_in_one_sentence_and_nothing_is_invented(
        knowledge_session: Session, monkeypatch) -> None:
    monkeypatch.delenv("BRAVE_API_KEY", raising=False)
    record = await turn(knowledge_session, "Was hat das James-Webb-Teleskop im November 2026 entdeckt?")
    assert _calls(record) == [("handoff", "ok"), ("search_local_knowledge", "ok"), ("search_web", "failed")]
    assert "nichts ausreichend Passendes" in record.answer and "BRAVE_API_KEY" in record.answer
    assert record.sources == [] and "[1]" not in record.answer


@pytest.mark.parametrize("question", ["Who designed the toilet of the International Space Station?",
                                      "Wer hat die Toilette der Internationalen Raumstation entworfen?"])
async def test_a_missing_web_search_key_is_said_once_in_a_knowledge_answer(
        knowledge_session: Session, monkeypatch, question: str) -> None:
    monkeypatch.delenv("BRAVE_API_KEY", raising=False)
    record = await turn(knowledge_session, question)
    assert ("search_web", "failed") in _calls(record)
    assert record.answer.count("BRAVE_API_KEY") == 1  # in the answer's sentence or, with nothing found, the report


async def test_the_answer_that_offers_the_web_search_relays_its_failure_without_a_second_report(
        knowledge_session: Session, monkeypatch) -> None:
    monkeypatch.delenv("BRAVE_API_KEY", raising=False)
    record = await turn(knowledge_session, "Who designed the toilet of the International Space Station?")
    assert "web search could find it, but it is not set up" in record.answer
    assert say("honesty.failed", "en", message="").strip() not in record.answer


async def test_the_web_fallback_cites_web_results_as_web(knowledge_session: Session, fake_server: FakeServer,
                                                          monkeypatch) -> None:
    monkeypatch.setenv("BRAVE_API_KEY", "test-key")
    fake_server.route("GET", "/res/v1/web/search", Response(200, recorded("brave_web_search")))
    session = _with(knowledge_session, brave_url=fake_server.url)
    record = await turn(session, "What did the James Webb Space Telescope find this week?")
    assert _calls(record)[-1] == ("search_web", "ok")
    assert record.sources and all(s.kind == "web" for s in record.sources)
    assert "(web, retrieved 2026-11-30)" in record.answer
    assert _markers(record.answer) == {s.id for s in record.sources}
    assert fake_server.requests[-1].headers["x-subscription-token"] == "test-key"


async def test_pictures_only_on_request_with_credits(knowledge_session: Session, fake_server: FakeServer) -> None:
    fake_server.route("GET", "/w/api.php", Response(200, recorded("commons_search")))
    fake_server.route("GET", "/search", Response(200, recorded("nasa_search")))
    session = _with(knowledge_session, commons_api_url=f"{fake_server.url}/w/api.php",
                    nasa_images_url=fake_server.url)
    record = await turn(session, "Zeig mir Bilder vom Orionnebel")
    assert _calls(record) == [("handoff", "ok"), ("search_object_image", "ok")]
    assert record.artifacts and all(a.kind == "image" and a.url and a.credit for a in record.artifacts)
    assert record.answer.startswith("Hier sind 3 Bilder von Orionnebel aus NASA Image and Video Library "
                                    "und Wikimedia Commons")
    plain = await turn(session, "Was ist der Orionnebel?")
    assert "search_object_image" not in [c.name for c in plain.tool_calls]


def _scripted_session(session: Session, **scripts) -> Session:
    from tests.workflow.scripted import scripted_llms

    return Session.create(settings=session.settings, llms=scripted_llms(**scripts))


async def test_a_model_rewrites_follow_ups_and_invented_markers_are_dropped(knowledge_session: Session) -> None:
    from tests.workflow.scripted import handoff

    session = _scripted_session(
        knowledge_session,
        orchestrator=[handoff("KnowledgeAgent"), handoff("KnowledgeAgent")],
        knowledge=[("search_local_knowledge", {"query": "Erzähl mir vom Mars", "title": "Mars"}),
                   "Mars ist der vierte Planet [1].",
                   ("search_local_knowledge", {"query": "Wie warm ist es dort?"}),
                   "Im Mittel etwa −63 °C [1]; manche sagen auch −80 °C [9]."],
        query_rewriter=["Wie warm ist es auf dem Mars?"],
    )
    await turn(session, "Erzähl mir vom Mars")
    record = await turn(session, "Wie warm ist es dort?")
    search = next(c for c in reversed(record.tool_calls) if c.name == "search_local_knowledge")
    assert search.status == "ok"
    assert await session.ctx.store.get("last_standalone_query") == "Wie warm ist es auf dem Mars?"
    event_data = session.history[-1]
    assert "[9]" not in record.answer and "[1]" in record.answer  # no source 9 was ever returned
    assert [s.id for s in record.sources] == [1] and "lokale Kopie vom 2026-11-30" in record.answer
    assert event_data.state["last_discussed_object"] == "Mars"


async def test_a_failing_rewriter_leaves_the_question_as_asked(knowledge_session: Session) -> None:
    from llama_index.core.llms.mock import MockFunctionCallingLLM

    from singularity.workflow.store_keys import RECENT_KEY, STATE_KEY
    from singularity.workflow.tools.knowledge import KnowledgeTools

    def broken(messages, **kwargs):
        raise TimeoutError("the rewriter timed out")

    tools = KnowledgeTools(knowledge_session.settings, knowledge_session.resources.knowledge_base,
                           rewriter=MockFunctionCallingLLM(response_generator=broken, is_chat_model=True))
    kb = tools.knowledge_base()

    class Store:  # the two context reads the rewriting step makes
        async def get(self, key, default=None):
            return {RECENT_KEY: ["user: Erzähl mir vom Mars"],
                    STATE_KEY: {"last_discussed_object": None}}.get(key, default)

    class Ctx:
        store = Store()

    assert await tools._standalone(Ctx(), "Wie groß ist Olympus Mons?", kb) == "Wie groß ist Olympus Mons?"


def test_original_and_rewritten_query_go_into_a_retrieval_span_under_the_tool(settings) -> None:
    from singularity.knowledge.retrieval import SearchOutcome
    from singularity.workflow.tools.knowledge import _trace
    from tests.tracing_support import traced

    outcome = SearchOutcome("Wie warm ist es auf dem Mars?", [], title_filter=("Mars",), retried_without_filter=False)
    with traced(settings) as recorded:
        with recorded.handle.tracer.start_as_current_span("search_local_knowledge"):
            _trace(original="Wie warm ist es dort?", rewritten=outcome.query, outcomes=[outcome], started=0)
        [span, tool] = recorded.spans()
    assert span.parent.span_id == tool.context.span_id
    assert span.attributes["singularity.query.original"] == "Wie warm ist es dort?"
    assert span.attributes["singularity.query.rewritten"] == "Wie warm ist es auf dem Mars?"
    assert list(span.attributes["singularity.retrieval.title_filter"]) == ["Mars"]
