"""A plan as files to take outside: Stellarium's own observing list, a CSV table and a printable
one-page sheet (PDF: the table and the altitude chart). Headers and text in the conversation's
language; the format follows the file's extension (``FORMATS``).

Stellarium 0.22's observing lists, as its source (``src/gui/ObsListDialog.cpp``,
``ObsListCreateEditDialog.cpp`` and ``ObservingListCommon.hpp`` of the 0.22 series; the strings
of Debian's 0.22.2 binary agree) and the real program under Xvfb show them:

- one file, ``<user dir>/data/observingList.json``, holds every list: ``{"defaultListUuid",
  "observingLists": {<uuid>: {"description", "jd", "location", "name", "objects", "sorting"}},
  "shortName": "Observing lists for Stellarium", "version": "1.0"}``; ``jd`` (the creation
  date) is a string, ``objects`` a list of ``{"designation": name}`` and nothing else: 0.22
  ignores coordinates and looks every name up (``findAndSelect``), logging
  ``[ObservingList] object: "<name>" not found !`` and leaving it out when it cannot;
- names it finds: ``M45``, ``NGC 869``, ``C 41``, ``Saturn``, ``Moon``, ``δ Cep``, ``70 Oph``,
  ``Albireo``, ``ν1 Dra``; names it does not: ``delta Cep`` (Greek letters must be letters),
  ``ν Dra`` and ``ν¹ Dra`` (a pair's components take a plain digit), ``61 Cyg`` (it calls it
  V1803 Cyg or HIP 104214);
- the path is fixed when Stellarium starts (the ``data`` folder must exist then), and the file
  is read when the "Observing lists" window is first built (its first opening after a start);
  the default list (``defaultListUuid``) is shown at once.

Singularity's list has a fixed UUID: each export replaces it and keeps the user's own lists.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from singularity.catalogue import Language, msg, say
from singularity.catalogue.objects import (
    common_name,
    constellation,
    designation,
    moon_phase,
    object_type,
)
from singularity.errors import InputError
from singularity.planning.countries import place_name
from singularity.planning.plan import ObservingPlan, Target
from singularity.planning.scoring import compass_point_in

Format = Literal["stellarium", "csv", "pdf"]
FORMATS: dict[str, Format] = {".json": "stellarium", ".csv": "csv", ".pdf": "pdf"}
"""File extension → format (the command line's ``--export`` and the chat's downloads)."""
STELLARIUM_LIST_UUID = "{8c5b6a9e-3f1d-4e7a-9b2c-51e6a0d4f7c3}"
"""Singularity's list among Stellarium's lists: the same each time, so an export replaces it."""
STELLARIUM_FILE = Path("data") / "observingList.json"
STELLARIUM_SHORT_NAME = "Observing lists for Stellarium"
STELLARIUM_VERSION = "1.0"
SHEET_ROWS = 22
"""Rows of the sheet's table that fit one A4 page above the chart."""
CSV_COLUMNS = ("rank", "object", "name", "type", "constellation", "ra", "dec", "ra_deg",
               "dec_deg", "magnitude", "best_time", "altitude", "azimuth", "direction", "score")
SHEET_COLUMNS = ("rank", "object", "name", "type", "constellation", "magnitude", "best_time",
                 "altitude", "direction")

