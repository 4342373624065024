"""The fault matrix: every outside service × every way it fails, through `singularity ask`.

Each cell breaks exactly one service of a world of local fakes (tests/fakes/world.py) — port
closed, silent far beyond the 1 s timeout, HTTP 500, an HTML page instead of the answer — and
asks the question that reaches it. The turn must end (the per-test timeout is far below the
hang, so a client without a timeout fails the cell), with the expected exit code, the one
sentence about the failure exactly once, no raw exception text in the answer, and a saved
session that the next turn continues. The times are measured by bench/fault_matrix.py (docs/hardening.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from singularity.config import Settings
from tests.fakes.world import (
    DEPENDENCIES,
    HANG_S,
    Dependency,
    Fault,
    World,
    ask,
    stellarium_in_process,
)
from tests.support import knowledge_read_once, settings_with_index, with_knowledge

pytestmark = [pytest.mark.slow, pytest.mark.timeout(HANG_S * 0.75)]
RAW = ("Traceback", "Errno", "Exception", "httpx", "qdrant_client", "JSONDecodeError")


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    world = World()
    with stellarium_in_process(), knowledge_read_once():
        yield world
    world.stop()


@pytest.fixture(scope="module")
def world_settings(tmp_path_factory: pytest.TempPathFactory, knowledge_index: Path) -> Iterator[Settings]:
    """One data directory for the whole matrix, as one user's machine: the gazetteer and a
    copy of the knowledge base, whose local client stays open from turn to turn (a cell tests
    a broken service, not opening the folder) and is closed at the end."""
    from singularity.knowledge.store import close_qdrant

    settings = settings_with_index(tmp_path_factory.mktemp("matrix"), tmp_path_factory)
    yield with_knowledge(settings, knowledge_index)
    close_qdrant(settings)


@pytest.mark.parametrize("fault", list(Fault), ids=[fault.name.lower() for fault in Fault])
@pytest.mark.parametrize("dependency", DEPENDENCIES, ids=[d.name for d in DEPENDENCIES])
def test_a_broken_service_costs_one_sentence_and_nothing_else(
        world: World, world_settings: Settings, tmp_path: Path, dependency: Dependency,
        fault: Fault) -> None:
    session = tmp_path / "conversation.json"
    outcome = ask(world.environment(world_settings, dependency, fault), dependency.question, session,
                  keep_local_knowledge=True)

    assert outcome.record is not None, outcome.output
    assert outcome.exit_code == dependency.exit_code, outcome.output
    assert outcome.answer.count(dependency.said) == 1, outcome.answer
    assert not any(raw in outcome.answer for raw in RAW), outcome.answer
    assert (outcome.record["error"] is not None) == (dependency.exit_code != 0)

    follow_up = ask(world.environment(world_settings), "Hallo", session, keep_local_knowledge=True)
    assert follow_up.exit_code == 0 and follow_up.answer, follow_up.output
