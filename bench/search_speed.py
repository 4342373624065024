"""Benchmark: a warm knowledge-base search (query embedding + hybrid query in Qdrant).

Uses the configured knowledge base (build it first with ``singularity ingest``), the bundled
embedding model and Qdrant's local mode unless ``knowledge.qdrant_url`` points at a server.
After one warm-up query per mode, every question of the RAG evaluation set is searched
``--repeat`` times; the script prints the median and 90th percentile per mode, split into the
query embedding and the Qdrant query. The per-process query cache is emptied before every
measurement, so each question costs what a new question costs.

Run: ``uv run python bench/search_speed.py`` (about half a minute on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from singularity.config import get_settings
from singularity.knowledge.embeddings import forget_queries
from singularity.knowledge.retrieval import KnowledgeBase

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "eval" / "data" / "rag_questions.jsonl"


def _questions() -> list[str]:
    lines = QUESTIONS.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["question"] for line in lines if line.strip()]


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    settings = get_settings()
    kb = KnowledgeBase.from_settings(settings)
    questions = _questions()
    print(f"Knowledge base: {kb.collection}, {kb.client.count(kb.collection).count} chunks, "
          f"embedder {kb.embedder.name}; {len(questions)} questions x {args.repeat}")
    for mode in ("hybrid", "dense", "sparse"):
        kb.search("warm-up query", mode=mode)
        embed_ms, total_ms = [], []
        for _ in range(args.repeat):
            for question in questions:
                forget_queries()  # a new question, as a user asks it: the model embeds it
                started = time.perf_counter()
                kb.embedder.embed_query(question)
                embed_ms.append((time.perf_counter() - started) * 1000)
                forget_queries()
                started = time.perf_counter()
                kb.search(question, mode=mode)  # the full path, its query embedded by the model
                total_ms.append((time.perf_counter() - started) * 1000)
        print(f"{mode:>6}: search median {statistics.median(total_ms):5.1f} ms, "
              f"p90 {_percentile(total_ms, 0.9):5.1f} ms (of which query embedding median "
              f"{statistics.median(embed_ms):4.1f} ms)")


if __name__ == "__main__":
    main()
