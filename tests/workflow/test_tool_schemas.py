"""No tool schema the model sees may contain the injected LlamaIndex Context."""

from __future__ import annotations

import json

from singularity.config import Settings
from singularity.workflow.agents import build_workflow
from singularity.workflow.resources import SessionResources
from tests.workflow.scripted import scripted_llms


async def test_no_tool_schema_exposes_the_context(settings: Settings) -> None:
    workflow = build_workflow(settings=settings, llms=scripted_llms(), resources=SessionResources(settings))
    seen = 0
    for name in workflow.agents:
        for tool in await workflow.get_tools(name):
            schema = json.dumps(tool.metadata.get_parameters_dict()).lower()
            assert "ctx" not in schema and "context" not in schema, (name, tool.metadata.name, schema)
            seen += 1
    assert seen >= 12


async def test_handoff_rights_follow_the_article(settings: Settings) -> None:
    workflow = build_workflow(settings=settings, llms=scripted_llms(), resources=SessionResources(settings))
    tools = {name: {t.metadata.name for t in await workflow.get_tools(name)} for name in workflow.agents}
    assert tools["KnowledgeAgent"] == {"search_local_knowledge", "search_multiple_topics", "search_web",
                                       "search_object_image"}  # exactly its four; terminal
    assert tools["SingularityOrchestrator"] == {"handoff"}  # routes only
    assert "handoff" in tools["PlanningAgent"] and "handoff" in tools["StellariumAgent"]
    assert workflow.agents["PlanningAgent"].can_handoff_to == ["KnowledgeAgent", "StellariumAgent"]
    assert workflow.agents["StellariumAgent"].can_handoff_to == ["KnowledgeAgent", "PlanningAgent"]


async def test_the_handoff_tool_and_the_step_table_are_built_once_as_the_library_builds_them(
        settings: Settings) -> None:
    from llama_index.core.agent.workflow import AgentWorkflow

    workflow = build_workflow(settings=settings, llms=scripted_llms(), resources=SessionResources(settings))
    for name in ("SingularityOrchestrator", "PlanningAgent", "StellariumAgent"):
        first = next(t for t in await workflow.get_tools(name) if t.metadata.name == "handoff")
        again = next(t for t in await workflow.get_tools(name) if t.metadata.name == "handoff")
        assert again.metadata is first.metadata  # not built again for the next step
        fresh = AgentWorkflow._get_handoff_tool(workflow, workflow.agents[name])
        assert first.metadata.description == fresh.metadata.description
        assert first.metadata.get_parameters_dict() == fresh.metadata.get_parameters_dict()
    steps = workflow._get_steps()
    assert steps == AgentWorkflow._get_steps(workflow) and len(steps) > 3
    steps.clear()  # a caller's copy: the table itself stays
    assert workflow._get_steps() == AgentWorkflow._get_steps(workflow)
