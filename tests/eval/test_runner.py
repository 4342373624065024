"""The runner: dry run files, live scoring through the retrieval API, comparisons, the CLIs."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from qdrant_client import QdrantClient
from typer.testing import CliRunner

from eval import rag
from eval.rag import run_rag_eval
from eval.report import compare_runs
from ingestion.chunking import chunk_document
from ingestion.documents import load_bundled_documents
from ingestion.index import build_index
from singularity.cli import app as singularity_app
from singularity.config import Settings, get_settings
from singularity.errors import ServiceError
from singularity.knowledge.retrieval import KnowledgeBase
from singularity.knowledge.titles import TitleIndex
from tests.eval.conftest import FakeKnowledgeBase, hit
from tests.ingestion.test_index import HashedBagOfWords

M13 = "M13 — Hercules Globular Cluster"


def _run(settings: Settings, out: Path, **options) -> tuple[int, dict, str, list[str]]:
    printed: list[str] = []
    code = run_rag_eval(output_dir=out, settings=settings, echo=printed.append, **options)
    files = sorted(out.glob("*.json"))
    result = json.loads(files[-1].read_text(encoding="utf-8")) if files else {}
    return code, result, "\n".join(printed), [str(path) for path in files]


def test_dry_run_validates_scores_and_writes_both_files(eval_settings: Settings, tmp_path: Path) -> None:
    code, result, printed, files = _run(eval_settings, tmp_path / "out")
    assert code == 0, printed
    assert len(files) == 1 and files[0].endswith("-dry.json")
    markdown = Path(files[0]).with_suffix(".md").read_text(encoding="utf-8")
    meta = result["run"]
    assert meta["mode"] == "dry" and meta["k"] == 5 and meta["questions"] >= 60
    assert meta["retrieval"]["embedder"] == "multilingual-e5-small-q4"
    assert {"top_k", "prefetch_k", "relevance_threshold", "collection"} <= set(meta["retrieval"])
    assert result["summary"]["recall"] == 1.0 and result["summary"]["rr"] == 1.0
    assert result["summary"]["strategy_ok"] == 1.0
    assert set(result["by_kind"]) == {"single", "synthesis", "comparison", "compound", "title_filter", "web_fallback"}
    assert result["by_kind"]["web_fallback"]["recall"] is None  # undefined, not averaged in
    first = result["questions"][0]
    assert {"retrieved_titles", "hits", "strategy", "checks", "metrics"} <= set(first)
    assert "Recall@5" in printed and "## By kind" in printed
    assert "## Questions" in markdown and f"| {first['id']}: " in markdown
    assert "Dry run: the rankings are synthetic" in markdown


def test_live_run_scores_what_the_retrieval_api_returns(
    eval_settings: Settings, tmp_path: Path, title_index: TitleIndex, subset: Callable[..., Path]
) -> None:
    kb = FakeKnowledgeBase(title_index, {
        "M13": [hit("Globular clusters", 0.85), hit(M13, 0.92), hit(M13, 0.91)],
        "Gezeiten": [hit("The Moon: Facts and Origin", 0.82), hit("Tides", 0.81)],  # before "Pulsar":
        "Pulsar": [hit("Neutron stars and pulsars")],  # the planner may add the first topic's name
        "Artemis": [hit("The Apollo Moon landings", 0.79)],
    })
    dataset = subset("title-filter-01-de", "compound-01-de", "web-fallback-01-en")
    code, result, printed, _ = _run(eval_settings, tmp_path / "out", live=True, knowledge_base=kb,
                                    dataset=dataset, k=3, mode="dense")
    assert code == 0, printed
    assert result["run"]["mode"] == "live" and result["run"]["search_mode"] == "dense"
    assert result["run"]["retrieval"]["embedder"] == "fake-embedder"
    assert [call[1:] for call in kb.calls] == [(3, "dense")] * 3
    m13, compound, web = result["questions"]
    assert kb.calls[0][0] == [("Wie hell ist M13?", "M13")]
    assert m13["retrieved_titles"] == ["Globular clusters", M13]  # two chunks of M13: one title
    assert m13["metrics"] == {"recall": 1.0, "precision": pytest.approx(1 / 3), "rr": 0.5,
                              "ndcg": pytest.approx(0.6309, abs=1e-4)}
    assert M13 in m13["strategy"]["title_filters"][0]
    assert m13["checks"] == {"title_filter": True, "topics": True, "web_fallback": True}
    assert len(compound["strategy"]["topics"]) == 2
    # round-robin merge: first hit of each topic, then the second ones
    assert compound["retrieved_titles"] == ["Neutron stars and pulsars", "The Moon: Facts and Origin", "Tides"]
    assert compound["metrics"]["recall"] == 1.0 and compound["metrics"]["rr"] == 1.0
    assert web["strategy"]["web_fallback"] is True and web["checks"]["web_fallback"] is True
    assert web["metrics"] == {"recall": None, "precision": None, "rr": None, "ndcg": None}


def test_a_missing_title_filter_and_a_wrong_fallback_fail_their_checks(
    eval_settings: Settings, tmp_path: Path, title_index: TitleIndex, subset: Callable[..., Path]
) -> None:
    kb = FakeKnowledgeBase(title_index, {"Pulsar": [hit("Neutron stars and pulsars", 0.5)]})
    dataset = subset("single-12-de", "compound-01-de")
    code, result, printed, _ = _run(eval_settings, tmp_path / "out", live=True, knowledge_base=kb, dataset=dataset)
    assert code == 0, printed
    nova, compound = result["questions"]
    assert nova["metrics"]["recall"] == 0.0 and nova["checks"]["web_fallback"] is False
    assert compound["checks"]["web_fallback"] is False  # best similarity 0.5 < 0.8: would go to the web
    assert "## Weakest questions" in printed and "single-12-de" in printed


def test_a_search_error_is_recorded_and_fails_the_run(
    eval_settings: Settings, tmp_path: Path, title_index: TitleIndex, subset: Callable[..., Path]
) -> None:
    kb = FakeKnowledgeBase(title_index, {}, error=ServiceError("The Qdrant server did not answer the search."))
    code, result, _, _ = _run(eval_settings, tmp_path / "out", live=True, knowledge_base=kb,
                              dataset=subset("single-01-en"))
    assert code == 1
    question = result["questions"][0]
    assert question["error"] == "The Qdrant server did not answer the search."
    assert question["metrics"]["recall"] == 0.0 and not any(question["checks"].values())
    assert result["summary"]["errors"] == 1


def test_live_without_a_built_index_says_what_to_run(eval_settings: Settings, tmp_path: Path) -> None:
    from singularity.knowledge.store import close_qdrant

    try:
        code, _, printed, files = _run(eval_settings, tmp_path / "out", live=True)
    finally:
        close_qdrant(eval_settings)
    assert code == 1 and files == []
    assert "has not been built yet" in printed and "singularity ingest" in printed


@pytest.fixture
def tiny_index(tmp_path: Path) -> Iterator[KnowledgeBase]:
    """A real KnowledgeBase over a few real documents, with a fast hashed embedder."""
    wanted = {"object-m13", "object-m3", "topic-globular-clusters", "topic-tides", "topic-neutron-stars",
              "topic-moon", "topic-apollo", "topic-novae"}
    documents = [d for d in load_bundled_documents() if d.id in wanted]
    chunks = [chunk for document in documents for chunk in chunk_document(document)]
    client = QdrantClient(path=str(tmp_path / "qdrant"))
    embedder = HashedBagOfWords(dimension=64)
    build_index(chunks, client=client, collection="eval", embedder=embedder, documents=documents)
    yield KnowledgeBase(client=client, collection="eval", embedder=embedder, top_k=5, prefetch_k=20, threshold=0.8)
    client.close()


def test_live_run_through_a_real_tiny_index(
    eval_settings: Settings, tmp_path: Path, tiny_index: KnowledgeBase, subset: Callable[..., Path]
) -> None:
    dataset = subset("title-filter-01-de", "compound-01-de", "single-12-de")
    code, result, printed, _ = _run(eval_settings, tmp_path / "out", live=True, knowledge_base=tiny_index,
                                    dataset=dataset)
    assert code == 0, printed
    m13, compound, nova = result["questions"]
    # in so small an index "M13" is too common a word to filter on; the record says what was done
    filters = m13["strategy"]["title_filters"][0]
    assert m13["checks"]["title_filter"] == (M13 in filters)
    assert not filters or set(m13["retrieved_titles"]) <= set(filters)
    assert M13 in m13["retrieved_titles"] and m13["metrics"]["recall"] == 1.0
    assert len(compound["strategy"]["topics"]) == 2 and compound["checks"]["topics"]
    assert {h["topic"] for h in compound["hits"]} == {0, 1}
    assert compound["retrieved_titles"][0] == "Neutron stars and pulsars"
    assert nova["retrieved_titles"][0] == "Novae"
    assert result["run"]["retrieval"]["embedder"] == "fake-bow"
    assert result["run"]["retrieval"]["prefetch_k"] == 20


def test_compare_lists_per_question_regressions(
    eval_settings: Settings, tmp_path: Path, title_index: TitleIndex, subset: Callable[..., Path]
) -> None:
    dataset = subset("title-filter-01-de", "compound-01-de", "single-01-en")
    _, _, _, files = _run(eval_settings, tmp_path / "before", dataset=dataset)  # dry: perfect
    kb = FakeKnowledgeBase(title_index, {
        "M13": [hit("Globular clusters"), hit(M13)],
        "Gezeiten": [hit("Tides")],
        "Pulsar": [hit("Neutron stars and pulsars")],
        "lunar eclipse": [hit("Lunar Eclipses", 0.5)],
    })
    code, result, printed, new_files = _run(eval_settings, tmp_path / "after", live=True, knowledge_base=kb,
                                            dataset=dataset, compare=Path(files[0]))
    assert code == 0, printed
    comparison = result["comparison"]
    regressed = {item["id"]: item["changes"] for item in comparison["regressions"]}
    assert regressed == {"title-filter-01-de": ["RR 1.00 → 0.50"],
                         "single-01-en": ["web fallback check passed → failed"]}
    assert comparison["warnings"] == ["The run mode differs: dry before, live now."]
    assert comparison["summary"]["rr"]["delta"] == pytest.approx(-0.5 / 3)
    markdown = Path(new_files[0]).with_suffix(".md").read_text(encoding="utf-8")
    assert "### Regressions (2)" in markdown and "| title-filter-01-de | title_filter | RR 1.00 → 0.50 |" in markdown
    assert "### Regressions (2)" in printed


def test_compare_unit_improvements_and_missing_questions() -> None:
    def run(questions: list[dict]) -> dict:
        return {"run": {"k": 5, "mode": "live", "search_mode": "hybrid", "dataset_sha256": "x"},
                "summary": {"recall": 0.5}, "questions": questions}

    def question(qid: str, recall: float, fallback_ok: bool) -> dict:
        return {"id": qid, "kind": "single", "question": "?", "retrieved_titles": ["A"],
                "metrics": {"recall": recall, "rr": recall},
                "checks": {"title_filter": True, "topics": True, "web_fallback": fallback_ok}}

    earlier = run([question("a", 0.0, False), question("gone", 1.0, True)])
    current = run([question("a", 1.0, True), question("new", 1.0, True)])
    comparison = compare_runs(current, earlier, label="old.json")
    assert comparison["regressions"] == [] and comparison["warnings"] == []
    assert comparison["improvements"][0]["changes"] == [
        "Recall@5 0.00 → 1.00", "RR 0.00 → 1.00", "web fallback check failed → passed"]
    assert (comparison["only_before"], comparison["only_now"]) == (["gone"], ["new"])


def test_a_bad_compare_file_or_dataset_is_an_input_error(eval_settings: Settings, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"something": 1}', encoding="utf-8")
    code, _, printed, _ = _run(eval_settings, tmp_path / "out", compare=bad)
    assert code == 2 and "is not a result file of this runner" in printed
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{nope\n", encoding="utf-8")
    code, _, printed, files = _run(eval_settings, tmp_path / "out", dataset=broken)
    assert code == 2 and "line 1: not valid JSON" in printed and files == []


@pytest.fixture
def cli_env(eval_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SINGULARITY__PATHS__DATA_DIR", str(eval_settings.data_dir))
    monkeypatch.setenv("SINGULARITY__TRACING__ENABLED", "false")
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


@pytest.mark.usefixtures("cli_env")
def test_python_m_eval_rag_and_singularity_eval_rag_exit_0(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(rag.app, ["--output-dir", str(tmp_path / "a")])
    assert result.exit_code == 0, result.output
    assert "Recall@5" in result.output
    result = runner.invoke(singularity_app, ["eval", "rag", "--output-dir", str(tmp_path / "b"), "--k", "3"])
    assert result.exit_code == 0, result.output
    assert "Recall@3" in result.output
    assert len(list((tmp_path / "b").glob("*.md"))) == 1
    result = runner.invoke(singularity_app, ["eval", "rag", "--mode", "fuzzy"])
    assert result.exit_code == 2 and "--mode must be hybrid, dense or sparse" in result.output
