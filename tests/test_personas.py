from __future__ import annotations

from pathlib import Path

import pytest

from singularity.config import PROJECT_ROOT, Settings
from singularity.errors import ConfigError
from singularity.llm.pilot.voice import Kind, dress
from singularity.personas import (
    DEFAULT_ID,
    Persona,
    Voice,
    get_persona,
    load_personas,
    style_instructions,
)

REPO_PERSONAS = Settings().resolve(Settings().personas_file)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "personas.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_repository_personas_load() -> None:
    assert REPO_PERSONAS == PROJECT_ROOT / "personas.yaml"
    personas = load_personas(REPO_PERSONAS)

    assert [p.id for p in personas] == ["default", "sagan", "marvin", "data", "lovecraft"]
    assert all(p.name and p.description and p.icon for p in personas)
    assert all(p.style for p in personas if p.id != DEFAULT_ID)


def test_default_persona_adds_nothing() -> None:
    personas = load_personas(REPO_PERSONAS)
    assert style_instructions(get_persona(personas, "default")) == ""


def test_style_block_states_the_priority_before_the_style() -> None:
    marvin = get_persona(load_personas(REPO_PERSONAS), "marvin")
    block = style_instructions(marvin)

    priority = block.index("system and tool rules")
    assert priority < block.index("your agent rules") < block.index("source and format rules")
    assert block.index("source and format rules") < block.index("this persona style")
    for kept in ("numbers", "sources", "warnings", "error messages"):
        assert kept in block
    assert block.index("Style: Answer like Marvin, the Paranoid Android") > priority
    assert "\n\n" not in block and "  " not in block  # folded YAML is joined into one line


def test_unknown_or_missing_id_falls_back_to_default() -> None:
    personas = load_personas(REPO_PERSONAS)
    assert get_persona(personas, "hal9000").id == DEFAULT_ID
    assert get_persona(personas, None).id == DEFAULT_ID
    assert get_persona(personas, "sagan").name == "Carl Sagan"


def test_new_persona_needs_no_code_change(tmp_path: Path) -> None:
    path = _write(tmp_path, """
personas:
  - {id: default, name: Plain, style: ""}
  - id: pirate
    name: Captain
    description: Salty.
    icon: anchor
    style: Talk like a pirate.
""")
    pirate = get_persona(load_personas(path), "pirate")

    assert pirate == Persona(id="pirate", name="Captain", description="Salty.", icon="anchor",
                             style="Talk like a pirate.")
    assert style_instructions(pirate).endswith("Style: Talk like a pirate.")


@pytest.mark.parametrize(("text", "message"), [
    ("personas: [\n", "not valid YAML"),
    ("- {id: default, name: A}\n", "non-empty list under 'personas'"),
    ("personas: []\n", "non-empty list under 'personas'"),
    ("personas:\n  - {id: sagan, name: Carl}\n", "no persona with the id 'default'"),
    ("personas:\n  - {id: default, name: A}\n  - {id: default, name: B}\n", "repeats the id default"),
    ("personas:\n  - {id: default, name: A}\n  - {id: x, name: ''}\n", "persona x: 'name'"),
    ("personas:\n  - {id: default, name: A, colour: red}\n", "persona default: 'colour'"),
    ("personas:\n  - {id: Bad Id, name: A}\n", "persona Bad Id: 'id'"),
    ("personas:\n  - just a string\n", "persona #1"),
])
def test_invalid_files_give_clear_errors(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError, match=message) as error:
        load_personas(path)
    assert str(path) in str(error.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_personas(tmp_path / "nope.yaml")


def test_every_persona_but_the_default_speaks_offline_in_both_languages() -> None:
    for persona in load_personas(REPO_PERSONAS):
        if persona.id == DEFAULT_ID:
            assert persona.offline == {}
            continue
        assert set(persona.offline) == {"de", "en"}, persona.id
        for voice in persona.offline.values():
            assert voice.greeting and voice.closing and voice.unknown and voice.refusal
            assert len(voice.connectors) >= 2


@pytest.mark.parametrize("phrase", ["Seit 4 Milliarden Jahren.", "Wie in [1] steht.",
                                    "Es sind 20° über dem Horizont."])
def test_an_offline_phrase_cannot_carry_a_fact(tmp_path: Path, phrase: str) -> None:
    path = _write(tmp_path, f"""
personas:
  - {{id: default, name: Plain}}
  - id: teller
    name: Teller
    offline:
      de: {{closing: "{phrase}"}}
""")
    with pytest.raises(ConfigError, match="persona teller: 'offline.de.closing'"):
        load_personas(path)


VOICE = Voice(greeting="Oh. Hallo.", closing="Nicht dass es etwas ändert.",
              connectors=("Und –", "Außerdem –"), unknown="Ich weiß es nicht.",
              refusal="Nicht dass ich gewollt hätte.")
PLAN = "Dein Plan:\n\n1. **M31** – 84° hoch\n\nMond: Neumond.\n\nWetter: gut."


@pytest.mark.parametrize(("kind", "text", "dressed"), [
    ("answer", PLAN, ("Dein Plan:\n\n1. **M31** – 84° hoch\n\nUnd – Mond: Neumond.\n\n"
                      "Außerdem – Wetter: gut.\n\nNicht dass es etwas ändert.")),
    ("greeting", "Hallo! Frag mich.", "Oh. Hallo.\n\nHallo! Frag mich."),
    ("farewell", "Gern geschehen!", "Gern geschehen!\n\nNicht dass es etwas ändert."),
    ("refusal", "Dabei kann ich nicht helfen.", "Dabei kann ich nicht helfen. Nicht dass ich gewollt hätte."),
    ("unknown", "Dazu steht nichts in der Wissensbasis.",
     "Ich weiß es nicht.\n\nDazu steht nichts in der Wissensbasis.\n\nNicht dass es etwas ändert."),
    ("question", "Wo möchtest du beobachten?", "Wo möchtest du beobachten?"),
    ("relay", "Der Ort ist mehrdeutig.", "Der Ort ist mehrdeutig."),
])
def test_a_voice_goes_around_the_composed_words(kind: Kind, text: str, dressed: str) -> None:
    assert dress(text, kind, VOICE) == dressed
    assert dress(text, kind, None) == text
