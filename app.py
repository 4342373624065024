"""Chainlit entry point: ``chainlit run app.py`` (``./start.sh`` does it for you)."""

from singularity.ui import chainlit_app  # noqa: F401  (registers the handlers)
