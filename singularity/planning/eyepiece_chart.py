"""The eyepiece's field drawn without Stellarium: the true field as a circle, the object as an
ellipse of its catalogued size (PNG, matplotlib Agg; imported only when drawn, as in
:mod:`chart`)."""

from __future__ import annotations

from pathlib import Path

from singularity.catalogue import Language, say
from singularity.planning.chart import new_figure, save_figure
from singularity.planning.eyepiece_view import EyepieceView, angle_text, size_text


def render_field_chart(view: EyepieceView, object_name: str, path: Path,
                       language: Language = "en") -> Path:
    """Write the drawing to ``path`` (arcminutes on both axes, north up) and return it."""
    from matplotlib.patches import Circle, Ellipse

    radius = view.true_field_deg * 60 / 2
    fig = new_figure(figsize=(5, 5), dpi=110)
    ax = fig.subplots()
    ax.set_facecolor("black")
    ax.add_patch(Circle((0, 0), radius, facecolor="#0b1530", edgecolor="white", linewidth=1.5,
                        label=say("eyepiece.chart_field", language,
                                  field=angle_text(view.true_field_deg),
                                  magnification=f"{view.magnification:.0f}")))
    if view.object_size_arcmin is not None:
        major, minor = view.object_size_arcmin
        ax.add_patch(Ellipse((0, 0), major, minor, facecolor="#c8b27a", alpha=0.6,
                             edgecolor="#f2e3b8", label=say("eyepiece.chart_object", language, object=object_name,
                                       size=size_text(view.object_size_arcmin))))
    else:
        ax.plot([0], [0], "+", color="#f2e3b8", markersize=14,
                label=say("eyepiece.chart_no_size", language, object=object_name))
    extent = max(radius, (view.object_size_arcmin or (0, 0))[0] / 2) * 1.1
    ax.set_xlim(extent, -extent)  # east to the left, as on the sky
    ax.set_ylim(-extent, extent)
    ax.set_aspect("equal")
    ax.set_xlabel("′")
    ax.set_ylabel("′")
    ax.set_title(say("eyepiece.chart_title", language, object=object_name,
                     eyepiece=view.eyepiece.name, telescope=view.telescope.said or view.telescope.label), fontsize="medium")
    ax.legend(loc="lower center", fontsize="small", facecolor="white", framealpha=0.8)
    return save_figure(fig, path)