_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "omicron": "ο", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ",
    "upsilon": "υ", "phi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
}
_STELLARIUM_ALIASES = {
    "61 Cyg": "HIP 104214", "nu Dra": "ν1 Dra", "epsilon Lyr": "ε1 Lyr", "zeta Lyr": "ζ1 Lyr",
    "gamma Del": "γ2 Del", "iota Cnc": "HIP 43103", "alpha Cen": "α1 Cen", "beta Cyg": "Albireo",
    "gamma And": "Almach", "gamma Leo": "Algieba", "alpha CVn": "Cor Caroli",
    "beta Sco": "Acrab", "alpha Lib": "Zubenelgenubi", "theta Eri": "Acamar", "alpha Cru": "Acrux",
    "h 3945": "Winter Albireo",
}
"""Double stars Stellarium 0.22 does not find by their Bayer or Flamsteed designation: it files
the components apart, written with a plain digit (``ν1 Dra``; not ``ν¹ Dra``, not ``ν Dra``), or
the star under another name (61 Cyg is V1803 Cyg, ι Cnc only its HIP number); each name here
is one it finds (tests/stellarium/test_real_observing_list.py)."""
_KNOWN_PREFIX = re.compile(r"^(?:M\d|NGC \d|IC \d|C \d)")
_PADDED = re.compile(r"^(Mel|PGC|UGC)0*(\d+)$")
_ESO = re.compile(r"^ESO0*(\d+)-0*(\d+)$")


class StellariumListUnreadable(InputError):
    """The observing-list file there is not one Stellarium wrote: it is left as it is."""


def export_format(path: Path) -> Format | None:
    """The format a file name asks for (``None``: an extension no export writes)."""
    return FORMATS.get(path.suffix.lower())


def write_export(plan: ObservingPlan, path: Path, language: Language = "en") -> Path:
    """Write ``plan`` to ``path`` in the format its extension names; a ``.json`` is a fresh
    list file with the plan's list alone. Raises ``ValueError`` for an unknown extension and
    ``OSError`` when the file cannot be written."""
    kind = export_format(path)
    if kind is None:
        raise ValueError(f"no export format for {path.suffix!r}")
    if kind == "stellarium":
        _write_text(path, json.dumps(stellarium_lists(plan, language), ensure_ascii=False, indent=4))
    elif kind == "csv":
        _write_text(path, plan_csv(plan, language))
    else:
        write_sheet(plan, path, language)
    return path


def export_all(plan: ObservingPlan, folder: Path, language: Language = "en",
               formats: tuple[Format, ...] = tuple(FORMATS.values())) -> dict[Format, Path]:
    """Each of ``formats`` (all by default) into ``folder``, named after the plan's night
    (``plan-20261205-2100.csv``)."""
    stem = f"plan-{plan.window.start.astimezone(plan.location.tz):%Y%m%d-%H%M}"
    return {kind: write_export(plan, folder / f"{stem}{suffix}", language)
            for suffix, kind in FORMATS.items() if kind in formats}


# --------------------------------------------------------------------------- Stellarium


def stellarium_designation(target: Target) -> str:
    """The name Stellarium 0.22 finds the target by (module docstring)."""
    if target.family in ("planet", "moon") or _KNOWN_PREFIX.match(target.name):
        return target.name
    if target.family == "double_star":
        if target.catalog_id in _STELLARIUM_ALIASES:
            return _STELLARIUM_ALIASES[target.catalog_id]
        letter, _, rest = target.catalog_id.partition(" ")
        if letter.lower() in _GREEK:
            return f"{_GREEK[letter.lower()]} {rest}"
        return target.catalog_id if letter.isdigit() else (target.common_name or target.catalog_id)
    padded, eso = _PADDED.match(target.name), _ESO.match(target.name)
    if target.name.startswith("Cl") and target.name[2:].isdigit():
        return f"Cr {int(target.name[2:])}"  # Collinder, as Stellarium abbreviates it
    if padded:  # unpadded numbers find more than common names (PGC 143: "Wolf-Lundmark-Melotte" fails)
        return f"{padded[1]} {padded[2]}"
    if eso:
        return f"ESO {eso[1]}-{eso[2]}"
    return target.common_name or target.name


def stellarium_list(plan: ObservingPlan, language: Language = "en") -> dict[str, Any]:
    """The plan as one Stellarium observing list (the value under its UUID), in rank order."""
    words = _window_words(plan, language)
    return {
        "description": say("export.list_description", language, **words,
                           equipment=plan.equipment.said),
        "jd": f"{_julian_day(plan.window.start):.6f}",
        "location": plan.location.name,
        "name": say("export.list_name", language, place=place_name(plan.location, language), date=words["date"]),
        "objects": [{"designation": stellarium_designation(t)} for t in plan.targets],
        "sorting": "",  # empty: Stellarium keeps the file's order, the plan's ranks
    }


