"""What a question asks for, and whether a sentence of a passage carries that kind of fact.

The design (docs/architecture.md) wants answers "that carry the asked fact or say I don't know". A passage can be about
the right topic and still not say what was asked (four true sentences about Neptune, none
naming who discovered it), so the offline answer first decides the *kind* of fact asked — a
person for "who", a date for "when", a number with a unit for "how far/big/old/hot/heavy/long/
fast/bright", a count for "how many", a reason for "why", a process for "how does", a
definition for "what is" — and accepts a sentence only when it holds evidence of that kind
and shares the question's subject and most of its other content words. The rules are written
from the kind of fact (what an English sentence stating a date or a distance looks like), not
from test sentences. The passages are English and questions may be German: German question
words are widened by a small bilingual lexicon; unknown German words are not held against a
sentence, unknown English ones are (a word the passages never use is what the question asks
about and the passages do not say).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum
from itertools import pairwise

from singularity.knowledge.glossary import english_terms
from singularity.knowledge.question_lexicon import inflected, widen, widen_verb
from singularity.knowledge.sentences import split_sentences
from singularity.knowledge.vectors import STOPWORDS, stem, stems, tokens
from singularity.planning.constellations import CONSTELLATIONS


class Asked(StrEnum):
    """The kind of fact a question asks for."""

    PERSON = "person"
    NAME = "name"
    DATE = "date"
    DISTANCE = "distance"
    SIZE = "size"
    AGE = "age"
    TEMPERATURE = "temperature"
    MASS = "mass"
    DURATION = "duration"
    SPEED = "speed"
    BRIGHTNESS = "brightness"
    COUNT = "count"
    SHARE = "share"
    REASON = "reason"
    PROCESS = "process"
    DEFINITION = "definition"
    COMPOSITION = "composition"
    COMPARISON = "comparison"
    FACT = "fact"


QUANTITIES = frozenset({Asked.DISTANCE, Asked.SIZE, Asked.AGE, Asked.TEMPERATURE, Asked.MASS,
                        Asked.DURATION, Asked.SPEED, Asked.BRIGHTNESS, Asked.COUNT, Asked.SHARE})

_LENGTH_ASKED = (r"\bwie lang (?:ist|sind|war|waren) (?!.*(?:tag|tage|nacht|jahr|monat|woche|stunde|minute|sekunde|zyklus"
                 r"|umlauf|periode|finsternis|totalitat|phase|reise|flug|mission|dammerung|winter|sommer|fruhling|herbst"
                 r"|saison|leben|unterwegs|zeit|dauer))")
"""German "wie lang ist …" asks a length ("wie lang ist der Schweif", "wie lang ist das Ding"), unless
what it asks about is a time ("wie lang ist ein Tag auf Eris", "der Saros-Zyklus"); "wie lange" a duration."""

# Question patterns on the folded, lower-cased question ("groß" → "gross"), first match wins:
# the quantity forms come before "what is", so "what is the distance to …" asks for a distance.
_KIND_PATTERNS: tuple[tuple[Asked, re.Pattern[str]], ...] = tuple((kind, re.compile(pattern)) for kind, pattern in (
    (Asked.COMPARISON, (r"\b(?:difference|differ|differs|compare|compared|comparison|versus|vs|unterschied|unterscheiden"
                       r"|unterscheidet|vergleich|vergleiche|vergleichen)\b")),
    # a catalogue number is a designation, not a count or a definition ("whats the NGC number of the crab nebula")
    (Asked.NAME, r"\b(?:ngc|ic|messier|caldwell)\s+(?:number|nummer|nr|designation|bezeichnung)\b"),
    # how many parts a thing is made of is a count ("how many pieces is Webb's mirror made of")
    (Asked.COMPOSITION, (r"^(?!.*\b(?:how many|wie ?viele?n?)\b)(?:.*\b(?:made|composed) (?:up )?(?:mostly |mainly |largely )?of$"
                        r"|.*\bconsists? (?:mostly |mainly )?of\b"
                        r"|.*\bcomposition\b|.*\bworaus\b|.*\baus was beste\w*\b|.*\bzusammensetzung\b)")),
    (Asked.PERSON, (r"^(?:\w+\s+)?(?:who|whom|whose|wer|wem|wen|wessen)\b|\bby whom\b|\bvon wem\b|\bnach wem\b"
                   r"|\b(?:which|what|welche[rs]?) (?:astronomer|scientist|person|man|woman|astronom|wissenschaftler)")),
    (Asked.DATE, (r"^(?:\w+\s+)?(?:when|wann)\b|\b(?:what|which|in welchem|welches) (?:year|date|century|jahr|datum|jahrhundert)\b"
                 r"|\bseit wann\b|\bhow long ago\b|\bhow many years ago\b|\bvor wie vielen jahren\b|\bwie lange (?:ist|liegt) .* her\b")),
    # the speed at which things come closer is a speed ("mit welchem Tempo kommen sie sich näher")
    (Asked.SPEED, r"\bhow (?:fast|quickly)\b|\bwie schnell\b|\bspeed\b|\bvelocity\b|\w*geschwindigkeit\b|\btempo\b"),
    (Asked.DISTANCE, (r"\bhow (?:far|close|near)\b|\b(?:how|wie) ?(?:many|viele?n?) (?:km|kilomet\w*|miles|light[- ]?years"
                     r"|lichtjahren?|astronomical units|parsecs?)\b|\bwie (?:weit|fern|nah)\b|\bdistance\b|\bentfernung\b|\babstand\b"
                     r"|\b(?:farther|further|closer|weiter entfernt|naher)\b")),
    (Asked.AGE, r"\bhow old\b|\bwie alt\b|\bage of\b|\balter de[rs]\b|\bhow many years old\b|\bwie viele jahre alt\b"),
    # "wie viel Grad hat es dort" asks a temperature, as degrees beside "kalt" do; an angle otherwise (SIZE)
    (Asked.TEMPERATURE, (r"\bhow (?:hot|warm|cold|cool)\b|\bwie (?:heiss|warm|kalt)\b|\btemperature\b|\btemperatur\b"
                        r"|\bwie ?viele?n? grad (?:hat|hatte|ist|war|sind|waren|wird|herrscht|herrschen) (?:es|dort|da)\b"
                        r"|\b(?:kalt|warm|heiss|cold|hot)\b.*\b(?:grad|degrees)\b|\b(?:grad|degrees)\b.*\b(?:kalt|warm|heiss|cold|hot)\b"
                        r"|\w*temperatur\b|\b(?:hotter|colder|warmer|heisser|kalter)\b")),
    (Asked.MASS, r"\w*gewicht\b|\b(?:hochst|maximal|grenz|gesamt)masse\b|\bhow much\b.*\bweigh\b|\bwie viel\b.*\bwieg(?:t|en)?\b|\b(?:how|wie) ?(?:many|viele?n?) (?:kilo\w*|kg|tonnes?|tons?|grams?|pounds?|gramm|tonnen)\b|\b(?:how|wie) ?(?:many|viele?n?) (?:(?:solar|sun|earth|jupiter) mass(?:es)?|(?:sonnen|erd|jupiter)massen)\b|\bhow (?:heavy|massive)\b|\bhow much mass\b|\bwie ?viel masse\b|\bwie schwer\b|\bmass of\b|\bmasse (?:de[rs]|von)\b|\b(?:heavier|more massive|schwerer)\b"),
    # how often something happened is a count of times ("wie oft hat Cassini den Saturn umrundet"),
    # how often it happens a frequency
    (Asked.COUNT, r"\bhow (?:often|frequently) (?:did|has|have|had)\b|\bwie (?:oft|haufig) (?:hat|haben|hatte|hatten|ist|sind|war|waren|wurde|wurden)\b"),
    (Asked.SIZE, _LENGTH_ASKED),
    (Asked.DURATION, (r"\bhow long\b|\bwie lange?\b|\bhow much time\b|\bwie viel zeit\b|\bhow (?:often|frequently)\b"
                     r"|\b(?:how|wie) ?(?:many|viele?n?) (?:seconds|minutes|hours|days|weeks|months|years|sekunden|minuten"
                     r"|stunden|tage|wochen|monate|jahre)\b"
                     r"|\b(?:rotation|orbital|pulsation) period\b|\b(?:rotationsperiode|umlaufzeit|rotationsdauer)\b"
                     r"|\bperiod of\b|\bperiode (?:von|der|des)\b"
                     r"|\bwie oft\b|\bwie haufig\b")),
    # a measured property's value, not a definition ("what is the redshift of the CMB")
    (Asked.FACT, (r"\b(?:density|dichte|gravity|schwerkraft|albedo|pressure|luftdruck|druck)\b|\b(?:redshift|rotverschiebung"
                  r"|luminosity|leuchtkraft|eccentricity|exzentrizitat|inclination|bahnneigung) (?:of|von|des|der)\b")),
    (Asked.SIZE, (r"\bhow (?:big|large|wide|small|tall|high|deep)\b|\bwie (?:gross|klein|breit|hoch|tief)\b"
                 r"|\bdiameter\b|\bdurchmesser\b|\bradius\b|\bsize of\b|\b(?:bigger|larger|wider|grosser|kleiner)\b"
                 r"|\bhow (?:thick|thin)\b|\bwie (?:dick|dunn)\b|\bthickness\b|\bdicke\b"
                 r"|\bhow many degrees\b|\bwie ?viele?n? grad\b"  # an angle: a tilt, an apparent size
                 r"|\bhow (?:much|far)\b.*\b(?:tilted|tipped|inclined)\b"
                 # a dimension asked by its noun: "at what altitude", "the height of", "in welcher Höhe"
                 r"|\b(?:what|which|welche[rnms]?) (?:height|altitude|depth|hohe|tiefe)\b"
                 r"|\b(?:height|altitude|depth) of\b|\b(?:hohe|tiefe) (?:des|der|von)\b")),
    (Asked.BRIGHTNESS, (r"\bhow (?:bright|faint)\b|\bwie (?:hell|lichtschwach)\b|\bmagnitude\b|\bhelligkeit\b"
                       r"|\b(?:brighter|fainter|heller)\b")),
    (Asked.SHARE, (r"\bhow much of\b|\bwhat (?:fraction|proportion|percentage|share|part) of\b|\bwie ?viel prozent\b"
                  r"|\bwelche[nr]? anteil\b|\bwie gross ist der anteil\b|\bwie viel (?:vom|von der|des|der)\b")),
    (Asked.COUNT, r"\bhow (?:many|much)\b|\bwie ?viele?n?\b|\bnumber of\b|\banzahl\b"),
    (Asked.REASON, (r"^(?:\w+\s+)?(?:why|warum|wieso|weshalb|weswegen)\b|\bhow come\b|\bwhat (?:causes|caused|makes)\b"
                   r"|\bwas (?:verursacht|bewirkt)\b|\bwodurch\b|\bwoher kommt\b|\bwhat is the reason\b")),
    (Asked.PROCESS, (r"^(?:\w+\s+)?(?:how (?:do|does|did|is|are|was|were|can)|wie (?:funktioniert|funktionieren|entsteht"
                    r"|entstehen|entstand|entstanden|bildet|bilden|kommt|kommen|wird|werden|kann|konnen))\b")),
    (Asked.NAME, (r"\bwhat(?:s| (?:is|was|are|were|s)) (?:the )?names? of\b|\bwhat(?:s| (?:is|are|was|were|s)) .{1,40} called\b"
                 r"|\bwhat do (?:we|you|astronomers|people) call\b|\bwie heiss(?:t|en)\b"
                 r"|^(?:which|welche[rsmn]?) (?:comet|komet|star|stern|moon|mond|planet|galaxy|galaxie|asteroid|asteroiden"
                 r"|constellation|sternbild|telescope|teleskop|mission|spacecraft|raumsonde|nebula|nebel|cluster|sternhaufen)\b")),
    (Asked.FACT, r"^(?:\w+\s+)?what(?:s| (?:is|are|was|were|s)) .+ like\b"),  # "what is the weather like on Titan": a description
    (Asked.DEFINITION, (r"^(?:\w+\s+)?(?:what (?:is|are)|what s (?:a|an)\b|whats (?:a|an)\b|was (?:ist|sind)|erklar\w*|explain|define|definier\w*)\b"
                       r"|\bwas bedeutet\b|\bwhat does .* mean\b")),
))

TYPE_WORDS = frozenset(["who", "whom", "whose", "wer", "wem", "wen", "wessen", "when", "wann", "year", "date", "century", "jahr", "datum", "jahrhundert", "seit", "how", "far", "close", "near", "wie", "weit", "fern", "nah", "distance", "entfernung", "entfernt", "abstand", "away", "old", "alt", "age", "alter", "hot", "warm", "cold", "cool", "heiss", "kalt", "temperature", "temperatur", "heavy", "massive", "schwer", "mass", "masse", "fast", "quickly", "schnell", "speed", "geschwindigkeit", "tempo", "long", "lange", "lang", "time", "zeit", "big", "large", "wide", "small", "gross", "klein", "breit", "diameter", "durchmesser", "radius", "size", "bright", "faint", "hell", "helligkeit", "magnitude", "many", "much", "viele", "viel", "wieviel", "wieviele", "degrees", "grad", "number", "anzahl", "why", "warum", "wieso", "weshalb", "weswegen", "come", "causes", "cause", "caused", "makes", "make", "verursacht", "bewirkt", "wodurch", "woher", "reason", "grund", "what", "was", "which", "welche", "welcher", "welches", "welchem", "welchen", "does", "do", "did", "tell", "me", "please", "bitte", "erzahl", "erzahle", "mir", "weisst", "du", "know", "explain", "erklar", "erklare", "define", "definiere", "mean", "means", "bedeutet", "ago", "her", "exactly", "genau", "roughly", "ungefahr", "about", "etwa", "actually", "eigentlich", "really", "wirklich", "just", "often", "oft", "frequently", "haufig", "heavier", "bigger", "larger", "wider", "farther", "further", "closer", "hotter", "colder", "warmer", "brighter", "fainter", "schwerer", "grosser", "kleiner", "heller", "heisser", "kalter", "naher", "than", "als", "less", "fewer", "weniger", "happen", "happens", "occur", "occurs", "per", "each", "pro", "fraction", "proportion", "percentage", "share", "prozent", "anteil", "alle", "jede", "jeden", "jedes", "every"])
"""Words that say what kind of fact is asked, not what it is about."""

QUALITIES = frozenset(["hot", "warm", "cold", "cool", "heiss", "kalt", "bright", "faint", "hell", "big", "large",
                       "small", "gross", "klein", "old", "alt", "fast", "schnell", "heavy", "massive", "schwer", "far",
                       "weit", "long", "lang", "hotter", "colder", "warmer", "heisser", "kalter", "brighter", "fainter",
                       "heller", "bigger", "larger", "grosser", "kleiner", "heavier", "schwerer"])
"""Type words that name a quality: in "why is Venus so hot" the heat is what a reason must explain,
so a sentence about Venus giving a reason for something else ("called the morning star because …")
does not answer."""

HEADED = 0.5
"""Bonus for a sentence whose passage heading alone holds every relation word in the question's
own words: the passage is about the question itself, not a passage that happens to share its
words (nor one whose heading only shares a synonym: "spot" is not *Observing*)."""
HEADED_WORD = 0.75
"""A relation word found only in the heading, when heading and sentence hold them all: less
than one the sentence says itself ("discovered … in 1610" over "in 1676" under *Observing the
Galilean moons*)."""
HALF_WORD = 0.5
"""A relation word found only in the heading otherwise."""
MOST = 2 / 3
"""Share of a question's relation words (three or more) a sentence must use; with one or two,
all of them."""
_NAME_WORDS = frozenset({"name", "names", "called", "call", "heisst", "heissen"})
_CATALOGUES = {"ngc": r"NGC", "ic": r"IC", "messier": r"(?:Messier|M)", "caldwell": r"(?:Caldwell|C)"}
_CATALOGUE_NUMBER = frozenset({"number", "nummer", "nr", "designation", "bezeichnung"})
_CATALOGUE_FILLER = _CATALOGUE_NUMBER | {"find", "finde", "finden", "listed", "catalogued", "cataloged", "steht",
                                          "stehen", "gefuhrt", "katalogisiert", "verzeichnet", "gelistet"}
"""A catalogue number asked: the sentence says the designation ("also catalogued as NGC 1952"),
not the words "number" or "find"."""
_PERSON_WORDS = frozenset({"person", "people", "astronomer", "astronomers", "scientist", "man", "woman", "mensch",
                           "astronom", "wissenschaftler"})
"""What a question for a person says to ask for one ("Which astronomer found …?")."""
"""What a question for a name says to ask for one ("What is the name of Saturn's largest moon?")."""
_DISTANCE_FILLER = frozenset({"earth", "erde", "us", "uns", "here", "hier", "lies", "liegt", "weg"})
_UNIT_ASKED = re.compile(r"\b(?:how|wie) ?(?:many|viele?n?) (\w+)")
""""How many kilos of moon rock …", "wie viele Stunden …": the unit a quantity is asked in, no word
the sentence must say — it may give the quantity in another ("382 kg")."""
_HEIGHT_FILLER = frozenset({"sky", "himmel", "up"})
""""How high up in the sky are the northern lights": the sky is where any height is, no word the
sentence must say ("at about 100–250 km altitude")."""
"""A distance is asked from here unless the question says otherwise."""
_DEGREE_FILLER = frozenset({"hoch", "high", "niedrig", "low", "gross", "large", "stark", "strong"})
""""How high is the pressure on Venus": of a quantity other than a height, "high" asks its value."""
_COMPOSITION_FILLER = frozenset({"made", "composed", "consist", "consists", "composition", "up", "mostly", "mainly",
                                 "largely", "woraus", "besteht", "bestehen", "aus", "zusammensetzung", "bulk",
                                 "overall", "insgesamt"})
"""How a composition is asked, not what it is of: "lakes of liquid methane" says what Titan's lakes are made of."""
_SPEED_FILLER = frozenset({"going", "travelling", "traveling", "unterwegs", "blow", "blows", "blowing", "blew"})
"""How fast a thing is "going" asks its speed: no sentence need say it goes, nor that winds blow."""
_BRIGHTNESS_FILLER = frozenset({"shine", "shines", "shining", "glow", "glows", "leuchtet", "leuchten", "scheint"})
"""At what magnitude a star "shines" asks its brightness, which a sentence gives as "at magnitude 9.5"."""
_MEASURED = frozenset({"measured", "gemessen", "expressed", "ausgedruckt", "angegeben"})
"""A figure "in light-years gemessen" asks the figure in that unit, not a sentence that says it was measured."""
_IN_A_UNIT = re.compile(r"\b(?:in|per|pro)\s+(\w+)")
_ANSWER_UNITS = frozenset({
    "kilogram", "kilograms", "kilogramm", "kg", "gram", "grams", "gramm", "tonnes", "tons", "tonnen", "kilometer",
    "kilometers", "kilometre", "kilometres", "kilometern", "km", "meter", "meters", "metre", "metres", "metern", "miles",
    "meilen", "lichtjahren", "lichtjahre", "parsec", "parsecs", "au", "degrees", "grad", "kelvin", "celsius",
    "fahrenheit", "second", "seconds", "sekunde", "sekunden", "minute", "minutes", "minuten", "hour", "hours", "stunde",
    "stunden", "days", "tagen", "years", "jahren"})
