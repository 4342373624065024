"""Async client for Stellarium's Remote Control plugin (HTTP API, as in Stellarium 0.22).

It knows the plugin's quirks (docs/stellarium.md has the evidence):
- ``POST /api/main/focus`` with a name answers ``true`` but selects nothing, so selection runs
  as a script (``core.selectObjectByName``) and is verified by reading the selection back;
- scripts run later in Stellarium's main loop, one at a time: ``/api/scripts/direct`` answers
  ``ok`` before the script ran and ``error: a script is already running`` while one runs, so
  the client waits for the runner to be idle and checks every effect by polling;
- a location change keeps the previous time zone, so the zone is set separately afterwards;
- positions are computed once per frame, so after a change of time or place the client waits
  until they have settled; after a zoom Stellarium may not answer for seconds (loading
  textures), so polls count a timed-out request as "not yet";
- the search (``/api/objects/find``) does not list planets, so an exact lookup completes it;
- errors arrive as HTTP 200 with a text body starting ``error:``.

Every failure is a ``StellariumError`` (a ``ServiceError``) whose text is one sentence for the
user; an unknown object name is an ``UnknownObject`` (an ``InputError``).
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import struct
import time
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Self
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import httpx

from singularity.catalogue import Message, failures, msg
from singularity.errors import InputError, ServiceError
from singularity.http import tls_context

SERVER_HEADER = re.compile(r"Stellarium RemoteControl\s+([\w.+-]+)")
JD_UNIX_EPOCH = 2440587.5
# Two stars near the celestial equator, about 6 h apart: any change of time or place that moves
# the sky noticeably moves at least one of them (docs/stellarium.md, quirk 5).
FRAME_REFERENCE_STARS = ("Procyon", "Spica")
FRAME_TOLERANCE_DEG = 0.1
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_END = b"IEND\xaeB`\x82"
FIRST_POLL_S = 0.01
"""The first pause of a poll; it doubles up to ``poll_interval_s``. Against the fake, whose
scripts take 0.05 s, a Stellarium action held the view 0.85 s with a fixed 0.1 s pause and a
fixed 0.1 s wait after every script (bench/load.py)."""


class StellariumError(ServiceError):
    """Stellarium could not be used: unreachable, refused, too slow or answered garbage."""


class StellariumUnavailable(StellariumError):
    """Nothing listens at the configured address: Stellarium or its plugin is off."""


class StellariumTimeout(StellariumError):
    """One request went unanswered in time (Stellarium stalls while it loads textures)."""


class UnknownObject(InputError):
    """Stellarium does not know an object by this name."""


@dataclass(frozen=True)
class ObjectInfo:
    """What Stellarium reports about one object; RA/Dec are J2000, Alt/Az apparent now."""

    name: str
    ra_deg: float
    dec_deg: float
    altitude_deg: float
    azimuth_deg: float
    magnitude: float | None
    type: str

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> ObjectInfo:
        magnitude = body.get("vmag")
        return cls(
            name=str(body.get("name") or body.get("localized-name") or ""),
            ra_deg=float(body["raJ2000"]) % 360.0,
            dec_deg=float(body["decJ2000"]),
            altitude_deg=float(body["altitude"]),
            azimuth_deg=float(body["azimuth"]),
            magnitude=None if magnitude is None else float(magnitude),
            type=str(body.get("object-type") or body.get("type") or ""),
        )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def separation_deg(self, ra_deg: float, dec_deg: float) -> float:
        return _separation_deg(self.ra_deg, self.dec_deg, ra_deg, dec_deg)


@dataclass(frozen=True)
class StellariumStatus:
    version: str | None
    location: dict[str, Any]
    time: dict[str, Any]
    selected: str | None
    fov: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Centring:
    """The result of centring: the object Stellarium selected, the field of view it aims at,
    and whether the view arrived at the object before the time limit."""

    selected: ObjectInfo
    fov: float
    centred: bool


@dataclass(frozen=True)
class Screenshot:
    path: Path
    width: int
    height: int


def jd_from_datetime(moment: datetime) -> float:
    """Julian Date (UT) of an aware datetime; naive datetimes count as UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return JD_UNIX_EPOCH + moment.timestamp() / 86400.0


