"""A fake Stellarium Remote Control plugin (0.22) on a real loopback socket.

It serves the real endpoints with the real JSON shapes (bodies recorded from Stellarium 0.22.2
in tests/fixtures/stellarium/) and the quirks a client must live with:
- ``POST /api/main/focus`` answers ``true`` and selects nothing;
- scripts (``POST /api/scripts/direct``) are queued: ``ok`` comes back at once, the script runs
  ``script_delay_s`` later, and a second script meanwhile gets ``error: a script is already
  running``; only a script (``core.selectObjectByName``) selects;
- an unknown name in ``core.selectObjectByName`` clears the selection;
- a location change keeps the old time zone; ``core.setTimezone`` changes it;
- ``altitude`` in a location change must be an integer string, or it is ignored;
- the search omits planets; errors come as HTTP 200 text ``error: …`` or 400 text;
- ``core.screenshot(prefix, invert, dir, overwrite)`` writes a real PNG into ``dir``
  (``prefix.png`` when overwriting, else ``prefix001.png``, ``prefix002.png``, …);
- with a password, every request without ``Authorization: Basic base64(":password")`` gets 401;
- StelProperties (``/api/stelproperty/list`` and ``/set``): ``error: unknown property`` and
  ``error: could not set property, invalid data type?`` as HTTP 200 text; with ``oculars=True``
  the Oculars plugin's properties exist, and ``Oculars.enableOcular`` stays false while nothing
  is selected, and on switching on zooms to the plugin's own telescope and eyepiece (1.12°).

Use::

    with FakeStellarium() as stellarium:          # or stellarium = FakeStellarium(); .stop()
        stellarium.url, stellarium.state, stellarium.objects, stellarium.requests
        stellarium.delay_s = 2                    # every answer late (timeouts)
        stellarium.garbage = True                 # answers HTML instead of JSON
        stellarium.stop()                         # port closed: connection refused
"""

from __future__ import annotations

import base64
import copy
import json
import math
import re
import struct
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Self
from urllib.parse import parse_qs
from zoneinfo import ZoneInfo

from tests.fakes.server import FakeServer, Request, Response

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stellarium"
VERSION = "0.22.2"
JD_UNIX_EPOCH = 2440587.5
ALREADY_RUNNING = "error: a script is already running"


def fixture(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text())


def recorded_objects() -> dict[str, dict[str, Any]]:
    """Info bodies recorded from Stellarium 0.22.2 (M31, Jupiter, Vega, M42), by name."""
    bodies = [fixture(f"info_{key}.json") for key in ("m31", "jupiter", "vega", "m42")]
    return {body["name"]: body for body in bodies}


def png_bytes(width: int, height: int) -> bytes:
    """A valid, dark-blue PNG of the given size."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    rows = b"".join(b"\x00" + b"\x05\x08\x20" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()


@dataclass
class StellariumState:
    """What the fake Stellarium currently shows; tests may read and change it."""

    location: dict[str, Any] = field(
        default_factory=lambda: copy.deepcopy(fixture("status_idle.json")["location"]))
    jd: float = 2461380.3333333335
    time_rate: float = 1 / 86400
    timezone: str = "Europe/Paris"
    selected: str | None = None
    tracking: bool = False
    fov: float = 60.0
    view_j2000: tuple[float, float] = (0.0, 0.0)
    script_busy: bool = False
    scripts: list[str] = field(default_factory=list)
    screenshots: list[Path] = field(default_factory=list)
    focus_calls: int = 0
    properties: dict[str, Any] = field(default_factory=lambda: dict(CORE_PROPERTIES))


CORE_PROPERTIES: dict[str, Any] = {
    "SpecialMarkersMgr.fovCircularMarkerSize": 1.0,
    "SpecialMarkersMgr.fovCircularMarkerDisplayed": False,
    "StelMovementMgr.flagTracking": False,
}
OCULARS_PROPERTIES: dict[str, Any] = {
    "Oculars.enableOcular": False, "Oculars.flagScaleImageCircle": True,
    "Oculars.flagRequireSelection": True, "Oculars.selectedOcularIndex": 0,
    "Oculars.selectedTelescopeIndex": 0,
}
OCULARS_OWN_FOV = 1.12
"""The field Stellarium 0.22's default ocular.ini pair zooms to (measured)."""


