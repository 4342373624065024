"""Whether an answer's claims stand in the passages they cite.

An answer (offline composed from quoted sentences, or written by a model) is split into
claims: its sentences, each with the source numbers it cites (its ``[n]`` markers; a sentence
without one takes those of its paragraph, and a paragraph without any marker is not checked:
intros, offers, reports). Each claim is compared with the sentences of its cited passages:

* **numbers** — every number in the claim must be in a cited passage, formatting aside
  ("2.5 million" = "2,500,000" = "2,5 Millionen"; "about 5,800 K" is met by "5,778 K": a
  number is as precise as its last non-zero digit). A number in no cited passage is flagged
  on its own, because it is the commonest invented detail.
* **words** — the share of the claim's content words (stemmed, stop words out) found in the
  best window of the passages (one sentence and its neighbours). A quote scores 1.0.
* **names** — capitalised words in the middle of a claim that reads like its source must be in
  that window too ("Herschel discovered Neptune" shares every other word with the source).
* **meaning** — when the words do not carry the claim (a paraphrase, a German sentence about
  an English source), the embedding similarity of the claim and its closest passage sentence.
* **judge** — when a model is configured for the ``judge`` role, it decides the claims the
  words do not carry, in place of the embedding.

Thresholds were set on the dev part of ``eval/data/planted_claims.jsonl`` (docs/evaluation.md,
"Claims checked against their sources").
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

import numpy as np

from singularity.knowledge.figures import figure_words
from singularity.knowledge.sentences import split_sentences
from singularity.knowledge.vectors import STOPWORDS, stem, tokens

WORDS_SUPPORTED = 0.75
"""Share of a claim's content words in one window of its passages above which the words carry
it (dev set: supported claims ≥ 0.8, invented sentences ≤ 0.6)."""
MEANING_SUPPORTED = 0.88
MEANING_SPECIFIC = 0.05
MEANING_CERTAIN = 0.95
"""A claim the words do not carry is supported when its cosine (multilingual-e5-small) to its
closest passage sentence is at least ``MEANING_SUPPORTED`` and exceeds the third closest by
``MEANING_SPECIFIC`` — a translation matches one sentence, an invented sentence about the same
subject is about as close to all of them (dev set: invented 0.85–0.92 with a margin below
0.04, translations 0.86–0.99 with margins 0.02–0.13) — or when it is at least
``MEANING_CERTAIN``."""
MEANING_ANCHORED = 0.85
"""A claim with numbers that all stand in its closest passage sentence needs only this cosine:
the numbers anchor it to that sentence (a German "etwa 464 °C" for "about 464 °C" scores 0.86)."""
NAME_CHECK_WORDS = 0.5
"""Names are checked in claims sharing at least this share of words with their window: a
claim in the passages' language. A translated claim capitalises every German noun."""
WINDOW = 1
"""Neighbouring sentences on each side that a passage sentence's window includes."""
QUOTE_PAIRS = 0.6
"""Share of a claim's word pairs found in its window from which it reads as a (near-)quote:
its names and numbers must then stand where the source has them (dev set: quotes and their
reformatted or synonym variants ≥ 0.7)."""

_MARKER = re.compile(r"\s?\[(\d{1,3})\]")
_LIST_PREFIX = re.compile(r"^\s*(?:[-*+]|\d{1,2}[.)]|#{1,6})\s+")
_MARKUP = re.compile(r"\*\*|__|`|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)|\\(?=[\\`*_{}\[\]()#+\-.!&|<>])")
"""Emphasis, and the backslashes ``markdown_text`` puts before Markdown characters."""
_EXTRA_STOP = frozenset({"about", "around", "approximately", "roughly", "nearly", "almost", "etwa", "rund",
                         "ungefahr", "circa", "ca", "known", "its", "it", "they", "he", "she", "we",
                         "which", "this", "that", "these", "those", "one", "also", "but"})

Reason = Literal["number", "name", "words"]


@dataclass(frozen=True)
class Claim:
    """One sentence of an answer and the source numbers it cites; ``start``/``end`` locate it
    in the answer (markers included) so a mark can follow it."""

    text: str
    cited: tuple[int, ...]
    start: int
    end: int

    @property
    def plain(self) -> str:
        """The claim without markers and Markdown emphasis."""
        return " ".join(_MARKUP.sub("", _MARKER.sub("", self.text)).split())


