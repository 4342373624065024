"""The offline pilot as the KnowledgeAgent: chooses the search strategy, falls back to the web
when local hits are insufficient or do not say what was asked, and answers extractively with
the passages' markers.

Strategy: pictures only when asked; a comparison or compound question is split into
standalone topics (``search_multiple_topics``); otherwise one search, filtered to the topic
the question names, and once more over every document when the filtered passages do not
answer (a name can mislead: "Galileo" is also a spacecraft). The answer leads with the part of a sentence that states the kind of fact
asked (a name for "who", a date for "when", a number with its unit for "how far" …,
``knowledge/question_types.py``) and quotes it whole with its marker. When no sentence states
it, the answer says so in one sentence, offers the web search (naming the missing key) and
shows at most two related sentences under a label that says they are no answer (D24).
"""

from __future__ import annotations

import re
from typing import Any

from llama_index.core.base.llms.types import ChatMessage

from singularity.catalogue import say
from singularity.knowledge.extract import Answer, Quote, answer_quotes
from singularity.knowledge.figures import said_in
from singularity.knowledge.question_types import QUANTITIES, Asked, searched_part
from singularity.knowledge.strategy import plan_search
from singularity.knowledge.text import markdown_text
from singularity.knowledge.titles import TitleIndex
from singularity.knowledge.web_search import KEY_VARIABLE
from singularity.llm.pilot.policies import ToolRun, Turn, relay, text, tool_call
from singularity.understanding import lexicon as lx
from singularity.understanding.references import target_reference

_IMAGE_WORDS = re.compile(lx.IMAGE_REQUEST.pattern, re.IGNORECASE)
"""The picture words, in any case: "Bilder" at the start of a noun phrase is capitalised."""
_IMAGE_FILLER = re.compile(
    r"\b(?:zeig(?:e)?\s+mir|show\s+me|find|finde|such(?:e)?|gibt\s+es|have\s+you\s+got|kannst\s+du"
    r"|can\s+you|do\s+you\s+have|hast\s+du|habt\s+ihr|ein(?:e|ige|en)?|some|a|an|the|der|die|das"
    r"|des|von|vom|of|bitte|please|mal)\b|[?!.]",
    re.IGNORECASE)


def answer_knowledge(turn: Turn) -> ChatMessage:
    language = turn.language
    if lx.wants_pictures(turn.user_text.lower()):
        return _images(turn, language)
    search = turn.called("search_multiple_topics") or turn.called("search_local_knowledge")
    titles = turn.titles or TitleIndex(())
    asked = searched_part(turn.user_text, _named(turn.user_text, titles))
    if search is None:
        plan = plan_search(asked, titles)
        if plan.split:
            return tool_call("search_multiple_topics", topics=[topic.query for topic in plan.topics])
        return tool_call("search_local_knowledge", query=asked, **({"title": plan.title} if plan.title else {}))
    if search.status != "ok":
        return relay(search)
    data = (search.result or {}).get("data") or {}
    question = data.get("rewritten_query") or asked
    found_locally = _answers(_topics(data), titles, language, asked)
    news = any(topic.get("asks_for_news") for topic in _topics(data))
    if found_locally and not news and all(answer.found for _, answer in found_locally):
        # A sentence that names the subject and states the asked fact answers, however loosely
        # the whole passage matched ("Wie groß ist Titania?" scores below the threshold).
        return text(_understood(question, asked, language) + _found(found_locally, language))
    if data.get("title_filter") and sum(call.name == "search_local_knowledge" for call in turn.calls) == 1:
        return tool_call("search_local_knowledge", query=asked, filter_by_title=False)  # the name misled
    local = found_locally if data.get("sufficient", False) else None
    web = turn.called("search_web")
    if web is None and "search_web" in turn.tools:
        return tool_call("search_web", query=question)
    if web is not None and web.status == "ok":
        found = _answers(_topics((web.result or {}).get("data") or {}), titles, language, asked)
        if all(answer.found for _, answer in found):
            return text(_found(found, language, web=True))
        return text(_unanswered(found, language, web), "unknown")  # the web results, as related only
    if news and _stored_figure(found_locally):
        # "How far away is Voyager 1 right now?" without the web: the stored figure, said to be the sources' own
        return text(_understood(question, asked, language) + say("knowledge_answers.intro_stored", language)
                    + "\n\n" + _lead(found_locally[0][1], language) + "\n\n" + _web_sentence(web, language))
    if local is None:
        return text(say("knowledge_answers.nothing_local", language), "unknown")
    kind = "answer" if any(answer.found for _, answer in local) else "unknown"
    return text(_understood(question, asked, language) + _unanswered(local, language, web), kind)


Answers = list[tuple[str, Answer]]
"""Each searched topic's query with what its passages say to it."""


def _topics(data: dict[str, Any]) -> list[dict[str, Any]]:
    return data.get("topics") or [{**data, "query": data.get("query", ""), "passages": data.get("passages") or []}]


def _answers(topics: list[dict[str, Any]], titles: TitleIndex, language: str, asked: str) -> Answers:
    """What each topic's passages say to it. A question split into its parts is also searched
    whole ``asked``, in case one passage compares them: a quantity compared by one sentence leads,
    the parts follow where they are answered too; unanswered, the whole question is said once, in
    place of its parts when none is answered either, and otherwise left out: "Ist Jupiter größer
    als Saturn?" is answered by each planet's size."""
    answers = [(topic["query"], answer_quotes(topic["query"], topic["passages"], german=language == "de",
                                              named=_named(topic["query"], titles)))
               for topic in topics]
    *parts, (last, answer) = answers
    if len(parts) < 2 or last != " ".join(asked.split()):
        return answers
    if answer.found and answer.asked in QUANTITIES:  # a sentence comparing them answers first,
        return [(last, answer), *(part for part in parts if part[1].found)]  # each part's own figure after it
    if answer.found:
        return answers
    return parts if any(part.found for _, part in parts) else [(last, answer)]


