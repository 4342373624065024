"""What a message asks for, as the orchestrator's routing decision.

Rules, in the order they are tried:

1. Only a greeting or "what can you do?" → ``greeting``.
2. A short yes or no → ``confirm`` / ``decline``; while the pilot waits for the weather
   confirmation, a no with a new time or place ("nein, lieber übermorgen") is ``planning``.
3. A request for pictures → ``knowledge``; "Stellarium" or an imperative such as "Öffne…"/"Open…" aimed at a target → ``stellarium``.
4. While the pilot waits for a planning slot, an answer that is not a question → ``planning``.
5. With a plan in the state, a question about one of its targets → ``plan_followup``.
6. A planning verb, "what can I see", observing words with a time or place, or two of place,
   time and instrument → ``planning``.
7. Astronomy vocabulary, a named object, or a follow-up question ("Wie warm ist es dort?")
   → ``knowledge``.
8. Anything else → ``off_topic``.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from singularity.understanding import lexicon as lx
from singularity.understanding.references import object_name, target_reference
from singularity.understanding.slots import PlanningSlots, extract_planning_slots
from singularity.understanding.tokens import fold

IntentKind = Literal[
    "planning", "knowledge", "stellarium", "off_topic", "greeting", "confirm", "decline",
    "plan_followup",
]  # fmt: skip
PLANNING_SLOTS = ("location", "time", "equipment", "duration", "preferences")
"""What the pilot may be waiting for; also "weather_confirmation"."""
_SHORT_REPLY_WORDS = 8
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


class Intent(BaseModel):
    kind: IntentKind
    reason: str
    """A short English phrase, used as the handoff reason."""


def classify_intent(text: str, *, has_plan: bool = False, awaiting: str | None = None) -> Intent:
    """Route ``text`` (German or English); rules in the module docstring."""
    lowered = " ".join(text.lower().split())
    words = [fold(w) for w in _WORD.findall(lowered)]
    if not words or _only_social(lowered):
        return Intent(kind="greeting", reason="greeting or question about what Singularity does")
    slots = extract_planning_slots(text, awaiting=awaiting if awaiting in PLANNING_SLOTS else None)
    answer = _yes_or_no(lowered, words, slots, awaiting)
    if answer is not None:
        return answer
    question = bool(lx.QUESTION_START.match(lowered)) or (lowered.endswith("?") and len(words) > 2)
    reference = target_reference(text)
    if lx.IMAGE_REQUEST.search(lowered) and not lx.STELLARIUM_WORDS.search(lowered):
        return Intent(kind="knowledge", reason="request for pictures of an object")
    if lx.STELLARIUM_WORDS.search(lowered) or (
        lx.ACTION_VERBS.match(lowered) and reference is not None
    ):
        return Intent(kind="stellarium", reason="Stellarium request")
    astronomy = lx.has_astronomy(text, words)
    if (
        awaiting in PLANNING_SLOTS
        and not question
        and not lx.OFF_TOPIC.search(lowered)
        and (slots.filled() or (len(words) <= _SHORT_REPLY_WORDS and not astronomy))
    ):
        return Intent(kind="planning", reason=f"answer to the {awaiting} question")
    if awaiting == "weather_confirmation" and lx.WEATHER.search(lowered):
        return Intent(kind="planning", reason="question about the forecast")
    planning = _planning_reason(lowered, slots, has_plan=has_plan or awaiting is not None)
    if has_plan and planning is None:
        if reference is not None and reference.index is not None:
            return Intent(
                kind="plan_followup", reason=f"question about target {reference.index} of the plan"
            )
        if lx.PLAN_WORDS.search(lowered):
            return Intent(kind="plan_followup", reason="question about the plan")
    if planning is not None:
        return Intent(kind="planning", reason=planning)
    return _knowledge_or_off_topic(text, lowered, words, astronomy=astronomy, question=question)


def _only_social(lowered: str) -> bool:
    """Nothing but greetings, thanks, "what can you do?" and fillers."""
    if not (lx.GREETING.search(lowered) or lx.CAPABILITY.search(lowered)):
        return False
    rest = lx.CAPABILITY.sub(" ", lx.GREETING.sub(" ", lowered))
    return all(w in lx.SOCIAL_FILLERS for w in _WORD.findall(rest))


def _yes_or_no(
    lowered: str, words: list[str], slots: PlanningSlots, awaiting: str | None
) -> Intent | None:
    """A short confirmation or refusal; a refusal that names a new time or place re-plans."""
    if len(words) > _SHORT_REPLY_WORDS:
        return None
    new_values = [s for s in slots.filled() if s != "preferences"]
    declined = bool(lx.DECLINE.search(lowered))
    if (
        awaiting == "weather_confirmation"
        and new_values
        and (declined or lx.CONTRAST.search(lowered))
    ):
        return Intent(kind="planning", reason="new planning values instead of the forecast's night")
    rest = lx.GREETING.sub(" ", lx.CONFIRM.sub(" ", lx.DECLINE.sub(" ", lowered)))
    if any(w not in lx.SOCIAL_FILLERS for w in _WORD.findall(rest)):
        return None
    weather = " despite the weather" if awaiting == "weather_confirmation" else ""
    if declined:
        return Intent(kind="decline", reason="user declined")
    if lx.CONFIRM.search(lowered):
        return Intent(kind="confirm", reason=f"user confirmed{weather}")
    return None


def _planning_reason(lowered: str, slots: PlanningSlots, *, has_plan: bool) -> str | None:
    """Why the message asks for an observing plan, or ``None``."""
    filled = set(slots.filled())
    core = filled & {"place", "when", "equipment"}
    if lx.PLANNING_VERBS.search(lowered):
        return "observing plan request"
    if lx.WHAT_CAN_I_SEE.search(lowered):
        return "what is observable"
    if lx.OBSERVE_WORDS.search(lowered) and filled & {"place", "when"}:
        return "what is observable at a given place or time"
    if lx.OBSERVING.search(lowered) and not lx.HOW_OR_WHY.match(lowered):
        return "wish to observe"
    if len(core) >= 2 and ("place" in core or not lx.FACT_QUESTION.match(lowered)):
        return "observing place, time or instrument given"
    if has_plan and core and lx.REPLAN_CUES.search(lowered):
        return "change to the planning values"
    return None


def _knowledge_or_off_topic(
    text: str, lowered: str, words: list[str], *, astronomy: bool, question: bool
) -> Intent:
    if astronomy or object_name(text) is not None:
        return Intent(kind="knowledge", reason="astronomy question")
    reference = target_reference(text)
    if reference is not None and reference.index is not None:
        return Intent(kind="knowledge", reason="question about a target without a plan")
    if not lx.OFF_TOPIC.search(lowered) and _follow_up(lowered, words, question=question):
        return Intent(kind="knowledge", reason="follow-up question on the last topic")
    return Intent(kind="off_topic", reason="not about astronomy")


def _follow_up(lowered: str, words: list[str], *, question: bool) -> bool:
    """ "Erzähl mir mehr", or a question about a property of "it"/"there" ("Wie warm ist es
    dort?"); "Wie spät ist es?" names no property and stays off topic."""
    if lx.FOLLOW_UP_REQUEST.search(lowered):
        return True
    referring = lx.PRONOUNS.intersection(words) or lx.PLACE_DEIXIS.intersection(words)
    return question and bool(referring) and bool(lx.PROPERTY_WORDS.search(lowered))
