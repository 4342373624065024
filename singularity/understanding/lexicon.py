"""German and English vocabulary shared by intent classification and slot extraction.

Words are compared after :func:`singularity.understanding.tokens.fold` (lower case, ß as ss); phrase
patterns run on the lower-cased text and accept both ß and ss.
"""

from __future__ import annotations

import re
from datetime import date

from singularity.planning.timephrases.lexicon import MONTHS

# --------------------------------------------------------------------------- astronomy

_ASTRONOMY_WORDS = {
    # bodies
    "erde", "earth", "mond", "monde", "moon", "moons", "sonne", "sun", "suns", "stern", "sterne", "sternen",
    "star", "stars", "stellar", "venus", "merkur", "mercury", "mars", "jupiter", "saturn",
    "uranus", "neptun", "neptune", "pluto", "ceres", "ganymed", "ganymede", "kallisto",
    "callisto", "phobos", "deimos", "titan", "io", "enceladus", "triton", "charon", "titania", "oberon",
    "umbriel", "eris", "haumea", "makemake", "sedna", "vesta", "zwerg", "dwarf", "gasriese", "gasriesen", "pulsar", "pulsare", "pulsars", "quasar", "quasare", "quasars", "magnetar",
    "nova", "novae", "supernova", "supernovae", "iss",
    # the sky and its coordinates
    "himmel", "sky", "skies", "orbit", "umlaufbahn", "gravitation", "gravity", "schwerkraft",
    "lichtjahr", "lichtjahre", "lichtjahren", "lightyear", "lightyears", "parsec", "parsek",
    "zenit", "zenith", "season", "seasons", "ekliptik", "ecliptic", "equinox", "solstice", "sonnenwende",
    "tagundnachtgleiche", "polarlicht", "polarlichter", "aurora", "nordlicht", "nordlichter",
    "deklination", "declination", "rektaszension", "azimut", "azimuth", "magnitude",
    "vollmond", "neumond", "halbmond", "mondphase", "mondphasen", "redshift",
    "rotverschiebung", "urknall", "kosmos", "cosmos", "universe", "universum", "raumzeit",
    "spacetime", "exoplanet", "exoplaneten", "exoplanets", "messier", "ngc", "spektrum",
    "spectrum", "kosmisch", "kosmische", "kosmischen", "cosmic", "interstellar", "galactic",
    "galaktisch", "galaktische",
    # instruments and institutions
    "okular", "okulare", "eyepiece", "eyepieces", "brennweite", "focal", "aperture",
    "dobson", "refraktor", "refractor", "reflektor", "reflector", "nasa", "esa", "eso",
    "hubble", "webb", "jwst", "sternwarte", "observatory", "observatorium", "planetarium",
    "raumsonde", "spacecraft", "rover", "sonde", "sonden",
    # constellations and bright stars that also look like names
    "orion", "andromeda", "cassiopeia", "kassiopeia", "lyra", "leier", "cygnus", "schwan",
    "ursa", "sagittarius", "schütze", "schuetze", "scorpius", "skorpion", "taurus", "stier",
    "gemini", "zwillinge", "perseus", "pegasus", "hercules", "herkules", "bootes", "auriga",
    "fuhrmann", "plejaden", "pleiades", "sirius", "vega", "wega", "polaris", "beteigeuze",
    "betelgeuse", "rigel", "deneb", "altair", "atair", "arktur", "arcturus", "aldebaran",
    "antares", "capella", "kapella", "spica", "regulus", "albireo", "mizar", "krippe",
    "praesepe", "krater", "crater", "craters",
    # Latin genitives in star names ("U Scorpii", "Delta Cephei", "T Coronae Borealis")
    "scorpii", "cygni", "orionis", "centauri", "lyrae", "cephei", "persei", "aquilae", "geminorum",
    "borealis", "australis", "ophiuchi", "tauri", "ceti", "eridani", "leonis", "virginis", "andromedae",
    "pegasi", "aurigae", "bootis", "draconis", "herculis", "sagittarii", "carinae", "crucis", "majoris",
    "minoris", "cassiopeiae", "delphini", "coronae",
}  # fmt: skip
_ASTRONOMY_PARTS = (
    "galax", "nebula", "planet", "komet", "comet", "asteroid", "meteor", "teleskop", "telescop", "fernrohr",
    "astronom", "astrophysi", "kosmolog", "cosmolog", "finsternis", "eclipse", "sternbild",
    "sternhaufen", "sternschnupp", "neutronenstern", "doppelstern", "sternwarte",
    "sternenhimmel", "nachthimmel", "fernglas", "binocular", "sonnensystem", "sonnenflecken",
    "sunspot", "mondfinsternis", "milchstrasse", "konstellation", "constellation", "nebel",
    "dämmerung", "daemmerung", "twilight", "präzession", "praezession", "precession", "gezeiten", "tierkreis",
    "zodiac", "sternzeichen", "sonnenwind", "jahreszeit", "sonnenwende", "halbkugel", "schaltjahr", "schaltsekund",
    "schalttag", "tageslänge", "tageslaenge", "tageslange", "polarnacht", "mitternachtssonne", "sonnensturm", "weltraum", "raumfahrt", "astronaut", "kosmonaut",
    "mondlandung", "satellit", "umlaufzeit", "kuiperg", "oortsch", "sonnenfleck", "heliopaus", "cepheid",
    "sternentstehung", "protostern", "gravitationswell", "gravitationslins", "parallax", "mondkrater",
    "marsmond", "jupitermond", "saturnmond", "uranusmond", "neptunmond", "saturnring", "spektrallinie",
    "cassegrain", "maksutov", "oort", "kuiper", "raumanzug", "raumanzüg", "spacesuit", "raumschiff", "spaceship",
    "observator",  # "Paranal-Observatorium", "observatories"
    "tide", "tidal",  # the Moon's pull on the seas ("How fast does the tide come in at the Bay of Fundy?")
    # the annual meteor showers by name ("Wann haben die Geminiden ihr Maximum?" names no other sky word)
    "perseid", "geminid", "leonid", "quadrantid", "lyrid", "orionid", "draconid", "drakonid", "taurid", "aquariid",
)  # fmt: skip
_ASTRONOMY_PHRASES = re.compile(
    r"\bblack\s+holes?\b|\bschwarze[sn]?\s+l(?:o|ö|oe)ch(?:er|ern)?\b|\bwhite\s+dwarfs?\b"
    r"|\bwei(?:ß|ss)e[rn]?\s+zwerg|\bred\s+giants?\b|\brote[rn]?\s+riese|\bdark\s+(?:matter|energy)\b"
    r"|\bdunkle[rn]?\s+(?:materie|energie)\b|\bbig\s+bang\b|\blight[\s-]+years?\b"
    r"|\blight\s+pollution\b|\blichtverschmutzung\b|\bmilky\s+way\b|\bspeed\s+of\s+light\b"
    r"|\blichtgeschwindigkeit\b|\bevent\s+horizon\b|\bereignishorizont\b|\bsolar\s+system\b"
    r"|\bspace\s+station\b|\braumstation\b|\bnorth\s+star\b|\bpolarstern\b"
    r"|\bshooting\s+stars?\b|\bmeteor\s+shower\b|\bneutron\s+stars?\b|\bdouble\s+stars?\b"
    r"|\bdeep[\s-]?sky\b|\bspace\s+telescope\b|\bnight\s+sky\b|\bsolar\s+flares?\b"
    r"|\bgas\s+giants?\b|\bspace\s+suits?\b"
    # spaceflight said as where it goes ("the first dog sent into space", "der erste Mensch im All")
    r"|\b(?:into|in|to|from)\s+(?:outer\s+)?space\b|\b(?:ins|im)\s+all\b|\bweltalls?\b"
    # the year and its seasons, which the Earth's orbit and tilt make
    r"|\bleap\s+(?:years?|seconds?|days?)\b|\bmidnight\s+sun\b|\bpolar\s+nights?\b"
    r"|\b(?:northern|southern)\s+hemisphere\b|\bday\s+length\b|\blength\s+of\s+(?:the\s+)?days?\b"
    r"|\b(?:shortest|longest)\s+(?:day|night)\b|\b(?:k(?:ü|ue|u)rzeste|l(?:ä|ae|a)ngste)[rn]?\s+(?:tag|nacht)\b"
    r"|\bsolstices?\b|\bequinox(?:es)?\b|\bsonnenwende\b|\btag-?und-?nacht-?gleiche\b"
    # a German compound of a planet and what it has ("Merkurradius", "Saturnmasse", "Venusatmosphäre")
    r"|\b(?:merkur|venus|mars|jupiter|saturn|uranus|neptun|pluto)(?:radius|masse|durchmesser|oberfl(?:ä|a|ae)che"
    r"|atmosph(?:ä|a|ae)re|bahn|kern|tag|jahr|achse|pol|krater|rover|sonde|transit|opposition)\w*"
)