"""The unit a question wants its figure in ("How heavy is the Sun in kilograms?", "in km pro
Sekunde"): the form of the answer, which the sentence writes in its own way ("2 × 10³⁰ kg")."""
_DURATION_FILLER = frozenset({"last", "lasts", "lasted", "take", "takes", "took", "dauert", "dauerte", "dauern", "gedauert",
                              "braucht", "brauchte", "brauchen", "need", "needs", "needed", "benotigt"})
""""How long did Cassini's mission last", "wie lange braucht …", "how long does a signal need to
reach us": "last", "take" and "need" are the question's kind, not its subject."""
_STOP = STOPWORDS | {"you", "your", "we", "our", "us", "i", "my", "me", "du", "dein", "ich", "mein", "wir",
                     "uns", "denn", "eigentlich", "mal", "schon", "doch", "ja", "get", "got", "s", "t", "re", "ve", "ll",
                     "out", "up", "every",
                     "each", "any", "also", "he", "she", "him", "his", "hers", "them", "er", "ihm", "ihn"}
_STOP = _STOP | {"during", "while", "whilst", "throughout", "upon", "via", "among", "past", "uber", "fur", "konnen", "wahrend", "bis",
                 "until", "till", "thanks", "due", "owing"}
"""Prepositions say nothing a sentence must repeat ("during the day" is answered "by day"; "thanks
to libration" by a sentence under *Libration*), and
the folded forms of the German stopwords ("über" is "uber" once folded)."""
_STOP = _STOP | {"through", "towards", "toward", "onto", "down", "off", "gets", "getting"}
"""Motion prepositions, a phrasal verb's particle and "get" ("how long does energy take to get
out through the radiative zone", "touch down") say the path, which the passage's sentence tells
in its own verb ("to cross this zone", "landed")."""
_STOP = _STOP | {"around", "before", "herum", "rum"}  # "laps around Saturn", "before it collapses"
_STOP = _STOP | {"unten", "oben", "selbst", "lot", "bit"}  # "unten auf der Venus", "um sich selbst", "a lot brighter"
_STOP = _STOP | {"usually", "normally", "typically", "typical", "generally", "basically", "probably", "possibly",
                 "pretty", "ever", "still", "even", "anyway", "seem", "seems", "finally", "eventually", "famous",
                 "beruhmt", "beruhmte", "beruhmten"}
"""Hedges and "seem" say how sure the asker is, and "famous" how well known the thing is, not what
is asked ("how hot does Venus usually get", "why does the sky seem dark at night", "his famous limit")."""
_STOP = _STOP | {"supposed", "expected", "due", "soll", "sollen", "beim"}  # "when is Dragonfly supposed to launch": what is planned, said as "planned to"
_STOP = _STOP | {"something", "anything", "etwas", "einiges", "interesting", "interessantes", "interessante",
                 "uberhaupt", "object", "objekt", "thing", "things", "ding", "kind", "sort", "fun", "stuff", "zeug",
                 "cool", "spannendes", "spannende", "lustiges"}
"""An open request names nothing a sentence must say ("Tell me something about the Andromeda
Galaxy", "Erzähl mir etwas Interessantes über Saturn", "Was ist NGC 869 überhaupt für ein
Objekt?", "What kind of object is M13?", "what is the stuff in the rings made of")."""
_STOP = _STOP | {"one", "once"}
""""One" is an article or a pronoun ("one cycle of precession", "from one full moon to the next"),
and "once" its adverb ("to go once around the Earth"), not a detail a sentence must repeat."""
_STOP = _STOP | {"whole", "entire", "ganze", "ganzen", "gesamte", "gesamten"}  # "in the whole solar system"
_STOP = _STOP | {"again", "wieder", "nochmal"}  # "what was it called again", "when will it swing by again": the next
_STOP = _STOP | {"aufeinander", "einander", "gegenseitig"}  # "bewegen sich aufeinander zu": each other
_STOP = _STOP | {"hey", "hi", "hello", "hallo", "ok", "okay", "oh", "hmm", "lol"}  # "hey, when did they …": a greeting
_STOP = _STOP | {"wonder", "wondering", "wondered", "curious"}  # "I was wondering how …", "just curious"
_STOP = _STOP | {"approximately", "approx", "circa", "zirka", "ca"}  # a hedge, like "roughly" and "etwa"
_STOP = _STOP | {"sag"}  # "Sag mal, wie schwer ist der Mond?", as "erzähl mir"
_STOP = _STOP | {"um", "vom", "ins", "ans", "aufs", "durchs", "ums", "insgesamt"}
"""German prepositions and those merged with their article ("vom Saturn weg", "um wie viel"), as the
prepositions above, and "insgesamt", which sums what is asked ("in total" in English)."""
_STOP = _STOP | {"hatte", "hatten", "hattest", "hab", "habe", "wurde", "wurden", "lassen", "liess", "lasst", "konnte",
                 "konnten", "muss", "musste", "could", "should", "might", "must", "shall", "entspricht", "entsprechen",
                 "entsprach", "dort"}
"""Auxiliary and modal verbs in their other forms ("Wie viele Detektoren hatte Gaia?", "wann wurde das
Wow-Signal empfangen", "how bright could Vesta get"): the tense or mood of the question, not its subject;
and "entspricht", which says "is" ("5 Größenklassen entsprechen einem Verhältnis von 100"); "dort" (there)
points back to the thing named ("Pluto kalt – wie viel Grad hat es dort?")."""
_STOP_ENGLISH = _STOP - {"die", "war", "man", "hat", "sein"}
"""For an English question: German stopwords that are English words of meaning count ("When
did Heinrich Olbers die?")."""


_SINGULAR = re.compile(r"\b(?:it|its|this)\b", re.IGNORECASE)
"""A pronoun that can stand for one named thing ("they" in an article on asteroids is not Ceres)."""
_PRONOUN = re.compile(r"\b(?:it|its|they|their|them|this|these|he|she|his|her|the planet|the star|the moon|the galaxy)\b",
                      re.IGNORECASE)

# --- evidence in an English sentence ---------------------------------------------------------

_DIGITS = r"\d(?:[\d,.\u202f\u2009]*\d)?[½¼¾]?"
"""Digits with marks, and a fraction after them ("7½ minutes"); a comma or point after the last
digit ends the number ("in 2018, S2 passes" holds no 2018 seconds)."""
_POWER = r"\s*[×x]\s*10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+"
_NUM = (rf"(?<![\d,.])[−–-]?(?:10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+|{_DIGITS}(?:{_POWER}|\s*(?:[–-]|to|by)\s*{_DIGITS}|(?:\s*[×x]\s*{_DIGITS}){{1,2}})?)"
        r"(?:\s+(?:thousand|million|billion|trillion))?")
"""A number, a range or a product ("2,300–2,600 light-years", "90 × 60 arcminutes", "7 by 5
degrees" are one figure each, never "–2,600" or "60 arcminutes"), or a power of ten
("5.97 × 10²⁴ kg", "around 10⁶⁷ years")."""
_APPROX = r"(?:(?:about|around|roughly|nearly|almost|some|over|more than|less than|up to|only|just|approximately)\s+(?:an?\s+)?)?"
_HEDGE = re.compile(rf"^{_APPROX}", re.IGNORECASE)


def stated_fact(key: str) -> str:
    """A fact as two sentences may both state it ("about 110 km/s", "110 km/s"): without its hedge,
    case and spacing."""
    return " ".join(_HEDGE.sub("", key.strip()).casefold().split())


_UNITS: dict[Asked, str] = {
    Asked.DISTANCE: r"km|kilomet(?:re|er)s?|miles?|light[- ]years?|ly|au|astronomical units?|parsecs?|pc|kpc|mpc"
                    r"|metres|meters|times (?:the|as far|farther|further)",
    Asked.SIZE: r"km|kilomet(?:re|er)s?|metres?|meters?|m|cm|mm|miles?|inch(?:es)?|light[- ]years?|"
                r"times (?:the )?(?:size|diameter|width|wider|larger|bigger|as (?:large|wide|big))|times earth|"
                r"arcminutes?|arcseconds?|arcmin|arcsec|degrees?|°|′|″|solar radii|earth radii"
                r"|(?:%|per ?cent) (?:larger|smaller|bigger|wider|narrower|of (?:the|its) (?:size|diameter|width))",
    Asked.AGE: r"(?:years?|yr)(?:\s+old|\s+ago)?|gyr|myr",
    Asked.TEMPERATURE: r"°\s?[cf]|k|kelvin|degrees",
    Asked.MASS: r"solar masses|sun'?s mass|earth masses|jupiter masses|times (?:the )?(?:earth'?s |sun'?s |jupiter'?s )?mass"
                r"|kg|kilograms?|tonnes?|tons?|m☉",
    Asked.DURATION: r"seconds?|s|minutes?|min|hours?|h|days?|weeks?|months?|years?|decades?|centuries|millennia",
    Asked.SHARE: r"%|per ?cent|percent|prozent",
    Asked.SPEED: r"km/s|km/h|kilomet(?:re|er)s? (?:per|an|a) (?:second|hour)|mph|miles (?:per|an) (?:hour|second)|m/s"
                 r"|(?:%|per ?cent) of the speed of light|times the speed"
                 r"|(?:mm|cm|m|km|metres?|meters?) (?:per|a|an|each) (?:year|century|day)"  # a slow drift: "3.8 cm per year"
                 r"|(?:arcseconds?|arcsec|arcminutes?|arcmin|degrees?|°)\s+(?:of sky\s+)?(?:per|a|an|each)\s+"
                 r"(?:second|minute|hour|day|year|century)",  # across the sky: "10.3 arcseconds of sky per year"
}
_MANY = r"(?:hundreds|thousands|millions|billions|tens)\s+of|\b(?:a|one)\s+(?:thousand|million|billion|trillion)"
_QUANTITY = {kind: re.compile(rf"{_APPROX}(?:{_NUM}|{_MANY})\s*(?:{units})(?![a-z/²³])", re.IGNORECASE)
             for kind, units in _UNITS.items()}
_SPELLED = r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a few|several|a couple of"
"""Small numbers in words, as durations are often said; "one" only in a range ("one to four days"),
as "one day" is also a time in the story ("one day the Sun will …")."""
_SMALLER_UNIT = r"(?:seconds?|minutes?|min|hours?|h)\b"
"""A duration goes on in a smaller unit: "8 minutes 20 seconds" and "24 hours 37 minutes" are one figure."""
_INSTRUMENT = r"\s+(?:telescopes?|binoculars|refractors?|reflectors?|dobsonians?|scopes?|apertures?|mirrors?|lens(?:es)?|eyepieces?)"
_QUANTITY = {kind: re.compile(rf"{pattern.pattern}(?!{_INSTRUMENT})", re.IGNORECASE) for kind, pattern in _QUANTITY.items()}
"""A "100–200 mm telescope" is the instrument's size, not the object's."""
_QUANTITY[Asked.DURATION] = re.compile(rf"(?:{_QUANTITY[Asked.DURATION].pattern})(?:\s+\d+\s*{_SMALLER_UNIT})?"
                                       rf"|{_APPROX}{_NUM}\s+(?:earth|terrestrial)\s+(?:days?|years?|hours?|months?)\b"
                                       rf"|{_APPROX}\b(?:{_SPELLED}|one(?=\s+(?:to|or)\s))(?:\s+(?:to|or)\s+(?:{_SPELLED}))?"
                                       r"(?:\s+and\s+a\s+half)?\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?)\b"
                                       r"|\b(?:from|between)\s+(?:1\d{3}|20\d{2})\s+(?:to|until|and)\s+(?:1\d{3}|20\d{2})\b"
                                       r"|\b(?:nearly|almost|about|over|under|less than|more than|just over|just under)\s+an?\s+"
                                       r"(?:second|minute|hour|day|week|month|year|decade|century)\b",
                                       re.IGNORECASE)
"""A duration is also said as a span of years ("from 2004 to 2017"), in words ("nearly an hour",
"about one to four days", "two and a half hours") and in the days of another world ("about 176
Earth days")."""
_QUANTITY[Asked.DISTANCE] = re.compile(rf"{_QUANTITY[Asked.DISTANCE].pattern}(?!\s+(?:across|wide|in diameter|in size|thick|high|tall|long|deep))",
                                       re.IGNORECASE)  # "1,580 km across" is a size
_QUANTITY[Asked.AGE] = re.compile(rf"(?:{_QUANTITY[Asked.AGE].pattern})|\b(?:at the age of|aged)\s+\d{{1,3}}\b"
                                  r"|\b\d{1,3}-years?-old\b", re.IGNORECASE)
"""A person's age is said as "at the age of 19", "aged 19" or "a 19-year-old" as often as "19 years old"."""
_LIFE_SPAN = re.compile(r"\(\s*(?:c\.\s*)?\d{3,4}\s*[–-]\s*\d{3,4}\s*\)")
"""A person's years ("Charles Messier (1730–1817)") date no event the question asks about."""
_COORDINATE = re.compile(r"[−+-]?\d{1,3}\s*[h°]\s*\d{1,2}\s*[m′']\s*(?:\d{1,2}(?:\.\d+)?\s*[s″\"])?")
"""A position in the sky ("05h 38m 42s", "−69° 06′") is no length, angle of size or date."""
_SIZE_BEFORE = re.compile(r"\b(?:radius|diameter|width|size|across|wide)\s+(?:of\s+)?(?:about\s+|roughly\s+)?$"
                          r"|\b(?:radius|diameter|width)\s+of\s+(?:the\s+)?[\w' -]{1,30}?\s+(?:is|was|measures)\s+"
                          r"(?:about\s+|roughly\s+|some\s+|nearly\s+)?$", re.IGNORECASE)
"""A length after these words is a size, not a distance ("a radius of about 25,559 km", "the
equatorial radius of the Moon is about 1,738 km")."""
_FORMED = re.compile(r"\b(?:form\w*|born|birth|created|began|begun|originat\w*|condens\w*|collaps\w*|assembled|emerged)\b",
                     re.IGNORECASE)
"""An age given as "years ago" dates the object only when it tells of its formation."""
_TIMESCALE = re.compile(r"over\s(?!.*\b(?:old|ago)$)", re.IGNORECASE)
"""Years "over" which something happens ("pole stars change over thousands of years", "traces a
circle over about 26,000 years") are a timescale, not an age; "over 10 billion years old" is one."""
_NOT_AN_AGE = re.compile(r"\b(?:within|every|for|after|next|last|lasts?|lasting|over|takes?|taking|took)\s+(?:the\s+)?"
                         r"(?:next\s+|last\s+)?(?:(?:about|roughly|around|nearly|almost|some|half)\s+)*$", re.IGNORECASE)
""""within the next 100,000 years" is a time to come, "for 10 billion years" a span, "taking roughly
half a million years" a journey's time, not an age."""
_PER_ORBIT = re.compile(r"^\s*(?:per|each|every|a|an|for\s+(?:one|each|a|an))\s+(?:orbit|revolution|circuit|lap|trip|turn)\b",
                        re.IGNORECASE)
"""Years "per orbit" are a period, not an age."""
_DIMENSIONS = {"wide": "wide|across|in diameter|in width", "deep": "deep|in depth", "tall": "tall|high|in height",
               "thick": "thick|in thickness", "long": "long|in length"}
_NOUNS = {"wide": "width|diameter", "deep": "depths?", "tall": "heights?", "thick": "thickness", "long": "length"}
_LEADING_DIMENSIONS = {**_NOUNS, "tall": "heights?|rises?|rising|rose|towers?|elevations?|altitudes?",
                       "long": "length|stretch(?:es|ing)?|extends?|extending"}
"""The words before a length that say its dimension ("rise about 11 km", "stretches for 4,000 km")."""
_ASKED_DIMENSION = {"altitude": "tall", "wide": "wide", "breit": "wide", "width": "wide", "breite": "wide", "diameter": "wide",
                    "durchmesser": "wide", "deep": "deep", "tief": "deep", "tiefe": "deep", "depth": "deep",
                    "tall": "tall", "high": "tall", "hoch": "tall", "hohe": "tall", "height": "tall",
                    "thick": "thick", "dick": "thick", "dicke": "thick", "thickness": "thick", "long": "long", "lang": "long",
                    "lange": "long", "length": "long"}
_ROTATION = frozenset({"rotat", "spin", "dreht", "turn"})
_DAY = frozenset({"day", "tag"})
"""The length of "a day" asked ("how long is a day on Mars"), in the question's own words."""
_YEAR_ASKED = frozenset({"year", "jahr"})
"""The length of "a year" asked ("Wie lange dauert ein Jahr auf dem Mars?"), in the question's own words."""
_TELLS_A_YEAR = re.compile(r"\b(?:orbit\w*|revolution|circles?|circling|around the sun|year)\b", re.IGNORECASE)
"""A sentence that can give a year's length: it speaks of an orbit or of one year; "opposition,
which happens about every 26 months" gives none."""
_TELLS_A_DAY = re.compile(r"\b(?:rotat\w*|spins?|spinning|turns?|day|sol)\b", re.IGNORECASE)
"""A sentence that can give a day's length: it speaks of a spin or of one day ("A day on
Mercury lasts 176 Earth days"); "once every 687 days" in a sentence on the orbit counts days
and measures the year."""
_HOW_OFTEN = frozenset({"often", "frequently", "oft", "haufig"})
_HOW_MANY_TIMES = _HOW_OFTEN | {"times", "male"}
""""How many times did Cassini circle Saturn" is answered by a number of times, as "how often" is."""
_FREQUENCY = (rf"{_APPROX}\b(?:once|twice|(?:\w+|{_NUM}) times)\s+(?:a|an|per|every|each)\s+"
              r"(?:second|minute|hour|day|night|week|month|year|decade|century)\b")
