"""Classify what the observer looks through, from free German or English text.

The planner needs three facts about the instrument: its class (naked eye, binoculars, small or
large telescope), its aperture and the faintest star it shows under a dark sky. Users say
"10-Zoll-Dobson", "10x50 Fernglas", "Newton 150/750", "C8" or "Seestar S50"; this module turns
those phrases into an :class:`Equipment` and asks for the aperture when a phrase names a
telescope without one (a bare "telescope" may be a 60 mm refractor or a 400 mm Dobsonian).

Classes
    * ``naked_eye``: no optics; dark-adapted pupil of 7 mm.
    * ``binoculars``: a ``magnification x aperture`` pair (``10x50``, ``7x35``) or a binocular
      word; binoculars without a size are taken as the common 10x50, and the label says so.
    * ``small_telescope``: aperture below 150 mm (refractors, small reflectors, smart telescopes);
      a telescope called small without an aperture is taken as 80 mm, a big one as 200 mm,
      and the label says so.
    * ``large_telescope``: aperture of 150 mm (about 6 inch) or more; the article classes a
      10-inch Dobsonian as large.

Limiting magnitude (dark sky, zenith, average observer; light pollution is applied elsewhere,
see :func:`singularity.planning.skybrightness.light_pollution_penalty`)
    * Naked eye: 6.0, the conventional naked-eye limit under a dark rural sky.
    * Binoculars and telescopes: ``LM = 7.5 + 5·log10(D / cm)`` (equivalently
      ``2.5 + 5·log10(D / mm)``), the widely used visual rule of thumb: light grasp grows with
      D², so each doubling of aperture gains 1.5 mag, calibrated so a 50 mm objective reaches
      about 11.0 (a 10x50 binocular) and a 200 mm telescope about 14.0. The other common form,
      ``2.7 + 5·log10(D / mm)``, is 0.2 mag more optimistic; real limits vary by about ±1 mag
      with observer, magnification and transparency (Schaefer 1990, PASP 102, 212).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from singularity.catalogue import Message, msg
from singularity.errors import InputError
from singularity.inputs import echo
from singularity.planning.models import Equipment, EquipmentClass
from singularity.results import ToolResult
from singularity.units import MM_PER_INCH, UnitSystem, optical_length

NAKED_EYE_PUPIL_MM = 7.0
NAKED_EYE_LIMITING_MAGNITUDE = 6.0
LARGE_TELESCOPE_MIN_MM = 150.0
DEFAULT_BINOCULARS = (10, 50.0)
ASSUMED_SMALL_MM = 80.0
"""A "small telescope" of no stated aperture: the common beginner's 70–90 mm refractor."""
ASSUMED_LARGE_MM = 200.0
"""A "big telescope" of no stated aperture: the common 8-inch Dobsonian or Newtonian."""
TELESCOPE_APERTURE_RANGE_MM = (20.0, 1100.0)
BINOCULAR_APERTURE_RANGE_MM = (15.0, 160.0)

UNDERSTOOD = msg("planning.understood_instruments")

# Named instruments whose aperture is part of the name: (pattern, aperture mm, name).
_CELESTRON_SCT_MM = {"5": 127.0, "6": 150.0, "8": 203.0, "9.25": 235.0, "11": 279.0, "14": 356.0}
_SMART_TELESCOPES: tuple[tuple[re.Pattern[str], float, str], ...] = (
    (re.compile(r"\bseestar[\s-]*s?50\b"), 50.0, "Seestar S50"),
    (re.compile(r"\bseestar[\s-]*s?30\b"), 30.0, "Seestar S30"),
    (re.compile(r"\bvespera\b"), 50.0, "Vaonis Vespera"),
)

