"""Two processes updating one file under the lock lose nothing."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from singularity.memory.profile import ProfileStore
from singularity.users.files import locked, write_atomic

ROUNDS = 150


def _count(path: str, rounds: int) -> None:
    """Read-modify-write a counter ``rounds`` times, each under the lock."""
    for _ in range(rounds):
        with locked(Path(path)):
            value = json.loads(Path(path).read_text(encoding="utf-8"))["n"]
            write_atomic(Path(path), json.dumps({"n": value + 1}))


def _remember(path: str, key: str, rounds: int) -> None:
    """Update one planning value of the profile ``rounds`` times, as a turn does."""
    store = ProfileStore(Path(path))
    for n in range(rounds):
        if key == "location":
            store.remember({"location": {"name": f"Place {n}", "lat": 47.0, "lon": 9.0,
                                         "timezone": "Europe/Zurich", "source": "gazetteer"}})
        else:
            store.remember({"duration_hours": 1 + n % 10})


def _run_both(target, *argsets: tuple) -> None:
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=target, args=args) for args in argsets]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0


@pytest.mark.slow
def test_two_processes_counting_under_the_lock_lose_no_update(tmp_path: Path) -> None:
    counter = tmp_path / "counter.json"
    write_atomic(counter, json.dumps({"n": 0}))
    _run_both(_count, (str(counter), ROUNDS), (str(counter), ROUNDS))
    assert json.loads(counter.read_text(encoding="utf-8"))["n"] == 2 * ROUNDS


@pytest.mark.slow
def test_two_processes_remembering_keep_each_others_values(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    _run_both(_remember, (str(path), "location", ROUNDS), (str(path), "duration", ROUNDS))
    profile = ProfileStore(path).load()
    assert profile.usual_location is not None and profile.usual_location.name == f"Place {ROUNDS - 1}"
    assert profile.default_duration_hours == 1 + (ROUNDS - 1) % 10


def test_an_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    write_atomic(target, "{}", private=True)
    write_atomic(target, '{"a": 1}')
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]
    assert target.stat().st_mode & 0o777 == 0o644


def test_bytes_are_written_as_they_are_and_privately(tmp_path: Path) -> None:
    target = tmp_path / "elements" / "chart.png"
    write_atomic(target, b"\x89PNG\r\n\x1a\n\x00\xff", private=True)
    assert target.read_bytes() == b"\x89PNG\r\n\x1a\n\x00\xff"
    assert target.stat().st_mode & 0o077 == 0
