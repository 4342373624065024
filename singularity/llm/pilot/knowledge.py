"""The offline pilot as the KnowledgeAgent: chooses the search strategy, falls back to the web
when local hits are insufficient, and answers extractively with the passages' markers.

Strategy: pictures only when asked; a comparison or compound question is split into
standalone topics (``search_multiple_topics``); otherwise one search, filtered to the topic
the question names. Every sentence of the answer is a quoted sentence of a cited passage.
"""

from __future__ import annotations

import re
from typing import Any

from llama_index.core.base.llms.types import ChatMessage

from singularity.knowledge.extract import Quote, best_quotes
from singularity.knowledge.strategy import plan_search
from singularity.knowledge.titles import TitleIndex
from singularity.llm.pilot.policies import Turn, text, tool_call
from singularity.understanding import lexicon as lx
from singularity.understanding.references import target_reference

_IMAGE_FILLER = re.compile(
    r"\b(?:zeig(?:e)?\s+mir|show\s+me|find|finde|such(?:e)?|gibt\s+es|have\s+you\s+got|kannst\s+du"
    r"|can\s+you|do\s+you\s+have|hast\s+du|habt\s+ihr|ein(?:e|ige|en)?|some|a|an|the|der|die|das"
    r"|des|von|vom|of|bitte|please|mal)\b|[?!.]",
    re.IGNORECASE)


def answer_knowledge(turn: Turn) -> ChatMessage:
    language = turn.language
    if lx.IMAGE_REQUEST.search(turn.user_text.lower()):
        return _images(turn, language)
    search = turn.called("search_multiple_topics") or turn.called("search_local_knowledge")
    if search is None:
        plan = plan_search(turn.user_text, turn.titles or TitleIndex(()))
        if plan.split:
            return tool_call("search_multiple_topics", topics=[topic.query for topic in plan.topics])
        return tool_call("search_local_knowledge", query=turn.user_text,
                         **({"title": plan.title} if plan.title else {}))
    if search.status != "ok":
        return text((search.result or {}).get("message", ""))
    data = (search.result or {}).get("data") or {}
    web = turn.called("search_web")
    if not data.get("sufficient", False):
        if web is None and "search_web" in turn.tools:
            return tool_call("search_web", query=data.get("rewritten_query") or turn.user_text)
        if web is not None and web.status == "ok":
            return text(_compose(turn.user_text, _topics((web.result or {}).get("data") or {}), language, web=True))
        return text(_nothing_local(language))
    question = data.get("rewritten_query") or turn.user_text
    answer = _compose(question, _topics(data), language)
    if question != turn.user_text:
        answer = (f"(Verstanden als: „{question}“)\n\n" if language == "de"
                  else f"(Understood as: \"{question}\")\n\n") + answer
    return text(answer)


def _topics(data: dict[str, Any]) -> list[dict[str, Any]]:
    return data.get("topics") or [{"query": data.get("query", ""), "passages": data.get("passages") or []}]


def _compose(question: str, topics: list[dict[str, Any]], language: str, *, web: bool = False) -> str:
    if len(topics) == 1:
        quotes = best_quotes(question, topics[0]["passages"])
        if not quotes:
            return _nothing_local(language)
        return f"{_intro(language, web=web)}\n\n" + "\n".join(_line(q) for q in quotes)
    sections = []
    for topic in topics:
        quotes = best_quotes(topic["query"], topic["passages"], limit=2)
        if quotes:
            sections.append(f"**{quotes[0].title}**\n" + "\n".join(_line(q) for q in quotes))
    if not sections:
        return _nothing_local(language)
    return f"{_intro(language, web=web, split=True)}\n\n" + "\n\n".join(sections)


def _line(quote: Quote) -> str:
    return f"- {quote.text} {quote.marker}".rstrip()


def _intro(language: str, *, web: bool = False, split: bool = False) -> str:
    if language == "de":
        where = "Die Websuche" if web else "Die Wissensbasis"
        how = " zu jedem Teilthema" if split else ""
        return f"{where} sagt dazu{how} (Originalzitate aus englischen Quellen):"
    where = "The web search" if web else "The knowledge base"
    how = " on each part of the question" if split else ""
    return f"{where} says{how}:"


def _nothing_local(language: str) -> str:
    if language == "de":
        return ("In der lokalen Wissensbasis habe ich dazu nichts ausreichend Passendes gefunden, "
                "und ich antworte nicht aus dem Gedächtnis.")
    return ("I found nothing relevant enough in the local knowledge base, and I do not answer "
            "from memory.")


def _images(turn: Turn, language: str) -> ChatMessage:
    run = turn.called("search_object_image")
    if run is None:
        return tool_call("search_object_image", object_name=_image_subject(turn))
    if run.status not in {"ok", "partial"}:
        return text((run.result or {}).get("message", ""))
    data = (run.result or {}).get("data") or {}
    images = data.get("images") or []
    sources = " und ".join(sorted({image["source"] for image in images})) if language == "de" \
        else " and ".join(sorted({image["source"] for image in images}))
    if language == "de":
        return text(f"Hier sind {len(images)} Bilder von {data.get('object')} aus {sources}, "
                    "jeweils mit Titel, Urheber und Lizenz.")
    return text(f"Here are {len(images)} pictures of {data.get('object')} from {sources}, each "
                "with its title, author and licence.")


def _image_subject(turn: Turn) -> str:
    """The object of a picture request: a title, a named object, "it" for the object discussed
    last, else what is left of the message without the request words."""
    titles = turn.titles or TitleIndex(())
    named = titles.find_in(turn.user_text)
    if named:
        return named[0].name
    reference = target_reference(turn.user_text)
    if reference is not None and reference.name:
        return reference.name
    last = turn.state.get("last_discussed_object")
    if reference is not None and reference.pronoun and last:
        return last
    rest = " ".join(lx.IMAGE_REQUEST.sub(" ", _IMAGE_FILLER.sub(" ", turn.user_text)).split())
    return rest or turn.state.get("last_discussed_object") or turn.user_text
