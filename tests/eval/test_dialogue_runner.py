"""The dialogue runner on a few items through the real workflow with the offline pilot, its
isolation, its files and the CLI wiring. No knowledge item: those need the built index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from eval.dialogue import UNREACHABLE, isolated_settings, missing_index, run_dialogue_eval
from singularity.cli import app as singularity_app
from singularity.config import Settings
from singularity.knowledge.store import qdrant_location

ITEMS = [
    {"id": "plan-bern", "split": "dev", "language": "en", "turns": [
        {"user": "Plan tonight in Bern with 10x50 binoculars.", "intent": "planning", "agent": "PlanningAgent",
         "tools": ["set_location", "compute_plan"], "args": {"set_location.place": "Bern"},
         "state": {"place": "Bern", "time_date": "2026-12-05", "equipment_class": "binoculars", "plan": True}},
        {"user": "Thanks!", "intent": "greeting", "agent": None, "state": {"plan_kept": True}},
        {"user": "Write me a poem about football.", "intent": "off_topic", "agent": None, "state": {"plan_kept": True}},
    ]},
    {"id": "wrong-on-purpose", "split": "heldout", "language": "de", "turns": [
        {"user": "Hallo!", "intent": "greeting", "agent": "KnowledgeAgent", "answer_patterns": ["^never$"]},
    ]},
]


@pytest.fixture
def isolated(settings: Settings, tmp_path: Path) -> Settings:
    """The runner's isolated settings, made from the test settings (an empty index folder)."""
    Path(qdrant_location(settings)).mkdir(parents=True)
    return isolated_settings(tmp_path / "run", settings)


def test_isolated_settings_keep_the_run_offline_and_private(settings: Settings, isolated: Settings, tmp_path: Path) -> None:
    assert isolated.data_dir == tmp_path / "run" and isolated.llm.provider == "offline"
    assert not isolated.geocoding.online and not isolated.tracing.enabled
    assert isolated.weather.open_meteo_url == UNREACHABLE == isolated.stellarium.url
    assert Path(qdrant_location(isolated)).is_dir() and qdrant_location(isolated) != qdrant_location(settings)
    assert "singularity ingest" in (missing_index(settings) or "")


def test_a_run_scores_every_turn_and_writes_both_files(isolated: Settings, tmp_path: Path) -> None:
    dataset = tmp_path / "set.jsonl"
    dataset.write_text("".join(json.dumps(item) + "\n" for item in ITEMS), encoding="utf-8")
    printed: list[str] = []
    code = run_dialogue_eval(dataset=dataset, output_dir=tmp_path / "out", settings=isolated, echo=printed.append,
                             fail_under=["heldout.routing_accuracy=0.5"])
    assert code == 1, "\n".join(printed)  # the wrong-on-purpose item fails the held-out gate
    [json_file] = (tmp_path / "out").glob("dialogue-*-all.json")
    run = json.loads(json_file.read_text(encoding="utf-8"))
    assert run["run"]["items"] == 2 and run["summary"]["turns"] == 4 and run["summary"]["errors"] == 0
    planned = run["turns"][0]
    assert planned["observed"]["agent"] == "PlanningAgent" and planned["passed"], planned
    assert any(call["name"] == "compute_plan" and call["status"] == "partial"
               for call in planned["observed"]["tool_calls"])  # the weather service is unreachable
    assert run["turns"][2]["observed"]["declined"] and run["turns"][2]["passed"]
    assert run["groups"]["heldout"]["routing_accuracy"] == 0.0 and run["gates"][0]["ok"] is False
    report = json_file.with_suffix(".md").read_text(encoding="utf-8")
    assert "| heldout | 1 | 1 |" in report and "1 held-out turn(s) failed" in report
    assert "wrong-on-purpose" not in report  # held-out failures are counted, not shown
    assert "Gate failed: heldout.routing_accuracy" in printed[-1]


def test_bad_input_exits_2_before_running(tmp_path: Path) -> None:
    printed: list[str] = []
    assert run_dialogue_eval(split="test", echo=printed.append) == 2 and "--split" in printed[-1]
    assert run_dialogue_eval(only=["no-such-item"], echo=printed.append) == 2 and "no item no-such-item" in printed[-1]
    bad = tmp_path / "earlier.json"
    bad.write_text("{}", encoding="utf-8")
    assert run_dialogue_eval(compare=bad, echo=printed.append) == 2 and "not a result file" in printed[-1]


def test_the_main_cli_forwards_to_the_runner() -> None:
    result = CliRunner().invoke(singularity_app, ["eval", "dialogue", "--split", "nope"])
    assert result.exit_code == 2 and "--split must be one of all, dev, heldout" in result.output
    assert "--fail-under" in CliRunner().invoke(singularity_app, ["eval", "dialogue", "--help"]).output
