"""What the sessions of one process share, and what one session holds of it.

A Stellarium bridge is an MCP server process (about 80 MB) and a knowledge base holds its
title index and embedder: measured with 20 sessions, one bridge per chat made 1.6 GB of the
2.3 GB peak and kept both cores busy for 8 s starting them. So :class:`SharedResources` keeps
one bridge per Stellarium address, started once and ended when the last session holding it
has been gone for ``bridge_idle_s`` (the app: a few minutes, so that one person's next chat
does not start the server again, 1–2 s of CPU), and one knowledge handle per collection, opened once (its title index takes about 2 s to
read) and kept until the shared resources close; :class:`SessionResources` is one session's
hold on them. The app makes one ``SharedResources`` and closes it at shutdown; a session made
without one (the command line, a test) gets its own, which it closes with itself.

CPU-heavy steps that need no session state (drawing a chart) run through :meth:`run_cpu`: in a
worker process when the shared resources have them (the app: one per core), else in a thread.
Threads keep the event loop free but share one interpreter lock, so the CPU work of every
session used one core: measured with 20 sessions at load about 11, the altitude chart took
2.5–3.5 s of a 4 s planning turn (the plan itself 0.04 s).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from singularity.config import Settings
from singularity.knowledge.retrieval import KnowledgeBase
from singularity.knowledge.store import qdrant_location
from singularity.knowledge.titles import TitleIndex
from singularity.planning.chart import load_renderer
from singularity.stellarium.bridge import StellariumBridge
from singularity.workflow.tools.knowledge import KnowledgeHandle

BridgeFactory = Callable[[Settings], StellariumBridge]


T = TypeVar("T")


@dataclass
class _Held(Generic[T]):
    resource: T
    holders: int = 0


class SharedResources:
    """One Stellarium bridge per address and one knowledge handle per collection, with the
    number of sessions holding each; a bridge (a process) ends ``bridge_idle_s`` after its last
    holder's release unless a session takes it again, a knowledge handle stays for the next
    session until :meth:`close`."""

    def __init__(self, *, bridge_factory: BridgeFactory = StellariumBridge, cpu_processes: int = 0,
                 bridge_idle_s: float = 0.0) -> None:
        self._make_bridge = bridge_factory
        self._cpu_processes = cpu_processes
        self._bridge_idle_s = bridge_idle_s
        self._idle: set[asyncio.Task[None]] = set()
        self._pool: ProcessPoolExecutor | None = None
        self._bridges: dict[tuple[str, str], _Held[StellariumBridge]] = {}
        self._knowledge: dict[tuple[str, str], _Held[KnowledgeHandle]] = {}
        self._lock = threading.Lock()  # knowledge is taken from worker threads too

    def take_stellarium(self, settings: Settings) -> StellariumBridge:
        key = _address(settings)
        with self._lock:
            held = self._bridges.get(key)
            if held is None:
                held = self._bridges[key] = _Held(self._make_bridge(settings))
            held.holders += 1
            return held.resource

    async def release_stellarium(self, bridge: StellariumBridge) -> None:
        with self._lock:
            key = next((k for k, held in self._bridges.items() if held.resource is bridge), None)
            if key is None:
                return
            held = self._bridges[key]
            held.holders -= 1
            if held.holders > 0:
                return
            if self._bridge_idle_s <= 0:
                del self._bridges[key]
        if self._bridge_idle_s <= 0:
            await bridge.close()
            return
        task = asyncio.create_task(self._close_when_idle(key, held))
        self._idle.add(task)
        task.add_done_callback(self._idle.discard)

    async def _close_when_idle(self, key: tuple[str, str], held: _Held[StellariumBridge]) -> None:
        await asyncio.sleep(self._bridge_idle_s)
        with self._lock:
            idle = held.holders <= 0 and self._bridges.get(key) is held
            if idle:
                del self._bridges[key]
        if idle:
            await held.resource.close()

    def take_knowledge(self, settings: Settings) -> KnowledgeHandle:
        key = (qdrant_location(settings), settings.knowledge.collection)
        with self._lock:
            held = self._knowledge.get(key)
            if held is None:
                held = self._knowledge[key] = _Held(KnowledgeHandle(settings))
            held.holders += 1
            return held.resource

    def release_knowledge(self, handle: KnowledgeHandle) -> None:
        with self._lock:
            for held in self._knowledge.values():
                if held.resource is handle:
                    held.holders -= 1

    async def run_cpu(self, fn: Callable[..., T], /, *args: Any) -> T:
        """``fn(*args)`` in a worker process (started on first use; ``fn`` and its arguments
        must pickle), or in a thread when these resources have no worker processes."""
        if not self._cpu_processes:
            return await asyncio.to_thread(fn, *args)
        with self._lock:
            if self._pool is None:  # spawned, not forked: this process runs threads
                self._pool = ProcessPoolExecutor(self._cpu_processes, initializer=load_renderer,
                                                 mp_context=multiprocessing.get_context("spawn"))
                for _ in range(self._cpu_processes):  # every worker starts now, not at a later chart
                    self._pool.submit(int)
            pool = self._pool
        return await asyncio.get_running_loop().run_in_executor(pool, partial(fn, *args))

    @property
    def bridges(self) -> list[StellariumBridge]:
        """The bridges running now (one per address), held or waiting out their idle time."""
        with self._lock:
            return [held.resource for held in self._bridges.values()]

    async def close(self) -> None:
        """End every bridge and let go of every knowledge base (the app shuts down)."""
        with self._lock:
            bridges = [held.resource for held in self._bridges.values()]
            handles = [held.resource for held in self._knowledge.values()]
            self._bridges.clear()
            self._knowledge.clear()
            pool, self._pool = self._pool, None
        for task in list(self._idle):
            task.cancel()
        for handle in handles:
            handle.close()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        await asyncio.gather(*(bridge.close() for bridge in bridges))


class SessionResources:
    """One session's hold on the shared resources: taken on first use, released by
    :meth:`close`; a session used again after closing (a browser that reconnected) takes
    them again. The session's tools read them here, when they need them."""

    def __init__(self, settings: Settings, shared: SharedResources | None = None) -> None:
        self.settings = settings
        self._own = shared is None
        self._shared = shared or SharedResources()
        self._bridge: StellariumBridge | None = None
        self._knowledge: KnowledgeHandle | None = None
        self._lock = threading.Lock()

    @property
    def stellarium(self) -> StellariumBridge:
        """The bridge to this session's Stellarium (shared with every session using it)."""
        with self._lock:
            if self._bridge is None:
                self._bridge = self._shared.take_stellarium(self.settings)
            return self._bridge

    @property
    def knowledge(self) -> KnowledgeHandle:
        with self._lock:
            if self._knowledge is None:
                self._knowledge = self._shared.take_knowledge(self.settings)
            return self._knowledge

    def knowledge_base(self) -> KnowledgeBase:
        """The open knowledge base (any thread); raises SingularityError while it cannot open."""
        return self.knowledge.base()

    def knowledge_titles(self) -> TitleIndex | None:
        return self.knowledge.titles()

    async def run_cpu(self, fn: Callable[..., T], /, *args: Any) -> T:
        """CPU-heavy work off the event loop, in a worker process where the app has them."""
        return await self._shared.run_cpu(fn, *args)

    async def start(self) -> None:
        """Start the bridge and open the knowledge base while the user types, so the first
        request does not pay for a process start, the embedding model and the title index."""
        await asyncio.gather(self.stellarium.start(), asyncio.to_thread(self.knowledge.warm_up))

    async def close(self) -> None:
        """Release what this session holds (idempotent); a bridge nobody else holds ends with
        it, and a session that has resources of its own closes them."""
        with self._lock:
            bridge, self._bridge = self._bridge, None
            knowledge, self._knowledge = self._knowledge, None
        if knowledge is not None:
            self._shared.release_knowledge(knowledge)
        if bridge is not None:
            await self._shared.release_stellarium(bridge)
        if self._own:
            await self._shared.close()


def _address(settings: Settings) -> tuple[str, str]:
    """The key of one bridge: the Remote Control address and the password its server sends
    (users with their own password get their own bridge; the lock file, per address, still
    keeps their actions apart)."""
    password = settings.stellarium.password
    return settings.stellarium.url.rstrip("/").lower(), password.get_secret_value() if password else ""