_OFTEN = re.compile(rf"{_QUANTITY[Asked.DURATION].pattern}|{_FREQUENCY}", re.IGNORECASE)
"""A frequency without a figure of time ("about once a decade", "twice a year") answers "how often"."""
_SPIN = re.compile(f"{_QUANTITY[Asked.SPEED].pattern}|{_QUANTITY[Asked.DURATION].pattern}|{_FREQUENCY}", re.IGNORECASE)
"""How fast a thing spins: a speed, its period, or turns in a time ("about 716 times per second")."""
_MAGNITUDE = re.compile(rf"\bmagnitudes?\b[^.;]{{0,40}}?[−–+-]?\d+(?:\.\d+)?|{_NUM}\s*mag\b", re.IGNORECASE)
_NUMBER_WORDS = ("no|none|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
                 "|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
                 "|hundreds?|thousands?|millions?|billions?|trillions?|dozens?|a few|several|a pair|a single|only one|both")
_VAGUE = re.compile(r"(?:\w+\s+)?(?:a few|several)\b", re.IGNORECASE)
"""No count: "binoculars show a small, hazy patch with a few stars" says not how many stars a cluster has."""
_TIMES = re.compile(rf"{_APPROX}(?:{_NUM}|\b(?:{_NUMBER_WORDS})\b)\s+times\b|\b(?:once|twice)\b", re.IGNORECASE)
_COUNT = re.compile(rf"{_APPROX}(?:between\s+{_DIGITS}\s+and\s+{_DIGITS}|{_NUM}|\b(?:{_NUMBER_WORDS})\b)(?:\s+[a-z-]+){{0,3}}",
                    re.IGNORECASE)
"""A count, a range "between 100 and 400 billion stars" whole."""
_OBJECT = re.compile(r"\b(\w+(?<!ity)(?<!tion)(?<!sion)(?<!ness)(?<!ment))\s+(?:the\s+)?([A-Z][\w'’-]+)")
"""A verb and the capitalised name after it: what the verb acted on ("discovered Pluto"); a noun
before a name is none ("whose variability John Goodricke discovered")."""
_SEPARATION_BEFORE = re.compile(r"\bwithin\s+$|\b(?:distance|orbits? at|orbiting at)\b[^;]{0,30}$", re.IGNORECASE)
_SEPARATION_AFTER = re.compile(r"\s*(?:of|from|away|apart)\b", re.IGNORECASE)
"""A length "within … of" or "… from" a thing, or after a distance ("orbiting at an average
distance of about 0.39 au (58 million km)"), is how far apart two things are, not a size."""
_AMOUNT = re.compile(rf"{_APPROX}{_NUM}\s*(?:kg|kilograms?|tonnes?|tons?)\s+of\s+(?P<what>(?:[\w-]+\s+){{0,3}}[\w-]+)",
                     re.IGNORECASE)
"""An amount of a substance by weight ("about 382 kg of lunar rock and soil")."""
_UNIT_AFTER_NUMBER = re.compile(r"\d\s*(?:mm|cm|m|km|kg|au|ly|pc|k|°|%|″|′|arcsec|arcmin|light|km/s|km/h|times|x|×)(?![a-z])"
                                r"|\d\s+(?:earth|solar|sun|jupiter)(?:'s)?\s+(?:mass(?:es)?|radi(?:i|us))\b",
                                re.IGNORECASE)
"""A number with a unit measures, it does not count ("317.8 Earth masses" is no number of Earths)."""
_MONTHS = ("(?-i:January|February|March|April|May|June|July|August|September|October|November|December)")
"""Capitalised only: "it may merge" names no month."""
_DATE = re.compile(
    rf"\b(?:\d{{1,2}}\s+(?:{_MONTHS})\s+)?(?:(?:in|on|since|until|by|from|around|about|c\.)\s+)?"
    rf"(?:(?:{_MONTHS})\s+)?(?<![\d,.])(?:1\d{{3}}|2[01]\d{{2}}|\d{{3}})\b(?:\s*(?:BC|BCE|AD|CE))?(?!\d|[,.]\d|\s*(?:km|m\b|°|k\b|kelvin|light|au\b|times|%|mm|cm|kg|kilograms?|tonnes?))"
    rf"|\b(?:(?:in|around|about|by|until|from)\s+)?the\s+year\s+\d{{1,2}},\d{{3}}\b"  # "around the year 14,000"
    rf"|\b(?:in|on|since|during|until)\s+(?:the\s+)?(?:{_MONTHS})\b"
    rf"|\b(?:\d+(?:st|nd|rd|th)|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
    rf"|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth)(?:\s+and\s+\w+)?)[- ]centur(?:y|ies)\b"
    rf"|\b(?:(?:early|mid|late)[- ])?(?:1[5-9]|20)\d0s\b"  # "arrive in the mid-2030s", "in the 1960s"
    rf"|{_NUM}\s+years?\s+ago\b|\bancient times\b|\bantiquity\b|\bprehistor\w+"
    rf"|\b(?:within|in)\s+(?:the\s+next\s+)?{_APPROX}{_NUM}\s+(?:(?:million|billion)\s+)?years\b"
    rf"|{_APPROX}{_NUM}\s+(?:(?:million|billion)\s+)?years\s+(?:after|before)\b"
    rf"|\b(?:in|during)\s+(?:the\s+)?(?:winter|spring|summer|autumn|fall)\b|\b(?:winter|summer|autumn|spring)\s+(?:evenings?|nights?|sky|months?)\b"
    rf"|\bevery\s+(?:\d+|few|two|three|four|five|ten|eleven|twelve)?\s*(?:years?|months?|days?)\b"
    rf"|\b(?:\d{{1,2}}(?:\s*[–-]\s*\d{{1,2}})?\s+)?(?:{_MONTHS})\b", re.IGNORECASE)
_TEMPORAL_SINCE = (r"\s+(?:(?:at least|about|around|the)\s+)*(?:\d|then\b|antiquity\b|ancient\b|(?:early|late|mid)\b"
                   r"|(?:its|their)\s+(?:discovery|launch|formation|birth)\b)")
""""Since" before a time ("observed since at least the 19th century") tells how long, not why."""
_CAUSE = re.compile(
    rf"\b(?:because|since(?!{_TEMPORAL_SINCE})|due to|caused by|causes?|cause[sd]?|so that|as a result|results? (?:from|of|in)|reasons?|"
    r"therefore|thus|hence|which is why|that is why|this is why|leads? to|led to|produces?|produced by|comes? from|"
    r"explains?|explanation|answer is|means that|thanks to|driven by|owing to|as long as|if|when|so|gives?|makes?"
    r"|left over from|stems? from|arises? from|originates? from"
    r"|ensur(?:ed|es|ing) that|in order to|to (?:avoid|prevent|protect)|so as (?:not )?to)\b",
    re.IGNORECASE)
_DEFINES = re.compile(r"\b(?:is|are|was)\s+(?:a|an|the|one of)\b|\b(?:is|are)\s+\w+\s+(?:that|which|of)\b"
                      r"|\bare\s+(?:\w+\s+){0,2}\w+s\s+(?:whose|that|which)\b"  # "Pulsars are spinning neutron stars whose …"
                      r"|\brefers? to\b|\bmeans\b|\b(?:is|are) (?:also )?(?:called|named|known as)\b|\bdescribes?\b"
                      r"|,\s+the\s+\w+\s+(?:of|inside|within|where|which|that|between|at which|in which)\b", re.IGNORECASE)
"""How a sentence says what a thing is: "X is a …", "X refers to …", or in apposition: "the Roche
limit, the distance inside which …", "the Julian date (JD), the number of days since …"."""
_COMPOSED = re.compile(r"\b(?:made|composed|built)\s+(?:up\s+)?(?:\w+\s+){0,2}of\b|\bconsist(?:s|ed|ing)?\s+(?:\w+\s+){0,2}of\b"
                       r"|\b(?:of|with)\s+(?:\w+\s+)?(?:liquid|frozen|molten|salty|icy|solid|gaseous)\b"
                       r"|\b(?:rich in|full of|filled with|mixture of)\b|\bmostly\s+(?:of\s+)?[a-z]+\s+and\s+[a-z]+\b"
                       r"|\d\s*(?:%|per ?cent)\s+(?:of\s+)?[a-z]+,?\s+(?:and\s+)?(?:about\s+)?\d"
                       r"|\b(?:is|are|was|were)\s+(?:about\s+|roughly\s+|around\s+|nearly\s+|over\s+|more than\s+)?"
                       r"\d+(?:\.\d+)?\s*(?:%|per ?cent)\s+(?!of\b)[a-z]+", re.IGNORECASE)
"""What a sentence says a thing is of: "made of dust", "consists of grains", "lakes of liquid methane",
"73 % hydrogen and 25 % helium", "is about 96.5 % carbon dioxide"."""
_NAMESAKE = re.compile(r"\bnamed (?:after|for)\b|\bin honou?r of\b", re.IGNORECASE)
_NAMESAKE_QUESTION = re.compile(r"\bnamed (?:after|for)\b|\bin honou?r of\b|\bnamesake\b|\bbenannt nach\b|\bnach wem\b"
                                r"|\bnamensgeber", re.IGNORECASE)
"""People after these words are namesakes, not whoever did what was asked."""
_NAMESAKE_PHRASE = re.compile(r"^(?:[^,;:.(]|\([^)]*\))*")
"""Who a thing is named after: the words up to the next comma outside brackets ("astronomers …
(Galle, Le Verrier and Adams)"), after which the sentence may go on to whoever did what was asked."""
_STRONG_CAUSE = re.compile(r"\b(?:because|due to|caused by|the reason|answer is|explanation|explains?|results? from|"
                           r"comes? from|thanks to|owing to|driven by)\b", re.IGNORECASE)
"""Words that give a reason outright, not in passing ("so", "if", "when")."""
_CAPITAL = r"[A-ZÀ-ÖØ-Þ][\w'’-]*[a-zà-ÿ][\w'’-]*"
_PARTICLE = r"(?:de|von|van|der|den|du|di|da|la|le|Le|La|De|Van|Von|d'|d’|al)"
_NAMING = re.compile(rf"(?:^|\b(?:called|named|known as|is|was|are)\s+"
                     rf"|\b(?:largest|biggest|brightest|smallest|nearest|closest|oldest|highest|deepest|longest|first)\b"
                     rf"[\w\s-]{{0,40}}?,\s+)(?:the\s+)?(?P<name>{_CAPITAL}(?:\s+{_CAPITAL})*)")
"""Where a sentence names what it is about: its subject, or after "called", "named", "is"."""
_KIND_AND_NAME = re.compile(rf"\b(?P<kind>[a-z]+)\s+(?P<name>{_CAPITAL}(?:\s+{_CAPITAL})*|[A-Z]{{1,4}}\s?\d{{1,5}}[a-z]?)\b")
"""A kind of thing and the name after it ("the galaxy NGC 4993", "the crater Tycho"): the name
a "which galaxy" question asks."""
_NAME_AND_KIND = re.compile(rf"\bthe\s+(?P<name>{_CAPITAL}(?:[\s-]+{_CAPITAL})*)\s+(?P<kind>effect|limit|law|paradox"
                            r"|constant|diagram|scale|division|gap|belt|cloud|zone|relation|problem|hypothesis|theory)\b")
"""A name and the kind of thing named after somebody ("the Purkinje effect", "the Chandrasekhar
limit"); "the Galilean moons" name no moon."""
_NAME_RUN = re.compile(rf"{_CAPITAL}(?:\s+(?:{_PARTICLE}\s+|(?:[A-Z]\.\s*)+)?{_CAPITAL})+|{_CAPITAL}\s+{_PARTICLE}\s*{_CAPITAL}")
_ACTOR = re.compile(rf"\bby\s+({_CAPITAL})|({_CAPITAL})\s+(?:discovered|found|invented|built|proposed|predicted|"
                    r"showed|measured|named|calculated|described|noticed|observed|coined|realised|realized|identified|"
                    r"explained|formulated|developed|designed|published|spotted|saw|recorded|catalogued|cataloged|"
                    r"sketched|suggested|argued|guessed|stated|mapped|founded|led)\b")
_AGENT = re.compile(rf"\bby (?:the |NASA's |ESA's )?({_CAPITAL}[ -](?:(?:{_CAPITAL}|\d+)[ -])*(?:spacecraft|probe|space telescope|telescope|mission"
                    r"|orbiter|rover|lander|satellite|observatory))\b")
_MISSION = re.compile(r"\bby (?:the |NASA's |ESA's )?((?:Voyager|Pioneer|Cassini|Juno|Galileo|Gaia|Rosetta|Dawn|Hubble|Webb"
                      r"|JWST|Kepler|TESS|Spitzer|Chandra|New Horizons|Curiosity|Perseverance|Mariner|Viking|Venera"
                      r"|Magellan|Messenger|Parker|Giotto|Huygens|LIGO)(?:\s+\d+)?)\b")
"""A discoverer that is no person: "discovered by the Cassini spacecraft", "by Voyager 1"."""
NOT_PERSON = frozenset(["Observatory", "Telescope", "Space", "Galaxy", "Galaxies", "Nebula", "Cluster", "Clusters", "Spot", "Belt", "Cloud", "Clouds", "Way", "System", "Station", "Agency", "Society", "University", "Institute", "Survey", "Mission", "Ocean", "Sea", "Mare", "Great", "Dark", "Red", "Milky", "Solar", "Earth", "Moon", "Sun", "Mars", "Venus", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto", "Mercury", "North", "South", "East", "West", "Northern", "Southern", "National", "International", "European", "American", "Royal", "Big", "Bang", "Voyager", "Cassini", "Juno", "Gaia", "Rosetta", "Curiosity", "Perseverance", "Apollo", "Pioneer", "Spitzer", "Chandra", "Hubble", "Webb", "Kepler's", "Horizons", "New", "Deep", "Field", "Ring", "Rings", "Lagrange", "Point", "Valley", "Mountains", "Mount", "Mons", "Crater", "Comet", "Asteroid", "Star", "Stars", "Pole", "Polar", "Arctic", "Antarctic", "Europe", "Africa", "Asia", "America", "Australia", "Chile", "Hawaii", "England", "France", "Germany", "Italy", "Netherlands", "Observatories", "Laboratory", "Array", "Very", "Large", "Extremely", "Event", "Horizon", "Stream", "Gate", "Reconnaissance", "Orbiter", "Lander", "Rover", "Probe", "Express", "Explorer", "Catalogue", "Catalog", "General", "Index", "Messier", "NGC", "IC", "The", "In", "On", "At", "After", "Before", "Its", "This", "That", "These", "When", "While", "With", "Since", "During", "By", "For", "From", "Just", "Like", "Despite", "Because", "Although", "Today", "Only", "Even", "Most", "Many", "Some", "All", "Both", "Each", "Every", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December", "Monday", "Sunday", "Lunar", "Nobel", "Prize", "Award", "Medal", "Physics", "Law", "Laws", "Effect", "Limit", "Paradox", "Theory", "Constant", "Principle", "Diagram", "Classification", "Sequence", "Ia", "Type", "Class", "Magellanic", "Local", "Group", "Virgo", "Andromeda", "Orion", "Ursa", "Major", "Minor", "Canis", "Cygnus", "Taurus", "Scorpius", "Sagittarius", "Hercules", "Lyra", "Cassiopeia", "Perseus", "Leo", "Gemini", "Pleiades", "Hyades", "Crab", "Eagle", "Ring", "Dumbbell", "Whirlpool", "Sombrero", "Pinwheel", "Triangulum", "Centaurus", "Proxima", "Alpha", "Beta", "Sirius", "Betelgeuse", "Polaris", "Vega", "Rigel", "Arcturus", "Antares", "Aldebaran", "Deneb", "Altair", "Titan", "Europa", "Io", "Ganymede", "Callisto", "Triton", "Enceladus", "Phobos", "Deimos", "Charon", "Ceres", "Vesta", "Halley's", "Kuiper", "Oort", "Van", "Allen", "Starry", "Messenger", "Eureka", "Starlink", "Falcon", "Heavy", "Artemis", "Sputnik", "Soyuz", "Gemini", "Mariner", "Viking", "Venera", "Magellan", "Dawn", "Juno", "Parker", "Solar", "Probe", "Copernican", "Ptolemaic", "Julian", "Gregorian", "Easter", "Christmas", "Bath", "Berlin", "Paris", "London", "Rome", "Heidelberg", "Cambridge", "Oxford", "Harvard", "Palomar", "Wilson", "Mauna", "Kea", "Yerkes", "Lick", "Arecibo", "Green", "Bank", "Jodrell", "Parkes", "ALMA", "Sidereus", "Nuncius", "Chinese", "Greek", "Greeks", "Babylonian", "Babylonians", "Egyptian", "Egyptians", "Roman", "Romans", "Arab", "Arabic", "Dutch", "English", "German", "French",
                        "Japanese", "Italian", "Danish", "Polish", "Russian", "Swiss", "Swedish", "Estonian",
                        "British", "Scottish", "Irish", "Spanish", "Austrian", "Nova", "Record", "Records", "Plaque",
                        "Plaques"]) | frozenset(word for name, genitive, _ in CONSTELLATIONS.values()
                                                for word in (*name.split(), *genitive.split()))
"""Capitalised words that are never part of a person's name in the passages (places, objects,
missions, sentence-initial words, the constellations' Latin names), so "Berlin Observatory",
"Great Dark Spot" or "Serpens Cauda" is no person."""
NAMED_AFTER_PEOPLE = frozenset(["Hubble", "Cassini", "Kepler", "Messier", "Kuiper", "Oort", "Lagrange", "Magellan",
                                "Parker", "Webb", "Chandra", "Spitzer", "Galileo", "Huygens", "Herschel", "Halley"])
