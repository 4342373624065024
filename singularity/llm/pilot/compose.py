"""Answers composed by code from tool results, in the user's language (German or English).

Used by the offline pilot for its final texts, so that everything it says is traceable to a
tool result; the wording stays short because the UI shows the full plan table and chart.
"""

from __future__ import annotations

from typing import Any

from singularity.catalogue.objects import moon_phase, object_type
from singularity.planning.scoring import compass_point_in
from singularity.units import Quantity


def _type(label: str, language: str) -> str:
    return object_type(label, "de" if language == "de" else "en")


def _target_line(t: dict[str, Any], language: str) -> str:
    name = f"**{t['name'].split(' (')[0]}**" + (f" ({t['name'].split(' (', 1)[1]}" if " (" in t["name"] else "")
    if language == "de":
        return (f"{t['rank']}. {name} – {_type(t['type'], language)} im Sternbild "
                f"{t['constellation']}, {t['magnitude']:.1f} mag, am besten um {t['best_time']} "
                f"in {t['altitude_deg']:.0f}° Höhe Richtung {compass_point_in(t['direction'], language)}")
    return (f"{t['rank']}. {name} – {t['type']} in {t['constellation']}, mag {t['magnitude']:.1f}, "
            f"best at {t['best_time']}, {t['altitude_deg']:.0f}° high in the {t['direction']}")


def compose_plan_answer(result: dict[str, Any], language: str) -> str:
    """The pilot's answer to a computed plan, from what ``compute_plan`` showed the model."""
    data = result.get("data") or {}
    targets = data.get("targets") or []
    place, when = data.get("place", ""), data.get("start", "")
    de = language == "de"
    if not targets:
        lead = (f"Für {place} am {when} habe ich kein lohnendes Ziel gefunden."
                if de else f"I found no worthwhile target for {place} on {when}.")
        return "\n\n".join([lead, *_notes(data, language)])
    lead = (f"Dein Beobachtungsplan für {place} ab {when} – die besten Ziele:"
            if de else f"Your observing plan for {place} from {when} — the best targets:")
    lines = [_target_line(t, language) for t in targets[:5]]
    moon = data.get("moon", "")
    if de:
        phase, _, lit = moon.partition(", ")
        moon_line = f"Mond: {moon_phase(phase, 'de')}, {lit.replace('lit', 'beleuchtet')}."
    else:
        moon_line = f"Moon: {moon}."
    parts = [lead, "\n".join(lines), moon_line]
    weather = _weather_line(data, language)
    if weather:
        parts.append(weather)
    if result.get("status") == "partial" and result.get("message") and (
            not data.get("weather") or data["weather"] not in result["message"]):
        parts.append(("Hinweis: " if de else "Note: ") + result["message"])
    parts.extend(_notes(data, language))
    return "\n\n".join(parts)


def _notes(data: dict[str, Any], language: str) -> list[str]:
    """The plan's notes in the conversation's language (the planner writes both)."""
    notes = data.get("notes") or {}
    return list(notes.get(language) or notes.get("en") or []) if isinstance(notes, dict) else list(notes)


_VERDICT_DE = {"good": "gut", "marginal": "durchwachsen", "bad": "schlecht"}


_WEATHER_UNKNOWN_DE = {
    "failed": "Die Wettervorhersage konnte ich nicht abrufen: der Wetterdienst war nicht "
    "erreichbar. Versuch es später noch einmal.",
    "refused": "Für dieses Zeitfenster gibt es keine Vorhersage (es liegt außerhalb des "
    "Vorhersagezeitraums oder in der Vergangenheit).",
}


def compose_weather_answer(result: dict[str, Any], language: str) -> str:
    """The answer to "what about the weather?": the weather check's verdict and numbers for the
    place and window it checked, or what kept it from checking."""
    data = result.get("data") or {}
    status = result.get("status")
    if status not in ("ok", "partial") or "verdict" not in data:
        if language == "de" and status in _WEATHER_UNKNOWN_DE:
            return _WEATHER_UNKNOWN_DE[status]
        return result.get("message", "")
    where = ", ".join(p for p in (data.get("place"), data.get("window")) if p)
    if language == "de":
        line = _weather_line({"weather": data["summary"], "weather_numbers": data.get("numbers")}, "de")
        answer = f"{where}: {line}" if where else line
    else:
        answer = f"Weather for {where}: {data['summary']}" if where else f"Weather: {data['summary']}"
    return "\n\n".join([*data.get("assumptions", []), answer])


def _weather_line(data: dict[str, Any], language: str) -> str:
    numbers = data.get("weather_numbers")
    if language != "de":
        return f"Weather: {data['weather']}" if data.get("weather") else ""
    if not numbers:
        return "Wetter: unbekannt – die Vorhersage war nicht abrufbar." if data.get("weather") else ""
    text = f"Wetter: {_VERDICT_DE[numbers['verdict']]}"
    details = []
    if "cloud_mean_pct" in numbers:
        details.append(f"Bewölkung im Mittel {numbers['cloud_mean_pct']} %")
    if "precipitation_max_pct" in numbers:
        details.append(f"Regenrisiko höchstens {numbers['precipitation_max_pct']} %")
    if "visibility_min" in numbers:
        details.append(f"Sicht mindestens {Quantity.from_json(numbers['visibility_min'])}")
    return text + (" – " + ", ".join(details) if details else "") + "."


def compose_target_answer(target: dict[str, Any], language: str) -> str:
    """The pilot's answer to a question about one target of the plan (``describe_target``)."""
    if not target:
        return ""
    name = target["name"] + (f" ({target['common_name']})" if target.get("common_name") else "")
    size = target.get("size_arcmin")
    if language == "de":
        size_text = f", {size:.0f}′ groß" if size else ""
        return (f"{name}: {_type(target['type'], language)} im Sternbild "
                f"{target['constellation']}, {target['magnitude']:.1f} mag{size_text}. "
                f"Am besten um {target['best_time'][11:16]} in {target['altitude_deg']:.0f}° Höhe "
                f"Richtung {compass_point_in(target['direction'], language)}.")
    size_text = f", {size:.0f}′ across" if size else ""
    return (f"{name}: {target['type']} in {target['constellation']}, magnitude "
            f"{target['magnitude']:.1f}{size_text}. Best at {target['best_time'][11:16]}, "
            f"{target['altitude_deg']:.0f}° high. Assessment: {target['assessment']}")
