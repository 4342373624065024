"""The RAG evaluation runner: ``python -m eval.rag`` (or ``singularity eval rag``).

By default a quick dry run: it validates the test set against the bundled corpus, scores
synthetic rankings (the expected titles themselves, which must score 1.0 everywhere) and writes
the result files, without an index or a model. ``--live`` plans and searches every question
with the real retrieval tools (``plan_search`` + ``KnowledgeBase.search_topics``) and measures
the titles they return. Each run writes a timestamped JSON file with every detail and a
Markdown report; ``--compare`` lists per-question regressions against an earlier JSON file.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from eval.runs import (
    DEFAULT_OUTPUT_DIR,
    EXIT_FAILED,
    EXIT_INPUT,
    EXIT_OK,
    CompareFileError,
    display_path,
    git_commit,
    load_earlier,
    output_paths,
    write_run,
)

if TYPE_CHECKING:
    from eval.dataset import Question
    from eval.scoring import Retrieval
    from singularity.config import Settings
    from singularity.knowledge.retrieval import KnowledgeBase

SearchMode = Literal["hybrid", "dense", "sparse"]

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False,
                  help="Evaluate retrieval on the curated RAG test set.")


def oracle_retrieval(question: Question) -> Retrieval:
    """The dry run's synthetic search: expected then acceptable titles, the expected strategy."""
    from eval.scoring import Retrieval, RetrievedHit

    strategy = question.expected_strategy
    titles = [*question.expected_titles, *question.acceptable_titles]
    hits = [RetrievedHit(title=title, doc_id="", score=1.0 / rank, similarity=1.0, topic=0)
            for rank, title in enumerate(titles, start=1)]
    topics = [question.question] if strategy.topics == 1 else [f"topic {n}" for n in range(1, strategy.topics + 1)]
    filters = [[strategy.title_filter] if strategy.title_filter else [] for _ in topics]
    return Retrieval(hits=hits, topics=topics, title_filters=filters, retried_without_filter=False,
                     web_fallback=strategy.web_fallback, best_similarity=0.0 if strategy.web_fallback else 1.0)


def live_retrieval(question: Question, kb: KnowledgeBase, *, k: int, mode: SearchMode) -> Retrieval:
    """Plan and search ``question`` as the knowledge tools do; a search error is recorded, not raised."""
    from eval.scoring import Retrieval, RetrievedHit, merge_ranked
    from singularity.errors import SingularityError
    from singularity.knowledge.strategy import plan_search

    started = time.perf_counter()
    try:
        plan = plan_search(question.question, kb.titles)
        outcomes = kb.search_topics([(topic.query, topic.title) for topic in plan.topics], top_k=k, mode=mode)
    except SingularityError as exc:
        return Retrieval(hits=[], topics=[question.question], title_filters=[[]], retried_without_filter=False,
                         web_fallback=False, best_similarity=0.0, seconds=time.perf_counter() - started,
                         error=str(exc))
    per_topic = [[RetrievedHit(title=hit.title, doc_id=hit.doc_id, score=round(hit.score, 6),
                               similarity=round(hit.similarity, 6), topic=index) for hit in outcome.hits]
                 for index, outcome in enumerate(outcomes)]
    return Retrieval(
        hits=merge_ranked(per_topic), topics=[topic.query for topic in plan.topics],
        title_filters=[list(kb.titles.resolve(topic.title)) if topic.title else [] for topic in plan.topics],
        retried_without_filter=any(outcome.retried_without_filter for outcome in outcomes),
        web_fallback=not any(outcome.sufficient for outcome in outcomes),
        best_similarity=round(max((outcome.best_similarity for outcome in outcomes), default=0.0), 6),
        seconds=time.perf_counter() - started,
    )


def retrieval_settings(settings: Settings, kb: KnowledgeBase | None, k: int) -> dict[str, Any]:
    """The parameters that decide retrieval quality, recorded with every run."""
    from singularity.knowledge.embeddings import describe
    from singularity.knowledge.store import embedder_from_settings, qdrant_location

    knowledge = settings.knowledge
    if kb is None:
        embedder = embedder_from_settings(settings)
        return {"collection": knowledge.collection, "location": qdrant_location(settings), "top_k": k,
                "configured_top_k": knowledge.top_k, "prefetch_k": knowledge.prefetch_k,
                "relevance_threshold": knowledge.relevance_threshold,
                "embedder": embedder.name, "embedding_url": knowledge.embedding_url}
    return {"collection": kb.collection, "location": qdrant_location(settings), "top_k": k,
            "configured_top_k": kb.top_k, "prefetch_k": kb.prefetch_k, "relevance_threshold": kb.threshold,
            "embedder": describe(kb.embedder)["name"], "embedder_dimension": describe(kb.embedder)["dimension"],
            "embedding_url": knowledge.embedding_url}


