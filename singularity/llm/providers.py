"""Which model answers each agent role, and one-sentence explanations when a model call fails.

The provider follows from configuration and secrets (DESIGN.md, "LLM roles and providers"):
OpenRouter when its key is set, else any OpenAI-compatible server, else the offline pilot
(built elsewhere). Both online providers speak the OpenAI wire format through the ``openai``
client, so their failures are classified from that client's exceptions.
"""

from __future__ import annotations

import errno
import socket
from typing import TYPE_CHECKING, Literal

from singularity.config import ROLES, Role, Settings
from singularity.errors import ConfigError

if TYPE_CHECKING:
    from llama_index.core.llms.function_calling import FunctionCallingLLM

Provider = Literal["openrouter", "openai_like", "offline"]

OPENROUTER_KEY = "OPENROUTER_API_KEY"
OPENAI_LIKE_KEY = "OPENAI_LIKE_API_KEY"
KEYLESS = "not-needed"
"""Sent as the bearer token to local servers (LM Studio, Ollama) that ignore it."""
MAX_OUTPUT_TOKENS = 2048
"""Cap per answer. Without a cap OpenRouter reserves credit for the model's whole output
window (HTTP 402 on small balances); with LlamaIndex's default (256) plan answers get cut."""
APP_TITLE = "Singularity"
"""Shown in OpenRouter's activity log (its ``X-Title`` header)."""


def resolve_provider(settings: Settings) -> Provider:
    """The provider to use; an explicit choice that lacks its key or URL is a ConfigError."""
    choice = settings.llm.provider
    key = Settings.secret(OPENROUTER_KEY)
    if choice == "openrouter" and key is None:
        raise ConfigError(f"llm.provider is 'openrouter' but {OPENROUTER_KEY} is not set.")
    if choice == "openai_like" and not settings.llm.openai_like_url:
        raise ConfigError("llm.provider is 'openai_like' but llm.openai_like_url is not set.")
    if choice != "auto":
        return choice
    if key is not None:
        return "openrouter"
    if settings.llm.openai_like_url:
        return "openai_like"
    return "offline"


def build_llm(role: Role, *, settings: Settings) -> FunctionCallingLLM | None:
    """The function-calling LLM for ``role``, or None when the offline pilot must answer."""
    provider = resolve_provider(settings)
    if provider == "offline":
        return None
    llm = settings.llm
    common = {
        "model": llm.models[role],
        "temperature": llm.temperature,
        "max_tokens": MAX_OUTPUT_TOKENS,
        "timeout": llm.timeout_s,
        "max_retries": llm.max_retries,
        "context_window": llm.context_window,
        "is_function_calling_model": True,
    }
    if provider == "openrouter":
        from llama_index.llms.openrouter import OpenRouter

        return OpenRouter(api_base=llm.openrouter_url, api_key=Settings.secret(OPENROUTER_KEY),
                          default_headers={"X-Title": APP_TITLE}, **common)
    from llama_index.llms.openai_like import OpenAILike

    return OpenAILike(api_base=llm.openai_like_url,
                      api_key=Settings.secret(OPENAI_LIKE_KEY) or KEYLESS,
                      is_chat_model=True, **common)


