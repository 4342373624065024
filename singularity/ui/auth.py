"""Login for the chat app, on Chainlit's own authentication (``users.login`` in config.yaml).

- ``off`` (default): no login; the one local user, as a single person's app.
- ``password``: names and scrypt hashes from ``users.json`` and SINGULARITY_USERS
  (``users/accounts.py``; ``singularity user add NAME``).
- ``header``: a proxy in front logged the user in and names them in ``users.proxy_header``.
  Anyone who can reach the app directly can send that header, so the app must be reachable
  through the proxy only.
- ``oauth``: the providers under ``users.oauth``. Chainlit 2.12 finds providers by
  environment variables only (``chainlit/oauth_providers.py``: a provider is on when all of
  its ``OAUTH_<PROVIDER>_…`` variables are set); :func:`export_oauth` writes the typed
  configuration into them, and the client secrets stay in ``.env`` under Chainlit's names.

Chainlit signs its session tokens with CHAINLIT_AUTH_SECRET and refuses to start with login on
without it (``ensure_jwt_secret``, called after the app module is imported):
:func:`ensure_auth_secret` generates one on first use and keeps it in the data dir, readable
by the owner only, so a restart does not log everybody out.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import MutableMapping

import chainlit as cl
from starlette.datastructures import Headers

from singularity.config import OAuthSettings, Settings
from singularity.errors import ConfigError
from singularity.masking import register_secret
from singularity.users.accounts import authenticate
from singularity.users.files import locked, write_atomic

AUTH_SECRET = "CHAINLIT_AUTH_SECRET"
SECRET_FILE = "chainlit-auth-secret"
MAX_IDENTITY_CHARS = 256
OAUTH_PREFIX = {
    "github": "OAUTH_GITHUB", "google": "OAUTH_GOOGLE", "azure-ad": "OAUTH_AZURE_AD",
    "azure-ad-hybrid": "OAUTH_AZURE_AD_HYBRID", "okta": "OAUTH_OKTA", "descope": "OAUTH_DESCOPE",
    "aws-cognito": "OAUTH_COGNITO", "gitlab": "OAUTH_GITLAB", "keycloak": "OAUTH_KEYCLOAK",
    "generic": "OAUTH_GENERIC",
}
"""Chainlit's environment prefix of each provider (``chainlit/oauth_providers.py``)."""


def install_login(settings: Settings) -> None:
    """Register the login configured in ``settings`` with Chainlit (nothing when it is off)."""
    login = settings.users.login
    if login == "off":
        return
    ensure_auth_secret(settings)
    if login == "password":
        async def password_login(username: str, password: str) -> cl.User | None:
            # scrypt takes about 0.1 s of CPU: off the event loop
            name = await asyncio.to_thread(authenticate, settings, username, password)
            return None if name is None else cl.User(identifier=name, metadata={"login": "password"})

        cl.password_auth_callback(password_login)
    elif login == "header":
        async def header_login(headers: Headers) -> cl.User | None:
            identity = proxy_identity(headers, settings.users.proxy_header)
            return None if identity is None else cl.User(identifier=identity, metadata={"login": "header"})

        cl.header_auth_callback(header_login)
    else:
        export_oauth(settings.users.oauth)

        async def oauth_login(provider_id: str, token: str, raw_user_data: dict[str, str],
                              default_user: cl.User, id_token: str | None = None) -> cl.User | None:
            return default_user

        cl.oauth_callback(oauth_login)


def proxy_identity(headers: Headers, name: str) -> str | None:
    """The user the proxy names in header ``name``; None when it names nobody."""
    identity = (headers.get(name) or "").strip()
    if not identity or len(identity) > MAX_IDENTITY_CHARS:
        return None
    return identity


def ensure_auth_secret(settings: Settings, environ: MutableMapping[str, str] | None = None) -> str:
    """CHAINLIT_AUTH_SECRET from the environment, else from the data dir (made on first use)."""
    environ = os.environ if environ is None else environ
    secret = environ.get(AUTH_SECRET, "").strip()
    if not secret:
        path = settings.data_dir / SECRET_FILE
        with locked(path):  # two processes starting at once agree on one secret
            try:
                secret = path.read_text(encoding="utf-8").strip()
            except FileNotFoundError:
                secret = ""
            if not secret:
                secret = secrets.token_urlsafe(48)
                write_atomic(path, secret, private=True)
        environ[AUTH_SECRET] = secret
    register_secret(secret)
    return secret


def export_oauth(providers: dict[str, OAuthSettings], environ: MutableMapping[str, str] | None = None) -> None:
    """Put each configured provider into Chainlit's variables (values already set win); a
    provider without its client secret is a ``ConfigError`` naming the variable."""
    environ = os.environ if environ is None else environ
    if not providers:
        raise ConfigError("users.login is oauth but users.oauth names no provider; add one, "
                          "e.g. users.oauth.github.client_id.")
    for provider, config in providers.items():
        prefix = OAUTH_PREFIX[provider]
        environ.setdefault(f"{prefix}_CLIENT_ID", config.client_id)
        for key, value in config.options.items():
            environ.setdefault(f"{prefix}_{key.upper()}", value)
        client_secret = environ.get(f"{prefix}_CLIENT_SECRET", "").strip()
        if not client_secret:
            raise ConfigError(f"users.oauth.{provider} needs its client secret: set "
                              f"{prefix}_CLIENT_SECRET in .env.")
        register_secret(client_secret)
