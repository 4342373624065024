"""The words a passage may use for a word of a question: a small bilingual lexicon (German
question words to the English of the passages, English synonyms and everyday words), found
under any German inflection or verb form, and an English verb's other forms. The passages are
English and questions may be German (docs/decisions.md D24, D54)."""

from __future__ import annotations

import re

WIDEN: dict[str, tuple[str, ...]] = {
    "closest": ("nearest",), "nearest": ("closest",),
    "human": ("astronaut", "astronauts", "crewed", "crew", "man", "people", "person"),
    "mensch": ("human", "humans", "astronaut", "astronauts", "crewed", "crew", "man", "people", "person"), "cycle": ("period",), "probe": ("spacecraft", "mission"),
    "piece": ("segment", "segments", "part", "parts"), "stuck": ("joined", "attached", "continuous", "continuously"),
    "torch": ("light", "lights", "flashlight", "lamp"), "stargazer": ("observer", "observers", "amateur", "amateurs"),
    "change": ("varies", "vary", "varied", "variability", "variable", "variation"),
    "andert": ("changes", "varies", "variability", "variable"), "andern": ("change", "vary", "variability", "variable"),
    "brightness": ("magnitude", "bright", "brighter", "brightest"),
    "across": ("crossing", "crosses", "crossed", "cross"),
    "solution": ("answer", "solved", "explanation", "resolution"), "lateinisch": ("latin",),
    "figure": ("calculate", "calculated", "worked", "found"),
    "zusammengestellt": ("compiled", "compiler", "assembled"), "zusammenstellte": ("compiled", "compiler", "assembled"),
    "gesturzt": ("plunged", "crashed", "dived", "fell"), "sturzte": ("plunged", "crashed", "dived", "fell"),
    "gefahren": ("drove", "driving", "driven", "travelled", "traveled"), "fuhr": ("drove", "driving"),
    "startete": ("launched", "launch"), "gestartet": ("launched", "launch"), "starten": ("launch",),
    "luftdruck": ("pressure",), "druck": ("pressure",), "kennt": ("known",), "bekannt": ("known", "popularised", "popularized"),
    "kehrt": ("returns", "return"), "zuruck": ("return", "returns"), "wiederkehr": ("return",),
    "flucht": ("escape",), "fluchtgeschwindigkeit": ("escape", "velocity"), "leitete": ("led", "directed", "headed"),
    "leiteten": ("led", "directed", "headed"), "geleitet": ("led", "directed", "headed"), "leitet": ("leads", "directs", "heads"),
    # what a quantity word asks for
    "warm": ("temperature", "hot", "cold", "degrees", "heat"), "kalt": ("temperature", "cold", "degrees"),
    "heiss": ("temperature", "hot", "hottest", "degrees", "heat"), "hot": ("temperature", "degrees", "hottest", "heat"),
    "umdrehung": ("rotation", "rotates", "rotate", "spins", "turns"), "uberquert": ("crossed", "crossing"),
    "uberquerte": ("crossed", "crossing"),
    "veroffentlicht": ("published", "publication"), "veroffentlichte": ("published", "publication"),
    "cold": ("temperature", "degrees", "coldest"), "temperatur": ("temperature", "degrees"),
    "gross": ("diameter", "size", "large", "largest", "big", "radius", "across", "wide"), "big": ("diameter", "size", "radius"),
    "large": ("diameter", "size", "radius"), "grosse": ("diameter", "size", "radius", "across"),
    "weit": ("distance", "light", "years", "away", "far", "km"), "entfernt": ("distance", "light", "away"),
    "entfernung": ("distance", "light", "away"), "far": ("distance", "light", "away"),
    "helligkeit": ("magnitude", "brightness"), "bright": ("magnitude", "brightness"),
    "alt": ("age", "old", "billion", "years"), "alter": ("age", "old", "billion"), "old": ("age", "billion", "years"),
    "schwer": ("mass", "heavy"), "masse": ("mass",), "wann": ("best", "season", "month", "evening"),
    "when": ("best", "season", "month"), "warum": ("because", "why", "reason"), "why": ("because", "reason"),
    "funktioniert": ("works", "work", "uses"), "form": ("formation", "formed", "forms"),
    # what the question word means in the passages' English, for German and English questions
    "kugelsternhaufen": ("globular",), "riesen": ("giant", "giants"),
    "rote": ("red",), "roten": ("red",), "entkommen": ("escape", "escapes"),
    "entweichen": ("escape", "escapes"), "called": ("name", "named", "term", "called"),
    # common words of German questions
    "klasse": ("class",), "klassen": ("classes", "class"), "skala": ("scale",), "beste": ("best",),
    "besten": ("best",), "bester": ("best",), "welle": ("wave",), "wellen": ("waves", "wave"),
    "voraus": ("predicted", "prediction"), "sagte": ("said", "predicted"), "lichtjahre": ("light", "years"),
    "lichtjahren": ("light", "years"), "groesste": ("largest", "biggest"), "grosste": ("largest", "biggest"),
    "grossten": ("largest", "biggest"), "kleinste": ("smallest",), "hellste": ("brightest",),
    "hellsten": ("brightest",), "nachste": ("nearest", "closest", "next"), "nachsten": ("nearest", "closest", "next"),
    "letzte": ("last",), "letzten": ("last",), "neue": ("new",), "alte": ("old",),
    "oberflachentemperatur": ("surface", "temperature"), "hulle": ("envelope", "shell"),
    "gestein": ("rock", "rocky"), "metall": ("metal",), "eisen": ("iron",), "staubig": ("dusty", "dust"),
    "vulkan": ("volcano",), "vulkane": ("volcanoes",), "berg": ("mountain",), "berge": ("mountains",),
    "tal": ("valley",), "fluss": ("river",), "meer": ("sea", "ocean"), "schatten": ("shadow",),
    "strahlung": ("radiation",), "dichte": ("density",),
    "umlaufzeit": ("orbit", "period"), "tageslange": ("day", "rotation"), "achse": ("axis",),
    "neigung": ("tilt", "inclination"), "geneigt": ("tilted", "tilt", "inclined"), "zyklus": ("cycle",),
    "braun": ("brown",), "starksten": ("peak", "peaks", "peaking", "strongest", "maximum"),
    "hohepunkt": ("peak", "peaks", "peaking", "maximum"), "gleichung": ("equation",),
    "aufgestellt": ("written", "proposed", "formulated", "devised"), "back": ("return", "returns", "returned", "delivered", "brought"),
    "coming": ("return", "returns", "next"),
    # American spellings of the passages' British words
    "center": ("centre",), "moon": ("lunar",), "centers": ("centres",), "color": ("colour",), "colors": ("colours",),
    "meter": ("metre",), "meters": ("metres",), "gray": ("grey",), "analyze": ("analyse",), "pol": ("pole",), "pole": ("poles",), "aquator": ("equator",),
    "wandert": ("moves", "drifts"), "verschwindet": ("disappears", "vanishes"), "sieht": ("looks", "see", "seen"),
    "aussehen": ("look", "looks", "appear", "appears", "appearance", "colour", "color"), "farbig": ("colour", "color"), "largest": ("biggest", "tallest", "greatest", "highest"),
    "biggest": ("largest", "tallest", "greatest"), "tallest": ("highest", "largest"), "highest": ("tallest",), "wieder": ("again", "returns", "return"),
    "kommt": ("comes", "returns"), "deep": ("deep", "depth", "depths"), "tief": ("deep", "depth"),
    "high": ("high", "height", "tall", "rise", "rises", "altitude"), "height": ("high", "tall", "rise", "rises", "altitude"),
    "altitude": ("high", "height"), "hohe": ("high", "height", "tall", "rise", "rises", "altitude"), "depth": ("deep", "depths"), "hoch": ("high", "height", "tall", "rise", "rises", "altitude"),
    "tall": ("tall", "high", "height"), "thick": ("thick", "thickness"), "dick": ("thick", "thickness"),
    "thin": ("thick", "thickness", "thin"), "dunn": ("thick", "thickness", "thin"), "zweit": ("second",), "dritt": ("third",), "kugel": ("globular", "spherical", "sphere"),
    "gebaut": ("built", "made", "constructed"), "baute": ("built", "made"), "built": ("made", "constructed"),
    "benannt": ("named", "name", "called"), "heisst": ("named", "name", "called"), "name": ("named", "called"),
    "namen": ("name", "named", "called"), "bekam": ("got", "received", "given"),
    "erhielt": ("received", "got", "given"), "bekommen": ("got", "received", "given"),
    "named": ("name", "called"),
    "launched": ("launch",), "gelandet": ("landed", "landing"), "landete": ("landed", "landing"),
    "landed": ("landing",), "erster": ("first",), "erste": ("first",), "ersten": ("first",), "zuerst": ("first",),
    "beobachtet": ("observed", "saw", "seen"), "sah": ("saw", "seen", "observed", "spotted", "discovered"),
    "gesehen": ("seen", "saw", "observed", "spotted", "discovered"), "saw": ("seen", "observed", "spotted", "discovered"),
    "fotografiert": ("photographed", "imaged"), "gemessen": ("measured",), "berechnet": ("calculated", "predicted"),
    "vorhergesagt": ("predicted", "prediction"), "besucht": ("visited", "flyby", "flew"),
    "sehen": ("see", "visible", "seen", "observe", "naked", "look", "looks"), "sichtbar": ("visible", "see", "naked"),
    "beobachten": ("observe", "observing", "see"), "see": ("visible", "seen", "observe"),
    "stern": ("star",), "sterne": ("stars",), "sternen": ("stars",), "galaxie": ("galaxy",), "galaxien": ("galaxies",),
    "schwarzes": ("black",), "schwarze": ("black",), "loch": ("hole",), "locher": ("holes",), "licht": ("light",),
    "sonne": ("sun", "solar"), "erde": ("earth",), "mond": ("moon", "lunar"), "monde": ("moons", "moon", "satellites"),
    "ring": ("ring", "rings"), "ringe": ("rings", "ring"), "krater": ("crater", "craters"),
    "oberflache": ("surface",), "atmosphare": ("atmosphere", "air"), "luft": ("air", "atmosphere"),
    "kern": ("core", "nucleus"), "schweif": ("tail",), "himmel": ("sky", "celestial"), "nacht": ("night",), "nachts": ("night",),
    "dunkel": ("dark", "darkness"), "dunkelheit": ("dark", "darkness"), "auge": ("eye", "eyes", "pupil", "retina", "vision"),
    "gewohnt": ("adapt", "adapted", "adaptation"), "gewohnen": ("adapt", "adaptation"), "anpassen": ("adapt", "adaptation"), "hell": ("magnitude", "bright", "brightness"), "farbe": ("colour", "color"), "rot": ("red",),
    "blau": ("blue",), "tag": ("day", "rotation", "rotates", "spins"), "jahr": ("year",), "umlauf": ("orbit",), "bahn": ("orbit", "path"),
    "umlaufbahn": ("orbit",), "planet": ("planet",), "planeten": ("planets", "planet"), "zwergplanet": ("dwarf", "planet"),
    "komet": ("comet",), "kometen": ("comets", "comet"), "teleskop": ("telescope",), "teleskope": ("telescopes",),
    "fernrohr": ("telescope",), "spiegel": ("mirror",), "linse": ("lens", "lenses", "element", "elements"), "okular": ("eyepiece",),
    "vergrosserung": ("magnification",), "fernglas": ("binoculars",), "sternbild": ("constellation",),
    "sternbilder": ("constellations",), "nebel": ("nebula",), "sternhaufen": ("cluster",), "haufen": ("cluster",),
    "milchstrasse": ("milky", "way", "galaxy"), "sonnensystem": ("solar", "system"), "weltall": ("universe", "space"),
    "universum": ("universe",), "all": ("universe", "space"), "leben": ("life", "live", "lives", "living"), "wasser": ("water",),
    "eis": ("ice",), "gas": ("gas",), "staub": ("dust",), "wolke": ("cloud",), "wolken": ("clouds",),
    "sturm": ("storm",), "sturme": ("storms",), "wind": ("wind", "winds"), "winde": ("winds",),
    "explosion": ("explosion", "explodes"), "explodiert": ("explodes", "explosion"), "stirbt": ("dies", "death", "end"),
    "ende": ("end",), "entstehung": ("formation", "formed", "form"), "entsteht": ("forms", "formation", "formed", "happens", "arises", "caused"),
    "entstehen": ("form", "formation", "formed", "happen", "arise", "caused"), "entstanden": ("formed", "formation"),
    "entstand": ("formed", "formation", "form"),
    "gestaltet": ("designed", "design", "created", "made"), "entworfen": ("designed", "design", "made"),
    "designed": ("design", "created", "made"), "gegrundet": ("founded", "established"), "founded": ("established",),
    "eroffnet": ("opened", "opening"), "opened": ("opening",), "gekostet": ("cost", "costs", "price", "dollars"),
    "kostet": ("cost", "costs", "price"), "kosten": ("cost", "costs", "price"), "cost": ("costs", "price", "dollars"),
    "gestorben": ("died", "death"), "starb": ("died", "death"), "die": ("died", "death"), "geboren": ("born",),
    "nannte": ("named", "called"), "getauft": ("named", "called"), "vorbeigeflogen": ("flyby", "flew", "passed", "past"),
    "vorbeiflug": ("flyby", "flew", "passed"), "gesendet": ("transmitted", "transmitting", "sent", "signals"),
    "sendete": ("transmitted", "transmitting", "sent", "signals"), "funkte": ("transmitted", "transmitting", "radioed"), "flog": ("flew", "flyby", "passed"), "fly": ("flyby", "flew", "passed"),
    "kartiert": ("mapped", "catalogued", "charted"), "kartierte": ("mapped", "catalogued", "charted"),
    "beschrieben": ("described", "description"), "erklart": ("explained", "explanation"), "bestimmt": ("determined", "measured"),
    "untersucht": ("studied", "explored", "examined"), "erforscht": ("explored", "studied"), "umkreist": ("orbits", "orbit"),
    "umkreisen": ("orbit", "orbits"), "kreist": ("orbits", "orbit", "circles"), "kreisen": ("orbit", "orbits", "circle"),
    "umrundet": ("orbited", "circled", "orbits", "orbit"), "nahert": ("approaches", "approaching", "closer"),
    "nahern": ("approach", "approaching", "closer"), "umrunden": ("orbit", "circle", "orbited", "circled"), "funkeln": ("twinkle", "twinkling", "scintillation"), "wiegt": ("weighs", "mass"),
    "arbeiten": ("work", "staff", "employ"), "geschliffen": ("ground", "grinding", "polished"),
    "gezeigt": ("showed", "shown"), "runde": ("orbit", "around"),
    "spiral": ("spiral",), "arme": ("arms",), "schallplatte": ("record",), "ozean": ("ocean",), "krebs": ("crab",),
    "doktorvater": ("supervisor", "doctoral", "advisor"), "direktor": ("director",), "sternwarte": ("observatory",),
    "observatorium": ("observatory",), "radio": ("radio",), "spektrallinien": ("spectral", "lines"), "element": ("element",),
    "figured": ("showed", "found", "discovered", "calculated", "realised", "realized", "worked"),
    "worked": ("showed", "calculated", "derived", "computed", "determined", "found"),
    "start": ("begins", "begin", "starts", "started"), "begin": ("starts", "start", "begins"),
    "beginnt": ("begins", "starts", "begin"), "leave": ("left", "crossed", "exited"), "left": ("crossed", "exited"),
    "verlassen": ("left", "leave", "crossed"), "verliess": ("left", "crossed"),
    "durchquert": ("crossed", "crossing"), "durchquerte": ("crossed", "crossing"),
    "day": ("days", "rotation", "rotates", "spins"), "objekte": ("objects", "entries"), "objects": ("entries",),
    "popular": ("popularised", "popularized"), "existed": ("discovered", "found", "detected", "existence"),
    "exists": ("discovered", "found", "detected", "existence"), "exist": ("discovered", "found", "detected", "existence"), "touch": ("landed", "landing", "touched"), "touched": ("landed", "landing"),
    "crash": ("crash", "collide", "collision", "merge", "merger"), "collide": ("collide", "collision", "merge", "merger", "crashed", "crash", "plunge", "plunged"),
    "gebracht": ("brought", "delivered", "returned"), "mitgebracht": ("brought",), "zuruckgebracht": ("brought",),
    "eingefugt": ("added", "inserted"), "hinzugefugt": ("added",), "deutschland": ("germany", "german"), "schweiz": ("switzerland", "swiss"),
    "osterreich": ("austria", "austrian"), "leuchtet": ("shines", "glows"), "leuchten": ("shine", "glow"), "dreht": ("rotates", "rotation", "spins"),
    "rotation": ("rotates", "spins"), "schwerkraft": ("gravity",),
    "gravitation": ("gravity",), "finsternis": ("eclipse",),
    "polarlicht": ("aurora",), "polarlichter": ("aurorae", "aurora"),
    "nordlicht": ("aurora", "northern"), "nordlichter": ("aurora", "northern"), "sternschnuppe": ("meteor",),
    "sternschnuppen": ("meteors", "meteor"), "jahreszeiten": ("seasons",), "gezeiten": ("tides",),
    "grenze": ("limit",), "hochstens": ("maximum", "most", "limit", "more"), "maximal": ("maximum", "most", "limit"),
    "maximum": ("most", "limit", "largest", "peak", "peaks", "peaking"), "mindestens": ("minimum", "least"), "minimum": ("least", "smallest"), "mission": ("mission",), "raumsonde": ("spacecraft", "probe"), "sonde": ("probe", "spacecraft"),
    "weisser": ("white",), "weisse": ("white",), "zwerg": ("dwarf",), "riese": ("giant",), "roter": ("red",),
    "hintergrundstrahlung": ("background", "radiation"), "urknall": ("big", "bang"), "dunkle": ("dark",),
    "materie": ("matter",), "energie": ("energy",), "spektrum": ("spectrum",), "linien": ("lines",),
    "zusammensetzung": ("composition", "made"), "bestehen": ("made", "composed"), "besteht": ("made", "composed"),
    "grun": ("green",), "gelb": ("yellow",), "gelblich": ("yellowish", "yellow"), "rotlich": ("reddish", "red"),
    "blaulich": ("bluish", "blue"), "blaugrun": ("cyan", "blue-green", "greenish"), "weiss": ("white",),
    "warme": ("heat", "warmth"), "bekommt": ("receives", "gets", "receive"), "erhalt": ("receives", "receive"),
    "ankommen": ("arrive", "arrives", "arrival", "reach", "reaches"),
    "pick": ("detected", "recorded", "received", "caught", "chosen", "selected"),
    "erreichen": ("reach", "reached", "reaches", "arrive", "arrived", "arrival"),
    "ankunft": ("arrival", "arrive", "arrives"),
    "polkappe": ("polar", "cap", "caps"), "polkappen": ("polar", "caps"), "reflexion": ("reflection", "reflected"),
    # separable verbs, joined with their particle by _separable ("sieht … aus" → "aussieht")
    "aussieht": ("look", "looks", "appear", "appears", "appearance", "colour", "color"),
    "ausbricht": ("erupts", "erupt", "eruption", "eruptions", "outburst"), "ausbrechen": ("erupt", "erupts", "eruption", "outburst"),
    "abgibt": ("emits", "emit", "radiates", "radiate", "releases"), "abgeben": ("emit", "emits", "radiate", "radiates", "release"),
    "aufgeht": ("rises", "rise", "rising"), "aufgehen": ("rise", "rises", "rising"),
    "untergeht": ("sets", "set", "setting"), "untergehen": ("set", "sets", "setting"),
    # everyday English for the passages' words, as the German widening above
    "emit": ("emits", "emitted", "radiates", "radiate", "radiation", "emission", "glows", "shines", "releases"),
    "radiate": ("radiates", "emits", "emit", "emission", "glows", "shines"),
    "receive": ("receives", "receiving", "received", "gets"),
    "smash": ("collide", "collision", "merge", "merger", "crash"), "bump": ("collide", "collision", "merge", "merger"),
    "hit": ("strike", "strikes", "struck", "enter", "enters", "impact", "impacts", "plunge", "plunges", "collide"),
    "middle": ("core", "centre", "center", "central", "heart"),
    "stuff": ("matter", "material"), "spoonful": ("teaspoon", "spoon"),
    "drift": ("receding", "recedes", "recession", "away", "moving", "moves", "drifts"),
    "approach": ("approaching", "approaches", "heading", "towards", "closer"),
    "heading": ("approaching", "approach", "moving", "towards"),
    "orbit": ("orbits", "orbited", "circles", "circled", "revolves"), "circle": ("orbit", "orbits", "orbited", "circles", "circled"),
    "invented": ("published", "introduced", "proposed"), "invent": ("published", "introduced", "proposed"),
    "herausgefunden": ("showed",), "rausgefunden": ("showed",),
    "spot": ("saw", "observed"), "spotted": ("saw", "observed"), "notice": ("saw",), "noticed": ("saw",),
    "chilliest": ("coldest",), "chilly": ("cold",), "crew": ("astronauts", "crews"), "crews": ("astronauts", "crew"),
    "nickname": ("known", "called", "named", "name"), "nicknamed": ("known", "called", "named"),
    "look": ("looks", "appear", "appears", "appearance", "apparent", "colour", "color", "seen"),
    "eye": ("eyes", "pupil", "retina", "vision"),
    "moving": ("moves", "move", "moved", "motion", "receding", "recedes", "drifting", "travelling", "traveling"),
    "travel": ("travels", "travelled", "traveled", "trip", "journey", "reach", "reaching", "flight"),
    "fix": ("fixed", "repair", "repaired", "correct", "corrected", "corrective", "correction", "restore", "restored",
            "restoring"),
    "eyesight": ("vision", "sight", "optics"), "blurry": ("blurred", "blur", "flaw", "flawed"), "sgr": ("sagittarius",),
    "gruppe": ("group",), "lokale": ("local",), "schnitt": ("average", "mean"), "durchschnitt": ("average", "mean"),
    "drehung": ("rotation", "rotates", "rotate", "spin", "spins", "turn"), "daytime": ("day", "days", "daytime"),
    "huge": ("huge", "largest", "biggest", "prominent", "giant"), "average": ("average", "mean", "typical"),
    "spin": ("spins", "spinning", "spun", "rotates", "rotate", "rotation", "turns"), "little": ("little", "small", "tiny"),
    "message": ("message", "messages", "signal", "signals"), "passt": ("fit", "fits", "fitting"),
    "looking": ("search", "searching", "searched", "hunt", "hunting", "observing", "watching"),
    "heaviest": ("heaviest", "massive", "mass"), "leftover": ("remnant", "relic", "left", "leftover"),
    "glow": ("glow", "glows", "radiation", "light"),
    "fliegt": ("flies", "fly", "flew", "flown", "moves", "moving", "travels", "orbits"),
    "bring": ("brought", "delivered"), "verhaltnis": ("ratio",), "grossenklasse": ("magnitude", "magnitudes"),
    "festgelegt": ("defined", "defining", "set", "fixed", "established"), "bogensekunde": ("arcsecond", "arcseconds"),
    "katalogisiert": ("catalogued", "cataloged", "listed"), "sturzen": ("plunge", "plunged", "crash", "crashed", "dive", "fall"),
    "absichtlich": ("deliberately", "deliberate", "intentionally", "controlled"),
    "deliberately": ("deliberate", "intentionally", "controlled"), "good": ("favourable", "favorable"),
    "gunstig": ("favourable", "favorable", "good", "best"), "ebene": ("plain", "plains"), "herz": ("heart",),
    "rumgelaufen": ("walked", "walk"),
    "herumgelaufen": ("walked", "walk"),
    "heissen": ("named", "name", "called", "term", "temperature", "hot", "hottest", "degrees", "heat"),
    "lebt": ("live", "lives", "living"),
    "menschheit": ("humanity", "people", "mankind", "humans"), "kunstlicht": ("artificial", "lighting", "polluted"),
    "brillentrager": ("glasses", "spectacles", "eyeglasses"), "plattform": ("platform",),
    "hinweis": ("clue", "clues", "evidence", "hint", "hints", "sign", "signs"),
    "empfangen": ("received", "recorded", "detected", "picked"), "kreis": ("circle", "circles", "ring", "rings"),
    "erdumrundung": ("orbit", "orbits", "circles", "circling"),
    "gefallen": ("fell", "fall", "falls", "fallen", "landed"), "fiel": ("fell", "landed"),
    # pictures and taking them ("Wann wurde das erste Foto eines Exoplaneten aufgenommen?")
    "foto": ("photo", "photograph", "image", "picture", "imaged", "photographed"),
    "bild": ("image", "picture", "photo", "photograph", "imaged", "photographed"),
    "aufnahme": ("image", "picture", "photo", "photograph", "exposure"),
    "aufgenommen": ("taken", "imaged", "photographed", "recorded", "captured"),
    "photo": ("photograph", "image", "picture", "imaged", "photographed"),
    "picture": ("image", "photo", "photograph", "imaged", "photographed"),
    # the elements and compounds stars and atmospheres are made of
    "wasserstoff": ("hydrogen",), "sauerstoff": ("oxygen",), "stickstoff": ("nitrogen",), "kohlenstoff": ("carbon",),
    "kohlendioxid": ("carbon", "dioxide"), "kohlenmonoxid": ("carbon", "monoxide"), "methan": ("methane",),
    "ammoniak": ("ammonia",), "schwefel": ("sulfur", "sulphur"), "natrium": ("sodium",), "silizium": ("silicon",),
    "kalzium": ("calcium",), "fusion": ("fusion", "fuse", "fuses", "fusing"),
}
"""Question words widened to the words a passage uses for them (German → English, and English
synonyms such as "found" for "discovered")."""


