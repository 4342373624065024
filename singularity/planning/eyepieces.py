"""Which eyepiece a message names: "25-mm-Okular", "25mm eyepiece", "mit meinem Nagler 13",
"Panoptic 24mm", "ES 82° 11 mm", "13er Hyperion", "ein 20-mm-Okular mit 68°".

The well-known series, with the apparent field and field stops their makers publish, live in
``data/eyepieces.yaml`` (sources there). A focal length without a series is taken as a Plössl
of 52°, the most common eyepiece, and the result says it was assumed; an apparent field given
in the message ("68°", "82 Grad") wins over the series' value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from singularity.yamldata import load_yaml

DATA = Path(__file__).parent / "data" / "eyepieces.yaml"
EYEPIECE_FOCAL_RANGE_MM = (2.0, 56.0)
"""Eyepieces are made from about 2 mm to 55 mm (Tele Vue's Nagler 2.5 to Plössl 55)."""

_NUMBER = r"(\d{1,2}(?:[.,]\d{1,2})?)"
_MM = r"\s*-?\s*(?:mm|millimet(?:er|re)n?s?)"
_EYEPIECE_WORD = r"(?:okular\w*|eyepieces?|ep)"
_FIELD = re.compile(r"(\d{2,3})\s*(?:°|grad\b|degrees?\b|deg\b)")


@dataclass(frozen=True)
class Series:
    name: str
    words: tuple[str, ...]
    afov_deg: float
    focal_lengths_mm: tuple[float, ...]
    afov_by_focal: dict[float, float]
    field_stops_mm: dict[float, float]

    def field_at(self, focal_mm: float) -> float:
        return self.afov_by_focal.get(focal_mm, self.afov_deg)


@dataclass(frozen=True)
class Eyepiece:
    name: str
    focal_length_mm: float
    apparent_field_deg: float
    field_stop_mm: float | None = None
    field_assumed: bool = False
    """True when only the focal length was given and a Plössl's 52° was assumed."""

    @property
    def phrase(self) -> str:
        """Words that name this eyepiece again (``find_eyepiece(phrase, bare=True)``)."""
        if self.field_assumed or self.name != f"{self.focal_length_mm:g} mm":
            return self.name
        return f"{self.name}, {self.apparent_field_deg:g}°"


@lru_cache(maxsize=1)
def known_series() -> tuple[Series, ...]:
    """The series of the data file; the first is the generic Plössl."""
    raw = load_yaml(DATA.read_text(encoding="utf-8"))["series"]
    return tuple(
        Series(name=s["name"], words=tuple(s["words"]), afov_deg=float(s["afov_deg"]),
               focal_lengths_mm=tuple(float(f) for f in s["focal_lengths_mm"]),
               afov_by_focal={float(k): float(v) for k, v in (s.get("afov_by_focal") or {}).items()},
               field_stops_mm={float(k): float(v) for k, v in (s.get("field_stops_mm") or {}).items()})
        for s in raw)


def find_eyepiece(text: str, *, bare: bool = False) -> Eyepiece | None:
    """The eyepiece ``text`` names, or None when it names none. A bare focal length ("25 mm")
    is an eyepiece only with ``bare`` (text known to name one: a tool's argument)."""
    norm = _normalise(text)
    series, start, end = _series(norm)
    focal = _focal_beside_series(norm, start, end) if series is not None else None
    if focal is None:
        focal = _focal_near_word(norm)
    if focal is None and bare:
        alone = re.match(r"\s*" + _NUMBER + r"(?:" + _MM + r")?(?![\d°])", norm)
        focal = _number(alone[1]) if alone else None
    if focal is None or not EYEPIECE_FOCAL_RANGE_MM[0] <= focal <= EYEPIECE_FOCAL_RANGE_MM[1]:
        return None
    given = _FIELD.search(norm)
    generic = known_series()[0]
    chosen = series or generic
    field = float(given[1]) if given and 20 <= int(given[1]) <= 120 else chosen.field_at(focal)
    label = f"{chosen.name} {focal:g} mm" if series is not None else f"{focal:g} mm"
    return Eyepiece(name=label, focal_length_mm=focal, apparent_field_deg=field,
                    field_stop_mm=None if given else chosen.field_stops_mm.get(focal),
                    field_assumed=series is None and given is None)


def _normalise(text: str) -> str:
    lowered = " ".join(text.lower().split())
    return lowered.replace("ß", "ss").replace("–", "-").replace("″", '"')


def _series(norm: str) -> tuple[Series | None, int, int]:
    """The series named in ``norm`` (the longest matching word wins) and where its word is."""
    best: tuple[int, Series, re.Match[str]] | None = None
    for series in known_series():
        for word in series.words:
            match = re.search(r"(?<![\w])" + re.escape(word) + r"(?![\w])", norm)
            if match and (best is None or len(word) > best[0]):
                best = (len(word), series, match)
    return (best[1], best[2].start(), best[2].end()) if best else (None, -1, -1)


def _focal_beside_series(norm: str, start: int, end: int) -> float | None:
    """ "Nagler 13", "Panoptic 24mm", "ES 82° 11 mm", "Nagler T6 13 mm" — or before it:
    "13er Nagler", "24-mm-Panoptic"."""
    after = re.match(r"\s*°?\s*(?:t(?:ype)?\s*\d\s+)?" + _NUMBER + r"(?!\d)(?!\s*(?:°|grad))", norm[end:])
    if after:
        return _number(after[1])
    before = re.search(_NUMBER + r"(?:" + _MM + r"|er)?[\s-]*(?:\w+\s+)?$", norm[:start])
    return _number(before[1]) if before else None


def _focal_near_word(norm: str) -> float | None:
    """ "25-mm-Okular", "25mm eyepiece", "Okular mit 25 mm", "eyepiece of 9 mm"."""
    before = re.search(_NUMBER + _MM + r"[\s-]*(?:\w+[\s-]+)?" + _EYEPIECE_WORD + r"\b", norm)
    if before:
        return _number(before[1])
    after = re.search(r"\b" + _EYEPIECE_WORD + r"\s+(?:\w+\s+){0,2}?" + _NUMBER + _MM, norm)
    if after:
        return _number(after[1])
    return None


def _number(text: str) -> float:
    return float(text.replace(",", "."))
