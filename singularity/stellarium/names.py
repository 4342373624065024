"""Which sky object a name means: Messier, NGC and IC numbers in any spelling ("M 31",
"Messier 31", "NGC0224"), common names in English and German ("Andromedagalaxie",
"Orion Nebula") and the Sun, the Moon and the planets, resolved from the shipped catalogue.

The names are not kept here: designations, common names and German names come from the
planner's object records (:mod:`singularity.planning.objects`, OpenNGC plus the hand-kept
``object_names.yaml``; the knowledge cards are written from the same records), the bodies'
German names from ``solar_system.yaml`` (:mod:`singularity.planning.bodies`). This
module only folds spellings into lookup keys. A key several objects share (the Veil Nebula's
three parts) yields all of them: the caller asks the user instead of picking one.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from pydantic import BaseModel

from singularity.catalogue import Message, in_languages
from singularity.naming import name_key
from singularity.planning.bodies import load_bodies
from singularity.planning.ephemeris import BODIES
from singularity.planning.objects import load_objects
from singularity.understanding.references import object_name


class SkyObject(BaseModel):
    """One resolved object: what to call it, what Stellarium calls it, where it is."""

    name: str
    """Display designation: ``M31``, ``NGC 7000``, ``Jupiter``."""
    stellarium_name: str
    """The name Stellarium's ``selectObjectByName`` understands."""
    common_name: str = ""
    german_name: str = ""
    """What German observers call it ("Orionnebel", "Mond"; empty where no German name is
    established)."""
    ra_deg: float | None = None
    """ICRS (J2000) right ascension; ``None`` for the Sun, the Moon and planets."""
    dec_deg: float | None = None
    body: str | None = None
    """Ephemeris key (``jupiter``) for the Sun, the Moon and planets."""
    kind: str = ""
    source: str = "catalog"
    """Where the identification came from: catalog | simbad | stellarium | plan."""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.common_name})" if self.common_name else self.name

    @property
    def said(self) -> Message:
        """``label`` as each language says it: "M42 (Orionnebel)", "Mond" in German."""
        if self.body:
            german = self.german_name or self.name
        else:
            name = self.german_name or self.common_name
            german = f"{self.name} ({name})" if name else self.name
        return in_languages({"en": self.label, "de": german})


def local_matches(text: str) -> list[SkyObject]:
    """Every catalogued object ``text`` names (empty when none): first the whole text as a
    name, then the first designation or common name found inside it ("den Orionnebel")."""
    index = _index()
    found = index.get(name_key(text))
    if found is None:
        inner = object_name(text)
        found = index.get(name_key(inner)) if inner else None
    return list(found or [])


@lru_cache(maxsize=1)
def _index() -> dict[str, tuple[SkyObject, ...]]:
    index: dict[str, dict[str, SkyObject]] = {}

    def add(key_text: str, obj: SkyObject, identity: str) -> None:
        index.setdefault(name_key(key_text), {})[identity] = obj

    for body in load_bodies():
        if body.key not in BODIES:
            continue  # the Earth
        obj = SkyObject(name=body.name, stellarium_name=body.name, body=body.key, kind=body.kind,
                        german_name=next(iter(body.german), ""))
        for spelling in (body.name, *body.german):
            add(spelling, obj, body.key)
    # Messier objects first, so that a name they share with a fainter record lists them first
    for record in sorted(load_objects(), key=lambda o: (o.messier is None, o.primary)):
        obj = SkyObject(
            name=record.designation, stellarium_name=_stellarium_name(record.designation, record.names),
            common_name=record.names[0] if record.names else "",
            german_name=next(iter(record.german_names), ""),
            ra_deg=math.degrees(record.ra_rad), dec_deg=math.degrees(record.dec_rad),
            kind=record.kind or record.family.replace("_", " "),
        )
        for spelling in (*record.designations, *record.names, *record.german_names):
            add(spelling, obj, record.primary)
    return {key: tuple(objects.values()) for key, objects in index.items()}


def _stellarium_name(designation: str, names: tuple[str, ...]) -> str:
    """Stellarium knows Messier, NGC and IC numbers; other catalogues by common name."""
    if re.match(r"^(M\d|NGC |IC )", designation) or not names:
        return designation
    return names[0]
