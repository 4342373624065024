"""The step lines ``singularity ask`` prints are in the conversation's language: what became of
the step and its sentence, with a failure's technical detail indented below it."""

from __future__ import annotations

from singularity.catalogue import msg
from singularity.results import ToolResult
from singularity.workflow.cli_turn import _print_event
from singularity.workflow.runner import TurnEvent, _step_output


def _printed(result: ToolResult, language: str) -> list[str]:
    lines: list[str] = []
    event = TurnEvent(kind="tool_result", tool="compute_plan", result=result, language=language,
                      text=_step_output(result, language))
    _print_event(event, lines.append)
    return lines


def test_a_partial_step_is_said_in_german() -> None:
    result = ToolResult.partial({}, msg("honesty.tool_broke"))
    (german,) = _printed(result, "de")
    (english,) = _printed(result, "en")
    assert german == f"  ← teilweise erledigt: {msg('honesty.tool_broke').render('de')}"
    assert english == f"  ← partly done: {result.message}"
    assert result.message not in german


def test_a_step_without_a_sentence_says_what_became_of_it() -> None:
    assert _printed(ToolResult.success({}), "de") == ["  ← erledigt"]
    assert _printed(ToolResult.success({}), "en") == ["  ← done"]


def test_a_failures_detail_is_shown_below_its_sentence() -> None:
    result = ToolResult.failed(msg("honesty.tool_broke"), data={"detail": "[Errno -2] Name or service not known"})
    assert _printed(result, "de") == [
        f"  ← fehlgeschlagen: {msg('honesty.tool_broke').render('de')}",
        "    [Errno -2] Name or service not known"]
