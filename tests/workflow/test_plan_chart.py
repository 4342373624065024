"""The plan's altitude chart is drawn once per plan: the same plan asked again reuses its file,
and another plan gets a file of its own (the earlier answer's chart stays as it was); with
charts off (the evaluations) none is drawn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from singularity.config import Settings
from singularity.planning import chart
from singularity.workflow.runner import Session
from tests.workflow.conftest import ARTICLE_EXAMPLE, turn


async def test_the_same_plan_is_drawn_once_and_another_plan_gets_its_own_chart(
        session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Path] = []
    original = chart.render_altitude_chart

    def counted(plan: Any, path: Path, language: Any = "en") -> Path:
        drawn.append(path)
        return original(plan, path, language)

    monkeypatch.setattr(chart, "render_altitude_chart", counted)
    first = await turn(session, ARTICLE_EXAMPLE)
    again = await turn(session, ARTICLE_EXAMPLE)
    other = await turn(session, ARTICLE_EXAMPLE.replace("Kreuzlingen", "Innsbruck"))
    charts = [[a.path for a in record.artifacts if a.kind == "plot"] for record in (first, again, other)]
    assert charts[0] == charts[1] and len(charts[0]) == 1
    assert charts[2] != charts[0] and len(charts[2]) == 1
    assert drawn == [Path(charts[0][0]), Path(charts[2][0])]
    assert all(Path(path).stat().st_size > 0 for paths in charts for path in paths)


async def test_with_charts_off_the_plan_comes_without_one_and_nothing_is_drawn(
        offline_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any) -> Path:
        raise AssertionError("a chart was drawn with charts off")

    monkeypatch.setattr(chart, "render_altitude_chart", refuse)
    planning = offline_settings.planning.model_copy(update={"charts": False})
    session = Session.create(settings=offline_settings.model_copy(update={"planning": planning}))
    record = await turn(session, ARTICLE_EXAMPLE)
    assert record.plan is not None and record.plan["targets"]
    assert record.artifacts == []