EVERYDAY = re.compile(
    r"\b(?:markt|supermarkt|elektronikmarkt|m(?:ä|ae)rkte|laden|filiale|kaufhaus|shop|store|stores|mall"
    r"|preis|preise|price|prices|kostet|kosten|cost|costs|euro|dollar|angebot|angebote|rabatt|discount"
    r"|sale|gutschein|coupon|bestellen|order|lieferung|delivery"
    r"|(?:ö|oe)ffnet|ge(?:ö|oe)ffnet|(?:ö|oe)ffnungszeiten|opening\s+hours|opens|closes|schlie(?:ß|ss)t"
    r"|riegel|schokolade|chocolate|candy|snickers|kalorien|calories|zucker|sugar|snack|snacks"
    r"|tennis|wimbledon|turnier|tournament|grand\s+slam|spiel|spiele|spiels|game|games|fu(?:ß|ss)ball"
    r"|football|soccer|album|alben|albums|konzert|concert|tour\s+dates|tickets?|sänger|saenger|singer"
    r"|auto|autos|car|cars|motor|außenborder|aussenborder|outboard|boot|boat|marke|brand(?!\s+new)"
    r"|disney|cartoon|comic|aktie|aktien|stock|shares)\b"
    r"|\b(?:hat|haben)\b[^.?!]*\boffen\b"
)
"""Things of everyday life that borrow a body's name: shops and prices ("Saturn-Markt", "Was
kostet…"), opening hours, sweets ("Mars-Riegel"), sport and music ("Venus Williams", "Bruno
Mars"), cars, boats and brands ("Mercury Marine"). With a body's name and no other word of the
sky, the name is not the body's (``intent``'s first rules)."""
BORROWED_AFTER_NAME = re.compile(r"^[\s-]*(?:bar|bars|marine|williams)\b", re.IGNORECASE)
"""Words that make a body's name someone's or something's when they follow it ("Mars bar",
"Mercury Marine"); anywhere else they are ordinary ("92 bar on Venus", "marine life")."""
SPACEFLIGHT = re.compile(
    r"\b(?:missions?|mission\w+|raumfahrt\w*|space\w*|rakete\w*|rockets?|sonde\w*|probes?|orbiter\w*"
    r"|lander|landers|landung|landing|astronaut\w*|kosmonaut\w*|stellarium|flug|flight|reise|trip|program(?:me)?s?|programm\w*"
    r"|kolonie\w*|colon\w*|leben|life|sichtbar|visible|sehen|see|beobacht\w*|observ\w*)\b"
)
"""Words that keep a body's name the body's though everyday words surround it: "Wie viel kostet
eine Mission zum Mars?", "What does a ticket to see Saturn at the observatory cost?", "How
much did the Apollo program cost?"."""


def is_astronomy_word(word: str) -> bool:
    """Whether one folded word belongs to the astronomy vocabulary."""
    return word in _ASTRONOMY_WORDS or any(part in word for part in _ASTRONOMY_PARTS)


def has_astronomy(text: str, words: list[str]) -> bool:
    """Whether the message (its lower-cased text and folded words) is about astronomy."""
    return bool(_ASTRONOMY_PHRASES.search(text.lower())) or any(map(is_astronomy_word, words))


# --------------------------------------------------------------------------- places

NOT_PLACES = {
    "ich", "du", "sie", "wir", "ihr", "es", "er", "i", "you", "we", "he", "she", "it", "they",
    "mir", "me", "my", "mein", "meine", "meinem", "meinen", "dein", "deine", "your", "hallo",
    "hi", "hey", "hello", "moin", "servus", "danke", "thanks", "bitte", "please", "ja", "nein",
    "nee", "nö", "noe", "ne", "nope", "nah", "jo", "jep", "yep", "yeah", "yup",
    "yes", "no", "ok", "okay", "egal", "ruhe", "zukunft", "richtung", "nähe", "naehe", "garten",
    "garden", "balkon", "balcony", "backyard", "hof", "haus", "house", "home", "hause", "zeit",
    "time", "norden", "süden", "sueden", "osten", "westen", "north", "south", "east", "west",
    "wetter", "weather", "stellarium", "plan", "plane", "beobachtung", "anfänger",
    "anfaenger", "beginners", "kinder", "kids", "dunkelheit", "darkness", "sonnenuntergang",
    "sunset", "allgemeinen", "general", "detail", "details", "deutsch", "german", "english",
    "englisch", "ordnung", "prinzip", "stille", "klarheit", "kürze", "kuerze",
    "oberfläche", "oberflaeche", "oberflache", "surface", "atmosphäre", "atmosphaere", "atmosphere",
    "weg", "wege",  # "Ist da der Mond im Weg?"
    # what people go to a place for ("in Kreuzlingen zum Beobachten"): never part of its name
    "beobachten", "sternegucken", "sternengucken", "gucken", "schauen", "anschauen",
    "fotografieren", "spechteln", "observing", "stargazing", "viewing", "astrofotografie",
    "astrophotography", "teleskop", "fernglas", "abend", "nacht",
    # months ("Wann ist Vollmond im Januar?"): a time, no place
    "januar", "februar", "märz", "maerz", "mai", "juni", "juli", "oktober", "dezember",
    "january", "february", "march", "june", "july", "october", "december",
    # what opens a follow-up ("and on Sunday?" while the place is asked for): no place
    "and", "und", "but", "aber", "then", "dann",
    # interjections that open a correction ("Hmm, actually …", "Moment, ich hab …")
    "hmm", "hm", "moment", "sorry", "ups", "oops", "actually", "eigentlich", "naja", "ach",
    "oh", "well", "also", "stimmt", "doch",
    # words of astronomy phrases that are capitalised in German ("Schwarze Löcher")
    "schwarze", "schwarzes", "schwarzen", "loch", "löcher", "loecher",
}  # fmt: skip

# --------------------------------------------------------------------------- planning

