"""How a knowledge question is searched: one query, a query with a title filter, or several
standalone topics (comparisons and compound questions).

A comparison asked as one vector lands between its topics and matches neither well, so
"Hubble oder James Webb: wer sieht weiter?" becomes one search per telescope. A question that
names exactly one known topic is filtered to that topic's documents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from itertools import pairwise

from singularity.knowledge.glossary import english_terms
from singularity.knowledge.question_types import name_of_adjective
from singularity.knowledge.rewrite import needs_context
from singularity.knowledge.titles import TitleIndex, TitleMatch

_COMPARISON = re.compile(
    r"\b(unterschied\w*|unterscheid\w*|vergleich\w*|verglichen|gegenüber|versus|vs\.?|im gegensatz"
    r"|differen\w*|differ\w*|compar\w*|contrast\w*|besser|better|lieber|rather|brighter|bigger|larger"
    r"|smaller|hotter|colder|heavier|farther|further|closer|older|younger|heller|größer|grösser|kleiner"
    r"|heißer|heisser|kälter|schwerer|älter|jünger|näher|weiter entfernt|thicker|dicker|denser|dichter"
    r"|stronger|stärker|faster|schneller|longer|länger|warmer|wärmer|higher|höher)\b"
    r"|\b(?:which|welche[rs]?)\b.*\b(?:or|oder)\b",
    re.IGNORECASE)
"""A comparison: a comparing word, or a choice ("Which is closer, Mars or Venus?"); "In which year did
Isaac Newton build …" names two things but compares nothing."""
_WHY = re.compile(r"\W*(?:why|warum|wieso|weshalb|weswegen)\b", re.IGNORECASE)
""""Why is Venus hotter than Mercury?" asks the reason for one thing, which one sentence gives:
searched as one question, not one topic per compared thing."""
_RATIO = re.compile(r"\b(?:how much|how many times|wie ?viel(?:mal)?|um wie ?viel)\b", re.IGNORECASE)
""""How much heavier than Earth is Jupiter?" asks one ratio, which one sentence states."""
_CONJUNCTION = r"(?:und|and|vs\.?|versus|oder|or|mit|with|to|zu)"
_BETWEEN = re.compile(
    rf"\b(?:zwischen|between|vergleiche|compare|vergleich von|comparison of)\s+(?P<a>.+?)\s+{_CONJUNCTION}\s+"
    r"(?P<b>.+?)(?=[?.!,;:]|$|\s+(?:in|im|bei|hinsichtlich|regarding|in terms of|bezüglich)\b)",
    re.IGNORECASE)
_JOINS = {"und", "and", "vs", "vs.", "versus", "oder", "or", "von", "from", "als", "than"}
"""Words between two compared things: "A oder B", "A different from B", "A von B unterscheiden"."""
_NOT_PART_OF_A_NAME = {
    "was", "wie", "wer", "warum", "wieso", "welche", "welcher", "welches", "what", "how", "which", "who", "why",
    "ist", "sind", "is", "are", "were", "unterscheidet", "unterscheiden", "unterschied", "sich",
    "compare", "vergleiche", "between", "zwischen", "difference", "different", "differ", "differs",
    "passt", "better", "besser", "eigentlich", "denn", "do", "does", "eignet",
}
_HEDGES = {"eigentlich", "denn", "wirklich", "wohl", "noch", "viel", "actually", "really", "even", "much", "still"}
"""Words between a compared thing and its comparing word that belong to neither ("Thuban eigentlich heller")."""
_QUESTION_WORDS = (r"wie|was|warum|wieso|weshalb|wo|wann|welche\w*|wer|wieviel\w*|how|what|why|where"
                   r"|when|which|who|is|are|does|do|can|gibt|ist|sind|hat|haben|kann")
_LEADING_AND = re.compile(r"^(?:und|and|also|außerdem)\s+", re.IGNORECASE)
_COMPOUND = re.compile(rf"(?:,\s*|\s+)(?:und|and|sowie|außerdem|also)\s+(?=(?:{_QUESTION_WORDS})\b)",
                       re.IGNORECASE)


_NEWS = re.compile(
    r"\b(?:aktuell\w*|neueste\w*|neuigkeit\w*|nachrichten|news|latest|recent\w*|currently|right now"
    r"|this year|dieses jahr|heute|today|gestern|yesterday|diese[rns]? woche|this week|letzte woche"
    r"|last week|letzten monat|last month|gerade eben|just now|derzeit|zurzeit|momentan"
    r"|so far|to date|up to now|bisher|bis jetzt|mittlerweile"
    r"|kostet|kosten|preis\w*|prices?|costs?|kaufen|buy)\b", re.IGNORECASE)
"""News, prices and "right now": what a stored text cannot know however well it matches."""
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def asks_for_news(question: str, *, as_of: date) -> bool:
    """Whether ``question`` asks about events a knowledge base stored on ``as_of`` cannot know:
    news words, or a year from ``as_of``'s on. Such a question needs the web, however well
    the local texts match its words."""
    return bool(_NEWS.search(question)) or any(int(y) >= as_of.year for y in _YEAR.findall(question))


@dataclass(frozen=True)
class SearchTopic:
    query: str
    title: str | None = None


@dataclass(frozen=True)
class SearchPlan:
    """The searches for one question."""

    topics: list[SearchTopic]

    @property
    def split(self) -> bool:
        return len(self.topics) > 1

    @property
    def title(self) -> str | None:
        return self.topics[0].title if len(self.topics) == 1 else None


def plan_search(question: str, titles: TitleIndex) -> SearchPlan:
    """Split comparisons and compound questions into standalone topics; filter a topic by the
    one known title it names."""
    question = " ".join(question.split())
    parts = _comparison_topics(question, titles) or _compound_topics(question, titles)
    if not parts:
        return SearchPlan([SearchTopic(question, topic_title(question, titles))])
    return SearchPlan([SearchTopic(part, topic_title(part, titles)) for part in parts])


