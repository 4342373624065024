"""Extractive answers for the offline mode: the sentences of the retrieved passages that
answer the question, quoted whole with their citation marker.

:func:`answer_quotes` keeps only sentences that carry the kind of fact asked
(``question_types``) and says which part states it, so the answer can lead with it; when none
does, it returns the two closest sentences as related material, never as the answer.
:func:`best_quotes` ranks sentences by the question's words (widened bilingually, numbers
preferred for quantities, definitions for "what is"). Nothing is paraphrased: every sentence
shown stands in a cited passage.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from singularity.knowledge.question_lexicon import WIDEN
from singularity.knowledge.question_types import (
    TYPE_WORDS,
    Asked,
    Question,
    evidence,
    first_year,
    gives_reason,
    opens_with_subject,
    read_question,
    relevance,
    stated_fact,
    title_subject,
    widen,
)
from singularity.knowledge.sentences import split_sentences
from singularity.knowledge.spelling import SHORTEST, corrected
from singularity.knowledge.vectors import STOPWORDS, stem, stems, tokens

_QUANTITY = {"warm", "kalt", "heiss", "hot", "cold", "temperatur", "gross", "big", "large", "weit",
             "entfernt", "far", "hell", "bright", "alt", "alter", "old", "schwer", "masse", "wie", "how",
             "viele", "many", "much", "lang", "long"}
_STOP = {"was", "ist", "ein", "eine", "der", "die", "das", "den", "dem", "des", "wie", "und", "oder",
         "auf", "von", "im", "in", "es", "the", "a", "an", "is", "are", "what", "how", "of", "on",
         "and", "or", "to", "do", "does", "it", "its", "there", "dort", "gibt", "sind", "mir", "erklare",
         "explain", "tell", "me", "about", "uber", "welche", "which", "can", "kann", "man", "you"}
MAX_SENTENCES = 4
_DEFINITION_QUESTION = re.compile(r"^\s*(?:was\s+(?:ist|sind)|what\s+(?:is|are)|what's|erkl(?:ä|ae)re|explain"
                                  r"|define|definiere)\b", re.IGNORECASE)
_DEFINITION = re.compile(r"\b(?:is|are)\s+(?:a|an|the)\b|\b(?:is|are)\s+\w+\s+(?:that|which)\b")


@dataclass(frozen=True)
class Quote:
    text: str
    marker: str
    title: str


def question_terms(question: str) -> dict[str, float]:
    """The words a good sentence shares with the question, with weights: what is asked for
    (widened by ``WIDEN``) counts double, because the topic's name is in every sentence."""
    words = set(tokens(question)) - _STOP
    weights = dict.fromkeys(map(stem, words), 1.0)
    for word in words:
        if widen(word):
            weights[stem(word)] = 2.0
            weights.update(dict.fromkeys(map(stem, widen(word)), 2.0))
    return weights


def best_quotes(question: str, passages: Sequence[Mapping[str, Any]], *, limit: int = MAX_SENTENCES,
                per_source: int = 2) -> list[Quote]:
    """The sentences that share most with ``question``, best first, at most ``per_source`` per source."""
    terms = question_terms(question)
    quantity = bool(set(tokens(question)) & _QUANTITY) and not _DEFINITION_QUESTION.match(question)
    definition = bool(_DEFINITION_QUESTION.match(question))
    scored: list[tuple[float, int, int, Quote]] = []
    for rank, passage in enumerate(passages):
        for position, (_, sentence) in enumerate(_headed_sentences(passage)):
            words = stems(sentence)
            score = sum(terms[word] for word in words & terms.keys())
            score += 0.5 if quantity and any(c.isdigit() for c in sentence) else 0.0
            score += 1.5 if definition and words & terms.keys() and _DEFINITION.search(sentence) else 0.0
            score -= 0.15 * rank + 0.02 * position
            if len(sentence) < 25:
                continue
            scored.append((score, rank, position, _quote(sentence, passage)))
    scored.sort(key=lambda item: (-item[0], item[1], item[2]))
    chosen: list[Quote] = []
    per_marker: dict[str, int] = {}
    for _, _, _, quote in scored:
        if per_marker.get(quote.marker, 0) >= per_source or any(q.text == quote.text for q in chosen):
            continue
        per_marker[quote.marker] = per_marker.get(quote.marker, 0) + 1
        chosen.append(quote)
        if len(chosen) == limit:
            break
    return chosen


