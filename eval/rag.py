"""The RAG evaluation runner: ``python -m eval.rag`` (or ``singularity eval rag``).

By default a quick dry run: it validates the test set against the bundled corpus, scores
synthetic rankings (the expected titles themselves, which must score 1.0 everywhere) and writes
the result files, without an index or a model. ``--live`` plans and searches every question
with the real retrieval tools (``plan_search`` + ``KnowledgeBase.search_topics``) and measures
the titles they return, then asks every question of the answer test set through the real
workflow and the offline pilot (one fresh ``Session`` and ``run_turn`` each, isolated as the
dialogue runner isolates its items) and scores the answers: answer accuracy on answerable
questions and the rate of unanswerable questions recognised, per split. Each run writes a
timestamped JSON file with every detail and a Markdown report; ``--compare`` lists
per-question regressions against an earlier JSON file.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import tempfile
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
    from eval.dataset import AnswerQuestion, Question
    from eval.phoenix import PhoenixExperiment
    from eval.scoring import AnswerResult, Retrieval
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


def answer_questions(questions: list[AnswerQuestion], settings: Settings,
                     echo: Callable[[str], None],
                     experiment: PhoenixExperiment | None = None) -> list[AnswerResult]:
    """Each question asked in a fresh session of the real workflow with the offline pilot
    (``eval.dialogue.run_item``), its answer scored (and, given an ``experiment``, traced and
    recorded as its run)."""
    from eval.dialogue import run_item
    from eval.dialogue_data import Item
    from eval.phoenix import run_of
    from eval.scoring import score_answer
    from singularity.workflow.runner import SharedResources

    async def ask_all() -> list[AnswerResult]:
        results = []
        shared = SharedResources()  # the knowledge base opened once for every question
        for number, question in enumerate(questions, start=1):
            item = Item(id=question.id, split=question.split, language=question.language,
                        turns=[{"user": question.question, "intent": "knowledge"}])
            started = time.perf_counter()
            with run_of(experiment, question.id, question.question) as run:
                seen = (await run_item(item, settings, shared))[0]
                result = score_answer(question, seen.answer, tools=[call.name for call in seen.tool_calls],
                                      seconds=time.perf_counter() - started, error=seen.error)
                if run is not None:
                    run.output, run.error = {"answer": seen.answer, "tools": result.tools}, seen.error
                    run.scores = {"correct": float(result.correct), "declined": float(result.declined)}
            results.append(result)
            if number % 20 == 0 or number == len(questions):
                echo(f"  answered {number}/{len(questions)}")
        await shared.close()
        return results

    return asyncio.run(ask_all())


def run_answers(questions: list[AnswerQuestion], source: Settings, echo: Callable[[str], None],
                experiment: PhoenixExperiment | None = None) -> list[AnswerResult]:
    """:func:`answer_questions` on a private copy of the index of ``source``, offline and with
    every network service unreachable (``eval.dialogue.isolated_settings``)."""
    from eval.dialogue import isolated_settings
    from singularity.knowledge.store import close_qdrant

    with tempfile.TemporaryDirectory(prefix="singularity-answers-") as scratch:
        settings = isolated_settings(Path(scratch), source)
        try:
            return answer_questions(questions, settings, echo, experiment)
        finally:
            close_qdrant(settings)


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
    answers: bool = True,
    answer_dataset: Path | None = None,
    data_dir: Path | None = None,
    settings: Settings | None = None,
    knowledge_base: KnowledgeBase | None = None,
    phoenix: bool = False,
    phoenix_url: str | None = None,
    echo: Callable[[str], None] = typer.echo,
) -> int:
    """Run the evaluation and write its files; returns the process exit code.

    ``settings`` and ``knowledge_base`` default to the configured ones, or those of
    ``data_dir`` (tests pass their own). A live run also answers the answer test set through
    the workflow unless ``answers`` is off or a ``knowledge_base`` stand-in is given (the
    workflow needs the real index); a dry run only checks that set. ``phoenix`` (or a
    ``phoenix_url``) uploads the test sets as Phoenix datasets and the run as experiments.
    Exit codes: 0 done, 1 the index or a search failed (or a dry run did not score 1.0),
    2 bad input (the test set or the ``--compare`` file).
    """
    from eval.dataset import (
        DEFAULT_ANSWERS,
        DEFAULT_DATASET,
        MIN_ANSWER_QUESTIONS,
        MIN_QUESTIONS,
        DatasetError,
        bundled_titles,
        load_answer_questions,
        load_questions,
    )
    from eval.report import answer_targets, compare_runs, run_markdown, summary_markdown, targets
    from eval.scoring import breakdown, score_question, summarise, summarise_answers
    from singularity.config import PROJECT_ROOT, get_settings, load_settings
    from singularity.errors import SingularityError
    from singularity.knowledge.store import close_qdrant

    if k < 1:
        echo("Error: --k must be at least 1.")
        return EXIT_INPUT
    dataset_path = dataset or DEFAULT_DATASET
    try:
        questions = load_questions(dataset_path, known_titles=bundled_titles(),
                                   min_questions=MIN_QUESTIONS if dataset is None else 1)
        answer_path = answer_dataset or DEFAULT_ANSWERS
        answer_set = load_answer_questions(answer_path, min_each=1 if answer_dataset else MIN_ANSWER_QUESTIONS) if answers else []
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
        if settings is None:
            settings = get_settings() if data_dir is None else load_settings(
                config_path=PROJECT_ROOT / "config.yaml",
                environ={**os.environ, "SINGULARITY__PATHS__DATA_DIR": str(data_dir.resolve())})
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
    if answer_set:
        echo(f"Answer test set {display_path(answer_path)}: " + ", ".join(
            f"{split} {sum(q.split == split for q in answer_set)} ({sum(q.split == split and q.answerable for q in answer_set)} answerable)"
            for split in ("dev", "heldout")) + ".")
    from eval.phoenix import answer_experiment, phoenix_api, retrieval_experiment, run_of

    api = phoenix_api(settings, phoenix_url) if phoenix or phoenix_url else None
    run_name = f"{'live-' + mode if live else 'dry'} k={k} {started:%Y-%m-%d %H:%M}"
    try:
        experiment = None if api is None else retrieval_experiment(
            api, questions, dataset_path, name=run_name, metadata={"k": k, "mode": mode, "live": live,
                                                                   "git_commit": git_commit()}, settings=settings)
    except SingularityError as exc:
        echo(f"Error: {exc}")
        return EXIT_FAILED
    results = []
    for number, question in enumerate(questions, start=1):
        with run_of(experiment, question.id, question.question) as run:
            retrieval = live_retrieval(question, kb, k=k, mode=mode) if live else oracle_retrieval(question)
            result = score_question(question, retrieval, k)
            if run is not None:
                run.output = {"titles": result.retrieved_titles, "strategy": result.strategy}
                run.scores, run.error = {**result.metrics, **{c: float(ok) for c, ok in result.checks.items()}}, retrieval.error
        results.append(result)
        if live and (number % 10 == 0 or number == len(questions)):
            echo(f"  searched {number}/{len(questions)}")
    answered: list[AnswerResult] = []
    try:
        if experiment is not None:
            echo(f"Phoenix experiment: {experiment.finish()}")
        if live and answer_set and knowledge_base is None:  # a given knowledge base: retrieval only (tests)
            close_qdrant(settings)  # the local index admits one client; the answer run copies it
            answers = None if api is None else answer_experiment(
                api, answer_set, answer_path, name=run_name, metadata={"git_commit": git_commit()},
                settings=settings)
            answered = run_answers(answer_set, settings, echo, answers)
            if answers is not None:
                echo(f"Phoenix experiment: {answers.finish()}")
    except SingularityError as exc:
        echo(f"Error: {exc}")
        return EXIT_FAILED
    summary = summarise(results)
    answer_figures = summarise_answers(answered) if answered else None
    run: dict[str, Any] = {
        "run": {"started_at": started.isoformat(timespec="seconds"), "seconds": round(time.perf_counter() - clock, 3),
                "mode": "live" if live else "dry", "search_mode": mode, "k": k, "git_commit": git_commit(),
                "dataset": display_path(dataset_path), "dataset_sha256": hashlib.sha256(dataset_path.read_bytes()).hexdigest(),
                "questions": len(questions), "composition": dict(composition), "retrieval": meta_retrieval},
        "summary": summary, "by_kind": breakdown(results, "kind"), "by_language": breakdown(results, "language"),
        "targets": targets(summary, k), "questions": [result.to_json() for result in results], "comparison": None,
        "answers": None if answer_figures is None else {
            "dataset": display_path(answer_path), "dataset_sha256": hashlib.sha256(answer_path.read_bytes()).hexdigest(),
            "figures": answer_figures, "targets": answer_targets(answer_figures),
            "items": [result.to_json() for result in answered]},
    }
    if earlier is not None:
        run["comparison"] = compare_runs(run, earlier, label=display_path(compare))
    json_path, markdown_path = output_paths(output_dir, "rag", started, f"live-{mode}" if live else "dry")
    write_run(run, run_markdown(run), json_path, markdown_path)
    echo(summary_markdown(run))
    echo(f"Results: {json_path}\nReport:  {markdown_path}")
    if summary["errors"] or (answer_figures and answer_figures["all"]["errors"]):
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
    answers: Annotated[bool, typer.Option("--answers/--no-answers", help="With --live, also answer the answer test set through the offline pilot.")] = True,
    answer_dataset: Annotated[Path | None, typer.Option("--answer-dataset", help="Another JSONL answer test set (default: eval/data/answer_questions.jsonl).")] = None,
    data_dir: Annotated[Path | None, typer.Option("--data-dir", help="Data directory holding the built knowledge index (default: the configured one).")] = None,
    phoenix: Annotated[bool, typer.Option("--phoenix", help="Upload the test sets as Phoenix datasets and this run as experiments, each question's run traced (the Phoenix the traces go to).")] = False,
    phoenix_url: Annotated[str | None, typer.Option("--phoenix-url", help="Upload to the Phoenix at this address instead (implies --phoenix).")] = None,
) -> None:
    """Dry run by default (test sets, metrics, files); --live measures the real retrieval and answers."""
    if mode not in ("hybrid", "dense", "sparse"):
        typer.echo(f"Error: --mode must be hybrid, dense or sparse, not '{mode}'.")
        raise typer.Exit(EXIT_INPUT)
    raise typer.Exit(run_rag_eval(live=live, k=k, mode=mode, compare=compare,  # type: ignore[arg-type]
                                  output_dir=output_dir, dataset=dataset, answers=answers,
                                  answer_dataset=answer_dataset, data_dir=data_dir, phoenix=phoenix,
                                  phoenix_url=phoenix_url))


def main(argv: list[str] | None = None, *, prog_name: str = "python -m eval.rag") -> None:
    """Entry point of ``python -m eval.rag`` and ``singularity eval rag`` (exits the process)."""
    app(args=argv, prog_name=prog_name)


if __name__ == "__main__":
    main()
