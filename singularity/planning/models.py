"""Typed values passed between planning steps; all serialise to the workflow state's JSON."""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import StrEnum
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field

from singularity.catalogue import Language, Message, msg


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Location(_Frozen):
    name: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    elevation_m: float | None = None
    timezone: str
    source: str
    """Where the coordinates came from: coordinates | nominatim | gazetteer | profile."""
    country_code: str | None = None
    """ISO 3166-1 alpha-2 code of the country that ends ``name``, so the name can be said with
    the country in the conversation's language (``planning.countries.place_name``)."""
    asked_as: str | None = None
    """The name the place was asked by when it is another of its names ("München" for the
    gazetteer's "Munich"): said in its place (``place_name``), while ``name`` stays the
    gazetteer's."""

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


class EquipmentClass(StrEnum):
    NAKED_EYE = "naked_eye"
    BINOCULARS = "binoculars"
    SMALL_TELESCOPE = "small_telescope"
    LARGE_TELESCOPE = "large_telescope"


class Equipment(_Frozen):
    equipment_class: EquipmentClass = Field(alias="class")
    aperture_mm: float = Field(gt=0)
    label: str
    """The instrument in English words ("8-inch Newtonian (203 mm)"): the record the model
    reads and older sessions kept."""
    limiting_magnitude: float
    title: Message | None = None
    """The instrument as a person is told it, in their language (``instruments.*``)."""

    @property
    def said(self) -> Message:
        """What to show a person: the title, or the English label of an instrument stored
        before titles existed."""
        return self.title or msg("common.verbatim", text=self.label)
    model_config = ConfigDict(frozen=True, validate_by_name=True, validate_by_alias=True, serialize_by_alias=True)


class TimeWindow(_Frozen):
    """An observing window in the location's time zone (both ends aware datetimes)."""

    start: datetime
    end: datetime
    description: str = ""
    said: Message | None = None
    """``description`` for a person, in either language (None: a window stored before it)."""

    @property
    def duration(self) -> timedelta:
        return self.end - self.start

    def described_in(self, language: Language) -> str:
        return self.said.render(language) if self.said is not None else self.description

    @classmethod
    def from_tool_data(cls, window: dict, description: str = "", said: dict | None = None) -> TimeWindow:
        """From the ``resolve_time`` tool's ``window`` data (and its ``description``/``said``)."""
        return cls(start=datetime.fromisoformat(window["start"]),
                   end=datetime.fromisoformat(window["end"]), description=description,
                   said=Message.model_validate(said) if said else None)
