"""A persona shapes only the Knowledge and Planning agents; routing stays neutral."""

from __future__ import annotations

from singularity.config import Settings
from singularity.personas import get_persona, load_personas, style_instructions
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast, turn


async def test_persona_style_goes_to_knowledge_and_planning_only(
        session: Session, offline_settings: Settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    personas = load_personas(offline_settings.resolve(offline_settings.personas_file))
    style = style_instructions(get_persona(personas, "marvin"))
    assert style
    record = await turn(session, ARTICLE_EXAMPLE, style=style)
    agents = session.workflow.agents
    assert agents["PlanningAgent"].system_prompt.endswith(style)
    assert agents["KnowledgeAgent"].system_prompt.endswith(style)
    assert style not in agents["SingularityOrchestrator"].system_prompt
    assert style not in agents["StellariumAgent"].system_prompt
    assert record.plan is not None  # numbers and tools unaffected by style
    await turn(session, "Wie entstehen Spiralgalaxien?", style="")
    assert style not in agents["PlanningAgent"].system_prompt  # the next turn's persona wins