"""Surnames among those words: things named after people, so "Edwin Hubble" is a person."""


@dataclass(frozen=True)
class Entity:
    """A thing a question names: each of its words as the stems a sentence may use for it, and
    the titles of the documents about it (a name the title index resolves)."""

    words: tuple[frozenset[str], ...]
    titles: frozenset[str] = frozenset()
    english: tuple[frozenset[str], ...] = ()
    """A German name's English term, word by word ("Beteigeuze" is "Betelgeuse" in the passages)."""
    phrase: bool = False
    """Named by several words ("Hubble Space Telescope"), not one word or one compound."""
    setting: bool = False
    """Named as where the thing asked about is or acts ("the Ingenuity helicopter … on Mars"):
    beside that thing, its passage's heading may say it."""
    owner: bool = False
    """Named as the owner of another named thing ("Saturn's moon Enceladus"): that thing's own
    name says which it is, so a sentence naming it need not name its owner."""

    def in_words(self, words: set[str]) -> bool:
        return any(variant and all(_uses(forms, words) for forms in variant) for variant in (self.words, self.english))

    def said_in(self, sequence: list[str]) -> bool:
        """Whether a sentence's stems say it: a term of common words ("solar wind", "dark
        matter") only as those words in a row — "winds" beside "Solar System" are no solar wind."""
        if not self.in_words(set(sequence)):
            return False
        if not self.phrase:
            return True
        return self._in_a_row(self.words, sequence) or bool(self.english) and self._in_a_row(self.english, sequence)

    def numbered_otherwise(self, sequence: list[str]) -> bool:
        """Whether a sentence gives its name another number ("Voyager 2" when Voyager 1 is asked)."""
        numbers = {form for forms in self.words for form in forms if form.isdigit()}
        names = [forms for forms in self.words if not any(form.isdigit() for form in forms)]
        return bool(numbers) and any(
            sequence[i + 1].isdigit() and sequence[i + 1] not in numbers and any(_uses(forms, {word}) for forms in names)
            for i, word in enumerate(sequence[:-1]))

    @staticmethod
    def _in_a_row(words: tuple[frozenset[str], ...], sequence: list[str]) -> bool:
        """Each word within two words after the one before ("Andromeda spiral galaxy"); a
        letter that designates a component right after it ("Cassiopeia A", not "Cassiopeia is a")."""
        spots = [i for i, word in enumerate(sequence) if _uses(words[0], {word})]
        for forms in words[1:]:
            reach = 2 if any(len(form) == 1 for form in forms) else 4
            spots = [j for i in spots for j in range(i + 1, min(i + reach, len(sequence))) if _uses(forms, {sequence[j]})]
        return bool(spots)

    def named(self, names: frozenset[str]) -> bool:
        """Whether it is called by a proper name ("Haumea"), not a common noun ("Mond")."""
        named = {stem(name) for name in names}
        return any(forms & named for forms in self.words)

    def partly_in(self, words: set[str], names: frozenset[str]) -> bool:
        """Whether ``words`` hold one of its proper-name words ("Hubble" for the Hubble Space Telescope)."""
        named = {stem(name) for name in names}
        numbered = [forms for forms in self.words if any(form.isdigit() for form in forms)]
        return (self.phrase and any(_uses(forms, words) for forms in self.words if forms & named)
                and all(forms & words for forms in numbered))  # "Voyager" does not name Voyager 1 beside Voyager 2


@dataclass(frozen=True)
class Question:
    """A question read for its kind of fact and its content words (stems)."""

    asked: Asked
    entities: tuple[Entity, ...]
    """The things it names (a title it names, a proper name, a German word known only as the
    passages' cognate): each must stand in the sentence, or be what its passage is about."""
    relation: dict[str, frozenset[str]]
    """Each other content stem with the stems a sentence may use for it."""
    namesake: bool = False
    """Whether it asks whom or what something is named after: the person after "named after"
    is then the answer, not a bystander."""
    names: frozenset[str] = frozenset()
    """Words the passages only ever write capitalised inside a sentence ("Eris", "Pluto"):
    proper names, by which a sentence or a section shows it is about something else."""
    events: frozenset[str] = frozenset()
    """Relation words that name the event asked about ("designed", "gestaltet" → designed):
    who or when is only answered by a sentence that tells of that event."""
    words: frozenset[str] = frozenset()
    """The question's own words (folded), for what its kind leaves open ("how wide")."""
    past: bool = False
    """Whether it asks about an event in the past ("when was Polaris found to be double"): a
    period ("every 30 years") then dates nothing."""
    compounds: frozenset[str] = frozenset()
    """The parts of a German compound ("Radioteleskop" → radio, telescope): one word of the
    question, so each part must be said."""
    counted: frozenset[str] = frozenset()
    """The stems of what "how many" counts ("Kuipergürtel-Objekte" → kuipergurtel, objekt):
    a count of something else the question names (its moons) is no answer."""
    years: frozenset[str] = frozenset()
    """The years a question names ("how many sunspots were there in 2024"): unless it asks for a
    date, a fact of another time ("few or no sunspots" at solar minimum) does not answer it."""
    ordinals: tuple[tuple[frozenset[str], frozenset[str]], ...] = ()
    """Each "first", "erste", "last" of the question with the stems of the word it qualifies
    ("der erste Pulsar" → first, pulsar): a sentence that says the ordinal of another thing
    ("the first evidence came from the binary pulsar") does not answer."""
    earliest: bool = False
    """Whether it asks the discovery of the first of a kind ("who spotted the first pulsar"):
    the sentences need not say "first", so the earliest discovery they date is the first one."""
    kinds: frozenset[str] = frozenset()
    """Relation words that say the kind of a name after them ("die Sonde JUICE"): a sentence that
    names the thing itself need not say its kind, one about it only by its heading must ("the four
    Trapezium stars" in an article on the Orion Nebula region count no stars of "das Sternbild
    Orion")."""
    classed: frozenset[str] = frozenset()
    """The relation word of "what rocket", "which galaxy", "welcher Komet": the kind of thing the
    answer names, which its sentence must say ("twin spacecraft launched in 1977" names no rocket)."""
    future: bool = False
    """Whether it asks when something will happen ("when will Halley's comet show up again"): a
    date of the past is no answer ("predicted its return around 1758")."""


_NOW = re.compile(r"\b(?:right now|just now|now|currently|presently|nowadays|today|these days|at the moment"
                  r"|jetzt|inzwischen|mittlerweile|derzeit|zurzeit|momentan|heute|heutzutage|gerade"
                  r"|at the end|in the end|finally|eventually|am ende|zum schluss|am schluss|schliesslich|endlich"
                  r"|back(?= (?:when|then)\b)|damals)\b",
                  re.IGNORECASE)
"""When the question is asked, or when in a story the thing asked happened, is no word a sentence
must say: "how far away is Voyager 1 right now" is answered by the latest figure a passage gives
("By 2025 … 165 au"), why Cassini was sent into Saturn "am Ende" by why it was, the pole star "back when"
the pyramids were built by the one "when" they were."""
_NOT_THAT = re.compile(r",?\s*\b(?:(?:and|but|aber|und)\s+)?(?:not|nicht)\s+(?:the|its|a|an|die|der|das|den|dem|ihre[nm]?"
                       r"|seine[nm]?)\s+[^,?.!;]*|,?\s*\b(?:according to|laut|nach Angaben (?:der|des|von))\s+[^,?.!;]*",
                       re.IGNORECASE)
"""What a question says it does not ask ("its bulk composition and not the atmosphere"), and whom it
asks by ("according to the James Webb telescope"): no word a sentence must say."""
_BY_TELESCOPE = re.compile(r"\b(?:in|at|through|with|im|am|mit|durch(?:s|\s+das)?)\s+(?:(?:the|a|his|her|their|dem|einem|seinem"
                           r"|ihrem)\s+)?(?:telescope|teleskop|fernrohr)\b", re.IGNORECASE)
"""Who found or when one saw a thing "in the telescope" (rather than on paper) is told by who found
it: a sighting is made with a telescope, which the sentence need not say ("at the Berlin Observatory")."""
_CONCESSION = re.compile(r"[,\s]+\b(?:if|although|though|even though|even if|despite|obwohl|obgleich|obschon|trotz"
                         r"|instead of|rather than|(?:an)?statt)\b", re.IGNORECASE)
"""A why-question's premise ("… if it's farther from the Sun") or the contrast it draws ("…
instead of just going dark"): what the reason must explain is said before it, and the sentence
that gives the reason need not repeat the rest."""
_EVERYDAY: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern, re.IGNORECASE), said) for pattern, said in (
    (r"\b(?:northern|southern|polar) lights\b", "aurora"),
    (r"\b(?:shooting|falling) stars\b", "meteors"), (r"\b(?:shooting|falling) star\b", "meteor"),
    (r"\b(?:give|gives|gave|giving) off\b", "emit"), (r"\bthe air\b", "the atmosphere"),
    (r"\b(?:crash|smash|bump|run|slam)(?:e?s|ed|ing)? into\b", "collide with"),
    (r"\bour (?:own |home )?galaxy\b", "the Milky Way"),
    (r"\b(?:heading|coming|moving|rushing) (?:towards?|at)\b", "approaching"),
    (r"\b(what|who|where|when|how|that)s\b", r"\1 is"),
    (r"\bbtw\b|\bby the way\b|\bin the first place\b|\ball in all\b|,\s*like\b", ","),
    (r"\b(?:come|comes|came|coming) up with\b", "invented"), (r"\b(?:put|puts) out\b", "published"),
    (r"\b(?:fly|flies|flew|flying) (?:by|past)\b", "fly"),
    (r"\b(?:haul|hauled|carry|carried|ship|shipped|fetch|fetched) (?:\w+ )?back\b", "brought back"),
    (r"\b(?:go|goes|went|going) on for\b", "last"),
    (r"\b(?:in total|all together|altogether|all told)\b", " "), (r"\b(?:from )?top to bottom\b", "thick"),
    (r"\b(?:found|discovered|known|seen|observed) (?:so far|to date|yet)\b", "known"),
    (r"\b(?:go|goes|went|going|get|gets|got)\s+(?:once\s+)?a?round\b", "orbit"),
    (r"\b(?:show|shows|showed|turn|turns|turned)\s+up\s+again\b", "return"),
    (r"\b(?:zoom|zooms|zoomed|zooming|whizz|whizzed|swing|swings|swung|swinging)\s+(?:by|past)\b", "fly"),
    (r"\bnext to\b", "near"),
    (r"\b(?:turn|turns|turned|turning|switch|switches|switched|switching|shut|shuts|shutting)\s+(?:off|down)\b",
     "retired"), (r"\bfor good\b", " "),
    (r"\b(?:go|goes|went|going|get|gets|got)\s+(?:dim|dimmer|faint|fainter)\b", "fade"),
    (r"\b(?:a few|a couple of|some|several) years ago\b", " "), (r"\bback in\b", "in"),
    (r"\b(?:late|early|mid)[- ]?(?=(?:1[5-9]|20)\d\d\b)", ""),
    (r"\bwithout (?:a |any )?(?:telescopes?|binoculars|optical aid|optics)\b", "with the naked eye"),
    (r"\b(?:before|until|till|by the time)\s+(?:the|its|it|they)\s+(?:\w+\s+)?(?:ended|ends|end|finished|stopped)\b", " "),
    (r"\bby the end of (?:the|its) (?:\w+ )?mission\b", " "),
    (r"\bif (?:i|you|we|one)\s+(?:(?:was|were|am|are|could|would)\s+)?(?:(?:be|being|standing|stood|stand|live|lived)\s+)?on\b",
     "on"),
    (r"\bhow long would (?:i|you|we|one) (?:have to )?wait\b", "how long"),
    (r"\b(?:one|a|each|per) (?:lap|circuit|loop) (?=around|round)", "one orbit "),
    (r"\b(?:(?:anyone|anybody|we|people|astronomers) )?(?:(?:has|have|had) )?ever (?:been )?(?:found|discovered|seen|measured)\b",
     "known"),
    (r"\b(?:first )?came out\b", "published"), (r"\bfor good\b", " "),
    (r"\b(green|red|blue|purple|violet|pink|white|yellow|orange) (?:light|glow)\b", r"\1 colour"),
    (r"\b(reach|reaches|reached|get to|gets to|got to|come to|comes to|arrive at|arrives at)\s+us\b", r"\1 Earth"),
    (r"\b(?:the sky (?:is|gets|becomes|turns) )?(?:completely|properly|fully|really|truly) dark\b", "astronomical darkness"),
))
"""An English question's everyday phrase, said as the passages say it ("northern lights" are
the aurora, "shooting stars" meteors, "give off" emit): a phrase of several words, where one
word of it alone ("lights", "off") would mean something else."""
_PAST = re.compile(r"\b(?:was|were|did|wurde|wurden|war|waren)\b")
_FUTURE = re.compile(r"\b(?:will|next|upcoming|nachste[nrs]?|kommende[nrs]?)\b")
_PLANET_LETTER = re.compile(r"\d{1,4}[b-h]")
"""A planet of a numbered star ("1c" of TRAPPIST-1c, "9b" of KELT-9b)."""
_NUMBER_IN_NAME = re.compile(rf"^(?:\d{{1,3}}|0\d+|(?!1[5-9]\d\d$|20\d\d$)\d{{4,}}|{_PLANET_LETTER.pattern})$")
"""A number in a name ("Apollo 11", "WISE 0855−0714", "HD 209458", a planet's "KELT-9b"), not a
year: a sentence must say it."""
_DECADE = re.compile(r"^(1[5-9]\d|20\d)0(?:s|er|ern)$")


# The question word a question opens with decides over a quality named later: "why is Venus
# hotter than Mercury if it is farther out" asks for a reason, not a temperature or a distance;
# "how long would a black hole with the mass of a star take" asks for a duration, not a mass.
_LEADING: tuple[tuple[Asked, re.Pattern[str]], ...] = (
    (Asked.REASON, re.compile(r"^(?:\w+\s+)?(?:why|warum|wieso|weshalb|weswegen)\b")),
    # "how long until the next eclipse?" asks when it comes ("bis zur Erde" is still a way's duration)
    (Asked.DATE, re.compile(r"^(?:\w+\s+)?(?:how long|wie lange?)\b.*\b(?:until|till|before|bis)\s+"
                            r"(?:(?:zur|zum|zu|the)\s+)?(?:next|n(?:ä|a|ae)chste\w*)\b")),
    (Asked.SIZE, re.compile(rf"^(?:\w+\s+)?{_LENGTH_ASKED}")),
    (Asked.DURATION, re.compile(r"^(?:\w+\s+)?(?:how long|wie lange?)\b(?!\s+ago\b)(?!.*\bher$)")),
)


def _joined(question: str, passages: set[str]) -> str:
    """An English question with two words written as the one the passages use ("day side" as
    "dayside", "sun spots" as "sunspots")."""
    words = tokens(question)
    for first, second in pairwise(words):
        if len(first) >= 3 and len(second) >= 3 and stem(first + second) in passages:
            question = re.sub(rf"\b{re.escape(first)}[\s-]+{re.escape(second)}\b", first + second, question,
                              flags=re.IGNORECASE)
    return question


def _everyday(text: str) -> str:
    """``text`` with its everyday English phrases said as the passages say them (:data:`_EVERYDAY`)."""
    for phrase, said in _EVERYDAY:
        text = phrase.sub(said, text)
    return text


def question_kind(question: str) -> Asked:
    """The kind of fact ``question`` asks for (``FACT`` when no pattern says more)."""
    folded = " ".join(tokens(question))
    for kind, pattern in (*_LEADING, *_KIND_PATTERNS):
        if pattern.search(folded):
            return kind
    return Asked.FACT


_PARTS = re.compile(r"(?<=\?)\s+|(?<=[^\W\d_]{3}[.!:])\s+|(?<=\b\d{4}\.)\s+(?=[A-ZÄÖÜ])|\s+[-–—]\s+"
                    r"|,\s+(?:but|aber)\s+(?=(?:how|what|when|who|why|which|wie|was|wann|wer|warum|welche)\b)",
                    re.IGNORECASE)
"""Where a message's sentences part: after "?", after ".", "!" or ":" closing a word ("z. B." and
"am 12. August" go on; "quick question: how old is the Sun?") or a year ("… in 1912. How many …"), at
a dash between clauses, and at a "but" that turns to the question ("Betelgeuse is supposed to be
near the end of its life, but how old is it actually?")."""
_ASKS = re.compile(r"^\W*(?:what|what's|whats|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could"
                   r"|will|would|has|have|had|was|wer|wem|wen|wessen|wann|wo|warum|wieso|weshalb|wie|welche[rsmn]?"
                   r"|ist|sind|hat|haben|gibt|kann|kannst|wird|werden|um wie)\b", re.IGNORECASE)
_QUESTION_APPOSITION = re.compile(
    r",\s+(?:(?:that|this|the|a|an|i\.\s?e\.)\s[^,?!]*"
    r"|(?:der|die|das|den|dem|ein|eine|einen|einem)\s(?:[^\W\d_][\w-]*\s+){0,3}(?-i:[A-ZÄÖÜ])[\w-]*(?=\s*(?:[,?!.]|$)))"
    r"(?:,\s+(?:(?:an|in|auf|von|mit|bei|nach|um|aus)\s+)?(?:dem|der|den|denen|die|das|dessen|deren"
    r"|which|that|where|who)\s[^,?!]*)?", re.IGNORECASE)
"""A name's apposition: an English one to the next comma; a German one only as a noun phrase
("Ganymed, der größte Jupitermond", "Arrokoth, das Ding, an dem …"), for a German article is
also a relative pronoun ("die nächste Sonnenfinsternis, die man in Deutschland sehen kann" asks
for that one)."""
_PRONOUNS = frozenset({"it", "its", "they", "their", "them", "this", "er", "sie", "es", "ihr", "ihre", "sein", "seine",
                       "seinen", "ihren"})
_PLURAL_PRONOUNS = frozenset({"they", "their", "them", "these", "those"})
"""A plural pronoun stands for a noun more often than for a name ("they" are the moons Mars has):
the question is read with the sentence that says it, unless a name there is plural itself."""


