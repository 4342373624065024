"""The offline KnowledgeAgent's answer (D24): it leads with the asked fact and cites it, or says
in one sentence that the knowledge base does not say it, offers the web search (naming the
missing key) and shows at most two related passages under a label, never as the answer."""

from __future__ import annotations

from typing import Any

from singularity.catalogue import say
from singularity.llm.pilot.knowledge import answer_knowledge, indirect_question
from singularity.llm.pilot.policies import ToolRun, Turn

PASSAGES = [
    {"marker": "[1]", "title": "Pluto", "text": "Pluto — Discovery\nPluto was found in 1930 by Clyde Tombaugh "
     "at Lowell Observatory. It orbits the Sun at about 39.5 au."},
    {"marker": "[2]", "title": "Dwarf planets", "text": "Dwarf planets — Pluto\nPluto has five known moons, "
     "the largest of which is Charon."},
]
TOOLS = ["search_local_knowledge", "search_multiple_topics", "search_web", "search_object_image"]


def _turn(question: str, *calls: ToolRun) -> Turn:
    return Turn(user_text=question, state={}, calls=list(calls), tools=TOOLS)


def _search(question: str, sufficient: bool = True) -> ToolRun:
    data: dict[str, Any] = {"query": question, "rewritten_query": question, "sufficient": sufficient,
                            "passages": PASSAGES}
    return ToolRun("search_local_knowledge", {"query": question}, {"status": "ok", "data": data})


NO_KEY = ToolRun("search_web", {"query": "q"}, {"status": "failed", "message":
                 "The web search needs an API key: set BRAVE_API_KEY in .env, then restart."})


def test_a_found_fact_leads_the_answer_with_its_marker() -> None:
    question = "Who discovered Pluto?"
    answer = answer_knowledge(_turn(question, _search(question))).content or ""
    assert answer.startswith(say("knowledge_answers.intro", "en"))
    assert "**Clyde Tombaugh** — Pluto was found in 1930 by Clyde Tombaugh at Lowell Observatory. [1]" in answer


def test_a_german_answer_leads_with_the_figure_in_german_and_quotes_the_sentence_as_written() -> None:
    question = "Wie weit ist Pluto von der Sonne entfernt?"
    answer = answer_knowledge(_turn(question, _search(question))).content or ""
    assert answer.startswith(say("knowledge_answers.intro", "de"))
    assert "**etwa 39,5 AE** — It orbits the Sun at about 39.5 au. [1]" in answer


def test_a_missing_fact_asks_the_web_first_then_says_so_and_names_the_missing_key() -> None:
    question = "Who named Pluto?"
    first = answer_knowledge(_turn(question, _search(question)))
    assert first.blocks[-1].tool_name == "search_web"  # type: ignore[union-attr]
    answer = answer_knowledge(_turn(question, _search(question), NO_KEY)).content or ""
    assert answer.startswith("My knowledge base does not say who named Pluto. A web search could find it, "
                             "but it is not set up. The web search needs an API key: set BRAVE_API_KEY in .env, "
                             "then restart.")
    related = answer.split(say("knowledge_answers.related", "en"))
    assert len(related) == 2 and 1 <= related[1].count("\n- ") <= 2


def test_in_german_the_sentence_names_the_question_and_what_is_missing() -> None:
    question = "Wie schwer ist Pluto?"
    answer = answer_knowledge(_turn(question, _search(question), NO_KEY)).content or ""
    assert answer.startswith("Meine Wissensbasis beantwortet „Wie schwer ist Pluto?“ nicht: keine der gefundenen "
                             "Stellen nennt eine Masse.")
    assert say("knowledge_answers.related", "de") in answer


def test_nothing_relevant_at_all_is_said_without_related_passages() -> None:
    question = "What did JWST find last week?"
    answer = answer_knowledge(_turn(question, _search(question, sufficient=False), NO_KEY)).content or ""
    assert answer == say("knowledge_answers.nothing_local", "en")


def test_only_questions_whose_wh_word_is_the_subject_become_indirect() -> None:
    assert indirect_question("Who discovered Neptune?") == "who discovered Neptune"
    assert indirect_question("What causes aurorae?") == "what causes aurorae"
    assert indirect_question("When was Neptune discovered?") is None
    assert indirect_question("Who was Olbers?") is None


def test_a_question_about_now_without_the_web_gets_the_stored_figure_said_to_be_the_sources() -> None:
    """"How far is Pluto from the Sun right now?" asks for news; the web cannot answer, so a
    figure the knowledge base dates is shown as of its sources, not withheld. An undated figure
    or a count (what is counted today) is not."""
    dated = [{"marker": "[1]", "title": "Pluto", "text": "Pluto — Distance\nIn 2025 Pluto was about 34 au from the Sun."}]
    for question, passages, shown in (("How far is Pluto from the Sun right now?", dated, True),
                                      ("How far is Pluto from the Sun right now?", PASSAGES, False),
                                      ("How many moons does Pluto have today?", PASSAGES, False)):
        search = _search(question, sufficient=False)
        search.result["data"].update(asks_for_news=True, passages=passages)  # type: ignore[index]
        assert answer_knowledge(_turn(question, search)).blocks[-1].tool_name == "search_web"  # type: ignore[union-attr]
        answer = answer_knowledge(_turn(question, search, NO_KEY)).content or ""
        if shown:
            assert answer.startswith(say("knowledge_answers.intro_stored", "en"))
            assert "**about 34 au** — In 2025 Pluto was about 34 au from the Sun. [1]" in answer
            assert "BRAVE_API_KEY" in answer
        else:
            assert answer == say("knowledge_answers.nothing_local", "en")


