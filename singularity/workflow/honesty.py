"""The honesty mechanism (docs/architecture.md, "Where the design comes from"): what a turn's
tools really did, told in words composed by code, never by the model.

Three certainty levels: *refused* — nothing was done; *failed* — the outcome is unknown, with
what to check (a lookup's failure changed nothing and says just "failed"); *partial* — what
succeeded and what did not. When every tool a turn needed
failed or refused, the model's prose is suppressed and only the reports are shown; prose that
claims an action no tool performed is replaced by a report saying so; a refusal is never
dropped silently. A knowledge answer's claims that its cited passages do not support
(``knowledge/support.py``) are marked where they stand and reported one by one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from singularity.catalogue import Language, Message, say
from singularity.knowledge.sources import Source
from singularity.knowledge.support import Verdict
from singularity.planning.countries import place_name
from singularity.planning.gazetteer import normalize_name
from singularity.planning.models import Location
from singularity.results import Status, ToolResult
from singularity.understanding.claims import action_claims

ACTION_TOOLS = frozenset({"compute_plan", "open_in_stellarium", "save_preference", "export_plan",
                          "load_plan_into_stellarium"})
"""Tools whose success is an action the user asked for; only their results confirm actions."""


LOOKUP_TOOLS = frozenset({"search_local_knowledge", "search_multiple_topics", "search_web", "search_object_image",
                          "check_weather", "describe_target", "describe_night", "best_night", "set_location",
                          "set_time", "set_equipment", "set_preferences"})
"""Tools that only read, or set a value of the conversation only when they succeed: when one
fails, nothing was changed, so its report says "failed", not "outcome unknown" (D57)."""


class ToolEvent(BaseModel):
    name: str
    arguments: dict
    result: ToolResult


class Report(BaseModel):
    level: Status
    tool: str
    text: str


_LABELS = {Status.REFUSED: "honesty.refused", Status.FAILED: "honesty.failed",
           Status.PARTIAL: "honesty.partial"}


def reports_for(events: Sequence[ToolEvent], language: Language = "en") -> list[Report]:
    """One report per refused, failed or partial tool result, in order."""
    return [
        Report(level=e.result.status, tool=e.name,
               text=say(_label(e), language, message=e.result.message_in(language)))
        for e in events
        if e.result.status in _LABELS
    ]


def _label(event: ToolEvent) -> str:
    if event.result.status is Status.FAILED and event.name in LOOKUP_TOOLS:
        return "honesty.failed_lookup"
    return _LABELS[event.result.status]


def all_needed_failed(events: Sequence[ToolEvent]) -> bool:
    """Every tool the turn used refused or failed (there was at least one)."""
    return bool(events) and all(
        e.result.status in (Status.REFUSED, Status.FAILED) for e in events
    )


def claims_unconfirmed_action(text: str, events: Sequence[ToolEvent]) -> bool:
    """The prose narrates an action, but no action tool succeeded in this turn."""
    confirmed = any(
        e.name in ACTION_TOOLS and e.result.status in (Status.OK, Status.PARTIAL) for e in events
    )
    return not confirmed and bool(action_claims(text))


def confirmations(events: Sequence[ToolEvent], requested_place: str | None = None,
                  language: Language = "en") -> list[str]:
    """Action confirmations from tool results, and a warning when the action was done for
    something other than what was asked (another place)."""
    lines: list[str] = []
    for event in events:
        data = event.result.data or {}
        if event.name == "compute_plan" and event.result.status in (Status.OK, Status.PARTIAL):
            lines.extend(_said(line, language) for line in data.get("assumptions", []))
            lines.append(say("honesty.plan_done", language, count=data.get("listed", 0)))
        if event.name == "open_in_stellarium" and event.result.status is Status.OK:
            lines.append(say("honesty.centred", language, object=data.get("object"),
                             place=data.get("place"), time=data.get("time"),
                             source=say(f"stellarium.source_{data.get('place_source')}", language)))
        if (event.name == "set_location" and event.result.status is Status.OK and requested_place
                and not data.get("picked")):  # a reply that picked one of the places asked about
            names = (data["location"]["name"], data.get("place", {}).get("known_as", ""))
            asked = normalize_name(requested_place.split(",")[0])
            if not any(asked in normalize_name(name) for name in names):
                used = place_name(Location.model_validate(data["location"]), language)
                lines.append(say("honesty.other_place", language, used=used, asked=requested_place))
    return lines


def _said(line: str | dict, language: Language) -> str:
    """A line a tool put in its data: a catalogue message (as JSON) or a finished sentence."""
    return Message.model_validate(line).render(language) if isinstance(line, dict) else line


def in_language(prose: str, events: Sequence[ToolEvent], language: Language) -> str:
    """The prose with every tool sentence it quotes said in the conversation's language.

    The model reads a tool's message in English (``ToolResult.message``); where its prose
    relays that sentence word for word (the offline pilot always does), the catalogue's
    sentence in the conversation's language takes its place (docs/decisions.md D23)."""
    for event in events:
        for message in _messages(event.result):
            english = message.render("en")
            if english in prose:
                prose = prose.replace(english, message.render(language))
    return prose


