"""Answers composed by code from tool results, in the user's language (German or English).

Used by the offline pilot for its final texts, so that everything it says is traceable to a
tool result; the wording stays short because the UI shows the full plan table and chart.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from singularity.catalogue import Language, say
from singularity.catalogue.objects import constellation, moon_phase, object_type, target_name
from singularity.planning.best_night import night_name
from singularity.planning.scoring import compass_point_in
from singularity.planning.timephrases.formatting import month_message
from singularity.units import Quantity


def _lang(language: str) -> Language:
    return "de" if language == "de" else "en"


def _target_line(t: dict[str, Any], language: Language) -> str:
    name = f"**{t['name'].split(' (')[0]}**" + (f" ({t['name'].split(' (', 1)[1]}" if " (" in t["name"] else "")
    return say("pilot.plan_target", language, rank=t["rank"], name=name,
               type=object_type(t["type"], language), constellation=constellation(t["constellation"], language),
               magnitude=float(t["magnitude"]), time=t["best_time"], altitude=float(t["altitude_deg"]),
               direction=compass_point_in(t["direction"], language))


def compose_plan_answer(result: dict[str, Any], language: str) -> str:
    """The pilot's answer to a computed plan, from what ``compute_plan`` showed the model."""
    lang = _lang(language)
    data = result.get("data") or {}
    targets = data.get("targets") or []
    place, when = data.get("place", ""), data.get("start", "")
    if not targets:
        return "\n\n".join([say("pilot.plan_nothing", lang, place=place, when=when), *_notes(data, lang)])
    parts = [say("pilot.plan_lead", lang, place=place, when=when),
             "\n".join(_target_line(t, lang) for t in targets[:5])]
    night = data.get("night") or {}
    if night.get("dark_from") and night.get("dark_until"):
        parts.append(say("pilot.plan_dark", lang, start=night["dark_from"], end=night["dark_until"]))
    moon = data.get("moon")
    if moon:
        events = "".join(say(f"pilot.moon_{kind}", lang, time=night[key])
                         for key, kind in _moon_order(night, ("moonrise", "rises"), ("moonset", "sets")))
        parts.append(say("pilot.plan_moon", lang, phase=moon_phase(moon["phase"], lang),
                         percent=round(100 * moon["illumination"]), events=events))
    weather = _weather_line(data, lang)
    if weather:
        parts.append(weather)
    if result.get("status") == "partial" and result.get("message") and (
            not data.get("weather") or data["weather"] not in result["message"]):
        parts.append(say("pilot.plan_note", lang, text=result["message"]))
    parts.extend(_notes(data, lang))
    return "\n\n".join(parts)


def _moon_order(night: dict[str, Any], *events: tuple[str, str]) -> list[tuple[str, str]]:
    """The Moon's events of the night in the order they happen (a time after midnight is later
    than one in the evening, so the night's times are compared as from noon)."""
    return sorted((event for event in events if night.get(event[0])), key=lambda event: _from_noon(night[event[0]]))


def _from_noon(clock: str) -> str:
    """A night's HH:MM as a key that sorts the evening before the morning."""
    return f"{(int(clock[:2]) + 12) % 24:02d}{clock[2:]}"


