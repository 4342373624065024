"""Stellarium bridge: a Remote Control HTTP client (``remote``) and a thin FastMCP server
(``server``) that exposes it as typed tools. See docs/stellarium.md."""
