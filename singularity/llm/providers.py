"""Which model answers each agent role, and one sentence (in the user's language) when a model
call fails.

The provider follows from configuration and secrets (docs/architecture.md, "LLM roles and providers"):
OpenRouter when its key is set, else any OpenAI-compatible server, else the offline pilot
(built elsewhere). Both online providers speak the OpenAI wire format through the ``openai``
client, so their failures are classified from that client's exceptions.
"""

from __future__ import annotations

import errno
import socket
from typing import TYPE_CHECKING, Literal

from singularity.catalogue import Message, msg
from singularity.config import ROLES, Role, Settings
from singularity.errors import ConfigError
from singularity.masking import mask
from singularity.roles import AGENT_ROLES

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
        # a streamed answer reports its tokens only when asked (the traces' cost per turn);
        # LlamaIndex drops the option from calls that do not stream
        "additional_kwargs": {"stream_options": {"include_usage": True}},
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


def llm_failure(exc: BaseException, *, settings: Settings) -> Message:
    """What went wrong with a model call and what to check (key, address, model name), as a
    catalogue message for the conversation's language.

    Looks through the exception chain, since LlamaIndex and the workflow runtime may wrap the
    ``openai`` client's error. The raw text stays in the log; a server's own explanation of an
    HTTP error is quoted, since it often names the fix ("No endpoints found that support tool
    use").
    """
    import json

    import httpx
    import openai

    chain = _chain(exc)
    about = model_facts(settings, _requested_model(chain))
    status_error = next((e for e in chain if isinstance(e, openai.APIStatusError)), None)
    if status_error is not None:
        return _status_message(status_error, about)
    if any(isinstance(e, (openai.APITimeoutError, httpx.TimeoutException, TimeoutError))
           for e in chain):
        return msg("model.timeout", seconds=f"{settings.llm.timeout_s:g}", **about)
    if any(isinstance(e, (json.JSONDecodeError, openai.APIResponseValidationError))
           for e in chain):
        return msg("model.unreadable", **about)
    if any(isinstance(e, socket.gaierror) or "name resolution" in str(e).lower()
           or "name or service not known" in str(e).lower() for e in chain):
        return msg("model.host_unknown", **about)
    if any(isinstance(e, ConnectionRefusedError) or getattr(e, "errno", None) == errno.ECONNREFUSED
           or "connection refused" in str(e).lower() for e in chain):
        return msg("model.refused", **about)
    if any(isinstance(e, (openai.APIConnectionError, httpx.TransportError, ConnectionError))
           for e in chain):
        return msg("model.no_connection", **about)
    api_error = next((e for e in chain if isinstance(e, openai.APIError)), None)
    if api_error is not None:
        return msg("model.reported", detail=_sentence(api_error.message).rstrip("."), **about)
    return msg("model.unexpected", **about)


def model_facts(settings: Settings, model: str | None = None) -> dict[str, str]:
    """What a model-failure sentence names: the provider's address, the model (the one the
    failed request asked for, else every configured one) and the variable of the API key."""
    provider = resolve_provider(settings)
    url = (settings.llm.openrouter_url if provider == "openrouter"
           else settings.llm.openai_like_url or "")
    models = model or ", ".join(dict.fromkeys(settings.llm.models[role] for role in AGENT_ROLES))
    variable = OPENROUTER_KEY if provider == "openrouter" else OPENAI_LIKE_KEY
    return {"url": url, "model": models, "variable": variable}


def _status_message(error: BaseException, about: dict[str, str]) -> Message:
    code = int(getattr(error, "status_code", 0))
    key = {401: "model.key_rejected", 402: "model.payment", 403: "model.forbidden",
           404: "model.not_found", 429: "model.rate_limited"}.get(code)
    key = key or ("model.server_error" if code >= 500 else "model.rejected")
    # a 401's text repeats part of the key; for 402 and 429 the sentence already says it all
    detail = "" if code in (401, 402, 429) else _server_message(error).rstrip(".")
    return msg(key, status=f"HTTP {code}: {detail}" if detail else f"HTTP {code}", **about)


def _requested_model(chain: list[BaseException]) -> str | None:
    """The model the failed request asked for, when an error in the chain knows it."""
    import json

    for error in chain:
        if isinstance(getattr(error, "model", None), str):  # a watchdog that knew the model
            return error.model
        try:  # httpx raises instead of returning None when an error has no request
            body = json.loads(error.request.content)  # type: ignore[attr-defined]
        except (AttributeError, RuntimeError, TypeError, ValueError):
            continue
        if isinstance(body, dict) and isinstance(body.get("model"), str):
            return body["model"]
    return None


def _server_message(error: BaseException) -> str:
    body = getattr(error, "body", None)
    message = body.get("message") if isinstance(body, dict) else None
    return _sentence(message) if isinstance(message, str) and message.strip() else ""


def _sentence(text: str, limit: int = 200) -> str:
    """The first line of ``text``, secrets masked, shortened, ending with a full stop."""
    line = mask(text.strip().splitlines()[0]) if text.strip() else "no details"
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
