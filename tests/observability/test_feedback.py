"""Thumbs up/down on an answer as a Phoenix annotation on its turn span (fake Phoenix REST)."""

from __future__ import annotations

from pathlib import Path

import pytest

from singularity.config import Settings
from singularity.errors import ServiceError
from singularity.observability.feedback import (
    TurnLinks,
    annotate_message,
    annotate_turn,
    send_feedback,
)
from tests.fakes.phoenix import FakePhoenix
from tests.fakes.server import FakeServer

SPAN = "5fb2b4a4a0d7c3e1"
TRACE = "0af7651916cd43dd8448eb211c80319c"


@pytest.fixture
def phoenix(fake_server: FakeServer) -> FakePhoenix:
    fake = FakePhoenix(spans={SPAN})
    fake.install(fake_server)
    return fake


@pytest.fixture
def traced_settings(tmp_path: Path, fake_server: FakeServer) -> Settings:
    return Settings.model_validate({"paths": {"data_dir": str(tmp_path / "data")},
                                    "tracing": {"collector_endpoint": f"{fake_server.url}/v1/traces"}})


def test_thumbs_down_with_a_comment_annotates_the_turn_span(
        phoenix: FakePhoenix, fake_server: FakeServer, traced_settings: Settings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PHOENIX_API_KEY", "phoenix-key")
    annotate_turn(SPAN, 0, "  The Moon was not up.  ", traced_settings)

    [request] = fake_server.requests
    assert request.path == "/v1/span_annotations" and request.arg("sync") == "true"
    assert request.headers["authorization"] == "Bearer phoenix-key"
    assert phoenix.annotations == [{
        "span_id": SPAN, "name": "feedback", "annotator_kind": "HUMAN",
        "result": {"label": "thumbs_down", "score": 0.0, "explanation": "The Moon was not up."},
        "metadata": {"source": "chat"}, "identifier": "",
    }]


def test_thumbs_up_without_a_comment(phoenix: FakePhoenix, traced_settings: Settings) -> None:
    annotate_turn(SPAN, 1, None, traced_settings)
    assert phoenix.annotations[0]["result"] == {"label": "thumbs_up", "score": 1.0, "explanation": None}


def test_a_span_phoenix_has_not_received_is_one_service_error(
        phoenix: FakePhoenix, traced_settings: Settings) -> None:
    with pytest.raises(ServiceError, match="Phoenix at http://127.0.0.1:\\d+"):
        annotate_turn("00000000000000ff", 1, None, traced_settings)
    assert phoenix.annotations == []


def test_a_value_other_than_up_or_down_is_refused(traced_settings: Settings) -> None:
    with pytest.raises(ValueError, match="1 or 0"):
        annotate_turn(SPAN, 2, None, traced_settings)


def test_the_message_id_leads_to_its_turn_span(
        phoenix: FakePhoenix, traced_settings: Settings) -> None:
    TurnLinks.of(traced_settings).remember("message-1", trace_id=TRACE, span_id=SPAN)

    assert TurnLinks.of(traced_settings).span_of("message-1") == (TRACE, SPAN)  # a new process
    assert annotate_message("message-1", 0, "wrong", traced_settings)
    assert not annotate_message("banner", 1, None, traced_settings)
    assert [a["span_id"] for a in phoenix.annotations] == [SPAN]


async def test_the_chat_hook_logs_a_phoenix_that_refuses_and_goes_on(
        phoenix: FakePhoenix, traced_settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    links = TurnLinks.of(traced_settings)
    links.remember("known", trace_id=TRACE, span_id=SPAN)
    links.remember("not-yet-in-phoenix", trace_id=TRACE, span_id="00000000000000ff")

    assert await send_feedback("known", 1, None, traced_settings)
    assert not await send_feedback("not-yet-in-phoenix", 0, None, traced_settings)
    assert "Feedback on message not-yet-in-phoenix did not reach Phoenix" in caplog.text
    assert len(phoenix.annotations) == 1
