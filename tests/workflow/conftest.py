"""Conversation fixtures: offline settings with a fake Open-Meteo, sessions, a turn helper."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from singularity.config import Settings
from singularity.personas import Persona
from singularity.workflow.runner import Session, TurnRecord, run_turn
from tests.fakes.server import FakeServer, Response
from tests.planning.weather_payloads import open_meteo_payload
from tests.support import with_knowledge

NOW = datetime.fromisoformat("2026-11-30T15:00:00+01:00")
ARTICLE_EXAMPLE = ("Plane mir morgen Abend in Kreuzlingen zwei Stunden mit einem 10-Zoll-Dobson. "
                   "Ich möchte vor allem Galaxien sehen.")


def clear_forecast(server: FakeServer) -> None:
    server.route("GET", "/v1/forecast", Response(200, open_meteo_payload(datetime(2026, 11, 30, tzinfo=UTC), 16 * 24)))


def bad_forecast(server: FakeServer) -> None:
    payload = open_meteo_payload(datetime(2026, 11, 30, tzinfo=UTC), 16 * 24, cloud_cover=95,
                                 cloud_cover_low=90, precipitation_probability=85)
    server.route("GET", "/v1/forecast", Response(200, payload))


@pytest.fixture
def offline_settings(settings: Settings, fake_server: FakeServer) -> Settings:
    """The offline pilot, the test gazetteer, and Open-Meteo answered by the fake server."""
    weather = settings.weather.model_copy(update={"open_meteo_url": fake_server.url,
                                                  "provider": "open_meteo", "timeout_s": 2.0})
    return settings.model_copy(update={"weather": weather})


@pytest.fixture
def session(offline_settings: Settings) -> Session:
    return Session.create(settings=offline_settings)


@pytest.fixture
def knowledge_session(offline_settings: Settings, knowledge_index: Path) -> Iterator[Session]:
    """A session whose knowledge base is a private copy of the bundled index."""
    from singularity.knowledge.store import close_qdrant

    yield Session.create(settings=with_knowledge(offline_settings, knowledge_index))
    close_qdrant(offline_settings)


Turn = Callable[..., "TurnRecord"]


async def turn(session: Session, message: str, *, now: datetime = NOW,
               persona: Persona | None = None) -> TurnRecord:
    record = None
    async for item in run_turn(session, message, now=now, persona=persona):
        if isinstance(item, TurnRecord):
            record = item
    assert record is not None
    return record
