"""Altitude chart of the top targets over the observing window (PNG, matplotlib Agg).

matplotlib is imported inside the function: it costs about half a second and only callers
that want a picture should pay for it.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from singularity.catalogue import Language, say
from singularity.planning.plan import ObservingPlan

if TYPE_CHECKING:
    from matplotlib.axes import Axes

_MONTHS_DE = ("Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez")
_DAYS_DE = ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So")


def render_altitude_chart(plan: ObservingPlan, path: Path, language: Language = "en") -> Path:
    """Write the chart to ``path`` and return it; twilight shaded, the Moon dashed; its words
    in ``language`` (the conversation's)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    try:
        draw_altitude_chart(ax, plan, language)
        fig.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)
    return path


def draw_altitude_chart(ax: Axes, plan: ObservingPlan, language: Language = "en") -> None:
    """The chart on ``ax``: the PNG above and the printable sheet (``planning.export``) draw
    the same one."""
    import matplotlib.dates as mdates

    series = plan.series
    tz = plan.location.tz
    times = [t.astimezone(tz) for t in series.times]
    for name, alts in series.targets.items():
        ax.plot(times, alts, linewidth=2, label=name)
    if plan.moon.up_during_window:
        ax.plot(times, series.moon_alt_deg, "--", color="0.45",
                label=say("chart.moon", language, lit=f"{plan.moon.illumination:.0%}"))
    for i in range(len(times) - 1):
        sun = max(series.sun_alt_deg[i], series.sun_alt_deg[i + 1])
        if sun > -18:
            shade = 0.25 if sun > -12 else 0.12
            ax.axvspan(times[i], times[i + 1], color="tab:blue", alpha=shade, linewidth=0)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.axhline(10, color="tab:red", linewidth=0.8, linestyle=":", label=say("chart.minimum", language))
    ax.set_ylim(-5, 90)
    ax.set_ylabel(say("chart.altitude", language))
    ax.set_xlabel(say("chart.local_time", language, zone=plan.location.timezone))
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%H:%M", tz=tz))
    ax.set_title(f"{plan.location.name} — {chart_date(times[0], language)}")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize="small", ncols=2)


def chart_date(moment: datetime, language: Language) -> str:
    """``Tue 01 Dec 2026`` / ``Di 01 Dez 2026`` (strftime names follow the process locale)."""
    if language == "de":
        return f"{_DAYS_DE[moment.weekday()]} {moment:%d} {_MONTHS_DE[moment.month - 1]} {moment:%Y}"
    return f"{moment:%a %d %b %Y}"