_CONCEPTS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    # somebody came to know a thing ("Who noticed …", "Wer hat herausgefunden, dass …")
    (("discovered", "discover", "discovery", "discoverer", "found", "find", "noticed", "notice", "spotted", "spot",
      "detected", "detect", "identified", "identify", "realised", "realized", "recognised", "recognized",
      "entdeckt", "entdeckte", "entdecken", "entdeckung", "entdecker", "gefunden", "fand", "herausgefunden",
      "rausgefunden", "herausfand", "bemerkt", "bemerkte", "erkannt", "erkannte", "festgestellt", "nachgewiesen"),
     ("discovered", "discovery", "discoverer", "found", "noticed", "spotted", "detected", "identified", "located",
      "realised", "realized")),
    # a thing changes its place ("bewegen sich aufeinander zu", "wandert über den Himmel")
    (("move", "moves", "moving", "moved", "motion", "bewegen", "bewegt", "bewegung", "wandert", "wandern"),
     ("moves", "move", "moved", "moving", "motion", "travels", "travelling", "traveling", "drifting", "drifts",
      "approaching", "approaches", "receding", "recedes", "crossing", "heading")),
    # it comes nearer ("closing in on each other")
    (("approach", "approaching", "closing", "nahern", "nahert"),
     ("approaching", "approaches", "heading", "towards", "closer")),
    # a craft's end ("when did they turn off the Kepler space telescope", read as "retired"; "abgeschaltet")
    (("retired", "abschalten", "abgeschaltet", "ausgeschaltet", "stillgelegt"),
     ("retired", "switched", "shut", "deactivated", "decommissioned")),
    # somebody made a thing or an idea first ("Who coined …", "Wer gilt als Erfinder …")
    (("invented", "invent", "inventor", "invention", "coined", "coin", "devised", "devise", "erfunden", "erfand",
      "erfinder", "erfindung", "gepragt", "pragte", "ausgedacht"),
     ("invented", "invention", "inventor", "built", "made", "devised", "created", "developed", "coined")),
)
"""Words of one meaning: any question word of a group may be said by any passage word of it
(kept beside the single widenings of :data:`WIDEN`, which they extend)."""