MAX_ANSWER_SENTENCES = 3
STRONG_REASON = 0.6
"""For a why-question, a sentence that gives a reason outright ("because", "the answer is")
outranks one that only mentions the question's words with a "so" or "if"."""
RANK_PENALTY = 0.15
"""Per rank of the passage: the search's order counts, as in :func:`best_quotes`."""
MAX_RELATED = 2
DEFINES = 0.6
"""For "what is X?" and "tell me about X", the sentence that says what its passage's subject is
("The Andromeda Galaxy, also called M31, is the nearest large spiral galaxy …") comes first,
before sentences that only mention it ("… Hubble showed that Andromeda … is a galaxy")."""
CORROBORATED = 0.2
"""For a fact that two passages state alike: more than one rank of the search, less than two."""
PERIOD = 0.5
"""For a when-question, a sentence that only gives a period ("returning about every 76 years")
ranks below one that dates it ("the next return … is in 2061"): a period says how often."""


@dataclass(frozen=True)
class Answer:
    """What the passages say to one question: the sentences that carry the asked fact (the
    first one's ``key`` states it), or none and the closest sentences as ``related``."""

    asked: Asked
    quotes: list[Quote]
    key: str
    related: list[Quote]

    @property
    def found(self) -> bool:
        return bool(self.quotes)


def answer_quotes(question: str, passages: Sequence[Mapping[str, Any]], *,
                  named: Sequence[tuple[str, Sequence[str]]] = (), german: bool = False) -> Answer:
    """The sentences of ``passages`` that carry what ``question`` asks, best first: each holds
    evidence of the asked kind and covers the question's subject and most of its words; ranked
    by that coverage (a reason given outright first), then by passage rank. ``named``: topic
    names found in the question, each with the titles it names."""
    sentences = [(rank, position, sentence, heading, passage) for rank, passage in enumerate(passages)
                 for position, (heading, sentence) in enumerate(_headed_sentences(passage))
                 if len(sentence) >= 25]
    texts = [s for _, _, s, _, _ in sentences]
    known = known_words(texts, [name for name, _ in named], german=german)
    read = read_question(corrected(question, known, shortest=GERMAN_SLIPS if german else SHORTEST,
                                   capitalised_are_names=not german), named=named, texts=texts, german=german)
    carried: list[tuple[float, int, int, str, Quote]] = []
    names_asked = read.asked is Asked.NAME or bool(_SAYS_GERMAN.search(question))
    about = _asked_about(read) if read.asked in _OVERVIEW else None
    earlier: dict[int, list[str]] = {}  # each passage's sentences so far
    for rank, position, sentence, heading, passage in sentences:
        before = earlier.setdefault(rank, [])
        share = relevance(read, _BY.sub("x", sentence), passage.get("title", ""), heading, before=" ".join(before))
        before.append(sentence)
        if _GERMAN_NAME.match(sentence) and not names_asked:
            continue  # still read as context: it says the German word the question may use
        defined = _defined(about, sentence, passage.get("title", "")) if about is not None else None
        if read.asked is Asked.DEFINITION and defined is False:
            continue  # "An aurora is …" says what an aurora is, whatever a magnetar is
        key = None if share is None else evidence(read, sentence)
        if key is not None:
            share += STRONG_REASON if read.asked is Asked.REASON and gives_reason(sentence) else 0.0
            share -= PERIOD if read.asked is Asked.DATE and key.lower().startswith("every") else 0.0
            share += DEFINES if defined else 0.0
            carried.append((share - RANK_PENALTY * rank, rank, position, key, _quote(sentence, passage)))
    carried = _corroborated(carried)
    carried.sort(key=lambda item: (first_year(item[4].text) if read.earliest else 0, -item[0], item[1], item[2]))
    quotes: list[Quote] = []
    for *_, quote in carried:
        if not any(_restates(quote, kept) for kept in quotes):
            quotes.append(quote)
    if not quotes:
        return Answer(read.asked, [], "", best_quotes(question, passages, limit=MAX_RELATED, per_source=1))
    if read.asked is Asked.COMPARISON:  # each side's own best sentences, by the words they share
        return Answer(read.asked, best_quotes(question, passages, limit=MAX_ANSWER_SENTENCES), "", [])
    return Answer(read.asked, quotes[:MAX_ANSWER_SENTENCES], carried[0][3], [])


_ENGLISH_LEXICON = (TYPE_WORDS | STOPWORDS | WIDEN.keys()
                    | {word for said in WIDEN.values() for phrase in said for word in tokens(phrase)})
GERMAN_SLIPS = 8
"""A German question's slips are read against the words that say what is asked ("Temperatur",
"Geschwindigkeit"), long ones only: German has many words one letter from another ("woraus",
"voraus"; "Objekt", "Objekte")."""


def _corroborated(carried: list[tuple[float, int, int, str, Quote]]) -> list[tuple[float, int, int, str, Quote]]:
    """``carried`` with :data:`CORROBORATED` added to each fact that another passage states too:
    two articles giving "about 110 km/s" for how fast Andromeda approaches outweigh one that gives a
    blueshift of "about 300 km/s" first."""
    passages: dict[str, set[int]] = {}
    for _, rank, _, key, _ in carried:
        passages.setdefault(stated_fact(key), set()).add(rank)
    return [(share + (CORROBORATED if len(passages[stated_fact(key)]) > 1 else 0.0), rank, position, key, quote)
            for share, rank, position, key, quote in carried]



