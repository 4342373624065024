"""Turn checks and dialogue metrics on hand-made observations."""

from __future__ import annotations

from typing import Any

import pytest

from eval.dialogue import apply_gates, compare_runs, parse_gates
from eval.dialogue_data import Turn
from eval.dialogue_scoring import Observation, ToolCall, TurnResult, check_turn, summarise

KONSTANZ = {"name": "Konstanz, Germany", "lat": 47.66033, "lon": 9.17582, "timezone": "Europe/Berlin"}
FLAGSTAFF = {"name": "Flagstaff, Arizona, United States", "lat": 35.198, "lon": -111.651, "timezone": "America/Phoenix"}


def seen(*, agents: tuple[str, ...] = ("SingularityOrchestrator", "PlanningAgent"), calls: tuple[ToolCall, ...] = (),
         planning: dict[str, Any] | None = None, answer: str = "", last_object: str | None = None) -> Observation:
    return Observation(agents=list(agents), tool_calls=list(calls), planning=planning or {},
                       last_object=last_object, answer=answer)


def check(turn: dict[str, Any], observation: Observation, split: str = "dev") -> TurnResult:
    return check_turn(Turn.model_validate(turn), observation, item_id="i", index=1, split=split, language="de")


def test_agent_is_the_last_specialist_and_declined_means_no_specialist_and_no_tool() -> None:
    handed = seen(agents=("SingularityOrchestrator", "KnowledgeAgent", "StellariumAgent"))
    assert handed.agent == "StellariumAgent" and not handed.declined
    alone = seen(agents=("SingularityOrchestrator",), calls=(ToolCall("handoff", {}, "ok"),))
    assert alone.agent is None and alone.declined
    assert not seen(agents=("SingularityOrchestrator",), calls=(ToolCall("search_web", {}, "failed"),)).declined


def test_tools_are_a_subset_with_alternatives_and_args_ignore_case_and_spacing() -> None:
    calls = (ToolCall("set_location", {"place": "  konstanz "}, "ok"), ToolCall("search_multiple_topics", {}, "ok"))
    result = check({"user": "x", "intent": "correction", "agent": "PlanningAgent",
                    "tools": ["set_location", "search_local_knowledge|search_multiple_topics"],
                    "args": {"set_location.place": "Konstanz", "open_in_stellarium.target": ["M42", "M 42"]}},
                   seen(calls=calls))
    assert result.agent_ok is True
    assert result.slots == {"tool:set_location": True, "tool:search_local_knowledge|search_multiple_topics": True,
                            "arg:set_location.place": True, "arg:open_in_stellarium.target": False}
    assert result.slots_ok is False and not result.passed


def test_state_place_time_coordinates_equipment_and_plan() -> None:
    planning = {"location": FLAGSTAFF, "datetime_iso": "2026-12-07T01:30:00+00:00", "duration_hours": 1.0,
                "equipment": {"class": "binoculars"}, "generated_plan": {"targets": []}}
    result = check({"user": "x", "intent": "correction", "state": {
        "place": "Flagstaff", "time_date": "2026-12-06", "time_hour": 18, "duration_hours": 1,
        "equipment_class": "binoculars", "plan": True, "plan_kept": True, "lat": 35.2, "lon": -111.65}},
        seen(planning=planning))
    assert result.slots_ok, result.slots  # the UTC start is the evening before at the place
    wrong = check({"user": "x", "intent": "planning", "state": {"place": "Kreuzlingen|Konstanz", "plan": False,
                                                               "last_object": "M 42"}},
                  seen(planning={"location": {**KONSTANZ, "name": "Kreuzlingen zum Beobachten"}}, last_object="m42"))
    assert wrong.slots == {"state:place": False, "state:plan": True, "state:last_object": True}
    assert check({"user": "x", "intent": "planning", "state": {"time_date": "2026-12-06"}}, seen()).slots_ok is False


def test_answer_patterns_must_and_must_not_match() -> None:
    result = check({"user": "x", "intent": "stellarium", "answer_patterns": ["xyzzy"],
                    "answer_not_patterns": [r"\bM ?42\b"]}, seen(answer="I found no object Xyzzy-42; M42 stays."))
    assert result.answer == {"matches /xyzzy/": True, r"does not match /\bM ?42\b/": False}
    assert result.answer_ok is False and result.agent_ok is None