def describe_provider(settings: Settings) -> str:
    """One line for the UI and CLI: the provider and which model serves which roles."""
    provider = resolve_provider(settings)
    if provider == "offline":
        return (f"offline pilot (no LLM configured: set {OPENROUTER_KEY} or "
                "llm.openai_like_url)")
    by_model: dict[str, list[str]] = {}
    for role in ROLES:
        by_model.setdefault(settings.llm.models[role], []).append(role)
    models = "; ".join(f"{model} for {_join(roles)}" for model, roles in by_model.items())
    name = ("OpenRouter" if provider == "openrouter"
            else f"OpenAI-compatible server at {settings.llm.openai_like_url}")
    return f"{name} ({models})"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def classify_llm_error(exc: BaseException, *, provider: Provider | None = None) -> str:
    """One plain sentence saying what went wrong with a model call and what to check.

    Looks through the exception chain, since LlamaIndex and the workflow runtime may wrap the
    ``openai`` client's error; ``provider`` lets the sentence name the right key variable.
    """
    import httpx
    import openai

    chain = _chain(exc)
    status_error = next((e for e in chain if isinstance(e, openai.APIStatusError)), None)
    if status_error is not None:
        return _status_sentence(status_error.status_code, _server_message(status_error), provider)
    if any(isinstance(e, (openai.APITimeoutError, httpx.TimeoutException, TimeoutError))
           for e in chain):
        return ("The model did not answer in time; try again, or raise llm.timeout_s for a slow "
                "local model.")
    if any(isinstance(e, socket.gaierror) or "name resolution" in str(e).lower()
           or "name or service not known" in str(e).lower() for e in chain):
        return ("The model server's host name could not be resolved; check the provider URL "
                "and the network.")
    if any(isinstance(e, ConnectionRefusedError) or getattr(e, "errno", None) == errno.ECONNREFUSED
           or "connection refused" in str(e).lower() for e in chain):
        return ("Nothing answered at the model server's address (connection refused); check that "
                "the server is running and the provider URL is right.")
    if any(isinstance(e, (openai.APIConnectionError, httpx.TransportError, ConnectionError))
           for e in chain):
        return "Could not connect to the model server; check the network and the provider URL."
    if any(isinstance(e, openai.APIError) for e in chain):
        api_error = next(e for e in chain if isinstance(e, openai.APIError))
        return f"The model server reported an error: {_sentence(api_error.message)}"
    return f"The model call failed unexpectedly: {type(exc).__name__}: {_sentence(str(exc))}"


def _status_sentence(status: int, detail: str, provider: Provider | None) -> str:
    key = {"openrouter": OPENROUTER_KEY, "openai_like": OPENAI_LIKE_KEY}.get(
        provider or "", f"{OPENROUTER_KEY} or {OPENAI_LIKE_KEY}")
    said = f" The server said: {detail}" if detail else ""
    if status == 401:
        return f"The model server rejected the API key (HTTP 401); check {key}."
    if status == 402:
        return "The model provider wants payment (HTTP 402): the account has no credits left."
    if status == 403:
        return (f"The model server refused access (HTTP 403); the key in {key} may not be "
                f"allowed to use this model.{said}")
    if status == 404:
        return (f"The model server does not offer this model or endpoint (HTTP 404); check the "
                f"model names in llm.models and the provider URL.{said}")
    if status == 429:
        return ("The model provider is limiting requests (HTTP 429: rate limit or quota); wait "
                "a moment and try again.")
    if status >= 500:
        return f"The model server had an internal error (HTTP {status}); try again later."
    return f"The model server rejected the request (HTTP {status}).{said}"


def _server_message(error: BaseException) -> str:
    body = getattr(error, "body", None)
    message = body.get("message") if isinstance(body, dict) else None
    return _sentence(message) if isinstance(message, str) and message.strip() else ""


def _sentence(text: str, limit: int = 200) -> str:
    """The first line of ``text``, shortened, ending with a full stop."""
    line = text.strip().splitlines()[0] if text.strip() else "no details"
    line = line if len(line) <= limit else line[: limit - 1].rstrip() + "…"
    return line if line.endswith((".", "!", "?", "…")) else line + "."


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc`` with its causes, contexts and (for groups) members, each once."""
    seen: list[BaseException] = []
    pending = [exc]
    while pending:
        current = pending.pop(0)
        if any(current is s for s in seen):
            continue
        seen.append(current)
        pending.extend(e for e in (current.__cause__, current.__context__) if e is not None)
        pending.extend(getattr(current, "exceptions", ()) or ())
    return seen
