"""Exceptions whose text is already the one sentence a user should read."""

from __future__ import annotations

from singularity.catalogue import Message


class SingularityError(Exception):
    """Base class: ``str(error)`` is a complete, user-facing sentence in English (the command
    line and the logs read it, with the technical detail in brackets). Raised with a catalogue
    :class:`Message`, the error also keeps it as ``said``, so a conversation hears it in its
    own language and without the detail."""

    def __init__(self, text: str | Message, *, detail: str = "") -> None:
        self.said = text if isinstance(text, Message) else None
        self.detail = detail
        """The technical detail (a raw exception text) for logs and steps, never for answers."""
        english = text.render("en") if isinstance(text, Message) else text
        super().__init__(f"{english.rstrip('.')} ({detail})." if detail else english)

    @property
    def message(self) -> Message | str:
        """What a person hears: the catalogue message when there is one, else the text."""
        return self.said if self.said is not None else str(self)


class ConfigError(SingularityError):
    """Invalid configuration value or file."""


class InputError(SingularityError):
    """The user's input cannot be understood (bad coordinates, unknown phrase, …)."""


class ServiceError(SingularityError):
    """An external service was unreachable, timed out or answered garbage."""
