"""The plan table: the compact columns for the telescope, every column on request, headed in
the conversation's language."""

from __future__ import annotations

from singularity.ui.render import FULL, plan_table

PLAN = {"targets": [
    {"rank": 1, "name": "M31", "common_name": "Andromeda Galaxy", "type": "galaxy",
     "magnitude": 3.44, "best_time": "2026-12-01T20:24:00+01:00", "altitude_deg": 84.2,
     "azimuth_deg": 101.0, "direction": "ESE", "score": 93.4},
    {"rank": 2, "name": "M32", "common_name": None, "type": "galaxy", "magnitude": 8.1,
     "best_time": "2026-12-01T18:39:00+01:00", "altitude_deg": 71.0, "azimuth_deg": 180.0,
     "direction": "S", "score": 80.0},
]}


def test_the_compact_table_holds_what_the_telescope_needs() -> None:
    lines = plan_table(PLAN, "de").splitlines()
    assert lines[0] == "| Objekt | Name | Zeit | Höhe | Richtung |"
    assert lines[2] == "| 1. M31 | Andromeda Galaxy | 20:24 | 84° | OSO |"
    assert lines[3] == "| 2. M32 |  | 18:39 | 71° | S |"


def test_the_full_table_has_every_column_in_english() -> None:
    lines = plan_table(PLAN, "en", columns=FULL).splitlines()
    assert lines[0] == ("| Object | Name | Type | Mag | Best | Alt | Azimuth | Direction | "
                        "Score |")
    assert lines[2] == "| 1. M31 | Andromeda Galaxy | galaxy | 3.4 | 20:24 | 84° | 101° | ESE | 93 |"


def test_the_full_table_names_types_and_directions_in_german() -> None:
    lines = plan_table(PLAN, "de", columns=FULL).splitlines()
    assert lines[2] == "| 1. M31 | Andromeda Galaxy | Galaxie | 3,4 | 20:24 | 84° | 101° | OSO | 93 |"


def test_a_steps_output_is_text_with_its_paragraphs() -> None:
    """A failed step shows the service's own answer as its detail: text, never Markdown."""
    from markdown_it import MarkdownIt

    from singularity.ui.render import step_output

    said = "The web search failed (HTTP 502)."
    detail = '<html><img src="https://127.0.0.1:9/b.png"></html> ![x](https://127.0.0.1:9/b.png)'
    html = MarkdownIt("commonmark").render(step_output(f"{said}\n\n{detail}"))
    assert html.count("<p>") == 2 and "<img" not in html and "<html" not in html
    assert html.startswith(f"<p>{said}</p>")
