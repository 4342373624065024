"""Exceptions whose text is already the one sentence a user should read."""


class SingularityError(Exception):
    """Base class: ``str(error)`` is a complete, user-facing sentence."""


class ConfigError(SingularityError):
    """Invalid configuration value or file."""


class InputError(SingularityError):
    """The user's input cannot be understood (bad coordinates, unknown phrase, …)."""


class ServiceError(SingularityError):
    """An external service was unreachable, timed out or answered garbage."""