@dataclass(frozen=True)
class Verdict:
    """What the check found for one claim."""

    claim: Claim
    supported: bool
    words: float
    """Share of content words in the best window of the cited passages."""
    meaning: float | None = None
    """Cosine to the closest passage sentence, when it was computed."""
    missing_numbers: tuple[str, ...] = ()
    """Numbers of the claim that stand in none of its cited passages, as written in the claim."""
    missing_names: tuple[str, ...] = ()
    reasons: tuple[Reason, ...] = field(default=())


class Embedder(Protocol):
    def embed_documents(self, texts: Sequence[str]) -> np.ndarray: ...


Judge = Callable[[str, Sequence[str]], bool | None]
"""Whether passages support a claim; None when the judge could not say (the embedding decides)."""


# --- claims -------------------------------------------------------------------------------

def split_claims(answer: str) -> list[Claim]:
    """The checkable sentences of ``answer``: in paragraphs that cite at least one source,
    every sentence but those that introduce what follows (ending in ":") and short labels."""
    claims: list[Claim] = []
    offset = 0
    for paragraph in re.split(r"(\n\s*\n)", answer):
        if paragraph.strip() and _MARKER.search(paragraph):
            claims.extend(_paragraph_claims(paragraph, offset))
        offset += len(paragraph)
    return claims


def _paragraph_claims(paragraph: str, offset: int) -> list[Claim]:
    cited_here = tuple(dict.fromkeys(int(n) for n in _MARKER.findall(paragraph)))
    found: list[Claim] = []
    line_start = 0
    for line in paragraph.split("\n"):
        body_start = line_start + len(_LIST_PREFIX.match(line).group(0) if _LIST_PREFIX.match(line) else "")
        for start, end in _sentence_spans(paragraph[body_start:line_start + len(line)]):
            sentence = paragraph[body_start + start:body_start + end]
            markers = tuple(dict.fromkeys(int(n) for n in _MARKER.findall(sentence)))
            plain = " ".join(_MARKUP.sub("", _MARKER.sub("", sentence)).split())
            if plain.endswith(":") or len(plain.split()) < 4:
                continue
            found.append(Claim(sentence, markers or cited_here, offset + body_start + start, offset + body_start + end))
        line_start += len(line) + 1
    return found


_LEADING_MARKERS = re.compile(r"^(?:\s*\[\d{1,3}\])+")


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    """Where each sentence of ``text`` stands, with the markers that follow it ("… 1846. [1]
    Next …" keeps "[1]" with the first sentence)."""
    spans: list[tuple[int, int]] = []
    position = 0
    for piece in split_sentences(text):
        start = text.index(piece, position)
        end = position = start + len(piece)
        lead = _LEADING_MARKERS.match(piece)
        if lead and spans:
            spans[-1] = (spans[-1][0], start + lead.end())
            start += lead.end()
            start += len(text[start:end]) - len(text[start:end].lstrip())
        if start < end:
            spans.append((start, end))
    return spans


# --- numbers ------------------------------------------------------------------------------

_SUPERSCRIPT = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+")
_PLAIN_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_NUMBER = re.compile(
    r"(?<![\w.,^])(?<![A-Z] )"
    r"(?:10\s*\^\s*\{?(?P<power>[-−]?\d+)\}?"
    r"|(?P<digits>\d{1,3}(?:[,.\u00a0\u202f\u2009']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
    r"(?:\s*[×x·*]\s*10\s*\^\s*\{?(?P<exponent>[-−]?\d+)\}?)?)"
    r"(?:\s+(?P<scale>(?i:thousand|tausend|million|millionen|mio\.?|billion|billionen|milliarde|milliarden"
    r"|mrd\.?|trillion))\b)?")
"""Digits with separators, "× 10^6" and "10⁶" (superscripts read as "^6"), and a scale word;
not the number of a designation ("M 31", "NGC 224")."""
_SCALES = {"thousand": (1e3,), "tausend": (1e3,), "million": (1e6,), "millionen": (1e6,), "mio": (1e6,),
           "milliarde": (1e9,), "milliarden": (1e9,), "mrd": (1e9,), "trillion": (1e12,),
           "billion": (1e9, 1e12), "billionen": (1e12,)}