_NAKED_EYE = re.compile(
    r"\bnaked[\s-]*eyes?\b|\bunaided\b|\bblosse[nms]?\s+auge|\bfreie[nms]?\s+auge"
    r"|\b(?:ohne|keine?)\s+(?:instrument|optik|hilfsmittel|teleskop|fernglas|feldstecher)"
    r"|\bno\s+(?:instrument|optics|telescope|binoculars)|\bjust\s+(?:my\s+)?eyes\b"
    r"|\bwith\s+(?:just\s+)?(?:my|our)\s+(?:own\s+)?eyes\b|\beyes\s+only\b"
    r"|\b(?:nur|mit)\s+(?:mit\s+)?(?:den|die|meinen|meine)\s+augen\b"
)
_SMALL = re.compile(r"\b(?:small|little|tiny|klein(?:e[nmrs]?)?)\b")
_LARGE = re.compile(r"\b(?:big|large|huge|gro(?:ss|ß)(?:e[nmrs]?)?)\b")
"""A size said in words ("my small refractor", "ein großes Teleskop")."""
_BINOCULAR_SIZE = re.compile(r"\b(\d{1,2}(?:[.,]\d)?)\s*x\s*(\d{2,3})\b")
_BINOCULAR_WORD = re.compile(r"fernglas|feldstecher|binocular|bino\b|prismenglas")
_CELESTRON = re.compile(r"\bc(5|6|8|9[.,]25|11|14)\b")
_ED_OR_APO = re.compile(r"\b(?:ed|apo)[\s-]*(\d{2,3})\b")
_APERTURE_FOCAL = re.compile(r"\b(\d{2,4})\s*/\s*(\d{3,5})(?!\d)")
_WITH_UNIT = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*-?\s*"
    r"(mm|millimet(?:er|re)(?:s|n)?|cm|zentimeter(?:n)?|centimet(?:er|re)s?|zoll|zöller|zoeller"
    r"|inch(?:es)?|in\b|\"|'')"
)
_BARE_NUMBER = re.compile(r"(?<![\d.,/x])(\d{2,4})(?![\d.,/x])")
_NEGATIVE_SIZE = re.compile(r"(?<![\w.,/])[-−–]\d")
"""A minus sign on a number ("-5 inch"), not a dash between words ("10-Zoll", "Dobson - 8 Zoll")."""

# Telescope kinds in the order they are tried; the first match names the instrument.
_KINDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"dobson|\bdobs?\b"), "Dobsonian"),
    (re.compile(r"\bsct\b|schmidt[\s-]*cassegrain"), "Schmidt-Cassegrain"),
    (re.compile(r"maksutov|\bmak\b"), "Maksutov"),
    (re.compile(r"newton"), "Newtonian"),
    (re.compile(r"reflector|reflektor|spiegel"), "reflector"),
    (re.compile(r"refra[kc]tor|linsen|\bapo\b|\bed\b"), "refractor"),
    (re.compile(r"teleskop|telescope|fernrohr|\bscope\b"), "telescope"),
)


@dataclass(frozen=True)
class _Aperture:
    mm: float
    inches: float | None = None
    """Set when the user gave inches, to echo them in the label."""


def limiting_magnitude(aperture_mm: float) -> float:
    """Dark-sky visual limit of an objective of ``aperture_mm``: 7.5 + 5·log10(D/cm)."""
    return round(7.5 + 5 * math.log10(aperture_mm / 10), 1)


def telescope_class(aperture_mm: float) -> EquipmentClass:
    """Small below 150 mm, large from 150 mm on."""
    if aperture_mm >= LARGE_TELESCOPE_MIN_MM:
        return EquipmentClass.LARGE_TELESCOPE
    return EquipmentClass.SMALL_TELESCOPE


