"""Place names with their country said in the conversation's language."""

from __future__ import annotations

from singularity.planning.countries import country_name, place_name, place_said
from singularity.planning.models import Location


def located(name: str, code: str | None) -> Location:
    return Location(name=name, lat=48.0, lon=7.85, timezone="Europe/Berlin", source="gazetteer",
                    country_code=code)


def test_the_country_at_the_end_of_a_name_is_said_in_german() -> None:
    freiburg = located("Freiburg, Germany", "DE")
    assert place_name(freiburg, "de") == "Freiburg, Deutschland"
    assert place_name(freiburg, "en") == "Freiburg, Germany"
    assert place_said(freiburg).render("de") == "Freiburg, Deutschland"
    assert place_name(located("Paris, Texas, United States", "US"), "de") == "Paris, Texas, Vereinigte Staaten"
    near = located("47.650° N, 9.170° E (near Konstanz, Germany)", "DE").model_copy(update={"source": "coordinates"})
    assert place_name(near, "de") == "47.650° N, 9.170° E (bei Konstanz, Deutschland)"
    assert place_name(near, "en") == "47.650° N, 9.170° E (near Konstanz, Germany)"
    town = located("Near Sawrey (near Ambleside), United Kingdom", "GB")  # a gazetteer name keeps its words
    assert place_name(town, "de") == "Near Sawrey (near Ambleside), Vereinigtes Königreich"


def test_a_name_without_its_country_or_code_is_kept() -> None:
    assert place_name(located("Luxembourg", "LU"), "de") == "Luxembourg"  # the city, country not appended
    assert place_name(located("Freiburg, Germany", None), "de") == "Freiburg, Germany"  # stored before codes
    assert place_name(located("Germany Valley, United States", "US"), "de") == "Germany Valley, Vereinigte Staaten"


def test_countries_without_a_german_entry_keep_their_english_name() -> None:
    assert country_name("JP", "de") == "Japan" and country_name("ch", "de") == "Schweiz"
    assert country_name("XX", "de") is None