def _messages(result: ToolResult) -> list[Message]:
    """The catalogue messages a result carries: its own, and the assumptions (profile values)
    and notes in its data, which the model reads in English."""
    data = result.data or {}
    lines = [line for key in ("assumptions", "notes") for line in data.get(key) or []]
    kept = [Message.model_validate(line) for line in lines if isinstance(line, dict)]
    return ([result.text] if result.text is not None else []) + kept


class HonestAnswer(BaseModel):
    text: str
    reports: list[Report]
    prose_suppressed: bool


def honest_answer(prose: str, events: Sequence[ToolEvent], *,
                  requested_place: str | None = None, language: Language = "en") -> HonestAnswer:
    """The text the user sees: the model's prose unless the tools contradict it, followed by
    every report and confirmation the prose does not already state word for word."""
    reports = reports_for(events, language)
    prose = in_language(prose, events, language)
    suppressed = all_needed_failed(events) or claims_unconfirmed_action(prose, events)
    reported = [e.result.message_in(language) for e in events if e.result.status in _LABELS]
    extra = [r.text for r, said in zip(reports, reported, strict=True)
             if said not in prose or suppressed]
    extra += confirmations(events, requested_place, language)
    if suppressed and not reports:
        extra.insert(0, say("honesty.nothing_happened", language))
    body = [] if suppressed else [prose.strip()]
    return HonestAnswer(text="\n\n".join(p for p in [*body, *extra] if p),
                        reports=reports, prose_suppressed=suppressed)


SEARCH_TOOLS = frozenset({"search_local_knowledge", "search_multiple_topics", "search_web"})
"""Tools whose results carry the passages an answer's markers cite."""
CLAIM_REPORT = "claim_check"
"""The ``tool`` of a report on an unsupported claim: no tool failed, the answer's text did."""


class CheckedClaim(BaseModel):
    """A claim of the answer as shown and what its check found (kept with the turn)."""

    text: str
    cited: list[int]
    supported: bool
    words: float
    meaning: float | None = None
    missing_numbers: list[str] = []
    missing_names: list[str] = []

    @classmethod
    def of(cls, verdict: Verdict) -> CheckedClaim:
        return cls(text=verdict.claim.plain, cited=list(verdict.claim.cited), supported=verdict.supported,
                   words=round(verdict.words, 3), meaning=None if verdict.meaning is None else round(verdict.meaning, 3),
                   missing_numbers=list(verdict.missing_numbers), missing_names=list(verdict.missing_names))


def cited_passages(events: Sequence[ToolEvent], entries: Sequence[Mapping[str, Any]],
                   sources: Sequence[Source]) -> dict[int, list[str]]:
    """The passage texts of each source the answer cites, by its number in the answer: the
    search tools mark passages with registry numbers, which :func:`~singularity.knowledge.sources.cite`
    renumbered by order of use."""
    shown = {source.key: source.id for source in sources}
    numbers = {f"[{entry['id']}]": shown[entry["key"]] for entry in entries if entry["key"] in shown}
    texts: dict[int, list[str]] = {}
    for event in events:
        if event.name not in SEARCH_TOOLS or event.result.status is not Status.OK:
            continue
        data = event.result.data or {}
        for topic in data.get("topics") or [data]:
            for passage in topic.get("passages") or []:
                number = numbers.get(passage.get("marker", ""))
                if number is not None:
                    texts.setdefault(number, []).append(passage.get("text", ""))
    return texts


def mark_unsupported(text: str, verdicts: Sequence[Verdict], language: Language = "en") -> str:
    """``text`` with a mark after each claim its sources do not support."""
    mark = say("honesty.claim_mark", language)
    for verdict in sorted((v for v in verdicts if not v.supported), key=lambda v: -v.claim.end):
        end = verdict.claim.end
        text = f"{text[:end]} {mark}{text[end:]}"
    return text


def claim_reports(verdicts: Sequence[Verdict], language: Language = "en") -> list[Report]:
    """One report per unsupported claim: the numbers or names no cited passage states, else
    that the claim is not what its sources say."""
    reports = []
    for verdict in verdicts:
        if verdict.supported:
            continue
        said = {"claim": verdict.claim.plain, "sources": ", ".join(f"[{n}]" for n in verdict.claim.cited)}
        if verdict.missing_numbers:
            text = say("honesty.claim_numbers", language, numbers=", ".join(verdict.missing_numbers), **said)
        elif verdict.missing_names:
            text = say("honesty.claim_names", language, names=", ".join(verdict.missing_names), **said)
        else:
            text = say("honesty.claim_unsupported", language, **said)
        reports.append(Report(level=Status.PARTIAL, tool=CLAIM_REPORT, text=text))
    return reports
