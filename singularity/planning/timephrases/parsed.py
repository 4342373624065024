"""What a phrase was understood as."""

from __future__ import annotations

from datetime import datetime, timedelta

from pydantic import BaseModel

from singularity.catalogue import Message

PAST_GRACE = timedelta(minutes=15)
"""An explicit clock time this far in the past still counts as meant ("21:00" said at 21:10)."""


class ParsedWhen(BaseModel):
    """A phrase resolved to a start in the location's zone, with how it was understood."""

    start: datetime
    said: Message
    """How the phrase was understood, for a person in either language."""
    anchored_to_twilight: bool
    """The start came from that night's darkness (end of twilight, or now if already dark)."""
    duration_hours: float | None = None
    explicit_time: bool = False
    """The phrase named a clock time or "now": a start up to 15 minutes past is still meant."""

    @property
    def description(self) -> str:
        """How the phrase was understood, in English (what a model reads)."""
        return self.said.render("en")
