"""Hybrid retrieval on the bundled knowledge base with the bundled embedding model."""

from __future__ import annotations

import pytest

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.knowledge.retrieval import MAX_CHUNKS_PER_DOCUMENT, KnowledgeBase


@pytest.fixture
def kb(knowledge_settings: Settings) -> KnowledgeBase:
    return KnowledgeBase.from_settings(knowledge_settings)


def test_a_german_question_finds_the_english_article(kb: KnowledgeBase) -> None:
    outcome = kb.search("Wie entsteht ein Stern in einer Molekülwolke?")
    assert outcome.hits[0].title == "Star formation in molecular clouds"
    assert outcome.sufficient and outcome.title_filter == ()


@pytest.mark.parametrize("mode", ["hybrid", "dense", "sparse"])
def test_every_mode_ranks_the_obvious_document_first(kb: KnowledgeBase, mode: str) -> None:
    assert kb.search("What is dark energy?", mode=mode).hits[0].title == "Dark energy"


def test_a_title_filter_keeps_only_the_named_objects_documents(kb: KnowledgeBase) -> None:
    outcome = kb.search("How bright is it and where is it in the sky?", title="M 13")
    assert "M13 — Hercules Globular Cluster" in outcome.title_filter  # and articles naming M13
    assert {hit.title for hit in outcome.hits} <= set(outcome.title_filter)
    assert outcome.hits[0].title == "M13 — Hercules Globular Cluster"
    assert not outcome.retried_without_filter


def test_a_filter_that_finds_nothing_is_retried_once_without_it(kb: KnowledgeBase,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("INFO", logger="singularity.knowledge.retrieval"):
        outcome = kb.search("How hot is the surface of Venus?", title="Planet Venus Encyclopedia")
    assert outcome.retried_without_filter and outcome.title_filter == ()
    assert outcome.hits[0].title.startswith("Venus")
    assert "retrying without it" in caplog.text and outcome.notes


def test_hits_are_diverse_and_carry_what_a_citation_needs(kb: KnowledgeBase) -> None:
    outcome = kb.search("Saturn rings", top_k=8)
    per_document: dict[str, int] = {}
    for hit in outcome.hits:
        per_document[hit.doc_id] = per_document.get(hit.doc_id, 0) + 1
        assert hit.retrieved_at == "2026-11-30" and hit.references and hit.source == "bundled"
    assert max(per_document.values()) <= MAX_CHUNKS_PER_DOCUMENT and len(outcome.hits) == 8


def test_topics_are_searched_in_one_batch_with_their_own_filters(kb: KnowledgeBase) -> None:
    hubble, webb = kb.search_topics([("mirror size", "Hubble"), ("mirror size", "JWST")])
    assert {h.title for h in hubble.hits} <= set(hubble.title_filter)
    assert "The James Webb Space Telescope" in {h.title for h in webb.hits}


def test_off_topic_and_news_questions_are_not_sufficient(kb: KnowledgeBase) -> None:
    assert not kb.search("Wer hat die Fußball-Weltmeisterschaft gewonnen?").sufficient
    news = kb.search("What did the James Webb Space Telescope discover in November 2026?")
    assert news.best_similarity >= kb.threshold and news.asks_for_news and not news.sufficient


def test_a_missing_index_is_a_clear_error(settings: Settings) -> None:
    with pytest.raises(ServiceError, match="singularity ingest"):
        KnowledgeBase.from_settings(settings)


def test_a_qdrant_server_failing_mid_search_is_said_like_any_service(kb: KnowledgeBase) -> None:
    from qdrant_client import QdrantClient

    from tests.fakes.server import Response, running_server

    with running_server() as broken:
        broken.fallback = Response(500, {"status": {"error": "internal"}})
        url = broken.url
        server = KnowledgeBase(client=QdrantClient(url=url, timeout=1, check_compatibility=False),
                               collection=kb.collection, embedder=kb.embedder)
        with pytest.raises(ServiceError) as caught:
            server.search("What is dark energy?", title="Dark energy")
    said = caught.value.said
    assert said is not None and said.render("de") == (
        f"Der Qdrant-Server {url} meldete einen Fehler (HTTP 500); der Dienst ist "
        "vielleicht gestört, versuche es später noch einmal.")
