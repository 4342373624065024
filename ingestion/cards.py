"""Generate the bundled knowledge base's object cards: one Markdown file per object.

Deep-sky cards come from OpenNGC (all 110 Messier objects, the named NGC/IC objects and the
brightest remaining ones, 320 in all; see :mod:`ingestion.cardgen.deepsky`); the Sun, the Moon
and the eight planets from ``singularity/planning/data/solar_system.yaml``. The output is
committed data in ``ingestion/corpus/objects/``; regenerating is deterministic (same input, byte-identical files)
and removes cards that an earlier run wrote but this one no longer does.

    python -m ingestion.cards [--out DIR]
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path

from ingestion.cardgen.deepsky import select_objects
from ingestion.cardgen.deepsky_card import deep_sky_card
from ingestion.cardgen.render import Card
from ingestion.cardgen.solar import solar_system_card
from singularity.planning.bodies import load_bodies

DEFAULT_OUT = Path(__file__).resolve().parent / "corpus" / "objects"
CARD_PREFIX = "object-"


@dataclass(frozen=True)
class GenerationReport:
    written: int
    """Cards whose file was created or changed."""
    unchanged: int
    removed: int
    deep_sky: int
    solar_system: int
    seconds: float

    def summary(self) -> str:
        return (f"{self.deep_sky + self.solar_system} object cards ({self.deep_sky} deep-sky, "
                f"{self.solar_system} solar system): {self.written} written, {self.unchanged} "
                f"unchanged, {self.removed} stale removed in {self.seconds:.2f} s")


def build_cards() -> list[Card]:
    """Every card, deep-sky objects first (Messier order), then the solar system."""
    cards = [deep_sky_card(obj) for obj in select_objects()]
    cards += [solar_system_card(body) for body in load_bodies()]
    ids = [card.id for card in cards]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(f"Two objects would share the card ids {', '.join(duplicates)}.")
    return cards


def write_cards(out_dir: Path) -> GenerationReport:
    """Write every card into ``out_dir`` and remove earlier generated cards not written now."""
    started = time.perf_counter()
    cards = build_cards()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = unchanged = 0
    for card in cards:
        path = out_dir / card.filename
        text = card.markdown()
        if path.exists() and path.read_text(encoding="utf-8") == text:
            unchanged += 1
            continue
        path.write_text(text, encoding="utf-8", newline="\n")
        written += 1
    current = {card.filename for card in cards}
    stale = [p for p in sorted(out_dir.glob(f"{CARD_PREFIX}*.md"))
             if p.name not in current and _generated(p)]
    for path in stale:
        path.unlink()
    solar = len(load_bodies())
    return GenerationReport(
        written=written, unchanged=unchanged, removed=len(stale),
        deep_sky=len(cards) - solar, solar_system=solar,
        seconds=time.perf_counter() - started,
    )


def _generated(path: Path) -> bool:
    """True for a card this module wrote (its front matter starts with an object id)."""
    with path.open(encoding="utf-8") as handle:
        head = [handle.readline() for _ in range(2)]
    return head[0].strip() == "---" and head[1].startswith(f"id: {CARD_PREFIX}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ingestion.cards", description=__doc__
                                     .split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"output folder (default: {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    print(write_cards(args.out).summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