PLANNING_VERBS = re.compile(
    r"\bplane\b|\bplanen\b|\bplanst\b|\bplan\s+(?:mir|uns|me|us|my|a|an|the|tonight|tomorrow"
    r"|for|this|next|some|what)\b|^plan\b|\bbeobachtungs(?:plan|nacht|session|abend)\w*"
    r"|\bobserv(?:ing|ation)\s+(?:plan|session|night|list)\b|\b(?:make|create|build)\s+(?:me\s+)?"
    r"(?:a|an|my)\s+(?:observing\s+)?plan\b|\b(?:erstelle|mach|mache)\s+(?:mir\s+|uns\s+)?"
    r"(?:einen|nen)\s+(?:neuen\s+)?(?:beobachtungs)?plan\b"
)
OBSERVE_WORDS = re.compile(
    r"\bbeobacht(?!ete[nmrs]?\b|bar)\w*|\bobserv(?:e|ing)\b|\bsehen\b|\bsehe\b|\bsieht\b|\bsee\b|\bseen\b|\banschauen\b"
    r"|\bansehen\b|\blook\s+at\b|\bsichtbar\w*|\bvisible\b|\bzu\s+sehen\b|\bspot\b|\bwatch\b"
    r"|\bwetter\b|\bweather\b|\bbewölkung\b|\bclouds?\b|\bwolken\b"
)
WHAT_CAN_I_SEE = re.compile(
    r"\bwas\s+(?:kann|könnte|koennte|soll|sollte|lohnt)\s+(?:ich|man)\b.*\b(?:sehen|beobachten"
    r"|anschauen|ansehen|sich)\b|\bwhat\s+(?:can|could|should|shall)\s+(?:i|we|one)\s+"
    r"(?:see|observe|look\s+at|watch)\b|\bwhat(?:'s|\s+is)\s+(?:visible|up\s+(?:there|in\s+the\s+sky))\b"
    r"|\bwas\s+ist\b.*\b(?:sichtbar|zu\s+sehen)\b"
)
OBSERVING = re.compile(
    r"\bbeobacht(?!ete[nmrs]?\b|bar)\w*|\bobserv(?:e|ing)\b|\bstargaz\w*|\bsterngucke?n?\b|\bsternbeobachtung\w*"
    r"|\bsterne\s+(?:zu\s+)?(?:gucke?n?|schaue?n?|anschaue?n?|ansehe?n?)\b"
    r"|\b(?:in\s+den|zum)\s+(?:nacht|sternen)?himmel\s+(?:zu\s+)?(?:schaue?n?|gucke?n?|blicke?n?)\b"
    r"|\bden\s+(?:nacht|sternen)?himmel\s+(?:zu\s+)?(?:anschaue?n?|ansehe?n?|anzuschauen|anzusehen)\b"
    r"|\blook\s+(?:at|up\s+at)\s+the\s+(?:stars|sky|night\s+sky)\b|\bwatch\s+the\s+(?:stars|sky|night\s+sky)\b"
    r"|\bsky\s*watching\b"
)
WHILE_OBSERVING = re.compile(r"\b(?:beim|zum|f(?:ü|ue)rs|f(?:ü|ue)r\s+das)\s+(?:beobachten|sterngucken)\b"
                             r"|\b(?:when|while|for)\s+(?:observing|stargazing)\b")
"""Observing as the setting of a question ("Welche Rolle spielt die Luftfeuchtigkeit beim Beobachten?",
"Which binoculars are best for stargazing?"), no wish."""
INFO_QUESTION = re.compile(
    r"^(?:und\s+|and\s+)?(?:(?:wei(?:ß|ss)t\s+du|do\s+you\s+know|kannst\s+du\s+mir\s+sagen"
    r"|can\s+you\s+tell\s+me),?\s+)?(?:was|wer|wie|wo|wann|warum|wieso|weshalb|welche[rsnm]?|woher"
    r"|wohin|ist|sind|what|what's|whats|how|who|where|when|why|which|is|are|does|do|did"
    r"|(?:an|in|im|auf|mit|von|vom|bei|aus|um|zu|seit|at|on|with|from|by|for|of|to)\s+(?:welche[rsnm]?|what|which)"
    r"|(?:an|in|auf|mit|von|bei|aus|um|zu|seit)\s+wie\s*viele?n?)\b"
)
"""A question for information, also one opened by a preposition ("An welchem Teleskop …?", "In what year
…?"); "Kannst du…?"/"Can you…?" is a request, not one."""
FACT_QUESTION = re.compile(r"^(?:was|wer|warum|wieso|weshalb|what|who|why)\b")
"""A question about facts ("Was hat Webb entdeckt?"): a time and an instrument in it do not make a plan."""
NAME_QUESTION = re.compile(r"^(?:wie\s+hei(?:ß|ss)(?:t|en)|what(?:'s|\s+is|\s+are|s)\s+(?:the\s+)?names?\b|who|wer)\b")
"""A question for a name or a person ("Wie heißt der Effekt, bei dem … von Gelbgrün nach Blaugrün …?"):
the words that look like a place and a time in it ask no plan."""
HOW_OR_WHY = re.compile(
    r"^(?:wie|warum|wieso|weshalb|was\s+ist|was\s+sind|how|why|what\s+is|what's|what\s+are)\b"
)
ASKS_HOW_LONG_OR_WHY = re.compile(
    r"^(?:(?:und|and|so)\W+)?(?:wie\s+lange|how\s+long|warum|wieso|weshalb|why|was\s+(?:ist|sind)|what\s+(?:is|are)|what's)\b"
)
"""A question for a duration, a reason or a definition: about the world, never the forecast."""
WEATHER = re.compile(
    r"\bwetter\w*|\bweather\b|\bforecast\b|\bvorhersage\b|\bbew(?:ö|oe)lk\w*|\bwolke\w*"
    r"|\bclouds?\b|\bcloudy\b|\bregen\w*|\brain\w*|\bklar(?:e[rn]?)?\b|\bclear\b|\bseeing\b"
    r"|\bnebel\s+(?:am|im)\s+boden\b|\bfog\w*|\bhochnebel\b|\bbedeckt\b|\bovercast\b"
    r"|\bregne[tn]\b|\bschnei(?:t|en)\b|\bgewitter\w*|\bbedingungen\b|\bconditions\b"
    r"|\bsternenklar\w*|\bwolkenlos\w*|\bdunst\w*|\bhaze\b|\bhazy\b|\btransparen(?:z|cy)\b"
)
LOOKS_GOOD = re.compile(
    r"\bsieht\s+es\s+(?:\w+\s+){0,3}?(?:gut|schlecht|mies)\b"
    r"|\blohnt\s+es\s+sich\b|\blohnt\s+sich\s+(?:\w+\s+){0,2}?(?:heute|morgen|raus\w*|das\s+beobachten)\b|\bwird\s+das\s+(?:heute\s+|morgen\s+)?(?:was|etwas)\b"
    r"|\b(?:does|will)\s+(?:it|tonight|the\s+night)\s+look\s+(?:good|ok|okay|any\s+good|promising)\b"
    r"|\b(?:is\s+)?tonight\s+any\s+good\b"
    r"|\bworth\s+(?:it|going\s+out|heading\s+out)\b|\bgood\s+night\s+for\s+(?:observing|stargazing)\b"
)
"""Whether the night looks good ("Sieht es gut aus für heute Nacht?", "is tonight any good?"):
during planning the forecast answers it. "Wie sieht es am Samstag aus?" is not among them: it
asks for that night's plan."""
TONIGHT = re.compile(r"(?:für\s+|fuer\s+|for\s+)?(?:heute(?:\s+(?:nacht|abend))?|tonight|today|this\s+evening)")
REPLAN_CUES = re.compile(
    r"\bund\s+(?:wenn|mit|für|fuer|in|bei|am|um|morgen|übermorgen)\b|\bwhat\s+about\b|\bhow\s+about\b"
    r"|\bstattdessen\b|\binstead\b|\blieber\b|\bwas\s+ist\s+mit\b|\bwie\s+w(?:ä|ae)re\s+es\b"
    r"|\band\s+(?:with|for|in|if|on|at|tomorrow)\b|\bauch\s+für\b|\bnochmal\b|\bagain\b"
)
TARGET_WORDS = re.compile(
    r"\bziel(?:e|en|s)?\b|\btargets?\b|\bobjekt\w*|\bobjects?\b|\bof\s+(?:them|these|those)\b"
    r"|\bdavon\b|\bwhich\s+one\b|\bwelche[rsnm]?\s+(?:davon|dieser)\b|\bthe\s+list\b|\bder\s+liste\b"
)
"""Words that point at the plan's targets ("which one of them", "welcher davon")."""
SATELLITE_PASSES = re.compile(
    r"\b(?:iss|international\s+space\s+station|(?:internationalen?\s+)?raumstation|space\s+station"
    r"|starlink\w*|tiangong|iridium\w*|satellite\s+pass\w*|satelliten(?:ü|ue)berfl(?:ü|ue)ge?\w*"
    r"|(?:artificial|k(?:ü|ue)nstliche[n]?)\s+satellit\w*)\b"
)
"""Artificial satellites seen crossing the sky: no plan contains them (they need orbital data
of the day)."""
PLAN_WORDS = re.compile(
    r"\bof\s+(?:them|these|those)\b|\bamong\s+them\b|\bvon\s+(?:denen|diesen)\b|\bunter\s+denen\b|\bdavon\b|\bwhich\s+one\b|\bziel(?:e|en|s)?\b|\btargets?\b|\b(?:im|in\s+the|in\s+my|dem|deinem|the|your)\s+plan\b"
    r"|\bplans\b|\b(?:der|dieser|deiner)\s+liste\b|\b(?:the|that|this|your)\s+list\b|\bdeine[rn]?\s+vorschl(?:ä|ae)ge?n?\b"
    r"|\b(?:auch\s+)?(?:dabei|drin|drauf)\b|\b(?:also\s+)?(?:included|on\s+(?:it|there)|in\s+there)\b"
)

