"""A conversation stored in the history goes on in a new session: "Öffne das zweite Ziel in
Stellarium" after a browser restart opens the second target of the plan made before."""

from __future__ import annotations

import uuid
import warnings

import pytest

from singularity.config import Settings
from singularity.users.space import user_space
from singularity.workflow.runner import Session
from tests.fakes.server import FakeServer
from tests.fakes.stellarium import FakeStellarium
from tests.stellarium.agent_support import in_memory_mcp, stellarium_settings, turn
from tests.stellarium.conftest import fake_stellarium  # noqa: F401  (fixture)
from tests.workflow.conftest import ARTICLE_EXAMPLE, NOW, clear_forecast

with warnings.catch_warnings():  # Chainlit 2.12 imports literalai → traceloop (see test_history)
    warnings.simplefilter("ignore", DeprecationWarning)
    from chainlit.user import User

    from singularity.ui.history import (
        CONVERSATION_KEY,
        HistoryDataLayer,
        database_url,
        thread_metadata,
    )

pytestmark = pytest.mark.slow


async def test_the_resumed_conversation_opens_the_second_target(
        settings: Settings, fake_server: FakeServer, fake_stellarium: FakeStellarium,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    in_memory_mcp(monkeypatch)
    clear_forecast(fake_server)
    mine = stellarium_settings(settings, fake_server, fake_stellarium.url)
    alice = user_space(mine, "alice")
    layer = HistoryDataLayer(database_url(mine))
    sessions: list[Session] = []
    try:
        user = await layer.create_user(User(identifier="alice"))
        assert user is not None
        thread_id = str(uuid.uuid4())
        await layer.update_thread(thread_id, name=ARTICLE_EXAMPLE, user_id=user.id)

        first = Session.create(settings=mine, user=alice)
        sessions.append(first)
        planned = await turn(first, ARTICLE_EXAMPLE, now=NOW)
        second_target = planned.plan["targets"][1]
        assert second_target["name"] == "M33"  # the fake knows M31's recorded body: lend it to M33
        fake_stellarium.objects["M33"] = fake_stellarium.lookup("M31") | {
            "name": "M33", "localized-name": second_target["common_name"], "designations": "M 33 - NGC 598",
            "raJ2000": 23.4621, "decJ2000": 30.6599, "ra": 23.81, "dec": 30.81}  # M33 (SIMBAD; of date ≈)
        await layer.update_thread(thread_id, metadata={CONVERSATION_KEY: await first.snapshot()})

        thread = await layer.get_thread(thread_id)  # what on_chat_resume is handed
        assert thread is not None
        snapshot = thread_metadata(thread)[CONVERSATION_KEY]
        later = Session.create(settings=mine, user=alice, session_id=snapshot["id"])
        sessions.append(later)
        await later.resume(snapshot)
        record = await turn(later, "Öffne das zweite Ziel in Stellarium", now=NOW)
        assert [(c.name, c.arguments, c.status) for c in record.tool_calls][-1] == (
            "open_in_stellarium", {"target": "2"}, "ok")
        assert fake_stellarium.state.selected == "M33"
        assert "(aus deinem Plan)" in record.answer
        assert later.directory == first.directory and later.directory.parent == alice.sessions_dir
    finally:
        for session in sessions:
            await session.close()
        await layer.close()
