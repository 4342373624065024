"""One trace per turn: the tree and attributes of a planning, a knowledge and a failing
Stellarium turn, recorded by the app's own tracing setup into memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from llama_index.core.llms import ChatMessage

from singularity.config import Settings
from singularity.observability.turn import Caller
from singularity.workflow.runner import Session, TurnRecord, run_turn
from tests.fakes.server import FakeServer
from tests.fakes.stellarium import FakeStellarium
from tests.stellarium.agent_support import in_memory_mcp, stellarium_settings
from tests.tracing_support import ancestors, children, metadata, root, traced
from tests.workflow.conftest import ARTICLE_EXAMPLE, NOW, clear_forecast

pytestmark = [
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecationWarning:inspect"),
    pytest.mark.filterwarnings(
        "ignore::pydantic.warnings.PydanticDeprecationWarning:openinference.instrumentation.*"
    ),
]


async def _turn(session: Session, message: str, caller: Caller | None = None) -> TurnRecord:
    record = None
    async for item in run_turn(session, message, now=NOW, caller=caller):
        if isinstance(item, TurnRecord):
            record = item
    assert record is not None
    return record


async def test_a_planning_turn_is_one_trace_under_its_turn_span(
        offline_settings: Settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    with traced(offline_settings) as recorded:
        session = Session.create(settings=offline_settings)
        caller = Caller(user_id="alice", thread_id="thread-1", client_session_id="browser-1")
        record = await _turn(session, ARTICLE_EXAMPLE, caller)
        spans = recorded.trace(record.trace_id)

    assert record.plan is not None and len(record.trace_id) == 32 and len(record.span_id) == 16
    turn = root(spans)
    assert turn.name == "turn" and f"{turn.context.span_id:016x}" == record.span_id
    attributes = turn.attributes
    assert attributes["openinference.span.kind"] == "CHAIN"
    assert attributes["input.value"] == ARTICLE_EXAMPLE
    assert attributes["output.value"] == record.answer
    assert attributes["session.id"] == "thread-1" and attributes["user.id"] == "alice"
    meta = metadata(turn)
    assert meta["persona"] == "default" and meta["language"] == "de"
    assert meta["thread_id"] == "thread-1" and meta["client_session_id"] == "browser-1"
    assert meta["app_session_id"] == session.id
    assert meta["models"]["PlanningAgent"] == "offline-pilot/planning"
    assert meta["agent_path"] == record.agents == ["SingularityOrchestrator", "PlanningAgent"]
    assert {"name": "compute_plan", "status": "ok", "agent": "PlanningAgent"} in meta["tools"]
    assert meta["failed"] is False and meta["honesty"] == []
    assert meta["tokens"] == {"prompt": 0, "completion": 0} and meta["cost_usd"] is None
    assert {"persona:default", "offline", "lang:de", "agent:PlanningAgent",
            "tool:compute_plan:ok"} <= set(attributes["tag.tags"])

    # the workflow, its agents' model calls and tools hang under the turn, not beside it
    assert [s.name for s in children(spans, turn) if s.name == "AgentWorkflow.run"] == ["AgentWorkflow.run"]
    tools = [s for s in spans if s.attributes.get("tool.name") == "compute_plan"]
    assert tools and all("turn" in ancestors(spans, tool) for tool in tools)
    assert any(s.attributes["openinference.span.kind"] == "LLM" for s in spans)
    assert all(s.attributes.get("session.id") == "thread-1" for s in spans
               if s.instrumentation_scope.name.startswith("openinference"))

    [handoff] = [s for s in children(spans, turn) if s.name == "handoff"]
    assert handoff.attributes["singularity.handoff.from"] == "SingularityOrchestrator"
    assert handoff.attributes["singularity.handoff.to"] == "PlanningAgent"
    assert handoff.attributes["singularity.handoff.reason"]
    assert handoff.attributes["openinference.span.kind"] == "AGENT"


@pytest.mark.slow
async def test_a_knowledge_turn_shows_the_query_and_the_hits(
        offline_settings: Settings, knowledge_index: Path) -> None:
    from singularity.knowledge.store import close_qdrant
    from tests.support import with_knowledge

    settings = with_knowledge(offline_settings, knowledge_index)
    try:
        with traced(settings) as recorded:
            session = Session.create(settings=settings)
            first = await _turn(session, "Erzähl mir etwas über den Mars.")
            record = await _turn(session, "Wie warm ist es dort?")
            spans = recorded.trace(record.trace_id)
            first_spans = recorded.trace(first.trace_id)
    finally:
        close_qdrant(settings)

    assert first.trace_id != record.trace_id
    assert {s.context.trace_id for s in first_spans}.isdisjoint({s.context.trace_id for s in spans})
    turn = root(spans)
    assert turn.attributes["session.id"] == session.id  # no chat thread: the app's session
    assert turn.attributes["user.id"] == "local"
    meta = metadata(turn)
    assert meta["agent_path"] == ["SingularityOrchestrator", "KnowledgeAgent"]
    assert any(t["name"] == "search_local_knowledge" and t["status"] == "ok" for t in meta["tools"])

    [search] = [s for s in spans if s.name == "knowledge search"]
    assert "turn" in ancestors(spans, search)
    assert search.attributes["openinference.span.kind"] == "RETRIEVER"
    assert search.attributes["singularity.query.original"] == "Wie warm ist es dort?"
    assert "Mars" in search.attributes["singularity.query.rewritten"]
    assert search.attributes["input.value"] == search.attributes["singularity.query.rewritten"]
    assert "Mars" in search.attributes["singularity.retrieval.title_filter"]
    scores = [search.attributes[f"retrieval.documents.{n}.document.score"] for n in range(3)]
    assert scores == sorted(scores, reverse=True) and all(score > 0 for score in scores)
    assert search.attributes["retrieval.documents.0.document.content"]
    assert "Mars" in search.attributes["retrieval.documents.0.document.metadata"]


async def test_a_failing_stellarium_turn_names_the_tool_that_did_nothing_and_the_honest_report(
        settings: Settings, fake_server: FakeServer, fake_stellarium: FakeStellarium,
        monkeypatch: pytest.MonkeyPatch) -> None:
    in_memory_mcp(monkeypatch)
    clear_forecast(fake_server)
    settings = stellarium_settings(settings, fake_server, fake_stellarium.url)
    fake_stellarium.stop()
    with traced(settings) as recorded:
        record = await _turn(Session.create(settings=settings), "Zeig mir M42 in Stellarium")
        spans = recorded.trace(record.trace_id)

    turn = root(spans)
    meta = metadata(turn)
    assert meta["agent_path"] == ["SingularityOrchestrator", "StellariumAgent"]
    failed = [t for t in meta["tools"] if t["status"] == "refused"]  # nothing reached Stellarium (D64)
    assert failed and failed[0]["agent"] == "StellariumAgent"
    assert f"tool:{failed[0]['name']}:refused" in turn.attributes["tag.tags"]
    assert meta["honesty"] and meta["honesty"][0].startswith(f"refused {failed[0]['name']}: ")
    assert "Stellarium" in meta["honesty"][0]
    assert list(turn.attributes["singularity.honesty"]) == meta["honesty"]
    assert turn.attributes["output.value"] == record.answer
    assert meta["failed"] is False  # the tools failed, the turn answered honestly
    [tool] = [s for s in spans if s.attributes.get("tool.name") == failed[0]["name"]]
    assert "turn" in ancestors(spans, tool)


async def test_hidden_inputs_and_outputs_keep_chat_text_out_of_every_span(
        offline_settings: Settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    tracing = offline_settings.tracing.model_copy(update={"hide_inputs": True, "hide_outputs": True})
    settings = offline_settings.model_copy(update={"tracing": tracing})
    with traced(settings) as recorded:
        record = await _turn(Session.create(settings=settings), ARTICLE_EXAMPLE)
        spans = recorded.trace(record.trace_id)

    assert root(spans).attributes["input.value"] == "__REDACTED__"
    assert root(spans).attributes["output.value"] == "__REDACTED__"
    [handoff] = [s for s in spans if s.name == "handoff"]
    assert "singularity.handoff.reason" not in handoff.attributes
    assert handoff.attributes["singularity.handoff.to"] == "PlanningAgent"
    texts = {f"{span.name} {key}": str(value) for span in spans
             for key, value in span.attributes.items() if key != "tool.description"}  # docstrings
    assert not [key for key, text in texts.items() if "Kreuzlingen" in text or "Galaxien" in text]
    assert not [key for key, text in texts.items() if record.answer[:40] in text]


def test_hiding_falls_back_to_openinference_s_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from singularity.tracing import trace_config

    monkeypatch.setenv("OPENINFERENCE_HIDE_INPUTS", "true")
    settings = Settings.model_validate({"paths": {"data_dir": str(tmp_path)}})
    assert trace_config(settings).hide_inputs and not trace_config(settings).hide_outputs
    settings = Settings.model_validate({"paths": {"data_dir": str(tmp_path)},
                                       "tracing": {"hide_inputs": False, "hide_outputs": True}})
    assert not trace_config(settings).hide_inputs and trace_config(settings).hide_outputs


async def test_without_tracing_a_turn_has_no_trace(session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    record = await _turn(session, ARTICLE_EXAMPLE)
    assert record.plan is not None and record.trace_id is None and record.span_id is None


async def test_model_calls_late_in_a_long_conversation_keep_their_session(
        offline_settings: Settings) -> None:
    with traced(offline_settings) as recorded:
        session = Session.create(settings=offline_settings)
        earlier = [("user", f"Frage {n}: Was ist ein Nebel?") if n % 2 == 0 else ("assistant", f"Antwort {n}.")
                   for n in range(60)]  # a long conversation: its turns as the memory keeps them (D50)
        session.memory.set([ChatMessage(role=role, content=content) for role, content in earlier])
        record = await _turn(session, "Was ist ein Nebel?")
        spans = recorded.trace(record.trace_id)

    calls = [s for s in spans if s.attributes.get("openinference.span.kind") == "LLM"]
    assert max(len(call.attributes) for call in calls) > 128  # OpenTelemetry's default limit
    assert all(call.attributes["session.id"] == session.id for call in calls)
