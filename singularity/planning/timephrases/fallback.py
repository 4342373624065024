"""Phrases outside the vocabulary go to dateparser, imported only then (~0.3 s)."""

from __future__ import annotations

import re
from datetime import datetime

from singularity.catalogue import msg
from singularity.errors import InputError
from singularity.inputs import echo
from singularity.planning.ephemeris import check_supported
from singularity.planning.models import Location
from singularity.planning.timephrases.formatting import moment_message
from singularity.planning.timephrases.lexicon import EXAMPLES
from singularity.planning.timephrases.parsed import ParsedWhen
from singularity.planning.timephrases.phrase import Parts
from singularity.planning.timephrases.twilight import anchored

MAX_FALLBACK_CHARS = 100
"""Longer text is no date phrase, and dateparser's time grows with the text's length (a
100 KB message took seconds), so it is not asked."""


def fallback(text: str, shown: str, now: datetime, location: Location, parts: Parts) -> ParsedWhen:
    """Other absolute dates via dateparser; only a day or a day with a time is accepted."""
    unknown = InputError(msg("time.not_understood", text=echo(shown), examples=EXAMPLES))
    if not text.strip() or len(text) > MAX_FALLBACK_CHARS or re.fullmatch(r"[\d\s.:]+", text.strip()):
        raise unknown
    from dateparser.date import DateDataParser  # ~0.3 s to import; most phrases never need it

    parser = DateDataParser(
        languages=["de", "en"],
        settings={
            "PREFER_DATES_FROM": "future",
            "TIMEZONE": location.timezone,
            "RETURN_AS_TIMEZONE_AWARE": True,
            "RELATIVE_BASE": now.replace(tzinfo=None),
            "RETURN_TIME_AS_PERIOD": True,
        },
    )
    found = parser.get_date_data(text)
    if found.date_obj is None:
        raise unknown
    if found.period not in ("day", "time"):
        raise InputError(msg("time.whole_period", text=echo(shown), period=found.period,
                             examples=EXAMPLES))
    check_supported(found.date_obj)
    moment = found.date_obj.astimezone(location.tz)
    if found.period == "day":
        day_parts = Parts(abs_date=moment.date(), duration_hours=parts.duration_hours)
        return anchored(day_parts, now, location)
    return ParsedWhen(
        start=moment, said=moment_message(moment), anchored_to_twilight=False,
        duration_hours=parts.duration_hours, explicit_time=True,
    )  # fmt: skip
