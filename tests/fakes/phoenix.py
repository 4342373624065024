"""Phoenix's REST API (``/v1``, Phoenix 19.17) on the fake server: span annotations, datasets,
experiments, runs and evaluations, with Phoenix's own bodies and statuses (read from
``phoenix/server/api/routers/v1``; the same calls run against a real Phoenix in
tests/observability/test_phoenix_real.py)."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from typing import Any

from tests.fakes.server import FakeServer, Request, Response


def relay_id(kind: str, number: int) -> str:
    """Phoenix's Relay global id: base64 of ``Kind:number``."""
    return base64.b64encode(f"{kind}:{number}".encode()).decode()


@dataclass
class FakePhoenix:
    """What a Phoenix holds after the calls it received."""

    spans: set[str] = field(default_factory=set)
    """Span ids Phoenix has received; an annotation on another one answers 404 (``sync``)."""
    annotations: list[dict[str, Any]] = field(default_factory=list)
    datasets: dict[str, dict[str, Any]] = field(default_factory=dict)
    experiments: dict[str, dict[str, Any]] = field(default_factory=dict)
    runs: list[dict[str, Any]] = field(default_factory=list)
    evaluations: list[dict[str, Any]] = field(default_factory=list)
    _server: FakeServer | None = field(default=None, repr=False)

    def install(self, server: FakeServer) -> None:
        """Answer Phoenix's routes on ``server``; a dataset's and an experiment's own routes
        appear as they are created."""
        self._server = server
        server.route("POST", "/v1/span_annotations", self._annotate)
        server.route("GET", "/v1/datasets", self._find_dataset)
        server.route("POST", "/v1/datasets/upload", self._upload)
        server.route("POST", "/v1/experiment_evaluations", self._evaluate)

    def _annotate(self, request: Request) -> Response:
        body = json.loads(request.body)
        missing = [d["span_id"] for d in body["data"] if d["span_id"] not in self.spans]
        if request.arg("sync") == "true" and missing:
            return Response(404, {"detail": f"Spans with IDs {', '.join(missing)} do not exist."})
        self.annotations.extend(body["data"])
        first = len(self.annotations) - len(body["data"]) + 1
        ids = [relay_id("SpanAnnotation", n) for n in range(first, len(self.annotations) + 1)]
        return Response(200, {"data": [{"id": i} for i in ids] if request.arg("sync") == "true" else []})

    def _find_dataset(self, request: Request) -> Response:
        name = request.arg("name")
        found = [{"id": d["id"], "name": d["name"]} for d in self.datasets.values() if d["name"] == name]
        return Response(200, {"data": found, "next_cursor": None})

    def _upload(self, request: Request) -> Response:
        body = json.loads(request.body)
        if any(d["name"] == body["name"] for d in self.datasets.values()):
            return Response(409, {"detail": f"Dataset with name {body['name']} already exists"})
        number = len(self.datasets) + 1
        dataset_id = relay_id("Dataset", number)
        offset = sum(len(d["examples"]) for d in self.datasets.values())
        examples = [{"id": relay_id("DatasetExample", offset + n), "input": i, "output": o, "metadata": m}
                    for n, (i, o, m) in enumerate(zip(body["inputs"], body["outputs"], body["metadata"],
                                                      strict=True), start=1)]
        self.datasets[dataset_id] = {"id": dataset_id, "name": body["name"], "examples": examples}
        assert self._server is not None
        self._server.route("GET", f"/v1/datasets/{dataset_id}/examples",
                           lambda _r: self._examples(dataset_id))
        self._server.route("POST", f"/v1/datasets/{dataset_id}/experiments",
                           lambda r: self._experiment(dataset_id, r))
        return Response(200, {"data": {"dataset_id": dataset_id, "version_id": relay_id("DatasetVersion", number),
                                       "num_created_examples": len(examples), "num_updated_examples": 0}})

    def _evaluate(self, request: Request) -> Response:
        self.evaluations.append(json.loads(request.body))
        return Response(200, {"data": {"id": relay_id("ExperimentEvaluation", len(self.evaluations))}})

    def _examples(self, dataset_id: str) -> Response:
        dataset = self.datasets[dataset_id]
        return Response(200, {"data": {"dataset_id": dataset_id, "version_id": "v",
                                       "filtered_splits": [], "examples": dataset["examples"]}})

    def _experiment(self, dataset_id: str, request: Request) -> Response:
        body = json.loads(request.body)
        number = len(self.experiments) + 1
        experiment = {"id": relay_id("Experiment", number), "dataset_id": dataset_id,
                      "name": body["name"], "metadata": body["metadata"],
                      "project_name": f"Experiment-{number:024x}"}
        self.experiments[experiment["id"]] = experiment
        assert self._server is not None
        self._server.route("POST", f"/v1/experiments/{experiment['id']}/runs",
                           lambda r: self._run(experiment["id"], r))
        return Response(200, {"data": experiment})

    def _run(self, experiment_id: str, request: Request) -> Response:
        self.runs.append({**json.loads(request.body), "experiment_id": experiment_id})
        return Response(200, {"data": {"id": relay_id("ExperimentRun", len(self.runs))}})
