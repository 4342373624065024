"""The dialogue test set: size, balance, split and the loader's checks."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from eval.dialogue_data import (
    DEFAULT_DIALOGUES,
    MIN_DIALOGUES,
    MIN_SINGLE,
    DialogueDataError,
    Item,
    load_items,
)

ISSUE_EXAMPLES = ("What is the Chandrasekhar limit?", "Was ist das Olbers-Paradoxon?",
                  "Wie funktioniert ein Spektrograph?", "Kann man von der Erde aus die Flagge auf dem Mond sehen?",
                  "Nein, ich bin eigentlich in Konstanz.", "Und wie steht es mit dem Wetter?", "Yes, go ahead",
                  "From Flagstaff, Arizona.", "Zeig mir das Objekt Xyzzy-42 in Stellarium",
                  "Hast du ein Rezept für Sauerteigbrot?", "How do I file my tax return?")


@pytest.fixture(scope="module")
def items() -> list[Item]:
    return load_items()


def test_size_and_language_balance(items: list[Item]) -> None:
    kinds = Counter(item.kind for item in items)
    assert kinds["single"] >= MIN_SINGLE and kinds["dialogue"] >= MIN_DIALOGUES
    for kind in ("single", "dialogue"):
        german = sum(item.language == "de" for item in items if item.kind == kind) / kinds[kind]
        assert 0.45 <= german <= 0.55, kind
    assert all(3 <= len(item.turns) <= 6 for item in items if item.kind == "dialogue")


def test_about_a_third_is_held_out_in_every_intent(items: list[Item]) -> None:
    held = sum(item.split == "heldout" for item in items) / len(items)
    assert 0.30 <= held <= 0.37
    for intent in {item.turns[0].intent for item in items if item.kind == "single"}:
        group = [item for item in items if item.kind == "single" and item.turns[0].intent == intent]
        assert any(item.split == "heldout" for item in group), intent
        assert any(item.split == "dev" for item in group), intent


def test_every_intent_in_both_languages_and_the_issue_examples_in_dev(items: list[Item]) -> None:
    intents = {(turn.intent, item.language) for item in items for turn in item.turns}
    every = {"planning", "weather", "knowledge", "stellarium", "images", "plan_followup", "correction",
             "confirmation", "greeting", "off_topic"}
    assert intents == {(intent, language) for intent in every for language in ("de", "en")}
    where = {turn.user: item.split for item in items for turn in item.turns}
    assert {text: where.get(text) for text in ISSUE_EXAMPLES} == dict.fromkeys(ISSUE_EXAMPLES, "dev")


def test_every_turn_states_what_is_checked(items: list[Item]) -> None:
    turns = [(item.id, turn) for item in items for turn in item.turns]
    assert all(turn.checks_agent for _, turn in turns if turn.intent != "confirmation")
    assert all(turn.expect_refused == (turn.intent == "off_topic") for _, turn in turns)
    assert all(turn.state for _, turn in turns if turn.intent == "correction")
    assert all("check_weather" in turn.tools for _, turn in turns if turn.intent == "weather")


def _write(tmp_path: Path, *lines: dict) -> Path:
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


GOOD = {"id": "x", "split": "dev", "language": "en", "turns": [{"user": "Hi", "intent": "greeting", "agent": None}]}


@pytest.mark.parametrize(("change", "message"), [
    ({"turns": [{"user": "Hi", "intent": "hello"}]}, "turns.0.intent"),
    ({"turns": [{"user": "Hi", "intent": "greeting", "agent": "Orchestrator"}]}, "agent must be one of"),
    ({"turns": [{"user": "Hi", "intent": "planning", "state": {"town": "Bern"}}]}, "unknown state key 'town'"),
    ({"turns": [{"user": "Hi", "intent": "planning", "state": {"plan": "yes"}}]}, "state 'plan' has the wrong type"),
    ({"turns": [{"user": "Hi", "intent": "planning", "args": {"place": "Bern"}}]}, "must read tool.argument"),
    ({"turns": [{"user": "Hi", "intent": "greeting", "answer_patterns": ["("]}]}, "bad regular expression"),
    ({"now": "2026-12-05T12:00:00"}, "UTC offset"),
    ({"split": "test"}, "split"),
])
def test_a_bad_line_names_file_line_and_field(tmp_path: Path, change: dict, message: str) -> None:
    path = _write(tmp_path, GOOD, {**GOOD, "id": "y", **change})
    with pytest.raises(DialogueDataError, match=rf"set\.jsonl, line 2: .*{message}"):
        load_items(path)


def test_duplicate_ids_and_defaults(tmp_path: Path) -> None:
    with pytest.raises(DialogueDataError, match="the id 'x' is already used on line 1"):
        load_items(_write(tmp_path, GOOD, GOOD))
    item = load_items(_write(tmp_path, GOOD))[0]
    assert item.now.isoformat() == "2026-12-05T12:00:00+01:00" and item.kind == "single"
    assert item.turns[0].checks_agent and item.turns[0].agent is None
    assert not load_items(_write(tmp_path, {**GOOD, "turns": [{"user": "Hi", "intent": "greeting"}]}))[0].turns[0].checks_agent
    assert DEFAULT_DIALOGUES.name == "dialogue.jsonl"