"""English "billion" is 10⁹, German "Billion" 10¹²: either is accepted for the word."""
_SPELLED = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "first": 1, "second": 2, "third": 3,
            "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
            "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "sechs": 6, "sieben": 7, "acht": 8,
            "neun": 9, "zehn": 10, "elf": 11, "zwolf": 12, "dozen": 12, "hundred": 100, "hundert": 100}
"""Number words a passage may use where a claim writes digits ("eighth planet" → "8th")."""


@dataclass(frozen=True)
class Number:
    """A number as written, with every value its spelling can mean, each with the rounding it
    allows (half a unit of its last significant digit, times its scale)."""

    written: str
    values: tuple[tuple[float, float], ...]


def numbers_in(text: str) -> list[Number]:
    """The numbers of ``text``: digits with any thousands and decimal separators, powers of ten
    ("10^6", "10⁶") and scale words ("million", "Mrd."). A separator followed by three digits
    may group thousands or mark decimals ("1,500"): both readings are kept."""
    text = _SUPERSCRIPT.sub(lambda m: "^" + m.group(0).translate(_PLAIN_DIGITS), _MARKER.sub(" ", text))
    found: list[Number] = []
    for match in _NUMBER.finditer(text):
        scale = (match.group("scale") or "").lower().rstrip(".")
        factors = _SCALES.get(scale, (1.0,))
        if match.group("power"):
            readings = [(10.0 ** int(match.group("power").replace("−", "-")), 0.0)]
        else:
            exponent = match.group("exponent")
            power = 10.0 ** int(exponent.replace("−", "-")) if exponent else 1.0
            readings = [(value * power, step * power) for value, step in _readings(match.group("digits"))]
        values = tuple(sorted({(value * factor, step * factor) for value, step in readings for factor in factors}))
        found.append(Number(match.group(0).strip(), values))
    return found


def _readings(digits: str) -> list[tuple[float, float]]:
    """Each value ``digits`` can mean with half a unit of its last significant digit."""
    plain = re.sub(r"[\u00a0\u202f\u2009']", "", digits)
    separators = [c for c in plain if c in ",."]
    if not separators:
        return [(float(plain), _step(plain, None))]
    readings = []
    last = max(plain.rfind(","), plain.rfind("."))
    grouped_only = len(set(separators)) == 1 and (len(separators) > 1 or len(plain) - last - 1 == 3)
    if grouped_only:  # "2,500,000", "1.500" or "1,500"
        whole = re.sub(r"[,.]", "", plain)
        readings.append((float(whole), _step(whole, None)))
    if len(separators) == 1 or len(set(separators)) == 2:  # one decimal mark, the rest grouping
        whole, fraction = re.sub(r"[,.]", "", plain[:last]), plain[last + 1:]
        readings.append((float(f"{whole}.{fraction}"), _step(whole, fraction)))
    return readings


def _step(whole: str, fraction: str | None) -> float:
    if fraction:
        return 0.5 * 10.0 ** -len(fraction)
    zeros = len(whole) - len(whole.rstrip("0")) if whole.strip("0") else 0
    return 0.5 * 10.0 ** min(zeros, len(whole) - 1)


def _spelled_values(text: str) -> list[float]:
    return [float(_SPELLED[word]) for word in tokens(text) if word in _SPELLED]


def number_found(number: Number, passage_values: Sequence[float]) -> bool:
    """Whether a passage number equals ``number`` up to the claim's rounding."""
    return any(math.isclose(value, other, rel_tol=1e-9) or abs(value - other) <= step
               for value, step in number.values for other in passage_values)


def values_in(text: str) -> list[float]:
    """Every value any number of ``text`` can mean, digits and number words."""
    return [value for number in numbers_in(text) for value, _ in number.values] + _spelled_values(text)


# --- words and names ----------------------------------------------------------------------

def content_stems(text: str) -> set[str]:
    """The stems of the words that carry a sentence's content: no stop words, no numbers."""
    return {stem(word) for word in tokens(_MARKER.sub(" ", text))
            if word not in STOPWORDS and word not in _EXTRA_STOP and not word.isdigit() and len(word) > 1}


