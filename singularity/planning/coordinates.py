"""Read coordinates the way people type them, before any place-name lookup.

Users paste decimal pairs from maps, degree-minute-second strings from observatory pages, and
German notations ("9.175° O", "nördl."). Recognising them locally avoids a geocoding round trip
and keeps a typo in a coordinate from being "resolved" to some town with a similar name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from singularity.catalogue import msg
from singularity.errors import InputError

_EXAMPLE = msg("planning.coordinates_example")

# Longer words first so that "nördlicher Breite" is replaced before "nördl".
_HEMISPHERE_WORDS: list[tuple[str, str]] = [
    (r"n(?:ö|oe|o)rdl(?:icher|\.)?(?:\s*(?:breite|br\.?))?", "N"),
    (r"s(?:ü|ue|u)dl(?:icher|\.)?(?:\s*(?:breite|br\.?))?", "S"),
    (r"(?:ö|oe)stl(?:icher|\.)?(?:\s*(?:länge|laenge|l\.?))?", "E"),
    (r"westl(?:icher|\.)?(?:\s*(?:länge|laenge|l\.?))?", "W"),
    (r"north|nord", "N"),
    (r"south|süd|sued", "S"),
    (r"east|ost", "E"),
    (r"west", "W"),
]
_LABELS = (
    r"\b(?:latitude|longitude|lat|lon|lng|long|breite|länge|laenge|coordinates|coords?)\b\s*[:=]?"
)

_NUMBER = r"[+-]?\d+(?:\.\d+)?"
_HEMI = r"[NSEWO]"


def _value(tag: str) -> str:
    """Degrees with optional minutes and seconds; group names end in ``tag``.

    Minutes need a degree mark or a space before them, so "39'" is never read as 3° 9'.
    """
    degree_mark = r"(?:°|deg\b|grad\b)"
    return (
        rf"(?P<deg{tag}>{_NUMBER})"
        rf"(?:(?:\s*(?:{degree_mark}|d)\s*|\s+)"
        rf"(?P<min{tag}>\d+(?:\.\d+)?)\s*(?:'|min\b|m(?=\s*\d|\s*{_HEMI}?\b|$))"
        rf"(?:\s*(?P<sec{tag}>\d+(?:\.\d+)?)\s*(?:\"|sec\b|s(?=\s*{_HEMI}?\b|$)))?"
        rf"|\s*{degree_mark}?)"
    )


def _component(i: int) -> str:
    """Letter before the number ("N 47.65") or after it ("47.65N"), never both."""
    return rf"(?:(?P<pre{i}>{_HEMI})\s*{_value(f'{i}a')}|{_value(f'{i}b')}\s*(?P<suf{i}>{_HEMI})?)"


_PAIR = re.compile(
    r"^\s*"
    + _component(1)
    + rf"(?:\s*[,;/]\s*|\s+|(?<=[°'\"NSEWOnsewo])|(?={_HEMI}))"
    + _component(2)
    + r"\s*$",
    re.IGNORECASE,
)
_ELEVATION = re.compile(
    r"(?:^|(?<=[\s,;]))(?:(?:elevation|elev\.?|altitude|alt\.?|höhe|hoehe|h)\s*[:=]?\s*)?"
    r"(?P<value>[+-]?\d+(?:\.\d+)?)\s*(?:m|meters?|metres?|meter)\b\.?"
    r"(?:\s*(?:ü\.?\s*(?:nn|m\.?|d\.?\s*m\.?)|a\.?\s*s\.?\s*l\.?|über\s+(?:dem\s+)?meer))?\.?\s*$",
    re.IGNORECASE,
)
_LEFTOVER = re.compile(r"[\d\s.,;:/°'\"+\-()NSEWOdms]|deg|min|sec|grad", re.IGNORECASE)


@dataclass(frozen=True)
class _Part:
    value: float
    letter: str | None
    text: str


def parse_coordinates(text: str) -> tuple[float, float, float | None] | None:
    """Return (lat, lon, elevation_m or None) for a coordinate notation, None for a place name.

    Raises InputError when the text is clearly meant as coordinates but cannot be valid
    (latitude beyond ±90°, longitude beyond ±180°, minutes or seconds ≥ 60, two latitudes).
    """
    if not re.search(r"\d", text):
        return None
    cleaned = _normalise(text)
    elevation: float | None = None
    found = _ELEVATION.search(cleaned)
    if found and found.start() > 0:
        elevation = float(found.group("value"))
        cleaned = cleaned[: found.start()].rstrip(" ,;")
    match = _PAIR.match(cleaned) or _PAIR.match(re.sub(r"(\d),(\d)", r"\1.\2", cleaned))
    if match is None:
        if _looks_like_coordinates(cleaned):
            raise InputError(msg("planning.coordinates_unreadable", text=text.strip(), example=_EXAMPLE))
        return None
    first, second = _part(match, 1), _part(match, 2)
    lat, lon = _assign_axes(first, second, text.strip())
    _check_range(lat, "Latitude", 90.0)
    _check_range(lon, "Longitude", 180.0)
    return lat, lon, elevation


def format_coordinates(lat: float, lon: float) -> str:
    """A readable label such as "47.6505°N 9.1750°E" for places known only by coordinates."""
    return f"{abs(lat):.4f}°{'N' if lat >= 0 else 'S'} {abs(lon):.4f}°{'E' if lon >= 0 else 'W'}"


def _normalise(text: str) -> str:
    out = text.strip().replace("−", "-").replace("–", "-")
    for old, new in (
        ("″", '"'),
        ("”", '"'),
        ("“", '"'),
        ("''", '"'),
        ("′", "'"),
        ("’", "'"),
        ("‘", "'"),
        ("´", "'"),
        ("`", "'"),
        ("º", "°"),
        ("˚", "°"),
    ):
        out = out.replace(old, new)
    out = re.sub(_LABELS, " ", out, flags=re.IGNORECASE)
    for pattern, letter in _HEMISPHERE_WORDS:
        out = re.sub(rf"(?<![^\W\d])(?:{pattern})(?![^\W\d])", letter, out, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", out).strip(" ,;()[]")


def _looks_like_coordinates(cleaned: str) -> bool:
    """Only digits, signs and coordinate symbols left: a malformed coordinate, not a name.

    A bare integer (a postcode such as "10115") is left to the place-name lookup.
    """
    if re.fullmatch(r"\d+", cleaned):
        return False
    return _LEFTOVER.sub("", cleaned) == ""


def _part(match: re.Match[str], i: int) -> _Part:
    side = "a" if match.group(f"deg{i}a") is not None else "b"
    letter = match.group(f"pre{i}") if side == "a" else match.group(f"suf{i}")
    deg_text = match.group(f"deg{i}{side}")
    minutes_text = match.group(f"min{i}{side}")
    seconds_text = match.group(f"sec{i}{side}")
    shown = match.group(0).strip()
    if minutes_text is not None and "." in deg_text:
        raise InputError(msg("planning.degrees_with_minutes", text=shown, example=_EXAMPLE))
    if seconds_text is not None and "." in minutes_text:
        raise InputError(msg("planning.minutes_with_seconds", text=shown, example=_EXAMPLE))
    minutes = float(minutes_text or 0)
    seconds = float(seconds_text or 0)
    if minutes >= 60 or seconds >= 60:
        bad = f"{minutes:g}'" if minutes >= 60 else f'{seconds:g}"'
        raise InputError(msg("planning.below_sixty", text=shown, bad=bad))
    degrees = float(deg_text)
    magnitude = abs(degrees) + minutes / 60 + seconds / 3600
    letter = letter.upper() if letter else None
    if letter == "O":
        letter = "E"
    if letter and deg_text.startswith(("-", "+")):
        raise InputError(
            f"'{shown}' has both a sign and a hemisphere letter; use one of them: {_EXAMPLE}."
        )
    negative = deg_text.startswith("-") or letter in ("S", "W")
    return _Part(-magnitude if negative else magnitude, letter, shown)


def _assign_axes(first: _Part, second: _Part, text: str) -> tuple[float, float]:
    """Hemisphere letters decide which value is the latitude; without them latitude comes first."""
    axis = {"N": "lat", "S": "lat", "E": "lon", "W": "lon"}
    a = axis.get(first.letter or "")
    b = axis.get(second.letter or "")
    if a and b and a == b:
        key = "planning.two_latitudes" if a == "lat" else "planning.two_longitudes"
        raise InputError(msg(key, text=text, example=_EXAMPLE))
    if a == "lon" or b == "lat":
        return second.value, first.value
    return first.value, second.value


def _check_range(value: float, name: str, limit: float) -> None:
    if abs(value) > limit:
        raise InputError(
            f"{name} {value:g}° is outside ±{limit:g}°; latitude comes first, e.g. '47.65, 9.17'."
        )
