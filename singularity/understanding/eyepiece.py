"""Eyepiece questions and the plan tour in a message, German and English.

* An eyepiece question names an eyepiece and an object ("Wie sieht M51 in meinem 10-Zoll-Dobson
  mit dem 25-mm-Okular aus?", "M13 with my Nagler 13?"), an eyepiece in a follow-up ("Und mit
  dem Nagler 13?"), or asks what an object looks like in the eyepiece ("Was sehe ich von M42
  im Okular?": the tool then asks which one).
* The tour starts with "Führe mich durch den Plan", "take me through the plan", "zeig mir die
  Ziele nacheinander"; while it runs, short messages step it: "weiter", "nächstes", "next",
  "zurück", "previous", and "Führung beenden", "stop the tour" end it.
"""

from __future__ import annotations

import re
from typing import Literal

from singularity.planning.eyepiece_view import focal_phrase
from singularity.planning.eyepieces import find_eyepiece
from singularity.understanding.equipment_spans import find_equipment
from singularity.understanding.references import object_name, target_reference
from singularity.understanding.tokens import tokenize

TourStep = Literal["start", "next", "back", "stop"]
_SHORT_STEP_WORDS = 5

_EYEPIECE_WORD = re.compile(r"\bokular\w*|\beyepieces?\b|\bokularansicht\b")
_LOOK = re.compile(
    r"\bwie\s+sieht\b|\baussehen\b|\bwas\s+sehe\s+ich\b|\bwas\s+(?:werde|w(?:ü|ue)rde)\s+ich\b.*\bsehen\b"
    r"|\bhow\s+(?:does|do|will|would)\b.*\blook\b|\bwhat\s+(?:will|would|do)\s+i\s+see\b"
    r"|\bpasst\b|\bfits?\b|\bvergr(?:ö|oe)(?:ß|ss)erung\b|\bmagnification\b|\bgesichtsfeld\b"
    r"|\bfield\s+of\s+view\b|\baustrittspupille\b|\bexit\s+pupil\b")
_FOLLOW_UP = re.compile(r"(?:und|and|what\s+about|how\s+about|wie\s+w(?:ä|ae)re\s+es)\b")
"""An eyepiece alone after "und …?" asks about the object discussed last ("Und mit dem Nagler 13?")."""
_TOUR_START = re.compile(
    r"\b(?:f(?:ü|ue)hr|leit|begleit)\w*\s+(?:mich|uns)\s+(?:durch|(?:ü|ue)ber)\s+(?:den|meinen|unseren|diesen|die)?\s*"
    r"(?:beobachtungs)?(?:plan|liste|ziele)"
    r"|\b(?:take|walk|guide|lead|step)\s+(?:me|us)\s+through\s+(?:the|my|our|this|tonight'?s)?\s*"
    r"(?:observing\s+)?(?:plan|list|targets)"
    r"|\b(?:tour|rundgang|rundreise)\s+(?:durch|through|of|(?:ü|ue)ber)\s+(?:den|die|the|my|meinen)?\s*"
    r"(?:plan|liste|list|ziele|targets)"
    r"|\b(?:plan|ziele|targets|liste|list)\b.*\b(?:nacheinander|der\s+reihe\s+nach|eins\s+nach\s+dem\s+anderen"
    r"|one\s+(?:by|after)\s+(?:one|another|the\s+other)|one\s+at\s+a\s+time)\b"
    r"|\b(?:mich|uns)\s+(?:bitte\s+)?(?:durch|(?:ü|ue)ber)\s+(?:den|meinen|unseren|diesen|die)?\s*"
    r"(?:beobachtungs)?(?:plan|liste|ziele)\s+(?:zu\s+)?f(?:ü|ue)hr"
    r"|\b(?:lass\s+uns|let'?s)\s+(?:den\s+plan\s+durchgehen|go\s+through\s+the\s+(?:plan|list|targets))")
_TOUR_NEXT = re.compile(
    r"^(?:und\s+|and\s+|ok(?:ay)?,?\s+|gut,?\s+|bitte\s+)?(?:weiter|n(?:ä|ae)chste[snr]?|next|continue"
    r"|vorw(?:ä|ae)rts|go\s+on|mach\s+weiter|on\s+to\s+the\s+next|das\s+n(?:ä|ae)chste|the\s+next\s+one)\b")
_TOUR_BACK = re.compile(
    r"^(?:und\s+|and\s+|ok(?:ay)?,?\s+|bitte\s+)?(?:zur(?:ü|ue)ck|vorige[snr]?|vorherige[snr]?|back|go\s+back"
    r"|previous|das\s+vorige|eins\s+zur(?:ü|ue)ck|the\s+previous\s+one|one\s+back)\b")
_TOUR_STOP = re.compile(
    r"\b(?:beende|stopp?e?|ende|end|finish|quit|abbrechen|brich)\b.*\b(?:f(?:ü|ue)hrung|tour|rundgang)\b"
    r"|\b(?:f(?:ü|ue)hrung|tour|rundgang)\b.*\b(?:beenden|stoppen|abbrechen|beendet|zu\s+ende|over|done)\b"
    r"|^(?:stopp?|genug|that'?s\s+enough|enough)\b")


def asks_eyepiece_view(text: str) -> bool:
    """Whether ``text`` asks how an object looks in an eyepiece: an eyepiece and an object, an
    eyepiece in a follow-up, or an eyepiece word, a "how does it look" and an object. An
    eyepiece alone ("What can I see tonight with my 25mm eyepiece?") is planning."""
    lowered = " ".join(text.lower().split())
    named = find_eyepiece(text) is not None
    if not named and not (_EYEPIECE_WORD.search(lowered) and _LOOK.search(lowered)):
        return False
    if named and _FOLLOW_UP.match(lowered):
        return True
    return object_name(text) is not None or target_reference(text) is not None


def tour_step(text: str, *, touring: bool = False) -> TourStep | None:
    """The tour step ``text`` asks for: "start" any time, the others while a tour runs."""
    lowered = " ".join(text.lower().split()).strip(" !.?")
    if _TOUR_START.search(lowered):
        return "start"
    if not touring:
        return None
    if _TOUR_STOP.search(lowered):
        return "stop"
    if len(lowered.split()) > _SHORT_STEP_WORDS:
        return None
    if _TOUR_BACK.search(lowered):
        return "back"
    if _TOUR_NEXT.search(lowered):
        return "next"
    return None


def eyepiece_phrase(text: str) -> str:
    """The eyepiece of ``text`` as words the tools read back, or "" when none is named."""
    found = find_eyepiece(text)
    return found.phrase if found is not None else ""


def telescope_phrase(text: str) -> str:
    """The instrument of ``text`` with its focal length or ratio when said apart from it
    ("10-inch Dobsonian, f/4.7"), or "" when none is named."""
    found = find_equipment(text, tokenize(text), set())
    phrase = found[0] if found is not None else ""
    focal = focal_phrase(text)
    if phrase and focal and focal not in phrase.lower():
        phrase = f"{phrase}, {focal}"
    return phrase
