"""A persona shapes only the Knowledge and Planning agents; routing stays neutral."""

from __future__ import annotations

import re

import pytest

from singularity.config import Settings
from singularity.personas import get_persona, load_personas, style_instructions
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast, turn


async def test_persona_style_goes_to_knowledge_and_planning_only(
        session: Session, offline_settings: Settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    personas = load_personas(offline_settings.resolve(offline_settings.personas_file))
    marvin = get_persona(personas, "marvin")
    style = style_instructions(marvin)
    assert style
    record = await turn(session, ARTICLE_EXAMPLE, persona=marvin)
    agents = session.workflow.agents
    assert agents["PlanningAgent"].system_prompt.endswith(style)
    assert agents["KnowledgeAgent"].system_prompt.endswith(style)
    assert style not in agents["SingularityOrchestrator"].system_prompt
    assert style not in agents["StellariumAgent"].system_prompt
    assert record.plan is not None  # numbers and tools unaffected by style
    await turn(session, "Wie entstehen Spiralgalaxien?", persona=get_persona(personas, "default"))
    assert style not in agents["PlanningAgent"].system_prompt  # the next turn's persona wins


FACTS = re.compile(r"\d+(?:[.,]\d+)?|\[\d+\]|\b(?:M|NGC|IC) ?\d+\b")
"""Numbers, citation markers and catalogue names: what a persona may never change."""


async def _answers(offline_settings: Settings, message: str, *persona_ids: str) -> list[str]:
    personas = load_personas(offline_settings.resolve(offline_settings.personas_file))
    answers = []
    for persona_id in persona_ids:
        session = Session.create(settings=offline_settings)  # each persona its own conversation
        record = await turn(session, message, persona=get_persona(personas, persona_id))
        answers.append(record.answer)
    return answers


async def test_without_a_model_personas_change_the_wording_never_the_facts(
        offline_settings: Settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    plain, marvin, sagan = await _answers(offline_settings, ARTICLE_EXAMPLE,
                                          "default", "marvin", "sagan")
    assert len({plain, marvin, sagan}) == 3
    assert "Nicht dass es irgendetwas ändern würde." in marvin
    assert "Und bedenke –" in sagan
    for dressed in (marvin, sagan):
        assert FACTS.findall(dressed) == FACTS.findall(plain)
        for paragraph in plain.split("\n\n"):  # every composed paragraph, word for word
            assert paragraph in dressed


@pytest.mark.parametrize(("message", "persona", "line"), [
    ("Hallo!", "marvin", "Oh. Hallo. Ein Gehirn so groß wie ein Planet"),
    ("Hello!", "data", "Greetings. I am ready to process your request."),
    ("Wer gewinnt die Bundesliga?", "lovecraft", "Über solche Dinge schweigen die alten Schriften."),
    ("Who will win the Super Bowl?", "sagan", "The cosmos is vast, but my remit is smaller."),
])
async def test_greetings_and_refusals_speak_in_the_personas_voice(
        offline_settings: Settings, message: str, persona: str, line: str) -> None:
    plain, dressed = await _answers(offline_settings, message, "default", persona)
    assert line in dressed and line not in plain
    assert plain in dressed