# --------------------------------------------------------------------------- exports

EXPORT_REQUEST = re.compile(
    r"\bexport\w*|\bherunter\s*(?:zu\s*)?lad\w*|\bdownload\w*|\bausdruck\w*|\bausdrucken\b"
    r"|\b(?:csv|pdf|spreadsheet|excel)\b|\b(?:als|as)\s+(?:a\s+|eine\s+)?(?:datei|file|tabelle|json)\b"
    r"|\b(?:druck\w*|print\w*|speicher\w*|save|sichere?)\b[^.?!]*\b(?:plan|liste|list)\b"
    r"|\b(?:lade|lad|load|(?:ü|ue)bertrag\w*|transfer\w*|schick\w*|send\w*|import\w*|put|push)\b"
    r"[^.?!]*\b(?:plan|liste|list)\b[^.?!]*\bstellarium\b"
    r"|\b(?:die|the|meine|my|diese|this)\s+(?:beobachtungs)?(?:liste|list)\s+(?:in|into|to|nach|an|ins)"
    r"\s+(?:mein\w*\s+|my\s+)?stellarium\b"
)
"""A request to take the plan away as files ("Exportiere den Plan", "als PDF", "download the
list") or into Stellarium's observing lists ("Lade die Liste in Stellarium")."""

# --------------------------------------------------------------------------- Stellarium

