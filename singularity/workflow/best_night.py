"""The best-night question from words to answer: which object (the shipped name index), which
nights (a span in the user's words), the sky at the place, the forecast where it reaches, the
scan, and the answer in both languages with its chart. Shared by the planner's tool and
``singularity best-night``; the scan itself is :mod:`singularity.planning.best_night`.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import httpx

from singularity.catalogue import LANGUAGES, Language, Message, msg
from singularity.config import Settings
from singularity.errors import ConfigError, InputError, ServiceError
from singularity.planning.best_night import (
    DEFAULT_NIGHTS,
    MAX_NIGHTS,
    BestNights,
    NightRating,
    Target,
    best_nights,
    check_nights,
    night_name,
)
from singularity.planning.countries import place_name, place_said
from singularity.planning.models import Equipment, Location
from singularity.planning.plan import SkyCondition
from singularity.planning.skybrightness import sky_brightness
from singularity.planning.timephrases.spans import find_night_span
from singularity.planning.weather.providers import choose_provider
from singularity.planning.weather.samples import Forecast
from singularity.results import Artifact, Status, ToolResult
from singularity.stellarium.names import local_matches

SHOWN_NIGHTS = 5
"""Nights the answer lists; the data and the chart keep every night scanned."""


def resolve_target(text: str) -> Target | ToolResult:
    """The object ``text`` names, or the question to ask back (unknown, several, no target)."""
    found = local_matches(text)
    if not found:
        return ToolResult.needs_input(msg("best_night.unknown_target", target=text.strip()))
    if len({(o.name, o.body) for o in found}) > 1:
        names = ", ".join(o.label for o in found[:5])
        return ToolResult.needs_input(msg("best_night.ambiguous_target", target=text.strip(), names=names))
    obj = found[0]
    if obj.body in ("sun", "moon"):
        return ToolResult.refused(msg("best_night.not_a_night_target", target=obj.said))
    return Target(name=obj.name, ra_deg=obj.ra_deg, dec_deg=obj.dec_deg, body=obj.body,
                  german_name=obj.german_name if obj.body else "")


def nights_asked(when: str | None, nights: int | None, today: date) -> tuple[date, int]:
    """The first evening and the number of nights: a span the words name ("diese Woche"), else
    from today; ``nights`` overrides the count. InputError when the words name no span."""
    first, count = today, DEFAULT_NIGHTS
    if when and when.strip():
        span = find_night_span(when, today)
        if span is None:
            raise InputError(msg("best_night.when_unknown", when=when.strip()))
        first, count = span.first, span.nights
    return first, check_nights(nights if nights is not None else min(count, MAX_NIGHTS))


def fetch_forecast(location: Location, first: date, *, settings: Settings, now: datetime,
                   client: httpx.Client | None = None) -> tuple[Forecast | None, Message | None]:
    """The forecast for the place when it reaches the first night, or why there is none."""
    try:
        provider = choose_provider(settings=settings)
        if provider.horizon(now).date() < first:
            return None, None
        return provider.fetch(location.lat, location.lon, settings=settings, client=client), None
    except (ConfigError, ServiceError) as exc:
        said = exc.message
        return None, said if isinstance(said, Message) else msg("common.verbatim", text=said)


def run_best_night(
    target: Target, *, location: Location, equipment: Equipment, first: date, nights: int,
    settings: Settings, now: datetime, client: httpx.Client | None = None,
    chart_dir: Path | None = None, language: Language = "en",
) -> ToolResult:
    """Scan the nights and answer: ok with the ranked nights, partial when the forecast could
    not be fetched (the nights are then rated on the sky alone, and the answer says so). The
    model reads the answer in ``language``, the conversation's, ready to pass on."""
    sky_result = sky_brightness(location, settings=settings)
    if sky_result.status not in (Status.OK, Status.PARTIAL):
        return sky_result
    sky = SkyCondition.from_tool_data(sky_result.data or {})
    forecast, missing = fetch_forecast(location, first, settings=settings, now=now, client=client)
    result = best_nights(target, location=location, first=first, count=nights, equipment=equipment,
                         sky=sky, planning=settings.planning, settings=settings, forecast=forecast)
    messages = answer(result, sky, forecast_missing=missing)
    data: dict[str, Any] = {
        "result": result.model_dump(mode="json"),
        "answer": {lang: "\n".join(m.render(lang) for m in messages) for lang in LANGUAGES},
    }
    artifacts = []
    if chart_dir is not None:
        from singularity.planning.chart import render_best_night_chart

        path = chart_dir / f"best-night-{target.name.replace(' ', '')}-{first:%Y%m%d}.png"
        render_best_night_chart(result, path, language)
        artifacts.append(Artifact(kind="plot", path=str(path),
                                  title=msg("best_night.chart_title", target=target.said).render(language)))
    view = {"target": result.target.said.render(language), "place": place_name(result.location, language),
            "nights_scanned": len(result.nights), "answer": data["answer"][language]}
    if missing is not None:
        return ToolResult.partial(data, msg("best_night.forecast_unavailable_one" if nights == 1
                                            else "best_night.forecast_unavailable", reason=missing),
                                  artifacts=artifacts, model_data=view)
    return ToolResult.success(data, artifacts=artifacts, model_data=view)


def answer(result: BestNights, sky: SkyCondition, *, forecast_missing: Message | None = None,
           shown: int = SHOWN_NIGHTS) -> list[Message]:
    """The answer, one message a line: heading, the best nights with their reasons, then what
    the ratings rest on (instrument and sky, the forecast's reach)."""
    nights = result.nights
    target = result.target.said
    ranked = result.ranked()
    if len(nights) == 1:  # "Kann ich heute den Saturn sehen?": that night, not a ranking
        lines = [msg("best_night.one_night_heading", target=target, place=place_said(result.location),
                     night=night_name(nights[0].date))]
        lines.append(result.unseen() if ranked[0].rating <= 0 else _reasons(ranked[0]))
    else:
        lines = [msg("best_night.heading", target=target, place=place_said(result.location),
                     first=night_name(nights[0].date), last=night_name(nights[-1].date),
                     nights=len(nights))]
        if ranked[0].rating <= 0:
            lines.append(result.unseen())
        else:
            lines += [_line(night) for night in ranked[:shown] if night.rating > 0]
    lines.append(msg("best_night.equipment", equipment=result.equipment.said, bortle=sky.bortle,
                     sqm=sky.sqm))
    if forecast_missing is not None:
        lines.append(msg("best_night.forecast_unavailable_one" if len(nights) == 1 else "best_night.forecast_unavailable",
                         reason=forecast_missing))
    elif result.forecast_until is not None and any(n.forecast == "none" for n in nights):
        lines.append(msg("best_night.forecast_reach", until=night_name(result.forecast_until.date())))
    return lines


def _line(night: NightRating) -> Message:
    return msg("best_night.line", rank=night.rank, night=night_name(night.date), reasons=_reasons(night))


def _reasons(night: NightRating) -> Message:
    reasons = night.reasons[0]
    for reason in night.reasons[1:]:
        reasons = msg("best_night.and_then", first=reasons, second=reason)
    return reasons
