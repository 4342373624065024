"""Chainlit entry point (``chainlit run app.py``).

The chat app — orchestrator, specialists, streaming steps, personas — is built on top of the
planning engine in the next milestone. Until then this entry point says so instead of pretending:
use ``./start.sh`` (the observing planner) or ``uv run singularity plan --help``.
"""

raise SystemExit(
    "The Singularity chat app is not built yet; run ./start.sh for the observing planner "
    "or `uv run singularity plan --help`."
)