def _asking_part(question: str, named: list[tuple[str, Iterable[str]]]
                 ) -> tuple[Asked, str, list[tuple[str, Iterable[str]]]]:
    """The part of a message that asks, and the names it reads the question by. People say more than the
    question: what they heard ("How massive are Saturn's rings? I heard they weigh less than one of its
    moons"), where they met a word ("… saw the word in an article about the Orion Nebula"), a second
    question ("Can you see Vesta with the naked eye? How bright does it get?"), or what the named thing
    is ("Arrokoth, that thing New Horizons flew past after Pluto", "Canopus, der zweithellste Stern").
    The answer must say what is asked, not those words: of several sentences the first question of the
    message's kind is read (all of it when none is), and an apposition after a name is left out. The
    names said elsewhere stay when the part says "it" or names nothing. The kind asked is the
    message's, or its first question's when the message as a whole says none ("so i've been reading
    about neptune - when did they find it?")."""
    asked = question_kind(question)
    parts = [part for part in _PARTS.split(question.strip()) if part.strip()]
    asking = [part for part in parts if part.rstrip().endswith("?") or _ASKS.match(part)]
    if asked is Asked.FACT and len(parts) > 1:
        asked = next((kind for kind in map(question_kind, asking) if kind is not Asked.FACT), asked)
    part = next((part for part in asking if question_kind(part) is asked), question) if len(parts) > 1 else question
    said = {stem(word) for name, _ in named for word in tokens(name)}
    for found in reversed(list(_QUESTION_APPOSITION.finditer(part))):
        before = part[:found.start()].split()[-1:]  # a name, said by the title index or capitalised
        if before and (stem(" ".join(tokens(before[0]))) in said or before[0][:1].isupper()):
            part = part[:found.start()] + part[found.end():]
    words = set(tokens(part))
    if words & _PLURAL_PRONOUNS and not words & {"it", "its"} and not any(
            re.search(rf"\b{re.escape(name)}\s+(?:are|were|have|sind|waren|haben)\b", question, re.IGNORECASE)
            for name, _ in named):  # "The Pleiades are … How old are they?": "they" are the Pleiades
        return asked, question, named  # "Mars has two moons, right? what are they called?": "they" are the moons
    kept = _named_in(words, named)
    if not kept or words & _PRONOUNS:
        kept = [(name, titles) for name, titles in named if not _asker_has(question, name)] or named
    return asked, part, kept


def _asker_has(question: str, name: str) -> bool:
    """Whether a message names ``name`` as the asker's own instrument ("I have a 16-inch Dob and want
    to try the Einstein Cross … what magnitude is it?"): "it" is what they want to see, not that."""
    return re.search(rf"\b(?:my|mein\w*|i\s+have\s+an?|i've\s+got\s+an?|ich\s+hab\w*\s+ein\w*)\s+(?:[\w-]+\s+){{0,2}}"
                     rf"{re.escape(name)}\b", question, re.IGNORECASE) is not None


def _named_in(words: set[str], named: list[tuple[str, Iterable[str]]]) -> list[tuple[str, Iterable[str]]]:
    """The names of ``named`` that ``words`` say whole."""
    said = set(map(stem, words))
    return [(name, titles) for name, titles in named if {stem(word) for word in tokens(name)} <= said]


def searched_part(question: str, named: Iterable[tuple[str, Iterable[str]]]) -> str:
    """What of a message the offline search looks for: its asking part (:func:`_asking_part`;
    "who discovered Pluto? I always forget" matched no passage closely enough whole), or the
    whole message when that part says "it" of a thing named elsewhere or names nothing."""
    named = list(named)
    _, part, _ = _asking_part(question, named)
    words = set(tokens(part))
    return " ".join(part.split()) if _named_in(words, named) and not words & _PRONOUNS else question


def read_question(question: str, *, named: Iterable[tuple[str, Iterable[str]]], texts: Iterable[str],
                  german: bool) -> Question:
    """``question`` with its kind, the things it names and its relation words. ``named``:
    topic names found in it with the titles they name; ``texts``: the retrieved sentences. A
    capitalised word inside an English question is a name. German words are widened by the
    lexicon (:mod:`singularity.knowledge.question_lexicon`; compounds by their parts); a German word the lexicon does not know is a name when the passages use it as a
    cognate ("Neptun", "Vesta") and is dropped otherwise, rather than required — unless nothing
    else says what is asked ("Wie heißt der Hund von Edwin Hubble?") or the question names
    nothing the passages know ("Wer baute den Leviathan von Parsonstown?")."""
    passage_stems = {s for text in texts for s in map(stem, tokens(text))}
    owners = _owners(question)  # of the whole message: "I read that the Chelyabinsk meteor … How many were injured?"
    asked, question, named = _asking_part(question, list(named))
    if asked is Asked.REASON:
        question = _CONCESSION.split(question, maxsplit=1)[0]
    question = _NOW.sub(" ", question)
    denied = " ".join(found.group() for found in _NOT_THAT.finditer(question))
    if denied:
        question = _NOT_THAT.sub(" ", question)
        named = [(name, titles) for name, titles in named if _named_in(set(tokens(question)), [(name, titles)])
                 or not _named_in(set(tokens(denied)), [(name, titles)])]
    if asked in (Asked.PERSON, Asked.DATE):
        question = _BY_TELESCOPE.sub(" ", question)
    if german:
        question = _separable(question)
    if not german:
        question = _joined(_everyday(question), passage_stems)
        named = [(_everyday(name), titles) for name, titles in named]
    filler = {Asked.DISTANCE: _DISTANCE_FILLER, Asked.NAME: _NAME_WORDS, Asked.PERSON: _PERSON_WORDS,
              Asked.DURATION: _DURATION_FILLER, Asked.COMPOSITION: _COMPOSITION_FILLER,
              Asked.SPEED: _SPEED_FILLER, Asked.BRIGHTNESS: _BRIGHTNESS_FILLER}.get(asked, frozenset())
    said = frozenset(tokens(question))
    if asked is Asked.NAME and _catalogue_asked(said):
        filler |= _CATALOGUE_FILLER
    if asked in (QUANTITIES | {Asked.FACT}) - {Asked.SIZE}:
        filler |= _DEGREE_FILLER
    if asked in (Asked.SIZE, Asked.DISTANCE):
        filler |= _HEIGHT_FILLER
    if asked in QUANTITIES - {Asked.COUNT}:
        filler |= _MEASURED | frozenset(_UNIT_ASKED.findall(" ".join(tokens(question))))
        filler |= frozenset(_IN_A_UNIT.findall(" ".join(tokens(question)))) & _ANSWER_UNITS
    owners |= _owners(question)
    entities = [replace(_entity(name, titles, passage_stems, german=german), setting=_in_a_place(question, name),
                        owner=set(tokens(name)) <= owners) for name, titles in named]
    entities = [entity for entity in entities if entity.words]
    taken = {stem(word) for name, _ in named for word in tokens(name)}
    proper = ({word.casefold() for word in re.findall(r"\b[A-ZÄÖÜ]{2,}\b", question)} if german  # "die ISS"
              else {_bare(word) for word in re.findall(r"(?<=\s)[A-Z][\w'’-]*", question)})
    relation: dict[str, frozenset[str]] = {}
    unknown: dict[str, frozenset[str]] = {}
    events: set[str] = set()
    compounds: set[str] = set()
    stop = _STOP if german else _STOP_ENGLISH
    kind_words = TYPE_WORDS - QUALITIES if asked in (Asked.REASON, Asked.PROCESS) else TYPE_WORDS
    capitalised = set(tokens(" ".join(re.findall(r"\b[A-ZÄÖÜ][\w'’-]*", question))))
    for word in dict.fromkeys(tokens(question)):
        if _NUMBER_IN_NAME.match(word) and stem(word) not in taken:
            entities.append(Entity((frozenset({word}),)))  # "Apollo 11" is not Apollo 15
            continue
        if word in stop or word in kind_words or word in filler or word.isdigit() or len(word) < 2:
            continue
        decade = _DECADE.match(word)
        if decade:  # "in the 1840s" is said by any year of them ("in 1848")
            relation[word] = frozenset({stem(word), *(f"{decade.group(1)}{digit}" for digit in range(10))})
            continue
        if not german and _qualifier(word, passage_stems):
            continue
        own = stem(word)
        if own in taken:
            continue
        parts = () if widen(word) or not german else _compound(word, passage_stems) if word in capitalised else (
            _known_parts(word))
        if parts and _glossary_whole(word, parts, passage_stems):
            parts = ()  # "Stromausfall" is a blackout, not "Stromausf" + "all"; "Sonnenlicht" is sunlight
        if parts:  # "Radioteleskop" asks for a radio telescope: each part the passages can say must be said
            # (a compound is a noun, which German writes capitalised: "enthält" is no "enth" + "alt")
            for i, part in enumerate(parts):
                literal = part == (word[:len(part[0])],) and not widen(part[0])  # "Kugel…": no English word
                if literal and _glossary_words(part[0]):
                    part = _glossary_words(part[0])  # "Sonnenfleckenzyklus": the sunspot cycle
                    literal = False
                forms = frozenset(map(stem, part))
                if not literal or len(part[0]) >= NAMED_HEAD or any(similar(form, seen) for form in forms for seen in passage_stems):
                    relation[f"{own}/{i}"] = forms
                    compounds.add(f"{own}/{i}")
            continue
        name = _glossary_name(word, own) if german and not widen(word) else ()
        widened = name or widen(word) or (_glossary_words(word) if german else ()) or (
            widen_verb(word) if german and word not in capitalised else ())
        forms = frozenset({own, *map(stem, widened), *(() if german else map(stem, inflected(word))),
                           *(_name_of_adjective(word) if german and word in capitalised else ())})
        cognate = any(similar(form, seen) for form in forms for seen in passage_stems)
        if word in proper or name or (german and not widened and cognate):
            entities.append(Entity((forms,), owner=word in owners))
        elif widened or cognate or not german:
            relation[own] = forms
            if any(english.endswith("ed") for english in (word, *widened)):
                events.add(own)
        else:
            unknown[own] = forms
    if not relation and asked is not Asked.COMPOSITION:
        # "Wie heißt der Hund von Edwin Hubble?": what it asks is no word the passages know;
        # "Woraus besteht Jupiter hauptsächlich?" asks a composition, which its kind says
        relation = unknown
    elif not entities:  # "Wer baute den Leviathan von Parsonstown?": what it is about, neither
        nouns = {stem(word) for word in tokens(" ".join(re.findall(r"(?<=\s)[A-ZÄÖÜ][\w'’-]*", question)))}
        relation.update((key, forms) for key, forms in unknown.items() if key in nouns)
    events -= _qualifying_participles(tokens(question), events)
    kinds = frozenset(_kinds_of_names(question, entities, relation, german=german))
    earliest = _first_sighting(relation)
    past = bool(_PAST.search(" ".join(tokens(question))))
    future = bool(_FUTURE.search(" ".join(tokens(question))))
    return Question(asked, tuple(entities), relation, bool(_NAMESAKE_QUESTION.search(question)), proper_names(texts),
                    frozenset(events), said, past, frozenset(compounds),
                    _counted(question, stop) if asked is Asked.COUNT else frozenset(),
                    frozenset(_YEAR.findall(question)), _ordinals(question, stop, german=german, passages=passage_stems), earliest,
                    kinds, _classed(question, relation) if asked in (Asked.NAME, Asked.FACT) else frozenset(), future)


_WHICH = re.compile(r"^\W*what(?:'s|’s|\s+is|\s+was|\s+are)\s+the\s+names?\s+of\s+the\s+([^\W\d_][\w'’-]*)"
                    r"|^\W*what(?:'s|’s|\s+is|\s+was|\s+are)\s+the\s+([^\W\d_][\w'’-]*)\s+[^?]*\bcalled\b"
                    r"|^\W*wie\s+hei(?:ß|ss)(?:t|en)\s+(?:der|die|das|den)\s+([^\W\d_][\w'’-]*)"
                    r"|^\W*(?:what|which|welche[rsmn]?)\s+([^\W\d_][\w'’-]*)", re.IGNORECASE)
"""The kind of thing a question asks the name of: "which galaxy", "what is the effect called",
"Wie heißt der Effekt"."""


def _classed(question: str, relation: dict[str, frozenset[str]]) -> frozenset[str]:
    """The relation word that says the kind of thing asked (:data:`_WHICH`, :attr:`Question.classed`)."""
    match = _WHICH.match(question)
    own = stem(" ".join(tokens(next(group for group in match.groups() if group)))) if match else ""
    return frozenset({own} & relation.keys())


_SIGHTING = frozenset(map(stem, ("discovered", "discovery", "discover", "found", "noticed", "notice", "spotted", "spot",
                                  "see", "saw", "seen", "observed", "sighted")))
_FIRST = stem("first")
_FIRST_WORDS = frozenset({"first", "firstly", "erste", "ersten", "erster", "erstes", "erstmals"})


def _first_sighting(relation: dict[str, frozenset[str]]) -> bool:
    """Reads "first" with a verb of finding or seeing as a discovery, in place, and says whether
    it did: whoever saw a thing first discovered it, and the discovery of the first of a kind is
    told without the ordinal ("noticed a radio source pulsing" in the article on pulsars for who
    spotted the first pulsar; "discovered by" for the first person to see a moon)."""
    sighting = [key for key, forms in relation.items() if forms & _SIGHTING]
    first = [key for key, forms in relation.items() if _FIRST in forms]
    if not (sighting and first):
        return False
    for key in first:
        del relation[key]
    for key in sighting:
        relation[key] = relation[key] | _SIGHTING
    return True


_PARTICLES = frozenset({"aus", "ab", "an", "auf", "ein", "zu", "vor", "mit", "nach", "zurück", "los", "weg", "unter"})


def _separable(question: str) -> str:
    """A German question with each separable verb joined to the particle that ends its clause,
    when the lexicon knows the joined verb ("Warum sieht Uranus so blaugrün aus?" asks how it
    looks, "aussieht"; "Wie oft bricht U Scorpii aus?" how often it erupts)."""
    clauses = []
    for clause in question.split(","):
        words = clause.split()
        particle = words[-1].rstrip("?!.").casefold() if len(words) > 2 else ""
        if particle in _PARTICLES:
            for i, word in enumerate(words[1:-1], start=1):
                joined = f"{particle}{word.casefold()}"
                if widen(" ".join(tokens(joined))):
                    words = [*words[:i], joined, *words[i + 1:-1]]
                    break
        clauses.append(" ".join(words))
    return ", ".join(clauses)


def first_year(sentence: str) -> int:
    """The earliest year a sentence names (naming none, it comes after every year): of several
    discoveries the sentences tell, the first is the one asked for "the first"."""
    return min(map(int, _YEAR.findall(sentence)), default=10_000)


_DETERMINERS = frozenset({"the", "a", "an", "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem"})


_ADJECTIVE = re.compile(r"(?:lich|isch|ig|sch)(?:e|en|er|es|em)?$|^(?:nord|sud|ost|west|gross|klein|hell|dunkel|alt|neu)"
                        r"\w*(?:e|en|er|es|em)$|^(?:north|south|east|west)(?:ern)?$|^(?:great|greater|small|lesser|little|large)$",
                        re.IGNORECASE)
"""A word that qualifies the name after it ("die Südlichen Plejaden", "the Southern Cross"): part of
the name, not its kind: the Southern Pleiades are not the Pleiades."""


def _kinds_of_names(question: str, entities: Iterable[Entity], relation: dict[str, frozenset[str]], *,
                    german: bool) -> set[str]:
    """The relation words that say what kind of thing the name after them is, between a
    determiner or an owner and that capitalised name ("the moon Dactyl", "die Sonde JUICE",
    "Neptune's moon Nereid"): a sentence naming the thing need not say its kind ("ESA's JUICE
    mission, launched in 2023"; :attr:`Question.kinds`). A kind is a noun, which German writes capitalised ("der erste
    Pulsar" is no kind); an English adjective stands before a name in lower case only before a
    common word ("the green aurora"). After the name, only a noun of :data:`_KIND_NOUNS` is its
    kind ("the Crab pulsar"; in "does the Moon orbit", "orbit" is what it does)."""
    named = {form for entity in entities for forms in entity.words for form in forms}
    words = re.findall(r"[^\W\d_][\w'’-]*|\d\w*", question)
    kinds = set()
    for before, word, after in zip(words, words[1:], words[2:], strict=False):
        own = stem(" ".join(tokens(word)))
        owner = _POSSESSIVE_END.search(before) is not None
        if (own in relation and (before.casefold() in _DETERMINERS or owner) and after[0].isupper()
                and (word[0].isupper() or not german) and not _ADJECTIVE.search(" ".join(tokens(word)))
                and stem(" ".join(tokens(after))) in named):
            kinds.add(own)
    crafts = set()
    parts = [part for word in words for part in word.split("-") if part]
    for before, name, *after in zip(parts, parts[1:], parts[2:], parts[3:] + [""], strict=False):
        if not (before.casefold() in _DETERMINERS or _POSSESSIVE_END.search(before)) or stem(
                " ".join(tokens(name))) not in named:
            continue
        for word in after:  # "the Pleiades star cluster", "ESA's Gaia spacecraft", "die cassini sonde"
            own = stem(" ".join(tokens(word)))
            if own not in relation or own not in _KIND_NOUNS | _CRAFT_NOUNS:
                break
            (crafts if own in _CRAFT_NOUNS else kinds).add(own)
    if german:
        crafts |= _hyphened_kinds(question, named, relation)
    return kinds | (crafts if set(relation) - kinds - crafts else set())


def _hyphened_kinds(question: str, named: set[str], relation: dict[str, frozenset[str]]) -> set[str]:
    """The relation words of a German compound whose hyphen joins a name to its kind ("das
    Hubble-Teleskop", "die Cassini-Sonde", "das James-Webb-Weltraumteleskop"): the compound is
    the thing of that name itself, so a sentence naming it need not say its kind. Only a kind of
    thing or craft — "die Hubble-Konstante" is no Hubble."""
    kinds = set()
    for compound in re.findall(r"[^\W\d_][\w'’]*(?:-[^\W\d_][\w'’]*)+", question):
        *names, head = compound.split("-")
        own = stem(" ".join(tokens(head)))
        if own.endswith(_HYPHENED_KINDS) and any(stem(" ".join(tokens(name))) in named for name in names):
            kinds |= {key for key in relation if key == own or key.startswith(f"{own}/")}
    return kinds


