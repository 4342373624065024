"""Weather-service failures that keep their parts, so a tool can say what failed and what to check."""

from __future__ import annotations

from singularity.errors import ServiceError


class WeatherServiceError(ServiceError):
    """``str()`` is one sentence: "<provider> <problem>; <advice>."."""

    def __init__(self, provider: str, problem: str, advice: str) -> None:
        self.provider = provider
        self.problem = problem
        self.advice = advice
        super().__init__(f"{provider} {problem}; {advice}.")


class ShapeError(ValueError):
    """A provider's JSON parsed but does not have the fields we rely on."""