SIZES = {"Jupiter": "Jupiter's equatorial diameter is about 143,000 km.",
         "Saturn": "Saturn has an equatorial diameter of about 120,500 km."}


def _compared(question: str, parts: dict[str, str]) -> ToolRun:
    """A comparison searched as its parts and as a whole; the whole finds the parts' passages."""
    passages = [{"marker": f"[{n}]", "title": title, "text": f"{title}\n{text}"}
                for n, (title, text) in enumerate(SIZES.items(), start=1)]
    topics = [{"query": query, "sufficient": True, "passages": [p for p in passages if p["title"] == title]}
              for query, title in parts.items()]
    topics.append({"query": question, "sufficient": True, "passages": passages})
    return ToolRun("search_multiple_topics", {"topics": [t["query"] for t in topics]},
                   {"status": "ok", "data": {"sufficient": True, "topics": topics}})


def test_a_comparison_whose_parts_are_answered_does_not_also_say_the_whole_is_not() -> None:
    question = "Ist Jupiter größer als Saturn?"
    run = _compared(question, {"Ist Jupiter größer?": "Jupiter", "Ist Saturn größer?": "Saturn"})
    answer = answer_knowledge(_turn(question, run)).content or ""
    assert answer.startswith(say("knowledge_answers.intro_split", "de"))
    assert "143.000 km" in answer and "120.500 km" in answer
    assert "nicht" not in answer


def test_a_comparison_answered_in_part_says_once_what_is_missing() -> None:
    question = "Is Jupiter bigger than Uranus?"
    run = _compared(question, {"Is Jupiter bigger?": "Jupiter", "Is Uranus bigger?": "Uranus"})
    answer = answer_knowledge(_turn(question, run, NO_KEY)).content or ""
    assert "143,000 km" in answer
    assert answer.count("My knowledge base does not") == 1 and "“Is Uranus bigger?”" in answer


def test_a_sentence_comparing_both_leads_and_a_part_left_unanswered_is_not_said() -> None:
    """"Is Ganymede bigger than Mercury?" is answered by the sentence that compares them; the
    planet's own size follows, and the moon's missing one is no gap in the answer."""
    question = "Is Ganymede bigger than Mercury?"
    moons = {"marker": "[1]", "title": "Moons", "text": "Moons\nGanymede is the largest moon, bigger than the planet Mercury."}
    planet = {"marker": "[2]", "title": "Mercury", "text": "Mercury\nMercury has a diameter of about 4,880 km."}
    topics = [{"query": "Is Ganymede bigger?", "sufficient": True, "passages": []},
              {"query": "Is Mercury bigger?", "sufficient": True, "passages": [planet]},
              {"query": question, "sufficient": True, "passages": [moons, planet]}]
    run = ToolRun("search_multiple_topics", {"topics": [t["query"] for t in topics]},
                  {"status": "ok", "data": {"sufficient": True, "topics": topics}})
    answer = answer_knowledge(_turn(question, run, NO_KEY)).content or ""
    assert answer.index("bigger than the planet Mercury") < answer.index("about 4,880 km")
    assert "does not" not in answer and "BRAVE_API_KEY" not in answer


def test_what_a_user_adds_around_the_question_is_not_searched() -> None:
    """"who discovered Pluto? I always forget" as a whole matched no passage closely enough: the
    search looks for the question, and the answer does not restate what it searched for; a
    question saying "it" of a thing named before keeps the whole message."""
    from singularity.knowledge.titles import TitleIndex

    titles = TitleIndex([("Pluto", ["Pluto"])])
    said = "who discovered Pluto? I always forget"
    first = Turn(user_text=said, state={}, tools=TOOLS, titles=titles)
    assert first.titles is not None
    call = answer_knowledge(first).blocks[-1]
    assert call.tool_kwargs["query"] == "who discovered Pluto?"  # type: ignore[union-attr]
    searched = _search("who discovered Pluto?")
    searched.result["data"].pop("rewritten_query")
    answer = answer_knowledge(Turn(user_text=said, state={}, calls=[searched], tools=TOOLS, titles=titles)).content
    assert answer is not None and answer.startswith(say("knowledge_answers.intro", "en"))
    told = "Pluto is far away. How cold does it get?"
    call = answer_knowledge(Turn(user_text=told, state={}, tools=TOOLS, titles=titles)).blocks[-1]
    assert call.tool_kwargs["query"] == told  # type: ignore[union-attr]