def datetime_from_jd(jd: float) -> datetime:
    return datetime.fromtimestamp((jd - JD_UNIX_EPOCH) * 86400.0, tz=UTC)


def js_string(text: str) -> str:
    """A JavaScript string literal for Stellarium's script engine (JSON, ASCII-escaped)."""
    return json.dumps(text, ensure_ascii=True)


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a complete PNG file, or None while it is missing or partial."""
    if not (data.startswith(PNG_SIGNATURE) and data.endswith(PNG_END) and data[12:16] == b"IHDR"):
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def geometric_altitude_deg(
    ra_j2000: float, dec_j2000: float, jd: float, latitude: float, longitude: float
) -> float:
    """Altitude without refraction of a J2000 position at a JD (UT) and place, to about
    0.01°: precession (Meeus, ch. 21) and mean sidereal time; nutation and aberration, a few
    arcseconds, are left out."""
    t = (jd - 2451545.0) / 36525.0
    zeta, z, theta = (math.radians(arcsec / 3600.0) for arcsec in (
        2306.2181 * t + 0.30188 * t**2, 2306.2181 * t + 1.09468 * t**2,
        2004.3109 * t - 0.42665 * t**2))
    ra, dec = math.radians(ra_j2000), math.radians(dec_j2000)
    a = math.cos(dec) * math.sin(ra + zeta)
    b = math.cos(theta) * math.cos(dec) * math.cos(ra + zeta) - math.sin(theta) * math.sin(dec)
    c = math.sin(theta) * math.cos(dec) * math.cos(ra + zeta) + math.cos(theta) * math.sin(dec)
    ra_date, dec_date = math.atan2(a, b) + z, math.asin(max(-1.0, min(1.0, c)))
    sidereal = math.radians(280.46061837 + 360.98564736629 * (jd - 2451545.0)
                            + 0.000387933 * t**2 + longitude)
    hour_angle, lat = sidereal - ra_date, math.radians(latitude)
    sine = (math.sin(lat) * math.sin(dec_date)
            + math.cos(lat) * math.cos(dec_date) * math.cos(hour_angle))
    return math.degrees(math.asin(max(-1.0, min(1.0, sine))))


def _separation_deg(ra1: float, dec1: float, ra2: float, dec2: float) -> float:
    a1, d1, a2, d2 = map(math.radians, (ra1, dec1, ra2, dec2))
    cosine = math.sin(d1) * math.sin(d2) + math.cos(d1) * math.cos(d2) * math.cos(a1 - a2)
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine))))


class RemoteControl:
    """One Stellarium instance behind its Remote Control plugin.

    ``timeout_s`` bounds each HTTP request; ``script_timeout_s`` bounds waiting for a queued
    script and its effect (selection, time zone, screenshot, the view arriving).
    """

    def __init__(
        self,
        base_url: str,
        *,
        password: str | None = None,
        timeout_s: float = 5.0,
        script_timeout_s: float = 10.0,
        poll_interval_s: float = 0.1,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.password = password
        self.timeout_s = timeout_s
        self.script_timeout_s = script_timeout_s
        self.poll_interval_s = poll_interval_s
        self.changes_sent = 0
        """Requests that may have changed Stellarium (every POST that left this machine): an
        action that failed before sending one changed nothing."""
        self._client = httpx.AsyncClient(
            base_url=self.base_url,
            timeout=timeout_s,
            verify=tls_context(),
            auth=httpx.BasicAuth("", password) if password is not None else None,
        )

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._client.aclose()

    # ------------------------------------------------------------------ reading

    async def status(self) -> StellariumStatus:
        response = await self._request("GET", "/api/main/status")
        body = self._json(response, dict)
        try:
            location, clock, view = body["location"], body["time"], body["view"]
            selected = None
            if body.get("selectioninfo"):
                info = await self.selected_object()
                selected = info.name if info is not None else None
            return StellariumStatus(
                version=_version(response.headers.get("server", "")),
                location={"name": location["name"], "latitude": location["latitude"],
                          "longitude": location["longitude"], "altitude": location["altitude"]},
                time={"jd": clock["jday"], "utc": clock["utc"]},
                selected=selected,
                fov=float(view["fov"]),
            )
        except (KeyError, TypeError, ValueError):
            raise self._garbage("/api/main/status") from None

    async def find(self, query: str) -> list[str]:
        """Stellarium's own search, completed by an exact lookup (its search omits planets)."""
        response = await self._request("GET", "/api/objects/find", params={"str": query})
        matches = [str(m) for m in self._json(response, list)]
        lowered = {m.lower() for m in matches}
        if query.strip().lower() not in lowered:
            exact = await self.object_info(query.strip())
            if exact is not None and exact.name.lower() not in lowered:
                matches.insert(0, exact.name)
        return matches

    async def object_info(self, name: str) -> ObjectInfo | None:
        """The object Stellarium finds under ``name``, or None if it knows none."""
        return await self._object_info({"name": name, "format": "json"})

    async def selected_object(self) -> ObjectInfo | None:
        return await self._object_info({"format": "json"})

    async def _object_info(self, params: dict[str, str]) -> ObjectInfo | None:
        response = await self._request("GET", "/api/objects/info", params=params,
                                       allow=frozenset({404}))
        if response.status_code == 404:
            return None
        try:
            return ObjectInfo.from_json(self._json(response, dict))
        except (KeyError, TypeError, ValueError):
            raise self._garbage("/api/objects/info") from None

    async def view_direction(self) -> tuple[float, float]:
        """RA and Dec (J2000, degrees) of the centre of the view."""
        response = await self._request("GET", "/api/main/view", params={"coord": "j2000"})
        try:
            x, y, z = (float(v) for v in json.loads(self._json(response, dict)["j2000"]))
        except (KeyError, TypeError, ValueError):
            raise self._garbage("/api/main/view") from None
        ra = math.degrees(math.atan2(y, x)) % 360.0
        return ra, math.degrees(math.atan2(z, math.hypot(x, y)))

    async def script_running(self) -> bool:
        response = await self._request("GET", "/api/scripts/status")
        try:
            return bool(self._json(response, dict)["scriptIsRunning"])
        except KeyError:
            raise self._garbage("/api/scripts/status") from None

    # ------------------------------------------------------------------ changing

    async def set_location(
        self, latitude: float, longitude: float, altitude_m: float = 0.0, name: str = ""
    ) -> dict[str, Any]:
        """Move the observer; returns the location Stellarium reports afterwards."""
        fields = {
            "latitude": repr(float(latitude)),
            "longitude": repr(float(longitude)),
            "altitude": str(round(altitude_m)),  # the plugin parses it as an integer
            "name": name or f"{latitude:.4f}, {longitude:.4f}",
        }
        await self._post_ok("/api/location/setlocationfields", fields)

        async def arrived() -> dict[str, Any] | None:
            location = (await self.status()).location
            same = (abs(location["latitude"] - latitude) < 1e-3
                    and abs(location["longitude"] - longitude) < 1e-3)
            return location if same else None

        location = await self._poll(arrived, msg("stellarium.did_not_move", place=fields["name"]))
        await self._await_frame()
        return location

    async def set_timezone(self, timezone: str) -> None:
        """Set the IANA time zone (a location change keeps the old one) and check its offset."""
        try:
            zone = ZoneInfo(timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise InputError(msg("stellarium.bad_timezone", zone=timezone)) from None
        await self.run_script(f"core.setTimezone({js_string(timezone)});")

        async def applied() -> bool | None:
            body = self._json(await self._request("GET", "/api/main/status"), dict)
            try:
                jd, shift_days = float(body["time"]["jday"]), float(body["time"]["gmtShift"])
            except (KeyError, TypeError, ValueError):
                raise self._garbage("/api/main/status") from None
            expected = zone.utcoffset(datetime_from_jd(jd)) or timedelta(0)
            return abs(shift_days * 86400.0 - expected.total_seconds()) < 60 or None

        await self._poll(applied, msg("stellarium.did_not_switch_zone", zone=timezone))

    async def set_time(self, jd: float, time_rate: float = 0.0) -> dict[str, Any]:
        """Set the simulation time (JD, UT) and the time rate (0 keeps the sky still)."""
        await self._post_ok("/api/main/time", {"time": repr(jd), "timerate": repr(time_rate)})

        async def applied() -> dict[str, Any] | None:
            clock = (await self.status()).time
            return clock if abs(float(clock["jd"]) - jd) < 1e-5 else None

        clock = await self._poll(applied, msg("stellarium.did_not_set_time"))
        await self._await_frame()
        return clock

    async def set_fov(self, fov_deg: float) -> float:
        """Zoom to ``fov_deg``; returns the field Stellarium aims at (clamped to its limits)."""
        await self._post_ok("/api/main/fov", {"fov": repr(float(fov_deg))})
        return await self._current_fov()

    async def properties(self) -> dict[str, Any]:
        """Every StelProperty (``Module.property``) with its current value; a plugin that is
        not loaded has none (``Oculars.*`` only exist while the Oculars plugin runs)."""
        body = self._json(await self._request("GET", "/api/stelproperty/list"), dict)
        try:
            return {name: entry["value"] for name, entry in body.items()}
        except (KeyError, TypeError):
            raise self._garbage("/api/stelproperty/list") from None

    async def set_property(self, name: str, value: bool | float | str) -> None:
        """Set one StelProperty and wait until it reads back as set. The plugin answers ``ok``,
        ``error: unknown property`` or ``error: could not set property, invalid data type?``
        (HTTP 200); a setter may also refuse silently (``Oculars.enableOcular`` stays false
        while nothing is selected), hence the read-back."""
        text = str(value).lower() if isinstance(value, bool) else str(value)
        await self._post_ok("/api/stelproperty/set", {"id": name, "value": text})

        async def applied() -> bool | None:
            current = (await self.properties()).get(name)
            if isinstance(value, bool) or isinstance(current, bool):
                return current == value or None
            try:
                return abs(float(current) - float(value)) < 1e-6 or None
            except (TypeError, ValueError):
                return str(current) == text or None

        await self._poll(applied, msg("eyepiece.setting_not_applied", name=name))

    async def _current_fov(self) -> float:
        async def fov() -> float:
            return (await self.status()).fov
        return await self._poll(fov, msg("stellarium.did_not_zoom"))

    async def run_script(self, code: str, *, finished: bool = False) -> None:
        """Post script code once the runner is free.

        Stellarium queues the script into its main loop and answers ``ok`` before it ran, so
        callers verify the script's effect by polling for it (quirk 2); nothing waits a fixed
        time here, which under the Stellarium lock would make every other session wait too.
        With ``finished`` (a script whose only effect is time passing, ``core.wait``) it then
        waits until the runner is idle again, after one poll interval in which the runner
        takes the script up.
        """
        deadline = time.monotonic() + self.script_timeout_s
        await self._wait_until_idle(deadline)
        attempt = 0
        while True:
            reply = await self._post_text("/api/scripts/direct", {"code": code})
            if reply == "ok":
                break
            if "already running" not in reply:
                raise StellariumError(msg("stellarium.refused"), detail=f"script: {reply}")
            if time.monotonic() >= deadline:
                raise self._script_busy()
            await asyncio.sleep(self._pause(attempt))
            attempt += 1
        if finished:
            await asyncio.sleep(self.poll_interval_s)
            await self._wait_until_idle(deadline)

    async def select(self, name: str) -> ObjectInfo:
        """Select ``name`` and return the object Stellarium then reports as selected."""
        target = await self._known_object(name)
        await self.run_script(f"core.selectObjectByName({js_string(name)}, true);")
        return await self._await_selection(target)

    async def center(self, name: str, fov_deg: float | None = None) -> Centring:
        """Select ``name``, track it so it moves to the centre, zoom, and check both."""
        target = await self._known_object(name)
        await self.run_script(f"core.selectObjectByName({js_string(name)}, true); "
                              "StelMovementMgr.setFlagTracking(true);")
        selected = await self._await_selection(target)
        fov = await self.set_fov(fov_deg) if fov_deg is not None else await self._current_fov()
        tolerance = max(0.2, 0.05 * fov)

        async def arrived() -> bool | None:
            ra, dec = await self.view_direction()
            return selected.separation_deg(ra, dec) <= tolerance or None

        centred = await self._poll(arrived, None) is not None
        return Centring(selected=selected, fov=fov, centred=centred)

    async def screenshot(self, directory: Path | str, prefix: str = "stellarium") -> Screenshot:
        """Let Stellarium save its view as PNG into ``directory``; find and check the file.

        Stellarium writes the file itself, so ``directory`` must be on its machine.
        """
        if not prefix or any(c in prefix for c in "/\\\"'"):
            raise InputError(msg("stellarium.bad_prefix", prefix=prefix))
        folder = Path(directory).expanduser().resolve()
        folder.mkdir(parents=True, exist_ok=True)
        before = set(_candidates(folder, prefix))
        await self.run_script(f"core.screenshot({js_string(prefix)}, false, "
                              f"{js_string(str(folder))}, false);")

        async def written() -> Screenshot | None:
            for path in sorted(set(_candidates(folder, prefix)) - before):
                size = png_size(path.read_bytes())
                if size is not None:
                    return Screenshot(path=path, width=size[0], height=size[1])
            return None

        return await self._poll(written, msg("stellarium.no_screenshot", folder=str(folder)),
                                hint=msg("stellarium.hint_screenshot"))

    # ------------------------------------------------------------------ plumbing

    async def _known_object(self, name: str) -> ObjectInfo:
        info = await self.object_info(name)
        if info is None:
            raise UnknownObject(msg("stellarium.unknown_object", name=name))
        return info

    async def _await_selection(self, target: ObjectInfo) -> ObjectInfo:
        async def selected() -> ObjectInfo | None:
            info = await self.selected_object()
            if info is None:
                return None
            same = info.name == target.name or info.separation_deg(target.ra_deg,
                                                                   target.dec_deg) < 0.01
            return info if same else None

        return await self._poll(selected, msg("stellarium.did_not_select", object=target.name),
                                hint=msg("stellarium.hint_unchanged"))

    async def _await_frame(self) -> None:
        """Stellarium computes positions once per frame (at its minimum frame rate when idle),
        so right after a change of time or place ``/api/objects/info`` can still answer with
        the old ones. Wait until two reference stars stand where the current time and place
        put them."""
        async def current() -> bool | None:
            status = self._json(await self._request("GET", "/api/main/status"), dict)
            try:
                jd = float(status["time"]["jday"])
                latitude = float(status["location"]["latitude"])
                longitude = float(status["location"]["longitude"])
                for name in FRAME_REFERENCE_STARS:
                    response = await self._request(
                        "GET", "/api/objects/info", params={"name": name, "format": "json"},
                        allow=frozenset({404}))
                    if response.status_code == 404:
                        continue
                    star = self._json(response, dict)
                    expected = geometric_altitude_deg(float(star["raJ2000"]),
                                                      float(star["decJ2000"]),
                                                      jd, latitude, longitude)
                    if abs(expected - float(star["altitude-geometric"])) > FRAME_TOLERANCE_DEG:
                        return None
            except (KeyError, TypeError, ValueError):
                raise self._garbage("/api/objects/info") from None
            return True

        await self._poll(current, msg("stellarium.did_not_recompute"))

    async def _poll(
        self, probe: Any, failure: Message | None, *, hint: Message | None = None
    ) -> Any:
        """Call ``probe`` until it returns something other than None, within the script timeout.

        A request that times out counts as "not yet": Stellarium answers nothing for seconds
        while it loads textures and catalogues after a zoom. At the deadline the failure is
        raised, or None returned when ``failure`` is None.
        """
        deadline = time.monotonic() + self.script_timeout_s
        attempt = 0
        while True:
            try:
                result = await probe()
            except StellariumTimeout:
                result = None
            if result is not None:
                return result
            if time.monotonic() >= deadline:
                if failure is None:
                    return None
                raise StellariumError(msg(
                    "stellarium.not_within", failure=failure, seconds=f"{self.script_timeout_s:g}",
                    hint=hint or msg("stellarium.hint_window")))
            await asyncio.sleep(self._pause(attempt))
            attempt += 1

    def _pause(self, attempt: int) -> float:
        """The pause before a poll's next look: short at first (most effects arrive within a
        frame or two), doubling up to ``poll_interval_s``, so a quick effect is seen at once
        and a slow one is not asked about more often than before."""
        return min(self.poll_interval_s, FIRST_POLL_S * 2**attempt)

    async def _wait_until_idle(self, deadline: float) -> None:
        attempt = 0
        while True:
            try:
                if not await self.script_running():
                    return
            except StellariumTimeout:
                pass  # stalled while loading textures: ask again until the deadline
            if time.monotonic() >= deadline:
                raise self._script_busy()
            await asyncio.sleep(self._pause(attempt))
            attempt += 1

    def _script_busy(self) -> StellariumError:
        return StellariumError(msg("stellarium.script_busy", seconds=f"{self.script_timeout_s:g}"))

    async def _post_ok(self, path: str, data: dict[str, str]) -> None:
        reply = await self._post_text(path, data)
        if reply != "ok":
            raise StellariumError(msg("stellarium.refused"), detail=f"{path}: {reply}")

    async def _post_text(self, path: str, data: dict[str, str]) -> str:
        response = await self._request("POST", path, data=data)
        return response.text.strip()

    async def _request(
        self,
        method: str,
        path: str,
        *,
        params: dict[str, str] | None = None,
        data: dict[str, str] | None = None,
        allow: frozenset[int] = frozenset(),
    ) -> httpx.Response:
        changing = method != "GET"
        self.changes_sent += changing  # answered or not, it may have been carried out
        try:
            response = await self._client.request(method, path, params=params, data=data)
        except httpx.ConnectError as exc:
            self.changes_sent -= changing  # it never reached Stellarium
            raise StellariumUnavailable(msg("stellarium.unreachable", url=self.base_url),
                                        detail=failures.detail(exc)) from None
        except httpx.TimeoutException:
            raise StellariumTimeout(
                msg("stellarium.too_slow", url=self.base_url, seconds=f"{self.timeout_s:g}"),
                detail=f"{method} {path}") from None
        except httpx.HTTPError as exc:
            raise StellariumError(msg("stellarium.connection_failed", url=self.base_url),
                                  detail=failures.detail(exc)) from None
        if response.status_code == 401:
            raise StellariumError(msg("stellarium.password_missing" if self.password is None
                                      else "stellarium.password_rejected"))
        if response.status_code >= 400 and response.status_code not in allow:
            reason = response.text.strip().splitlines()[0] if response.text.strip() else ""
            raise StellariumError(
                msg("stellarium.http_error", status=response.status_code, url=self.base_url),
                detail=f"{method} {path}: {reason[:120]}")
        return response

    def _json(self, response: httpx.Response, kind: type) -> Any:
        try:
            body = response.json()
        except ValueError:
            raise self._garbage(response.url.path) from None
        if not isinstance(body, kind):
            raise self._garbage(response.url.path)
        return body

    def _garbage(self, path: str) -> StellariumError:
        return StellariumError(msg("stellarium.garbage", url=self.base_url), detail=path)


def _version(server_header: str) -> str | None:
    """The plugin names its version in the Server header (the same as Stellarium's)."""
    match = SERVER_HEADER.search(server_header)
    return match.group(1) if match else None


def _candidates(folder: Path, prefix: str) -> list[Path]:
    return [p for p in folder.iterdir()
            if p.name.startswith(prefix) and p.suffix.lower() == ".png" and p.is_file()]
