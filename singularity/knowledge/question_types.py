"""What a question asks for, and whether a sentence of a passage carries that kind of fact.

DESIGN.md wants answers "that carry the asked fact or say I don't know". A passage can be about
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
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from singularity.knowledge.vectors import STOPWORDS, stem, tokens


class Asked(StrEnum):
    """The kind of fact a question asks for."""

    PERSON = "person"
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
    REASON = "reason"
    PROCESS = "process"
    DEFINITION = "definition"
    COMPARISON = "comparison"
    FACT = "fact"


QUANTITIES = frozenset({Asked.DISTANCE, Asked.SIZE, Asked.AGE, Asked.TEMPERATURE, Asked.MASS,
                        Asked.DURATION, Asked.SPEED, Asked.BRIGHTNESS, Asked.COUNT})

# Question patterns on the folded, lower-cased question ("groß" → "gross"), first match wins:
# the quantity forms come before "what is", so "what is the distance to …" asks for a distance.
_KIND_PATTERNS: tuple[tuple[Asked, re.Pattern[str]], ...] = tuple((kind, re.compile(pattern)) for kind, pattern in (
    (Asked.COMPARISON, (r"\b(?:difference|differ|differs|compare|compared|comparison|versus|vs|unterschied|unterscheiden"
                       r"|unterscheidet|vergleich|vergleiche|vergleichen)\b")),
    (Asked.PERSON, (r"^(?:\w+\s+)?(?:who|whom|whose|wer|wem|wen|wessen)\b|\bby whom\b|\bvon wem\b|\bnach wem\b"
                   r"|\b(?:which|what|welche[rs]?) (?:astronomer|scientist|person|man|woman|astronom|wissenschaftler)")),
    (Asked.DATE, (r"^(?:\w+\s+)?(?:when|wann)\b|\b(?:what|which|in welchem|welches) (?:year|date|century|jahr|datum|jahrhundert)\b"
                 r"|\bseit wann\b|\bhow long ago\b|\bwie lange (?:ist|liegt) .* her\b")),
    (Asked.DISTANCE, r"\bhow (?:far|close|near)\b|\bwie (?:weit|fern|nah)\b|\bdistance\b|\bentfernung\b|\babstand\b"),
    (Asked.AGE, r"\bhow old\b|\bwie alt\b|\bage of\b|\balter de[rs]\b"),
    (Asked.TEMPERATURE, r"\bhow (?:hot|warm|cold|cool)\b|\bwie (?:heiss|warm|kalt)\b|\btemperature\b|\btemperatur\b"),
    (Asked.MASS, r"\bhow (?:heavy|massive)\b|\bwie schwer\b|\bmass of\b|\bmasse de[rs]\b"),
    (Asked.SPEED, r"\bhow (?:fast|quickly)\b|\bwie schnell\b|\bspeed\b|\bgeschwindigkeit\b"),
    (Asked.DURATION, r"\bhow long\b|\bwie lange?\b|\bhow much time\b|\bwie viel zeit\b"),
    (Asked.SIZE, (r"\bhow (?:big|large|wide|small|tall|high|deep)\b|\bwie (?:gross|klein|breit|hoch|tief)\b"
                 r"|\bdiameter\b|\bdurchmesser\b|\bradius\b|\bsize of\b")),
    (Asked.BRIGHTNESS, r"\bhow (?:bright|faint)\b|\bwie (?:hell|lichtschwach)\b|\bmagnitude\b|\bhelligkeit\b"),
    (Asked.COUNT, r"\bhow (?:many|much)\b|\bwie viele?\b|\bnumber of\b|\banzahl\b"),
    (Asked.REASON, (r"^(?:\w+\s+)?(?:why|warum|wieso|weshalb|weswegen)\b|\bhow come\b|\bwhat (?:causes|caused|makes)\b"
                   r"|\bwas (?:verursacht|bewirkt)\b|\bwodurch\b|\bwoher kommt\b|\bwhat is the reason\b")),
    (Asked.PROCESS, (r"^(?:\w+\s+)?(?:how (?:do|does|did|is|are|was|were|can)|wie (?:funktioniert|funktionieren|entsteht"
                    r"|entstehen|entstand|entstanden|bildet|bilden|kommt|kommen|wird|werden|kann|konnen))\b")),
    (Asked.DEFINITION, (r"^(?:\w+\s+)?(?:what (?:is|are)|what's|was (?:ist|sind)|erklar\w*|explain|define|definier\w*)\b"
                       r"|\bwas bedeutet\b|\bwhat does .* mean\b")),
))

TYPE_WORDS = frozenset(["who", "whom", "whose", "wer", "wem", "wen", "wessen", "when", "wann", "year", "date", "century", "jahr", "datum", "jahrhundert", "seit", "how", "far", "close", "near", "wie", "weit", "fern", "nah", "distance", "entfernung", "entfernt", "abstand", "away", "old", "alt", "age", "alter", "hot", "warm", "cold", "cool", "heiss", "kalt", "temperature", "temperatur", "heavy", "massive", "schwer", "mass", "masse", "fast", "quickly", "schnell", "speed", "geschwindigkeit", "long", "lange", "lang", "time", "zeit", "big", "large", "wide", "small", "tall", "high", "deep", "gross", "klein", "breit", "hoch", "tief", "diameter", "durchmesser", "radius", "size", "bright", "faint", "hell", "helligkeit", "magnitude", "many", "much", "viele", "viel", "number", "anzahl", "why", "warum", "wieso", "weshalb", "weswegen", "come", "causes", "cause", "caused", "makes", "make", "verursacht", "bewirkt", "wodurch", "woher", "reason", "grund", "what", "was", "which", "welche", "welcher", "welches", "does", "do", "did", "tell", "me", "please", "bitte", "erzahl", "erzahle", "mir", "weisst", "du", "know", "explain", "erklar", "erklare", "define", "definiere", "mean", "means", "bedeutet", "ago", "her", "exactly", "genau", "roughly", "ungefahr", "about", "etwa", "actually", "eigentlich", "really", "wirklich", "just"])
"""Words that say what kind of fact is asked, not what it is about."""

HEADED = 0.5
"""Bonus for a sentence whose passage heading alone holds every relation word: the passage is
about the question itself, not a passage that happens to share its words."""
MOST = 2 / 3
"""Share of a question's relation words (three or more) a sentence must use; with one or two,
all of them."""
_DISTANCE_FILLER = frozenset({"earth", "erde", "us", "uns", "here", "hier", "lies", "liegt"})
"""A distance is asked from here unless the question says otherwise."""
_STOP = STOPWORDS | {"you", "your", "we", "our", "us", "i", "my", "me", "du", "dein", "ich", "mein", "wir",
                     "uns", "denn", "eigentlich", "mal", "schon", "doch", "ja", "get", "got", "s", "t", "out", "up", "every",
                     "each", "any", "also"}

WIDEN: dict[str, tuple[str, ...]] = {
    # what a quantity word asks for
    "warm": ("temperature", "hot", "cold", "degrees", "heat"), "kalt": ("temperature", "cold", "degrees"),
    "heiss": ("temperature", "hot", "hottest", "degrees"), "hot": ("temperature", "degrees", "hottest"),
    "cold": ("temperature", "degrees", "coldest"), "temperatur": ("temperature", "degrees"),
    "gross": ("diameter", "size", "large", "radius", "across", "wide"), "big": ("diameter", "size", "radius"),
    "large": ("diameter", "size", "radius"), "grosse": ("diameter", "size", "radius", "across"),
    "weit": ("distance", "light", "years", "away", "far", "km"), "entfernt": ("distance", "light", "away"),
    "entfernung": ("distance", "light", "away"), "far": ("distance", "light", "away"),
    "helligkeit": ("magnitude", "brightness"), "bright": ("magnitude", "brightness"),
    "alt": ("age", "old", "billion", "years"), "alter": ("age", "old", "billion"), "old": ("age", "billion", "years"),
    "schwer": ("mass", "heavy"), "masse": ("mass",), "wann": ("best", "season", "month", "evening"),
    "when": ("best", "season", "month"), "warum": ("because", "why", "reason"), "why": ("because", "reason"),
    "funktioniert": ("works", "work", "uses"), "form": ("formation", "formed", "forms"),
    # what the question word means in the passages' English, for German and English questions
    "entdeckt": ("discovered", "discovery", "found", "spotted", "detected", "identified"),
    "entdeckte": ("discovered", "discovery", "found", "spotted"), "entdeckung": ("discovery", "discovered", "found"),
    "discovered": ("discovery", "found", "spotted", "detected", "identified", "located"),
    "discover": ("discovered", "discovery", "found", "spotted"), "found": ("discovered", "discovery", "spotted"),
    "find": ("found", "discovered"), "gefunden": ("found", "discovered"),
    "erfunden": ("invented", "invention", "built", "made"), "erfand": ("invented", "invention", "built"),
    "invented": ("invention", "built", "made"), "invent": ("invented", "invention", "built"),
    "gebaut": ("built", "made", "constructed"), "baute": ("built", "made"), "built": ("made", "constructed"),
    "benannt": ("named", "name", "called"), "heisst": ("named", "name", "called"), "name": ("named", "called"),
    "named": ("name", "called"), "gestartet": ("launched", "launch"), "startete": ("launched", "launch"),
    "launched": ("launch",), "gelandet": ("landed", "landing"), "landete": ("landed", "landing"),
    "landed": ("landing",), "erster": ("first",), "erste": ("first",), "ersten": ("first",), "zuerst": ("first",),
    "beobachtet": ("observed", "saw", "seen"), "sah": ("saw", "seen", "observed", "spotted", "discovered"),
    "gesehen": ("seen", "saw", "observed", "spotted", "discovered"), "saw": ("seen", "observed", "spotted", "discovered"),
    "fotografiert": ("photographed", "imaged"), "gemessen": ("measured",), "berechnet": ("calculated", "predicted"),
    "vorhergesagt": ("predicted", "prediction"), "besucht": ("visited", "flyby", "flew"),
    "sehen": ("see", "visible", "seen", "observe", "naked"), "sichtbar": ("visible", "see", "naked"),
    "beobachten": ("observe", "observing", "see"), "see": ("visible", "seen", "observe"),
    "stern": ("star",), "sterne": ("stars",), "sternen": ("stars",), "galaxie": ("galaxy",), "galaxien": ("galaxies",),
    "schwarzes": ("black",), "schwarze": ("black",), "loch": ("hole",), "locher": ("holes",), "licht": ("light",),
    "sonne": ("sun", "solar"), "erde": ("earth",), "mond": ("moon", "lunar"), "monde": ("moons", "moon", "satellites"),
    "ring": ("ring", "rings"), "ringe": ("rings", "ring"), "krater": ("crater", "craters"),
    "oberflache": ("surface",), "atmosphare": ("atmosphere", "air"), "luft": ("air", "atmosphere"),
    "kern": ("core", "nucleus"), "schweif": ("tail",), "himmel": ("sky",), "nacht": ("night",), "nachts": ("night",),
    "dunkel": ("dark", "darkness"), "hell": ("magnitude", "bright", "brightness"), "farbe": ("colour", "color"), "rot": ("red",),
    "blau": ("blue",), "tag": ("day",), "jahr": ("year",), "umlauf": ("orbit",), "bahn": ("orbit", "path"),
    "umlaufbahn": ("orbit",), "planet": ("planet",), "planeten": ("planets", "planet"), "zwergplanet": ("dwarf", "planet"),
    "komet": ("comet",), "kometen": ("comets", "comet"), "teleskop": ("telescope",), "teleskope": ("telescopes",),
    "fernrohr": ("telescope",), "spiegel": ("mirror",), "linse": ("lens",), "okular": ("eyepiece",),
    "vergrosserung": ("magnification",), "fernglas": ("binoculars",), "sternbild": ("constellation",),
    "sternbilder": ("constellations",), "nebel": ("nebula",), "sternhaufen": ("cluster",), "haufen": ("cluster",),
    "milchstrasse": ("milky", "way", "galaxy"), "sonnensystem": ("solar", "system"), "weltall": ("universe", "space"),
    "universum": ("universe",), "all": ("universe", "space"), "leben": ("life",), "wasser": ("water",),
    "eis": ("ice",), "gas": ("gas",), "staub": ("dust",), "wolke": ("cloud",), "wolken": ("clouds",),
    "sturm": ("storm",), "sturme": ("storms",), "wind": ("wind", "winds"), "winde": ("winds",),
    "explosion": ("explosion", "explodes"), "explodiert": ("explodes", "explosion"), "stirbt": ("dies", "death", "end"),
    "ende": ("end",), "entstehung": ("formation", "formed", "form"), "entsteht": ("forms", "formation", "formed"),
    "entstehen": ("form", "formation", "formed"), "entstanden": ("formed", "formation"),
    "gestaltet": ("designed", "design", "created", "made"), "entworfen": ("designed", "design", "made"),
    "designed": ("design", "created", "made"), "gegrundet": ("founded", "established"), "founded": ("established",),
    "eroffnet": ("opened", "opening"), "opened": ("opening",), "gekostet": ("cost", "costs", "price", "dollars"),
    "kostet": ("cost", "costs", "price"), "kosten": ("cost", "costs", "price"), "cost": ("costs", "price", "dollars"),
    "gestorben": ("died", "death"), "starb": ("died", "death"), "die": ("died", "death"), "geboren": ("born",),
    "nannte": ("named", "called"), "getauft": ("named", "called"), "vorbeigeflogen": ("flyby", "flew", "passed", "past"),
    "vorbeiflug": ("flyby", "flew", "passed"), "flog": ("flew", "flyby", "passed"), "fly": ("flyby", "flew", "passed"),
    "kartiert": ("mapped", "catalogued", "charted"), "kartierte": ("mapped", "catalogued", "charted"),
    "beschrieben": ("described", "description"), "erklart": ("explained", "explanation"), "bestimmt": ("determined", "measured"),
    "untersucht": ("studied", "explored", "examined"), "erforscht": ("explored", "studied"), "umkreist": ("orbits", "orbit"),
    "umkreisen": ("orbit", "orbits"), "funkeln": ("twinkle", "twinkling", "scintillation"), "wiegt": ("weighs", "mass"),
    "arbeiten": ("work", "staff", "employ"), "geschliffen": ("ground", "grinding", "polished"),
    "herausgefunden": ("found", "discovered", "showed"), "gezeigt": ("showed", "shown"), "runde": ("orbit", "around"),
    "spiral": ("spiral",), "arme": ("arms",), "schallplatte": ("record",), "ozean": ("ocean",), "krebs": ("crab",),
    "doktorvater": ("supervisor", "doctoral", "advisor"), "direktor": ("director",), "sternwarte": ("observatory",),
    "observatorium": ("observatory",), "radio": ("radio",), "spektrallinien": ("spectral", "lines"), "element": ("element",),
    "figured": ("showed", "found", "discovered", "calculated", "realised", "realized"),
    "gebracht": ("brought",), "deutschland": ("germany", "german"), "schweiz": ("switzerland", "swiss"),
    "osterreich": ("austria", "austrian"), "leuchtet": ("shines", "glows"), "leuchten": ("shine", "glow"), "dreht": ("rotates", "rotation", "spins"),
    "rotation": ("rotates", "spins"), "bewegt": ("moves", "motion"), "schwerkraft": ("gravity",),
    "gravitation": ("gravity",), "finsternis": ("eclipse",), "mondfinsternis": ("lunar", "eclipse"),
    "sonnenfinsternis": ("solar", "eclipse"), "polarlicht": ("aurora",), "polarlichter": ("aurorae", "aurora"),
    "nordlicht": ("aurora", "northern"), "nordlichter": ("aurora", "northern"), "sternschnuppe": ("meteor",),
    "sternschnuppen": ("meteors", "meteor"), "jahreszeiten": ("seasons",), "gezeiten": ("tides",),
    "grenze": ("limit",), "hochstens": ("maximum", "most", "limit", "more"), "maximal": ("maximum", "most", "limit"),
    "maximum": ("most", "limit", "largest"), "mindestens": ("minimum", "least"), "minimum": ("least", "smallest"), "mission": ("mission",), "raumsonde": ("spacecraft", "probe"), "sonde": ("probe", "spacecraft"),
    "weisser": ("white",), "weisse": ("white",), "zwerg": ("dwarf",), "riese": ("giant",), "roter": ("red",),
    "hintergrundstrahlung": ("background", "radiation"), "urknall": ("big", "bang"), "dunkle": ("dark",),
    "materie": ("matter",), "energie": ("energy",), "spektrum": ("spectrum",), "linien": ("lines",),
    "zusammensetzung": ("composition", "made"), "bestehen": ("made", "composed"), "besteht": ("made", "composed"),
}
"""Question words widened to the words a passage uses for them (German → English, and English
synonyms such as "found" for "discovered")."""

_PRONOUN = re.compile(r"\b(?:it|its|they|their|them|this|these|the planet|the star|the moon|the galaxy)\b", re.IGNORECASE)

# --- evidence in an English sentence ---------------------------------------------------------

_NUM = r"[−–-]?\d[\d,.\u202f\u2009]*(?:\s+(?:thousand|million|billion|trillion))?"
_APPROX = r"(?:(?:about|around|roughly|nearly|almost|some|over|more than|less than|up to|only|just|approximately)\s+)?"
_UNITS: dict[Asked, str] = {
    Asked.DISTANCE: r"km|kilomet(?:re|er)s?|miles?|light[- ]years?|ly|au|astronomical units?|parsecs?|pc|kpc|mpc"
                    r"|metres|meters|times (?:the|as far|farther|further)",
    Asked.SIZE: r"km|kilomet(?:re|er)s?|metres?|meters?|m|cm|mm|miles?|inch(?:es)?|light[- ]years?|"
                r"times (?:the )?(?:size|diameter|width|wider|larger|bigger|as (?:large|wide|big))|times earth|"
                r"arcminutes?|arcseconds?|arcmin|arcsec|degrees?|°|′|″|solar radii|earth radii|%|per ?cent",
    Asked.AGE: r"(?:years?|yr)(?:\s+old|\s+ago)?|gyr|myr",
    Asked.TEMPERATURE: r"°\s?[cf]|k|kelvin|degrees",
    Asked.MASS: r"solar masses|sun'?s mass|earth masses|jupiter masses|times (?:the )?(?:earth'?s |sun'?s |jupiter'?s )?mass"
                r"|kg|kilograms?|tonnes?|tons?|m☉",
    Asked.DURATION: r"seconds?|s|minutes?|min|hours?|h|days?|weeks?|months?|years?|decades?|centuries|millennia",
    Asked.SPEED: r"km/s|km/h|kilomet(?:re|er)s? (?:per|an|a) (?:second|hour)|mph|miles (?:per|an) (?:hour|second)|m/s"
                 r"|(?:%|per ?cent) of the speed of light|times the speed",
}
_QUANTITY = {kind: re.compile(rf"{_APPROX}{_NUM}\s*(?:{units})(?![a-z])", re.IGNORECASE) for kind, units in _UNITS.items()}
_MAGNITUDE = re.compile(rf"\bmagnitudes?\b[^.;]{{0,40}}?[−–+-]?\d+(?:\.\d+)?|{_NUM}\s*mag\b", re.IGNORECASE)
_NUMBER_WORDS = ("no|none|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
                 "|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
                 "|hundreds?|thousands?|millions?|billions?|dozens?|a few|several|a pair|a single|only one|both")
_COUNT = re.compile(rf"{_APPROX}(?:{_NUM}|\b(?:{_NUMBER_WORDS})\b)(?:\s+[a-z-]+){{0,3}}", re.IGNORECASE)
_UNIT_AFTER_NUMBER = re.compile(r"\d\s*(?:mm|cm|m|km|kg|au|ly|pc|k|°|%|″|′|arcsec|arcmin|light|km/s|km/h|times|x|×)(?![a-z])",
                                re.IGNORECASE)
_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December")
_DATE = re.compile(
    rf"\b(?:\d{{1,2}}\s+(?:{_MONTHS})\s+)?(?:(?:in|on|since|until|by|from|around|about|c\.)\s+)?"
    rf"(?:(?:{_MONTHS})\s+)?(?:1\d{{3}}|20\d{{2}}|\d{{3}})\b(?:\s*(?:BC|BCE|AD|CE))?(?![\d,.]|\s*(?:km|m\b|°|k\b|kelvin|light|au\b|times|%|mm|cm))"
    rf"|\b(?:in|on|since|during|until)\s+(?:the\s+)?(?:{_MONTHS})\b"
    rf"|\b(?:\d+(?:st|nd|rd|th)|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
    rf"|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth)(?:\s+and\s+\w+)?)[- ]centur(?:y|ies)\b"
    rf"|{_NUM}\s+years?\s+ago\b|\bancient times\b|\bantiquity\b|\bprehistor\w+"
    rf"|\b(?:in|during)\s+(?:the\s+)?(?:winter|spring|summer|autumn|fall)\b|\b(?:winter|summer|autumn|spring)\s+(?:evenings?|nights?|sky|months?)\b"
    rf"|\bevery\s+(?:\d+|few|two|three|four|five|ten|eleven|twelve)?\s*(?:years?|months?|days?)\b"
    rf"|\b(?:{_MONTHS})\b", re.IGNORECASE)
_CAUSE = re.compile(
    r"\b(?:because|since|due to|caused by|causes?|cause[sd]?|so that|as a result|results? (?:from|of|in)|reasons?|"
    r"therefore|thus|hence|which is why|that is why|this is why|leads? to|led to|produces?|produced by|comes? from|"
    r"explains?|explanation|answer is|means that|thanks to|driven by|owing to|as long as|if|when|so)\b", re.IGNORECASE)
_DEFINES = re.compile(r"\b(?:is|are|was)\s+(?:a|an|the|one of)\b|\b(?:is|are)\s+\w+\s+(?:that|which|of)\b"
                      r"|\brefers? to\b|\bmeans\b|\bis (?:called|named|known as)\b|\bdescribes?\b", re.IGNORECASE)
_NAMESAKE = re.compile(r"\bnamed (?:after|for)\b|\bin honou?r of\b", re.IGNORECASE)
"""People after these words are namesakes, not whoever did what was asked."""
_STRONG_CAUSE = re.compile(r"\b(?:because|due to|caused by|the reason|answer is|explanation|explains?|results? from|"
                           r"comes? from|thanks to|owing to|driven by)\b", re.IGNORECASE)
"""Words that give a reason outright, not in passing ("so", "if", "when")."""
_CAPITAL = r"[A-ZÀ-ÖØ-Þ][\w'’-]*[a-zà-ÿ][\w'’-]*"
_PARTICLE = r"(?:de|von|van|der|den|du|di|da|la|le|Le|La|De|Van|Von|d'|d’|al)"
_NAME_RUN = re.compile(rf"{_CAPITAL}(?:\s+(?:{_PARTICLE}\s+)?{_CAPITAL})+|{_CAPITAL}\s+{_PARTICLE}\s*{_CAPITAL}")
_ACTOR = re.compile(rf"\bby\s+({_CAPITAL})|({_CAPITAL})\s+(?:discovered|found|invented|built|proposed|predicted|"
                    r"showed|measured|named|calculated|described|noticed|observed|coined|realised|realized|identified|"
                    r"explained|formulated|developed|designed|published|spotted|saw|recorded|catalogued|cataloged|"
                    r"sketched|suggested|argued|guessed|stated|mapped|founded|led)\b")
NOT_PERSON = frozenset(["Observatory", "Telescope", "Space", "Galaxy", "Galaxies", "Nebula", "Cluster", "Clusters", "Spot", "Belt", "Cloud", "Clouds", "Way", "System", "Station", "Agency", "Society", "University", "Institute", "Survey", "Mission", "Ocean", "Sea", "Mare", "Great", "Dark", "Red", "Milky", "Solar", "Earth", "Moon", "Sun", "Mars", "Venus", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto", "Mercury", "North", "South", "East", "West", "Northern", "Southern", "National", "International", "European", "American", "Royal", "Big", "Bang", "Voyager", "Cassini", "Juno", "Gaia", "Rosetta", "Curiosity", "Perseverance", "Apollo", "Pioneer", "Spitzer", "Chandra", "Hubble", "Webb", "Kepler's", "Horizons", "New", "Deep", "Field", "Ring", "Rings", "Lagrange", "Point", "Valley", "Mountains", "Mount", "Mons", "Crater", "Comet", "Asteroid", "Star", "Stars", "Pole", "Polar", "Arctic", "Antarctic", "Europe", "Africa", "Asia", "America", "Australia", "Chile", "Hawaii", "England", "France", "Germany", "Italy", "Netherlands", "Observatories", "Laboratory", "Array", "Very", "Large", "Extremely", "Event", "Horizon", "Stream", "Gate", "Reconnaissance", "Orbiter", "Lander", "Rover", "Probe", "Express", "Explorer", "Catalogue", "Catalog", "General", "Index", "Messier", "NGC", "IC", "The", "In", "On", "At", "After", "Before", "Its", "This", "That", "These", "When", "While", "With", "Since", "During", "By", "For", "From", "Just", "Like", "Despite", "Because", "Although", "Today", "Only", "Even", "Most", "Many", "Some", "All", "Both", "Each", "Every", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December", "Monday", "Sunday", "Lunar", "Nobel", "Prize", "Award", "Medal", "Physics", "Law", "Laws", "Effect", "Limit", "Paradox", "Theory", "Constant", "Principle", "Diagram", "Classification", "Sequence", "Ia", "Type", "Class", "Magellanic", "Local", "Group", "Virgo", "Andromeda", "Orion", "Ursa", "Major", "Minor", "Canis", "Cygnus", "Taurus", "Scorpius", "Sagittarius", "Hercules", "Lyra", "Cassiopeia", "Perseus", "Leo", "Gemini", "Pleiades", "Hyades", "Crab", "Eagle", "Ring", "Dumbbell", "Whirlpool", "Sombrero", "Pinwheel", "Triangulum", "Centaurus", "Proxima", "Alpha", "Beta", "Sirius", "Betelgeuse", "Polaris", "Vega", "Rigel", "Arcturus", "Antares", "Aldebaran", "Deneb", "Altair", "Titan", "Europa", "Io", "Ganymede", "Callisto", "Triton", "Enceladus", "Phobos", "Deimos", "Charon", "Ceres", "Vesta", "Halley's", "Kuiper", "Oort", "Van", "Allen", "Starry", "Messenger", "Eureka", "Starlink", "Falcon", "Heavy", "Artemis", "Sputnik", "Soyuz", "Gemini", "Mariner", "Viking", "Venera", "Magellan", "Dawn", "Juno", "Parker", "Solar", "Probe", "Copernican", "Ptolemaic", "Julian", "Gregorian", "Easter", "Christmas", "Bath", "Berlin", "Paris", "London", "Rome", "Heidelberg", "Cambridge", "Oxford", "Harvard", "Palomar", "Wilson", "Mauna", "Kea", "Yerkes", "Lick", "Arecibo", "Green", "Bank", "Jodrell", "Parkes", "ALMA", "Sidereus", "Nuncius", "Chinese", "Greek", "Greeks", "Babylonian", "Babylonians", "Egyptian", "Egyptians", "Roman", "Romans", "Arab", "Arabic", "Dutch", "English", "German", "French"])
"""Capitalised words that are never part of a person's name in the passages (places, objects,
missions, sentence-initial words), so "Berlin Observatory" or "Great Dark Spot" is no person."""


@dataclass(frozen=True)
class Entity:
    """A thing a question names: each of its words as the stems a sentence may use for it, and
    the titles of the documents about it (a name the title index resolves)."""

    words: tuple[frozenset[str], ...]
    titles: frozenset[str] = frozenset()

    def in_words(self, words: set[str]) -> bool:
        return all(_uses(forms, words) for forms in self.words)


@dataclass(frozen=True)
class Question:
    """A question read for its kind of fact and its content words (stems)."""

    asked: Asked
    entities: tuple[Entity, ...]
    """The things it names (a title it names, a proper name, a German word known only as the
    passages' cognate): each must stand in the sentence, or be what its passage is about."""
    relation: dict[str, frozenset[str]]
    """Each other content stem with the stems a sentence may use for it."""


def question_kind(question: str) -> Asked:
    """The kind of fact ``question`` asks for (``FACT`` when no pattern says more)."""
    folded = " ".join(tokens(question))
    for kind, pattern in _KIND_PATTERNS:
        if pattern.search(folded):
            return kind
    return Asked.FACT


def read_question(question: str, *, named: Iterable[tuple[str, Iterable[str]]], texts: Iterable[str],
                  german: bool) -> Question:
    """``question`` with its kind, the things it names and its relation words. ``named``:
    topic names found in it with the titles they name; ``texts``: the retrieved sentences. A capitalised word inside an
    English question is a name. German words are widened by :data:`WIDEN` (compounds by their
    parts); a German word the lexicon does not know is a name when the passages use it as a
    cognate ("Neptun", "Vesta") and is dropped otherwise, rather than required."""
    passage_stems = {s for text in texts for s in map(stem, tokens(text))}
    asked = question_kind(question)
    filler = _DISTANCE_FILLER if asked is Asked.DISTANCE else frozenset()
    entities = [Entity(tuple(_forms(word) for word in tokens(name) if word not in _STOP), frozenset(titles))
                for name, titles in named]
    entities = [entity for entity in entities if entity.words]
    taken = {stem(word) for name, _ in named for word in tokens(name)}
    proper = set() if german else {word.casefold() for word in re.findall(r"(?<=\s)[A-Z][\w'’-]*", question)}
    relation: dict[str, frozenset[str]] = {}
    for word in dict.fromkeys(tokens(question)):
        if word in _STOP or word in TYPE_WORDS or word in filler or word.isdigit() or len(word) < 2:
            continue
        own = stem(word)
        if own in taken:
            continue
        widened = WIDEN.get(word) or (_compound(word) if german else ())
        forms = frozenset({own, *map(stem, widened)})
        cognate = any(similar(form, seen) for form in forms for seen in passage_stems)
        if word in proper or (german and not widened and cognate):
            entities.append(Entity((forms,)))
        elif widened or cognate or not german:
            relation[own] = forms
    return Question(asked, tuple(entities), relation)


def _forms(word: str) -> frozenset[str]:
    """A word's stem and the stems of its widenings."""
    return frozenset({stem(word), *map(stem, WIDEN.get(word) or _compound(word))})


def _compound(word: str) -> tuple[str, ...]:
    """A German compound's meaning from its parts: two known ones ("Sonnenspektrum" → sun,
    spectrum), or a name and a known one ("Jupitermonde" → jupiter, moons)."""
    for cut in range(3, len(word) - 2):
        head, tail = word[:cut], word[cut:]
        head_words = WIDEN.get(head) or WIDEN.get(head.removesuffix("n")) or WIDEN.get(head.removesuffix("s"))
        if head_words and tail in WIDEN:
            return (*head_words, *WIDEN[tail])
    for cut in range(4, len(word) - 2):
        if word[cut:] in WIDEN:
            return (word[:cut], *WIDEN[word[cut:]])
    return ()


def similar(a: str, b: str) -> bool:
    """Two stems of one word in either language: equal, or sharing all but their last two
    letters and at least five ("galaxie"/"galaxy", "atmosphäre"/"atmosphere", not "constant"/
    "constellation")."""
    if a == b:
        return True
    common = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        common += 1
    return common >= max(5, min(len(a), len(b)) - 2)


def relevance(question: Question, sentence: str, title: str, heading: str = "") -> float | None:
    """How well a sentence covers the question, or ``None`` when it does not: every thing the
    question names must stand in the sentence, or in its passage's heading when the sentence
    says "it" or the question asks nothing more, or be what the passage's document is about by
    keyword when the sentence says "it"; and at least half the relation words its
    passage's title does not already name must stand in the sentence ("discovered" in "who
    discovered Pluto" on a page titled *Pluto*; "the night sky" is named by *Olbers' Paradox —
    Why the Night Sky Is Dark*) — for a definition, at least half of all of them. ``heading``:
    the passage's title and section, which name what its sentences are about. Words found only
    in the heading count half in the score, in full when the heading and sentence together
    hold every relation word (a passage headed by the question itself, *Why the Night Sky Is
    Dark*)."""
    words = set(map(stem, tokens(sentence)))
    headline = set(map(stem, tokens(f"{title} {heading}")))
    if question.asked is Asked.COMPARISON:  # a comparison's passages speak of one side at a time
        return 1.0 if any(entity.in_words(words | headline) for entity in question.entities) or not question.entities else None
    for entity in question.entities:
        if entity.in_words(words):
            continue
        pronoun = bool(_PRONOUN.search(sentence))
        if entity.in_words(words | headline) and (pronoun or not question.relation):
            continue  # the passage is headed by the thing itself
        if not (title in entity.titles and pronoun):
            return None  # an article on several things ("Pluto and the Dwarf Planets") names it only by keyword
    if not question.relation:
        return 1.0
    own = [forms for forms in question.relation.values() if _uses(forms, words)]
    by_title = [forms for forms in question.relation.values() if forms not in own and _uses(forms, headline)]
    if question.asked is Asked.DEFINITION:
        if len(own) / len(question.relation) < 0.5:
            return None
    else:
        predicates = [forms for forms in question.relation.values() if not _uses(forms, headline)]
        needed = sum(forms in own for forms in predicates) / len(predicates) if predicates else 1.0
        if needed < (1.0 if len(predicates) <= 2 else MOST):
            return None  # "who named Pluto" is not answered by who found it
    headed = all(_uses(forms, words | headline) for forms in question.relation.values())
    about = all(_uses(forms, headline) for forms in question.relation.values())
    return (len(own) + (1.0 if headed else 0.5) * len(by_title)) / len(question.relation) + (HEADED if about else 0.0)


def _uses(forms: Iterable[str], words: set[str]) -> bool:
    return any(similar(form, word) for form in forms for word in words)


def evidence(question: Question, sentence: str) -> str | None:
    """The part of an English sentence that states the asked kind of fact ("" when the whole
    sentence is the evidence, as for a reason), or ``None`` when it states none. Of several
    dates or quantities, the one nearest to a thing the question names ("Neptune in August
    1989" in a list of flybys); a count must count one of the question's words and carry no
    unit ("16 known moons" for "how many moons", not "a 200 mm telescope")."""
    asked = question.asked
    if sentence.rstrip().endswith("?"):
        return None
    if asked is Asked.PERSON:
        people = person_names(_NAMESAKE.split(sentence)[0])
        return ", ".join(people) if people else None
    if asked is Asked.COUNT:
        counts = [found for found in _COUNT.finditer(sentence) if _counts(question, found.group())]
        return _nearest(question, sentence, counts)
    pattern = {Asked.DATE: _DATE, Asked.BRIGHTNESS: _MAGNITUDE, **_QUANTITY}.get(asked)
    if pattern is not None:
        return _nearest(question, sentence, list(pattern.finditer(sentence)))
    if asked is Asked.REASON:
        return "" if _CAUSE.search(sentence) else None
    if asked is Asked.DEFINITION:
        return "" if _DEFINES.search(sentence) else None
    return ""


def _counts(question: Question, phrase: str) -> bool:
    if _UNIT_AFTER_NUMBER.search(phrase):
        return False
    counted = [stem(word) for word in tokens(phrase)]
    if counted[0] == "no":  # "no moons" counts only what follows at once
        counted = counted[:2]
    return not question.relation or any(_uses(forms, set(counted)) for forms in question.relation.values())


def _nearest(question: Question, sentence: str, found: list[re.Match[str]]) -> str | None:
    """The match closest to where the sentence names one of the question's things."""
    if not found:
        return None
    spots = [word.start() for word in re.finditer(r"\w+", sentence)
             if any(entity.in_words({stem(word.group().casefold())}) for entity in question.entities)]
    if not spots:
        return found[0].group().strip()
    best = min(found, key=lambda match: min(abs(match.start() - spot) for spot in spots))
    return best.group().strip()


def gives_reason(sentence: str) -> bool:
    """Whether a sentence gives a reason outright ("because", "the answer is")."""
    return bool(_STRONG_CAUSE.search(sentence))


def person_names(sentence: str) -> list[str]:
    """People named in an English sentence: runs of capitalised words ("Johann Galle", "Urbain
    Le Verrier") none of which is a place, object or mission word, and single names acting
    ("by Galle", "Herschel spotted")."""
    found: list[str] = []
    for match in _NAME_RUN.finditer(sentence):
        if re.search(r"\bthe\s+$", sentence[:match.start()], re.IGNORECASE):
            continue  # "the Golden Record", "the Berlin Observatory": things, not people
        words = match.group().split()
        while words and words[0] in NOT_PERSON:
            words = words[1:]
        if len(words) >= 2 and not any(w.rstrip("'’s") in NOT_PERSON or w in NOT_PERSON for w in words):
            found.append(" ".join(words).removesuffix("'s").removesuffix("’s"))
    for match in _ACTOR.finditer(sentence):
        name = (match.group(1) or match.group(2)).removesuffix("'s")
        if name not in NOT_PERSON and not any(name in person for person in found):
            found.append(name)
    return found
