"""Shared fixtures. Sockets may only reach loopback: no test talks to the internet, and
Astropy (used as the reference in tests) is switched offline before any test runs."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

import singularity.planning.astropy_offline  # noqa: F401
from singularity.config import Settings
from tests.fakes.server import FakeServer, running_server
from tests.stellarium.instance import StellariumInstance, stellarium_available
from tests.support import bundled_index, settings_with_index, with_knowledge

SHARED_PROCESSES = {"real_stellarium": "stellarium", "real_phoenix": "phoenix", "shared_app_url": "app",
                    "model_app": "model"}
"""Session fixtures that start a heavy process: their tests run on one parallel worker, which
starts it once (``--dist loadgroup``)."""
MODULE_PROCESSES = ("module_app",)
"""Module fixtures that start a heavy process: the tests of each module using one run on one
parallel worker, which starts it once for them."""


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Group the tests of each shared process, and name the group in each test's id on a
    parallel worker (``--dist loadgroup`` sends tests by that suffix): pytest-xdist 3.8 writes
    it to ``item._nodeid``, which pytest 9 no longer reads, so without this no group held."""
    from _pytest.nodeid import NodeId

    for item in items:
        shared = [group for fixture, group in SHARED_PROCESSES.items()
                  if fixture in getattr(item, "fixturenames", ())]
        for group in shared:
            item.add_marker(pytest.mark.xdist_group(group))
        if not shared and any(fixture in getattr(item, "fixturenames", ()) for fixture in MODULE_PROCESSES):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))  # a shared group holds them already
        groups = sorted({str(mark.args[0]) for mark in item.iter_markers("xdist_group")})
        if getattr(config.option, "loadgroup", False) and groups and "@" not in item.nodeid:
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(groups)}")


def pytest_configure(config: pytest.Config) -> None:
    """No garbage collection while the suite is collected (see ``pytest_collection_finish``)."""
    gc.disable()


GC_THRESHOLDS = (20_000, 20, 20)
"""The collector's thresholds while the tests run: a young collection every 20,000 new objects
rather than every 700. The tests allocate a great deal that dies young (turns, parsed pages,
settings) and the default walked it about thirty times as often; the same 1,000 tests in one
process, both runs side by side: 74.1 → 70.0 s of CPU. Cyclic garbage still goes, a little
later; nothing of the product's own settings changes (its processes keep the defaults)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """Collection is over: free its garbage once, freeze what it built and turn the collector
    back on, collecting less often (``GC_THRESHOLDS``). Importing every test module makes
    0.6–0.9 M objects that live as long as the worker, and each full collection walked all of
    them again, eight times while collecting and again and again during the tests; frozen, no
    later collection walks them (1,632 tests in one process: 33.0 → 30.2 s of CPU, 5.2 → 3.1 s
    of it in full collections)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    gc.enable()


@pytest.fixture(autouse=True)
def fresh_rate_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no Nominatim request spaced or failed before (the limiters are
    per process and remember an unreachable server for a minute)."""
    from singularity.planning import geocoding

    monkeypatch.setattr(geocoding, "_LIMITERS", {})


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the locale's language; tests read English unless they choose."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(scope="session")
def real_phoenix(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """The port of a real Phoenix, started once for the tests that read traces back (10 to
    30 s a start); each of them traces to a project of its own."""
    from tests.tracing_support import running_phoenix

    with running_phoenix(tmp_path_factory.mktemp("phoenix")) as port:
        yield port


@pytest.fixture(scope="session")
def real_stellarium() -> Iterator[StellariumInstance]:
    """One real Stellarium under Xvfb for the whole session (skipped only where the binary is
    missing; CI installs it). Defined here, not imported by the modules that use it: a fixture
    imported into a module is that module's own, and each started a Stellarium of its own."""
    if not stellarium_available():
        pytest.skip("the stellarium binary is not installed (apt-get install stellarium xvfb)")
    with StellariumInstance() as instance:
        yield instance


@pytest.fixture
def fake_server() -> Iterator[FakeServer]:
    with running_server() as server:
        yield server


@pytest.fixture
def settings(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Project defaults with a private data directory, no online geocoding, and the
    session's shared gazetteer index."""
    return settings_with_index(tmp_path, tmp_path_factory)


@pytest.fixture(scope="session")
def knowledge_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bundled_index(tmp_path_factory)


@pytest.fixture
def knowledge_settings(settings: Settings, knowledge_index: Path) -> Iterator[Settings]:
    """``settings`` with a private copy of the bundled knowledge base, released afterwards."""
    from singularity.knowledge.store import close_qdrant

    yield with_knowledge(settings, knowledge_index)
    close_qdrant(settings)