_KIND_NOUNS = frozenset(map(stem, (
    "star", "stern", "cluster", "haufen", "sternhaufen", "nebula", "nebel", "galaxy", "galaxie", "comet", "komet",
    "asteroid", "moon", "mond", "planet", "pulsar", "crater", "krater", "volcano", "vulkan", "constellation", "sternbild",
    "meteor", "meteorite", "meteorit", "fireball", "impact")))
"""Nouns that say what kind of natural thing a name is when they follow it ("the Pleiades star
cluster", "the Crab pulsar")."""
_CRAFT_NOUNS = frozenset(map(stem, (
    "spacecraft", "space", "probe", "sonde", "raumsonde", "mission", "telescope", "teleskop", "weltraumteleskop", "satellite",
    "satellit", "rover", "observatory", "observatorium", "sternwarte")))
"""Nouns that say what kind of craft a name is ("ESA's Gaia spacecraft", "die Cassini-Sonde", "the
Gaia space telescope"). A mission lends its name to what it found ("Gaia BH3, a black hole of about 33 solar masses" is no
mass of the Gaia spacecraft), so a craft's kind goes unsaid only when the question has other
words to say what it asks: "Wie schwer ist die Gaia-Sonde?" is asked of the craft alone."""
_HYPHENED_KINDS = tuple(_KIND_NOUNS | _CRAFT_NOUNS)


def _qualifier(word: str, passages: set[str]) -> bool:
    """Whether an English word is an adverb in -ly made from a word the ``passages`` use
    ("newly", "mostly"): it qualifies the verb or adjective beside it, which carries what is asked
    and which a sentence may qualify in its own words ("a newborn white dwarf", "the most common
    colour, green")."""
    return word.endswith("ly") and len(word) > 4 and stem(word[:-2]) in passages


def _qualifying_participles(words: list[str], events: set[str]) -> set[str]:
    """The events of a question that are participles qualifying a noun, not the event asked: one
    followed by its agent ("by") with another event after it ("When was the first planet found by
    microlensing announced?" asks when it was announced; a sentence need not say it was found)."""
    stems = [stem(word) for word in words]
    return {own for i, own in enumerate(stems[:-1]) if own in events and words[i + 1] == "by"
            and any(later in events for later in stems[i + 2:])}


_DATE_BEFORE = re.compile(r"\b(?:in|since|by|until|from|during|of|early|late|mid)\s+$", re.IGNORECASE)
"""Words before a year that make it a date ("In 2031 observers logged …"), not a count."""
_YEAR = re.compile(r"\b(?:1[5-9]\d\d|20\d\d)\b")
"""A year as questions name one (1500–2099): a number of four digits in that range."""
_ORDINALS = {"first": "first", "erste": "first", "ersten": "first", "erster": "first", "erstes": "first",
             "second": "second", "zweite": "second", "zweiten": "second", "zweiter": "second",
             "last": "last", "letzte": "last", "letzten": "last", "letzter": "last"}
ORDINAL_REACH = 3
"""How many words may stand between an ordinal and what it qualifies ("the first confirmed
exoplanets", "the first known interstellar object")."""


