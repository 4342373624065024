"""The factory that builds the agents and their AgentWorkflow (never at import time)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from llama_index.core.agent.workflow import AgentWorkflow as LlamaAgentWorkflow
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.llms.function_calling import FunctionCallingLLM
from llama_index.core.tools import FunctionTool
from pydantic import BaseModel, ConfigDict

from singularity import roles
from singularity.config import Settings
from singularity.workflow import prompts
from singularity.workflow.resources import SessionResources
from singularity.workflow.state import STATE_PROMPT, initial_state
from singularity.workflow.tools.knowledge import KnowledgeTools
from singularity.workflow.tools.planning import PlanningTools
from singularity.workflow.tools.stellarium import StellariumTools

HANDOFFS: dict[str, list[str]] = {
    roles.ORCHESTRATOR: [roles.KNOWLEDGE, roles.PLANNING, roles.STELLARIUM],
    roles.KNOWLEDGE: [],  # terminal
    roles.PLANNING: [roles.KNOWLEDGE, roles.STELLARIUM],
    roles.STELLARIUM: [roles.KNOWLEDGE, roles.PLANNING],
}


_SCHEMAS: dict[Any, type[BaseModel]] = {}
"""Each tool method's argument schema, built at its first use: a schema depends on the
signature alone, and building its pydantic models again for every new session was most of
the cost of starting one."""


def _tool(fn) -> FunctionTool:
    """A tool described by its docstring alone: LlamaIndex would prefix the Python signature,
    which the schema already carries, and every token of it is paid on every model call."""
    description = " ".join((fn.__doc__ or "").split())
    key = getattr(fn, "__func__", fn)
    schema = _SCHEMAS.get(key)
    if schema is not None:
        return FunctionTool.from_defaults(async_fn=fn, description=description, fn_schema=schema)
    tool = FunctionTool.from_defaults(async_fn=fn, description=description)
    schema = tool.metadata.fn_schema
    if schema is not None:
        tool.metadata.fn_schema = _SCHEMAS[key] = type(schema.__name__, (schema,), {
            "model_config": ConfigDict(json_schema_extra=_plain_schema)})
    return tool


def _plain_schema(schema: dict[str, Any]) -> None:
    """Only what a model needs to call the tool: no titles that repeat the parameter names, and
    an optional parameter as its own type (it is left out, never sent as null)."""
    schema.pop("title", None)
    for spec in schema.get("properties", {}).values():
        spec.pop("title", None)
        kinds = [kind for kind in spec.pop("anyOf", []) if kind.get("type") != "null"]
        if len(kinds) == 1:
            spec.update(kinds[0])
        elif kinds:
            spec["anyOf"] = kinds
        if spec.get("default", ...) is None:
            del spec["default"]


class AgentWorkflow(LlamaAgentWorkflow):
    """LlamaIndex's AgentWorkflow with two things it rebuilt on every step built once per
    workflow (llama-index-core 0.14, workflows 2.x): the handoff tool, a FunctionTool whose
    pydantic schema was made anew each time an agent took a step, and the table of step
    methods, found by ``inspect.getmembers`` over the whole workflow each time a step ran.
    Both depend only on the agents and the class; together they were a tenth of a planning
    turn's CPU (py-spy, 2026-12-02). It keeps the library's class name, which names the
    workflow's span in traces (``AgentWorkflow.run``)."""

    def _get_handoff_tool(self, current_agent: Any) -> Any:
        tools = self.__dict__.setdefault("_handoff_tools", {})
        if current_agent.name not in tools:
            tools[current_agent.name] = super()._get_handoff_tool(current_agent)
        return tools[current_agent.name]

    def _get_steps(self) -> dict[str, Any]:
        version = type(self)._step_functions_version  # add_step() on the class adds one
        cached = self.__dict__.get("_steps")
        if cached is None or cached[0] != version:
            cached = self.__dict__["_steps"] = (version, super()._get_steps())
        return dict(cached[1])


def _with_style(prompt: str, style: str) -> str:
    return f"{prompt}\n\n{style}" if style else prompt


def build_agents(
    *, settings: Settings, llms: Mapping[str, FunctionCallingLLM], resources: SessionResources,
    style: str = "",
) -> list[FunctionAgent]:
    """The orchestrator and the three specialists, their tools on the session's resources;
    ``style`` (a persona) only shapes the Knowledge and Planning agents' wording."""
    planning_tools = [_tool(fn) for fn in PlanningTools(settings, resources).all()]
    return [
        FunctionAgent(
            name=roles.ORCHESTRATOR,
            description="Routes each message to the right specialist; has no domain tools.",
            system_prompt=prompts.ORCHESTRATOR_PROMPT, tools=[], llm=llms["orchestrator"],
            can_handoff_to=HANDOFFS[roles.ORCHESTRATOR],
        ),
        FunctionAgent(
            name=roles.KNOWLEDGE,
            description="Answers astronomy questions with cited sources.",
            system_prompt=_with_style(prompts.KNOWLEDGE_PROMPT, style),
            tools=[_tool(fn) for fn in KnowledgeTools(settings, resources.knowledge_base,
                                                           rewriter=llms.get("query_rewriter")).all()],
            llm=llms["knowledge"], can_handoff_to=HANDOFFS[roles.KNOWLEDGE],
        ),
        FunctionAgent(
            name=roles.PLANNING,
            description="Observing plans, best nights and exports; questions about a plan's targets.",
            system_prompt=_with_style(prompts.PLANNING_PROMPT, style), tools=planning_tools,
            llm=llms["planning"], can_handoff_to=HANDOFFS[roles.PLANNING],
        ),
        FunctionAgent(
            name=roles.STELLARIUM,
            description="Shows objects, eyepiece views and plan tours in Stellarium.",
            system_prompt=prompts.STELLARIUM_PROMPT,
            tools=[_tool(fn) for fn in StellariumTools(settings, resources).all()],
            llm=llms["stellarium"], can_handoff_to=HANDOFFS[roles.STELLARIUM],
        ),
    ]


def build_workflow(
    *, settings: Settings, llms: Mapping[str, FunctionCallingLLM], resources: SessionResources,
    style: str = "", profile: dict | None = None,
) -> AgentWorkflow:
    return AgentWorkflow(
        agents=build_agents(settings=settings, llms=llms, resources=resources, style=style),
        root_agent=roles.ORCHESTRATOR,
        handoff_prompt=prompts.HANDOFF_PROMPT,
        initial_state=initial_state(
            duration_hours=settings.planning.default_duration_hours, profile=profile
        ),
        state_prompt=STATE_PROMPT,
    )
