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


@pytest.mark.parametrize(("value", "spec", "german", "english"), [
    (2.5, "", "2,5", "2.5"),
    (-2.44, ".1f", "-2,4", "-2.4"),
    (1234.5, ",.1f", "1.234,5", "1,234.5"),
    (203.2, ".0f", "203", "203"),
    (9.25, "g", "9,25", "9.25"),
])
def test_numbers_are_written_the_languages_way(value: float, spec: str, german: str, english: str) -> None:
    from singularity.catalogue import number

    assert (number(value, "de", spec), number(value, "en", spec)) == (german, english)


def test_a_number_in_a_sentence_takes_the_entrys_format_and_the_languages_marks() -> None:
    message = msg("best_night.dark_hours", hours=7.25, start="18:40", end="05:10")
    assert message.render("de") == "7,2 h astronomische Dunkelheit (18:40–05:10)"
    assert message.render("en") == "7.2 h of astronomical darkness (18:40–05:10)"
    assert msg("common.verbatim", text="2.5 million light-years").render("de") == "2.5 million light-years"


def test_text_known_in_both_languages_travels_as_a_message() -> None:
    from singularity.catalogue import in_languages

    place = in_languages({"de": "Freiburg, Deutschland", "en": "Freiburg, Germany"})
    assert msg("best_night.chart_title", target=place).render("de") == "Beste Nächte für Freiburg, Deutschland"
    assert place.render("en") == "Freiburg, Germany"