_NAME = re.compile(r"(?<![\w'’])([A-Z][\w'’-]*[a-z][\w'’-]*)")


def names_in(text: str) -> list[str]:
    """Capitalised words after a sentence's first word (and after a dash or colon): the names a
    claim states."""
    plain = " ".join(_MARKUP.sub("", _MARKER.sub("", text)).split())
    names = []
    for clause in re.split(r"\s[—–:-]\s|[.!?]\s+", plain):
        words = clause.split(maxsplit=1)
        if len(words) < 2:
            continue
        names.extend(match.group(1) for match in _NAME.finditer(words[1]))
    return names


def _name_found(name: str, window_stems: set[str], window_text: str) -> bool:
    parts = [stem(word) for word in tokens(name) if len(word) > 1]
    folded = " ".join(tokens(window_text))
    return all(part in window_stems or part in folded for part in parts)


# --- support ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Passages:
    """The sentences of one answer's cited passages, by source number."""

    sentences: Mapping[int, Sequence[str]]

    @classmethod
    def from_texts(cls, texts: Mapping[int, Sequence[str]]) -> Passages:
        """Sentences of each source's passage texts (a "## heading" line is a sentence)."""
        return cls({source: [sentence for text in passages for line in text.splitlines() if line.strip()
                             for sentence in split_sentences(line.removeprefix("## ").strip())]
                    for source, passages in texts.items()})

    def of(self, cited: Sequence[int]) -> list[str]:
        return [sentence for source in cited for sentence in self.sentences.get(source, ())]


def check_claims(claims: Sequence[Claim], passages: Passages, *, embedder: Embedder | None = None,
                 judge: Judge | None = None) -> list[Verdict]:
    """A verdict for each claim against the passages it cites (see the module's description).
    The embedder is asked only for claims the words do not carry, all at once."""
    verdicts = [_lexical(claim, passages.of(claim.cited)) for claim in claims]
    open_ = [i for i, v in enumerate(verdicts) if v.reasons == ("words",) and passages.of(v.claim.cited)]
    if judge is not None:
        still_open = []
        for i in open_:
            said = judge(verdicts[i].claim.plain, passages.of(verdicts[i].claim.cited))
            if said is None:
                still_open.append(i)
            else:
                verdicts[i] = _decided(verdicts[i], supported=said)
        open_ = still_open
    if embedder is not None and open_:
        meanings = _meanings([verdicts[i].claim for i in open_], passages, embedder)
        for i, meaning in zip(open_, meanings, strict=True):
            closest, margin, sentence = meaning
            claimed = numbers_in(verdicts[i].claim.plain)
            anchored = bool(claimed) and all(number_found(n, values_in(sentence)) for n in claimed)
            supported = (closest >= MEANING_CERTAIN or (closest >= MEANING_SUPPORTED and margin >= MEANING_SPECIFIC)
                         or (anchored and closest >= MEANING_ANCHORED))
            verdicts[i] = _decided(verdicts[i], supported=supported, meaning=closest)
    return verdicts


def _decided(verdict: Verdict, *, supported: bool, meaning: float | None = None) -> Verdict:
    return Verdict(verdict.claim, supported, verdict.words, meaning, reasons=() if supported else ("words",))


_LEAD = re.compile(r"^\s*\*\*(?P<lead>[^*]+)\*\*\s+—\s+")
"""The figure an offline answer leads with, before the sentence it quotes."""


def _checked(claim: Claim) -> str:
    """The claim as its words and names are checked: a lead said in the conversation's language
    ("**etwa 15 Millionen K** — In the core …") without its German words — its numbers are
    checked as written, and the quote after it carries the words."""
    lead = _LEAD.match(claim.text)
    if lead is None:
        return claim.plain
    kept = [word for word in lead.group("lead").split() if word.casefold() not in figure_words()]
    text = f"{' '.join(kept)} — {claim.text[lead.end():]}" if kept else claim.text[lead.end():]
    return " ".join(_MARKUP.sub("", _MARKER.sub("", text)).split())