BEST_NIGHT = re.compile(
    r"\bbest(?:e[nr]?)?\s+(?:night|nights|nacht|nächte|naechte|time|zeit|day|tag|date|datum|evening"
    r"|abend|hour|stunde|termin|moment|zeitpunkt)\b"
    r"|\b(?:which|what)\s+(?:night|nights|evening|day|date)\b"
    r"|\bwelche[rnms]?\s+(?:nacht|nächte|naechte|abend|tag|datum|termin)\b"
    r"|\b(?:ideal|optimal|perfect|perfekt|günstigst|guenstigst|best)e?[nrs]?\s+"
    r"(?:night|nights|nacht|nächte|evening|abend|time|zeit|moment|zeitpunkt|termin)\b"
    r"|\bwhen\b.*\b(?:best|ideal|optimal|highest|most\s+favou?rable|best\s+placed|well\s+placed)\b"
    r"|\bwann\b.*\b(?:am\s+besten|ideal|optimal|am\s+höchsten|am\s+hoechsten|am\s+günstigsten"
    r"|am\s+guenstigsten|lohnt|gut\s+sichtbar|günstig|guenstig)\b"
    r"|\bwhen\s+(?:should|shall|could|can|do|would)\s+(?:i|we|one)\b.*\b(?:observe|see|look\s+at"
    r"|view|image|photograph|catch|spot|go\s+for)\b"
    r"|\bwann\s+(?:kann|könnte|koennte|sollte|soll|sollten|können|koennen)\s+(?:ich|man|wir)\b.*"
    r"\b(?:sehen|beobachten|anschauen|ansehen|fotografieren|erwischen|aufnehmen)\b"
)
"""Asking when, over several nights, one object is best placed ("Wann ist diese Woche die beste
Nacht für M51?", "When should I observe M13?"); it counts only with a named object."""
CAN_SEE = re.compile(
    r"\b(?:kann|k(?:ö|oe)nnte|k(?:ö|oe)nnen)\s+(?:ich|man|wir)\b.*\b(?:sehen|beobachten|erkennen|erwischen|anschauen|finden)\b"
    r"|\b(?:ist|sind|steht|stehen)\b.*\b(?:zu\s+sehen|sichtbar|am\s+himmel|(?:ü|ue)ber\s+dem\s+horizont|zu\s+beobachten)\b"
    r"|\bsieht\s+man\b|\b(?:can|could|will)\s+(?:i|we|you|one)\s+(?:still\s+|actually\s+)?(?:see|spot|observe|view|catch)\b"
    r"|\b(?:is|are|will)\b.*\b(?:visible|observable|above\s+the\s+horizon|up\s+(?:tonight|today|tomorrow|on|at|from|in))\b"
)
"""Asking whether something can be seen ("Kann ich heute den Saturn sehen?", "Is M42 visible
from Leeds?"): with a named object and a night or a place, the best-night scan answers it."""
NIGHT_WORDS = re.compile(
    r"\b(?:night|nights|nacht|nächte|naechte|week|woche|month|monat|weekend|wochenende)\b"
)
NIGHT_TIMES = re.compile(
    r"^(?:(?:und|and|so|also|ok(?:ay)?)\W+)?"
    r"(?:(?:any\s+idea|do\s+you\s+know|(?:can|could)\s+you\s+tell\s+me|tell\s+me|wei(?:ß|ss)t\s+du"
    r"|sag\s+mal|kannst\s+du\s+mir\s+sagen|wei(?:ß|ss)\s+jemand)\W+)?(?:wann|wie\s+lange?|ab\s+wann|bis\s+wann|um\s+wie\s*viel\s+uhr"
    r"|when|how\s+long|what\s+time|until\s+when|till\s+when|from\s+when)\b.*(?:"
    r"\b(?:es|it)\b(?:\s+\w+){0,5}\s+(?:dunkel|finster|dark)\b|\bdunkelheit\b|\bdarkness\b"
    r"|\bastronomische\w*\s+nacht\b|\bastronomical\s+night\b|\bd(?:ä|ae)mmerung\b|\btwilight\b|\bdusk\b|\bdawn\b"
    r"|\bsonnen(?:unter|auf)gang\b|\bmond(?:auf|unter)gang\b|\bsunset\b|\bsunrise\b|\bmoonrise\b|\bmoonset\b"
    r"|\b(?:geht|gehen)\b(?:\s+[\w.]+){0,4}?\s+(?:die\s+sonne|der\s+mond)\s+(?:\w+\s+)?(?:auf|unter)\b"
    r"|\b(?:die\s+sonne|der\s+mond)\s+(?:\w+\s+)?(?:auf|unter)geht\b"
    r"|\bthe\s+(?:sun|moon)\s+(?:(?:rise|set)s?|comes?\s+(?:back\s+)?up|goes?\s+(?:back\s+)?down)\b"
    r"|\b(?:is|ist|dauert|lasts?)\s+(?:the|die)\s+(?:night|nacht)\b)"
)
"""When it gets dark, how long the night is, when the Sun or the Moon rises or sets, also after
"any idea …" or "weißt du …": with a plan, the plan's night answers ("Wie lange ist es heute richtig dunkel?", "When does the Moon
rise?"); a why or what question about darkness is a knowledge question."""
RISES_ON_A_NIGHT = re.compile(
    r"^(?:(?:und|and)\W+)?(?:geht|gehen)\b.*\b(?:die\s+sonne|der\s+mond)\b.*\b(?:auf|unter)\b"
    r"|^(?:(?:und|and)\W+)?(?:does|will|is)\b.*\bthe\s+(?:sun|moon)\s+(?:rise|set|come\s+up|go\s+down)\b"
)
"""Whether the Sun or the Moon rises or sets, asked yes or no ("Geht der Mond am Freitag vor
Mitternacht auf?"): a question about one night only with a day or a clock in it (``ON_A_NIGHT``);
"Geht die Sonne im Osten auf?" asks about the world."""
ON_A_NIGHT = re.compile(
    r"\b(?:heute|morgen|(?:ü|ue)bermorgen|tonight|today|tomorrow|mitternacht|midnight|\w+(?:tag|day)|\d)\b"
)
MOON_TONIGHT = re.compile(
    r"\b(?:what(?:'s|\s+is)\s+the\s+moon\s+doing|was\s+macht\s+(?:\w+\s+){0,2}?der\s+mond"
    r"|(?:is|will)\s+the\s+moon\s+(?:be\s+)?in\s+the\s+way|st(?:ö|oe)rt\s+(?:\w+\s+){0,2}?der\s+mond"
    r"|der\s+mond\s+(?:\w+\s+){0,3}?im\s+weg|the\s+moon\s+(?:\w+\s+){0,3}?(?:in\s+the\s+way|a\s+problem)"
    r"|st(?:ö|oe)rt\s+(?:\w+\s+){0,2}?(?:das\s+)?mondlicht|does\s+the\s+moon(?:light)?\s+(?:\w+\s+)?interfere"
    r"|(?:ist|haben\s+wir)\s+(?:heute|morgen)\s+(?:\w+\s+)?(?:voll|neu|halb)mond"
    r"|is\s+(?:it|there)\s+a\s+(?:full|new|half)\s+moon\s+(?:tonight|today|tomorrow)"
    r"|welche\s+mondphase|what\s+phase\s+(?:is\s+)?the\s+moon"
    r"|is\s+the\s+moon\s+(?:up|out|visible)|ist\s+(?:heute\s+)?der\s+mond\s+(?:\w+\s+)?(?:zu\s+sehen|sichtbar|am\s+himmel))\b"
)
"""Whether the Moon is up and in the way or full tonight ("what's the moon doing tonight?",
"Stört heute der Mond?", "Ist heute Vollmond?"): its rise, set and phase that night answer it."""
NOT_THE_NIGHT = re.compile(
    r"\b(?:augen?|eyes?|adapt\w*|gew(?:ö|oe)hn\w*|anpass\w*|pol(?:en)?|poles?|nordpol|s(?:ü|ue)dpol"
    r"|(?:ä|ae)quator|equator|arktis|antarktis|arctic|antarctic"
    r"|eclipses?|totality|\w*finsternis\w*|totalit(?:ä|ae)t)\b|\b(?:on|auf)\s+(?:the\s+|dem\s+)?(?:moon|mond)\b"
    r"|\b(?:raumsonde|sonde|mission|spacecraft|probe)\s+dawn\b|\bdawn\s+(?:mission|spacecraft|probe|sonde)\b"
    r"|\b(?:when|wann|what\s+time)\s+(?:do|does|is|are|tritt|treten|sieht|sehen|erscheint|erscheinen)\s+(?!it\b|es\b)"
    r"(?:\w+\s+){1,4}?(?:at|after|before|beim|nach|vor|bei)\s+(?:dem\s+)?(?:sunset|sunrise|dusk|dawn"
    r"|sonnenuntergang|sonnenaufgang)\b"
)
"""Darkness the eyes adapt to, twilight at the poles, the darkness of an eclipse, a sunrise on the
Moon, the Dawn mission to Vesta and Ceres, and what shows "at sunset" ("When does the green flash
appear at sunset?", "Wann sieht man das Zodiakallicht nach Sonnenuntergang?"): questions about the
world, not this night."""
SUNRISE = re.compile(
    r"\bsunrise\b|\bdawn\b|\bsonnenaufgang\b|\bmorgend(?:ä|ae)mmerung\b|\bsonne\b.*\bauf(?:geht)?\b"
    r"|\bsun\b.*\b(?:rises?|comes?\s+(?:back\s+)?up)\b"
)
EVENING_WORDS = re.compile(
    r"\b(?:dunkel\w*|finster|dark\w*|sunset|sonnenuntergang|unter(?:geht)?|set|sets|down|mond(?!ays?\b)\w*|moon\w*|dusk"
    r"|abend\w*|evening|tonight|nacht|night)\b"
)

MOON_PHASE = re.compile(
    r"\b(?:voll|neu|halb|super|blut)mond\w*|\b(?:full|new|half|super|blood)\s*moons?\b|\bmondphase\w*"
    r"|\bmoon\s*phases?\b|\bphases?\s+of\s+the\s+moon\b"
)
"""A phase of the Moon ("der nächste Vollmond", "new moon") names the Moon: no everyday sense."""
WHEN_PHASE = re.compile(
    r"\b(?:wann|when)\b.*(?:\b(?:voll|neu)mond|\b(?:full|new)\s+moon)"
    r"|\bn(?:ä|ae)chste[nrs]?\s+(?:voll|neu)mond|\bnext\s+(?:full|new)\s+moon"
)
"""When the next full or new moon comes ("Wann ist der nächste Vollmond?")."""
MOON_WORD = re.compile(r"\b(?:mond(?!ays?\b)\w*|moon\w*)")
SUN_WORD = re.compile(r"\b(?:sonne\w*|sun|sunrise|sunset|sunlight)\b")
"""Which body a question about the night asks about, said first in its answer."""


