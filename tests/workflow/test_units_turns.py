"""A session in imperial units: the plan's weather line says miles (the offline pilot, real
workflow, fake Open-Meteo with 24.1 km visibility)."""

from __future__ import annotations

from singularity.config import Settings
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.workflow.conftest import ARTICLE_EXAMPLE, clear_forecast, turn


async def test_the_plans_weather_line_speaks_the_sessions_units(offline_settings: Settings,
                                                                 fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    imperial = offline_settings.model_copy(update={"conversation": offline_settings.conversation.model_copy(
        update={"units": "imperial"})})
    record = await turn(Session.create(settings=imperial), ARTICLE_EXAMPLE)
    assert "Sicht mindestens 15 mi." in record.answer and " km" not in record.answer
    assert record.state["planning_data"]["weather_summary"].endswith("visibility ≥ 15 mi.")