def parse_equipment(text: str) -> Equipment:
    """Classify ``text``; raise :class:`InputError` naming what is understood when unclear."""
    raw = " ".join(text.split())
    norm = _normalise(raw)
    if not norm:
        raise InputError(msg("planning.say_instrument", understood=UNDERSTOOD))
    if _NEGATIVE_SIZE.search(norm):
        raise InputError(msg("input.aperture_not_positive", text=echo(raw)))
    size = _BINOCULAR_SIZE.search(norm)
    if size:
        return _binoculars(float(size[1].replace(",", ".")), float(size[2]))
    named = _named_telescope(norm)
    if named:
        return named
    kind = _kind(norm)
    aperture = _aperture(norm, kind)
    if aperture:
        return _telescope(aperture, kind or "telescope", raw)
    if _NAKED_EYE.search(norm):
        return Equipment(
            equipment_class=EquipmentClass.NAKED_EYE,
            aperture_mm=NAKED_EYE_PUPIL_MM,
            label="naked eye",
            limiting_magnitude=NAKED_EYE_LIMITING_MAGNITUDE,
            title=msg("instruments.naked_eye"),
        )
    if _BINOCULAR_WORD.search(norm):
        magnification, aperture_mm = DEFAULT_BINOCULARS
        equipment = _binoculars(magnification, aperture_mm)
        return equipment.model_copy(update={
            "label": f"{equipment.label} (size not given)",
            "title": msg("instruments.binoculars_assumed", magnification=magnification, aperture=aperture_mm)})
    assumed = ASSUMED_SMALL_MM if _SMALL.search(norm) else ASSUMED_LARGE_MM if _LARGE.search(norm) else None
    if kind and assumed:  # a class is all the planner needs; the label says the size is assumed
        return _equipment(assumed, f"{kind} (size not given, about {assumed:g} mm assumed)",
                          msg("instruments.telescope_assumed", kind=_kind_said(kind), mm=assumed))
    if kind:
        raise InputError(msg("planning.aperture_needed", kind=_kind_said(kind), text=echo(raw)))
    raise InputError(msg("planning.instrument_unknown", text=echo(raw), understood=UNDERSTOOD))


def size_assumed(equipment: Equipment) -> bool:
    """Whether the planner took a typical size for an instrument named without one."""
    return "not given" in equipment.label


def classify_equipment(text: str) -> ToolResult:
    """Tool: classify the user's instrument, or ask for what is missing."""
    try:
        equipment = parse_equipment(text)
    except InputError as exc:
        return ToolResult.needs_input(exc.message)
    return ToolResult.success({"equipment": equipment.model_dump(mode="json", by_alias=True)})


_INCH_WORDS = {
    "drei": 3, "vier": 4, "fünf": 5, "fuenf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9,
    "zehn": 10, "elf": 11, "zwölf": 12, "zwoelf": 12, "vierzehn": 14, "sechzehn": 16,
}  # fmt: skip
_INCH_WORD = re.compile(r"\b(" + "|".join(_INCH_WORDS) + r")[\s-]?(?:z(?:ö|oe)ller|zoll)")
_MM_SHORTHAND = re.compile(r"\b(\d{2,3})er\b")
"""Observers' German: "ein Achtzöller" or "Zehnzoll-Dobson" give inches, "mein 150er Newton" mm."""


def _normalise(text: str) -> str:
    lowered = text.lower().replace("×", "x")
    lowered = _INCH_WORD.sub(lambda m: f"{_INCH_WORDS[m[1]]}-zoll", lowered)
    lowered = _MM_SHORTHAND.sub(lambda m: f"{m[1]} mm" if int(m[1]) >= 50 else m[0], lowered)
    lowered = lowered.replace("ß", "ss")
    for quote in ("″", "“", "”", "„"):
        lowered = lowered.replace(quote, '"')
    return lowered.replace("’’", "''").strip()


def _binoculars(magnification: float, aperture_mm: float) -> Equipment:
    low, high = BINOCULAR_APERTURE_RANGE_MM
    if not low <= aperture_mm <= high or not 2 <= magnification <= 40:
        raise InputError(msg("planning.not_binoculars", size=f"{magnification:g}x{aperture_mm:g}"))
    return Equipment(
        equipment_class=EquipmentClass.BINOCULARS,
        aperture_mm=aperture_mm,
        label=f"{magnification:g}x{aperture_mm:g} binoculars",
        limiting_magnitude=limiting_magnitude(aperture_mm),
        title=msg("instruments.binoculars", magnification=magnification, aperture=aperture_mm),
    )


def _named_telescope(norm: str) -> Equipment | None:
    celestron = _CELESTRON.search(norm)
    if celestron:
        model = celestron[1].replace(",", ".")
        aperture_mm = _CELESTRON_SCT_MM[model]
        label = f"Celestron C{model} Schmidt-Cassegrain ({aperture_mm:g} mm)"
        return _equipment(aperture_mm, label, msg("instruments.celestron", model=model, mm=aperture_mm))
    for pattern, aperture_mm, name in _SMART_TELESCOPES:
        if pattern.search(norm):
            return _equipment(aperture_mm, f"{name} smart telescope ({aperture_mm:g} mm)",
                              msg("instruments.smart_telescope", name=name, mm=aperture_mm))
    return None