def compose_night_answer(data: dict[str, Any], language: str, *, first: str | None = None,
                         next_phase: str | None = None) -> str:
    """The answer to "when does it get dark?" or "when does the Moon rise?": the night
    (``describe_night``): darkness, the Sun and the Moon; ``first``: "sun" or "moon", the one
    asked about, said first; ``next_phase`` ("full_moon", "new_moon"): when it next comes,
    said before all, or, when a month was asked (``describe_night(month=…)``), when it comes in
    that month, said alone."""
    lang = _lang(language)
    if next_phase and data.get("month"):
        return _phases_in_month(data, next_phase, lang)
    night, moon = data.get("night") or {}, data.get("moon") or {}
    day = date.fromisoformat(data["date"])
    heading = say("pilot.night_heading", lang, place=data.get("place", ""), evening=night_name(day).render(lang),
                  morning=night_name(day + timedelta(days=1)).render(lang))
    if night.get("dark_from") and night.get("dark_until"):
        minutes = int(night.get("dark_minutes") or 0)
        length = say("pilot.night_length", lang, hours=minutes // 60, minutes=minutes % 60)
        parts = [say("pilot.night_dark", lang, start=night["dark_from"], end=night["dark_until"], length=length)]
    else:
        parts = [say("pilot.night_not_dark", lang)]
    if night.get("sunset") and night.get("sunrise"):
        sun = say("pilot.night_sun", lang, sunset=night["sunset"], sunrise=night["sunrise"])
        parts = [sun, *parts] if first == "sun" else [*parts, sun]
    if moon:
        phase, percent = moon_phase(moon["phase"], lang), round(100 * moon["illumination"])
        order = [kind for _, kind in _moon_order(night, ("moonrise", "rises"), ("moonset", "sets"))]
        key = {("rises",): "rises", ("sets",): "sets", ("rises", "sets"): "rises_sets",
               ("sets", "rises"): "sets_rises"}.get(tuple(order), "up" if night.get("moon_up") else "down")
        said = say(f"pilot.night_moon_{key}", lang, phase=phase, percent=percent,
                   time=night.get("moonrise") or night.get("moonset"), rise=night.get("moonrise"),
                   set=night.get("moonset"))
        parts = [said, *parts] if first == "moon" else [*parts, said]
    coming = next((p for p in data.get("phases") or [] if p["phase"] == next_phase), None)
    if coming is not None:
        moment = datetime.fromisoformat(coming["moment"]) + timedelta(seconds=30)
        return " ".join([say("pilot.night_next_phase", lang, phase=moon_phase(coming["phase"], lang),
                             day=night_name(moment.date()).render(lang), time=f"{moment:%H:%M}"),
                         heading, *parts])
    return " ".join([heading, *parts])


def _phases_in_month(data: dict[str, Any], phase: str, language: Language) -> str:
    """"Im Januar 2027 ist Vollmond am …", or that the month has none (a February can pass
    without a full moon; this month's may be past) and when the next one comes."""
    month = date.fromisoformat(f"{data['month']}-01")
    moments = [datetime.fromisoformat(p["moment"]) + timedelta(seconds=30)
               for p in data.get("phases") or [] if p["phase"] == phase]
    inside = [m for m in moments if (m.year, m.month) == (month.year, month.month)]
    this_month = month == date.fromisoformat(data["date"]).replace(day=1)
    name = month_message(month.month).render(language) + ("" if this_month else f" {month.year}")
    named = moon_phase(phase, language)
    if inside:
        said = [say("pilot.phase_on", language, day=night_name(m.date()).render(language), time=f"{m:%H:%M}")
                for m in inside]
        days = said[0] if len(said) == 1 else say("pilot.phase_and", language, first=said[0], second=said[1])
        return say("pilot.month_phase", language, month=name, phase=named, days=days)
    none = say("pilot.month_no_more_phase" if this_month else "pilot.month_no_phase", language,
               month=name, phase=named)
    after = next((m for m in moments if m.date() > month), None)
    if after is None:
        return none
    return " ".join([none, say("pilot.night_next_phase", language, phase=named,
                               day=night_name(after.date()).render(language), time=f"{after:%H:%M}")])


def _notes(data: dict[str, Any], language: Language) -> list[str]:
    """The plan's notes in the conversation's language (the planner writes both)."""
    notes = data.get("notes") or {}
    return list(notes.get(language) or notes.get("en") or []) if isinstance(notes, dict) else list(notes)


def compose_weather_answer(result: dict[str, Any], language: str) -> str:
    """The answer to "what about the weather?": the weather check's verdict and numbers for the
    place and window it checked, or what kept it from checking."""
    lang = _lang(language)
    data = result.get("data") or {}
    status = result.get("status")
    if status not in ("ok", "partial") or "verdict" not in data:
        if status in ("failed", "refused"):
            return say(f"pilot.weather_{status}", lang)
        return result.get("message", "")
    where = ", ".join(p for p in (data.get("place"), data.get("window")) if p)
    numbers = data.get("numbers") or {"verdict": data["verdict"]}
    verdict, details = _verdict(numbers, lang)
    answer = (say("pilot.weather_at", lang, where=where, verdict=verdict, details=details) if where
              else say("pilot.weather_line", lang, verdict=verdict, details=details))
    return "\n\n".join([*data.get("assumptions", []), answer])


def _weather_line(data: dict[str, Any], language: Language) -> str:
    numbers = data.get("weather_numbers")
    if not numbers:
        return say("pilot.weather_unknown", language) if data.get("weather") else ""
    verdict, details = _verdict(numbers, language)
    return say("pilot.weather_line", language, verdict=verdict, details=details)


def _verdict(numbers: dict[str, Any], language: Language) -> tuple[str, str]:
    """The verdict's word and its numbers (" – mean cloud cover 12 %, …") in ``language``."""
    items = [say(f"pilot.weather_{key}", language, value=float(numbers[key]))
             for key in ("cloud_mean_pct", "precipitation_max_pct") if key in numbers]
    if "visibility_min" in numbers:
        items.append(say("pilot.weather_visibility_min", language,
                         distance=Quantity.from_json(numbers["visibility_min"]).said(language)))
    details = say("pilot.weather_details", language, items=", ".join(items)) if items else ""
    return say(f"pilot.weather_{numbers['verdict']}", language), details


def compose_target_answer(target: dict[str, Any], language: str) -> str:
    """The pilot's answer to a question about one target of the plan (``describe_target``)."""
    if not target:
        return ""
    lang = _lang(language)
    size = target.get("size_arcmin")
    return say("pilot.target_answer", lang, name=target_name(target, lang),
               type=object_type(target["type"], lang),
               constellation=constellation(target["constellation"], lang), magnitude=float(target["magnitude"]),
               size=say("pilot.target_size", lang, arcmin=float(size)) if size else "",
               time=target["best_time"][11:16], altitude=float(target["altitude_deg"]),
               direction=compass_point_in(target["direction"], lang))
