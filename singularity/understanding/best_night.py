"""A best-night question read into the values the ``best_night`` tool takes: the object, the
place if the message names one, and the span of nights in the user's words.

The object is the first one named (:func:`references.object_name`); the span is found by the
planner's span reader (:mod:`singularity.planning.timephrases.spans`); place and instrument are
what the planning slots find once the object and the span are taken out ("from Denver",
"in Kreuzlingen", "mit meinem 10-Zoll-Dobson").
"""

from __future__ import annotations

import re
from datetime import date

from pydantic import BaseModel

from singularity.naming import name_key
from singularity.planning.countries import is_country
from singularity.planning.timephrases.spans import find_night_span
from singularity.understanding import lexicon as lx
from singularity.understanding.references import object_name
from singularity.understanding.slots import extract_planning_slots

_REFERENCE_DAY = date(2026, 6, 1)
"""Only whether a span is named matters here, not where it lands."""


class BestNightRequest(BaseModel):
    target: str
    place: str | None = None
    when: str | None = None
    equipment: str | None = None


def asks_best_night(text: str, *, has_plan: bool = False) -> bool:
    """Whether ``text`` asks for the best night of a named object. With a plan in the state a
    question without a night word ("Wann steht M42 am höchsten?") is about the plan's night."""
    lowered = " ".join(text.lower().split())
    if not lx.BEST_NIGHT.search(lowered) or object_name(text) is None or lx.RARE_EVENT.search(lowered):
        return False  # when Venus next crosses the Sun is the sky's calendar, not a night's
    return not has_plan or bool(lx.NIGHT_WORDS.search(lowered)
                                or find_night_span(text, _REFERENCE_DAY))


def asks_if_visible(text: str, *, last_object: str | None = None) -> bool:
    """Whether ``text`` asks if a named object can be seen on a night or from a place ("Kann ich
    heute Abend von Köln aus den Saturn sehen?", "Is M42 visible tonight?"): the best-night scan
    of that night answers it. Without a night or a place ("Can I see Saturn's rings with
    binoculars?") it asks what an instrument shows, not when; from a whole country without a
    night ("Kann man Beteigeuze von Deutschland aus sehen?"), what the latitude allows."""
    lowered = " ".join(text.lower().split())
    if not lx.CAN_SEE.search(lowered) or lx.SATELLITE_PASSES.search(lowered):
        return False  # a satellite's pass needs the day's orbital data, which no scan has
    request = read_best_night(text, last_object=last_object)
    return (request is not None and name_key(request.target) not in _NOT_NIGHT_TARGETS
            and (request.when is not None or (request.place is not None and not is_country(request.place))))


_NOT_NIGHT_TARGETS = frozenset({"moon", "mond", "sun", "sonne"})
"""The Moon's rise and set are the plan's; the Sun is no night's target."""


def read_best_night(text: str, *, last_object: str | None = None) -> BestNightRequest | None:
    """The tool's arguments from the message, or None when it names no object. ``last_object``:
    the object talked about last, which "it" or "den" stands for ("can i see it from boston this
    weekend?")."""
    target = object_name(text)
    if target is None and last_object and _points_back(text):
        target = object_name(last_object) or last_object
    if target is None:
        return None
    span = find_night_span(text, _REFERENCE_DAY)
    rest = text
    for taken in (span.phrase if span else None, target):
        if taken:
            rest = re.sub(re.escape(taken), " ", rest, count=1, flags=re.IGNORECASE)
    slots = extract_planning_slots(rest)
    place = slots.place
    if place is not None and (object_name(place) is not None or find_night_span(place, _REFERENCE_DAY)):
        place = None
    return BestNightRequest(target=target, place=place, when=span.phrase if span else None,
                            equipment=slots.equipment)


def _points_back(text: str) -> bool:
    lowered = " ".join(text.lower().split())
    return bool(lx.POINTING_BACK.intersection(re.findall(r"\w+", lowered)) or lx.POINTING_ARTICLE.search(lowered))