_DATED = re.compile(r"\b(?:19|20)\d\d")


def _stored_figure(answers: Answers) -> bool:
    """Whether one topic's passages state the asked figure in a sentence that dates it: for a
    question about now, the knowledge base's dated figure ("By 2025 Voyager 1 was more than
    165 au …") is worth showing as such when the web cannot give a newer one. Not a count: what
    is counted today ("known comets", satellites up there) is what the stored texts cannot know."""
    if len(answers) != 1 or not answers[0][1].found:
        return False
    answer = answers[0][1]
    return answer.asked in (QUANTITIES - {Asked.COUNT}) and bool(_DATED.search(answer.quotes[0].text))


def _named(text: str, titles: TitleIndex) -> list[tuple[str, tuple[str, ...]]]:
    """The knowledge base's names in ``text``, each with the titles it names."""
    return [(match.name, match.titles) for match in titles.find_in(text)]


def _understood(question: str, asked: str, language: str) -> str:
    return "" if question == asked else say("knowledge_answers.understood_as", language, question=question) + "\n\n"


def _found(answers: Answers, language: str, *, web: bool = False) -> str:
    """The answer, leading with the part of the first sentence that states the asked fact;
    one block per topic when the question was split."""
    blocks = [_lead(answer, language) for _, answer in answers]
    if len(blocks) == 1:
        intro = say("knowledge_answers.intro_web" if web else "knowledge_answers.intro", language)
        return f"{intro}\n\n{blocks[0]}"
    return say("knowledge_answers.intro_split", language) + "\n\n" + "\n\n".join(
        f"**{markdown_text(answer.quotes[0].title)}**\n{block}"
        for (_, answer), block in zip(answers, blocks, strict=True))


def _lead(answer: Answer, language: str) -> str:
    """The asked fact in the conversation's language, then the sentence stating it as quoted."""
    first, *rest = answer.quotes
    key = said_in(answer.key, answer.asked, "de" if language == "de" else "en")
    head = (f"**{markdown_text(key)}** — {markdown_text(first.text)} {first.marker}".rstrip()
            if answer.key else _line(first))
    return "\n".join([head, *(_line(quote) for quote in rest)])


def _unanswered(answers: Answers, language: str, web: ToolRun | None) -> str:
    """What the passages found for each topic, and for a topic they do not answer the plain
    sentence saying so, the web search offer and at most two related sentences, labelled."""
    parts = []
    for query, answer in answers:
        if answer.found:
            parts.append(f"**{markdown_text(answer.quotes[0].title)}**\n{_lead(answer, language)}")
            continue
        lines = [f"{_not_answered(query, answer, language)} {_web_sentence(web, language)}"]
        if answer.related:
            lines += ["", say("knowledge_answers.related", language), *(_line(quote) for quote in answer.related)]
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def _not_answered(question: str, answer: Answer, language: str) -> str:
    indirect = indirect_question(question) if language == "en" else None
    if indirect:
        return say("knowledge_answers.not_said", language, indirect=indirect)
    kind = say(f"knowledge_answers.kind_{answer.asked.value}", language)
    return say("knowledge_answers.not_answered", language, question=question.strip(), kind=kind)


def _web_sentence(web: ToolRun | None, language: str) -> str:
    if web is None:
        return say("knowledge_answers.web_offer", language)
    if web.status == "ok":
        return say("knowledge_answers.web_not_answered", language)
    message = str((web.result or {}).get("message", ""))
    if KEY_VARIABLE in message:  # the tool's own sentence, so the runner does not report it a second time
        return say("knowledge_answers.web_needs_key", language, message=message)
    return say("knowledge_answers.web_failed", language)


_DIRECT_WH = re.compile(r"^(?:who|what|which \w+)\s+(?!(?:is|are|was|were|do|does|did|can|could|will|would|has|have|had"
                        r"|should|might|must)\b)(?P<rest>\w.*?)[?.!\s]*$", re.IGNORECASE)


def indirect_question(question: str) -> str | None:
    """An English question whose wh-word is its subject, as the clause after "does not say"
    ("Who discovered Neptune?" → "who discovered Neptune"); None for other word orders."""
    match = _DIRECT_WH.match(question.strip())
    if match is None:
        return None
    return question.strip()[0].lower() + question.strip()[1:].rstrip("?.! ")


def _line(quote: Quote) -> str:
    """A quoted sentence as a list item; the passage's words are the source's, shown as text."""
    return f"- {markdown_text(quote.text)} {quote.marker}".rstrip()


def _images(turn: Turn, language: str) -> ChatMessage:
    run = turn.called("search_object_image")
    if run is None:
        return tool_call("search_object_image", object_name=_image_subject(turn))
    if run.status not in {"ok", "partial"}:
        return relay(run)
    data = (run.result or {}).get("data") or {}
    images = data.get("images") or []
    sources = say("knowledge_answers.images_sources_joiner", language).join(sorted({image["source"] for image in images}))
    return text(say("knowledge_answers.images_found", language, count=len(images), object=data.get("object"),
                    sources=sources))


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
    rest = " ".join(_IMAGE_WORDS.sub(" ", _IMAGE_FILLER.sub(" ", turn.user_text)).split())
    return rest or turn.state.get("last_discussed_object") or turn.user_text