def _ordinals(question: str, stop: frozenset[str], *, german: bool,
              passages: set[str]) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Each ordinal of ``question`` followed at once by a content word, as (the ordinal's English
    stem, the stems a sentence may use for that word, "one" among them: "the first working one");
    "the first to spot", "zum ersten Mal" qualify nothing, nor does a German word that is neither
    translated nor a cognate the ``passages`` use ("der letzte Mensch" is "the last person";
    "der erste Pulsar" is a pulsar)."""
    words = tokens(question)
    pairs = []
    for at, (ordinal, noun) in enumerate(pairwise(words)):
        if ordinal not in _ORDINALS or noun in stop or noun in TYPE_WORDS or noun.isdigit():
            continue
        english = widen(noun) or _glossary_words(noun)
        if german and not english and stem(noun) not in passages:
            continue
        qualified = [stem(word) for word in words[at + 2:at + 2 + ADVERB_REACH]] if noun.endswith("ly") and not german else []
        pairs.append((frozenset({stem(_ORDINALS[ordinal])}),
                      frozenset({stem(noun), "one", "ones", *map(stem, english), *qualified})))
    return tuple(pairs)


ADVERB_REACH = 2
"""An adverb after an ordinal qualifies the words after it, which a sentence may say without it:
"the very first gravitationally lensed object" is "the first lensed object"."""


def _ordinal_of_another(question: Question, sequence: list[str]) -> bool:
    """Whether a sentence says an ordinal of the question only of something else: "first" there,
    but never within :data:`ORDINAL_REACH` words before the thing the question calls first."""
    for ordinal, forms in question.ordinals:
        places = [i for i, word in enumerate(sequence) if word in ordinal]
        if places and not any(_uses(forms, set(sequence[i + 1:i + 2 + ORDINAL_REACH])) for i in places):
            return True
    return False


_HOW_MANY = re.compile(r"\b(?:how many|wie ?viele?n?|number of|anzahl (?:der|an|von))\s+(.*)")
_NOT_COUNTED = frozenset({"does", "do", "did", "has", "have", "had", "hat", "haben", "hatte", "gibt", "exist", "exists",
                          "existieren", "there", "es", "contain", "contains", "enthalt", "umkreisen", "orbit"})


def _counted(question: str, stop: frozenset[str]) -> frozenset[str]:
    """The stems of the words "how many" is followed by, up to the verb ("How many dwarf planets
    does …" → dwarf, planet)."""
    found = _HOW_MANY.search(" ".join(tokens(question)))
    counted: list[str] = []
    for word in (found.group(1).split() if found else ()):
        if word in stop or word in TYPE_WORDS or word in _NOT_COUNTED:
            break
        counted.append(stem(word))
    return frozenset(counted)


def proper_names(texts: Iterable[str]) -> frozenset[str]:
    """The words (case-folded, without a possessive "'s") that the sentences of ``texts``
    write capitalised and never in lower case, stopwords aside: names ("Eris", "Jupiter's")."""
    upper: set[str] = set()
    lower: set[str] = set()
    for text in texts:
        for word in _WORDS.findall(text):
            (upper if word[0].isupper() else lower).add(_bare(word))
    return frozenset(upper - lower - _STOP)


_WORDS = re.compile(r"(?<!\w)[^\W\d_][\w'’-]*")  # not the P of "1P/Halley"


def _bare(word: str) -> str:
    return word.casefold().removesuffix("'s").removesuffix("’s")


def _names_other(question: Question, text: str, *, said: bool = False) -> bool:
    """Whether ``text`` names something by a proper name that the question does not name (nor,
    with ``said``, use as any of its words: "Moon" in "how much of the Moon …")."""
    own = {form for entity in question.entities for forms in entity.words for form in forms}
    own |= {form for forms in question.relation.values() for form in forms} if said else set()
    return any(_bare(word) in question.names and not _uses(own, {stem(_bare(word))})
               for word in _WORDS.findall(text))


NAMED_HEAD = 4
"""A compound's head of this many letters that neither lexicon nor glossary translates is a name
and must be said ("Marsmonde" asks about the moons of Mars, not any moons the passages
discovered); one the glossary translates is said in English ("Sonnenflecken…": sunspot)."""


def _glossary_whole(word: str, parts: tuple[tuple[str, ...], ...], passage_stems: Collection[str]) -> bool:
    """Whether the glossary's term for a German compound says it better than its parts: it is one
    English word ("Sonnenlicht": sunlight), or a part is neither translated nor like a word of the
    passages ("Stromausfall" is no "Stromausf" + "all"). Otherwise the compound is read part by
    part, each to be said ("Neutronenstern": "neutronen", like "neutron", and star)."""
    whole = _glossary_words(word)
    return bool(whole) and (len(whole) == 1 or any(
        part == (word[:len(part[0])],) and not widen(part[0])
        and not any(similar(stem(part[0]), seen) for seen in passage_stems) for part in parts))


def _glossary_words(word: str) -> tuple[str, ...]:
    """The English words of the search glossary's term for one German word ("Lichtjahr")."""
    return tuple(english for term in english_terms(word) for english in tokens(term) if english not in _STOP)


def _glossary_name(word: str, own: str) -> tuple[str, ...]:
    """The name a German word is in the glossary, when its term holds a capitalised cognate of
    it ("Perseiden" → "Perseids meteor shower"): only that name stands for it — the kind words
    beside it are no answer ("The Leonids are the fastest shower meteors" says nothing of the
    Perseids)."""
    return tuple(name.casefold() for term in english_terms(word) for name in re.findall(r"\b[A-Z][\w'’-]*", term)
                 if similar(stem(name.casefold()), own))


def _without_craft_kind(words: list[str]) -> list[str]:
    """A craft's name without the kind words after a person's name it bears ("Spitzer space
    telescope" → "Spitzer"): a sentence names the craft by that name alone ("until Spitzer was
    switched off")."""
    kept = list(words)
    while len(kept) > 1 and stem(kept[-1]) in _CRAFT_NOUNS:
        kept.pop()
    return kept if len(kept) < len(words) and kept[-1] in _PEOPLE_NAMES else words


_PEOPLE_NAMES = frozenset(person.casefold() for person in NAMED_AFTER_PEOPLE)


def _entity(name: str, titles: Iterable[str], whole: Collection[str] = frozenset(), *, german: bool = True) -> Entity:
    """A topic the question names, with its titles and, for a German name, its English term —
    only a term that translates what sets the name apart: "Antennen-Galaxien" is not any
    "galaxy", and "size diameter" (the glossary's words for "groß") names nothing."""
    terms = [term for term in english_terms(name) or (_card_name(titles) if german else [])
             if not all(word in TYPE_WORDS for word in tokens(term))]
    english = [word for term in terms for word in tokens(term) if word not in _STOP]
    letters = {letter.casefold() for letter in _DESIGNATION.findall(name)}
    own = _without_craft_kind([word for word in tokens(name) if word not in _STOP or word in letters])
    words = tuple(forms for word in own for forms in _forms(word, whole, split=german))  # "Altair" is no "alt" + "air"
    translated = tuple(forms for word in english for forms in _forms(word, whole))
    known = {form for forms in words for form in forms}
    if all(forms & known for forms in translated):
        translated = ()
    return Entity(words, frozenset(titles), translated, phrase=len(own) > 1)


_PLACE_BEFORE = re.compile(r"\b(?:on|at|auf|am|zur|zum)\s+(?:the\s+|dem\s+|der\s+|den\s+)?$", re.IGNORECASE)


_OWNER = re.compile(r"\b([A-Z][\w-]*)(?:'s|’s|'|’)\s+(?:[a-z][\w-]*\s+){0,2}[A-Z]")
"""A possessive before a name, or a common noun or two and a name: "Saturn's moon Enceladus",
"Io's volcano Loki", "ESA's Gaia spacecraft"."""


def _owners(question: str) -> set[str]:
    """The words of ``question`` that need not be said beside another named thing (:attr:`Entity.owner`):
    a possessive, a space agency, which runs the craft asked about ("when did NASA switch off the
    Spitzer space telescope" is answered by "Spitzer … was switched off on …"), and a kind after a
    name ("the Chelyabinsk meteor" is answered by "an asteroid exploded over Chelyabinsk")."""
    kinds = {found.group(1) for found in _NAME_THEN_KIND.finditer(question)
             if stem(found.group(1)) in _KIND_NOUNS | _CRAFT_NOUNS}
    return {word for found in _OWNER.finditer(question) for word in tokens(found.group(1))} | (
        _AGENCIES & set(tokens(question))) | kinds


_NAME_THEN_KIND = re.compile(r"\b[A-Z][\w-]*\s+([a-z]+)\b")
"""A capitalised name and the lower-case word after it, which may say what kind of thing it is."""


_AGENCIES = frozenset({"nasa", "esa", "jaxa", "isro", "cnsa", "roscosmos"})


def _in_a_place(question: str, name: str) -> bool:
    """Whether ``question`` names ``name`` after "on", "at", "auf" …: as a place, not as the asker's subject."""
    at = question.casefold().find(name.casefold())
    return at > 0 and bool(_PLACE_BEFORE.search(question[:at]))


def _card_name(titles: Iterable[str]) -> list[str]:
    """The English name an object card's title gives ("Crab Nebula" of *M1 — Crab Nebula*) for a
    name the glossary does not translate ("Krebsnebel", found by the card's keywords)."""
    cards = [found.group(1) for found in map(_CARD_TITLE.match, titles) if found]
    return cards if len(cards) == 1 else []


_CARD_TITLE = re.compile(r"^(?:M|NGC|IC|Caldwell)\s?\d+ — (.+)$")


_DESIGNATION = re.compile(r"(?<=\w )[A-Z](?![\w'’])")
"""A capital letter after a name's word designates a component ("Cassiopeia A", "Sirius B"):
part of the name, not the article "a"."""


_NAME_ADJECTIVE = re.compile(r"^(\w{3,}?)sch(?:e|en|er|es|em)?$")


def name_of_adjective(word: str) -> str | None:
    """The name a German adjective of a name is made from ("der Halleysche Komet" is Halley's,
    "die Oortsche Wolke" Oort's), as the English texts write it."""
    found = _NAME_ADJECTIVE.match(word)
    return found.group(1) if found else None


def _name_of_adjective(word: str) -> tuple[str, ...]:
    name = name_of_adjective(word)
    return (stem(name),) if name else ()


def _forms(word: str, whole: Collection[str] = frozenset(), *, split: bool = True) -> tuple[frozenset[str], ...]:
    """What must stand in a sentence for one word of a name: its stem or a widening, or for a
    German compound each of its parts ("Ringnebel" is a ring *and* a nebula; ``whole``: the
    passages' stems, see :func:`_compound`)."""
    if widen(word):
        return (frozenset({stem(word), *map(stem, widen(word))}),)
    parts = _compound(word, whole) if split else ()
    if parts:
        return tuple(frozenset(map(stem, part)) for part in parts)
    return (frozenset({stem(word)}),)


def _compound(word: str, whole: Collection[str] = frozenset()) -> tuple[tuple[str, ...], ...]:
    """A German compound's parts, each as the English words for it: two known ones
    ("Sonnenspektrum" → sun, spectrum), or a name and a known one ("Jupitermonde" → jupiter,
    moons) — but no name the passages use whole (``whole``: their stems) whose first part they
    never say: "Dragonfly" is no "Drago" + "fly", while "Orionnebel" (in a card) is Orion's nebula."""
    parts = _parts(word)
    if parts and stem(word) in whole and not _uses(map(stem, parts[0]), set(whole) - {stem(word)}):
        return ()
    return parts


LOWER_COMPOUND = 9
"""The shortest word typed in lower case read as a compound of two known words."""


def _known_parts(word: str) -> tuple[tuple[str, ...], ...]:
    """A compound typed in lower case ("größenklassen", "helligkeitsverhältnis"), when both its parts
    are known words: a lower-case word may be a verb ("enthält" is no "enth" + "alt"), so a known
    part beside an unknown one does not make it a compound."""
    return _two_known(word) if len(word) >= LOWER_COMPOUND else ()


def _two_known(word: str) -> tuple[tuple[str, ...], ...]:
    for cut in range(3, len(word) - 2):
        head, tail = word[:cut], word[cut:]
        head_words = widen(head) or widen(f"{head}e")  # "Erdachse": a first part drops its -e ("Erde")
        if head_words and widen(tail):
            return (head_words, widen(tail))
    return ()


def _parts(word: str) -> tuple[tuple[str, ...], ...]:
    if two := _two_known(word):
        return two
    for cut in range(4, len(word) - 2):
        if widen(word[cut:]):
            return ((word[:cut],), widen(word[cut:]))
    return ()


def similar(a: str, b: str) -> bool:
    """Two stems of one word in either language: equal, or sharing all but their last two
    letters and at least five ("galaxie"/"galaxy", "atmosphäre"/"atmosphere", not "constant"/
    "constellation"); German's k is the Latin c of the English cognate ("spektrograph"/
    "spectrograph", "komet"/"comet")."""
    if a == b:
        return True
    a, b = a.replace("k", "c"), b.replace("k", "c")
    common = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        common += 1
    return common >= max(5, min(len(a), len(b)) - 2)


_NEGATED = re.compile(r"\bnon-[\w'’-]+", re.IGNORECASE)
"""What a "non-" word names is what the thing is not: "109 bright non-Messier objects" are no
Messier objects."""


_BOUNDS = {stem("maximum"): re.compile(r"\b(?:up to|at most|(?:no|not|never) more than|as (?:long|much|many|far|high) as)\b"),
           stem("minimum"): re.compile(r"\b(?:at least|(?:no|not|never) (?:less|fewer) than)\b")}
"""A bound a sentence says by idiom: "totality can last up to 1 hour 46 minutes" tells the longest it
lasts, which a question asks as "maximal", "höchstens", "at most"."""


def relevance(question: Question, sentence: str, title: str, heading: str = "", *, before: str = "") -> float | None:
    """How well a sentence covers the question, or ``None`` when it does not: every thing the
    question names must stand in the sentence, or in its passage's heading when the sentence
    says "it" or the question asks nothing more, or be what the passage's document is about by
    keyword when the sentence says "it" — but not when the sentence opens with another name
    (:attr:`Question.names`), nor says "it" under a section naming other things; and at least
    half the relation words its
    passage's title does not already name must stand in the sentence ("discovered" in "who
    discovered Pluto" on a page titled *Pluto*; "the night sky" is named by *Olbers' Paradox —
    Why the Night Sky Is Dark*) — for a definition, at least half of all of them. ``heading``:
    the passage's title and section, which name what its sentences are about. Words found only
    in the heading count half in the score, three quarters when the heading and sentence together
    hold every relation word (a passage headed by the question itself, *Why the Night Sky Is
    Dark*). ``before``: the passage's text before the sentence — a thing a document is found by
    ("Vega" or "Great Red Spot" for the articles on pole stars and Jupiter) is what "it" stands
    for only after the passage has named it."""
    sequence = [stem(word) for word in tokens(_NEGATED.sub(" ", sentence))]
    words = set(sequence) | {bound for bound, said in _BOUNDS.items() if said.search(sentence)}
    pronoun = bool(_PRONOUN.search(sentence))
    headline = set(map(stem, tokens(f"{title} {heading}")))
    if question.kinds and all(entity.said_in(sequence) or (pronoun and entity.in_words(headline))
                              for entity in question.entities if not entity.owner):
        # "der Sternhaufen IC 348": "Its distance is …" under the title *IC 348* need not say it is a cluster
        question = replace(question, relation={key: forms for key, forms in question.relation.items()
                                               if key not in question.kinds},
                           events=question.events - question.kinds, compounds=question.compounds - question.kinds)
    if question.asked is Asked.COMPARISON:  # a comparison's passages speak of one side at a time
        return 1.0 if any(entity.in_words(words | headline) for entity in question.entities) or not question.entities else None
    section = heading.removeprefix(title).lstrip(" —")
    opening = _WORDS.match(sentence.lstrip())
    owner = bool(opening) and _POSSESSIVE_END.search(opening.group()) and any(
        entity.said_in(sequence) for entity in question.entities)  # "ESA's Giotto spacecraft": Giotto is the subject
    opened = section if pronoun else opening.group() if opening and not owner and question.asked is not Asked.NAME else ""
    elsewhere = (_names_other(question, opened, said=not pronoun)  # "Winds near the equator …" for the winds asked
                 and not _superlative_named(question, words, title))
    # a name question's answer opens with the name: "Olympus Mons, …"
    said_years = set(_YEAR.findall(f"{sentence} {heading}"))
    if question.asked is not Asked.DATE and not question.years <= said_years and not (
            pronoun and before.strip() and question.years <= said_years | set(_YEAR.findall(split_sentences(before)[-1]))):
        return None  # a fact of another year; "this dimming" is of the year the sentence before gave
    if _ordinal_of_another(question, sequence):
        return None  # "the first evidence came from the binary pulsar" dates no first pulsar
    covered = bool(question.relation) and _covers(question.relation.values(), words)
    clauses = [[stem(word) for word in tokens(clause)] for clause in _CLAUSE_BREAK.split(sentence)]
    for entity in question.entities:
        subject = next((clause for clause in clauses if entity.said_in(clause)), clauses[0])
        if entity.numbered_otherwise(subject):
            return None  # "Voyager 2 passed …" or "…; Voyager 2 was about 140 au away", but not
            # "It crossed … in 2012, and Voyager 2 followed"
        if entity.said_in(sequence) or (entity.partly_in(words, question.names)
                                                         and entity.in_words(headline)):
            continue
        if entity.owner and any(other.said_in(sequence) for other in question.entities if not other.owner):
            continue  # "Enceladus was discovered by William Herschel" for who discovered Saturn's moon Enceladus
        if entity.setting and entity.in_words(headline) and any(
                other.said_in(sequence) for other in question.entities if not other.setting):
            continue  # "Ingenuity … made 72 flights" in *Mars rovers* for its flights on Mars
        if (entity.partly_in(words, question.names) and _SINGULAR.search(sentence)
                and entity.said_in([stem(word) for word in tokens(before)])):
            continue  # "Sirius B, the companion of Sirius, … Clark first saw it": "it" is what was just named
        if not pronoun and entity.in_words(headline) and _continues(question, entity, sentence, before):
            continue
        if elsewhere and entity.named(question.names):
            return None  # "Eris, …" under "Ceres, Eris, Haumea and Makemake" is not about Haumea
        if entity.titles == {title} and opens_with_subject(sentence, title) and not any(
                _uses(forms, {title_subject(title) or ""}) for forms in entity.words) and not any(
                _NUMBER_IN_NAME.match(form) and form not in headline for forms in entity.words for form in forms):
            continue  # "Polaris is … 430–450 light-years away" in *Polaris and pole stars* is about "the North Star",
            # but "Sirius is …" not about Sirius B, nor "A hot Jupiter …" about KELT-9b
        titled = entity.in_words(set(map(stem, tokens(title)))) and not (
            entity.named(question.names) and _names_other(question, title, said=True))
        # "Kepler and TESS": a sentence in an article on two things is not about either by its title
        if entity.in_words(words | headline) and (pronoun or not question.relation or (covered and titled)
                                                  or _heads(question, headline)):
            continue  # the passage is headed by the thing itself ("How a spectrograph works")
        singular = _SINGULAR.search(sentence)
        if not (title in entity.titles and singular) or any(
                other is not entity and other.in_words(headline) for other in question.entities):
            return None  # an article on several things ("Pluto and the Dwarf Planets") names it only by keyword;
            # under a heading naming another thing the question names, "it" is that thing
        if _names_other(question, sentence[:singular.start()]):
            return None  # "The Crab Nebula, at …; larger telescopes show its texture": "its" is the Crab's
        if not entity.in_words(set(map(stem, tokens(before)))):
            return None  # "it" is the article's own subject ("Jupiter"), unless the passage has just named the thing
    if not question.relation:
        return 1.0 if question.entities else None  # "how big is it?" with nothing to say what "it" is
    own = [forms for forms in question.relation.values() if _uses(forms, words)]
    by_title = [forms for forms in question.relation.values() if forms not in own and _uses(forms, headline)]
    if question.asked is Asked.DEFINITION:
        if question.entities and len(own) < len(question.relation):
            return None  # "what is the surface gravity on Titan" is no definition of Titan
        if not _covers(question.relation.values(), words):
            return None  # the term defined is said: a white dwarf is no "weißes Loch", a Strömgren sphere no Dyson sphere
    else:
        predicates = [forms for forms in question.relation.values() if not _uses(forms, headline)]
        if question.entities:  # what the heading says is said, and the sentence says some of the rest
            enough = _covers(question.relation.values(), words | headline) and (
                not predicates or any(forms in own for forms in predicates))
        else:  # naming nothing, the question is tied to a sentence by its words alone ("der erste Deutsche im All"
            enough = _covers(predicates, words)  # is no one under a heading on "the first elements")
        if not enough:
            return None  # "who named Pluto" is not answered by who found it
        required = question.compounds | (question.events if question.asked in (Asked.PERSON, Asked.DATE, Asked.NAME) else set())
        if any(not _uses(question.relation[key], words | headline) for key in required):
            return None
        if any(not _uses(question.relation[key], words) for key in question.classed):
            return None  # "what rocket launched the Voyager probes": the sentence names a rocket
        if question.asked is Asked.COUNT and any(not _uses(question.relation[key], words) for key in question.events):
            return None  # how many moons someone discovered: a count of known moons tells of no discovery
        if question.asked is Asked.NAME and any(not _uses(question.relation[key], words) for key in question.events):
            return None  # which telescope discovered it: a telescope under "Discovery" may have done something else  # who designed the Golden Record is not who sent it; a telescope is no radio telescope
    headed = all(_uses(forms, words | headline) for forms in question.relation.values())
    about = all(_uses(forms if "/" in key else {key}, headline)  # in the question's own words
                for key, forms in question.relation.items())
    weight = HEADED_WORD if headed else HALF_WORD
    return (len(own) + weight * len(by_title)) / len(question.relation) + (HEADED if about else 0.0)


def _continues(question: Question, entity: Entity, sentence: str, before: str) -> bool:
    """Whether a sentence without a pronoun goes on about the thing the sentence before it named,
    under a heading naming it among others: it names nothing else but an owner ("Europa is covered
    by ice. Beneath the ice … lies a global ocean … more water than all of Earth's oceans" under
    *Io and Europa*). What "it" stands for is read by the stricter rules for pronouns."""
    last = split_sentences(before)[-1:] if before.strip() else []
    return bool(last) and entity.said_in([stem(word) for word in tokens(last[0])]) and not _names_other(
        question, _POSSESSIVE.sub(" ", sentence))


_SUPERLATIVES = frozenset({"biggest", "largest", "tallest", "highest", "deepest", "longest", "widest", "brightest",
                           "nearest", "closest", "hottest", "coldest", "oldest", "youngest", "smallest", "fastest",
                           "grosste", "grossten", "hochste", "hochsten", "hellste", "hellsten", "nachste", "nachsten"})


_ARTICLES = frozenset({"a", "an", "the"})
_POSSESSIVE_END = re.compile(r"['’]s$")
"""An opening possessive names an owner when the sentence names the question's thing after it
("ESA's Giotto spacecraft", "NASA's next mission, Dragonfly"); else it is what the sentence is
about ("Jupiter's rings" are no answer about Neptune's)."""


def title_subject(title: str) -> str | None:
    """The stem a document's title opens with, its subject ("andromeda" for *The Andromeda Galaxy*)."""
    return next((word for word in stems(title.split(" — ")[0]) if word not in _ARTICLES), None)


def opens_with_subject(sentence: str, title: str) -> bool:
    """Whether a sentence opens with its document's subject ("The Andromeda Galaxy, also called
    M31, is …" in *The Andromeda Galaxy*, "Polaris is …" in *Polaris and pole stars*)."""
    subject = title_subject(title)
    return subject is not None and next((w for w in stems(sentence)[:3] if w not in _ARTICLES), None) == subject


def _superlative_named(question: Question, words: set[str], title: str) -> bool:
    """Whether a sentence names what a superlative question asks for by its own name: "the
    biggest volcano on Mars" is "Olympus Mons, … the tallest known volcano" in the article on
    Mars — every relation word said, the superlative among them, under a title naming the thing."""
    said = {stem(word) for word in question.words & _SUPERLATIVES}
    own = set(map(stem, tokens(title)))
    return (bool(said) and bool(question.entities) and all(entity.in_words(own) for entity in question.entities)
            and all(_uses(forms, words) for forms in question.relation.values()))


def _covers(relation: Collection[frozenset[str]], words: set[str]) -> bool:
    """Whether ``words`` hold as many of the ``relation`` words as a sentence must say: all of
    one or two, :data:`MOST` of three or more. For a question naming a thing, counted over all of
    them with its heading's words as said — taking those out of the count asked the rest to be
    said in full ("heights" heading the sentence "green … at about 100–250 km altitude" for how
    high the green aurora glows); and a sentence under a title naming the thing asked is about
    it on the same terms as any other."""
    said = sum(_uses(forms, words) for forms in relation)
    return not relation or said / len(relation) >= (1.0 if len(relation) <= 2 else MOST)


def _heads(question: Question, headline: set[str]) -> bool:
    """Whether a heading holds every relation word: its section is about the question itself."""
    return all(_uses(forms, headline) for forms in question.relation.values())


def _uses(forms: Iterable[str], words: set[str]) -> bool:
    return any(similar(form, word) for form in forms for word in words)


_COMPARATIVES = (
    ("bigger", "larger", "greater", "grosser"), ("smaller", "kleiner"), ("hotter", "warmer", "heisser"),
    ("colder", "cooler", "kalter"), ("heavier", "massive", "schwerer"), ("lighter", "leichter"),
    ("brighter", "heller"), ("fainter", "dimmer", "dunkler"), ("farther", "further", "distant", "weiter"),
    ("closer", "nearer", "naher"), ("older", "alter"), ("younger", "junger"), ("faster", "schneller"),
    ("slower", "langsamer"), ("longer", "langer"), ("shorter", "kurzer"),
)
"""Comparative words in pairs of opposites: "bigger" and "smaller" compare along one axis."""
_THAN = re.compile(r"\b(\w+)\s+than\b(?P<other>[^.;,]*)", re.IGNORECASE)
_BY_HOW_MUCH = re.compile(rf"(?:{_NUM}\s*(?:%|per\s?cent|times)|\btwice|\bthree times|\bhalf)\s+(?:as\s+|more\s+|less\s+)?(\w+)",
                          re.IGNORECASE)
"""A comparative with its measure ("27 % more massive", "twice as massive", "1.5 times heavier"): a
sentence naming both things and saying it compares them, whatever it says after "as" or "than"."""


def _axis(word: str) -> int | None:
    return next((index // 2 for index, words in enumerate(_COMPARATIVES) if word in words), None)


def _states_comparison(question: Question, sentence: str) -> bool:
    """Whether a sentence compares along the axis a question compares two things on, with one of
    them after its "than": "Is Ganymede bigger than Mercury?" is answered by "… bigger than the
    planet Mercury" as by "Mercury is smaller than Ganymede"."""
    axes = {_axis(word) for word in question.words} - {None}
    if len(question.entities) < 2 or not axes:
        return False
    if any(_axis(found.group(1).casefold()) in axes for found in _BY_HOW_MUCH.finditer(sentence)):
        sequence = [stem(word) for word in tokens(sentence)]
        if all(entity.said_in(sequence) for entity in question.entities):
            return True  # "Eris … is about the same size as Pluto but about 27 % more massive"
    return any(_axis(found.group(1).casefold()) in axes and any(
        entity.in_words({stem(word) for word in tokens(found.group("other"))}) for entity in question.entities)
        for found in _THAN.finditer(sentence))


def _is_named(question: Question, name: str) -> bool:
    """Whether ``name`` is a thing the question names: who did something to it is someone else
    ("Who first noticed that Delta Cephei changes?" is not answered "Delta Cephei")."""
    named = {form for entity in question.entities for forms in entity.words for form in forms}
    return all(_uses(named, {stem(word)}) for word in tokens(name))  # "Gerard Kuiper" is not the Kuiper Observatory


def evidence(question: Question, sentence: str) -> str | None:
    """The part of an English sentence that states the asked kind of fact ("" when the whole
    sentence is the evidence, as for a reason), or ``None`` when it states none. Of several
    dates or quantities, the one nearest to a thing the question names ("Neptune in August
    1989" in a list of flybys); a count must count one of the question's words and carry no
    unit ("16 known moons" for "how many moons", not "a 200 mm telescope")."""
    asked = question.asked
    if sentence.rstrip().endswith("?"):
        return None
    sentence = _own_clause(question, sentence)
    if asked in QUANTITIES and _states_comparison(question, sentence):
        return ""
    if asked in (Asked.DATE, Asked.PERSON) and _of_a_property(question, sentence):
        return None  # "Haumea was found to have a ring in 2017" dates no discovery of Haumea
    if asked is Asked.PERSON:
        before, *after = _NAMESAKE.split(sentence, maxsplit=1)
        if question.namesake and not after:
            return None
        if after and not question.namesake:  # "named after Delta Cephei, whose variability John Goodricke discovered"
            before = f"{before} {_NAMESAKE_PHRASE.sub('', after[0], count=1)}"
        if _acts_on_another(question, sentence):
            return None  # "…, who discovered Pluto in 1930" does not say who discovered Arrokoth
        people = [person for person in person_names(after[0] if question.namesake else before)
                  if not (question.events and _is_named(question, person))]
        agent = _AGENT.search(before) or _MISSION.search(before)
        return ", ".join(people) if people else agent.group(1) if agent else None
    if asked is Asked.NAME and _catalogue_asked(question.words):
        return _designation(question, sentence)
    if asked is Asked.NAME:
        own = {form for entity in question.entities for forms in entity.words for form in forms}
        for spot in _NAMING.finditer(sentence):
            first = _bare(spot.group("name").split()[0])
            if first in question.names and not _uses(own, {stem(first)}):
                return spot.group("name")
        for spot in _KIND_AND_NAME.finditer(sentence):  # "which galaxy …?" — "in the galaxy NGC 4993"
            if any(_uses(question.relation[key], {stem(spot.group("kind").casefold())}) for key in question.classed) \
                    and not _uses(own, {stem(word) for word in tokens(spot.group("name"))}):
                return spot.group("name")
        kinds = [question.relation[key] for key in question.classed] + [
            forms for entity in question.entities if not entity.named(question.names) for forms in entity.words]
        for spot in _NAME_AND_KIND.finditer(sentence):  # "Wie heißt der Effekt …?" — "the Purkinje effect"
            if any(_uses(forms, {stem(spot.group("kind"))}) for forms in kinds) \
                    and not _uses(own, {stem(word) for word in tokens(spot.group("name"))}):
                return spot.group("name")
        return None
    if asked is Asked.COUNT and question.words & _HOW_MANY_TIMES:  # how often it was done: a number of times
        return _nearest(question, sentence, list(_TIMES.finditer(sentence)))
    if asked is Asked.COUNT:
        counts = [found for found in _COUNT.finditer(sentence) if _counts(question, found.group())
                  and not (_YEAR.match(found.group()) and _DATE_BEFORE.search(sentence[:found.start()]))
                  and not _VAGUE.match(found.group())]
        if not counts:  # "how many orbits did Cassini do": "circled Saturn 294 times"
            counts = [found for found in _TIMES.finditer(sentence) if _done_before(question, sentence[:found.start()])]
        if not counts and question.words & {"much", "viel"}:  # "how much Moon rock": an amount by weight
            counts = [found for found in _AMOUNT.finditer(sentence) if _counts(question, found.group("what"))]
        if not counts and question.words & {"much", "viel"}:  # "how much eye relief": an amount in a unit
            counts = [found for pattern in _QUANTITY.values() for found in pattern.finditer(sentence)
                      if _per_asked_unit(question, sentence[found.end():])]
        if not counts and not question.counted:  # "how many were injured": "injured about 1,500 people"
            counts = [found for found in _COUNT.finditer(sentence)
                      if _done_before(question, sentence[:found.start()], reach=1) and not _VAGUE.match(found.group())]
        return _nearest(question, sentence, counts)
    if asked in (Asked.DATE, Asked.PERSON) and _named_as_a_landmark(question, sentence):
        return None  # "after Pluto and Charon, 1992 QB1 … was discovered in 1992" dates no discovery of Charon
    pattern = {Asked.DATE: _DATE, Asked.BRIGHTNESS: _MAGNITUDE, **_QUANTITY}.get(asked)
    if asked is Asked.DURATION and question.words & _HOW_OFTEN:
        pattern = _OFTEN  # "how often" is answered by "about once a decade"
    if asked is Asked.SPEED and any(_uses(forms, _ROTATION) for forms in question.relation.values()):
        pattern = _SPIN  # "how fast does Jupiter spin" is answered by its day
    if pattern is not None:
        spans = [span.span() for pattern in (_LIFE_SPAN, _COORDINATE) for span in pattern.finditer(sentence)]
        found = [match for match in pattern.finditer(sentence)
                 if not (asked is Asked.DISTANCE and _SIZE_BEFORE.search(sentence[:match.start()]))
                 and not (asked is Asked.AGE and match.group().lower().endswith("ago") and not _FORMED.search(sentence))
                 and not (asked is Asked.AGE and (_NOT_AN_AGE.search(sentence[:match.start()])
                                                  or _TIMESCALE.match(match.group())
                                                  or _PER_ORBIT.match(sentence[match.end():])))
                 and not (asked is Asked.SIZE and _other_dimension(question, sentence[:match.start()], sentence[match.end():]))
                 and not (asked is Asked.SIZE and (_SEPARATION_BEFORE.search(sentence[:match.start()])
                                                   or _SEPARATION_AFTER.match(sentence[match.end():])))
                 and not (asked is Asked.DATE and question.past and match.group().lower().startswith("every"))
                 and not (asked is Asked.DATE and question.future and _before(match.group(), date.today().year))
                 and not (asked is Asked.DURATION and question.words & _DAY and not _TELLS_A_DAY.search(sentence))
                 and not (asked is Asked.DURATION and question.words & _YEAR_ASKED
                          and not _TELLS_A_YEAR.search(sentence))
                 and not any(start <= match.start() < end for start, end in spans)]
        if asked is Asked.SIZE:
            found = _of_dimension(question, sentence, found) or found
        if asked is Asked.DATE and found and (question.earliest or question.words & _FIRST_WORDS):
            # "when did humans first land": the earliest of the sentence's dates ("Between 1969 and 1972 … 20 July 1969")
            return min(found, key=lambda match: first_year(match.group())).group().strip()
        return _nearest(question, sentence, found)
    if asked is Asked.REASON:
        return "" if _CAUSE.search(sentence) else None
    if asked is Asked.DEFINITION:
        return "" if _DEFINES.search(sentence) else None
    if asked is Asked.COMPOSITION:
        return "" if _COMPOSED.search(sentence) else None
    return ""


_PASSIVE = re.compile(r"\b(?P<verb>[a-z]+ed)\b(?=(?:\s+(?:independently|first|in|on|\d{4}|[A-Z]\w+))*\s+by\b)")
_POSSESSIVE = re.compile(r"\b[\w-]+['’]s?(?=\s)")
_APPOSITION = re.compile(r"\s[—–]\s[^—–]*\s[—–]\s")
_AUXILIARY = re.compile(r"(?:\s*\b(?:was|were|is|are|been|being|had|has|have|first|later|also)\b)+\s*$")


_LANDMARK = re.compile(r"\b(?:after|before|following|besides|apart from|other than)\s+(?!\w+ing\b)[^,;]*", re.IGNORECASE)
_LANDMARK_WORDS = frozenset({"after", "before", "following", "besides", "apart", "other", "nach", "vor"})


_FOUND_TO = re.compile(r"\w+\s+to\s+(?:have|be|contain|host|hold|show|harbou?r)\b", re.IGNORECASE)


def _of_a_property(question: Question, sentence: str) -> bool:
    """Whether every telling of the asked event is of a property found, not of the thing: "was
    found to have a ring" tells when the ring was found."""
    events = [question.relation[key] for key in question.events]
    told = [word for word in re.finditer(r"\w+", sentence)
            if any(_uses(forms, {stem(word.group().casefold())}) for forms in events)]
    return bool(told) and all(_FOUND_TO.match(sentence, word.start()) for word in told)


def _named_as_a_landmark(question: Question, sentence: str) -> bool:
    """Whether a thing the question names stands in the sentence only as what another is placed
    after, before or beside ("the first Kuiper belt object after Pluto and Charon, 1992 QB1, was
    discovered in 1992" tells nothing of Charon's discovery; "after passing Pluto in 2015" is an
    event of its own) — unless the question places a thing so too ("the first Kuiper belt object
    after Pluto")."""
    if question.words & _LANDMARK_WORDS:
        return False
    landmarks = {stem(word) for found in _LANDMARK.finditer(sentence) for word in tokens(found.group())}
    rest = {stem(word) for word in tokens(_LANDMARK.sub(" ", sentence))}
    return any(entity.in_words(landmarks) and not entity.in_words(rest) for entity in question.entities)


_NAMES_ONLY = re.compile(r"(?:[A-Z][\w'’*-]*(?:\s+[A-Z][\w'’*-]*)*)(?:(?:,\s*|\s+and\s+)[A-Z][\w'’*-]*(?:\s+[A-Z][\w'’*-]*)*)*")
"""A list of names alone ("Phobos and Deimos"): an apposition, naming what the words before it say."""


_RATE_UNITS = {"year": "year", "jahr": "year", "jahrlich": "year", "day": "day", "tag": "day", "hour": "hour",
               "stunde": "hour", "minute": "minute", "second": "second", "sekunde": "second", "century": "century",
               "jahrhundert": "century"}
_EVERY = frozenset({"per", "every", "each", "pro", "jedes", "jeden", "jede", "jahrlich"})


def _per_asked_unit(question: Question, after: str) -> bool:
    """Whether a quantity followed by ``after`` is in the time unit of the rate the question asks
    ("… every year", "pro Sekunde" is answered "… per year"); any quantity when it asks no rate."""
    units = {_RATE_UNITS[word.removesuffix("s")] for word in question.words if word.removesuffix("s") in _RATE_UNITS}
    if not question.words & _EVERY or not units:
        return True
    return bool(re.match(rf"\s*(?:per|a|an|every|each)\s+(?:{'|'.join(units)})\b", after, re.IGNORECASE))


def _acts_on_another(question: Question, sentence: str) -> bool:
    """Whether every telling of the asked event in a sentence has another named thing as its
    object ("Tombaugh, who discovered Pluto" for "who discovered Arrokoth") or, said in the
    passive, as its subject: the names right before "discovered by", after the last comma
    ("after Pluto and Charon, 1992 QB1 (now named Albion), was discovered by …" tells who
    found 1992 QB1, not Charon; "Titania and Oberon were discovered by …" tells of both)."""
    if _instance_named(question, sentence):
        return False  # "Ceres, discovered by …, was the first asteroid found": the kind asked, by its name
    events = [question.relation[key] for key in question.events]
    own = {form for entity in question.entities for forms in entity.words for form in forms}
    objects = [(match.group(2), sentence[match.end():]) for match in _OBJECT.finditer(sentence)
               if any(_uses(forms, {stem(match.group(1).casefold())}) for forms in events)]
    told = len(objects)
    others = sum(_bare(name) in question.names and not _uses(own, {stem(_bare(name))})
                 and not _uses(own, {stem(word) for word in tokens(rest)})  # "passed Vesta in 2032 and Pallas in …"
                 for name, rest in objects)
    asked = own | {form for key, forms in question.relation.items() if key not in question.events for form in forms}
    for passive in _PASSIVE.finditer(sentence):  # "Jupiter's rings, discovered by Voyager 1, … Amalthea"
        if any(_uses(forms, {stem(passive.group("verb").casefold())}) for forms in events):
            told += 1
            before = _APPOSITION.sub(" ", sentence[:passive.start()])  # "the moons — Io, …, Callisto — were"
            *earlier, subject = _AUXILIARY.sub("", before.rstrip(" ,")).rstrip(" ,").rsplit(", ", 2)[-2:]
            if earlier and _NAMES_ONLY.fullmatch(subject):  # "two small moons, Phobos and Deimos, discovered by":
                subject = f"{earlier[0]}, {subject}"  # the names are what the words before them say
            own_words = _POSSESSIVE.sub(" ", subject)  # "Jupiter's rings" are no Jupiter moon
            others += not _uses(asked, {stem(word) for word in tokens(own_words)}) and any(
                _bare(name) in question.names for name in re.findall(r"[A-Z][\w'’*-]*", subject))
    return told > 0 and others == told


def _instance_named(question: Question, sentence: str) -> bool:
    """Whether the question asks of a kind of thing, not a named one, and the sentence says that
    kind itself: the name it gives is then the instance asked for ("Ceres, discovered by Giuseppe
    Piazzi …, was the first asteroid found" for who found the first asteroid)."""
    said = [stem(word) for word in tokens(_POSSESSIVE.sub(" ", sentence))]
    kinds = [entity for entity in question.entities if not entity.owner and not entity.named(question.names)]
    return bool(kinds) and all(entity.said_in(said) for entity in kinds)


def _other_dimension(question: Question, before: str, after: str) -> bool:
    """Whether a length is of another dimension than the one asked ("hundreds of kilometres
    deep", "mountains … rise about 11 km", "a depth of 7 km" for "how wide")."""
    asked = {_ASKED_DIMENSION[word] for word in question.words if word in _ASKED_DIMENSION}
    said = next((name for name, pattern in _DIMENSIONS.items()
                 if re.match(rf"\s*(?:{pattern})\b", after, re.IGNORECASE)), None)
    said = said or next((name for name, pattern in _LEADING_DIMENSIONS.items()
                         if re.search(rf"\b(?:{pattern})\W+(?:\w+\W+){{0,2}}$", before, re.IGNORECASE)), None)
    return bool(asked) and said is not None and said not in asked


def _of_dimension(question: Question, sentence: str, found: list[re.Match[str]]) -> list[re.Match[str]]:
    """The lengths a sentence gives for the asked dimension ("depths of about 7 km" for "how
    deep" beside "stretches about 4,000 km")."""
    asked = {_ASKED_DIMENSION[word] for word in question.words if word in _ASKED_DIMENSION}
    patterns = "|".join(rf"{_DIMENSIONS[name]}|{_NOUNS[name]}" for name in asked)
    if not patterns:
        return []
    return [match for match in found
            if re.search(rf"\b(?:{patterns})\b\W+(?:\w+\W+){{0,2}}$", sentence[:match.start()], re.IGNORECASE)
            or re.match(rf"\s*(?:{patterns})\b", sentence[match.end():], re.IGNORECASE)]


def _done_before(question: Question, before: str, *, reach: int = 4) -> bool:
    """Whether the words just before a number do what the question counts ("circled Saturn" before
    "294 times" for how many orbits), or, counting no noun, what it asks was done ("injured"
    before "about 1,500 people" for how many were injured). ``reach``: how many words before."""
    counted = [forms for key, forms in question.relation.items() if key.split("/")[0] in question.counted] or [
        question.relation[key] for key in question.events]
    words = {stem(word) for word in tokens(before)[-reach:]}
    return any(_uses(forms, words) for forms in counted)


def _counts(question: Question, phrase: str) -> bool:
    if _UNIT_AFTER_NUMBER.search(phrase):
        return False
    counted = [stem(word) for word in tokens(phrase)]
    if counted[0] == "no":  # "no moons" counts only what follows at once
        counted = counted[:2]
    asked = [forms for key, forms in question.relation.items() if key.split("/")[0] in question.counted]
    asked += [forms for entity in question.entities if not (entity.phrase and asked)
              for forms in entity.words if forms & question.counted]
    # a word of a named thing's several-word name counts only when nothing else does: the radio telescopes
    # of the Event Horizon Telescope are not its "one Earth-sized telescope"
    things = asked or list(question.relation.values()) or [forms for entity in question.entities for forms in entity.words]
    return not things or any(_uses(forms, set(counted)) for forms in things)


_CLAUSE_BREAK = re.compile(r";\s*|,\s+(?:and|while|whereas|but)\s+")
_SAME_SUBJECT = re.compile(r"(?:has|have|had|is|are|was|were|orbits|lies|shows|takes|spins|rotates|can|could|will|would)\b"
                           r"|(?:it|they)\b|.*\b(?:in|inside|around|into|onto|on|of)\s+it\W*$")
"""A clause that goes on with a verb has the sentence's subject, and so does one that opens or ends by
referring back to it ("Hot Jupiters are easy to detect …, but they are actually uncommon: only about
1% …", "…; more than 1,300 Earths would fit inside it")."""


def _catalogue_asked(words: Collection[str]) -> str | None:
    """The catalogue whose number a question asks ("ngc" for "Welche NGC-Nummer hat M57?")."""
    if not words & _CATALOGUE_NUMBER:
        return None
    return next((name for name in _CATALOGUES if name in words), None)


def _designation(question: Question, sentence: str) -> str | None:
    """The asked catalogue's designation in a sentence ("NGC 1952"), or ``None``."""
    catalogue = _catalogue_asked(question.words) or ""
    found = re.search(rf"\b{_CATALOGUES[catalogue]}\s?\d{{1,4}}\b", sentence)
    return found.group() if found else None


def _lettered_otherwise(question: Question, clause: str) -> bool:
    """Whether ``clause`` names a planet by another letter than the question's ("TRAPPIST-1b" when
    TRAPPIST-1c is asked)."""
    asked = {form for entity in question.entities for forms in entity.words for form in forms
             if _PLANET_LETTER.fullmatch(form)}
    return bool(asked) and any(_PLANET_LETTER.fullmatch(word) and word not in asked for word in tokens(clause))


def _own_clause(question: Question, sentence: str) -> str:
    """Of a sentence telling several events ("Titania … by Herschel in 1787; … and Miranda … by
    Kuiper in 1948", "Huygens landed … in 2005, and Cassini discovered the plumes of Enceladus"),
    the one clause that names the question's thing; else the whole sentence."""
    clauses: list[str] = []
    for clause in _CLAUSE_BREAK.split(sentence):
        if clauses and _SAME_SUBJECT.match(clause):
            clauses[-1] += f", {clause}"  # "Eris … orbits 68 au out, and has one moon": still Eris
        else:
            clauses.append(clause)
    naming = [clause for clause in clauses
              if any(entity.in_words(set(map(stem, tokens(clause)))) for entity in question.entities)]
    whole = [clause for clause in naming
             if all(entity.in_words(set(map(stem, tokens(clause)))) for entity in question.entities)]
    if len(whole) == 1:
        naming = whole  # "TRAPPIST-1b has …, and that TRAPPIST-1c has …": the clause that names all of it
    if len(clauses) > 1 and len(naming) == 1:
        told = [clause for clause in clauses if clause is not naming[0] and _tells(question, clause)
                and not _tells(question, naming[0]) and not _names_other(question, clause)
                and not _lettered_otherwise(question, clause)]
        return " ".join([naming[0], *told])  # "Wren is approaching us …, and a collision is expected in …"
    own: list[str] = []
    other = False
    for clause in clauses:  # "…, and Voyager 2 followed in November 2018" tells of another thing, and so does
        # the clause after it that opens with "its"
        other = any(entity.numbered_otherwise([stem(word) for word in tokens(clause)]) for entity in question.entities) or (
            other and bool(_PRONOUN.match(clause.lstrip())))
        if not other:
            own.append(clause)
    return " ".join(own) if own and len(own) < len(clauses) else sentence


def _tells(question: Question, clause: str) -> bool:
    """Whether a clause says every relation word of the question: it tells of the asked event."""
    words = set(map(stem, tokens(clause)))
    return bool(question.relation) and all(_uses(forms, words) for forms in question.relation.values())


def _nearest(question: Question, sentence: str, found: list[re.Match[str]]) -> str | None:
    """The match closest to where the sentence tells of the asked event ("photographed"), else
    of what the question asks about ("peaking" for "am stärksten"), else to where it names one
    of the question's things. One that follows such a word at once, or after one word, is what
    that word governs and wins ("active 14–30 April, peaking around 22 April"), unless another
    named thing stands between them ("passed Jupiter in July 1979 and Saturn …"); then, of
    several, the one nearest the question's thing."""
    if not found:
        return None
    events = [question.relation[key] for key in question.events] or list(question.relation.values())
    words = list(re.finditer(r"\w+", sentence))
    told = [word for word in words if any(_uses(forms, {stem(word.group().casefold())}) for forms in events)]
    told = told or [word for word in words
                    if any(entity.in_words({stem(word.group().casefold())}) for entity in question.entities)]
    if not told:
        return found[0].group().strip()
    governed = [match for match in found for word in told
                if word.end() <= match.start() and _GOVERNED.fullmatch(sentence[word.end():match.start()])
                and not _names_other(question, sentence[word.end():match.start()])]
    named = [word for word in words if any(entity.in_words({stem(word.group().casefold())}) for entity in question.entities)]
    if not governed and named and len(found) > 1:
        told = named  # "passed Jupiter in July 1979 and Saturn in August 1981": the date next to Saturn
    best = min(governed or found, key=lambda match: min(_gap(match, word) for word in told))
    return best.group().strip()


def _gap(match: re.Match[str], word: re.Match[str]) -> int:
    """The characters between a figure and a word, on whichever side: "430 °C by day and −180 °C at
    night" gives the day 430 °C."""
    return word.start() - match.end() if word.start() >= match.end() else max(match.start() - word.end(), 0)


_GOVERNED = re.compile(r"\s+(?:(?:off|down|out|up|away|back)\s+)?(?:(?!and\b|or\b|but\b)\w+\s+)?(?:the\s+)?")
"""What may stand between a verb and the figure it governs: "arrive in the mid-2030s", "switched off
on 30 January 2020", not "by day and −180 °C"."""


def _before(told: str, year: int) -> bool:
    """Whether a date names only years before ``year``: no answer to when something will happen."""
    years = [int(found) for found in _YEAR.findall(told)]
    return bool(years) and max(years) < year


def gives_reason(sentence: str) -> bool:
    """Whether a sentence gives a reason outright ("because", "the answer is")."""
    return bool(_STRONG_CAUSE.search(sentence))


def person_names(sentence: str) -> list[str]:
    """People named in an English sentence: runs of capitalised words ("Johann Galle", "Urbain
    Le Verrier") none of which is a place, object or mission word — a surname that also names
    a thing aside ("Edwin Hubble") — and single names acting ("by Galle", "Herschel spotted")."""
    found: list[str] = []
    for match in _NAME_RUN.finditer(sentence):
        if re.search(r"\b(?:the|called|named|known as)\s+$", sentence[:match.start()], re.IGNORECASE):
            continue  # "the Golden Record", "it is called Südliche Plejaden": things, not people
        words = match.group().split()
        while words and words[0] in NOT_PERSON:
            words = words[1:]
        if len(words) >= 2 and not any((w.rstrip("'’s") in NOT_PERSON or w in NOT_PERSON) and w not in NAMED_AFTER_PEOPLE
                                       for w in words[1:]):
            found.append(" ".join(words).removesuffix("'s").removesuffix("’s"))
    for match in _ACTOR.finditer(sentence):
        name = (match.group(1) or match.group(2)).removesuffix("'s")
        if name not in NOT_PERSON and not any(name in person for person in found):
            found.append(name)
    return found
