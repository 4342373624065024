"""Follow-up rewriting by rule, the source registry and citations, extractive quotes."""

from __future__ import annotations

from singularity.catalogue import msg
from singularity.knowledge.extract import best_quotes
from singularity.knowledge.rewrite import needs_context, rewrite_by_rule
from singularity.knowledge.sources import cite, local_citation, register, source_list, web_citation
from singularity.knowledge.titles import TitleIndex

TITLES = TitleIndex([("Mars", ["Mars"]), ("Venus", ["Venus"]), ("The Andromeda Galaxy", ["M31"])])


def test_the_articles_example_follow_up_is_rewritten() -> None:
    assert rewrite_by_rule("Wie warm ist es dort?", last_object="Mars", titles=TITLES,
                           language="de") == "Wie warm ist es auf dem Mars?"
    assert rewrite_by_rule("How hot is it there?", last_object="Venus", titles=TITLES,
                           language="en") == "How hot is it on Venus?"


def test_pronouns_and_ellipses_take_the_last_object_or_question() -> None:
    assert rewrite_by_rule("Wie viele Monde hat er?", last_object="Mars", titles=TITLES,
                           language="de") == "Wie viele Monde hat der Mars?"
    assert rewrite_by_rule("Und die Venus?", last_object="Mars", titles=TITLES, language="de",
                           previous_question="Wie warm ist es auf dem Mars?") == "Wie warm ist es auf der Venus?"
    assert rewrite_by_rule("How far away is it?", last_object="M31", titles=TITLES,
                           language="en") == "How far away is M31?"


def test_a_pointing_das_is_the_last_object_and_the_article_is_not() -> None:
    assert rewrite_by_rule("Was ist das überhaupt für ein Objekt?", last_object="M31", titles=TITLES,
                           language="de") == "Was ist M31 überhaupt für ein Objekt?"
    assert rewrite_by_rule("Wie weit ist das weg?", last_object="M31", titles=TITLES,
                           language="de") == "Wie weit ist M31 weg?"
    assert not needs_context("Wie groß ist das Universum?", TITLES)
    assert rewrite_by_rule("Wie viele Monde hat der eigentlich?", last_object="Mars", titles=TITLES,
                           language="de") == "Wie viele Monde hat der Mars eigentlich?"
    assert not needs_context("Wie groß ist der rote Fleck?", TITLES)


def test_standalone_questions_and_missing_context_leave_the_question_unchanged() -> None:
    assert not needs_context("Wie warm ist es auf dem Mars?", TITLES)
    assert not needs_context("Gibt es Leben im All?", TITLES)
    assert rewrite_by_rule("Wie warm ist es auf der Venus?", last_object="Mars", titles=TITLES,
                           language="de") == "Wie warm ist es auf der Venus?"
    assert rewrite_by_rule("Wie warm ist es dort?", last_object=None, titles=TITLES,
                           language="de") == "Wie warm ist es dort?"


def test_chunks_of_one_source_share_one_number_and_web_sources_are_marked() -> None:
    entries: list[dict] = []
    mars = local_citation(title="Mars", url=None, source="bundled", retrieved_at="2026-11-30",
                          references=[{"title": "NASA Mars Fact Sheet", "url": "https://nssdc.gsfc.nasa.gov/x"}])
    first = register(entries, key="topic-mars", kind="local", title="Mars", url=None, citation=mars)
    again = register(entries, key="topic-mars", kind="local", title="Mars", url=None, citation=mars)
    web = register(entries, key="https://example.org/a", kind="web", title="A", url="https://example.org/a",
                   citation=web_citation(title="A", url="https://example.org/a", retrieved_on="2026-11-30"))
    assert (first.id, again.id, web.id) == (1, 1, 2) and len(entries) == 2
    assert "local copy of 2026-11-30" in mars.render("en") and "NASA Mars Fact Sheet" in mars.render("en")
    assert "lokale Kopie vom 2026-11-30" in mars.render("de")  # the answer's language
    assert "(web, retrieved 2026-11-30)" in web.citation.render("en")
    assert "OpenStax Astronomy 2e" in local_citation(title="10.1 The Nearest Planets", url="https://openstax.org/x",
                                                     source="openstax", retrieved_at="2026-01-02").render("en")


def test_markers_and_the_listed_sources_always_match() -> None:
    entries: list[dict] = []
    for key in ("a", "b", "c"):
        register(entries, key=key, kind="local", title=key.upper(), url=None,
                 citation=msg("common.verbatim", text=f"Citation {key}"))
    text, sources = cite("Fact one [2]. Fact two [7]. Fact three [2][1].", entries)
    assert text == "Fact one [1]. Fact two. Fact three [1][2]."  # [7] names no source; renumbered
    assert [(s.id, s.key) for s in sources] == [(1, "b"), (2, "a")]  # "c" was not cited: not listed
    listing = source_list(sources, "de")
    assert listing.startswith("**Quellen**") and "[2] Citation a" in listing and "Citation c" not in listing
    assert cite("Set BRAVE_API_KEY in .env, then restart.", entries)[0] == "Set BRAVE_API_KEY in .env, then restart."


def test_quotes_answer_what_is_asked_even_across_languages() -> None:
    passages = [
        {"marker": "[1]", "title": "Mars", "text": "Mars — Facts\nMars is the fourth planet from the Sun. "
         "Its atmosphere is thin carbon dioxide. The average temperature is about −63 °C."},
        {"marker": "[2]", "title": "Mars card", "text": "Mars card\nMars has two small moons, Phobos and Deimos."},
    ]
    quotes = best_quotes("Wie warm ist es auf dem Mars?", passages, limit=2)
    assert quotes[0].text == "The average temperature is about −63 °C." and quotes[0].marker == "[1]"
    moons = best_quotes("Wie viele Monde hat der Mars?", passages, limit=1)
    assert moons[0].marker == "[2]"
    assert all(q.text in passages[0]["text"] or q.text in passages[1]["text"] for q in quotes)


def test_which_of_them_is_the_most_is_asked_about_the_last_topic() -> None:
    assert rewrite_by_rule("Welcher ist der hellste?", last_object="Kugelsternhaufen", titles=TITLES,
                           language="de") == "Welcher ist der hellste (Kugelsternhaufen)?"
    assert rewrite_by_rule("Welches Restaurant ist das beste?", last_object="Mars", titles=TITLES,
                           language="de") == "Welches Restaurant ist das beste?"
