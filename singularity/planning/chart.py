"""Altitude chart of the top targets over the observing window, and the best-night chart over
the scanned nights (PNG, matplotlib Agg).

matplotlib is imported inside the function: it costs about half a second and only callers
that want a picture should pay for it.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from singularity.catalogue import Language, say
from singularity.catalogue.objects import designation
from singularity.planning.best_night import BestNights
from singularity.planning.countries import place_name
from singularity.planning.plan import ObservingPlan

BEST_NIGHTS_MARKED = 3
if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

_MONTHS_DE = ("Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez")
_DAYS_DE = ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So")


def load_renderer() -> None:
    """Import matplotlib's figure and PNG renderer now (a chart worker process starting), so
    the first chart it draws does not pay for them."""
    import matplotlib.backends.backend_agg
    import matplotlib.figure  # noqa: F401


def new_figure(**options: Any) -> Figure:
    """A figure of its own, not pyplot's: pyplot's global figure registry is not safe for charts
    drawn in several threads at once, and nothing here needs a window."""
    from matplotlib.figure import Figure

    return Figure(**options)


def save_figure(fig: Figure, path: Path, file_format: str = "png", *, tight: bool = True) -> Path:
    """Write ``fig`` to ``path`` (its folder made; whole or not at all, since a chart file
    that exists is reused) and return the path."""
    if tight:
        fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f"{path.name}.part")
    fig.savefig(part, format=file_format)
    part.replace(path)
    return path


def render_altitude_chart(plan: ObservingPlan, path: Path, language: Language = "en") -> Path:
    """Write the chart to ``path`` and return it; twilight shaded, the Moon dashed; its words
    in ``language`` (the conversation's)."""
    fig = new_figure(figsize=(8, 4.5), dpi=110)
    draw_altitude_chart(fig.subplots(), plan, language)
    return save_figure(fig, path)


def draw_altitude_chart(ax: Axes, plan: ObservingPlan, language: Language = "en") -> None:
    """The chart on ``ax``: the PNG above and the printable sheet (``planning.export``) draw
    the same one."""
    import matplotlib.dates as mdates

    series = plan.series
    tz = plan.location.tz
    times = [t.astimezone(tz) for t in series.times]
    shown = {t.name: designation(dict(t), language) for t in plan.targets}  # "Mond", not "Moon"
    for name, alts in series.targets.items():
        ax.plot(times, alts, linewidth=2, label=shown.get(name, name))
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
    ax.set_title(f"{place_name(plan.location, language)} — {chart_date(times[0], language)}")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize="small", ncols=2)


def chart_date(moment: datetime, language: Language) -> str:
    """``Tue 01 Dec 2026`` / ``Di 01 Dez 2026`` (strftime names follow the process locale)."""
    if language == "de":
        return f"{_DAYS_DE[moment.weekday()]} {moment:%d} {_MONTHS_DE[moment.month - 1]} {moment:%Y}"
    return f"{moment:%a %d %b %Y}"


def render_best_night_chart(result: BestNights, path: Path, language: Language = "en") -> Path:
    """The scanned nights side by side: the target's altitude at its best time (the best
    nights marked), and below it the hours of astronomical darkness and the Moon's
    illuminated share; words in ``language``."""
    nights = result.nights
    days = [n.date for n in nights]
    best = [n for n in result.ranked() if n.rating > 0][:BEST_NIGHTS_MARKED]
    fig = new_figure(figsize=(8, 5.5), dpi=110)
    top, bottom = fig.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": (3, 2)})
    top.plot(days, [n.altitude_deg for n in nights], marker="o", linewidth=2,
             label=result.target.said.render(language))
    top.scatter([n.date for n in best], [n.altitude_deg for n in best], s=160,
                facecolors="none", edgecolors="tab:green", linewidths=2, zorder=3,
                label=say("chart.best_nights", language, count=len(best)))
    top.axhline(10, color="tab:red", linewidth=0.8, linestyle=":",
                label=say("chart.minimum", language))
    top.set_ylim(0, 90)
    top.set_ylabel(say("chart.best_altitude", language))
    top.set_title(f"{say('best_night.chart_title', language, target=result.target.said)} — "
                  f"{place_name(result.location, language)}")
    top.grid(alpha=0.3)
    top.legend(loc="lower left", fontsize="small")
    bottom.bar(days, [n.dark_hours for n in nights], color="tab:blue", alpha=0.35,
               label=say("chart.dark_hours", language))
    bottom.set_ylabel(say("chart.hours", language))
    moon = bottom.twinx()
    moon.plot(days, [100 * n.moon_illumination for n in nights], "--", color="0.35",
              label=say("chart.moon_lit", language))
    moon.set_ylim(0, 100)
    moon.set_ylabel(say("chart.percent", language))
    handles = bottom.get_legend_handles_labels()[0] + moon.get_legend_handles_labels()[0]
    bottom.legend(handles, [h.get_label() for h in handles], loc="upper left", fontsize="small")
    bottom.set_xlabel(say("chart.evening", language))
    bottom.set_xticks(days[::max(1, len(days) // 10)])
    bottom.set_xticklabels([_day(d, language) for d in days[::max(1, len(days) // 10)]])
    bottom.grid(alpha=0.3)
    return save_figure(fig, path)


def _day(day: date, language: Language) -> str:
    """``01 Dec`` / ``01 Dez``."""
    month = _MONTHS_DE[day.month - 1] if language == "de" else f"{day:%b}"
    return f"{day:%d} {month}"
