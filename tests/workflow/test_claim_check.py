"""Unsupported claims of a knowledge answer: marked where they stand and listed in the honesty
report (workflow/honesty.py, workflow/claim_check.py), offline and for a model's answer."""

from __future__ import annotations

import pytest

from singularity.catalogue import msg, say
from singularity.knowledge.sources import Source, register
from singularity.knowledge.support import Claim, Verdict
from singularity.results import Status, ToolResult
from singularity.workflow.honesty import ToolEvent, cited_passages, claim_reports, mark_unsupported
from singularity.workflow.runner import Session
from tests.workflow.conftest import turn

PLANTED = "Its clouds glow green because they are made of frozen copper crystals."


def _verdict(text: str, start: int, **found) -> Verdict:
    claim = Claim(text, (1,), start, start + len(text))
    return Verdict(claim, supported=False, words=0.2, **found)


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_unsupported_claim_is_marked_after_its_marker_and_reported(language) -> None:
    answer = "Intro.\n\nNeptune has 16 moons. [1] It has 19 rings. [1]"
    start = answer.index("It has")
    verdict = _verdict("It has 19 rings. [1]", start, missing_numbers=("19",), reasons=("number",))
    marked = mark_unsupported(answer, [verdict], language)
    assert marked == f"{answer} {say('honesty.claim_mark', language)}"
    [report] = claim_reports([verdict], language)
    assert report.level is Status.PARTIAL
    assert report.text == say("honesty.claim_numbers", language, numbers="19", claim="It has 19 rings.",
                              sources="[1]")
    assert "[1]" in report.text and "It has 19 rings." in report.text


def test_each_reason_has_its_own_report_line() -> None:
    name = _verdict("Galileo found it. [1]", 0, missing_names=("Galileo",), reasons=("name",))
    words = _verdict("It glows green. [1]", 0, reasons=("words",))
    assert [r.text for r in claim_reports([name, words])] == [
        say("honesty.claim_names", "en", names="Galileo", claim="Galileo found it.", sources="[1]"),
        say("honesty.claim_unsupported", "en", claim="It glows green.", sources="[1]")]


def test_passages_are_found_under_the_numbers_the_answer_shows() -> None:
    entries: list[dict] = []
    for key in ("a", "b"):
        register(entries, key=key, kind="local", title=key, url=None, citation=msg("sources.local_copy"))
    data = {"topics": [{"passages": [{"marker": "[1]", "text": "about a"}, {"marker": "[2]", "text": "about b"}]}]}
    events = [ToolEvent(name="search_multiple_topics", arguments={}, result=ToolResult.success(data))]
    shown = [Source(id=1, key="b", kind="local", title="b", citation=msg("sources.local_copy"))]  # only b cited
    assert cited_passages(events, entries, shown) == {1: ["about b"]}


def _plant(monkeypatch) -> None:
    """The offline pilot's answer with one invented sentence citing the first source."""
    from singularity.llm.pilot import knowledge

    lead = knowledge._lead

    def planted(answer, language):
        return f"{lead(answer, language)}\n- {PLANTED} {answer.quotes[0].marker}"

    monkeypatch.setattr(knowledge, "_lead", planted)


async def test_an_offline_answer_with_a_planted_sentence_gets_it_marked_and_reported(
        knowledge_session: Session, monkeypatch) -> None:
    _plant(monkeypatch)
    record = await turn(knowledge_session, "Who discovered Neptune?")
    mark = say("honesty.claim_mark", "en")
    assert f"{PLANTED} [1] {mark}" in record.answer
    assert [c.text for c in record.claims if not c.supported] == [PLANTED]
    assert all(c.supported for c in record.claims if c.text != PLANTED) and len(record.claims) >= 2
    [report] = [r for r in record.reports if r.tool == "claim_check"]
    assert report.text in record.answer
    assert record.answer.index(report.text) < record.answer.index("**Sources**")
    assert record.answer.count(mark) == 1


async def test_a_models_invented_number_is_flagged_in_the_answer(knowledge_session: Session) -> None:
    from tests.workflow.scripted import handoff, scripted_llms

    session = Session.create(settings=knowledge_session.settings, llms=scripted_llms(
        orchestrator=[handoff("KnowledgeAgent")],
        knowledge=[("search_local_knowledge", {"query": "Wie heiß ist die Venus?", "title": "Venus"}),
                   "Auf der Venus herrschen im Mittel etwa 464 °C [1]. Nachts sind es nur 120 °C [1]."]))
    record = await turn(session, "Wie heiß ist die Venus?")
    [bad] = [c for c in record.claims if not c.supported]
    assert bad.missing_numbers == ["120"]
    assert f"Nachts sind es nur 120 °C [1]. {say('honesty.claim_mark', 'de')}" in record.answer
    assert "Die Zahl 120 in „Nachts sind es nur 120 °C.“" in record.answer