def _with_concepts(widening: dict[str, tuple[str, ...]],
                   concepts: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]) -> dict[str, tuple[str, ...]]:
    """``widening`` with each question word of a concept also widened to the concept's passage words."""
    merged = dict(widening)
    for asked, said in concepts:
        for word in asked:
            merged[word] = tuple(dict.fromkeys((*merged.get(word, ()), *(other for other in said if other != word))))
    return merged


WIDEN = _with_concepts(WIDEN, _CONCEPTS)


_ENDINGS = ("en", "er", "es", "em", "e", "n", "s")
"""German inflection endings: "schwarzen", "großen", "Planeten" are found as "schwarze", "groß", "Planet"."""
_ENGLISH_ENDINGS = ("ing", "ed", "es", "s")
"""English verb endings: "drifting", "smashed", "hits" are found as "drift", "smash", "hit"."""


def widen(word: str) -> tuple[str, ...]:
    """The words a passage may use for ``word`` (:data:`WIDEN`), also for an inflected German form."""
    if word in WIDEN:
        return WIDEN[word]
    german = next((WIDEN[word[:-len(end)]] for end in _ENDINGS
                   if word.endswith(end) and len(word) - len(end) >= 4 and word[:-len(end)] in WIDEN), ())
    if german:
        return german
    roots = [root for end in _ENGLISH_ENDINGS if word.endswith(end) and len(word) - len(end) >= 3
             for root in (word[:-len(end)], f"{word[:-len(end)]}e")]
    return next((WIDEN[root] for root in roots if root in WIDEN), ())


