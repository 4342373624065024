"""Claims of an answer checked against their cited passages (knowledge/support.py)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from singularity.knowledge.support import (
    Claim,
    Passages,
    check_claims,
    number_found,
    numbers_in,
    split_claims,
    values_in,
)

NEPTUNE = ("Neptune\nNeptune is the eighth and outermost planet. On 23 September 1846 Johann Galle and "
           "Heinrich d'Arrest at the Berlin Observatory found Neptune within about 1° of Le Verrier's "
           "predicted position. Just 17 days after the discovery, William Lassell found its large moon "
           "Triton. Neptune has 16 known moons (as of 2025).")
SUN = "The Sun is about 1.39 million km across. Its visible surface, the photosphere, is about 5,778 K."


def _passages(**texts: str) -> Passages:
    return Passages.from_texts({int(key.removeprefix("s")): [text] for key, text in texts.items()})


def _claim(text: str, *cited: int) -> Claim:
    return Claim(text, cited or (1,), 0, len(text))


def test_an_offline_answer_splits_into_its_quoted_sentences_with_their_markers() -> None:
    answer = ("The knowledge base says:\n\n"
              "**16 known moons** — Neptune has 16 known moons (as of 2025). [1]\n"
              "- Just 17 days after the discovery, William Lassell found its large moon Triton. [2]\n\n"
              "Related, but not the answer:\n- Neptune is the eighth and outermost planet. [1]")
    claims = split_claims(answer)
    assert [(c.plain, c.cited) for c in claims] == [
        ("16 known moons — Neptune has 16 known moons (as of 2025).", (1,)),
        ("Just 17 days after the discovery, William Lassell found its large moon Triton.", (2,)),
        ("Neptune is the eighth and outermost planet.", (1,)),
    ]
    assert all(answer[c.start:c.end] == c.text for c in claims)


def test_a_german_lead_with_an_escaped_date_stays_one_claim_and_is_supported() -> None:
    """"**23\\. September 1846**" (Markdown escapes the ordinal's dot) ends no sentence: split there,
    the quote lost its lead and was marked as not in the source."""
    answer = ("Die Wissensbasis sagt dazu (Originalzitate aus englischen Quellen):\n\n"
              "**23\\. September 1846** — On 23 September 1846 Johann Galle and Heinrich d'Arrest at the Berlin "
              "Observatory found Neptune within about 1° of Le Verrier's predicted position. [1]")
    claims = split_claims(answer)
    assert len(claims) == 1 and claims[0].plain.startswith("23. September 1846 — On 23 September")
    assert check_claims(claims, _passages(s1=NEPTUNE))[0].supported


def test_a_sentence_without_a_marker_takes_its_paragraphs_and_uncited_paragraphs_are_not_claims() -> None:
    answer = "I looked this up for you.\n\nNeptune was found in 1846. [1] It has 16 moons [2]. Its moon Triton is large."
    claims = split_claims(answer)
    assert [(c.plain, c.cited) for c in claims] == [
        ("Neptune was found in 1846.", (1,)), ("It has 16 moons.", (2,)), ("Its moon Triton is large.", (1, 2))]
    assert answer[claims[0].start:claims[0].end] == "Neptune was found in 1846. [1]"


@pytest.mark.parametrize(("claim", "source"), [
    ("2.5 million km", "2,500,000 km"), ("2,5 Millionen km", "2.5 million km"), ("1.39 million km", "1,390,000 km"),
    ("13.8 billion years", "13,800,000,000 years"), ("3 × 10^6 m", "3,000,000 m"), ("10⁶ m", "1,000,000 m"),
    ("about 5,800 K", "5,778 K"), ("1.738 km", "1,738 km"), ("the eighth planet, 8th from the Sun", "eighth"),
    ("4.2 light-years", "4.24 light-years"),
])
def test_numbers_match_whatever_their_formatting(claim: str, source: str) -> None:
    assert all(number_found(number, values_in(source)) for number in numbers_in(claim))


@pytest.mark.parametrize(("claim", "source"), [
    ("5,900 K", "5,778 K"), ("1848", "1846"), ("2.6 million km", "2,500,000 km"), ("18 moons", "16 moons"),
    ("4.3 light-years", "4.24 light-years"),
])
def test_a_changed_number_is_not_found(claim: str, source: str) -> None:
    assert not all(number_found(number, values_in(source)) for number in numbers_in(claim))


def test_designations_and_markers_are_no_numbers() -> None:
    assert numbers_in("M 31 and NGC 224 [3]") == []


def test_a_quote_and_its_rewordings_are_supported() -> None:
    passages = _passages(s1=NEPTUNE, s2=SUN)
    claims = [_claim("On 23 September 1846 Johann Galle and Heinrich d'Arrest at the Berlin Observatory found "
                     "Neptune within approximately 1° of Le Verrier's predicted position."),
              _claim("16 known moons — Neptune has 16 known moons."),
              _claim("The photosphere is about 5800 K.", 2),
              _claim("The Sun is 1,390,000 km across.", 2)]
    assert [v.supported for v in check_claims(claims, passages)] == [True] * 4


def test_a_changed_number_is_flagged_as_in_no_source() -> None:
    [verdict] = check_claims([_claim("Neptune has 19 known moons (as of 2025).")], _passages(s1=NEPTUNE))
    assert not verdict.supported and verdict.missing_numbers == ("19",) and verdict.reasons == ("number",)


def test_a_number_from_another_sentence_is_out_of_place() -> None:
    [verdict] = check_claims([_claim("Just 16 days after the discovery, William Lassell found its large moon Triton.")],
                             _passages(s1=NEPTUNE))
    assert not verdict.supported and verdict.missing_numbers == () and verdict.reasons == ("number",)


def test_a_swapped_name_is_flagged_even_when_the_source_names_it_elsewhere() -> None:
    passages = _passages(s1=NEPTUNE)
    [absent, elsewhere] = check_claims(
        [_claim("Just 17 days after the discovery, William Herschel found its large moon Triton."),
         _claim("Just 17 days after the discovery, William Lassell found its large moon Neptune.")], passages)
    assert not absent.supported and absent.missing_names == ("Herschel",)
    assert not elsewhere.supported and elsewhere.missing_names == ("Neptune",)


class Fixed:
    """An embedder that returns a chosen vector per text (unit vectors along given axes)."""

    def __init__(self, vectors: dict[str, Sequence[float]]) -> None:
        self.vectors = vectors
        self.calls = 0

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        rows = np.array([self.vectors.get(text, (0.0, 0.0, 0.0, 1.0)) for text in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_words_that_do_not_carry_a_claim_leave_it_to_the_embedding() -> None:
    passages = Passages({1: ["Neptune has 16 known moons.", "It is blue.", "It is cold."]})
    translation = "Neptun hat sechzehn bekannte Monde."
    invented = "Neptune glows green at night."
    embedder = Fixed({translation: (1, 0.05, 0, 0), invented: (0.5, 0.5, 0.5, 0.5),
                      "Neptune has 16 known moons.": (1, 0, 0, 0), "It is blue.": (0, 1, 0, 0), "It is cold.": (0, 0, 1, 0)})
    verdicts = check_claims([_claim(translation), _claim(invented)], passages, embedder=embedder)
    assert [v.supported for v in verdicts] == [True, False]
    assert verdicts[1].reasons == ("words",) and embedder.calls == 1


def test_without_an_embedder_the_words_decide_and_a_judge_overrules_them() -> None:
    passages = _passages(s1=NEPTUNE)
    claim = _claim("Neptun wurde 1846 an der Berliner Sternwarte gefunden.")
    assert not check_claims([claim], passages)[0].supported
    asked: list[str] = []

    def judge(text: str, sentences: Sequence[str]) -> bool:
        asked.append(text)
        return True

    assert check_claims([claim], passages, judge=judge)[0].supported and asked == [claim.plain]


def test_a_judge_is_not_asked_about_numbers_no_source_states() -> None:
    def judge(text: str, sentences: Sequence[str]) -> bool:
        raise AssertionError("asked")

    [verdict] = check_claims([_claim("Neptun hat 21 Monde.")], _passages(s1=NEPTUNE), judge=judge)
    assert not verdict.supported and verdict.missing_numbers == ("21",)


def test_a_number_out_of_place_is_not_rescued_by_the_embedding() -> None:
    claim = _claim("Just 16 days after the discovery, William Lassell found its large moon Triton.")
    embedder = Fixed({})  # every text the same vector: cosine 1.0
    [verdict] = check_claims([claim], _passages(s1=NEPTUNE), embedder=embedder)
    assert not verdict.supported and embedder.calls == 0


def test_a_lead_said_in_german_before_its_quote_is_supported_but_its_numbers_are_checked() -> None:
    passages = _passages(s1=NEPTUNE, s2=SUN)
    quote = "The Sun is about 1.39 million km across. [2]"
    [said] = check_claims([_claim(f"**etwa 1,39 Millionen km** — {quote}", 2)], passages)
    [changed] = check_claims([_claim(f"**etwa 1,93 Millionen km** — {quote}", 2)], passages)
    [dated] = check_claims([_claim("**23. September 1846** — On 23 September 1846 Johann Galle and Heinrich "
                                   "d'Arrest at the Berlin Observatory found Neptune. [1]")], passages)
    assert said.supported and dated.supported
    assert not changed.supported and changed.missing_numbers == ("1,93 Millionen",)
