"""Benchmark: the claim check (``knowledge/support.py``) on the planted-claims test set.

Reads ``eval/data/planted_claims.jsonl`` (written by ``python -m eval.planted_claims``: real
offline answers with their cited passages, supported variants and planted unsupported claims)
and checks every claim against its answer's passages as the turn runner does, offline, with
the knowledge base's embedder (the bundled model unless an endpoint is configured) and no judge.
Prints, per split (dev, heldout): the share of the pilot's own claims supported (the answers
to the answerable questions of the evaluation set), the share of planted claims caught (target
≥ 0.9) and of supported claims flagged (target ≤ 0.05), each by kind. ``--misses`` lists the
claims decided wrongly on dev (thresholds are set on dev only).

Run: ``uv run python -m bench.claims`` (about half a minute on 2 cores).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from eval.planted_claims import DEFAULT_PLANTED, PLANTED_KINDS, SUPPORTED_KINDS, load
from singularity.config import get_settings
from singularity.knowledge.store import embedder_from_settings
from singularity.knowledge.support import Claim, Embedder, Passages, Verdict, check_claims


class CachedEmbedder:
    """The embedder with every text embedded once: answers share their passages."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._rows: dict[str, np.ndarray] = {}

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        new = list(dict.fromkeys(text for text in texts if text not in self._rows))
        if new:
            self._rows.update(zip(new, self._embedder.embed_documents(new), strict=True))
        return np.vstack([self._rows[text] for text in texts])


CAUGHT_TARGET = 0.9
FLAGGED_TARGET = 0.05


def checked(answers: list[dict[str, Any]], embedder: Embedder | None) -> list[tuple[dict[str, Any], dict[str, Any], Verdict]]:
    """Each claim of each answer with its verdict against the answer's passages."""
    out = []
    for answer in answers:
        passages = Passages.from_texts({int(k): v for k, v in answer["passages"].items()})
        claims = [Claim(c["text"], tuple(c["cited"]), 0, len(c["text"])) for c in answer["claims"]]
        for row, verdict in zip(answer["claims"], check_claims(claims, passages, embedder=embedder), strict=True):
            out.append((answer, row, verdict))
    return out


def figures(results: list[tuple[dict[str, Any], dict[str, Any], Verdict]]) -> dict[str, Any]:
    """Per split: counts and rates by kind, and the overall caught and flagged shares."""
    table: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for answer, row, verdict in results:
        for split in (answer["split"], "all"):
            cell = table[split][row["kind"]]
            cell[0] += not verdict.supported
            cell[1] += 1
    summary: dict[str, Any] = {}
    for split, kinds in table.items():
        planted = [sum(kinds[k][i] for k in PLANTED_KINDS) for i in (0, 1)]
        supported = [sum(kinds[k][i] for k in SUPPORTED_KINDS) for i in (0, 1)]
        original = kinds["original"]
        summary[split] = {
            "pilot_claims_supported": round(1 - original[0] / original[1], 4) if original[1] else None,
            "pilot_claims": original[1],
            "planted": planted[1], "caught": round(planted[0] / planted[1], 4) if planted[1] else None,
            "supported": supported[1], "flagged": round(supported[0] / supported[1], 4) if supported[1] else None,
            "by_kind": {kind: {"flagged": n, "of": total, "rate": round(n / total, 4)}
                        for kind, (n, total) in sorted(kinds.items())},
        }
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", type=Path, default=DEFAULT_PLANTED)
    parser.add_argument("--no-embedding", action="store_true", help="Words, numbers and names only.")
    parser.add_argument("--misses", action="store_true", help="List the dev claims decided wrongly.")
    args = parser.parse_args()
    embedder = None if args.no_embedding else embedder_from_settings(get_settings())
    results = checked(load(args.dataset), None if embedder is None else CachedEmbedder(embedder))
    summary = figures(results)
    for split in ("dev", "heldout", "all"):
        row = summary.get(split)
        if row is None:
            continue
        print(f"{split:8} pilot claims supported {row['pilot_claims_supported']:.3f} (of {row['pilot_claims']}); "
              f"planted caught {row['caught']:.3f} (of {row['planted']}, target ≥ {CAUGHT_TARGET}); "
              f"supported flagged {row['flagged']:.3f} (of {row['supported']}, target ≤ {FLAGGED_TARGET})")
        print("         by kind: " + ", ".join(f"{kind} {cell['rate']:.2f} ({cell['flagged']}/{cell['of']})"
                                              for kind, cell in row["by_kind"].items()))
    if args.misses:
        for answer, row, verdict in results:
            if answer["split"] == "dev" and verdict.supported == (row["kind"] in PLANTED_KINDS):
                print(json.dumps({"kind": row["kind"], "words": round(verdict.words, 2), "meaning": None if verdict.meaning is None else round(verdict.meaning, 3),
                                  "reasons": verdict.reasons, "text": row["text"][:200]}, ensure_ascii=False))
    print(json.dumps({"embedding": embedder.name if embedder else None, "figures": summary}, ensure_ascii=False))


if __name__ == "__main__":
    main()