def asks_night_times(lowered: str) -> bool:
    """Whether a message asks when it gets dark or when the Sun or the Moon rises or sets tonight;
    how long twilight lasts in general ("How long does astronomical twilight last?") is a question
    about the world, unless a night or a place is named (checked by the caller)."""
    one_night = bool(RISES_ON_A_NIGHT.search(lowered) and ON_A_NIGHT.search(lowered))
    moon = bool(MOON_TONIGHT.search(lowered)) and not ASKS_WHY.match(lowered)  # "why is the moon in the way during …"
    return (bool(NIGHT_TIMES.search(lowered) or moon or WHEN_PHASE.search(lowered)
                 or one_night) and not NOT_THE_NIGHT.search(lowered))


_HOW_LONG = r"^(?:(?:und|and|so)\W+)?(?:how\s+long|wie\s+lange?)"
HOW_LONG_AFTER = re.compile(rf"{_HOW_LONG}\s+(?:after|before|nach|vor)\b")
"""How long after one thing another comes: its "after sunset" is the question, not a time to plan."""
HOW_LONG_IT_LASTS = re.compile(rf"{_HOW_LONG}\b(?:.*\b(?:lasts?|take|takes|dauer\w*)\b|\s+(?:after|before|nach|vor)\b)")
"""How long something lasts or how long after another thing it comes ("how long after sunset does
astronomical darkness begin"), not how long until it comes ("how long until sunset")."""
TIME_OF_DAY = frozenset({"evening", "night", "morning", "abend", "abends", "nacht", "nachts", "morgens"})
"""A time said as a part of the day alone: in a question how bright or how long something is ("How
bright does Venus get in the evening sky?"), it names no night to plan."""
BARE_TODAY = frozenset({"heute", "heutzutage", "today", "nowadays"})
"""A time said as the day alone, which in a why-question is the present age ("Warum baut man heute …")."""
BEFORE_OBSERVING = re.compile(r"\b(?:before|bevor|ehe|vor dem)\b.*\b(?:observ\w*|beobacht\w*|stargazing|viewing)\b")
"""Observing as what comes after the thing asked ("How long should the mirror cool before I start
observing?"): the question is about the instrument, not a night."""
ASKS_WHY = re.compile(r"^(?:\w+\s+)?(?:why|warum|wieso|weshalb)\b")
"""A question for a reason: about the world, not a night to plan ("Why should I let my telescope
cool down before observing?")."""
SEEN_WITH = re.compile(
    r"\b(?:with|through|mit|durch)\s+(?:(?:a|an|my|the|small|backyard|einem|einer|meinem|meiner|dem|der|kleinen)\s+){0,2}"
    r"(?:telescopes?|binoculars|scopes?|teleskop\w*|fernglas|fernrohr\w*)\b|\bnaked\s+eye\b|\bblo(?:ß|ss)em\s+auge\b"
    r"|\bwithout\s+(?:a\s+)?(?:telescope|binoculars)\b|\bohne\s+(?:teleskop|fernglas|fernrohr)\b"
    r"|\bfrom\s+(?:a|the)\s+(?:city|town)\b|\bin\s+der\s+stadt\b"
)
"""What an instrument, the eye or a city sky shows ("Can you see Pluto with a backyard telescope?",
"welche Planeten sieht man ohne Teleskop"): asked without a night or a place, a question about
seeing in general, which the knowledge base answers."""
ASKS_HOW_MANY = re.compile(r"^(?:\w+\s+)?(?:how\s+many|wie\s*viele)\b")
"""A question for a count, which no night changes ("how many stars can you see with the naked eye")."""
ASKS_A_MEASURE = re.compile(
    r"^(?:\w+\s+)?(?:how\s+(?:fast|high|tall|deep|big|large|wide|heavy|old)|wie\s+(?:schnell|hoch|tief|gro(?:ß|ss)|breit"
    r"|schwer|alt)|(?:auf|in)\s+welcher\s+h(?:ö|oe)he|at\s+what\s+(?:altitude|height))\b")
"""A question for a speed, size or height, which no night changes ("How fast does the tide come in at
the Bay of Fundy?", "Auf welcher Höhe liegt das Paranal-Observatorium?"); a temperature may be a forecast."""


_MONTH_NAMES = (r"januar|februar|m(?:ä|ae)rz|april|mai|juni|juli|august|september|oktober|november|dezember"
                r"|january|february|march|may|june|july|october|december")
_MONTH_ASKED = re.compile(rf"\b(?:im|in|for|für|fuer|during)\s+({_MONTH_NAMES})\b|\b({_MONTH_NAMES})\s+\d{{4}}\b")
"""A month named as the time of a question: after a preposition or before a year ("may" alone
is mostly a verb)."""


def phase_asked(lowered: str) -> str | None:
    """Which phase a "when is the next …?" question asks for: full_moon or new_moon."""
    if not WHEN_PHASE.search(lowered):
        return None
    return "new_moon" if re.search(r"\bneumond|\bnew\s+moon", lowered) else "full_moon"


def month_asked(lowered: str) -> int:
    """The month a question names, 1–12 ("Wann ist Vollmond im Januar?"), or 0."""
    found = _MONTH_ASKED.search(lowered)
    return MONTHS[found.group(1) or found.group(2)] if found else 0


def asks_sunrise_only(lowered: str) -> bool:
    """A question about the Sun's rise alone ("Wann geht morgen die Sonne auf?"): with a day
    named, it asks for that day's morning, which ends the night begun the evening before."""
    return bool(SUNRISE.search(lowered)) and not EVENING_WORDS.search(lowered)


STELLARIUM_WORDS = re.compile(r"\bstellarium\b|\bscreenshot\b|\bbildschirmfoto\b")
IMAGE_REQUEST = re.compile(
    r"\b(?:bild(?:er)?|fotos?|photos?|aufnahmen?|pictures?|(?<!\bto )(?<!\bwill )images?|pics?)\b(?!\s*schirm)"
)
"""A picture asked for; "I want to image the Owl Nebula" is photographing it oneself."""
PAST_EVENT = re.compile(
    r"^(?:wann|wer|when|who)\b.*\b(?:wurden?|waren?|hatten?|was|were|did|had)\b"
)
"""A question about something that happened ("Wann wurde … zum ersten Mal beobachtet?"), no wish to observe."""
_YEAR = re.compile(r"(?<![\d.,])\b(1\d{3}|20\d{2})\b(?![.,]\d)(?!\s*(?:km|mm|cm|m|k|°|kg|nm|au|ly)\b)")


def names_a_past_year(lowered: str) -> bool:
    """Whether a message names a year gone by ("Was hat Galilei 1610 am Jupiter beobachtet?", "the
    1919 eclipse"): what was observed then is history, no night to plan."""
    return any(int(year) < date.today().year for year in _YEAR.findall(lowered))


