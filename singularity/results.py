"""The one result type every tool returns (docs/architecture.md, "Tool results").

Code, not the model, decides what happened: ``status`` and ``message`` are composed here and
in the tools, and the turn runner builds its honesty reports from them. A tool that says what
happened as a catalogue :class:`~singularity.catalogue.Message` (``text``) is read in the
user's language (``message_in``); ``message`` is its English form, for the model and the logs.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field, model_validator

from singularity.catalogue import Language, Message


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
    text: Message | None = Field(default=None, exclude=True)
    """The message as a catalogue entry, to be said in the conversation's language."""
    model_data: dict[str, Any] | None = Field(default=None, exclude=True)
    """What the model sees instead of ``data``, when ``data`` carries more than it needs (every
    token of a tool result is paid again on each later call of the turn)."""

    @model_validator(mode="before")
    @classmethod
    def _message_from_catalogue(cls, values: Any) -> Any:
        if isinstance(values, dict) and isinstance(values.get("message"), Message):
            values = {**values, "text": values["message"], "message": values["message"].render("en")}
        return values

    @model_validator(mode="after")
    def _message_unless_ok(self) -> ToolResult:
        if self.status is not Status.OK and not self.message.strip():
            raise ValueError(f"a {self.status.value} result needs a one-sentence message")
        return self

    def __str__(self) -> str:
        """What a tool's output shows the model: the compact JSON."""
        return self.to_model_json()

    def message_in(self, language: Language) -> str:
        """The message in ``language``: from the catalogue when the tool gave a key."""
        return self.text.render(language) if self.text is not None else self.message

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
    def partial(cls, data: dict[str, Any], message: str | Message, **extra: Any) -> ToolResult:
        return cls(status=Status.PARTIAL, data=data, message=message, **extra)

    @classmethod
    def needs_input(
        cls, message: str | Message, data: dict[str, Any] | None = None, **extra: Any
    ) -> ToolResult:
        return cls(status=Status.NEEDS_INPUT, data=data, message=message, **extra)

    @classmethod
    def refused(cls, message: str | Message, data: dict[str, Any] | None = None, **extra: Any) -> ToolResult:
        return cls(status=Status.REFUSED, data=data, message=message, **extra)

    @classmethod
    def failed(cls, message: str | Message, data: dict[str, Any] | None = None, **extra: Any) -> ToolResult:
        return cls(status=Status.FAILED, data=data, message=message, **extra)
