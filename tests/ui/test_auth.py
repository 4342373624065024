"""Login set-up: the token secret, OAuth providers from the typed configuration, the proxy header."""

from __future__ import annotations

import stat
import warnings

import pytest

from singularity.config import OAuthSettings, Settings
from singularity.errors import ConfigError
from singularity.masking import mask

with warnings.catch_warnings():  # Chainlit 2.12 imports literalai → traceloop, whose models use
    warnings.simplefilter("ignore", DeprecationWarning)  # pydantic's class-based config
    from starlette.datastructures import Headers

    from singularity.ui.auth import SECRET_FILE, ensure_auth_secret, export_oauth, proxy_identity


def test_the_token_secret_is_made_once_and_kept_privately(settings: Settings) -> None:
    first: dict[str, str] = {}
    secret = ensure_auth_secret(settings, first)
    assert first["CHAINLIT_AUTH_SECRET"] == secret and len(secret) >= 64
    path = settings.data_dir / SECRET_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert ensure_auth_secret(settings, {}) == secret  # a restart keeps everybody logged in
    assert secret not in mask(f"token signed with {secret}")


def test_a_secret_in_the_environment_wins(settings: Settings) -> None:
    assert ensure_auth_secret(settings, {"CHAINLIT_AUTH_SECRET": "from-the-environment"}) == "from-the-environment"
    assert not (settings.data_dir / SECRET_FILE).exists()


def test_oauth_providers_become_chainlits_variables() -> None:
    environ = {"OAUTH_GITHUB_CLIENT_SECRET": "gh-secret-1", "OAUTH_AZURE_AD_CLIENT_SECRET": "az-secret-2",
               "OAUTH_AZURE_AD_TENANT_ID": "set-by-hand"}
    export_oauth({"github": OAuthSettings(client_id="gh-id"),
                  "azure-ad": OAuthSettings(client_id="az-id", options={"tenant_id": "from-config"})},
                 environ)
    assert environ["OAUTH_GITHUB_CLIENT_ID"] == "gh-id"
    assert environ["OAUTH_AZURE_AD_CLIENT_ID"] == "az-id"
    assert environ["OAUTH_AZURE_AD_TENANT_ID"] == "set-by-hand"
    assert "gh-secret-1" not in mask("client_secret gh-secret-1")


def test_a_provider_without_its_secret_is_named() -> None:
    with pytest.raises(ConfigError, match="OAUTH_GITLAB_CLIENT_SECRET"):
        export_oauth({"gitlab": OAuthSettings(client_id="id", options={"domain": "gitlab.example"})}, {})
    with pytest.raises(ConfigError, match="names no provider"):
        export_oauth({}, {})


@pytest.mark.parametrize(("value", "expected"), [
    ("alice", "alice"), ("  alice@example.org ", "alice@example.org"), ("", None), ("   ", None),
    ("x" * 257, None),
])
def test_the_proxy_header_names_the_user(value: str, expected: str | None) -> None:
    assert proxy_identity(Headers({"X-Forwarded-User": value}), "X-Forwarded-User") == expected


def test_no_proxy_header_is_nobody() -> None:
    assert proxy_identity(Headers({}), "X-Forwarded-User") is None