ASKS_WHICH_SEASON = re.compile(
    r"^(?:in\s+|im\s+|zu\s+)?(?:which|what|welche[mnrs]?)\s+(?:month|season|time\s+of\s+(?:the\s+)?year|monat|jahreszeit)\b"
    r"|\bbest\s+time\s+of\s+(?:the\s+)?year\b|\bbeste[nr]?\s+jahreszeit\b"
)
"""A question for the month or season something is seen in: about the year, not one night."""
RARE_EVENT = re.compile(
    r"\b(?:n(?:ä|ae|a)chste[nrs]?|next|kommende[nrs]?|upcoming)\s+(?:\w+\s+){0,2}?"
    r"(?:\w*finsternis\w*|eclipses?|transits?|durchgang|durchgänge|konjunktion(?:en)?|conjunctions?|okkultation\w*"
    r"|bedeckung\w*|occultations?|wiederkehr|return|perihel\w*|opposition(?:en)?)\b"
    r"|\b(?:vor|über|ueber)\s+(?:die|der)\s+sonnenscheibe\b|\bvor\s+der\s+sonne\s+(?:\w+\s+){0,2}?vorbei\w*"
    r"|\b(?:across|in\s+front\s+of)\s+the\s+(?:(?:face|disk|disc)\s+of\s+the\s+)?sun\b"
)
"""When the next eclipse, transit or return happens is a question about the sky's calendar, which
the nightly planner does not compute ("When will the next total solar eclipse be visible from
Zurich?"); a transit is also said in words ("wie die Venus vor der Sonnenscheibe vorbeizieht")."""
ABOUT_PICTURES = re.compile(
    r"^(?:how\s+many|how\s+much|wie\s*viele?|when|wann|who|wer|why|warum|wieso|weshalb"
    r"|(?:in|im|um|seit|from|since)\s+(?:what|which|welche[rsmn]?))\b"
    r"|^.*\b(?:wurden?|was|were)\b.*\b(?:fotografiert|photographiert|aufgenommen|photographed|taken|imaged)\b"
    r"|^(?:which|what|welche[rsmn]?|where|wo)\b.*\b(?:took|taken|captured|snapped|returned|sent|aufgenommen"
    r"|gemacht|machte|geschickt|lieferte|geliefert)\b"
    r"|^(?:what|which|how|was|welche[rsmn]?|wie)\b.*\b(?:fwhm|pixels?|exposures?|belichtung\w*|sensors?|resolution"
    r"|aufl(?:ö|oe)sung|seeing)\b"
)
"""A question about pictures ("How many images has Hubble taken?", "Which spacecraft took the
first pictures of the far side?", "In what year was the Deep Field image taken?", "What seeing,
measured as the FWHM of a star image, …?"), not a request for some."""


def wants_pictures(lowered: str) -> bool:
    """Whether a (lower-cased) message asks to be shown pictures."""
    return bool(IMAGE_REQUEST.search(lowered)) and not ABOUT_PICTURES.match(lowered.strip())
ACTION_VERBS = re.compile(
    r"^(?:bitte\s+|please\s+)?(?:(?:ö|oe)ffne|open|zentriere|center|centre|select|w(?:ä|ae)hle"
    r"|richte|point|slew|schwenke|zoome?|go\s+to|geh(?:e)?\s+zu|fahre?\s+zu)\b"
)

# --------------------------------------------------------------------------- dialogue acts

GREETING = re.compile(
    r"\b(?:hallo|hello|hi|hey|moin|servus|gr(?:ü|ue)ezi|gr(?:ü|ue)(?:ß|ss)\s+gott|guten\s+"
    r"(?:tag|morgen|abend)|good\s+(?:morning|evening|afternoon|day)|ciao|salut|howdy"
    r"|danke(?:\s+(?:schön|schoen|sehr))?|vielen\s+dank|thanks?(?:\s+you)?|thx|merci"
    r"|tsch(?:ü|ue)ss|bye|goodbye|auf\s+wiedersehen|tach|wie\s+geht(?:'s|s|\s+es)(?:\s+dir)?"
    r"|how\s+are\s+you|how'?s\s+it\s+going)\b"
)
TELL_ABOUT = re.compile(
    r"\berz(?:ä|ae)hl\w*\s+(?:mir\s+|uns\s+)?(?:etwas|was|mehr|alles)?\s*(?:über|ueber|von)\b"
    r"|\btell\s+(?:me|us)\s+(?:something\s+|more\s+|all\s+)?about\b|\bwhat\s+do\s+you\s+know\s+about\b"
    r"|\bwas\s+wei(?:ß|ss)t\s+du\s+(?:über|ueber)\b"
)
"""A request to hear about something: with a named object it is an astronomy question."""
FOLLOW_UP_WORDS = {
    "und", "and", "wann", "wie", "warum", "wieso", "wo", "woher", "when", "why", "how", "where",
    "ungefähr", "ungefaehr", "genau", "denn", "noch", "dann", "so", "etwa", "roughly", "exactly",
    "then", "again", "also", "about", "approximately", "nochmal", "lange", "long", "weit", "far",
    "viel", "much", "many", "viele", "oft", "often",
}  # fmt: skip
"""A question of only these words ("Wann ungefähr?", "And why?") continues the last topic."""
FAREWELL = re.compile(
    r"\b(?:danke|vielen\s+dank|thanks?|thank\s+you|cheers|tsch(?:ü|ue)ss|bye|goodbye|ciao"
    r"|auf\s+wiedersehen|bis\s+(?:bald|dann|sp(?:ä|ae)ter)|see\s+you|gute\s+nacht|good\s+night"
    r"|das\s+(?:reicht|wars?|war's)|that'?s\s+all|brauche\s+ich\s+nicht)\b"
)
"""Thanks and goodbyes: answered with a farewell, not with an introduction."""
CAPABILITY = re.compile(
    r"\b(?:was\s+kannst\s+du(?:\s+(?:alles|so|tun|machen))?|wer\s+bist\s+du|was\s+bist\s+du"
    r"|wie\s+funktioniert\s+das|was\s+kann\s+ich\s+dich\s+fragen|hilfe|what\s+can\s+you\s+do"
    r"|who\s+are\s+you|what\s+are\s+you|how\s+does\s+this\s+work|what\s+can\s+i\s+ask(?:\s+you)?"
    r"|help(?:\s+me)?)\b"
)
SOCIAL_FILLERS = {
    "und", "and", "so", "also", "du", "you", "there", "singularity", "bitte", "please", "mal",
    "denn", "ok", "okay", "na", "oh", "ah", "well", "nochmal", "again", "for", "für", "all",
    "everyone", "zusammen", "leute", "folks", "me", "mir", "dir", "dich", "everything", "alles",
    "das", "war", "that", "was", "is", "ist", "sehr", "very", "much", "hilfreich", "helpful",
    "great", "super", "toll", "cool", "perfekt", "perfect", "nice", "schön", "prima", "klasse",
    "genau", "exactly", "fein", "auch", "beinand", "mitenand",
}  # fmt: skip
CONFIRM = re.compile(
    r"\b(?:ja(?:\s+bitte)?|jawohl|jo|jep|yes|yep|yeah|yup|ok(?:ay)?|klar|sicher|gerne?|sure"
    r"|go\s+ahead|mach(?:\s+es)?\s+(?:weiter|schon|trotzdem|ruhig)|weiter(?:machen)?"
    r"|trotzdem|dennoch|please\s+do|do\s+it|continue|proceed|anyway|auf\s+jeden\s+fall"
    r"|of\s+course|natürlich|natuerlich|passt|alright|fine|los|leg\s+los|berechne(?:\s+ihn)?"
    r"|compute(?:\s+it)?|rechne)\b"
)
DECLINE = re.compile(
    r"\b(?:nein|nee|n(?:ö|oe)|no|nope|lieber\s+nicht|besser\s+nicht|nicht\s+(?:jetzt|berechnen"
    r"|n(?:ö|oe)tig)|abbrechen|abbruch|cancel|stop|stopp|don'?t|do\s+not|not\s+now"
    r"|never\s*mind|vergiss\s+es|lass\s+(?:es|mal|gut\s+sein)|skip|rather\s+not|better\s+not"
    r"|kein\s+bedarf|auf\s+keinen\s+fall)\b"
)
CONTRAST = re.compile(r"\b(?:aber|but|lieber|rather|instead|stattdessen|dafür|dafuer)\b")

# --------------------------------------------------------------------------- questions

