"""One session's chat memory: the recent messages, bounded by a token budget, in the process
(``Session.snapshot`` carries them into a session file or the conversation history).

LlamaIndex 0.14 offers ``ChatMemoryBuffer`` (the AgentWorkflow's own default) and the newer
``Memory``. We use ``ChatMemoryBuffer``: it is plain in-process Python and works from any event
loop, whereas ``Memory`` keeps its messages in an aiosqlite database whose connection is bound
to a thread, must be closed explicitly and warns when a session is dropped without closing it.
We need no memory blocks (long-term facts live in the profile), which is what ``Memory`` adds.

Token counting must never download anything. LlamaIndex's default tokenizer asks ``tiktoken``
for ``cl100k_base``, which tiktoken fetches from the internet unless it finds a cached copy;
LlamaIndex ships that copy but only points tiktoken at it when ``TIKTOKEN_CACHE_DIR`` is unset.
:func:`offline_tokenizer` always loads the shipped copy, whatever the environment says.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import llama_index.core
import tiktoken
from llama_index.core.memory import BaseMemory, ChatMemoryBuffer

from singularity.config import Settings

log = logging.getLogger(__name__)

Tokenizer = Callable[[str], list]

ENCODING = "cl100k_base"
_ENCODING_URL = "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"
"""tiktoken's source for ``cl100k_base``; its cache stores the file under sha1(url)."""
BUNDLED_CACHE_DIR = Path(llama_index.core.__file__).parent / "_static" / "tiktoken_cache"
CHARS_PER_TOKEN = 4
"""Fallback estimate: about four characters per token for English prose (fewer for German,
so the fallback errs towards keeping a little more history than the budget says)."""

_env_lock = threading.Lock()


def _approximate_tokens(text: str) -> list[str]:
    return [text[i : i + CHARS_PER_TOKEN] for i in range(0, len(text), CHARS_PER_TOKEN)]


@lru_cache(maxsize=1)
def offline_tokenizer() -> Tokenizer:
    """The ``cl100k_base`` tokenizer read from the file LlamaIndex ships; never downloads.

    Should that file ever be missing, token counts fall back to a character estimate
    (``CHARS_PER_TOKEN``) with a warning, rather than reaching for the network."""
    bundled = BUNDLED_CACHE_DIR / hashlib.sha1(_ENCODING_URL.encode()).hexdigest()
    if not bundled.is_file():
        log.warning(
            "The tokenizer file %s is missing; chat memory counts tokens approximately "
            "(%d characters per token).", bundled, CHARS_PER_TOKEN,
        )
        return _approximate_tokens
    with _env_lock:  # tiktoken reads its cache directory from the environment only
        previous = os.environ.get("TIKTOKEN_CACHE_DIR")
        os.environ["TIKTOKEN_CACHE_DIR"] = str(BUNDLED_CACHE_DIR)
        try:
            encoding = tiktoken.get_encoding(ENCODING)
        finally:
            if previous is None:
                del os.environ["TIKTOKEN_CACHE_DIR"]
            else:
                os.environ["TIKTOKEN_CACHE_DIR"] = previous

    def tokenize(text: str) -> list[int]:
        return encoding.encode(text, disallowed_special=())

    return tokenize


def new_chat_memory(*, settings: Settings) -> BaseMemory:
    """A fresh, empty chat memory for one session; pass it as ``memory=`` to every run.

    ``get()`` returns the newest messages that fit ``memory.chat_token_limit`` (dropping the
    oldest first and never starting the history with an orphaned assistant or tool message);
    the full history stays in memory for the session only."""
    return ChatMemoryBuffer.from_defaults(
        token_limit=settings.memory.chat_token_limit, tokenizer_fn=offline_tokenizer()
    )