class FakeStellarium:
    """Speaks Stellarium's Remote Control API; see the module docstring for its quirks."""

    def __init__(
        self,
        *,
        password: str | None = None,
        script_delay_s: float = 0.05,
        screenshot_size: tuple[int, int] = (64, 48),
        oculars: bool = False,
    ) -> None:
        self.password = password
        self.script_delay_s = script_delay_s
        self.screenshot_size = screenshot_size
        self.state = StellariumState()
        if oculars:
            self.state.properties |= OCULARS_PROPERTIES
        self.objects: dict[str, dict[str, Any]] = recorded_objects()
        self.delay_s = 0.0
        self.garbage = False
        self.scripts_ignored = False
        """When set, scripts are accepted but have no effect (a broken script engine)."""
        self._lock = threading.Lock()
        self._server = FakeServer()
        routes: dict[tuple[str, str], Callable[[Request], Response]] = {
            ("GET", "/api/main/status"): self._status,
            ("GET", "/api/main/view"): self._view,
            ("POST", "/api/main/time"): self._time,
            ("POST", "/api/main/fov"): self._fov,
            ("POST", "/api/main/focus"): self._focus,
            ("GET", "/api/objects/find"): self._find,
            ("GET", "/api/objects/info"): self._info,
            ("POST", "/api/location/setlocationfields"): self._location,
            ("POST", "/api/scripts/direct"): self._direct,
            ("GET", "/api/scripts/status"): self._script_status,
            ("GET", "/api/stelproperty/list"): self._property_list,
            ("POST", "/api/stelproperty/set"): self._property_set,
        }
        for (method, path), handler in routes.items():
            self._server.route(method, path, self._guarded(handler))
        self._server.start()
        self._url = self._server.url

    # ------------------------------------------------------------------ test API

    @property
    def url(self) -> str:
        """Stays valid after ``stop()``: then nothing listens there any more."""
        return self._url

    @property
    def requests(self) -> list[Request]:
        return self._server.requests

    def stop(self) -> None:
        """Close the port: from now on connections are refused, as with Stellarium closed."""
        self._server.stop()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def add_object(self, info: dict[str, Any]) -> None:
        """Make Stellarium know one more object (an info body like the recorded ones)."""
        self.objects[info["name"]] = info

    def lookup(self, name: str) -> dict[str, Any] | None:
        """The object Stellarium would find under ``name`` (name, localized name or any
        designation, case and spaces ignored)."""
        key = _compact(name)
        for info in self.objects.values():
            labels = [info.get("name", ""), info.get("localized-name", ""),
                      *str(info.get("designations", "")).split(" - ")]
            if key in {_compact(label) for label in labels if label}:
                return info
        return None

    # ------------------------------------------------------------------ plumbing

    def _guarded(self, handler: Callable[[Request], Response]) -> Callable[[Request], Response]:
        def serve(request: Request) -> Response:
            if self.password is not None:
                expected = "Basic " + base64.b64encode(f":{self.password}".encode()).decode()
                if request.headers.get("authorization") != expected:
                    return self._reply(Response(401, "HTTP 401 Not Authorized", {
                        "WWW-Authenticate": 'Basic realm="Stellarium remote control"'}))
            if self.garbage:
                return self._reply(Response(200, b"<html><body>It works!</body></html>",
                                            {"Content-Type": "text/html"}))
            with self._lock:
                return self._reply(handler(request))
        return serve

    def _reply(self, response: Response) -> Response:
        response.headers.setdefault("Server", f"Stellarium RemoteControl {VERSION}")
        response.delay_s = self.delay_s
        return response

    @staticmethod
    def _form(request: Request) -> dict[str, str]:
        """POST parameters: the plugin reads both the query string and a form body."""
        values = {k: v[0] for k, v in request.query.items()}
        values |= {k: v[0] for k, v in parse_qs(request.body.decode()).items()}
        return values

    # ------------------------------------------------------------------ endpoints

    def _status(self, _request: Request) -> Response:
        state = self.state
        body = copy.deepcopy(fixture("status_idle.json"))
        offset = self._utc_offset()
        body["location"] = copy.deepcopy(state.location)
        body["time"].update({
            "jday": state.jd, "timerate": state.time_rate, "isTimeNow": False,
            "gmtShift": offset.total_seconds() / 86400,
            "timeZone": _printable_offset(offset),
            "utc": _iso(state.jd) + "Z",
            "local": _iso(state.jd + offset.total_seconds() / 86400),
        })
        body["view"] = {"fov": state.fov}
        info = self.objects.get(state.selected) if state.selected else None
        body["selectioninfo"] = (
            f"<h2>{info['localized-name']}<br>{info.get('designations', '')}</h2>"
            f"Type: <b>{info.get('object-type', '')}</b><br>" if info else "")
        return Response(200, body)

    def _view(self, request: Request) -> Response:
        ra, dec = map(math.radians, self.state.view_j2000)
        vector = f"[{math.cos(dec) * math.cos(ra):g}, {math.cos(dec) * math.sin(ra):g}, " \
                 f"{math.sin(dec):g}]"
        coord = request.arg("coord")
        keys = [coord] if coord in ("j2000", "jNow", "altAz") else ["altAz", "j2000", "jNow"]
        return Response(200, {key: vector for key in keys})

    def _time(self, request: Request) -> Response:
        form, done = self._form(request), False
        try:
            if "time" in form:
                self.state.jd, done = float(form["time"]), True
            if "timerate" in form:
                self.state.time_rate, done = float(form["timerate"]), True
        except ValueError:
            done = False
        if not done:
            return Response(200, "error: invalid parameters, use time/timerate as double values")
        return Response(200, "ok")

    def _fov(self, request: Request) -> Response:
        try:
            self.state.fov = float(self._form(request)["fov"])
        except (KeyError, ValueError):
            return Response(400, "requires fov parameter")
        return Response(200, "ok")

    def _focus(self, request: Request) -> Response:
        self.state.focus_calls += 1  # the 0.22 quirk: reports success, selects nothing
        known = self.lookup(self._form(request).get("target", "")) is not None
        return Response(200, "true" if known else "false")

    def _find(self, request: Request) -> Response:
        query = (request.arg("str") or "").strip().lower()
        if not query:
            return Response(400, "empty search string")
        found: list[str] = []
        for info in self.objects.values():
            if info.get("object-type") == "planet":
                continue  # Stellarium 0.22's search does not list planets
            if query in info["localized-name"].lower():
                found.append(info["localized-name"])
            found += [d.replace(" ", "") for d in str(info.get("designations", "")).split(" - ")
                      if _compact(d) == _compact(query)]
        return Response(200, sorted(dict.fromkeys(found), key=len))

    def _info(self, request: Request) -> Response:
        name = request.arg("name")
        if name:
            info = self.lookup(name)
            if info is None:
                return Response(404, "object name not found")
        else:
            info = self.objects.get(self.state.selected) if self.state.selected else None
            if info is None:
                return Response(404, "no current selection, and no name parameter given")
        if request.arg("format") not in ("json", "map"):
            return Response(200, f"<h2>{info['localized-name']}</h2>")
        return Response(200, info)

    def _location(self, request: Request) -> Response:
        form, location = self._form(request), self.state.location
        for key in ("latitude", "longitude"):
            try:
                location[key] = float(form[key])
            except (KeyError, ValueError):
                pass
        if re.fullmatch(r"-?\d+", form.get("altitude", "")):
            location["altitude"] = int(form["altitude"])
        if "name" in form:
            location["name"] = form["name"]
        return Response(200, "ok")  # the time zone stays what it was: a 0.22 quirk

    def _property_list(self, _request: Request) -> Response:
        def entry(value: Any) -> dict[str, Any]:
            kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "double"
            return {"canNotify": True, "isWritable": True, "typeString": kind, "variantType": kind,
                    "value": value}
        return Response(200, {name: entry(value) for name, value in self.state.properties.items()})

    def _property_set(self, request: Request) -> Response:
        form = self._form(request)
        name, text = form.get("id", ""), form.get("value", "")
        if name not in self.state.properties:
            return Response(200, "error: unknown property")
        current = self.state.properties[name]
        try:
            if isinstance(current, bool):
                if text not in ("true", "false"):
                    raise ValueError(text)
                value: Any = text == "true"
            else:
                value = type(current)(float(text))
        except ValueError:
            return Response(200, "error: could not set property, invalid data type?")
        if name == "Oculars.enableOcular":
            if value and not self.state.selected:
                return Response(200, "ok")  # the plugin refuses silently with nothing selected
            if value and not current:
                self.state.fov = OCULARS_OWN_FOV
        self.state.properties[name] = value
        return Response(200, "ok")

    def _script_status(self, _request: Request) -> Response:
        busy = self.state.script_busy
        return Response(200, {"runningScriptId": "<Direct script input>" if busy else "",
                              "scriptIsRunning": busy})

    def _direct(self, request: Request) -> Response:
        code = self._form(request).get("code", "")
        if not code:
            return Response(400, "need parameter: code")
        if self.state.script_busy:
            return Response(200, ALREADY_RUNNING)
        self.state.script_busy = True
        self.state.scripts.append(code)
        waits = sum(float(s) for s in re.findall(r"core\.wait\(\s*([\d.]+)\s*\)", code))
        timer = threading.Timer(self.script_delay_s + waits, self._finish_script, args=(code,))
        timer.daemon = True
        timer.start()
        return Response(200, "ok")

    # ------------------------------------------------------------------ scripts

    def _finish_script(self, code: str) -> None:
        with self._lock:
            try:
                if not self.scripts_ignored:
                    self._apply(code)
            finally:
                self.state.script_busy = False

    def _apply(self, code: str) -> None:
        string = r'("(?:[^"\\]|\\.)*")'
        for match in re.finditer(r"core\.selectObjectByName\(\s*" + string, code):
            info = self.lookup(json.loads(match.group(1)))
            self.state.selected = info["name"] if info else None
        tracking = re.search(r"StelMovementMgr\.setFlagTracking\(\s*true\s*\)", code)
        if tracking and self.state.selected:
            info = self.objects[self.state.selected]
            self.state.tracking = True
            self.state.view_j2000 = (float(info["raJ2000"]) % 360, float(info["decJ2000"]))
        for match in re.finditer(r"core\.setTimezone\(\s*" + string, code):
            self.state.timezone = json.loads(match.group(1))
        pattern = (r"core\.screenshot\(\s*" + string + r"\s*,\s*(true|false)\s*,\s*" + string
                   + r"\s*,\s*(true|false)\s*\)")
        for match in re.finditer(pattern, code):
            self._screenshot(json.loads(match.group(1)), Path(json.loads(match.group(3))),
                             overwrite=match.group(4) == "true")

    def _screenshot(self, prefix: str, folder: Path, *, overwrite: bool) -> None:
        if not folder.is_dir():
            return  # Stellarium only logs an error
        path = folder / f"{prefix}.png"
        if not overwrite:
            number = 1
            while (path := folder / f"{prefix}{number:03d}.png").exists():
                number += 1
        path.write_bytes(png_bytes(*self.screenshot_size))
        self.state.screenshots.append(path)

    def _utc_offset(self) -> timedelta:
        moment = datetime.fromtimestamp((self.state.jd - JD_UNIX_EPOCH) * 86400, tz=UTC)
        return ZoneInfo(self.state.timezone).utcoffset(moment) or timedelta(0)


def _iso(jd: float) -> str:
    milliseconds = round((jd - JD_UNIX_EPOCH) * 86400 * 1000)
    moment = datetime.fromtimestamp(milliseconds // 1000, tz=UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{milliseconds % 1000:03d}"


def _printable_offset(offset: timedelta) -> str:
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"