def stellarium_lists(plan: ObservingPlan, language: Language = "en",
                     existing: dict[str, Any] | None = None) -> dict[str, Any]:
    """A whole ``observingList.json``: ``existing`` (the user's lists) with the plan's list
    added or replaced and made the default, so Stellarium shows it first."""
    lists = dict((existing or {}).get("observingLists") or {})
    lists[STELLARIUM_LIST_UUID] = stellarium_list(plan, language)
    return {**(existing or {}), "defaultListUuid": STELLARIUM_LIST_UUID, "observingLists": lists,
            "shortName": STELLARIUM_SHORT_NAME, "version": STELLARIUM_VERSION}


def stellarium_user_dir(configured: Path | None = None) -> Path:
    """Stellarium's user folder: ``configured``, else where Stellarium puts it by default
    (Stellarium's ``StelFileMgr::init``)."""
    if configured is not None:
        return configured.expanduser()
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home())) / "Stellarium"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Stellarium"
    return Path.home() / ".stellarium"


def write_stellarium_lists(plan: ObservingPlan, user_dir: Path,
                           language: Language = "en") -> tuple[Path, bool]:
    """Put the plan's list into Stellarium's own list file, keeping the user's other lists.
    Returns the file and whether its ``data`` folder had to be made (Stellarium then needs a
    restart). Raises ``StellariumListUnreadable`` for a file that is not a list file, and
    ``OSError`` when it cannot be written."""
    path = user_dir / STELLARIUM_FILE
    existing: dict[str, Any] | None = None
    if path.exists():
        try:
            existing = json.loads(path.read_text(encoding="utf-8") or "{}")
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise StellariumListUnreadable(msg("export.stellarium_unreadable", path=str(path),
                                               reason=msg("cli.reason_not_json"))) from None
        if not isinstance(existing, dict) or not isinstance(existing.get("observingLists", {}), dict):
            raise StellariumListUnreadable(msg("export.stellarium_unreadable", path=str(path),
                                               reason=msg("cli.reason_wrong_shape")))
    made = not path.parent.is_dir()
    path.parent.mkdir(exist_ok=True)
    _write_text(path, json.dumps(stellarium_lists(plan, language, existing), ensure_ascii=False,
                                 indent=4))
    return path, made


def _julian_day(moment: datetime) -> float:
    return moment.timestamp() / 86400.0 + 2440587.5


# --------------------------------------------------------------------------- table


