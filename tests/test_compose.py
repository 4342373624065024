"""docker-compose.yml's server mode, read as Compose reads it (Docker cannot run here): every
server the issue names, the app twice on the shared history, and a proxy that keeps a browser on
its instance."""

from __future__ import annotations

import yaml

from singularity.config import PROJECT_ROOT


def _started_with(services: dict, profile: str) -> set[str]:
    """Compose starts the services of the profile and those without any profile."""
    return {name for name, service in services.items() if profile in service.get("profiles", [profile])}


def test_server_mode_runs_every_server_and_two_app_instances_behind_a_sticky_proxy() -> None:
    services = yaml.safe_load((PROJECT_ROOT / "docker-compose.yml").read_text(encoding="utf-8"))["services"]
    assert {"postgres", "qdrant", "phoenix", "app1", "app2", "proxy"} <= _started_with(services, "server")
    for app in ("app1", "app2"):
        environment = services[app]["environment"]
        assert environment["SINGULARITY__USERS__DATABASE_URL"].startswith("postgresql+asyncpg://")
        assert "@postgres:5432/" in environment["SINGULARITY__USERS__DATABASE_URL"]
        assert environment["SINGULARITY__KNOWLEDGE__QDRANT_URL"] == "http://qdrant:6333"
        assert environment["SINGULARITY__USERS__LOGIN"] != "off"
        assert "app_data:/data" in services[app]["volumes"]  # users, profiles, charts: one folder
    caddyfile = (PROJECT_ROOT / "deploy" / "Caddyfile").read_text(encoding="utf-8")
    assert "reverse_proxy app1:8000 app2:8000" in caddyfile and "lb_policy cookie" in caddyfile
