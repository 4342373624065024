"""Altitude chart of the top targets over the observing window (PNG, matplotlib Agg).

matplotlib is imported inside the function: it costs about half a second and only callers
that want a picture should pay for it.
"""

from __future__ import annotations

from pathlib import Path

from singularity.planning.plan import ObservingPlan


def render_altitude_chart(plan: ObservingPlan, path: Path) -> Path:
    """Write the chart to ``path`` and return it; twilight shaded, the Moon dashed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.dates as mdates
    import matplotlib.pyplot as plt

    series = plan.series
    tz = plan.location.tz
    times = [t.astimezone(tz) for t in series.times]
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    try:
        for name, alts in series.targets.items():
            ax.plot(times, alts, linewidth=2, label=name)
        if plan.moon.up_during_window:
            ax.plot(times, series.moon_alt_deg, "--", color="0.45",
                    label=f"Moon ({plan.moon.illumination:.0%})")
        for i in range(len(times) - 1):
            sun = max(series.sun_alt_deg[i], series.sun_alt_deg[i + 1])
            if sun > -18:
                shade = 0.25 if sun > -12 else 0.12
                ax.axvspan(times[i], times[i + 1], color="tab:blue", alpha=shade, linewidth=0)
        ax.axhline(0, color="black", linewidth=0.8)
        ax.axhline(10, color="tab:red", linewidth=0.8, linestyle=":", label="10° minimum")
        ax.set_ylim(-5, 90)
        ax.set_ylabel("Altitude (°)")
        ax.set_xlabel(f"Local time ({plan.location.timezone})")
        ax.xaxis.set_major_formatter(mdates.DateFormatter("%H:%M", tz=tz))
        ax.set_title(f"{plan.location.name} — {times[0]:%a %d %b %Y}")
        ax.grid(alpha=0.3)
        ax.legend(loc="upper left", fontsize="small", ncols=2)
        fig.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)
    return path