def _kind(norm: str) -> str | None:
    return next((kind for pattern, kind in _KINDS if pattern.search(norm)), None)


def _aperture(norm: str, kind: str | None) -> _Aperture | None:
    ratio = _APERTURE_FOCAL.search(norm)
    if ratio and int(ratio[1]) < int(ratio[2]):
        return _Aperture(float(ratio[1]))
    with_unit = _WITH_UNIT.search(norm)
    if with_unit:
        value = float(with_unit[1].replace(",", "."))
        unit = with_unit[2]
        if unit.startswith(("mm", "millimet")):
            return _Aperture(value)
        if unit.startswith(("cm", "zentimeter", "centimet")):
            return _Aperture(value * 10)
        return _Aperture(round(value * MM_PER_INCH, 1), inches=value)
    ed = _ED_OR_APO.search(norm)
    if ed:
        return _Aperture(float(ed[1]))
    bare = _BARE_NUMBER.search(norm)
    if kind and bare and int(bare[1]) >= 40:
        return _Aperture(float(bare[1]))
    return None


def _telescope(aperture: _Aperture, kind: str, raw: str) -> Equipment:
    low, high = TELESCOPE_APERTURE_RANGE_MM
    if aperture.mm <= 0:
        raise InputError(msg("input.aperture_not_positive", text=echo(raw)))
    if not low <= aperture.mm <= high:
        raise InputError(msg("planning.implausible_aperture", mm=f"{aperture.mm:g}", low=f"{low:g}",
                             high=f"{high:g}"))
    if aperture.inches is not None:
        label = f"{aperture.inches:g}-inch {kind} ({aperture.mm:.0f} mm)"
        title = msg("instruments.telescope_inches", inches=aperture.inches, kind=_kind_said(kind), mm=aperture.mm)
    else:
        label = f"{aperture.mm:g} mm {kind}"
        title = msg("instruments.telescope_mm", mm=aperture.mm, kind=_kind_said(kind))
    return _equipment(aperture.mm, label, title)


_MM_IN_LABEL = re.compile(r"(\d+(?:\.\d+)?) mm")
"""The aperture as the labels above write it: "(254 mm)", "150 mm Newtonian"."""


def label_in(label: str, units: UnitSystem) -> str:
    """An instrument's label with its aperture in ``units``: "150 mm (5.9 in) Newtonian",
    "10-inch Dobsonian" (the user's own inches stay, the millimetres go); metric: as it is.
    Binocular sizes (10x50) are millimetres by convention everywhere and stay."""
    if units == "metric":
        return label
    if "-inch " in label:
        return _MM_IN_LABEL.sub("", label).replace(" ()", "")
    found = _MM_IN_LABEL.search(label)
    if found is None:
        return label
    inches = str(optical_length(float(found[1]), units))
    if label.endswith(f"({found[0]})"):
        return label.replace(found[0], inches)
    return label.replace(found[0], f"{found[0]} ({inches})", 1)


def instrument_said(label: str, title: Message | None, units: UnitSystem) -> Message | str:
    """An instrument as a person is told it: in metric its title, in the conversation's
    language ("8-Zoll-Newton (203 mm)"); in imperial the English label with inches
    (:func:`label_in`); the label alone for one stored before titles existed."""
    return title if units == "metric" and title is not None else label_in(label, units)


def _kind_said(kind: str) -> Message:
    """A telescope kind ("Schmidt-Cassegrain") as the catalogue says it."""
    return msg(f"instruments.kind_{kind.lower().replace('-', '_')}")


def _equipment(aperture_mm: float, label: str, title: Message) -> Equipment:
    return Equipment(
        equipment_class=telescope_class(aperture_mm),
        aperture_mm=aperture_mm,
        label=label,
        limiting_magnitude=limiting_magnitude(aperture_mm),
        title=title,
    )
