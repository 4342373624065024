"""The real chat app in a subprocess (Chainlit, offline pilot) and headless Chromium."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from singularity.config import PROJECT_ROOT, Settings
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.server import FakeServer, Response, running_server
from tests.knowledge.fallback_support import recorded
from tests.support import offline_env, settings_with_index, with_knowledge
from tests.workflow.conftest import clear_forecast

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def app_env() -> dict[str, str]:
    """Extra environment for the app (a test module overrides it, e.g. to connect a model)."""
    return {}


def model_env(base_url: str, *, timeout_s: float) -> dict[str, str]:
    """The app's environment for an OpenAI-compatible model at ``base_url``, without retries."""
    return {"SINGULARITY__LLM__PROVIDER": "openai_like", "SINGULARITY__LLM__OPENAI_LIKE_URL": base_url,
            "SINGULARITY__LLM__TIMEOUT_S": f"{timeout_s:g}", "SINGULARITY__LLM__MAX_RETRIES": "0"}


@pytest.fixture
def app_url(settings: Settings, fake_server: FakeServer, app_env: dict[str, str]) -> Iterator[str]:
    """An app of this test's own: its data directory is ``settings``'s, its services the fake
    server and whatever ``app_env`` adds."""
    with running_app(settings, fake_server, app_env) as url:
        yield url


@pytest.fixture(scope="session")
def shared_app_url(tmp_path_factory: pytest.TempPathFactory, knowledge_index: Path) -> Iterator[str]:
    """One app, started once for the tests that only talk to it through their own page: they
    read nothing from its data directory and send requests that are complete in themselves, so
    what one leaves there (the local profile, sessions) changes no other's outcome. It has what
    a user's first start has (the bundled knowledge base, the gazetteer) and image services
    that answer with recorded pages (Commons and NASA, on the local fake server). A module opts
    in by defining ``app_url`` as this; its tests then run on one parallel worker
    (``SHARED_PROCESSES``)."""
    settings = with_knowledge(settings_with_index(tmp_path_factory.mktemp("shared-app"), tmp_path_factory),
                              knowledge_index)
    with running_server() as server:
        server.route("GET", "/w/api.php", Response(200, recorded("commons_search")))
        server.route("GET", "/search", Response(200, recorded("nasa_search")))
        images = {"SINGULARITY__KNOWLEDGE__COMMONS_API_URL": f"{server.url}/w/api.php",
                  "SINGULARITY__KNOWLEDGE__NASA_IMAGES_URL": server.url}
        with running_app(settings, server, images) as url:
            yield url


@dataclass(frozen=True)
class ModelApp:
    url: str
    model: FakeOpenAI
    server: FakeServer


@pytest.fixture(scope="session")
def model_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModelApp]:
    """One app connected to a fake OpenAI-compatible model (1 s of silence ends a turn, no
    retries), for the tests that script the model and watch the page: each starts from an
    empty script (``ModelApp.model.reset``). Its tests run on one parallel worker."""
    settings = settings_with_index(tmp_path_factory.mktemp("model-app"), tmp_path_factory)
    with running_server() as server:
        model = FakeOpenAI(server)
        try:
            with running_app(settings, server, model_env(model.base_url, timeout_s=1)) as url:
                yield ModelApp(url, model, server)
        finally:
            model.release()


def on_model_app() -> tuple[Callable[..., str], Callable[..., Iterator[FakeOpenAI]]]:
    """The ``app_url`` and ``fake_model`` fixtures of a module whose tests share ``model_app``
    (``app_url, fake_model = on_model_app()`` at its top level): each test starts from an empty
    script, and a pending delay ends when it does."""

    @pytest.fixture
    def app_url(model_app: ModelApp) -> str:
        return model_app.url

    @pytest.fixture
    def fake_model(model_app: ModelApp) -> Iterator[FakeOpenAI]:
        model_app.model.reset()
        yield model_app.model
        model_app.model.release()

    return app_url, fake_model


@dataclass(frozen=True)
class ModuleApp:
    url: str
    settings: Settings


@pytest.fixture(scope="module")
def module_app_env() -> dict[str, str]:
    """Extra environment for the app of ``module_app`` (a test module overrides it)."""
    return {}


