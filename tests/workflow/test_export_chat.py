"""Exporting the plan in a conversation (offline pilot): files to download, Stellarium's lists."""

from __future__ import annotations

import json
from pathlib import Path

from singularity.config import Settings
from singularity.planning.export import STELLARIUM_FILE, STELLARIUM_LIST_UUID
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast, turn


def _with_stellarium(settings: Settings, **values: object) -> Settings:
    return settings.model_copy(update={"stellarium": settings.stellarium.model_copy(update=values)})


async def test_export_gives_three_files_in_the_conversations_language(
        session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    await turn(session, ARTICLE_EXAMPLE)
    record = await turn(session, "Exportiere den Plan bitte")
    assert record.agents == ["SingularityOrchestrator", "PlanningAgent"]
    assert [(c.name, c.status) for c in record.tool_calls] == [("handoff", "ok"), ("export_plan", "ok")]
    assert record.answer.startswith("Der Plan für Kreuzlingen, Schweiz ist exportiert: die Stellarium")
    files = [a for a in record.artifacts if a.kind == "file"]
    assert [Path(a.path).suffix for a in files] == [".json", ".csv", ".pdf"]
    assert all(Path(a.path).exists() for a in files)
    assert files[1].title == "Tabelle (CSV)" and files[2].mime == "application/pdf"
    assert Path(files[1].path).read_text(encoding="utf-8").startswith("Nr.,Objekt,Name,Typ")


async def test_export_without_a_plan_says_there_is_none(session: Session) -> None:
    record = await turn(session, "Export the plan")
    assert [(c.name, c.status) for c in record.tool_calls][-1] == ("export_plan", "refused")
    assert not record.artifacts


async def test_the_list_goes_into_a_local_stellarium(
        offline_settings: Settings, fake_server: FakeServer, tmp_path: Path) -> None:
    clear_forecast(fake_server)
    user_dir = tmp_path / "stellarium-user"
    user_dir.mkdir()
    session = Session.create(settings=_with_stellarium(offline_settings, user_dir=user_dir))
    await turn(session, ARTICLE_EXAMPLE)
    record = await turn(session, "Lade die Liste in Stellarium")
    assert [(c.name, c.status) for c in record.tool_calls] == [
        ("handoff", "ok"), ("load_plan_into_stellarium", "ok")]
    document = json.loads((user_dir / STELLARIUM_FILE).read_text(encoding="utf-8"))
    entry = document["observingLists"][STELLARIUM_LIST_UUID]
    assert entry["objects"][0] == {"designation": "M31"}
    assert "steht jetzt als Standardliste in Stellariums Beobachtungslisten" in record.answer
    assert "starte Stellarium neu" in record.answer  # the data folder was new


async def test_a_remote_stellarium_gets_the_file_to_download_and_an_honest_sentence(
        offline_settings: Settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    settings = _with_stellarium(offline_settings, url="http://192.0.2.10:8090")
    session = Session.create(settings=settings)
    await turn(session, "Plan tonight in Kreuzlingen for 2 hours with 10x50 binoculars")
    record = await turn(session, "load the list into Stellarium")
    assert [(c.name, c.status) for c in record.tool_calls][-1] == ("load_plan_into_stellarium", "refused")
    assert "runs on another computer according to config.yaml (http://192.0.2.10:8090)" in record.answer
    assert [Path(a.path).suffix for a in record.artifacts] == [".json"]
