"""The planted-claims test set: real offline answers with their passages, and claims changed so
their sources no longer support them. ``python -m eval.planted_claims`` writes
``eval/data/planted_claims.jsonl``; ``bench/claims.py`` measures the claim check on it.

Every answerable question of ``eval/data/answer_questions.jsonl`` is asked through the real
workflow and the offline pilot (fresh session each, network unreachable); an answer's claims
(``knowledge/support.py``) and the passages its markers cite are kept. Then, with a random
generator seeded by the question's id (the file is the same on every run over the same index):

* **supported** claims — each original claim as answered, and variants a careful writer could
  produce: a number written differently ("5,800" → "5800", "2.5 million" → "2,500,000"), a
  word replaced by a synonym ("about" → "approximately", "found" → "discovered"), the lead
  ("**key** — ") dropped, and for 21 answers a hand-written paraphrase or German translation
  (``PARAPHRASES``: what a model writes);
* **unsupported** claims — a number changed (to a value in none of the cited passages), a name
  swapped for another of its kind (planets, moons, people, stars, constellations), and an
  invented sentence about the answer's subject citing the same source.

Each answer keeps its question's split (dev/heldout): thresholds are set on dev only.
``rewrite()`` plants again from the stored answers after a change of the planting rules.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from singularity.knowledge.support import numbers_in, values_in

DEFAULT_PLANTED = Path(__file__).resolve().parent / "data" / "planted_claims.jsonl"
NOW = datetime(2026, 6, 1, 21, 0, tzinfo=UTC)
Kind = Literal["original", "reformatted", "synonym", "no_lead", "paraphrase", "number", "name", "invented"]
SUPPORTED_KINDS = ("original", "reformatted", "synonym", "no_lead", "paraphrase")
PLANTED_KINDS = ("number", "name", "invented")

NAMES = (
    ("Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto"),
    ("Titan", "Triton", "Europa", "Ganymede", "Callisto", "Phobos", "Deimos", "Enceladus", "Charon", "Io"),
    ("Galileo", "Kepler", "Newton", "Herschel", "Hubble", "Einstein", "Copernicus", "Halley", "Messier",
     "Huygens", "Cassini", "Lassell", "Galle", "Tombaugh", "Brahe", "Eddington", "Leavitt", "Lipperhey"),
    ("Sirius", "Vega", "Betelgeuse", "Rigel", "Polaris", "Arcturus", "Aldebaran", "Capella", "Antares"),
    ("Orion", "Andromeda", "Cassiopeia", "Cygnus", "Lyra", "Taurus", "Scorpius", "Perseus", "Ursa"),
)
"""Names a swap replaces with another of the same kind."""
SYNONYMS = {"about": "approximately", "found": "discovered", "large": "big", "roughly": "about",
            "located": "situated", "small": "little", "very": "extremely", "called": "named",
            "because": "since", "shows": "displays", "made": "composed", "bright": "luminous"}
PARAPHRASES = {
    "ans-de-01": "Galle und d'Arrest fanden Neptun am 23. September 1846 an der Berliner Sternwarte, nur etwa 1° von der Position entfernt, die Le Verrier vorausberechnet hatte.",
    "ans-de-07": "Die Sonne gibt ständig den Sonnenwind ab, einen Strom geladener Teilchen.",
    "ans-de-13": "Die mittlere Temperatur liegt bei etwa 464 °C.",
    "ans-de-19": "Clyde Tombaugh entdeckte Pluto am 18. Februar 1930 am Lowell-Observatorium, indem er Fotos verschiedener Nächte verglich.",
    "ans-de-25": "Galileo Galilei discovered Io, Europa, Ganymede and Callisto, Jupiter's four largest moons, in January 1610.",
    "ans-de-31": "Im Juli 2015 flog die Sonde New Horizons an Pluto vorbei und zeigte eine viel aktivere Welt als erwartet.",
    "ans-en-02": "Uranus was spotted by William Herschel on 13 March 1781 from his garden in Bath; he first took it for a comet.",
    "ans-en-08": "A white dwarf cannot be heavier than about 1.4 solar masses, the Chandrasekhar limit.",
    "ans-en-14": "Its winds blow at up to about 2,000 km/h, faster than anywhere else in the Solar System.",
    "ans-en-20": "William Lassell discovered Triton in October 1846, only 17 days after Neptune was found.",
    "ans-en-37": "Astronomers found the 13 rings of Uranus in 1977 when a star blinked as it passed behind them.",
    "ans2-de-06": "Sein Radius beträgt etwa 1.738 km, ungefähr ein Viertel des Erdradius.",
    "ans2-de-12": "Sigma Octantis, also called Polaris Australis, is the closest naked-eye star to the south celestial pole, at about magnitude 5.4.",
    "ans2-en-18": "Launched by the Space Shuttle Discovery on 24 April 1990, Hubble is a 2.4 m optical telescope in space operated by NASA together with ESA.",
    "ans2-en-24": "With about a trillion stars and a disk over 150,000 light-years wide, it is the Local Group's biggest galaxy.",
    "ans2-de-36": "Enceladus, ein nur etwa 500 km großer Mond des Saturn, stößt nahe seinem Südpol Fontänen aus Wasserdampf und Eis aus.",
    "ans2-en-42": "Solar eclipses happen only at new moon near a node of the Moon's orbit, so each year has between two and five of them.",
    "ans2-de-54": "In rund 5 Milliarden Jahren wird die Sonne zu einem Roten Riesen, etwa 200-mal so groß wie heute.",
    "ans2-de-60": "Mars liegt mit 1,52 AE am äußeren Rand der Zone, ist aber zu klein, um eine dichte, wärmende Atmosphäre zu halten.",
    "ans2-en-66": "Hydrogen fuses into helium there, at about 15 million °C, mostly through the proton–proton chain.",
    "ans2-de-72": "Triton ist mit etwa 2.700 km der größte Mond und umläuft Neptun rückwärts, was auf ein eingefangenes Objekt aus dem Kuipergürtel deutet.",
}
"""Hand-written paraphrases and German translations of an answer's first claim: what a model
writes. They are the only supported claims the words alone do not carry (the embedding does)."""
INVENTED = (
    "{subject} was first described in detail by a Portuguese expedition to the Azores.",
    "{subject} is mostly made of frozen methane crystals that glow faintly in the dark.",
    "Astronomers regard {subject} as the oldest known object of its kind in the Local Group.",
    "The colour of {subject} changes noticeably with the seasons on Earth.",
    "{subject} can only be studied with radio telescopes in the southern hemisphere.",
    "Nearly everything known about {subject} comes from a single balloon experiment.",
    "{subject} was named after a medieval poet who wrote about it in a famous ballad.",
    "Amateur observers often confuse {subject} with a comet because of its greenish tail.",
    "{subject} slowly rotates backwards, which puzzled observers for centuries.",
    "Most textbooks now consider {subject} a failed star that never ignited.",
)


@dataclass(frozen=True)
class PlantedClaim:
    text: str
    cited: list[int]
    kind: Kind

    @property
    def supported(self) -> bool:
        return self.kind in SUPPORTED_KINDS


def collect_answers(settings: Any, questions: list[Any], echo: Callable[[str], None]) -> list[dict[str, Any]]:
    """Each answerable question's offline answer: its claims and the passages they cite."""
    from eval.dialogue import isolated_settings
    from singularity.knowledge.store import close_qdrant

    with tempfile.TemporaryDirectory(prefix="singularity-claims-") as scratch:
        isolated = isolated_settings(Path(scratch), settings)
        try:
            return asyncio.run(_ask_all(isolated, [q for q in questions if q.answerable], echo))
        finally:
            close_qdrant(isolated)