QUESTION_START = re.compile(
    r"^(?:was|wie|wer|wo|wann|warum|wieso|weshalb|welche[rsnm]?|woher|wohin|wieviele?|ist|sind"
    r"|gibt|kann|kannst|können|koennen|hat|haben|what|what's|whats|how|who|where|when|why"
    r"|which|is|are|does|do|did|can|could|would|will|should)\b"
)
ANOTHER_ONE = re.compile(
    r"^(?:(?:und|and)\s+)?(?:(?:jetzt|nun|dann|now|then|next)\b|(?:was|wie)\s+ist\s+mit\b"
    r"|(?:what|how)\s+about\b)|^(?:und|and)\b"
)
"""The start of "Und jetzt den Mond", "now M42", "what about Jupiter?", "und Jupiter?"."""
FOLLOW_UP_REQUEST = re.compile(
    r"\berz(?:ä|ae)hl(?:e|st)?\s+(?:mir\s+)?mehr\b|\bmehr\s+(?:dazu|dar(?:ü|ue)ber|davon)\b"
    r"|\btell\s+me\s+more\b|\bmore\s+about\s+(?:it|that|this|them)\b"
    r"|\b(?:explain|describe)\s+(?:it|that|this|them)\b|\berkl(?:ä|ae)re?\s+(?:mir\s+)?(?:es|das)\b"
    r"|\bwas\s+bedeutet\s+das\b|\bwhat\s+does\s+(?:that|this|it)\s+mean\b"
    r"|\bwas\s+(?:ist|sind)\s+(?:das|es|dies)(?:,?\s+(?:denn|(?:ü|ue)berhaupt|eigentlich|genau))*"
    r"(?:\s+f(?:ü|ue)r\s+ein\w*(?:\s+\w+)?)?\s*\??$"
    r"|\bwhat\s+(?:is|'s)\s+(?:it|that|this)(?:,?\s+(?:exactly|actually|again))?\s*\??$"
    r"|\bwhat\s+(?:kind|sort|type)\s+of\s+\w+\s+is\s+(?:it|that|this)\b"
    r"|\btell\s+me\s+(?:something|anything)\b.*\babout\s+(?:it|that|this|them)\b"
    r"|\berz(?:ä|ae)hl(?:e|st)?\s+(?:mir\s+)?(?:etwas|was)\b.*\b(?:dar(?:ü|ue)ber|dazu|davon)\b"
)
POINTING_BACK = {"es", "er", "ihn", "ihm", "it", "its", "they", "them", "sie", "das", "der", "dies", "dieses",
                 "that", "this"}
"""Words a question points back with: "Wie warm ist es dort?", "Wann ist das am besten zu sehen?"."""
POINTING_ARTICLE = re.compile(
    r"\b[Dd](?:as|er|ie|en)\b(?=\s*[?.!,]|\s*$|\s+(?:eigentlich|(?:ü|ue)berhaupt|denn|genau|wirklich|so|noch|mal"
    r"|ungef(?:ä|ae)hr|etwa|weg|entfernt|am|f(?:ü|ue)r|da|dort|heute|morgen|auch|jetzt|gerade)\b)")
"""German "das", "der", "die", "den" pointing back ("Was ist das überhaupt?", "Wie weit ist das weg?",
"Wie viele Ringe hat der eigentlich?", "Kann ich den heute sehen?"), told from the article by what follows: an article comes
before a noun or its adjective, a pointing word before a particle or the end."""
WHICH_SUPERLATIVE = re.compile(
    r"^(?:(?:und|and|so)\W+)?(?:welche[rsnm]?|which)(?:\s+(?:davon|one|ones|of\s+them|von\s+(?:denen|ihnen))\s+\w+"
    r"|\s+(?:ist|sind|war|waren|is|are|was|were))\b(?:\s+\w+){0,3}?\s+(?:am\s+\w+sten|\w{2,}ste[nrs]?|\w{2,}est|most\s+\w+)\b"
)
"""Which one of the things just talked about is the most something ("Welcher ist der hellste?",
"Which one is the biggest?"), with no noun of its own ("Welches Restaurant ist das beste?"
names something else): a follow-up on the last topic."""
OBSERVING_IT = re.compile(
    r"\bam\s+besten\b|\bbest\b|\bzu\s+sehen\b|\bsichtbar\b|\bvisible\b|\bbeobacht\w*"
    r"|\bobserv(?:e|ing)\b|\brichtung\b|\bdirection\b|\bwo\s+(?:am\s+himmel|finde|sehe|steht)\b"
    r"|\bfinde\s+ich\b|\bfind\s+(?:it|that|this)\b|\bwhere\s+(?:do|should|can|will)\s+i\b"
    r"|\bwhere\s+in\s+the\s+sky\b|\bhoch\s+steht\b|\bsteht\s+(?:es|das|er)\s+(?:wie\s+)?hoch\b"
    r"|\bhow\s+high\b|\bwie\s+hoch\b|\bh(?:ö|oe)he\b|\baltitude\b|\baufg(?:eh|ing)\w*|\bunterg(?:eh|ing)\w*"
    r"|\brises?\b|\bsets?\b|\bup\s+tonight\b|\bwhat\s+time\b|\buhrzeit\b|\bum\s+wie\s*viel\s+uhr\b"
    r"|\blook\s+(?:for|at)\b|\bsee\s+(?:it|that|this)\b|\bsehe\s+ich\s+(?:es|das|ihn)\b"
    r"|\bgeht\b.*\b(?:auf|unter)\s*\??$"
)
"""When, where and how high a target is seen: what a plan's entry for it says."""
PLACE_DEIXIS = {"dort", "dorthin", "there"}
PROPERTY_WORDS = re.compile(
    r"\b(?:warm|hei(?:ß|ss)|kalt|gro(?:ß|ss)|weit|entfernt|alt|schwer|hell|dunkel|schnell|klein"
    r"|dicht|tief|hoch|lang|massereich|hot|cold|big|large|huge|far|away|old|heavy|bright|dim"
    r"|fast|small|dense|massive|deep|high|long|wide|breit|entdeckt|discovered|entstanden|formed"
    r"|besteht|bestehen|made|consist\w*|benannt|named|hei(?:ß|ss)t|called|sichtbar|visible"
    r"|temperatur\w*|temperature|gr(?:ö|oe)(?:ß|ss)e|size|distance|entfernung|masse|mass|alter"
    r"|age|atmosph(?:ä|ae)re|atmosphere|oberfl(?:ä|ae)che|surface|wetter|weather"
    r"|n(?:ä|ae)her|closer|nearer|approach\w*|n(?:ä|ae)hert|bewegt|moving|rotier\w*|rotat\w*|spin\w*|dreht)\b"
)
OFF_TOPIC = re.compile(
    r"\b(?:bundesliga|fu(?:ß|ss)ball|football|soccer|sport\w*|tennis|rezept\w*|recipes?|koch\w*"
    r"|cook\w*|lasagne|pizza|pasta|aktie\w*|stocks?|b(?:ö|oe)rse|bitcoin|crypto\w*|gedicht\w*"
    r"|poems?|songs?|lied\w*|witz\w*|jokes?|politi\w*|wahl\w*|elections?|pr(?:ä|ae)sident\w*"
    r"|president\w*|filme?|movies?|serien?|netflix|hausaufgabe\w*|homework|steuer\w*|taxes"
    r"|preis|price|wetten|bets?|dating|beziehung|relationship|urlaub|vacation|hotel\w*)\b"
)
