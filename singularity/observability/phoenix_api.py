"""Phoenix's REST API (``/v1``), the few calls the app and the evaluations make, through the one
HTTP layer (``singularity/http.py``).

What Phoenix 19.17 (pinned in uv.lock) really does, read from ``phoenix/server/api/routers/v1``
and checked against a running ``phoenix serve`` (tests/observability):

- ``POST /v1/span_annotations?sync=true`` answers 404 while the span has not arrived yet
  (spans are sent in batches about a second after they end); without ``sync`` the annotation
  is queued and a span that never arrives loses it silently. An annotation is unique by
  (name, span, identifier): a second one with the same three replaces the first.
- ``POST /v1/datasets/upload?sync=true`` with ``action=create`` answers 409 when the name is
  taken; ``GET /v1/datasets?name=`` finds it. Examples come back from
  ``GET /v1/datasets/{id}/examples`` with Relay ids (``RGF0YXNldEV4YW1wbGU6MQ==``).
- ``POST /v1/datasets/{id}/experiments`` creates the experiment and its own project
  (``project_name``), where the traces of its runs belong; runs are ``POST
  /v1/experiments/{id}/runs`` with the run's ``trace_id``, evaluations ``POST
  /v1/experiment_evaluations``.
- Every route takes ``Authorization: Bearer <PHOENIX_API_KEY>`` when authentication is on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from singularity.config import Settings
from singularity.http import Advice, Service, get_json, post_json
from singularity.tracing import ENV_API_KEY, phoenix_ui_url

TIMEOUT_S = 10.0


class PhoenixAPI:
    """Phoenix at ``base_url`` (its UI and API share one address)."""

    def __init__(self, base_url: str, *, api_key: str | None = None,
                 timeout_s: float = TIMEOUT_S) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout_s = timeout_s
        self._headers = {"authorization": f"Bearer {api_key}"} if api_key else {}
        self._service = Service(f"Phoenix at {self.base_url}", Advice.standard(self.base_url),
                                secrets=(api_key,) if api_key else ())

    @classmethod
    def from_settings(cls, settings: Settings, *, base_url: str | None = None) -> PhoenixAPI:
        """The Phoenix the traces go to (or ``base_url``), with ``PHOENIX_API_KEY``."""
        return cls(base_url or phoenix_ui_url(settings), api_key=Settings.secret(ENV_API_KEY))

    def get(self, path: str, **params: Any) -> Any:
        return get_json(self._service, f"{self.base_url}{path}", timeout_s=self.timeout_s,
                        params={k: v for k, v in params.items() if v is not None},
                        headers=self._headers)

    def post(self, path: str, body: Any) -> Any:
        return post_json(self._service, f"{self.base_url}{path}", timeout_s=self.timeout_s,
                         json_body=body, headers=self._headers)

    # --- annotations ---------------------------------------------------------------------------

    def annotate_span(self, span_id: str, *, name: str, label: str, score: float,
                      explanation: str | None, kind: str = "HUMAN",
                      metadata: Mapping[str, Any] | None = None) -> None:
        """One annotation on ``span_id`` (replacing an earlier one of the same name)."""
        self.post("/v1/span_annotations?sync=true", {"data": [{
            "span_id": span_id, "name": name, "annotator_kind": kind,
            "result": {"label": label, "score": score, "explanation": explanation},
            "metadata": dict(metadata or {}), "identifier": "",
        }]})

    # --- datasets and experiments --------------------------------------------------------------

    def dataset_id(self, name: str) -> str | None:
        """The id of the dataset called ``name``, if there is one."""
        found = self.get("/v1/datasets", name=name)["data"]
        return str(found[0]["id"]) if found else None

    def create_dataset(self, name: str, *, description: str, inputs: Sequence[Mapping[str, Any]],
                       outputs: Sequence[Mapping[str, Any]],
                       metadata: Sequence[Mapping[str, Any]]) -> str:
        """Upload a new dataset; its id."""
        answer = self.post("/v1/datasets/upload?sync=true", {
            "action": "create", "name": name, "description": description,
            "inputs": list(inputs), "outputs": list(outputs), "metadata": list(metadata),
        })
        return str(answer["data"]["dataset_id"])

    def examples(self, dataset_id: str) -> list[dict[str, Any]]:
        """The examples of the dataset's latest version."""
        return list(self.get(f"/v1/datasets/{dataset_id}/examples")["data"]["examples"])

    def create_experiment(self, dataset_id: str, *, name: str, description: str,
                          metadata: Mapping[str, Any]) -> dict[str, Any]:
        """A new experiment on the dataset's latest version (``id``, ``project_name``, …)."""
        return dict(self.post(f"/v1/datasets/{dataset_id}/experiments", {
            "name": name, "description": description, "metadata": dict(metadata), "repetitions": 1,
        })["data"])

    def add_run(self, experiment_id: str, *, example_id: str, output: Any, start: datetime,
                end: datetime, trace_id: str | None, error: str | None) -> str:
        """One example's run in the experiment; its id."""
        answer = self.post(f"/v1/experiments/{experiment_id}/runs", {
            "dataset_example_id": example_id, "output": output, "repetition_number": 1,
            "start_time": start.isoformat(), "end_time": end.isoformat(),
            "trace_id": trace_id, "error": error,
        })
        return str(answer["data"]["id"])

    def add_evaluation(self, run_id: str, *, name: str, score: float | None, label: str | None,
                       start: datetime, end: datetime) -> None:
        """A score (computed by code) of one run."""
        self.post("/v1/experiment_evaluations", {
            "experiment_run_id": run_id, "name": name, "annotator_kind": "CODE",
            "start_time": start.isoformat(), "end_time": end.isoformat(),
            "result": {"score": score, "label": label},
        })