_VERB_ENDINGS = ("en", "et", "ete", "eten", "t", "te", "ten", "st", "e")
"""German verb endings: "bewegen", "bewegte", "bewegst" are one verb, found under any of its forms."""
_VERB_ENTRIES = ("en", "t", "et")
"""The forms of a verb the lexicon lists: infinitive and present ("Dichte" is a noun, not "dicht")."""


def widen_verb(word: str) -> tuple[str, ...]:
    """What :func:`widen` gives for another form of the German verb ``word`` may be ("bewegen" →
    "bewegt", …; the participle "gedreht" → "dreht"): the lexicon lists a verb under the form
    questions used first. Only for a word written in lower case: "Fliegen" are flies."""
    roots = [word[:-len(end)] for end in _VERB_ENDINGS if word.endswith(end) and len(word) - len(end) >= 3]
    if word.startswith("ge") and word.endswith("t") and len(word) >= 7:
        roots.append(word[2:-1])
    forms = (f"{root}{end}" for root in roots for end in _VERB_ENTRIES if f"{root}{end}" != word)
    return next((WIDEN[form] for form in forms if form in WIDEN), ())


def inflected(word: str) -> tuple[str, ...]:
    """An English verb's other forms ("did … pass" is answered by "passed", "bring" by "brought";
    "drifting" by "drifts")."""
    for ending in ("ing", "ed"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            root = word[:-len(ending)]
            if ending == "ed" and _CONSONANT_I.search(root):  # "studied": study, studies, studying
                return (root, f"{root[:-1]}y", f"{root}es", f"{root}ed", f"{root[:-1]}ying")
            single = root[:-1] if _DOUBLED.search(root) else root  # "spinning", "stopped": spin, stop
            return (root, single, f"{single}e", f"{single}s", f"{single}es", f"{root}ed", f"{root}ing")
    if _CONSONANT_Y.search(word):  # "vary" → "varies", "varied"
        return (f"{word[:-1]}ied", f"{word[:-1]}ies", f"{word}ing", *_IRREGULAR.get(word, ()))
    base = word.removesuffix("e")
    doubled = f"{word}{word[-1]}" if _SHORT_VERB.fullmatch(word) else base  # "spin" → "spinning", "stop" → "stopped"
    return (f"{doubled}ed", f"{word}s", f"{word}es", f"{doubled}ing", *_IRREGULAR.get(word, ()))


_CONSONANT_Y = re.compile(r"[^aeiou]y$")
"""A verb in consonant and y changes it to i before -es and -ed ("vary", "varies", "varied")."""
_CONSONANT_I = re.compile(r"[^aeiou]i$")


_SHORT_VERB = re.compile(r"[^aeiou]*[aeiou][bdgklmnprt]")
"""A verb of one syllable ending in one vowel and one consonant doubles it before -ed and -ing."""
_DOUBLED = re.compile(r"([bdgklmnprt])\1$")


_IRREGULAR = {"bring": ("brought",), "leave": ("left",), "take": ("took", "taken"), "fly": ("flew", "flown", "flies"),
              "build": ("built",), "see": ("saw", "seen"), "get": ("got",), "give": ("gave", "given"),
              "begin": ("began", "begun"), "come": ("came",), "go": ("went", "gone"), "know": ("knew", "known"),
              "make": ("made",), "hold": ("held",), "lose": ("lost",), "send": ("sent",), "spend": ("spent",),
              "fall": ("fell", "fallen"), "grow": ("grew", "grown"), "throw": ("threw", "thrown"), "write": ("wrote", "written"),
              "draw": ("drew", "drawn"), "rise": ("rose", "risen"), "shine": ("shone",), "run": ("ran",), "win": ("won",),
              "spin": ("spun",), "drive": ("drove", "driven"), "find": ("found",), "catch": ("caught",),
              "teach": ("taught",), "think": ("thought",), "tell": ("told",), "stand": ("stood",), "lead": ("led",),
              "meet": ("met",), "sink": ("sank", "sunk"), "swing": ("swung",), "choose": ("chose", "chosen"),
              "break": ("broke", "broken"), "blow": ("blew", "blown"), "keep": ("kept",), "shoot": ("shot",),
              "strike": ("struck",), "freeze": ("froze", "frozen"), "ride": ("rode", "ridden"), "feel": ("felt",)}
"""Past forms of the irregular verbs that questions about events use."""