async def _ask_all(settings: Any, questions: list[Any], echo: Callable[[str], None]) -> list[dict[str, Any]]:
    from singularity.workflow.runner import SharedResources

    shared = SharedResources()  # the knowledge base opened once for every question
    try:
        return [await _ask(settings, shared, question, number, len(questions), echo)
                for number, question in enumerate(questions, start=1)]
    finally:
        await shared.close()


async def _ask(settings: Any, shared: Any, question: Any, number: int, total: int,
               echo: Callable[[str], None]) -> dict[str, Any]:
    from singularity.workflow.honesty import ToolEvent, cited_passages
    from singularity.workflow.runner import Session, TurnEvent, TurnRecord, run_turn
    from singularity.workflow.store_keys import SOURCES_KEY

    session = Session.create(settings=settings, shared=shared)
    events: list[ToolEvent] = []
    record: TurnRecord | None = None
    try:
        async for item in run_turn(session, question.question, now=NOW):
            if isinstance(item, TurnEvent) and item.kind == "tool_result" and item.result is not None:
                events.append(ToolEvent(name=item.tool or "", arguments=item.arguments or {}, result=item.result))
            elif isinstance(item, TurnRecord):
                record = item
        assert record is not None
        registry = await session.ctx.store.get(SOURCES_KEY, default=None) or []
    finally:
        await session.close()
    passages = cited_passages(events, registry, record.sources)
    if number % 20 == 0 or number == total:
        echo(f"  answered {number}/{total}")
    return {"id": question.id, "split": question.split, "language": question.language,
            "question": question.question, "passages": {str(k): v for k, v in passages.items()},
            "claims": [claim.model_dump(mode="json") for claim in record.claims]}


