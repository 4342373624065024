"""The German and English words time phrases are read with, and how they are shown back."""

from __future__ import annotations

import re
from collections.abc import Iterable

EXAMPLES = "'heute Abend', 'morgen um 22 Uhr', 'Saturday 9 pm' or '2026-12-05 21:00'"
"""Phrases quoted back to the user whenever one is not understood."""
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTH_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
               "October", "November", "December")

COUNT_WORDS = {
    "one": 1, "eins": 1, "two": 2, "zwei": 2, "zwo": 2, "three": 3, "drei": 3, "four": 4,
    "vier": 4, "five": 5, "fünf": 5, "fuenf": 5, "six": 6, "sechs": 6, "seven": 7, "sieben": 7,
    "eight": 8, "acht": 8, "nine": 9, "neun": 9, "ten": 10, "zehn": 10, "eleven": 11, "elf": 11,
    "twelve": 12, "zwölf": 12, "zwoelf": 12,
}  # fmt: skip
ARTICLES = {"a", "an", "ein", "eine", "einen", "einer", "einem"}
FRACTIONS = {
    "half": 0.5, "halb": 0.5, "halbe": 0.5, "halben": 0.5, "quarter": 0.25, "quarters": 0.25,
    "viertel": 0.25, "dreiviertel": 0.75,
}  # fmt: skip
HOUR_UNITS = {"h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden"}
MINUTE_UNITS = {"m", "min", "mins", "minute", "minutes", "minuten"}
CONNECTORS = {"and", "und", "plus"}
DURATION_NOISE = {
    "für", "fuer", "for", "about", "approximately", "around", "roughly", "etwa", "ca", "circa",
    "ungefähr", "rund", "lang", "long", "of",
}  # fmt: skip

WEEKDAYS = {
    "montag": 0, "monday": 0, "mon": 0, "dienstag": 1, "tuesday": 1, "tues": 1, "tue": 1,
    "mittwoch": 2, "wednesday": 2, "wed": 2, "donnerstag": 3, "thursday": 3, "thurs": 3,
    "thur": 3, "thu": 3, "freitag": 4, "friday": 4, "fri": 4, "samstag": 5, "sonnabend": 5,
    "saturday": 5, "sat": 5, "sonntag": 6, "sunday": 6, "sun": 6,
}  # fmt: skip
MONTHS = {
    "januar": 1, "jänner": 1, "jaenner": 1, "january": 1, "jan": 1, "februar": 2,
    "february": 2, "feb": 2, "märz": 3, "maerz": 3, "march": 3, "mär": 3, "mar": 3,
    "april": 4, "apr": 4, "mai": 5, "may": 5, "juni": 6, "june": 6, "jun": 6, "juli": 7,
    "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sept": 9, "sep": 9,
    "oktober": 10, "october": 10, "okt": 10, "oct": 10, "november": 11, "nov": 11,
    "dezember": 12, "december": 12, "dez": 12, "dec": 12,
}  # fmt: skip

FILLERS = {
    "um", "at", "ab", "from", "am", "on", "the", "this", "der", "die", "das", "den", "dem",
    "des", "in", "im", "von", "vom", "starting", "start", "beginning", "gegen", "around",
    "about", "approx", "approximately", "ca", "circa", "etwa", "ungefähr", "so", "uhr",
    "o'clock", "oclock", "for", "für", "of", "and", "und", "a", "an", "bitte", "please",
}  # fmt: skip
"""Words that may stand around the understood pieces without changing their meaning."""


def alt(words: Iterable[str]) -> str:
    """Regex alternation, longest first so that "sunday" wins over "sun"."""
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
