"""What a message asks for, as the orchestrator's routing decision.

Rules with high precision come first; what they leave open is decided by meaning.

1. Only a greeting or "what can you do?" → ``greeting``. A body's name that names something
   of everyday life — a shop, a sweet, a brand, a person ("Wann öffnet der Saturn-Markt?",
   "Mars-Riegel Kalorien", "Is Mercury Marine a good outboard brand?") — with no other word
   of the sky or of spaceflight → ``off_topic``.
2. A short yes or no → ``confirm`` / ``decline``; while the pilot waits for the weather
   confirmation, a no with a new time or place ("nein, lieber übermorgen") is ``correction``.
3. A request for pictures → ``images``; for the plan as files or in Stellarium's observing
   lists ("Exportiere den Plan", "als PDF", "Lade die Liste in Stellarium") → ``export``;
   "Stellarium" or an imperative such as "Öffne…"/"Open…" aimed at a target, or an eyepiece
   question (:mod:`singularity.understanding.eyepiece`) → ``stellarium``; so is a step of the
   plan tour ("weiter" while it runs), before the yes/no of rule 2; when over the coming nights
   a named object is best placed ("Welche Nacht im Dezember ist für den Orionnebel ideal?")
   → ``best_night``.
4. While the pilot waits for a planning slot, an answer that is not a question → ``planning``.
5. During planning or after a plan: a question about observing conditions → ``weather``; a
   message that names a new place, time, instrument or duration, without asking for a whole
   new plan → ``correction``.
6. A planning verb, "what can I see", observing words with a time or place, or two of place,
   time and instrument → ``planning`` (the weaker of these yield to a clear knowledge question,
   "Kann man Beteigeuze von Deutschland aus sehen?").
7. With a plan in the state, a question about one of its targets, or about when its night gets
   dark or the Moon rises → ``plan_followup``; that question with a place, or without a plan
   ("Wann geht morgen in Hamburg die Sonne auf?") → ``night``.
8. Later in a conversation, a follow-up on the last topic ("Wann ungefähr?", "Wie warm ist es
   dort?", "Erzähl mir mehr") → ``knowledge``.
9. Otherwise meaning decides (:mod:`singularity.understanding.meaning`): whether the message is
   about the sky at all (the astronomy questions' examples against the off-topic ones, with
   astronomy vocabulary, a named object or a close knowledge-base passage as evidence), then
   which help it asks for; action intents need a word or a slot of their own. Without meaning
   (no knowledge base), the vocabulary decides.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from singularity.planning.countries import is_country
from singularity.planning.object_names import STAR_DESIGNATION
from singularity.understanding import lexicon as lx
from singularity.understanding.best_night import asks_best_night, asks_if_visible
from singularity.understanding.eyepiece import asks_eyepiece_view, tour_step
from singularity.understanding.meaning import Meaning
from singularity.understanding.references import object_name, target_reference
from singularity.understanding.slots import PlanningSlots, extract_planning_slots
from singularity.understanding.tokens import fold, without_possessive

IntentKind = Literal[
    "planning", "weather", "correction", "knowledge", "images", "stellarium", "off_topic",
    "greeting", "confirm", "decline", "plan_followup", "best_night", "export", "night",
]  # fmt: skip
PLANNING_SLOTS = ("location", "time", "equipment", "duration", "preferences")
"""What the pilot may be waiting for; also "weather_confirmation"."""
_SHORT_REPLY_WORDS = 8
_SHORT_FOLLOW_UP_WORDS = 3
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_CHANGING_SLOTS = {"place", "when", "equipment", "duration"}

KNOWLEDGE_CLOSE = 0.84
"""A knowledge-base passage this close (dense cosine of the bundled e5 model) decides a near
tie for astronomy. Weak evidence on its own: on the dialogue set's dev part astronomy
questions' nearest passages score 0.80–0.91, off-topic requests' 0.75–0.83."""
CLEAR_LEAD = 0.01
"""Astronomy questions' examples must lead the off-topic ones by this much (e5 similarities
crowd into 0.78–0.93, so leads are small: dev part, 0.003–0.09 for astronomy questions)."""
OFF_TOPIC_LEAD = 0.01
"""How far the nearest off-topic examples must lead the astronomy questions to decline a
message that carries astronomy vocabulary or a named object. Dev part: astronomy questions
with such words lead by +0.007 or more; requests that only borrow the words ("Galaxy S23",
"Milky Way candy bar", "Stars auf dem roten Teppich") trail by 0.02–0.04."""
OFF_TOPIC_CLEAR = 0.03
"""An off-topic lead this large keeps a place or time in a request ("ein Restaurant in Bern")
from being read as a correction of the plan (corrections trail by at most 0.015)."""


class Intent(BaseModel):
    kind: IntentKind
    reason: str
    """A short English phrase, used as the handoff reason."""


def classify_intent(
    text: str, *, has_plan: bool = False, awaiting: str | None = None,
    planning_active: bool = False, follows_up: bool = False, meaning: Meaning | None = None,
    touring: bool = False, last_path: str | None = None, last_object: str | None = None,
) -> Intent:
    """Route ``text`` (German or English); rules and meaning in the module docstring.

    ``planning_active``: the conversation is planning (a place, time or instrument is set);
    ``follows_up``: the conversation has earlier messages ("Wann ungefähr?" continues one);
    ``meaning``: the message's closeness to the intent examples and the knowledge base;
    ``touring``: a tour through the plan runs ("weiter" steps it);
    ``last_path``: the specialist the conversation was last with ("Und jetzt den Mond" after
    Stellarium opened Saturn opens the Moon); ``last_object``: the object talked about last
    ("can i see it from boston this weekend?").
    """
    lowered = " ".join(text.lower().split())
    words = [fold(w) for w in _WORD.findall(lowered)]
    if not words or _only_social(lowered):
        return Intent(kind="greeting", reason="greeting or question about what Singularity does")
    slots = extract_planning_slots(text, awaiting=awaiting if awaiting in PLANNING_SLOTS else None)
    written_place = slots.place
    place = without_possessive(slots.place or "")
    if slots.place is not None and _names_a_body(place, meaning, possessive=place != slots.place):
        slots = slots.model_copy(update={"place": None})  # "auf Titan", "on Pluto's moon": no place on Earth
    in_planning = has_plan or planning_active or awaiting is not None
    if _borrowed_name(text, lowered, words, meaning):
        return Intent(kind="off_topic", reason="a body's name naming something else")
    if tour_step(text, touring=touring) is not None:  # "weiter" steps the tour, it is no yes
        return Intent(kind="stellarium", reason="tour through the plan")
    answer = _yes_or_no(lowered, words, slots, awaiting, in_planning=in_planning)
    if answer is not None:
        return answer
    question = _asks(lowered)
    reference = target_reference(text)
    if lx.wants_pictures(lowered) and not lx.STELLARIUM_WORDS.search(lowered):
        return Intent(kind="images", reason="request for pictures of an object")
    if lx.EXPORT_REQUEST.search(lowered):
        return Intent(kind="export", reason="request to export the plan")
    if lx.STELLARIUM_WORDS.search(lowered) or (
        lx.ACTION_VERBS.match(lowered) and reference is not None
    ):
        return Intent(kind="stellarium", reason="Stellarium request")
    if last_path == "stellarium" and reference is not None and _another_one(lowered):
        return Intent(kind="stellarium", reason="the last Stellarium request for another object")
    if last_path == "planning" and has_plan and reference is not None and _another_one(lowered):
        return Intent(kind="plan_followup", reason="the last question about the plan for another object")
    if asks_eyepiece_view(text):
        return Intent(kind="stellarium", reason="eyepiece view")
    if asks_best_night(text, has_plan=has_plan):
        return Intent(kind="best_night", reason="which night is best for one object")
    if asks_if_visible(text, last_object=last_object):
        return Intent(kind="best_night", reason="whether one object can be seen that night")
    if lx.asks_night_times(lowered) and not (lx.HOW_LONG_IT_LASTS.match(lowered) and slots.place is None and (
            slots.when is None or lx.HOW_LONG_AFTER.match(lowered)) and not in_planning) and not (
            meaning is not None and _on_a_body(text, meaning)):  # "When does the Sun rise on the Moon?"
        if has_plan and slots.place is None:
            return Intent(kind="plan_followup", reason="when it gets dark or the Moon rises in the plan's night")
        return Intent(kind="night", reason="when it gets dark or the Sun or the Moon rises or sets at a place")
    astronomy = lx.has_astronomy(text, words)
    if (
        awaiting in PLANNING_SLOTS
        and not question
        and not lx.OFF_TOPIC.search(lowered)
        and (slots.filled() or (len(words) <= _SHORT_REPLY_WORDS and not astronomy))
    ):
        return Intent(kind="planning", reason=f"answer to the {awaiting} question")
    if _asks_about_weather(text, lowered, slots, meaning, astronomy=astronomy) and not _about_a_body(text, slots, meaning) and (
            in_planning or {"place", "when"} & set(slots.filled())):
        return Intent(kind="weather", reason="question about the observing weather")
    if in_planning and _thanks_or_goodbye(lowered, slots, meaning):
        return Intent(kind="greeting", reason="thanks or goodbye")
    planning = _planning_reason(lowered, slots, has_plan=in_planning)
    if in_planning and planning not in _STRONG_PLANNING and not _clearly_off_topic(lowered, meaning):
        correction = _correction(lowered, slots, question=question, astronomy=astronomy)
        if correction is not None:
            return correction
    if has_plan and planning is None:
        if reference is not None and reference.index is not None:
            return Intent(
                kind="plan_followup", reason=f"question about target {reference.index} of the plan"
            )
        if lx.PLAN_WORDS.search(lowered):
            return Intent(kind="plan_followup", reason="question about the plan")
        if question and lx.POINTING_BACK.intersection(words) and lx.OBSERVING_IT.search(lowered):
            return Intent(kind="plan_followup", reason="when or where to see the target talked about")
    if planning is not None:
        if _knowledge_question_after_all(text, planning, question, meaning):
            return Intent(kind="knowledge", reason="question about the world, not a night")
        return Intent(kind="planning", reason=planning)
    if follows_up and (question or lowered.endswith("?")) and len(words) <= _SHORT_FOLLOW_UP_WORDS and all(
            w in lx.FOLLOW_UP_WORDS for w in words):
        return Intent(kind="knowledge", reason="short follow-up question on the last topic")
    if follows_up and not lx.OFF_TOPIC.search(lowered) and _follow_up(lowered, words, question=question):
        return Intent(kind="knowledge", reason="follow-up question on the last topic")
    if meaning is None:
        return _by_rules(text, lowered, words, astronomy=astronomy, question=question)
    return _by_meaning(text, lowered, slots, meaning, astronomy=astronomy, has_plan=has_plan,
                       in_planning=in_planning, written_place=written_place)


def _another_one(lowered: str) -> bool:
    """ "Und jetzt den Mond", "now M42", "what about Jupiter?": the last request again for
    another object, in a few words and without a question of its own ("Und wie weit ist der
    Mond weg?" asks something new)."""
    found = lx.ANOTHER_ONE.match(lowered)
    if found is None:
        return False
    rest = _WORD.findall(lowered[found.end():])
    return 0 < len(rest) <= _ANOTHER_ONE_WORDS and not lx.QUESTION_START.match(" ".join(rest))


_ANOTHER_ONE_WORDS = 3


def _only_social(lowered: str) -> bool:
    """Nothing but greetings, thanks, "what can you do?" and fillers."""
    if not (lx.GREETING.search(lowered) or lx.CAPABILITY.search(lowered)):
        return False
    rest = lx.CAPABILITY.sub(" ", lx.GREETING.sub(" ", lowered))
    return all(w in lx.SOCIAL_FILLERS for w in _WORD.findall(rest))


def _yes_or_no(
    lowered: str, words: list[str], slots: PlanningSlots, awaiting: str | None, *,
    in_planning: bool,
) -> Intent | None:
    """A short confirmation or refusal; a refusal that names a new time or place re-plans."""
    if len(words) > _SHORT_REPLY_WORDS:
        return None
    new_values = [s for s in slots.filled() if s != "preferences"]
    declined = bool(lx.DECLINE.search(lowered))
    if in_planning and new_values and (declined or lx.CONTRAST.search(lowered)):
        return Intent(kind="correction", reason="new planning values instead of the old ones")
    rest = lx.GREETING.sub(" ", lx.CONFIRM.sub(" ", lx.DECLINE.sub(" ", lowered)))
    if any(w not in lx.SOCIAL_FILLERS for w in _WORD.findall(rest)):
        return None
    weather = " despite the weather" if awaiting == "weather_confirmation" else ""
    if declined:
        return Intent(kind="decline", reason="user declined")
    if lx.CONFIRM.search(lowered):
        return Intent(kind="confirm", reason=f"user confirmed{weather}")
    return None


def _asks_about_weather(text: str, lowered: str, slots: PlanningSlots, meaning: Meaning | None, *,
                        astronomy: bool) -> bool:
    """Weather words or whether the night set looks good, or a message about the sky whose nearest
    examples are weather questions and that names no object ("Is the Moon up tonight?" asks the
    Moon, not the clouds) nor asks about the world (:func:`_no_forecast`)."""
    if lx.WEATHER.search(lowered):
        return True
    if lx.LOOKS_GOOD.search(lowered):  # of the night set: another place or night is a change of plan
        return (object_name(text) is None and slots.place is None
                and (slots.when is None or bool(lx.TONIGHT.fullmatch(slots.when.lower()))))
    return (meaning is not None and meaning.best == "weather"
            and meaning.lead("weather", ["planning"]) > CLEAR_LEAD
            and _about_the_sky(text, meaning, astronomy=astronomy) and object_name(text) is None
            and not _no_forecast(lowered, slots, meaning))


def _no_forecast(lowered: str, slots: PlanningSlots, meaning: Meaning) -> bool:
    """Whether a message whose nearest examples are weather questions still asks about the world:
    what a thing is called, how long or why something is ("Wie lange brauchen die Augen …?"), how many of a thing there are or
    were ("Wie viele Menschen saßen 1989 in Québec im Dunkeln?"), how fast, big or high it is, or a topic the knowledge base
    files articles under, other than its place ("the Bay of Fundy" may be a place, "the tides"
    there are a topic)."""
    place = _unhyphenated(slots.place or "")
    return bool(lx.ASKS_HOW_LONG_OR_WHY.match(lowered) or lx.ASKS_HOW_MANY.match(lowered)
                or lx.ASKS_A_MEASURE.match(lowered) or lx.NAME_QUESTION.match(_asking_sentence(lowered))) or any(
        not place or (_unhyphenated(name) not in place and place not in _unhyphenated(name))
        for name in (*meaning.names, *meaning.translated_names))


def _about_the_world(lowered: str) -> bool:
    """A question whose observing words name no night: why something helps, how many of a thing
    one sees, the month or season one sees it in, what matters while observing ("Welche Rolle spielt
    die Luftfeuchtigkeit beim Beobachten?"), how long something takes before one observes, or what
    an instrument, the eye or a city sky shows ("Can you see Pluto with a backyard telescope?")."""
    return bool(lx.ASKS_WHY.match(lowered) or lx.ASKS_HOW_MANY.match(lowered) or lx.ASKS_WHICH_SEASON.search(lowered) or (
        lx.INFO_QUESTION.match(lowered) and lx.WHILE_OBSERVING.search(lowered)) or (
        lx.ASKS_HOW_LONG_OR_WHY.match(lowered) and lx.BEFORE_OBSERVING.search(lowered)) or (
        lx.SEEN_WITH.search(lowered) and (lx.INFO_QUESTION.match(lowered) or lx.CAN_SEE.search(lowered))))


def _clearly_off_topic(lowered: str, meaning: Meaning | None) -> bool:
    """The off-topic examples lead clearly and nothing marks a change of plan."""
    if meaning is None or lx.REPLAN_CUES.search(lowered) or lx.CONTRAST.search(lowered):
        return False
    return meaning.lead("knowledge", ["off_topic"]) < -OFF_TOPIC_CLEAR


def _thanks_or_goodbye(lowered: str, slots: PlanningSlots, meaning: Meaning | None) -> bool:
    """ "Danke, das reicht für heute." names a day, but it ends the conversation."""
    if not lx.GREETING.search(lowered) or {"place", "equipment"} & set(slots.filled()):
        return False
    return meaning is None or meaning.best in ("greeting", "decline", "confirmation")


def _about_a_body(text: str, slots: PlanningSlots, meaning: Meaning | None) -> bool:
    """ "Wie ist das Wetter auf dem Jupiter?" asks about a planet's weather, not tonight's; so
    does "Wie kalt ist es auf dem Mars um Mitternacht?": a time on another world is no night."""
    if slots.place is not None or not _names_a_body(text, meaning):
        return False
    return slots.when is None or (meaning is not None and _on_a_body(text, meaning))


def _names_a_body(text: str, meaning: Meaning | None, *, possessive: bool = False) -> bool:
    """An object by catalogue or common name, a phase of the Moon, or a name the knowledge base
    files articles under (said in German too: "die Lokale Gruppe"). ``possessive``: ``text`` owned
    something ("from Io's volcanoes"), so a name it begins counts too ("Io volcanoes")."""
    if object_name(text) is not None or lx.MOON_PHASE.search(text.lower()) or STAR_DESIGNATION.search(text):
        return True
    folded = _unhyphenated(text)
    return meaning is not None and (bool(meaning.translated_names) or any(
        _unhyphenated(name) in folded or (possessive and _unhyphenated(name).startswith(f"{folded} "))
        for name in meaning.names))


def _unhyphenated(text: str) -> str:
    """Case and hyphens folded: a name stands in a German compound ("Wow-Signal", "Hills-Wolke")
    as the knowledge base's "Wow Signal"."""
    return text.casefold().replace("-", " ")


def _without_names(lowered: str, meaning: Meaning) -> str:
    """The message without the names the knowledge base files articles under: the cloud of
    "the Hills cloud" or "the Magellanic Clouds" is no weather, the "seen" of a name no wish to observe."""
    folded = _unhyphenated(lowered)
    for name in meaning.names:
        folded = folded.replace(_unhyphenated(name), " ")
    return folded


def _borrowed_name(text: str, lowered: str, words: list[str], meaning: Meaning | None) -> bool:
    """A body's name naming a shop, a sweet, a brand or a person: everyday words beside it
    ("Saturn-Markt", "Mars bar", "Venus Williams … Spiel") and nothing else of the sky or of
    spaceflight ("Wie viel kostet eine Mission zum Mars?" stays astronomy)."""
    names = {name for name in (object_name(text), *(meaning.names if meaning else ())) if name}
    if not names:
        return False
    spans = [m for name in names for m in re.finditer(rf"\b{re.escape(name)}\b", text, re.IGNORECASE)]
    borrowed = any(lx.BORROWED_AFTER_NAME.match(text[m.end():]) for m in spans)
    if not (borrowed or lx.EVERYDAY.search(lowered)) or lx.SPACEFLIGHT.search(lowered):
        return False
    named = {fold(w) for name in names for w in _WORD.findall(name.lower())}
    rest = " ".join(w for w in words if w not in named)
    return not lx.has_astronomy(rest, rest.split())


def _on_a_body(text: str, meaning: Meaning) -> bool:
    """ "Wie lang ist ein Tag auf Eris?", "the weather on Haumea": a world one could stand on,
    not a shop or a chocolate bar ("im Saturn", "Mars-Riegel")."""
    return any(re.search(rf"\b(?:auf|on|around|um)\s+(?:(?:dem|der|den|the)\s+)?{re.escape(name)}\b(?![-‐])",
                         text, re.IGNORECASE) for name in meaning.names)


def _correction(
    lowered: str, slots: PlanningSlots, *, question: bool, astronomy: bool
) -> Intent | None:
    """A new place, time, instrument or duration while planning: that value changes. A longer
    question needs a cue ("und wenn…", "instead", "lieber") to be one: "Which target is highest
    at midnight?" names a time but asks about the plan."""
    changed = [name for name in slots.filled() if name in _CHANGING_SLOTS]
    cue = bool(lx.REPLAN_CUES.search(lowered) or lx.CONTRAST.search(lowered)
               or lx.DECLINE.search(lowered))
    short = len(lowered.split()) <= 4
    about_targets = bool(lx.TARGET_WORDS.search(lowered))
    asking = question and bool(lx.INFO_QUESTION.match(lowered))
    if changed and not about_targets and (cue or not asking or (short and not astronomy)):
        return Intent(kind="correction", reason=f"new {', '.join(changed)} for the plan")
    if slots.preferences and not question and (cue or not astronomy or len(lowered.split()) <= 4):
        return Intent(kind="correction", reason="new object preferences for the plan")
    return None


_STRONG_PLANNING = {"observing plan request", "what is observable"}
"""A request for a (new) plan, not a change of one value."""
_WEAK_PLANNING = {
    "what is observable at a given place or time", "what is observable at a given place",
    "observing place, time or instrument given",
}


def _knowledge_question_after_all(
    text: str, planning: str, question: bool, meaning: Meaning | None
) -> bool:
    """ "Kann man von der Erde aus die Flagge auf dem Mond sehen?" has "sehen" and a place-like
    word, but it is a question about the world: a weak planning cue yields to clear meaning."""
    if not question or planning not in _WEAK_PLANNING:
        return False
    if planning == "what is observable at a given place" and object_name(text) is not None:
        return True  # "Kann man Beteigeuze von Deutschland aus sehen?": no night, one object
    if meaning is None:
        return False
    if _on_a_body(text, meaning) and not lx.OBSERVE_WORDS.search(lx.WEATHER.sub(" ", text.lower())):
        return True  # "what's the weather like on Mars at night?" (but "Krater auf dem Mond sehen" is seeing)
    return meaning.best == "knowledge" and meaning.lead("knowledge", ["planning", "weather"]) > 0


def _planning_reason(lowered: str, slots: PlanningSlots, *, has_plan: bool) -> str | None:
    """Why the message asks for an observing plan, or ``None``."""
    filled = set(slots.filled())
    core = filled & {"place", "when", "equipment"}
    asking = _asking_sentence(lowered)
    if lx.PLANNING_VERBS.search(lowered):
        return "observing plan request"
    if lx.RARE_EVENT.search(lowered):
        return None
    if lx.WHAT_CAN_I_SEE.search(lowered):
        return "what is observable"
    if lx.OBSERVE_WORDS.search(lowered) and "when" in filled and not _part_of_any_day(asking, slots):
        return "what is observable at a given place or time"
    if lx.OBSERVE_WORDS.search(lowered) and "place" in filled:
        return "what is observable at a given place"
    if lx.OBSERVING.search(lowered) and not lx.HOW_OR_WHY.match(asking) and not lx.PAST_EVENT.match(lowered) and not (
            lx.names_a_past_year(lowered)) and not (lx.INFO_QUESTION.match(asking) and lx.WHILE_OBSERVING.search(asking)):
        return "wish to observe"
    asks_history = lowered.endswith("?") and lx.INFO_QUESTION.match(lowered) and "when" not in core
    if len(core) >= 2 and not asks_history and not lx.NAME_QUESTION.match(asking) and (
            "place" in core or not lx.FACT_QUESTION.match(lowered)):
        return "observing place, time or instrument given"
    if has_plan and core and lx.REPLAN_CUES.search(lowered):
        return "change to the planning values"
    return None


def _asking_sentence(lowered: str) -> str:
    """The sentence of a message that asks ("I wear glasses when observing. How much eye relief …?"
    asks how much, it is no wish to observe), or the whole message."""
    sentences = [part.strip() for part in re.split(r"(?<=[.!?])\s+", lowered) if part.strip()]
    return next((part for part in sentences if part.endswith("?")), lowered)


def _asks(lowered: str) -> bool:
    """Whether a message is a question: opened by a question word, or a few words ending in "?"."""
    return bool(lx.QUESTION_START.match(lowered)) or (lowered.endswith("?") and len(_WORD.findall(lowered)) > 2)


_SOCIAL: dict[str, IntentKind] = {"correction": "correction", "confirmation": "confirm",
                                  "decline": "decline"}


def _by_meaning(
    text: str, lowered: str, slots: PlanningSlots, meaning: Meaning, *, astronomy: bool,
    has_plan: bool, in_planning: bool, written_place: str | None = None,
) -> Intent:
    """What the rules left open: first whether the message is about the sky at all (the
    astronomy questions' examples against the off-topic ones, with the vocabulary, a named
    object and the knowledge base as evidence), then which kind of help it asks for. Action
    intents (planning, weather, Stellarium) need a word of their own: their examples alone
    do not send a question about the world to the planner."""
    best = meaning.best
    if best in _SOCIAL and in_planning:
        return Intent(kind=_SOCIAL[best], reason=f"{best} (nearest examples)")
    sky = _about_the_sky(text, meaning, astronomy=astronomy)
    if best == "greeting" and not (_asks(lowered) and sky):  # "The Golden Record has greetings in how many languages?"
        return Intent(kind="greeting", reason="greeting (nearest examples)")
    if not sky:
        return Intent(kind="off_topic", reason="not about astronomy (nearest examples)")
    filled = set(slots.filled())
    asking = _asking_sentence(lowered)
    named = bool(lx.NAME_QUESTION.match(asking))  # what a thing is called is no night's question
    history = bool(asking.endswith("?") and lx.INFO_QUESTION.match(asking) and ("when" not in filled or named))
    observing = bool(("when" in filled and not _present_age(lowered, slots) and not named
                      and not _part_of_any_day(asking, slots))
                     or ("place" in filled and not history)
                     or (lx.OBSERVE_WORDS.search(_without_names(asking, meaning)) and not _about_the_world(asking))
                     ) and not (lx.RARE_EVENT.search(lowered) or _on_a_body(text, meaning) or lx.names_a_past_year(lowered)
                                or _a_country_only(written_place, filled))
    if best == "plan_followup" and has_plan:
        return Intent(kind="plan_followup", reason="question about a target (nearest examples)")
    if best in ("planning", "weather") and observing and not (best == "weather" and _no_forecast(lowered, slots, meaning)):
        return Intent(kind=best, reason=f"{best} (nearest examples)")  # type: ignore[arg-type]
    return Intent(kind="knowledge", reason="astronomy question (nearest examples)")


def _a_country_only(written_place: str | None, filled: set[str]) -> bool:
    """A whole country without a night ("Kann man Beteigeuze von Deutschland aus sehen?") asks
    what its latitude allows, no night at one place to plan. ``written_place``: the place as the
    message says it (beside a translated name it is no longer a slot)."""
    return "when" not in filled and is_country(written_place or "")


def _part_of_any_day(asking: str, slots: PlanningSlots) -> bool:
    """A question's bare "evening" or "night" is any evening ("How bright does Venus get in the evening
    sky?", "How many stars can you see on a dark night?"; but not "in the evening sky tonight"), and "how
    long after sunset" asks of any sunset: no night to plan."""
    return bool(lx.INFO_QUESTION.match(asking)) and (slots.when or "").casefold() in lx.TIME_OF_DAY and not (
        lx.ON_A_NIGHT.search(asking)) or bool(lx.HOW_LONG_AFTER.match(asking))


def _present_age(lowered: str, slots: PlanningSlots) -> bool:
    """A why-question's bare "today" is the present age, not a night ("Warum baut man heute keine
    riesigen Linsenfernrohre mehr?"); "heute Abend" and "tonight" still name one."""
    return bool(lx.ASKS_WHY.match(lowered)) and (slots.when or "").casefold() in lx.BARE_TODAY


def _about_the_sky(text: str, meaning: Meaning, *, astronomy: bool) -> bool:
    """Whether the astronomy questions' examples lie nearer than the off-topic ones. A named
    object (or a name the knowledge base knows: "Charon", "Heinrich Olbers") tips all but a
    clear off-topic lead ("Mars-Riegel"), and "tell me about <object>"
    always; astronomy vocabulary tips a close call; without either a near tie is decided by the
    knowledge base."""
    lead = meaning.lead("knowledge", ["off_topic"])
    if _names_a_body(text, meaning):
        return lead > -OFF_TOPIC_CLEAR or bool(lx.TELL_ABOUT.search(text.lower())) or _on_a_body(text, meaning)
    if astronomy:
        return lead > -OFF_TOPIC_LEAD
    close = meaning.knowledge is not None and meaning.knowledge >= KNOWLEDGE_CLOSE
    return lead > CLEAR_LEAD or (lead > -CLEAR_LEAD and close)


def _by_rules(text: str, lowered: str, words: list[str], *, astronomy: bool, question: bool) -> Intent:
    """Without meaning: astronomy vocabulary, a named object or a follow-up is knowledge."""
    if astronomy or object_name(text) is not None:
        return Intent(kind="knowledge", reason="astronomy question")
    reference = target_reference(text)
    if reference is not None and reference.index is not None:
        return Intent(kind="knowledge", reason="question about a target without a plan")
    if not lx.OFF_TOPIC.search(lowered) and _follow_up(lowered, words, question=question):
        return Intent(kind="knowledge", reason="follow-up question on the last topic")
    return Intent(kind="off_topic", reason="not about astronomy")


def _follow_up(lowered: str, words: list[str], *, question: bool) -> bool:
    """ "Erzähl mir mehr", "Welcher ist der hellste?", or a question about a property of
    "it"/"there" ("Wie warm ist es dort?"); "Wie spät ist es?" names no property and stays off topic."""
    if lx.FOLLOW_UP_REQUEST.search(lowered) or (question and lx.WHICH_SUPERLATIVE.search(lowered)):
        return True
    referring = (lx.POINTING_BACK.intersection(words) or lx.PLACE_DEIXIS.intersection(words)
                 or lx.POINTING_ARTICLE.search(lowered))  # "Und wie alt sind die so?"
    return question and bool(referring) and bool(lx.PROPERTY_WORDS.search(lowered))