def test_summary_rates_and_counts() -> None:
    plan_state = {"location": KONSTANZ, "generated_plan": {"targets": []}}
    results = [
        check({"user": "a", "intent": "off_topic", "agent": None}, seen(agents=("SingularityOrchestrator",))),
        check({"user": "b", "intent": "off_topic", "agent": None}, seen(agents=("SingularityOrchestrator", "KnowledgeAgent"))),
        check({"user": "c", "intent": "knowledge", "agent": "KnowledgeAgent"}, seen(agents=("SingularityOrchestrator",))),
        check({"user": "d", "intent": "greeting", "agent": None}, seen(agents=("SingularityOrchestrator",))),
        check({"user": "e", "intent": "correction", "agent": "PlanningAgent", "state": {"place": "Konstanz"}},
              seen(planning=plan_state), split="heldout"),
        check({"user": "f", "intent": "correction", "agent": "PlanningAgent", "state": {"place": "Bern"}},
              seen(planning=plan_state)),
        check({"user": "g", "intent": "plan_followup", "agent": "PlanningAgent", "state": {"plan_kept": True}},
              seen(planning=plan_state)),
    ]
    summary = summarise(results)
    assert summary["routing_accuracy"] == pytest.approx(5 / 7)
    assert summary["slot_accuracy"] == pytest.approx(2 / 3)
    # declined: a (off-topic), c (astronomy); d is a greeting and not counted
    assert summary["refusal_precision"] == 0.5 and summary["refusal_recall"] == 0.5
    assert summary["astronomy_refused"] == 1 and summary["off_topic_answered"] == 1
    assert summary["correction_success"] == 0.5 and summary["plan_kept_rate"] == 1.0
    assert summary["answer_pass_rate"] is None and summary["turn_pass_rate"] == pytest.approx(4 / 7)


def test_gates_parse_hold_and_fail() -> None:
    gates = parse_gates(["heldout.routing_accuracy=0.95", "slot_accuracy=0.9"], ["astronomy_refused=0"])
    assert [(g["group"], g["metric"], g["direction"]) for g in gates] == [
        ("heldout", "routing_accuracy", "under"), ("all", "slot_accuracy", "under"), ("all", "astronomy_refused", "over")]
    figures = {"all": {"slot_accuracy": 0.95, "astronomy_refused": 2}, "heldout": {"routing_accuracy": None}}
    assert [g["ok"] for g in apply_gates(gates, figures)] == [True, True, False]
    with pytest.raises(ValueError, match="must read"):
        parse_gates(["test.routing_accuracy=1"], [])
    with pytest.raises(ValueError, match="must read"):
        parse_gates([], ["routing_accuracy=1"])


def test_compare_lists_turns_that_passed_before_and_fail_now() -> None:
    def run(passed: dict[tuple[str, int], bool], sha: str) -> dict[str, Any]:
        turns = [{"item": item, "turn": turn, "split": "dev", "intent": "knowledge", "passed": ok,
                  "agent_ok": ok, "slots": {"tool:x": ok}, "answer": {}, "observed": {"agent": None, "error": None}}
                 for (item, turn), ok in passed.items()]
        return {"run": {"dataset_sha256": sha, "split": "all"}, "summary": {"routing_accuracy": 0.5}, "turns": turns}

    earlier = run({("a", 1): True, ("b", 1): False, ("c", 1): True}, "1")
    current = run({("a", 1): False, ("b", 1): True, ("d", 1): True}, "2")
    comparison = compare_runs(current, earlier, label="old.json")
    assert comparison["regressions"] == [{"item": "a", "turn": 1, "split": "dev", "intent": "knowledge",
                                          "failed_now": ["agent (got None)", "tool:x"]}]
    assert [i["item"] for i in comparison["improvements"]] == ["b"]
    assert comparison["only_before"] == 1 and comparison["only_now"] == 1
    assert comparison["warnings"] == ["The test set differs: 1 before, 2 now."]
