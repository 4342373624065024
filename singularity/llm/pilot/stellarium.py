"""The offline pilot as the StellariumAgent: which target the message means, one call of
``open_in_stellarium`` (or of the screenshot tool), and an answer composed from its result.

"Öffne das erste Ziel in Stellarium" passes the plan position ("1"), "Öffne es" the object
discussed last, "Zeig mir M42 in Stellarium" the name; the tool resolves all of them. A
refusal, failure or question of the tool is relayed word for word.

An eyepiece question ("Wie sieht M51 in meinem 10-Zoll-Dobson mit dem 25-mm-Okular aus?")
calls ``show_eyepiece_view`` with the object, the instrument and the eyepiece as said; "Führe
mich durch den Plan", "weiter", "zurück" call ``tour_plan``. Their answers are the tools' own
sentences (``lines``), said in the conversation's language.
"""

from __future__ import annotations

import re
from typing import Any

from llama_index.core.base.llms.types import ChatMessage

from singularity.catalogue import Message, say
from singularity.llm.pilot.policies import Turn, relay, text, tool_call
from singularity.understanding.eyepiece import (
    asks_eyepiece_view,
    eyepiece_phrase,
    telescope_phrase,
    tour_step,
)
from singularity.understanding.references import target_reference

_SCREENSHOT = re.compile(r"\bscreenshot\b|\bbildschirmfoto\b", re.IGNORECASE)
_REQUEST_WORDS = re.compile(
    r"\b(?:bitte|please|kannst\s+du|can\s+you|could\s+you|zeig(?:e|t)?|show|(?:ö|oe)ffne|open|"
    r"zentriere|cent(?:er|re)|select|w(?:ä|ae)hle|point\s+(?:at|to)|go\s+to|mir|me|uns|us|"
    r"(?:in|im|auf|on|with)\s+stellarium|stellarium|an|on)\b|[?!.]",
    re.IGNORECASE,
)
"""What a Stellarium request says besides the object: removed to leave the object's name."""


def stellarium(turn: Turn) -> ChatMessage:
    eyepiece = _eyepiece(turn)
    if eyepiece is not None:
        return eyepiece
    opened = turn.called("open_in_stellarium") or turn.called("take_stellarium_screenshot")
    if opened is not None:
        result = opened.result or {}
        if result.get("status") in ("ok", "partial"):
            return text(compose_open_answer(opened.name, result, turn.language))
        return relay(opened)

    if _SCREENSHOT.search(turn.user_text) and target_reference(turn.user_text) is None:
        return tool_call("take_stellarium_screenshot")
    target = _target(turn)
    if target is None:
        return text("Welches Objekt soll ich in Stellarium öffnen?" if turn.language == "de"
                    else "Which object should I open in Stellarium?", "question")
    return tool_call("open_in_stellarium", target=target)


def _target(turn: Turn) -> str | None:
    """What to pass as ``target``: a plan position, a name, or the object discussed last."""
    reference = target_reference(turn.user_text)
    if reference is None:
        rest = " ".join(_REQUEST_WORDS.sub(" ", turn.user_text).split())
        return rest or None  # a name the pilot does not know: the tool resolves it
    if reference.index is not None:
        return str(reference.index) if reference.index > 0 else {-1: "last", -2: "penultimate"}[reference.index]
    if reference.name is not None:
        return reference.name
    return turn.state.get("last_discussed_object") or "it"


def compose_open_answer(tool: str, result: dict[str, Any], language: str) -> str:
    """The answer to an opened object or a screenshot, from what the tool showed the model."""
    data = result.get("data") or {}
    de = language == "de"
    if tool == "take_stellarium_screenshot":
        return "Hier ist die aktuelle Ansicht in Stellarium." if de else "Here is Stellarium's current view."
    name = data.get("object", "")
    if data.get("common_name"):
        name += f" ({data['common_name']})"
    place, when, source = data.get("place", ""), data.get("time", ""), data.get("place_source", "")
    position = ""
    if "altitude_deg" in data:
        position = (f", {data['altitude_deg']}° hoch Richtung {data['direction'].replace('E', 'O')}" if de
                    else f", {data['altitude_deg']}° high in the {data['direction']}")
    centred = data.get("centred", True)
    if de:
        done = "zentriert" if centred else "ausgewählt"
        lines = [f"{name} ist in Stellarium {done} – {place}, {when} ({_source(source, language)}){position}."]
        if result.get("status") == "partial":
            lines.append("Nicht alles hat geklappt: " + result.get("message", ""))
    else:
        done = "centred" if centred else "selected"
        lines = [f"{name} is {done} in Stellarium – {place}, {when} ({_source(source, language)}){position}."]
        if result.get("status") == "partial":
            lines.append("Not everything worked: " + result.get("message", ""))
    return "\n\n".join([*lines, *data.get("notes", [])])


def _source(source: str, language: str) -> str:
    """Whose place and time the view shows (the catalogue's words, as in the confirmation)."""
    return say(f"stellarium.source_{source}", "de" if language == "de" else "en") if source else ""


def _eyepiece(turn: Turn) -> ChatMessage | None:
    """The eyepiece view or the tour: its answer once a tool ran, else the call it needs; None
    when the message asks for neither."""
    ran = turn.called("show_eyepiece_view") or turn.called("tour_plan")
    if ran is not None:
        result = ran.result or {}
        if result.get("status") != "ok":
            return relay(ran)
        lines = [Message.model_validate(line) for line in (result.get("data") or {}).get("lines", [])]
        language = "de" if turn.language == "de" else "en"
        return text("\n\n".join(line.render(language) for line in lines))
    step = tour_step(turn.user_text, touring=bool(turn.state.get("tour")))
    if step is not None:
        extra = {"eyepiece": e} if (e := eyepiece_phrase(turn.user_text)) else {}
        if t := telescope_phrase(turn.user_text):
            extra["telescope"] = t
        return tool_call("tour_plan", step=step, **extra)
    if not asks_eyepiece_view(turn.user_text):
        return None
    reference = target_reference(turn.user_text)
    target = _target(turn) if reference is not None else (turn.state.get("last_discussed_object") or "it")
    return tool_call("show_eyepiece_view", target=target, telescope=telescope_phrase(turn.user_text),
                     eyepiece=eyepiece_phrase(turn.user_text))
