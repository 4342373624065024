"""The conversation: agents, shared workflow state, tools that read and write it, the turn
runner and the honesty reports. Built by factories (``build_workflow``), never at import."""