def _lexical(claim: Claim, sentences: Sequence[str]) -> Verdict:
    plain = _checked(claim)
    all_values = [value for sentence in sentences for value in values_in(sentence)]
    claimed = numbers_in(claim.plain)  # "15 Millionen" is 15 million
    missing_numbers = tuple(n.written for n in claimed if not number_found(n, all_values))
    wanted = content_stems(plain)
    best, window = 0.0, ""
    for index in range(len(sentences)):
        text = " ".join(sentences[max(0, index - WINDOW):index + WINDOW + 1])
        share = len(wanted & content_stems(text)) / len(wanted) if wanted else 1.0
        if share > best:
            best, window = share, text
    missing_names: tuple[str, ...] = ()
    out_of_place = False
    if best >= NAME_CHECK_WORDS:
        if _quote_like(plain, window):
            missing_names = tuple(name for name in _capitalised(plain) if not _in_place(name, plain, window))
            window_values = values_in(window)
            out_of_place = any(not number_found(n, window_values) for n in claimed)
        else:
            window_stems = {stem(word) for word in tokens(window)}
            missing_names = tuple(name for name in names_in(plain) if not _name_found(name, window_stems, window))
    reasons: tuple[Reason, ...] = tuple(
        reason for reason, failed in (("number", bool(missing_numbers) or out_of_place), ("name", bool(missing_names)),
                                      ("words", best < WORDS_SUPPORTED)) if failed)
    return Verdict(claim, not reasons, best, None, missing_numbers, missing_names, reasons)


def _clauses(text: str) -> list[list[str]]:
    """The folded tokens of each part of ``text`` between dashes, colons and brackets."""
    return [tokens(part) for part in re.split(r"\s[—–:-]\s|[():;]", text)]


def _bigrams(text: str) -> set[tuple[str, str]]:
    return {pair for words in _clauses(text) for pair in itertools.pairwise(words)}


def _quote_like(claim: str, window: str) -> bool:
    """Whether most of the claim's word pairs stand in ``window``: a quote or near-quote, in
    which every name must also stand beside a word it stands beside in the source."""
    pairs = _bigrams(claim)
    return bool(pairs) and len(pairs & _bigrams(window)) / len(pairs) >= QUOTE_PAIRS


def _capitalised(text: str) -> list[str]:
    """Every capitalised word of ``text``, sentence-initial ones included (a swapped subject)."""
    return [match.group(1) for match in _NAME.finditer(text)]


def _in_place(name: str, claim: str, window: str) -> bool:
    """Whether ``name`` stands in ``window`` beside one of its neighbours in the claim. Only
    neighbours the window has count (a neighbour changed for a synonym says nothing of the
    name); a name alone in its clause (the lead "**Galle** — …") only has to be there."""
    word = max(tokens(name), key=len, default="")
    present = set(tokens(window))
    if word not in present:
        return False
    pairs = {pair for words in _clauses(claim) for pair in itertools.pairwise(words)
             if word in pair and all(w in present for w in pair)}
    return not pairs or bool(pairs & _bigrams(window))


def _meanings(claims: Sequence[Claim], passages: Passages,
              embedder: Embedder) -> list[tuple[float, float, str]]:
    """Each claim's cosine to the closest sentence of its cited passages, by how much it
    exceeds the third closest (0 with fewer than three sentences), and that sentence."""
    cited = sorted({source for claim in claims for source in claim.cited})
    pool = [(source, sentence) for source in cited for sentence in passages.of([source])]
    vectors = embedder.embed_documents([claim.plain for claim in claims] + [sentence for _, sentence in pool])
    claim_vectors, pool_vectors = vectors[:len(claims)], vectors[len(claims):]
    meanings = []
    for claim, vector in zip(claims, claim_vectors, strict=True):
        rows = [i for i, (source, _) in enumerate(pool) if source in claim.cited]
        if not rows:
            meanings.append((0.0, 0.0, ""))
            continue
        similarity = pool_vectors[rows] @ vector
        cosines = np.sort(similarity)[::-1]
        margin = float(cosines[0] - cosines[2]) if len(cosines) >= 3 else 0.0
        meanings.append((float(cosines[0]), margin, pool[rows[int(np.argmax(similarity))]][1]))
    return meanings
