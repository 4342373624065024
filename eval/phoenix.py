"""An evaluation run as a Phoenix experiment (``--phoenix``): the question set becomes a
dataset (one per content: its name carries the file's hash, so runs on the same set are
compared in Phoenix), the run an experiment on it, each example's run a trace in the
experiment's project with the turns it ran beneath it, and each metric an evaluation.

Phoenix's own ``run_experiment`` (phoenix.client 3.5) runs the task itself, in its own thread
pool, with its own tracer provider; the runners here keep their loops (isolated sessions, the
offline pilot), so they use the REST routes it uses (``singularity/observability/phoenix_api.py``)
and trace with the app's own setup, pointed at the experiment's project.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from openinference.semconv.trace import OpenInferenceSpanKindValues, SpanAttributes
from opentelemetry.trace import Status, StatusCode

from singularity.config import Settings
from singularity.observability.phoenix_api import PhoenixAPI
from singularity.tracing import TracingHandle, setup_tracing

if TYPE_CHECKING:
    from eval.dataset import AnswerQuestion, Question
    from eval.dialogue_data import Item

KEY = "key"
"""The metadata field naming an example by the test set's own id."""


@dataclass(frozen=True)
class Example:
    key: str
    input: Mapping[str, Any]
    expected: Mapping[str, Any]
    metadata: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Run:
    """What one example's run produced; the runner fills in ``output`` and ``scores``."""

    key: str
    start: datetime
    end: datetime | None = None
    output: Any = None
    scores: dict[str, float | None] = field(default_factory=dict)
    error: str | None = None
    trace_id: str | None = None


def dataset_name(kind: str, path: Path) -> str:
    """``singularity-<kind>-<file stem>-<first 8 hex of its SHA-256>``: same content, same set."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:8]
    return f"singularity-{kind}-{path.stem}-{digest}"


class PhoenixExperiment:
    """One experiment in progress: runs are traced as they happen and uploaded by :meth:`finish`."""

    def __init__(self, api: PhoenixAPI, *, experiment: Mapping[str, Any], dataset_id: str,
                 example_ids: Mapping[str, str], tracing: TracingHandle | None) -> None:
        self.api = api
        self.id = str(experiment["id"])
        self.project_name = str(experiment["project_name"])
        self.dataset_id = dataset_id
        self.example_ids = dict(example_ids)
        self.runs: list[Run] = []
        self._tracing = tracing

    @classmethod
    def start(cls, api: PhoenixAPI, *, dataset: str, description: str, examples: Sequence[Example],
              name: str, metadata: Mapping[str, Any], settings: Settings) -> PhoenixExperiment:
        """Find or upload the dataset, create the experiment, trace to its project."""
        dataset_id = api.dataset_id(dataset) or api.create_dataset(
            dataset, description=description, inputs=[e.input for e in examples],
            outputs=[e.expected for e in examples],
            metadata=[{**e.metadata, KEY: e.key} for e in examples],
        )
        example_ids = {str(e["metadata"][KEY]): str(e["id"]) for e in api.examples(dataset_id)}
        experiment = api.create_experiment(dataset_id, name=name, description=description,
                                           metadata=metadata)
        tracing_settings = settings.tracing.model_copy(update={
            "enabled": True, "project_name": experiment["project_name"]})
        tracing = setup_tracing(settings=settings.model_copy(update={"tracing": tracing_settings}),
                                endpoint=api.base_url)
        return cls(api, experiment=experiment, dataset_id=dataset_id, example_ids=example_ids,
                   tracing=tracing)

    @contextmanager
    def run(self, key: str, question: str) -> Iterator[Run]:
        """Trace one example's run (an ``eval example`` span, current while it runs, so the
        turns it asks hang beneath it); the caller sets the run's output and scores."""
        run = Run(key=key, start=datetime.now(UTC))
        self.runs.append(run)
        if self._tracing is None:
            yield run
            run.end = datetime.now(UTC)
            return
        with self._tracing.tracer.start_as_current_span(
                "eval example", openinference_span_kind=OpenInferenceSpanKindValues.CHAIN,
                attributes={SpanAttributes.INPUT_VALUE: question,
                            SpanAttributes.METADATA: json.dumps({KEY: key})}) as span:
            run.trace_id = f"{span.get_span_context().trace_id:032x}"
            yield run
            run.end = datetime.now(UTC)
            span.set_attribute(SpanAttributes.OUTPUT_VALUE,
                               json.dumps(run.output, ensure_ascii=False, default=str))
            span.set_status(Status(StatusCode.ERROR, run.error) if run.error else Status(StatusCode.OK))

    def finish(self) -> str:
        """Send the traces, then every run and its scores; the experiment's page in Phoenix."""
        if self._tracing is not None:
            self._tracing.shutdown(timeout_s=10)
        for run in self.runs:
            end = run.end or datetime.now(UTC)
            run_id = self.api.add_run(self.id, example_id=self.example_ids[run.key],
                                      output=run.output, start=run.start, end=end,
                                      trace_id=run.trace_id, error=run.error)
            for name, score in run.scores.items():
                self.api.add_evaluation(run_id, name=name, score=score, label=None,
                                        start=end, end=end)
        return f"{self.api.base_url}/datasets/{self.dataset_id}/compare?experimentId={self.id}"


