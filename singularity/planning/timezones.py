"""IANA time zone of a point, for places that come without one (coordinates, Nominatim).

TimezoneFinder loads its polygon data once (about 0.1 s), so one shared instance serves the
process. Over the open ocean it may know no zone: then the nominal nautical zone by longitude
("Etc/GMT-12" east of 172.5°E) still gives usable local times.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from timezonefinder import TimezoneFinder

_lock = threading.Lock()


@lru_cache(maxsize=1)
def _finder() -> TimezoneFinder:
    return TimezoneFinder()


def timezone_at(lat: float, lon: float) -> str:
    """The zone name at (lat, lon), falling back to ``nominal_timezone(lon)``."""
    with _lock:
        name = _finder().timezone_at(lat=lat, lng=lon)
    return name or nominal_timezone(lon)


def nominal_timezone(lon: float) -> str:
    """Nautical zone by longitude; POSIX-style "Etc/GMT" names count east as negative."""
    hours = round(lon / 15.0)
    return "Etc/GMT" if hours == 0 else f"Etc/GMT{-hours:+d}"
