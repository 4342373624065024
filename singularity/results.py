"""The one result type every tool returns (DESIGN.md, "Tool results").

Code, not the model, decides what happened: ``status`` and ``message`` are composed here and
in the tools, and the turn runner builds its honesty reports from them.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field, model_validator


class Status(StrEnum):
    OK = "ok"
    PARTIAL = "partial"
    NEEDS_INPUT = "needs_input"
    REFUSED = "refused"
    FAILED = "failed"


class Artifact(BaseModel):
    """A file or inline payload the UI shows next to the answer (plot, screenshot, image)."""

    kind: str  # "image" | "plot" | "screenshot"
    path: str | None = None
    url: str | None = None
    page_url: str | None = None  # the source's page about the image (licence, author)
    mime: str = "image/png"
    title: str = ""
    description: str = ""
    credit: str = ""


class ToolResult(BaseModel):
    status: Status
    data: dict[str, Any] | None = None
    message: str = ""
    sources: list[dict[str, Any]] = Field(default_factory=list)
    artifacts: list[Artifact] = Field(default_factory=list)
    model_data: dict[str, Any] | None = Field(default=None, exclude=True)
    """What the model sees instead of ``data``, when ``data`` carries more than it needs (every
    token of a tool result is paid again on each later call of the turn)."""

    @model_validator(mode="after")
    def _message_unless_ok(self) -> ToolResult:
        if self.status is not Status.OK and not self.message.strip():
            raise ValueError(f"a {self.status.value} result needs a one-sentence message")
        return self

    def __str__(self) -> str:
        """What a tool's output shows the model: the compact JSON."""
        return self.to_model_json()

    @property
    def ok(self) -> bool:
        return self.status is Status.OK

    def to_model_json(self) -> str:
        """Compact JSON for the model: no nulls, no empty lists, no artifact paths."""
        payload = self.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
        payload["status"] = self.status.value
        if self.model_data is not None:
            payload["data"] = self.model_data
        if self.artifacts:
            payload["artifacts"] = [a.title or a.kind for a in self.artifacts]
        return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def success(cls, data: dict[str, Any], **extra: Any) -> ToolResult:
        return cls(status=Status.OK, data=data, **extra)

    @classmethod
    def partial(cls, data: dict[str, Any], message: str, **extra: Any) -> ToolResult:
        return cls(status=Status.PARTIAL, data=data, message=message, **extra)

    @classmethod
    def needs_input(
        cls, message: str, data: dict[str, Any] | None = None, **extra: Any
    ) -> ToolResult:
        return cls(status=Status.NEEDS_INPUT, data=data, message=message, **extra)

    @classmethod
    def refused(cls, message: str, data: dict[str, Any] | None = None, **extra: Any) -> ToolResult:
        return cls(status=Status.REFUSED, data=data, message=message, **extra)

    @classmethod
    def failed(cls, message: str, data: dict[str, Any] | None = None, **extra: Any) -> ToolResult:
        return cls(status=Status.FAILED, data=data, message=message, **extra)
