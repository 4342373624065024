"""Observing time phrases: "morgen Abend", "heute Nacht um 1", "Saturday 9 pm for two hours".

dateparser knows neither "heute Nacht" nor "21 Uhr", and for an observer "evening" means the end
of twilight on that date at that place, not a fixed hour on the machine's clock. This module reads
German and English phrases in the location's time zone and anchors evening and night to the real
twilight from :func:`singularity.planning.sun.night_of`.

Rules, in the order they matter:

* A date, weekday or day word without a clock time means that day's evening, starting when the
  night gets dark (astronomical dusk, or nautical/civil dusk or solar midnight where it never
  gets astronomically dark). "Abend/evening" and "Nacht/night" both start there.
* An evening whose twilight has already ended, asked while it is still dark, starts now rounded
  up to the next quarter hour; "tonight/heute Nacht" asked after midnight while it is still dark
  means the current night.
* A weekday alone or with "this/diesen/am" is the first such day from today on; today counts
  unless its explicit clock time has already passed. "next/nächsten/kommenden <weekday>" is the
  first such day strictly after today, so "next Friday" said on a Friday is seven days ahead.
* A clock time without a day is today if still ahead (15 minutes' grace), else tomorrow.
* Hours 1-11 without am/pm are evening hours after "Abend/evening"; after "Nacht/night" hours
  7-11 are evening hours and 0-6 the early morning of the next calendar day ("heute Nacht um 2"
  is 02:00 tomorrow). Otherwise clock times are read on the 24-hour clock.
* "Morgen früh/morning" and "afternoon" need a clock time; "morgen" alone is tomorrow.
* A local time skipped by a daylight-saving change moves forward by the gap; a repeated one
  means its first occurrence. Durations are elapsed hours, also across such a change.
* Phrases outside this vocabulary go to dateparser (imported only then); a phrase that is partly
  understood and partly not is asked about rather than guessed.

Modules, in reading order: ``lexicon`` (the words), ``durations``, ``phrase`` (the phrase and
its recognised pieces), ``dates``, ``clock``, ``reading`` (the order pieces are taken in),
``twilight`` (starts without a clock time), ``timed`` (starts with one), ``fallback``
(dateparser), ``resolve`` (``parse_when`` and the ``resolve_time`` tool); ``localtime`` and
``formatting`` serve them all.
"""

from singularity.planning.timephrases.durations import parse_duration
from singularity.planning.timephrases.formatting import moment_message
from singularity.planning.timephrases.parsed import ParsedWhen
from singularity.planning.timephrases.resolve import parse_when, resolve_time

__all__ = ["ParsedWhen", "moment_message", "parse_duration", "parse_when", "resolve_time"]
