"""From a name the user typed to one object, in the article's order: the shipped catalogue,
then SIMBAD (when allowed online), then Stellarium's own search. Several plausible matches are
never resolved silently: the result is ``needs_input`` with the choices."""

from __future__ import annotations

from singularity.catalogue import Message, msg
from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.naming import name_key
from singularity.results import Status, ToolResult
from singularity.stellarium.bridge import StellariumBridge
from singularity.stellarium.names import SkyObject, local_matches
from singularity.stellarium.simbad import simbad_lookup

MAX_CHOICES = 6


def _found(obj: SkyObject, notes: list[Message]) -> ToolResult:
    """The object, with notes (catalogue messages as JSON) on how it was found."""
    return ToolResult.success({"object": obj.model_dump(),
                               "notes": [n.model_dump(mode="json") for n in notes]})


def _choose(text: str, matches: list[SkyObject]) -> ToolResult:
    shown = matches[:MAX_CHOICES]
    listed = ", ".join(o.label for o in shown)
    return ToolResult.needs_input(msg("stellarium.several_matches", text=text, listed=listed),
                                  data={"choices": [o.name for o in shown]})


async def resolve_name(text: str, *, settings: Settings, bridge: StellariumBridge) -> ToolResult:
    """``ok`` with ``data['object']`` (a ``SkyObject``), ``needs_input`` with choices or when
    nothing matches, ``failed`` when Stellarium's search itself failed."""
    local = local_matches(text)
    if len(local) == 1:
        return _found(local[0], [])
    if local:
        return _choose(text, local)

    notes: list[Message] = []
    if settings.stellarium.simbad_online:
        try:
            remote = await simbad_lookup(text, settings=settings)
        except ServiceError as exc:
            remote = []
            notes.append(exc.said or msg("common.verbatim", text=str(exc)))
        if len(remote) == 1:
            return _found(remote[0], notes)
        if remote:
            return _choose(text, remote)

    search = await stellarium_search(text, bridge=bridge)
    if search.status is Status.OK:
        search.data["notes"] = [n.model_dump(mode="json") for n in notes] + search.data.get("notes", [])
    return search


async def stellarium_search(text: str, *, bridge: StellariumBridge) -> ToolResult:
    """Stellarium's own object search: an exact match (spelling aside) or a single hit wins,
    several hits are offered as choices; the position comes from Stellarium's object info."""
    found = await bridge.find_objects(text)
    if found.status is not Status.OK:
        return found
    matches: list[str] = list((found.data or {}).get("matches", []))
    exact = [m for m in matches if name_key(m) == name_key(text)]
    if exact:
        matches = exact[:1]
    if not matches:
        return ToolResult.needs_input(msg("stellarium.not_found", text=text))
    if len(matches) > 1:
        listed = ", ".join(matches[:MAX_CHOICES])
        return ToolResult.needs_input(msg("stellarium.several_in_stellarium", text=text, listed=listed),
                                      data={"choices": matches[:MAX_CHOICES]})
    info = await bridge.object_info(matches[0])
    if info.status is not Status.OK:
        return info
    data = info.data or {}
    obj = SkyObject(name=data.get("name") or matches[0], stellarium_name=matches[0],
                    ra_deg=data.get("ra_deg"), dec_deg=data.get("dec_deg"),
                    kind=data.get("type") or "", source="stellarium")
    return _found(obj, [])
