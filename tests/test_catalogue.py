"""The message catalogue: every entry in both languages, with the same parameters."""

from __future__ import annotations

import pytest

from singularity.catalogue import LANGUAGES, catalogue, msg, parameters, say


def test_every_entry_exists_in_german_and_english_with_the_same_parameters() -> None:
    for key, texts in catalogue().items():
        assert set(texts) == set(LANGUAGES), key
        assert all(texts[lang].strip() for lang in LANGUAGES), key
        assert parameters(texts["de"]) == parameters(texts["en"]), key


def test_a_message_renders_in_the_conversations_language() -> None:
    message = msg("common.no_network", service="Open-Meteo")
    assert message.render("de") == "Keine Netzverbindung: Open-Meteo ist nicht erreichbar."
    assert message.render("en") == say("common.no_network", "en", service="Open-Meteo")


def test_an_unknown_key_fails_where_the_message_is_made() -> None:
    with pytest.raises(KeyError):
        msg("common.no_such_message")


def test_a_tool_result_carries_its_message_in_both_languages() -> None:
    from singularity.results import ToolResult

    result = ToolResult.failed(msg("common.no_network", service="Nominatim"))
    assert result.message == "No network connection: Nominatim cannot be reached."
    assert result.message_in("de") == "Keine Netzverbindung: Nominatim ist nicht erreichbar."
    assert ToolResult.failed("plain English").message_in("de") == "plain English"
    assert "text" not in result.to_model_json()
