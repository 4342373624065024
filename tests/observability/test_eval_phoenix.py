"""``eval rag --phoenix`` and ``eval dialogue --phoenix`` against a fake Phoenix: the test set
as a dataset, the run as an experiment, each example's run traced in the experiment's project."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from eval.dialogue import isolated_settings, run_dialogue_eval
from eval.rag import run_rag_eval
from singularity.config import Settings
from singularity.knowledge.store import qdrant_location
from tests.eval.conftest import subset  # noqa: F401 - the fixture
from tests.fakes.phoenix import FakePhoenix
from tests.fakes.server import FakeServer, Request, Response
from tests.support import make_settings

pytestmark = [
    pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecationWarning:inspect"),
    pytest.mark.filterwarnings(
        "ignore::pydantic.warnings.PydanticDeprecationWarning:openinference.instrumentation.*"
    ),
]


@pytest.fixture
def phoenix(fake_server: FakeServer) -> FakePhoenix:
    fake = FakePhoenix()
    fake.install(fake_server)
    fake_server.route("POST", "/v1/traces", Response(200, b"", {"Content-Type": "application/x-protobuf"}))
    return fake


def _spans(requests: list[Request]) -> list[tuple[str, str, str, str]]:
    """(project, trace id, span name, parent span id or "") of every exported span."""
    found = []
    for request in requests:
        if request.path != "/v1/traces":
            continue
        for resource_spans in ExportTraceServiceRequest.FromString(request.body).resource_spans:
            project = {a.key: a.value.string_value for a in resource_spans.resource.attributes}[
                "openinference.project.name"]
            for scope in resource_spans.scope_spans:
                found += [(project, span.trace_id.hex(), span.name, span.parent_span_id.hex())
                          for span in scope.spans]
    return found


@pytest.mark.slow
def test_a_rag_run_becomes_an_experiment_on_its_question_set(
        phoenix: FakePhoenix, fake_server: FakeServer, tmp_path: Path,
        subset: Callable[..., Path]) -> None:  # noqa: F811
    dataset = subset("single-01-en", "single-02-de")
    settings = make_settings(tmp_path / "data")
    printed: list[str] = []

    code = run_rag_eval(output_dir=tmp_path / "out", settings=settings, dataset=dataset,
                        answers=False, phoenix_url=fake_server.url, echo=printed.append)

    assert code == 0, "\n".join(printed)
    [stored] = phoenix.datasets.values()
    assert stored["name"].startswith("singularity-rag-subset-")
    assert [e["input"] for e in stored["examples"]] == [
        {"question": "Why does the Moon turn red during a total lunar eclipse?"},
        {"question": "Warum leuchten Reflexionsnebel bläulich?"}]
    assert stored["examples"][0]["output"]["expected_titles"] == ["Lunar Eclipses"]
    assert stored["examples"][1]["metadata"] == {"kind": "single", "language": "de", "key": "single-02-de"}
    [experiment] = phoenix.experiments.values()
    assert experiment["name"].startswith("retrieval dry k=5 ")
    assert f"{fake_server.url}/datasets/{stored['id']}/compare?experimentId={experiment['id']}" in printed[-3]
    assert [run["dataset_example_id"] for run in phoenix.runs] == [e["id"] for e in stored["examples"]]
    assert phoenix.runs[0]["output"]["titles"] == ["Lunar Eclipses"]
    scores = {(e["experiment_run_id"], e["name"]): e["result"]["score"] for e in phoenix.evaluations}
    assert {name for _, name in scores} >= {"recall", "rr", "ndcg"}
    assert all(score == 1.0 for (_, name), score in scores.items() if name in ("recall", "ndcg"))

    spans = _spans(fake_server.requests)
    traced = {trace for _, trace, name, _ in spans if name == "eval example"}
    assert traced == {run["trace_id"] for run in phoenix.runs} and len(traced) == 2
    assert {project for project, *_ in spans} == {experiment["project_name"]}

    again = run_rag_eval(output_dir=tmp_path / "out", settings=settings, dataset=dataset,
                         answers=False, phoenix_url=fake_server.url, echo=printed.append)
    assert again == 0 and len(phoenix.datasets) == 1 and len(phoenix.experiments) == 2  # same set


def test_an_unreachable_phoenix_is_one_sentence(tmp_path: Path, subset: Callable[..., Path]) -> None:  # noqa: F811
    printed: list[str] = []
    code = run_rag_eval(output_dir=tmp_path / "out", settings=make_settings(tmp_path / "data"),
                        dataset=subset("single-01-en"), answers=False,
                        phoenix_url="http://127.0.0.1:9", echo=printed.append)
    assert code == 1 and printed[-1].startswith("Error: Phoenix at http://127.0.0.1:9 could not be reached")


@pytest.mark.slow
def test_a_dialogue_run_traces_each_item_with_its_turns_beneath(
        phoenix: FakePhoenix, fake_server: FakeServer, settings: Settings, tmp_path: Path) -> None:
    item = {"id": "plan-bern", "split": "dev", "language": "en", "turns": [
        {"user": "Plan tonight in Bern with 10x50 binoculars.", "intent": "planning", "agent": "PlanningAgent"},
        {"user": "Thanks!", "intent": "greeting", "agent": None},
    ]}
    dataset = tmp_path / "set.jsonl"
    dataset.write_text(json.dumps(item) + "\n", encoding="utf-8")
    Path(qdrant_location(settings)).mkdir(parents=True)
    printed: list[str] = []

    code = run_dialogue_eval(dataset=dataset, output_dir=tmp_path / "out", echo=printed.append,
                             settings=isolated_settings(tmp_path / "run", settings),
                             phoenix_url=fake_server.url)

    assert code == 0, "\n".join(printed)
    [stored] = phoenix.datasets.values()
    assert stored["examples"][0]["input"] == {"turns": [t["user"] for t in item["turns"]]}
    [run] = phoenix.runs
    assert len(run["output"]["answers"]) == 2 and run["error"] is None
    assert [e["result"]["score"] for e in phoenix.evaluations] == [1.0]
    spans = _spans(fake_server.requests)
    in_run = [name for _, trace, name, _ in spans if trace == run["trace_id"]]
    assert in_run.count("turn") == 2 and in_run.count("eval example") == 1
    assert "AgentWorkflow.run" in in_run
