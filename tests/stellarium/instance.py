"""A real Stellarium (Debian's 0.22) under Xvfb, for integration tests and benchmarks.

Each instance gets a private user directory with a generated ``config.ini`` (Remote Control on
a free loopback port, no password unless asked, a small window so screenshots are cheap, plugins
that cost start-up time off) and its own X server. ``stop()`` ends Stellarium and Xvfb and waits
for both, so nothing is left running. Use it as a context manager::

    with StellariumInstance() as stellarium:
        httpx.get(f"{stellarium.url}/api/main/status")
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Self

import httpx

STELLARIUM = "stellarium"
XVFB = "Xvfb"
WIDTH, HEIGHT = 480, 320
POLL_S = 0.1
"""How often start-up asks whether Remote Control answers; the time between its answering and
the next question is lost to the test (half a second between questions lost a quarter on average)."""

# Keys Stellarium 0.22 reads at start. Without [init_location] landscape_name it crashes;
# location "auto" would ask a geo-IP service over the network, so a fixed place is given.
CONFIG_TEMPLATE = """\
[main]
version = 0.22.2

[plugins_load_at_startup]
RemoteControl = true
Oculars = {oculars}
Satellites = false
SolarSystemEditor = false
Exoplanets = false
MeteorShowers = false
Novae = false
FOV = false

[RemoteControl]
autostart = true
port = {port}
use_password = {use_password}
password = {password}
enable_cors = false

[video]
fullscreen = false
screen_w = {width}
screen_h = {height}
screen_x = 0
screen_y = 0
minimum_fps = 1
maximum_fps = 10

[init_location]
location = Paris, Western Europe
landscape_name = guereins

[navigation]
startup_time_mode = Actual

[search]
flag_search_online = false

[gui]
flag_show_gui = false
"""


def stellarium_available() -> bool:
    return shutil.which(STELLARIUM) is not None


def free_loopback_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class StellariumInstance:
    """One Stellarium process with its X server, user directory and Remote Control port."""

    def __init__(
        self,
        *,
        port: int | None = None,
        password: str | None = None,
        width: int = WIDTH,
        height: int = HEIGHT,
        startup_timeout_s: float = 90.0,
        oculars: bool = False,
    ) -> None:
        """``oculars`` loads the Oculars plugin (off by default: it costs start-up time)."""
        self.port = port or free_loopback_port()
        self.password = password
        self.width, self.height = width, height
        self.startup_timeout_s = startup_timeout_s
        self.oculars = oculars
        self.root = Path(tempfile.mkdtemp(prefix="stellarium-"))
        self.user_dir = self.root / "user"
        self.screenshot_dir = self.root / "screenshots"
        self.log_path = self.root / "stellarium.log"
        self._xvfb: subprocess.Popen[bytes] | None = None
        self._stellarium: subprocess.Popen[bytes] | None = None
        self.display: str | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> None:
        """Start Xvfb and Stellarium; return once the Remote Control API answers."""
        self.user_dir.mkdir(parents=True, exist_ok=True)
        self.screenshot_dir.mkdir(parents=True, exist_ok=True)
        (self.user_dir / "config.ini").write_text(CONFIG_TEMPLATE.format(
            port=self.port, use_password=str(self.password is not None).lower(),
            password=self.password or "", width=self.width, height=self.height,
            oculars=str(self.oculars).lower()))
        try:
            self.display = self._start_xvfb()
            env = os.environ | {"DISPLAY": self.display, "QT_QPA_PLATFORM": "xcb",
                                "HOME": str(self.root)}
            with self.log_path.open("wb") as log:
                self._stellarium = subprocess.Popen(
                    [STELLARIUM, "--user-dir", str(self.user_dir),
                     "--screenshot-dir", str(self.screenshot_dir)],
                    env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    start_new_session=True)
            self._wait_until_ready()
        except BaseException:
            self.stop()
            raise

    def _start_xvfb(self) -> str:
        """Xvfb picks a free display itself and writes its number to a pipe (-displayfd)."""
        read_fd, write_fd = os.pipe()
        try:
            self._xvfb = subprocess.Popen(
                [XVFB, "-displayfd", str(write_fd), "-screen", "0",
                 f"{self.width + 64}x{self.height + 64}x24", "-nolisten", "tcp"],
                pass_fds=(write_fd,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, start_new_session=True)
            os.close(write_fd)
            write_fd = -1
            with os.fdopen(read_fd, "rb") as pipe:
                read_fd = -1
                number = pipe.readline().strip()
        finally:
            for fd in (read_fd, write_fd):
                if fd >= 0:
                    os.close(fd)
        if not number:
            raise RuntimeError("Xvfb did not start (no display number reported).")
        return f":{number.decode()}"

    def _wait_until_ready(self) -> None:
        assert self._stellarium is not None
        auth = ("", self.password) if self.password is not None else None
        deadline = time.monotonic() + self.startup_timeout_s
        while time.monotonic() < deadline:
            if self._stellarium.poll() is not None:
                raise RuntimeError(f"Stellarium exited with {self._stellarium.returncode} during "
                                   f"start-up; its log ends:\n{self._log_tail()}")
            try:
                reply = httpx.get(f"{self.url}/api/main/status", auth=auth, timeout=2)
                if reply.status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(POLL_S)
        raise RuntimeError(f"Stellarium's Remote Control did not answer within "
                           f"{self.startup_timeout_s:g} s; its log ends:\n{self._log_tail()}")

    def _log_tail(self, lines: int = 30) -> str:
        """The end of Stellarium's output (the user directory is removed on stop)."""
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    @property
    def running(self) -> bool:
        return self._stellarium is not None and self._stellarium.poll() is None

    def stop(self) -> None:
        """End Stellarium (politely, then by force), then Xvfb; wait for both to be gone."""
        for attr in ("_stellarium", "_xvfb"):
            process: subprocess.Popen[bytes] | None = getattr(self, attr)
            if process is not None:
                _end_process_group(process)
                setattr(self, attr, None)
        shutil.rmtree(self.root, ignore_errors=True)


def _end_process_group(process: subprocess.Popen[bytes], grace_s: float = 10.0) -> None:
    """The process leads its own session (start_new_session), so its group is exactly it and
    whatever it spawned."""
    for sig, wait_s in ((signal.SIGTERM, grace_s), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=wait_s)
            break
        except subprocess.TimeoutExpired:
            continue
    process.wait(timeout=5)
    try:  # anything the process left behind in its group
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
