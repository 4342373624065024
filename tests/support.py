"""Settings for tests: the project config, a private data directory, offline geocoding, and a
gazetteer index built once per session.

Building the gazetteer index takes seconds, so it is built once per test run, by the first
parallel worker that needs it (with the 15 000-population dataset, which holds every town the
tests name; the evaluation gates use the project's 1,000, built once too) and hard-linked into
each test's private cache directory; every other cache stays private to each test.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from singularity.config import Settings, load_settings
from singularity.planning.gazetteer import ensure_index, index_path

ROOT = Path(__file__).resolve().parents[1]
TEST_MIN_POPULATION = 15000


def make_settings(data_dir: Path, **geocoding: str) -> Settings:
    """Project config with ``data_dir``, offline geocoding and ``geocoding`` overrides."""
    environ = {
        "SINGULARITY__PATHS__DATA_DIR": str(data_dir),
        "SINGULARITY__GEOCODING__ONLINE": "false",
        "SINGULARITY__GEOCODING__GAZETTEER_MIN_POPULATION": str(TEST_MIN_POPULATION),
        "SINGULARITY__LLM__PROVIDER": "offline",
    }
    environ |= {f"SINGULARITY__GEOCODING__{key.upper()}": value for key, value in geocoding.items()}
    return load_settings(config_path=ROOT / "config.yaml", environ=environ)


def settings_with_index(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, **geocoding: str
) -> Settings:
    return with_gazetteer(make_settings(tmp_path / "data", **geocoding), tmp_path_factory)


@contextmanager
def run_shared(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """A folder shared by every parallel worker of this run (each worker's own temporary
    folder lies below the run's), held under a lock so the first builds what it holds and
    the others find it built; a run on one process keeps it in its own folder."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    with (root / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield root / name


def with_gazetteer(settings: Settings, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """``settings`` with the run's gazetteer index for their population limit hard-linked into
    their cache: built once per run and limit (the project's 1,000: 5–20 s of CPU), not by
    every worker, test or evaluation run that needs it."""
    target = index_path(settings)
    if not target.exists():
        population = str(settings.geocoding.gazetteer_min_population)
        with run_shared(tmp_path_factory, "shared-gazetteer") as folder:
            source = ensure_index(make_settings(folder, gazetteer_min_population=population))
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(source, target)
    return settings


def offline_env(settings: Settings, weather_url: str) -> dict[str, str]:
    """Environment that makes a separate process (the CLI, the chat app) use the test's data
    directory and gazetteer index, the offline pilot, and a fake Open-Meteo at ``weather_url``."""
    return {
        "SINGULARITY__PATHS__DATA_DIR": str(settings.data_dir),
        "SINGULARITY__GEOCODING__ONLINE": "false",
        "SINGULARITY__GEOCODING__GAZETTEER_MIN_POPULATION": str(TEST_MIN_POPULATION),
        "SINGULARITY__LLM__PROVIDER": "offline",
        "SINGULARITY__WEATHER__PROVIDER": "open_meteo",
        "SINGULARITY__WEATHER__OPEN_METEO_URL": weather_url,
        "SINGULARITY__TRACING__ENABLED": "false",
        "SINGULARITY__PLANNING__CHART_PROCESSES": "1",  # a test's app serves one user
    }


PREBUILT_INDEX_ENV = "SINGULARITY_TEST_KNOWLEDGE_INDEX"
"""A folder holding an already built bundled index (local mode), copied instead of the session's
build; unset (as in CI), the session builds it once, as the app's first start would."""


def bundled_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled knowledge base built once per test session from the shipped vectors, as the
    app's first start builds it (seconds: nothing is embedded, see ``ingestion.shipped``)."""
    from ingestion.pipeline import ensure_bundled_index
    from singularity.knowledge.store import close_qdrant

    with run_shared(tmp_path_factory, "shared-knowledge") as data_dir:
        shared = make_settings(data_dir)
        folder = shared.resolve(shared.knowledge.qdrant_path, under_data=True)
        if not folder.exists():
            prebuilt = os.environ.get(PREBUILT_INDEX_ENV)
            if prebuilt:
                shutil.copytree(prebuilt, folder)
            else:
                ensure_bundled_index(shared)
                close_qdrant(shared)
    return folder


def with_knowledge(settings: Settings, index: Path) -> Settings:
    """``settings`` with a private copy of the bundled index (local mode locks its folder)."""
    target = settings.resolve(settings.knowledge.qdrant_path, under_data=True)
    if not target.exists():
        shutil.copytree(index, target)
    return settings


@contextmanager
def knowledge_read_once() -> Iterator[None]:
    """Every knowledge base on the same open client shares its title index and sparse
    vectors, as the turns of one process share one base: tests that run several
    ``singularity ask`` in the test process (the fault matrix, the understanding examples)
    otherwise read both anew from the local folder for every turn (about 0.3 s of CPU) though
    the collection never changes. The sparse vectors are still checked to be current before
    every use; a closed client's successor reads its own (a Qdrant server's client is closed
    after every turn of the fault matrix, so its turns read from the server)."""
    from singularity.knowledge.retrieval import KnowledgeBase
    from singularity.knowledge.sparse_index import SparseIndex
    from singularity.knowledge.titles import TitleIndex

    read_titles, read_sparse = KnowledgeBase.titles, KnowledgeBase.sparse_index
    titles: dict[tuple[int, str], tuple[object, TitleIndex]] = {}
    sparse: dict[tuple[int, str], tuple[object, SparseIndex | None]] = {}

    def shared_titles(base: KnowledgeBase) -> TitleIndex:
        key = (id(base.client), base.collection)
        if key not in titles:
            titles[key] = (base.client, read_titles.fget(base))  # the client held: its id stays unique
        return titles[key][1]

    def shared_sparse(base: KnowledgeBase) -> SparseIndex | None:
        key = (id(base.client), base.collection)
        if key in sparse:
            base._sparse = sparse[key][1]  # the base reads them again when they are no longer current
        sparse[key] = (base.client, read_sparse(base))
        return sparse[key][1]

    KnowledgeBase.titles = property(shared_titles)  # type: ignore[assignment,method-assign]
    KnowledgeBase.sparse_index = shared_sparse  # type: ignore[method-assign]
    try:
        yield
    finally:
        KnowledgeBase.titles, KnowledgeBase.sparse_index = read_titles, read_sparse  # type: ignore[method-assign]
