"""The honest answer of a specialist whose capability is not built yet: a refusal composed by
code, so the model cannot turn it into an invented answer."""

from singularity.results import ToolResult

KNOWLEDGE_UNAVAILABLE = (
    "The astronomy knowledge base is not available in this version of Singularity yet, so I "
    "cannot answer knowledge questions with sources; nothing was looked up."
)
STELLARIUM_UNAVAILABLE = (
    "The Stellarium bridge is not available in this version of Singularity yet, so nothing "
    "was opened in Stellarium."
)


def unavailable_tool(message: str):
    """A tool that reports ``message`` as a refusal."""

    async def report_unavailable_capability() -> ToolResult:
        """Report that this specialist's capability is not available yet."""
        return ToolResult.refused(message)

    return report_unavailable_capability
