"""Spans of nights in the user's words, German or English: "diese Woche", "next week", "this
month", "im Dezember", "in the next 10 nights", "die kommenden zwei Wochen", "bis Freitag",
"this weekend", and single nights ("heute Abend", "tomorrow", "am Samstag"). The best-night
scan reads them as (first evening, number of nights).

A month that has begun is scanned from today; a month to come from its first evening; a week
"this week" from today to Sunday. The month and weekday words are the time lexicon's
(:mod:`singularity.planning.timephrases.lexicon`).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from pydantic import BaseModel

from singularity.planning.timephrases.lexicon import COUNT_WORDS, MONTHS, WEEKDAYS, alt


class NightSpan(BaseModel):
    first: date
    """The first evening scanned."""
    nights: int
    phrase: str
    """The words that named the span, as found in the text."""


_NUMBER = rf"(?P<count>\d{{1,2}}|{alt(COUNT_WORDS)})"
_THIS = r"(?:this|diese[nrms]?|in\s+dieser|in\s+diesem|im\s+laufenden|the\s+rest\s+of\s+(?:the|this))"
_NEXT = r"(?:next|nächste[nrms]?|naechste[nrms]?|kommende[nrms]?|in\s+der\s+nächsten|in\s+der\s+naechsten|im\s+nächsten|im\s+naechsten|in\s+der\s+kommenden|im\s+kommenden)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in (
        ("count", rf"\b(?:(?:in\s+)?(?:the|den|die)\s+)?(?:next|nächsten|naechsten|kommenden|coming|folgenden|following)\s+{_NUMBER}\s+(?P<unit>nights?|nächte[n]?|naechte[n]?|days?|tage[n]?|weeks?|wochen)\b"),
        ("count", rf"\b(?:for|für|fuer|over|über|ueber|within|innerhalb)\s+(?:the\s+|die\s+)?{_NUMBER}\s+(?P<unit>nights?|nächte[n]?|naechte[n]?|days?|tage[n]?|weeks?|wochen)\b"),
        ("weekend", rf"\b(?:{_THIS}|am|at\s+the|on\s+the|over\s+the|übers|uebers)\s+(?:wochenende|weekend)\b"),
        ("next_weekend", rf"\b{_NEXT}\s+(?:wochenende|weekend)\b"),
        ("this_week", rf"\b{_THIS}\s+(?:woche|week)\b"),
        ("next_week", rf"\b{_NEXT}\s+(?:woche|week)\b"),
        ("this_month", rf"\b{_THIS}\s+(?:monat[s]?|month)\b"),
        ("next_month", rf"\b{_NEXT}\s+(?:monat[s]?|month)\b"),
        ("until", rf"\b(?:bis|until|till|before|vor)\s+(?:(?:zum|to|the|nächste[nm]?|next)\s+)?(?P<weekday>{alt(WEEKDAYS)})\b"),
        ("month", rf"\b(?:(?:im|in|during|während|waehrend|für|fuer|for)\s+(?:the\s+month\s+of\s+|dem\s+monat\s+)?)?(?P<month>{alt(MONTHS)})\b(?:\s+(?P<year>\d{{4}}))?"),
        ("tonight", r"\b(?:heute(?:\s+(?:abend|nacht))?|tonight|this\s+(?:evening|night)|today)\b"),
        ("after_tomorrow", r"\b(?:(?:ü|ue)bermorgen(?:\s+(?:abend|nacht))?|the\s+day\s+after\s+tomorrow)\b"),
        ("tomorrow", (r"\b(?:(?<!über)(?<!ueber)morgen(?:\s+(?:abend|nacht))?|tomorrow(?:\s+(?:evening|night))?)\b"
                      r"(?!\s+(?:früh|frueh|morning))")),
        ("weekday", (rf"\b(?:(?:am|on|this|diesen|kommenden|nächsten|naechsten|next)\s+)?(?P<weekday>{alt(WEEKDAYS)})"
                     rf"(?:\s+(?:abend|nacht|evening|night))?\b")),
    )
)
"""Spans first, single nights last: "bis Freitag" is a span, "Freitag" alone one night."""
_MONTH_WORDS_NEEDING_CONTEXT = {"mai", "may", "mar", "jan", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "dez", "okt", "feb", "apr", "mär", "sept"}
"""Short or everyday month words ("may" is a verb, "Mai" a name) count only after a preposition
or with a year."""


def find_night_span(text: str, today: date) -> NightSpan | None:
    """The first span of nights ``text`` names, from the evening of ``today`` on; None when it
    names none."""
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            span = _span(kind, match, today)
            if span is not None:
                return span
    return None


def _span(kind: str, match: re.Match[str], today: date) -> NightSpan | None:
    phrase = match.group().strip()
    groups = match.groupdict()
    if kind == "count":
        raw = groups["count"].lower()
        count = int(raw) if raw.isdigit() else COUNT_WORDS[raw]
        weeks = groups["unit"].lower().startswith(("week", "woche"))
        return NightSpan(first=today, nights=count * 7 if weeks else count, phrase=phrase)
    if kind == "this_week":
        return NightSpan(first=today, nights=7 - today.weekday(), phrase=phrase)
    if kind == "next_week":
        return NightSpan(first=today + timedelta(days=7 - today.weekday()), nights=7, phrase=phrase)
    if kind in ("weekend", "next_weekend"):
        friday = today + timedelta(days=(4 - today.weekday()) % 7)
        if kind == "weekend":
            weekend_now = today.weekday() >= 5  # Saturday or Sunday: what is left of it
            return NightSpan(first=today if weekend_now else friday, nights=1 if weekend_now else 2,
                             phrase=phrase)
        return NightSpan(first=friday + timedelta(days=0 if today.weekday() >= 5 else 7), nights=2,
                         phrase=phrase)
    if kind == "this_month":
        return _rest_of_month(today, today, phrase)
    if kind == "next_month":
        first = (today.replace(day=1) + timedelta(days=32)).replace(day=1)
        return _rest_of_month(first, today, phrase)
    if kind == "tonight":
        return NightSpan(first=today, nights=1, phrase=phrase)
    if kind == "tomorrow":
        return NightSpan(first=today + timedelta(days=1), nights=1, phrase=phrase)
    if kind == "after_tomorrow":
        return NightSpan(first=today + timedelta(days=2), nights=1, phrase=phrase)
    if kind == "weekday":
        ahead = (WEEKDAYS[groups["weekday"].lower()] - today.weekday()) % 7
        if ahead == 0 and phrase.lower().startswith(("next", "nächst", "naechst")):
            ahead = 7  # "next Wednesday" on a Wednesday
        return NightSpan(first=today + timedelta(days=ahead), nights=1, phrase=phrase)
    if kind == "until":
        weekday = WEEKDAYS[groups["weekday"].lower()]
        return NightSpan(first=today, nights=(weekday - today.weekday()) % 7 + 1, phrase=phrase)
    word = groups["month"].lower()
    has_context = phrase.lower() != word
    if word in _MONTH_WORDS_NEEDING_CONTEXT and not has_context:
        return None
    month = MONTHS[word]
    year = int(groups["year"]) if groups.get("year") else (
        today.year if month >= today.month else today.year + 1)
    first = date(year, month, 1)
    if first < today.replace(day=1):
        return None
    return _rest_of_month(max(first, today), today, phrase)


def _rest_of_month(first: date, today: date, phrase: str) -> NightSpan:
    last = calendar.monthrange(first.year, first.month)[1]
    return NightSpan(first=first, nights=last - first.day + 1, phrase=phrase)
