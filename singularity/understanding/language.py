"""German or English? Decided from function words and typical words, not from a model.

Words that both languages share ("in", "am", "was", "will", "so", "man") count for neither, nor
does an English word written capitalised inside a sentence: it is part of a name ("the Extremely
Large Telescope").
A lower-case word with an umlaut or ß ("möchte", "für") is German; a capitalised one may be a
place name ("Zürich") and counts for nothing. Neutral text ("M31", "Kreuzlingen") gets
``default``, which the caller sets to the language of the conversation so far.
"""

from __future__ import annotations

import re

from singularity.catalogue import Language

_GERMAN = {
    "der", "die", "das", "und", "ist", "ich", "du", "nicht", "ein", "eine", "einen", "einem",
    "einer", "mit", "mir", "mich", "dir", "dich", "wie", "wer", "wo", "wann", "warum", "wieso",
    "welche", "welcher", "welches", "kann", "kannst", "soll", "sollte", "möchte", "bitte",
    "heute", "morgen", "abend", "nacht", "zeig", "zeige", "plane", "auf", "von", "zu", "zum",
    "zur", "im", "auch", "noch", "nur", "sehr", "gibt", "es", "sind", "bin", "hast", "habe",
    "haben", "wird", "werden", "gut", "danke", "hallo", "ja", "nein", "aber", "oder", "dem",
    "den", "des", "sich", "sie", "wir", "ihr", "mein", "meine", "meinem", "meinen", "dein",
    "deine", "vor", "nach", "bei", "aus", "durch", "um", "ob", "dass", "weil", "wenn", "dann",
    "doch", "mal", "schon", "jetzt", "hier", "dort", "gern", "gerne", "stunden", "stunde",
    "sterne", "himmel", "fernglas", "teleskop", "öffne", "lieber", "trotzdem", "weiter",
    "mach", "ziel", "erste", "ersten", "zwei", "drei", "allem", "sehen", "beobachten", "entstehen",
    "nichts", "etwas", "viel", "welt", "moin", "servus", "tschüss", "kein", "keine",
    "vielen", "dank", "grüezi", "mitenand", "grüß", "gott", "tschau", "bis", "bald", "wetter",
    "heut", "hab", "gibt's", "weshalb", "wirklich", "eigentlich", "genau", "ungefähr",
    "hat", "hatte", "hatten", "wurde", "wurden", "worden", "sein", "seine", "seinen", "seiner",
    "ihre", "ihren", "uns", "unser", "viele", "wieviel", "wieviele", "welchen", "welchem",
    "diese", "dieser", "dieses", "diesen", "immer", "wieder", "entdeckt", "entdeckte", "heißt",
    "weit", "alt", "lang", "lange", "schwer", "kalt", "dunkel", "entfernt", "zwischen", "ohne",
    # question words and verbs a short German question may be made of ("Woraus besteht interstellarer Staub?")
    "woraus", "wodurch", "woher", "wohin", "womit", "worin", "wofür", "besteht", "bestehen", "liegt",
    "dauert", "braucht", "wiegt", "kommt", "entsteht", "heißen", "gilt", "bewegt", "dreht", "leuchtet",
}  # fmt: skip
_ENGLISH = {
    "the", "a", "and", "is", "are", "i", "you", "not", "with", "me", "my", "what", "who",
    "where", "when", "why", "which", "how", "can", "could", "should", "would", "please",
    "today", "tonight", "tomorrow", "evening", "night", "show", "plan", "on", "for", "from",
    "to", "at", "of", "it", "this", "that", "there", "be", "do", "does", "have", "has", "were",
    "your", "our", "they", "we", "he", "she", "thanks", "hello", "hi", "yes", "no", "but", "or",
    "any", "some", "about", "more", "tell", "see", "observe", "hours", "hour", "stars", "sky",
    "binoculars", "telescope", "open", "first", "second", "target", "like", "want", "hot",
    "write", "poem", "stock", "price", "just", "go", "ahead", "anyway", "okay", "nope", "yeah",
    "did", "many", "much", "far", "big", "old", "discovered", "long", "heavy", "bright", "dark",
    "cold", "away", "between", "without", "its", "their", "these", "those",
}  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def detect_language(text: str, *, default: Language = "en", settled: bool = False) -> Language:
    """``"de"`` or ``"en"`` by counting each language's words; ``default`` on a tie. ``settled``:
    ``default`` is the conversation's language, which one word alone does not change ("Und
    Jupiter?" in an English conversation, "ok thanks" in a German one)."""
    german = english = 0
    for match in _WORD.finditer(text):
        written = match.group()
        word = written.lower()
        if word in _GERMAN:
            german += 1
        if word in _ENGLISH and not _in_a_name(text, match.start(), written):
            english += 1
        if written[0].islower() and re.search(r"[äöüß]", word):
            german += 1
        if word.endswith(("'s", "n't")):
            english += 1
    if german == english or (settled and german + english <= 1):
        return default
    return "de" if german > english else "en"


def _in_a_name(text: str, start: int, written: str) -> bool:
    """An English word written capitalised inside a sentence is part of a name ("Was kostet das
    Extremely Large Telescope?"), as English writes its common words in lower case; German
    capitalises every noun, so its words count however they are written."""
    before = text[:start].rstrip()
    return written[0].isupper() and written != "I" and bool(before) and before[-1] not in ".!?:;\"'„“”«»("
