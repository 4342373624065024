"""Weather-service failures that keep their parts, so a tool can say what failed and what to check."""

from __future__ import annotations

from singularity.catalogue import Message
from singularity.errors import ServiceError


class WeatherServiceError(ServiceError):
    """``str()`` is one technical sentence: "<provider> <problem>; <advice>." (with the raw
    detail, for the command line and the logs); ``reason`` and ``advice`` are what it means and
    what to do, in catalogue words, for a conversation."""

    def __init__(self, provider: str, problem: str, advice: Message, reason: Message) -> None:
        self.provider = provider
        self.problem = problem
        self.advice = advice
        self.reason = reason
        super().__init__(f"{provider} {problem}; {advice.render('en')}.")


class ShapeError(ValueError):
    """A provider's JSON parsed but does not have the fields we rely on."""