def plan_csv(plan: ObservingPlan, language: Language = "en") -> str:
    """Every target as a CSV row (comma-separated, decimal points, RFC 4180 quoting), headed
    in ``language``; times in the place's zone with their offset."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([say(f"export.column_{c}", language) for c in CSV_COLUMNS])
    for target in plan.targets:
        cells = _cells(target, plan, language)
        writer.writerow([cells[c] for c in CSV_COLUMNS])
    return out.getvalue()


def _cells(target: Target, plan: ObservingPlan, language: Language) -> dict[str, str]:
    best = target.best_time.astimezone(plan.location.tz)
    ra, dec = target.ra_deg, target.dec_deg
    return {
        "rank": str(target.rank), "object": designation(dict(target), language),
        "name": common_name(dict(target), language), "type": object_type(target.type, language),
        "constellation": constellation(target.constellation, language),
        "ra": "" if ra is None else hours_text(ra), "dec": "" if dec is None else degrees_text(dec),
        "ra_deg": "" if ra is None else f"{ra:.4f}", "dec_deg": "" if dec is None else f"{dec:.4f}",
        "magnitude": f"{target.magnitude:.1f}",
        "best_time": best.isoformat(timespec="minutes"),
        "altitude": f"{target.altitude_deg:.0f}", "azimuth": f"{target.azimuth_deg:.0f}",
        "direction": compass_point_in(target.direction, language), "score": f"{target.score:.0f}",
    }


def hours_text(ra_deg: float) -> str:
    """Right ascension as ``03h47m24.0s``."""
    seconds = round((ra_deg % 360.0) / 15.0 * 3600.0, 1) % 86400.0
    hours, rest = divmod(seconds, 3600.0)
    minutes, seconds = divmod(rest, 60.0)
    return f"{int(hours):02d}h{int(minutes):02d}m{seconds:04.1f}s"


def degrees_text(dec_deg: float) -> str:
    """Declination as ``+24°07'00"``."""
    total = round(abs(dec_deg) * 3600.0)
    degrees, rest = divmod(total, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{'-' if dec_deg < 0 else '+'}{degrees:02d}°{minutes:02d}'{seconds:02d}\""


# --------------------------------------------------------------------------- sheet


def write_sheet(plan: ObservingPlan, path: Path, language: Language = "en") -> Path:
    """One A4 page: the night in two lines, the targets' table, the altitude chart (PDF)."""
    from singularity.planning.chart import draw_altitude_chart, new_figure, save_figure

    words = _window_words(plan, language)
    fig = new_figure(figsize=(8.27, 11.69))  # A4 portrait, inches
    fig.text(0.06, 0.965, say("export.sheet_title", language, place=place_name(plan.location, language)),
             fontsize=14, weight="bold", va="top")
    fig.text(0.06, 0.935, say("export.sheet_window", language, **words,
                              equipment=plan.equipment.said, sqm=plan.sky.sqm,
                              bortle=plan.sky.bortle), fontsize=8.5, va="top")
    fig.text(0.06, 0.917, _moon_line(plan, language), fontsize=8.5, va="top")
    shown = plan.targets[:SHEET_ROWS]
    table_ax = fig.add_axes((0.04, 0.44, 0.92, 0.46))
    table_ax.axis("off")
    if shown:
        rows = [[_sheet_cell(t, plan, language, c) for c in SHEET_COLUMNS] for t in shown]
        table = table_ax.table(
            cellText=rows, colLabels=[say(f"export.column_{c}", language) for c in SHEET_COLUMNS],
            loc="upper center", cellLoc="left", colLoc="left")
        table.auto_set_font_size(False)
        table.set_fontsize(7.5)
        table.auto_set_column_width(list(range(len(SHEET_COLUMNS))))
        table.scale(1.0, 1.25)
    if len(plan.targets) > len(shown):
        fig.text(0.06, 0.425, say("export.sheet_more", language, shown=len(shown),
                                  total=len(plan.targets)), fontsize=8, style="italic")
    draw_altitude_chart(fig.add_axes((0.1, 0.06, 0.84, 0.33)), plan, language)
    return save_figure(fig, path, "pdf", tight=False)


def _sheet_cell(target: Target, plan: ObservingPlan, language: Language, column: str) -> str:
    if column == "best_time":
        return f"{target.best_time.astimezone(plan.location.tz):%H:%M}"
    if column == "name":
        return _shorten(common_name(dict(target), language), 28)
    return _cells(target, plan, language)[column]


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _moon_line(plan: ObservingPlan, language: Language) -> str:
    moon = plan.moon
    return say("export.sheet_moon", language, phase=moon_phase(moon.phase, language),
               lit=f"{moon.illumination:.0%}",
               up=say("export.moon_up" if moon.up_during_window else "export.moon_down", language))


def _window_words(plan: ObservingPlan, language: Language) -> dict[str, str]:
    """The night's date and the window's ends in the place's zone, as the sheet and the list
    description say them."""
    from singularity.planning.chart import chart_date

    tz = plan.location.tz
    start, end = plan.window.start.astimezone(tz), plan.window.end.astimezone(tz)
    return {"date": chart_date(start, language), "start": f"{start:%H:%M}", "end": f"{end:%H:%M}",
            "zone": plan.location.timezone}


def _write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="")