def topic_title(topic: str, titles: TitleIndex) -> str | None:
    """The title filter of one standalone topic (a name known to the base), if any; German
    names count through their English glossary term ("Beteigeuze" → "Betelgeuse") when the topic
    names none itself: a topic naming two ("rings" of "Neptune"; "der Halleysche Komet", Halley's
    and comets) has no single title."""
    named = titles.find_in(topic) + [match for name in _adjective_names(topic) for match in titles.find_in(name)]
    return _single_title(named or titles.find_in(" ".join(english_terms(topic))))


def _adjective_names(topic: str) -> list[str]:
    """A German name's adjective with its noun as the English texts name the pair: "der Halleysche
    Komet" → "Halley's comet", "Halley comet"; "die Oortsche Wolke" → "Oort cloud"."""
    words = re.findall(r"[\w'’-]+", topic)
    names = []
    for adjective, noun in pairwise(words):
        name = name_of_adjective(adjective) if adjective[0].isupper() else None
        for english in (english_terms(noun) if name else ()):
            names += [f"{name}'s {english}", f"{name} {english}"]
    return names


def _single_title(matches: list[TitleMatch]) -> str | None:
    distinct = {match.titles for match in matches}
    return matches[0].name if len(distinct) == 1 else None


def _comparison_topics(question: str, titles: TitleIndex) -> list[str]:
    """One topic per compared thing, plus the whole question (an article may compare them)."""
    if not _COMPARISON.search(question) or _RATIO.search(question) or _WHY.match(question):
        return []
    between = _BETWEEN.search(question)
    if between:
        head, tail = question[:between.start("a")], question[between.end("b"):]
        return [f"{head}{between[side].strip()}{tail}" for side in ("a", "b")] + [question]
    pair = _compared_pair(question)
    if pair:
        (start, end), first, second, comparing = pair
        return [f"{question[:start]}{thing}{comparing}{question[end:]}" for thing in (first, second)] + [question]
    named = titles.find_in(question)
    if len({match.titles for match in named}) >= 2:
        names = _unique([match.name for match in named])
        return [_focus(question, keep, [n for n in names if n != keep]) for keep in names] + [question]
    return []


def _compared_pair(question: str) -> tuple[tuple[int, int], str, str, str] | None:
    """The two things joined by "oder", "vs", "from", "von", …: the words on each side of the
    joining word up to a question word, verb or punctuation, the span they cover, and the
    comparing word between them (" heißer" in "Venus heißer als Merkur"), kept for each topic."""
    words = list(re.finditer(r"[\w'’.+-]+|[^\w\s]", question))
    texts = [w.group().casefold().rstrip(".") for w in words]
    for i, word in enumerate(texts):
        if word not in _JOINS or i == 0:
            continue
        left = i - 1
        while left >= 0 and (_COMPARISON.fullmatch(texts[left]) or texts[left] in _HEDGES):
            left -= 1  # "white dwarfs different from", "Thuban eigentlich heller als": skip the comparing word
        a_end = left
        while left >= 0 and texts[left] not in _NOT_PART_OF_A_NAME and words[left].group()[0].isalnum():
            left -= 1
        right = i + 1
        while right < len(words) and texts[right] not in _NOT_PART_OF_A_NAME and words[right].group()[0].isalnum():
            right += 1
        if a_end > left and right > i + 1:
            first = question[words[left + 1].start():words[a_end].end()]
            second = question[words[i + 1].start():words[right - 1].end()]
            comparing = " " + question[words[a_end + 1].start():words[i - 1].end()] if a_end < i - 1 else ""
            return (words[left + 1].start(), words[right - 1].end()), first, second, comparing
    return None


_INTERJECTION = re.compile(r"\W*(?:ok(?:ay)?|so|well|hmm+|also|alright|right|yes|yeah|ja|na|gut|nun|tja)\W*",
                           re.IGNORECASE)
"""A word that only opens the message ("ok and how far is Andromeda?"): no topic of its own."""


def _compound_topics(question: str, titles: TitleIndex) -> list[str]:
    sentences = [s.strip() for s in re.split(r"(?<=\?)\s+", question) if s.strip()]
    parts = [_LEADING_AND.sub("", p.strip(" ,")) for sentence in sentences for p in _COMPOUND.split(sentence)
             if p.strip(" ,") and not _INTERJECTION.fullmatch(p.strip(" ,"))]
    if len(parts) < 2 or all(needs_context(part, titles) for part in parts[1:]):
        return []  # "Wo steht der Orionnebel und wie groß erscheint er?" asks about one thing
    subject = titles.find_in(parts[0])
    topics = []
    for part in parts:
        if not part.endswith(("?", ".", "!")):
            part += "?"
        if subject and needs_context(part, titles):
            part = f"{part.rstrip('?.!')} ({subject[0].name})?"
        topics.append(part[0].upper() + part[1:])
    return topics


def _focus(question: str, keep: str, others: list[str]) -> str:
    """``question`` about ``keep`` only: the other names and their joining words removed."""
    text = question
    for other in others:
        text = re.sub(rf"\s*(?:\b{_CONJUNCTION}\s+)?\b{re.escape(other)}\b(?:\s+{_CONJUNCTION}\b)?", " ", text,
                      count=1, flags=re.IGNORECASE)
    text = re.sub(r"\s+([?.!,])", r"\1", " ".join(text.split()))
    return text if keep.casefold() in text.casefold() else f"{keep}: {text}"


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for name in names:
        seen.setdefault(name, None)
    return list(seen)
