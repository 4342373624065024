"""Every key of the LlamaIndex context store that Singularity uses, in one place.

The store holds the shared workflow state (docs/decisions.md) and a few per-session values that must
not go in front of the model (the full plan, the source registry); LlamaIndex itself keeps the
active agent under ``current_agent_name``.
"""

STATE_KEY = "state"
"""The workflow state (``workflow/state.py``), shown to every model call."""
CURRENT_AGENT_KEY = "current_agent_name"
"""LlamaIndex's own key of the active agent; the runner resets it to the orchestrator."""
NOW_KEY = "now_iso"
"""The turn's "now" (ISO; naive means the local time of the place in question)."""
SESSION_DIR_KEY = "session_dir"
"""The session's folder for charts and screenshots (named by the app, never by the client)."""
LAST_PLAN_KEY = "last_plan"
"""The full plan (JSON), for the UI's table and chart and for plan follow-ups; not in the state."""
LAST_WEATHER_KEY = "last_weather"
"""The last weather verdict and its numbers (for answers in any language)."""
SOURCES_KEY = "source_registry"
"""This turn's cited sources (reset by the runner for every message)."""
LAST_QUERY_KEY = "last_standalone_query"
"""The previous standalone knowledge query ("und auf der Venus?" repeats it)."""
RECENT_KEY = "recent_messages"
"""The conversation's last messages before this one, for the query rewriter."""

CARRIED_KEYS = (STATE_KEY, LAST_PLAN_KEY, LAST_WEATHER_KEY, LAST_QUERY_KEY)
"""What a conversation carries from turn to turn (the runner sets the others for every turn)."""
