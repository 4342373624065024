"""Exceptions whose text is already the one sentence a user should read."""

from __future__ import annotations

from singularity.catalogue import Message, msg


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
    """An external service was unreachable, timed out or answered garbage.

    Raised by the HTTP layer (:func:`singularity.http.failure`) it keeps its parts, so a
    caller that asked two services can say one sentence about both: ``service`` (who),
    ``reason`` (what it means), ``advice`` (what to check), ``network`` (unreachable or too
    slow rather than a bad answer). ``str()`` is then "<service> <problem>; <advice>." with
    the raw, masked problem, for the command line and the logs."""

    service: str | Message = ""
    reason: Message | None = None
    advice: Message | None = None
    network: bool = False

    @classmethod
    def of(cls, service: str | Message, problem: str, *, reason: Message, advice: Message,
           network: bool = False) -> ServiceError:
        """The failure of ``service``: said as "<service> <reason>; <advice>." in the
        conversation's language, written as "<service> <problem>; <advice>." in English."""
        error = cls(msg("failures.service_failed", service=service, reason=reason, advice=advice),
                    detail=problem)
        name = service.render("en") if isinstance(service, Message) else service
        error.args = (f"{name} {problem}; {advice.render('en')}.",)
        error.service, error.reason, error.advice, error.network = service, reason, advice, network
        return error
