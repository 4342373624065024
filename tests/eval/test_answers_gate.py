"""The offline answers through the real workflow and the bundled knowledge base (issue 10): the
issue's own examples, and the held-out part of the answer set kept at what it measured."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from eval.dataset import load_answer_questions
from eval.dialogue_data import Item
from eval.rag import answer_questions
from eval.scoring import summarise_answers
from singularity.catalogue import say
from singularity.config import PROJECT_ROOT, Settings, load_settings

if TYPE_CHECKING:
    from singularity.workflow.runner import SharedResources

FLOOR = {"answer_accuracy": 0.80, "unanswerable_recognised": 0.93}
"""Issue 10's accuracy target, which the held-out part met on 2026-12-04 in the eighteenth round (68 of
84 = 0.810), and the recognition it has kept since 2026-12-03 (75 of 80 = 0.938; 76 of 80 = 0.950 now,
above the 0.90 target): neither may fall (docs/evaluation.md)."""


@pytest.fixture
def answer_settings(eval_data_dir: Path, tmp_path: Path) -> Settings:
    from eval.dialogue import isolated_settings

    settings = load_settings(config_path=PROJECT_ROOT / "config.yaml",
                             environ={**os.environ, "SINGULARITY__PATHS__DATA_DIR": str(eval_data_dir)})
    return isolated_settings(tmp_path / "run", settings)


async def _answer(settings: Settings, question: str, shared: SharedResources) -> str:
    from eval.dialogue import run_item

    item = Item(id="x", split="dev", language="en", turns=[{"user": question, "intent": "knowledge"}])
    return (await run_item(item, settings, shared))[0].answer


@pytest.mark.slow
@pytest.mark.timeout(900)  # the session's first test may also build the bundled index
async def test_the_issues_examples_lead_with_the_fact_or_say_there_is_none(answer_settings: Settings) -> None:
    from singularity.knowledge.store import close_qdrant
    from singularity.workflow.runner import SharedResources

    shared = SharedResources()  # the knowledge base opened once, as for the held-out questions
    try:
        neptune = await _answer(answer_settings, "Who discovered Neptune?", shared)
        dark = await _answer(answer_settings, "Why is the sky dark at night?", shared)
        named = await _answer(answer_settings, "Who named Neptune's rings after astronomers?", shared)
    finally:
        await shared.close()
        close_qdrant(answer_settings)
    assert neptune.startswith(say("knowledge_answers.intro", "en") + "\n\n**Johann Galle")
    first = dark.split("\n\n")[1]
    assert first.startswith("- ") and "[1]" in first and "Olbers" in dark.split("**Sources**")[1].split("\n")[1]
    assert named.startswith("My knowledge base does not say who named Neptune's rings after astronomers.")
    assert "BRAVE_API_KEY" in named and say("knowledge_answers.related", "en") in named


@pytest.mark.slow
@pytest.mark.timeout(900)  # the session's first test may also build the bundled index
def test_the_held_out_answers_do_not_fall_below_what_was_measured(answer_settings: Settings) -> None:
    from singularity.knowledge.store import close_qdrant

    held = [q for q in load_answer_questions() if q.split == "heldout"]
    try:
        figures = summarise_answers(answer_questions(held, answer_settings, lambda _: None))["heldout"]
    finally:
        close_qdrant(answer_settings)
    assert figures["errors"] == 0
    assert {name: figures[name] >= floor for name, floor in FLOOR.items()} == dict.fromkeys(FLOOR, True), figures