def run_of(experiment: PhoenixExperiment | None, key: str,
           question: str) -> AbstractContextManager[Run | None]:
    """:meth:`PhoenixExperiment.run`, or nothing when the run is not uploaded."""
    return experiment.run(key, question) if experiment is not None else nullcontext()


def phoenix_api(settings: Settings, url: str | None) -> PhoenixAPI:
    """The Phoenix at ``url``, else the one the traces go to (``PHOENIX_COLLECTOR_ENDPOINT``,
    ``tracing.collector_endpoint`` or the local one ``./start.sh`` runs)."""
    return PhoenixAPI.from_settings(settings, base_url=url)


def retrieval_experiment(api: PhoenixAPI, questions: Sequence[Question], path: Path, *, name: str,
                         metadata: Mapping[str, Any], settings: Settings) -> PhoenixExperiment:
    """The RAG retrieval set as a dataset (question → expected titles and strategy)."""
    examples = [Example(key=q.id, input={"question": q.question},
                        expected={"expected_titles": q.expected_titles,
                                  "acceptable_titles": q.acceptable_titles,
                                  "expected_strategy": q.expected_strategy.model_dump(mode="json")},
                        metadata={"kind": str(q.kind), "language": q.language}) for q in questions]
    return PhoenixExperiment.start(api, dataset=dataset_name("rag", path), examples=examples,
                                   description=f"Retrieval test set {path.name}", name=f"retrieval {name}",
                                   metadata=metadata, settings=settings)


def answer_experiment(api: PhoenixAPI, questions: Sequence[AnswerQuestion], path: Path, *, name: str,
                      metadata: Mapping[str, Any], settings: Settings) -> PhoenixExperiment:
    """The answer set as a dataset (question → the fact the answer must state, or a decline)."""
    examples = [Example(key=q.id, input={"question": q.question},
                        expected={"answerable": q.answerable, "fact": q.fact},
                        metadata={"language": q.language, "split": q.split, "asked": q.asked})
                for q in questions]
    return PhoenixExperiment.start(api, dataset=dataset_name("answers", path), examples=examples,
                                   description=f"Answer test set {path.name}", name=f"answers {name}",
                                   metadata=metadata, settings=settings)


def dialogue_experiment(api: PhoenixAPI, items: Sequence[Item], path: Path, *, name: str,
                        metadata: Mapping[str, Any], settings: Settings) -> PhoenixExperiment:
    """The dialogue set as a dataset: one example per conversation (its user turns → what each
    turn must do)."""
    examples = [Example(key=item.id, input={"turns": [turn.user for turn in item.turns]},
                        expected={"turns": [turn.model_dump(mode="json", exclude={"user"})
                                            for turn in item.turns]},
                        metadata={"language": item.language, "split": item.split, "kind": item.kind})
                for item in items]
    return PhoenixExperiment.start(api, dataset=dataset_name("dialogue", path), examples=examples,
                                   description=f"Dialogue test set {path.name}", name=f"dialogue {name}",
                                   metadata=metadata, settings=settings)
