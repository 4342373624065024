"""The plan's notes, in German and English: each note is a key with parameters and its text in
both languages, so the answer can be shown in the conversation's language (DESIGN: one message
catalogue, composed by code). ``ObservingPlan.notes`` keeps the English texts for older readers.
"""

from __future__ import annotations

from pydantic import BaseModel

_TEMPLATES: dict[str, tuple[str, str]] = {
    "sun_too_high": (
        ("The Sun is too high during the whole window: nothing can be observed; choose a time "
         "after dusk."),
        ("Die Sonne steht im ganzen Zeitfenster zu hoch: Es ist nichts zu beobachten; wähle "
         "eine Zeit nach der Dämmerung."),
    ),
    "no_deep_sky_darkness": (
        ("The sky never gets darker than nautical twilight in this window: only the Moon and "
         "planets are listed."),
        ("Der Himmel wird in diesem Zeitfenster nie dunkler als in der nautischen Dämmerung: "
         "Es sind nur Mond und Planeten aufgeführt."),
    ),
    "partly_twilight": (
        "Part of the window falls in twilight; deep-sky targets are timed for the dark part.",
        ("Ein Teil des Zeitfensters liegt in der Dämmerung; Deep-Sky-Ziele sind für den "
         "dunklen Teil geplant."),
    ),
    "never_dark": (
        ("At this place and date the night does not get astronomically dark (darkest: "
         "{darkness_en})."),
        ("An diesem Ort und Datum wird die Nacht nicht astronomisch dunkel (am dunkelsten: "
         "{darkness_de})."),
    ),
    "bright_moon": (
        ("The Moon is {percent}% illuminated and above the horizon: faint galaxies and nebulae"
         " suffer most."),
        ("Der Mond ist zu {percent} % beleuchtet und über dem Horizont: Schwache Galaxien und "
         "Nebel leiden am meisten."),
    ),
    "only_few_within_reach": (
        "Only {count} {family_en} within reach tonight, so the list is shorter.",
        ("Heute Nacht {verb_de} nur {count} {family_de} erreichbar, darum ist die Liste "
         "kürzer."),
    ),
    "none_within_reach": (
        "No {family_en} within reach tonight with this equipment and sky.",
        ("Mit dieser Ausrüstung und diesem Himmel {verb_de} heute Nacht keine {family_de} "
         "erreichbar."),
    ),
    "mostly_few_within_reach": (
        ("Only {count} {family_en} within reach tonight; the rest of the list are other "
         "targets."),
        ("Heute Nacht {verb_de} nur {count} {family_de} erreichbar; der Rest der Liste sind "
         "andere Ziele."),
    ),
}

_DARKNESS = {"nautical": ("nautical twilight", "nautische Dämmerung"),
             "civil": ("civil twilight", "bürgerliche Dämmerung"),
             "none": ("daylight", "Tageslicht")}

# plural names of a requested family, by the first family of the request
FAMILY_PLURAL: dict[str, tuple[str, str]] = {
    "galaxy": ("galaxies", "Galaxien"), "galaxy_group": ("galaxy groups", "Galaxiengruppen"),
    "open_cluster": ("open clusters", "offene Sternhaufen"),
    "globular_cluster": ("globular clusters", "Kugelsternhaufen"),
    "cluster_nebula": ("clusters with nebulae", "Sternhaufen mit Nebel"),
    "association": ("stellar associations", "Sternassoziationen"),
    "planetary_nebula": ("planetary nebulae", "Planetarische Nebel"),
    "nebula": ("nebulae", "Nebel"), "supernova_remnant": ("supernova remnants", "Supernovaüberreste"),
    "double_star": ("double stars", "Doppelsterne"), "asterism": ("asterisms", "Asterismen"),
    "planet": ("planets", "Planeten"), "moon": ("Moon views", "Mondansichten"),
}
FAMILY_SINGULAR: dict[str, tuple[str, str]] = {
    "galaxy": ("galaxy", "Galaxie"), "galaxy_group": ("galaxy group", "Galaxiengruppe"),
    "open_cluster": ("open cluster", "offener Sternhaufen"),
    "globular_cluster": ("globular cluster", "Kugelsternhaufen"),
    "cluster_nebula": ("cluster with nebula", "Sternhaufen mit Nebel"),
    "association": ("stellar association", "Sternassoziation"),
    "planetary_nebula": ("planetary nebula", "Planetarischer Nebel"), "nebula": ("nebula", "Nebel"),
    "supernova_remnant": ("supernova remnant", "Supernovaüberrest"),
    "double_star": ("double star", "Doppelstern"), "asterism": ("asterism", "Asterismus"),
    "planet": ("planet", "Planet"), "moon": ("Moon view", "Mondansicht"),
}


class PlanNote(BaseModel):
    key: str
    params: dict[str, str | float]
    text: dict[str, str]
    """``{"en": …, "de": …}``"""


def note(key: str, **params: str | float) -> PlanNote:
    """A note from the catalogue, rendered in both languages."""
    en, de = _TEMPLATES[key]
    return PlanNote(key=key, params=params, text={"en": en.format(**params), "de": de.format(**params)})


def darkness_note(darkness: str) -> PlanNote:
    en, de = _DARKNESS.get(darkness, (f"{darkness} twilight", f"{darkness} Dämmerung"))
    return note("never_dark", darkness=darkness, darkness_en=en, darkness_de=de)


def shortfall_note(key: str, count: int, family: str) -> PlanNote:
    """"Only 4 planetary nebulae are within reach tonight", in both languages."""
    one = count == 1
    en, de = (FAMILY_SINGULAR if one else FAMILY_PLURAL).get(family, (family, family))
    return note(key, count=count, family=family, family_en=f"{en} {'is' if one else 'are'}",
                family_de=de, verb_de="ist" if one else "sind")
