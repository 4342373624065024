"""An eyepiece's true field in Stellarium 0.22, over Remote Control (docs/stellarium.md,
"Eyepiece view", has the measurements).

Stellarium's Oculars plugin takes its telescopes and eyepieces from its ``ocular.ini`` when it
starts; Remote Control can only pick among them by index and switch the eyepiece view on
(the ``Oculars.*`` StelProperties and the script object's slots — measured on 0.22.2, no
setter for a focal length or a field exists). So the user's own pair is shown by its result,
the true field:

* with the plugin loaded: its eyepiece view is switched on with the image circle unscaled
  (``Oculars.flagScaleImageCircle`` off), which draws the eyepiece's circle across the view's
  height, and the view is then zoomed to the true field, so the circle is exactly the field
  the user's telescope and eyepiece show;
* without it: the view is zoomed a little wider than the field and the core's circular field
  marker (``SpecialMarkersMgr.fovCircularMarkerSize``) drawn at the true field.

Both need the object selected first (the plugin refuses its view with nothing selected).
Stellarium loads a deep-sky object's image in the background after a zoom: a screenshot taken
at once shows M51 as a blur without its image (measured on 0.22.2 under Xvfb), so the view is
given a moment (a script's ``core.wait``, which the runner finishes before answering idle).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from singularity.stellarium.remote import RemoteControl

OCULARS_SWITCH = "Oculars.enableOcular"
EYEPIECE_SETTLE_S = 2.0
"""Enough for M51's image at a 1° field under Xvfb (measured: missing at once, drawn after 2 s)."""
MARKER_MARGIN = 1.25
"""The view around the marker: the field's circle with a quarter of sky to spare."""


class EyepieceField(BaseModel):
    selected: str
    true_field_deg: float
    fov: float
    mode: Literal["oculars", "marker"]
    centred: bool


async def show_true_field(remote: RemoteControl, name: str, true_field_deg: float, *,
                          settle_s: float = 0.0) -> EyepieceField:
    """Centre ``name`` and show a field of ``true_field_deg`` degrees as an eyepiece would;
    then give Stellarium ``settle_s`` seconds to load the object's image (see the module
    docstring)."""
    oculars = OCULARS_SWITCH in await remote.properties()
    centring = await remote.center(name, true_field_deg if oculars else true_field_deg * MARKER_MARGIN)
    if oculars:
        await remote.set_property("SpecialMarkersMgr.fovCircularMarkerDisplayed", False)
        await remote.set_property("Oculars.flagScaleImageCircle", False)
        await remote.set_property(OCULARS_SWITCH, True)
        fov = await remote.set_fov(true_field_deg)  # switching on zoomed to the plugin's own pair
    else:
        await remote.set_property("SpecialMarkersMgr.fovCircularMarkerSize", round(true_field_deg, 4))
        await remote.set_property("SpecialMarkersMgr.fovCircularMarkerDisplayed", True)
        fov = centring.fov
    if settle_s > 0:
        await remote.run_script(f"core.wait({settle_s:g});", finished=True)
    return EyepieceField(selected=centring.selected.name, true_field_deg=true_field_deg, fov=fov,
                         mode="oculars" if oculars else "marker", centred=centring.centred)
