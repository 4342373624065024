"""Does an answer say that *this system did* something a tool of it could have done?

The honesty check (``workflow/honesty.py``) replaces prose that claims an action no tool
confirmed. It must be right both ways: "I opened M31 in Stellarium" without a successful
``open_in_stellarium`` is a false claim, and "Hubble opened a new window on the universe" or
"the galaxy lies 2.5 million light-years away" are descriptions of the world, never claims.
So a claim needs both an actor that is the assistant (first person, or a passive whose subject
is the user's view, plan or preference) and an action one of the action tools performs:
opening or centring in Stellarium, taking a screenshot, computing a plan, saving a preference.
"""

from __future__ import annotations

import re

_OPEN = (r"(?:opened|centred|centered|pointed|selected|shown|showed|displayed|focused|slewed"
         r"|switched|loaded)")
_MADE = r"(?:computed|calculated|created|made|prepared|generated|built|drawn\s+up|put\s+together)"
_SAVED = r"(?:saved|stored|remembered|noted|recorded|updated|changed|set)"
_SHOT = r"(?:took|taken|captured|made)\s+(?:a\s+|the\s+|your\s+)?(?:new\s+)?screenshot"
_ACTION_EN = rf"(?:{_OPEN}|{_MADE}|{_SAVED})"

_CLAIMS = (
    # I (have) opened / I've centred / I just computed / we saved … / I took a screenshot
    re.compile(rf"\b(?:i|we)(?:\s+have|'ve|\s+just|\s+now|\s+also|\s+already)*\s+{_ACTION_EN}\b"),
    re.compile(rf"\b(?:i|we)(?:\s+have|'ve|\s+just)*\s+{_SHOT}\b"),
    # M31 is now centred in Stellarium / your plan has been saved / the view was set
    re.compile(rf"\b(?:is|are|has\s+been|have\s+been|was|were)\s+(?:now\s+|just\s+)?{_OPEN}\s+"
               r"(?:in|on)\s+(?:your\s+)?stellarium\b"),
    re.compile(rf"\b(?:your|the)\s+(?:observing\s+)?(?:plan|preferences?|profile|settings?|view)"
               rf"\s+(?:is|are|has\s+been|have\s+been|was|were)\s+(?:now\s+)?(?:{_MADE}|{_SAVED}"
               r"|ready|done|finished)\b"),
    re.compile(r"\bhere(?:'s|\s+is)\s+(?:your|the)\s+(?:new\s+)?(?:screenshot|stellarium\s+view)\b"),
    # ich habe … geöffnet / habe ich … berechnet / hab … gespeichert (up to ten words between)
    re.compile(r"\b(?:ich\s+habe|habe\s+ich|ich\s+hab|hab\s+ich|wir\s+haben|haben\s+wir)\b"
               r"(?:\s+[\w„“\"'-]+){0,10}?\s+(?:geöffnet|geoeffnet|zentriert|ausgewählt|eingestellt"
               r"|angezeigt|gezeigt|berechnet|erstellt|erzeugt|gespeichert|gemerkt|notiert"
               r"|geändert|geaendert|aufgenommen|gemacht)\b"),
    # … ist jetzt in Stellarium zentriert / dein Plan wurde gespeichert / der Plan ist fertig
    re.compile(r"\b(?:ist|sind|wurde|wurden)\s+(?:jetzt\s+|nun\s+|gerade\s+)?in\s+(?:deinem\s+)?"
               r"stellarium\s+(?:geöffnet|geoeffnet|zentriert|ausgewählt|eingestellt|angezeigt)\b"),
    re.compile(r"\b(?:dein|der|ihr)\s+(?:beobachtungs)?plan\s+(?:ist|wurde)\s+(?:jetzt\s+|nun\s+)?"
               r"(?:fertig|berechnet|erstellt|gespeichert|bereit)\b"),
    re.compile(r"\b(?:deine|die)\s+(?:einstellungen|vorlieben|präferenzen|praeferenzen)\s+"
               r"(?:sind|wurden)\s+(?:jetzt\s+)?(?:gespeichert|geändert|geaendert|aktualisiert)\b"),
    re.compile(r"\bhier\s+ist\s+(?:dein|der)\s+(?:neuer?\s+)?(?:screenshot|stellarium-ansicht)\b"),
)
_CODE_LINES = re.compile(r"^(?:done|erledigt|note|hinweis):", re.IGNORECASE)
"""Lines the runner composes from tool results (confirmations): never the prose's own claims."""
_QUOTE = re.compile(r"^\s*[-•]\s.*\[\d+\]\s*$")
"""A quoted passage with its citation marker: the source's words, not the assistant's."""


def action_claims(text: str) -> list[str]:
    """The sentences of ``text`` in which the assistant says it performed an action."""
    found = []
    for line in text.splitlines():
        if _CODE_LINES.match(line.strip()) or _QUOTE.match(line):
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            lowered = " ".join(sentence.lower().replace("’", "'").split())
            if any(pattern.search(lowered) for pattern in _CLAIMS):
                found.append(sentence.strip())
    return found