def plant(answer: dict[str, Any]) -> list[PlantedClaim]:
    """The supported and planted claims of one answer (deterministic per answer id)."""
    rng = random.Random(int(hashlib.sha256(answer["id"].encode()).hexdigest()[:12], 16))
    passages = {int(k): v for k, v in answer["passages"].items()}
    out: list[PlantedClaim] = []
    for claim in answer["claims"]:
        text, cited = claim["text"], claim["cited"]
        out.append(PlantedClaim(text, cited, "original"))
        variants: list[tuple[Kind, str | None]] = [
            ("reformatted", _reformatted(text)), ("synonym", _synonym(text, rng)),
            ("no_lead", text.split(" — ", 1)[1] if " — " in text[:80] else None),
            ("number", _changed_number(text, [t for n in cited for t in passages.get(n, [])], rng)),
            ("name", _swapped_name(text, rng)),
        ]
        out.extend(PlantedClaim(variant, cited, kind) for kind, variant in variants if variant and variant != text)
    if answer["claims"]:
        first = answer["claims"][0]
        if answer["id"] in PARAPHRASES:
            out.append(PlantedClaim(PARAPHRASES[answer["id"]], first["cited"], "paraphrase"))
        subject = _subject(answer["question"], passages.get(first["cited"][0], [""])[0])
        out.append(PlantedClaim(rng.choice(INVENTED).format(subject=subject), first["cited"], "invented"))
    return out


def _reformatted(text: str) -> str | None:
    """The first number written another way with the same value."""
    for number in numbers_in(text):
        written = number.written
        value = max(v for v, _ in number.values)
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+", written):
            return text.replace(written, written.replace(",", ""), 1)
        match = re.fullmatch(r"(\d+(?:\.\d+)?) (million|billion)", written)
        if match and value < 1e12:
            return text.replace(written, f"{value:,.0f}", 1)
        if re.fullmatch(r"\d{4,}", written) and not 1000 <= value <= 2100:
            return text.replace(written, f"{value:,.0f}", 1)
    return None


def _synonym(text: str, rng: random.Random) -> str | None:
    words = [word for word in SYNONYMS if re.search(rf"\b{word}\b", text)]
    if not words:
        return None
    word = rng.choice(words)
    return re.sub(rf"\b{word}\b", SYNONYMS[word], text, count=1)


def _changed_number(text: str, passages: list[str], rng: random.Random) -> str | None:
    """The claim with one number changed to a value in none of ``passages``."""
    known = [value for passage in passages for value in values_in(passage)]
    candidates = [n for n in numbers_in(text) if re.fullmatch(r"[\d.,]+", n.written)]
    rng.shuffle(candidates)
    for number in candidates:
        value, step = number.values[-1]
        for _ in range(10):
            if 1000 <= value <= 2100 and "." not in number.written and "," not in number.written:
                changed = value + rng.choice([-1, 1]) * rng.randint(3, 40)
            else:
                changed = value * rng.choice([0.5, 0.6, 1.4, 1.7, 2.5, 3.0])
            written = _written_like(number.written, changed)
            if written != number.written and not any(abs(changed - k) <= max(step, 0.5 * abs(changed) * 0.05)
                                                     for k in known):
                return re.sub(rf"(?<![\d.,]){re.escape(number.written)}(?![\d])", written, text, count=1)
    return None


def _written_like(written: str, value: float) -> str:
    decimals = len(written.rsplit(".", 1)[1]) if "." in written and "," not in written else 0
    if "," in written:
        return f"{value:,.0f}"
    return f"{value:.{decimals}f}" if decimals else str(round(value))


def _swapped_name(text: str, rng: random.Random) -> str | None:
    for group in NAMES:
        present = [name for name in group if re.search(rf"\b{name}\b", text)]
        if present:
            name = rng.choice(present)
            other = rng.choice([n for n in group if not re.search(rf"\b{n}\b", text)])
            return re.sub(rf"\b{name}\b", other, text, count=1)
    return None


def _subject(question: str, passage: str) -> str:
    """What the answer is about: its passage's title line, without what follows a dash."""
    title = passage.split("\n", 1)[0]
    subject = re.split(r" [—–:-] ", title)[0].strip()
    return subject if 2 < len(subject) < 60 else question.rstrip("?")


def write(answers: list[dict[str, Any]], path: Path) -> int:
    """One line per answer: its passages and its claims, supported and planted; returns how
    many planted claims were written."""
    lines, planted = [], 0
    for answer in answers:
        claims = plant(answer)
        planted += sum(not claim.supported for claim in claims)
        lines.append(json.dumps({**{k: answer[k] for k in ("id", "split", "language", "question", "passages")},
                                 "claims": [{"text": c.text, "cited": c.cited, "kind": c.kind,
                                             "supported": c.supported} for c in claims]}, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return planted


def rewrite(path: Path = DEFAULT_PLANTED) -> int:
    """The set planted again from the answers stored in ``path`` (after a change of the
    planting rules, without asking the questions again)."""
    answers = [{**row, "claims": [c for c in row["claims"] if c["kind"] == "original"]} for row in load(path)]
    return write(answers, path)


def load(path: Path = DEFAULT_PLANTED) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> None:
    from eval.dataset import load_answer_questions
    from singularity.config import get_settings

    answers = collect_answers(get_settings(), load_answer_questions(), print)
    planted = write(answers, DEFAULT_PLANTED)
    print(f"{DEFAULT_PLANTED}: {len(answers)} answers, {planted} planted claims.")


if __name__ == "__main__":
    main()
