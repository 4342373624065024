"""Reading a whole phrase: which pieces are taken in which order, and what is left over."""

from __future__ import annotations

import re
from datetime import date, timedelta
from zoneinfo import ZoneInfo

from singularity.planning.timephrases.clock import scan_clocks
from singularity.planning.timephrases.dates import scan_dates, scan_days, scan_weekday, scan_weekend
from singularity.planning.timephrases.durations import UNIT_OR_H, UNIT_WORD
from singularity.planning.timephrases.phrase import Parts, Scan

_NOW = re.compile(r"\b(?:right\s+now|jetzt|now|sofort|immediately)\b")
_AFTER_SUNSET = re.compile(
    r"\b(?:nach\s+sonnenuntergang|after\s+sunset|after\s+dark|bei\s+dunkelheit|"
    r"when\s+it(?:'s|\s+is)\s+dark|wenn\s+es\s+dunkel\s+ist)\b"
)
_PARTS_OF_DAY = {
    "evening": re.compile(r"\b(?:abend|abends|evening|eve)\b"),
    "night": re.compile(r"\b(?:nacht|nachts|night)\b"),
    "morning": re.compile(r"\b(?:früh|frueh|morgens|morning|vormittag|vormittags)\b"),
    "afternoon": re.compile(r"\b(?:nachmittag|nachmittags|afternoon)\b"),
}


def read_phrase(text: str, today: date, tz: ZoneInfo) -> tuple[Parts, list[str], str]:
    """Recognised pieces, unrecognised words, and the phrase without its duration."""
    scan = Scan(text)
    parts = Parts()
    parts.duration_hours = scan.take_duration({"für", "fuer", "for"}, unit=None)
    if parts.duration_hours is None:
        parts.duration_hours = scan.take_duration(None, unit=UNIT_WORD)
    without_duration = scan.s
    scan_dates(scan, parts, today, tz)
    scan_days(scan, parts)
    parts.offset = _offset(scan)
    if scan.take(_NOW):
        parts.now = True
    scan_weekday(scan, parts)
    scan_weekend(scan, parts, today)
    if scan.take(_AFTER_SUNSET):
        parts.set_part("evening")
    scan_clocks(scan, parts)
    for part, pattern in _PARTS_OF_DAY.items():
        if scan.take_all(pattern):
            parts.set_part(part)
    return parts, scan.leftover(), without_duration


def _offset(scan: Scan) -> timedelta | None:
    hours = scan.take_duration({"in"}, unit=UNIT_OR_H)
    return None if hours is None else timedelta(hours=hours)
