"""Against a real ``phoenix serve`` (the pinned release): turns of two conversations found as
two Phoenix sessions through the REST API, feedback as a span annotation, and ``eval rag
--phoenix`` as a dataset and an experiment."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from eval.rag import run_rag_eval
from singularity.config import Settings
from singularity.observability.feedback import annotate_turn
from singularity.observability.turn import Caller
from singularity.tracing import setup_tracing
from singularity.workflow.runner import Session, TurnRecord, run_turn
from tests.eval.conftest import subset  # noqa: F401 - the fixture
from tests.fakes.server import FakeServer
from tests.workflow.conftest import ARTICLE_EXAMPLE, NOW, clear_forecast

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecationWarning:inspect"),
    pytest.mark.filterwarnings(
        "ignore::pydantic.warnings.PydanticDeprecationWarning:openinference.instrumentation.*"
    ),
]


@pytest.fixture
def phoenix_settings(offline_settings: Settings, real_phoenix: int,
                     monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The offline settings, tracing to the real Phoenix (project ``singularity-test``)."""
    monkeypatch.delenv("PHOENIX_COLLECTOR_ENDPOINT", raising=False)
    monkeypatch.delenv("PHOENIX_API_KEY", raising=False)
    tracing = offline_settings.tracing.model_copy(update={
        "enabled": True, "phoenix_port": real_phoenix, "project_name": "singularity-test"})
    return offline_settings.model_copy(update={"tracing": tracing})


def _poll(fetch: Callable[[], httpx.Response], *, timeout_s: float = 60,
          until: Callable[[Any], bool] = lambda _: True) -> Any:
    """The JSON of the first 200 answer that ``until`` accepts (spans reach Phoenix a second or
    two after they end; a busy Phoenix stores a trace's spans in several batches)."""
    deadline = time.monotonic() + timeout_s
    while True:
        response = fetch()
        if (response.status_code == 200 and until(response.json())) or time.monotonic() > deadline:
            assert response.status_code == 200, response.text
            return response.json()
        time.sleep(0.3)


async def _turn(session: Session, message: str, caller: Caller) -> TurnRecord:
    async for item in run_turn(session, message, now=NOW, caller=caller):
        if isinstance(item, TurnRecord):
            return item
    raise AssertionError("no record")


async def test_turns_of_two_conversations_are_two_sessions_with_feedback(
        phoenix_settings: Settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    url = f"http://127.0.0.1:{phoenix_settings.tracing.phoenix_port}"
    handle = setup_tracing(settings=phoenix_settings)
    assert handle is not None
    try:
        alice = await _turn(Session.create(settings=phoenix_settings), ARTICLE_EXAMPLE,
                            Caller(user_id="alice", thread_id="thread-alice"))
        bob = await _turn(Session.create(settings=phoenix_settings), "Hello!",
                          Caller(user_id="bob", thread_id="thread-bob"))
    finally:
        handle.shutdown(timeout_s=10)

    with httpx.Client(base_url=url, timeout=10, trust_env=False) as client:
        for thread, record in (("thread-alice", alice), ("thread-bob", bob)):
            session = _poll(lambda t=thread: client.get(f"/v1/sessions/{t}"),
                            until=lambda answer: bool(answer["data"]["traces"]))["data"]
            assert [t["trace_id"] for t in session["traces"]] == [record.trace_id]
            spans = _poll(lambda r=record: client.get(
                "/v1/projects/singularity-test/spans", params={"trace_id": r.trace_id}),
                until=lambda found: any(s["parent_id"] is None for s in found["data"]))["data"]
            [turn] = [s for s in spans if s["parent_id"] is None]
            assert turn["name"] == "turn" and turn["context"]["span_id"] == record.span_id
            assert turn["attributes"]["session.id"] == thread
            assert turn["attributes"]["input.value"] == record.message
            assert "AgentWorkflow.run" in {s["name"] for s in spans}

        annotate_turn(alice.span_id, 0, "No galaxies up at 18:00.", phoenix_settings)
        found = _poll(lambda: client.get("/v1/projects/singularity-test/span_annotations",
                                         params={"span_ids": alice.span_id}),
                      until=lambda answer: any(a["name"] == "feedback" for a in answer["data"]))["data"]
        [feedback] = [a for a in found if a["name"] == "feedback"]
        assert feedback["result"] == {"label": "thumbs_down", "score": 0.0,
                                      "explanation": "No galaxies up at 18:00."}
        assert feedback["annotator_kind"] == "HUMAN"

        # the filters docs/tracing.md suggests find the turns they describe
        for condition, expected in [
            ("user.id == 'alice' and name == 'turn'", {alice.span_id}),
            ("metadata['language'] == 'en' and name == 'turn'", {bob.span_id}),
            ("metadata['persona'] == 'default' and parent_id is None", {alice.span_id, bob.span_id}),
            ("'compute_plan:ok' in singularity.tool_statuses", {alice.span_id}),
            ("annotations['feedback'].label == 'thumbs_down'", {alice.span_id}),
        ]:
            assert _filtered(client, condition) == expected, condition


def _filtered(client: httpx.Client, condition: str) -> set[str]:
    """Span ids of the test project that Phoenix's span filter ``condition`` matches (the
    filter bar of the Spans tab sends the same query)."""
    query = """query ($condition: String!) { projects { edges { node { name
        spans(first: 50, filterCondition: $condition) { edges { node { spanId } } } } } } }"""
    answer = client.post("/graphql", json={"query": query, "variables": {"condition": condition}})
    assert answer.status_code == 200 and "errors" not in answer.json(), answer.text
    [project] = [e["node"] for e in answer.json()["data"]["projects"]["edges"]
                 if e["node"]["name"] == "singularity-test"]
    return {e["node"]["spanId"] for e in project["spans"]["edges"]}


def test_eval_rag_phoenix_creates_a_dataset_and_an_experiment(
        phoenix_settings: Settings, tmp_path: Path, subset: Callable[..., Path]) -> None:  # noqa: F811
    url = f"http://127.0.0.1:{phoenix_settings.tracing.phoenix_port}"
    printed: list[str] = []
    code = run_rag_eval(output_dir=tmp_path / "out", settings=phoenix_settings, answers=False,
                        dataset=subset("single-01-en", "single-02-de"), phoenix=True,
                        echo=printed.append)
    assert code == 0, "\n".join(printed)

    with httpx.Client(base_url=url, timeout=10, trust_env=False) as client:
        [dataset] = [d for d in client.get("/v1/datasets").json()["data"]
                     if d["name"].startswith("singularity-rag-subset-")]
        examples = client.get(f"/v1/datasets/{dataset['id']}/examples").json()["data"]["examples"]
        assert {e["metadata"]["key"] for e in examples} == {"single-01-en", "single-02-de"}
        [experiment] = client.get(f"/v1/datasets/{dataset['id']}/experiments").json()["data"]
        runs = client.get(f"/v1/experiments/{experiment['id']}/runs").json()["data"]
        assert len(runs) == 2 and all(run["trace_id"] for run in runs)
        spans = _poll(lambda: client.get(f"/v1/projects/{experiment['project_name']}/spans",
                                         params={"trace_id": runs[0]["trace_id"]}))["data"]
        assert [s["name"] for s in spans] == ["eval example"]
        page = client.get(f"/datasets/{dataset['id']}/compare", params={"experimentId": experiment["id"]})
        assert page.status_code == 200 and f"experimentId={experiment['id']}" in printed[-3]