@pytest.fixture(scope="module")
def module_app(tmp_path_factory: pytest.TempPathFactory,
               module_app_env: dict[str, str]) -> Iterator[ModuleApp]:
    """One app for the tests of a module that read its data directory: each of them works
    under names of its own (users, sessions), so what one leaves there is nobody else's. A
    module opts in by defining ``app_url`` and ``settings`` from this; its tests then run on
    one parallel worker (``tests/conftest.py``), which starts the app once."""
    settings = settings_with_index(tmp_path_factory.mktemp("module-app"), tmp_path_factory)
    with running_server() as server, running_app(settings, server, module_app_env) as url:
        yield ModuleApp(url, settings)


def on_module_app() -> tuple[Callable[..., str], Callable[..., Settings]]:
    """The ``app_url`` and ``settings`` fixtures of a module whose tests share ``module_app``:
    ``app_url, settings = on_module_app()`` at the module's top level."""

    @pytest.fixture
    def app_url(module_app: ModuleApp) -> str:
        return module_app.url

    @pytest.fixture
    def settings(module_app: ModuleApp) -> Settings:
        return module_app.settings

    return app_url, settings


@contextmanager
def running_app(settings: Settings, fake_server: FakeServer, app_env: dict[str, str]) -> Iterator[str]:
    """The chat app (``chainlit run``) on a free port until the block ends; its URL."""
    clear_forecast(fake_server)
    port = _free_port()
    env = (os.environ | offline_env(settings, fake_server.url)
           | {"PHOENIX_TELEMETRY_ENABLED": "false"} | app_env)
    # Chainlit keeps uploads in <app root>/.files and deletes it on exit: give the test server
    # its own root (linking the real config) so it never touches a developer's running app.
    root = settings.data_dir / "app-root"
    root.mkdir(parents=True)
    for name in (".chainlit", "chainlit.md", "app.py", "public"):
        (root / name).symlink_to(PROJECT_ROOT / name)
    env["PYTHONPATH"] = str(PROJECT_ROOT)
    log = (settings.data_dir / "chainlit.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "chainlit", "run", str(root / "app.py"), "--headless",
         "--host", "127.0.0.1", "--port", str(port)],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # a busy machine: 44 s measured at load 9 on 2 cores
        while time.monotonic() < deadline:
            try:
                if httpx.get(url, timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise RuntimeError((settings.data_dir / "chainlit.log").read_text())
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # a session's warm-up thread can hold it up
            process.kill()
            process.wait()
        log.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test with a browser runs on the session's event loop, where the worker's one
    Chromium lives (``browser``); the other tests keep a loop of their own."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator:
    """One headless Chromium per parallel worker. Each test opens a context of its own in it
    (its own cookies, storage, viewport and language: to the app, a browser of its own) and
    closes it; starting Playwright's driver and Chromium for each of the 16 browser tests cost
    about 0.9 s of CPU a start."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


@pytest_asyncio.fixture(loop_scope="session")
async def page(browser, app_url: str, tmp_path) -> AsyncIterator:
    """A Chromium page on the app; a screenshot of its last state is kept in ``tmp_path``."""
    async with open_page(browser, app_url, tmp_path, width=1280, height=1000) as page:
        yield page


@pytest_asyncio.fixture(loop_scope="session")
async def phone_page(browser, app_url: str, tmp_path) -> AsyncIterator:
    """The app on a phone held upright (390 × 844 CSS pixels, touch) in a German browser."""
    async with open_page(browser, app_url, tmp_path, width=390, height=844, locale="de-DE",
                         touch=True) as page:
        yield page


@asynccontextmanager
async def open_page(browser, app_url: str, tmp_path, *, width: int, height: int, locale: str = "en-US",
                    touch: bool = False) -> AsyncIterator:
    context = await browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                        has_touch=touch, is_mobile=touch)
    try:
        page = await context.new_page()
        await page.goto(app_url)
        await page.wait_for_selector("#chat-input", timeout=30_000)
        await page.locator('[data-step-type="assistant_message"]').first.wait_for(timeout=30_000)  # banner: connected
        try:
            yield page
        finally:
            await page.screenshot(path=str(tmp_path / "last-page.png"), full_page=True)
    finally:
        await context.close()