def known_words(texts: Sequence[str], names: Sequence[str], *, german: bool) -> frozenset[str]:
    """The words a question's typing slips are read against (:func:`~singularity.knowledge.spelling.corrected`):
    the answerer's own words and the small words of both languages ("there" is no slip for "three"),
    and for an English question the passages' words too; for a German
    one the words that say what is asked (:data:`GERMAN_SLIPS`); and the names found in the
    question ("halley" is no slip for "valley")."""
    own = {word for name in names for word in tokens(name)}
    return frozenset(TYPE_WORDS | STOPWORDS | own if german else
                     _ENGLISH_LEXICON | own | {word for text in texts for word in tokens(text)})


_BY = re.compile(r"(?<=\d)\s*×\s*(?=\d)")
"""The "×" of an instrument's figures ("10×50 binoculars") as a question types it ("10x50")."""
_OVERVIEW = frozenset({Asked.DEFINITION, Asked.FACT})
_GERMAN_NAME = re.compile(r"In German (?:it is|they are) called\b")
"""An object card's line for the search ("In German it is called Sonne."): an answer only to a
question for the name."""
_SAYS_GERMAN = re.compile(r"\b(?:german|deutsch\w*)\b", re.IGNORECASE)
"""A question that says "German" asks the name in German, whatever its kind."""
_SAYS_WHAT = re.compile(r"^\W*\w+\s+(?:is|are)\s")
"""A sentence that opens by saying what its first word is ("Pulsars are …")."""
_SEVERAL = re.compile(r"\b(?:and|und)\b|&|,")
"""A title about several things ("Neutron stars and pulsars")."""
_DEFINING_VERB = re.compile(r"^[^.;:]{0,160}?\s(?:is|are|was)\s+(?:an?|the|one\s+of|\w+['’]s)\s", re.IGNORECASE)


def _asked_about(read: Question) -> tuple[frozenset[str], frozenset[str]]:
    """The titles the question names, and every stem a sentence may use for what it asks."""
    titles = frozenset(t for e in read.entities for t in e.titles)
    forms = {form for e in read.entities for word in (*e.words, *e.english) for form in word}
    forms |= {form for values in read.relation.values() for form in values}
    return titles, frozenset(forms)


def _defined(about: tuple[frozenset[str], frozenset[str]], sentence: str, title: str) -> bool | None:
    """Whether ``sentence`` says what the thing asked about is (True) or what another thing is
    (False), or defines nothing (None). A sentence defines its passage's subject when it opens
    with the title's first word and says what it is ("The Andromeda Galaxy, also called M31, is
    …"); that subject is the one asked when the question uses its word, or names a passage about
    one thing only ("M31" for *The Andromeda Galaxy*; a pulsar is not what "A neutron star is …"
    defines in *Neutron stars and pulsars*)."""
    titles, forms = about
    if _SAYS_WHAT.match(sentence) and stems(sentence)[0] in forms:
        return True  # "Pulsars are spinning neutron stars …" in *Neutron stars and pulsars*
    if not opens_with_subject(sentence, title) or not _DEFINING_VERB.match(sentence):
        return None
    return title_subject(title) in forms or (title in titles and not _SEVERAL.search(title.split(" — ")[0]))


def _restates(quote: Quote, kept: Quote) -> bool:
    """One sentence says no more than another already chosen ("Jupiter is the fifth planet from
    the Sun." beside "Jupiter is the fifth planet from the Sun, a gas giant.")."""
    new, old = (" ".join(tokens(q.text)) for q in (quote, kept))
    return new in old or old in new


def _headed_sentences(passage: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each sentence of a chunk with the heading it stands under: the chunk's section (or the
    "<title> — <section>" line it starts with), or the "## …" heading of a short section merged
    into it ("How a spectrograph works")."""
    text = passage.get("text", "")
    first, _, rest = text.partition("\n")
    heading = passage.get("section") or first
    body: list[str] = []
    headed: list[tuple[str, str]] = []

    def flush() -> None:
        headed.extend((heading, sentence) for sentence in split_sentences(" ".join(" ".join(body).split())))
        body.clear()

    for line in (rest or first).splitlines():
        if line.startswith("## "):
            flush()
            heading = line.removeprefix("## ").strip()
        else:
            body.append(line)
    flush()
    return headed


def _quote(sentence: str, passage: Mapping[str, Any]) -> Quote:
    return Quote(sentence, passage.get("marker", ""), passage.get("title", ""))
