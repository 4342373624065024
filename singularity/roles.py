"""Agent names and model roles: shared by the workflow that builds the agents and by the LLM
layer that plays them (the offline pilot hands off by these names), so neither imports the other."""

ORCHESTRATOR = "SingularityOrchestrator"
KNOWLEDGE = "KnowledgeAgent"
PLANNING = "PlanningAgent"
STELLARIUM = "StellariumAgent"

AGENT_ROLES = ("orchestrator", "knowledge", "planning", "stellarium")
"""The model roles that drive an agent; ``query_rewriter`` and ``judge`` serve tools."""
