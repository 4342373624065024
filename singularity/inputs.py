"""The user's text where it enters: made encodable, and quoted back briefly.

Two things a hostile or broken input must not do: crash the code that writes it somewhere (a
command-line argument with bytes that are not UTF-8 arrives as lone surrogates, which neither
UTF-8 encoding nor hashing nor JSON accept), and fill a sentence with itself (a 100 KB place
name echoed whole in "No place named '…' was found").
"""

from __future__ import annotations

import re

ECHO_CHARS = 60
"""How much of the user's words a sentence quotes back."""
_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so that it can be encoded."""
    return _SURROGATE.sub("\ufffd", text)


def echo(text: str) -> str:
    """The user's words as a sentence quotes them: spaces collapsed, at most ``ECHO_CHARS``
    characters, then "…"."""
    words = " ".join(text.split())
    return words if len(words) <= ECHO_CHARS else words[:ECHO_CHARS].rstrip() + "…"