def run_rag_eval(
    *,
    live: bool = False,
    k: int = 5,
    mode: SearchMode = "hybrid",
    compare: Path | None = None,
    output_dir: Path = DEFAULT_OUTPUT_DIR,
    dataset: Path | None = None,
    settings: Settings | None = None,
    knowledge_base: KnowledgeBase | None = None,
    echo: Callable[[str], None] = typer.echo,
) -> int:
    """Run the evaluation and write its files; returns the process exit code.

    ``settings`` and ``knowledge_base`` default to the configured ones (tests pass their own).
    Exit codes: 0 done, 1 the index or a search failed (or a dry run did not score 1.0),
    2 bad input (the test set or the ``--compare`` file).
    """
    from eval.dataset import (
        DEFAULT_DATASET,
        MIN_QUESTIONS,
        DatasetError,
        bundled_titles,
        load_questions,
    )
    from eval.report import compare_runs, run_markdown, summary_markdown, targets
    from eval.scoring import breakdown, score_question, summarise
    from singularity.config import get_settings
    from singularity.errors import SingularityError

    if k < 1:
        echo("Error: --k must be at least 1.")
        return EXIT_INPUT
    dataset_path = dataset or DEFAULT_DATASET
    try:
        questions = load_questions(dataset_path, known_titles=bundled_titles(),
                                   min_questions=MIN_QUESTIONS if dataset is None else 1)
    except DatasetError as exc:
        echo(f"Error: {exc}")
        return EXIT_INPUT
    earlier = None
    if compare is not None:
        try:
            earlier = load_earlier(compare, "questions")
        except CompareFileError as exc:
            echo(f"Error: {exc}")
            return EXIT_INPUT
    started = datetime.now(UTC)
    clock = time.perf_counter()
    try:
        settings = settings or get_settings()
        kb = knowledge_base
        if live and kb is None:
            from singularity.knowledge.retrieval import KnowledgeBase

            kb = KnowledgeBase.from_settings(settings)
        meta_retrieval = retrieval_settings(settings, kb if live else None, k)
    except SingularityError as exc:
        echo(f"Error: {exc}")
        return EXIT_FAILED
    composition = Counter(str(q.kind) for q in questions)
    echo(f"Test set {display_path(dataset_path)}: {len(questions)} questions ("
         + ", ".join(f"{kind} {n}" for kind, n in composition.items()) + "; "
         + ", ".join(f"{lang} {n}" for lang, n in Counter(q.language for q in questions).items()) + ").")
    results = []
    for number, question in enumerate(questions, start=1):
        retrieval = live_retrieval(question, kb, k=k, mode=mode) if live else oracle_retrieval(question)
        results.append(score_question(question, retrieval, k))
        if live and (number % 10 == 0 or number == len(questions)):
            echo(f"  searched {number}/{len(questions)}")
    summary = summarise(results)
    run: dict[str, Any] = {
        "run": {"started_at": started.isoformat(timespec="seconds"), "seconds": round(time.perf_counter() - clock, 3),
                "mode": "live" if live else "dry", "search_mode": mode, "k": k, "git_commit": git_commit(),
                "dataset": display_path(dataset_path), "dataset_sha256": hashlib.sha256(dataset_path.read_bytes()).hexdigest(),
                "questions": len(questions), "composition": dict(composition), "retrieval": meta_retrieval},
        "summary": summary, "by_kind": breakdown(results, "kind"), "by_language": breakdown(results, "language"),
        "targets": targets(summary, k), "questions": [result.to_json() for result in results], "comparison": None,
    }
    if earlier is not None:
        run["comparison"] = compare_runs(run, earlier, label=display_path(compare))
    json_path, markdown_path = output_paths(output_dir, "rag", started, f"live-{mode}" if live else "dry")
    write_run(run, run_markdown(run), json_path, markdown_path)
    echo(summary_markdown(run))
    echo(f"Results: {json_path}\nReport:  {markdown_path}")
    if summary["errors"]:
        return EXIT_FAILED
    if not live and not _perfect(summary):
        echo("Error: the dry run's synthetic rankings did not all score 1.0: the metrics or the "
             "scoring are broken.")
        return EXIT_FAILED
    return EXIT_OK


def _perfect(summary: dict[str, Any]) -> bool:
    return all(summary[name] == 1.0 for name in ("recall", "rr", "ndcg", "strategy_ok"))


@app.command()
def rag(
    live: Annotated[bool, typer.Option("--live", help="Search with the real retrieval tools (needs the built index).")] = False,
    k: Annotated[int, typer.Option("--k", min=1, max=50, help="Cut-off of the metrics and chunks retrieved per topic.")] = 5,
    mode: Annotated[str, typer.Option("--mode", help="Search mode: hybrid (dense + sparse, RRF), dense or sparse.")] = "hybrid",
    compare: Annotated[Path | None, typer.Option("--compare", help="An earlier result JSON: list per-question regressions.")] = None,
    output_dir: Annotated[Path, typer.Option("--output-dir", help="Where the JSON and Markdown files go.")] = DEFAULT_OUTPUT_DIR,
    dataset: Annotated[Path | None, typer.Option("--dataset", help="Another JSONL test set (default: eval/data/rag_questions.jsonl).")] = None,
) -> None:
    """Dry run by default (test set, metrics, files); --live measures the real retrieval."""
    if mode not in ("hybrid", "dense", "sparse"):
        typer.echo(f"Error: --mode must be hybrid, dense or sparse, not '{mode}'.")
        raise typer.Exit(EXIT_INPUT)
    raise typer.Exit(run_rag_eval(live=live, k=k, mode=mode, compare=compare,  # type: ignore[arg-type]
                                  output_dir=output_dir, dataset=dataset))


def main(argv: list[str] | None = None, *, prog_name: str = "python -m eval.rag") -> None:
    """Entry point of ``python -m eval.rag`` and ``singularity eval rag`` (exits the process)."""
    app(args=argv, prog_name=prog_name)


if __name__ == "__main__":
    main()
