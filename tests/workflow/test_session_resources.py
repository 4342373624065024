"""A session owns what it holds (the Stellarium bridge, the knowledge base) and its tools get
them from it; one turn runs at a time, a message sent meanwhile waits and is answered."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

import pytest

from singularity.config import PROJECT_ROOT, Settings
from singularity.workflow.runner import Session, SharedResources, TurnRecord, run_turn
from tests.workflow.conftest import ARTICLE_EXAMPLE, NOW


async def answers(session: Session, message: str) -> list[TurnRecord]:
    return [item async for item in run_turn(session, message, now=NOW) if isinstance(item, TurnRecord)]


async def test_a_message_sent_while_a_turn_runs_waits_and_both_are_answered(session: Session) -> None:
    first, second = await asyncio.gather(answers(session, ARTICLE_EXAMPLE),
                                         answers(session, "Wie weit ist der Andromedanebel entfernt?"))
    assert len(first) == len(second) == 1
    assert first[0].error is None and second[0].error is None
    assert first[0].plan is not None  # the plan's turn ran whole, not cut by the second message
    assert [r.message for r in session.history] == [ARTICLE_EXAMPLE, "Wie weit ist der Andromedanebel entfernt?"]


async def test_the_tools_use_the_bridge_the_session_holds(offline_settings: Settings) -> None:
    shared = SharedResources()
    alice = Session.create(settings=offline_settings, shared=shared)
    bob = Session.create(settings=offline_settings, shared=shared)
    tools = [t.async_fn.__self__ for t in alice.workflow.agents["StellariumAgent"].tools]
    assert {id(t.bridge) for t in tools} == {id(alice.resources.stellarium)}
    assert alice.resources.stellarium is bob.resources.stellarium
    await alice.close()
    await bob.close()
    assert shared.bridges == []


async def test_sessions_share_one_knowledge_handle_kept_until_the_app_closes(offline_settings: Settings) -> None:
    shared = SharedResources()
    alice = Session.create(settings=offline_settings, shared=shared)
    bob = Session.create(settings=offline_settings, shared=shared)
    assert alice.resources.knowledge is bob.resources.knowledge
    handle = alice.resources.knowledge
    await alice.close()
    await bob.close()
    later = Session.create(settings=offline_settings, shared=shared)
    assert later.resources.knowledge is handle  # its title index is not read again
    await shared.close()
    assert later.resources.knowledge is handle and handle._kb is None  # let go at the app's end
    after = Session.create(settings=offline_settings, shared=shared)
    assert after.resources.knowledge is not handle


async def test_a_session_without_shared_resources_ends_its_own(offline_settings: Settings) -> None:
    session = Session.create(settings=offline_settings)
    bridge = session.resources.stellarium
    await session.close()
    await session.close()  # idempotent
    assert bridge._client is None
    assert session.resources.stellarium is not bridge  # used again (a reconnected browser): taken anew
    await session.close()


def test_the_ui_talks_to_the_runner_only() -> None:
    """No tool module and no module-level knowledge base is reached from the UI."""
    tree = ast.parse((PROJECT_ROOT / "singularity" / "ui" / "chainlit_app.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not {name for name in imported if name.startswith("singularity.workflow.tools")}
    knowledge = Path(PROJECT_ROOT / "singularity" / "workflow" / "tools" / "knowledge.py").read_text(encoding="utf-8")
    module_level = [node for node in ast.parse(knowledge).body if isinstance(node, ast.Assign | ast.AnnAssign)]
    assert all("KnowledgeBase" not in ast.unparse(node) for node in module_level)


@pytest.mark.slow  # the worker process starts and imports matplotlib
async def test_cpu_work_runs_in_a_worker_process_where_the_app_has_them(offline_settings: Settings) -> None:
    import os

    shared = SharedResources(cpu_processes=1)
    session = Session.create(settings=offline_settings, shared=shared)
    try:
        assert await session.resources.run_cpu(os.getpid) != os.getpid()
    finally:
        await shared.close()
    alone = Session.create(settings=offline_settings)  # the command line: a thread of its own process
    assert await alone.resources.run_cpu(os.getpid) == os.getpid()
