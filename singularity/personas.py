"""Answer styles from ``personas.yaml``: adding a persona is a YAML edit, never a code change.

A persona changes only how answers are phrased. With a model, its style text is appended to the
Knowledge and Planning agents' system prompts under an explicit priority, so that rules, tool
results, numbers, sources, warnings and errors always win over style. Without a model, the
offline pilot dresses its composed answers with the persona's ``offline`` phrases (greeting and
closing lines, connecting phrases, its way of saying "I don't know", a line of character for
refusals) around words it never changes; the phrases may hold no digits, units or citation
markers, so they cannot carry a fact (D25).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from singularity.catalogue import Language
from singularity.errors import ConfigError
from singularity.yamldata import load_yaml

log = logging.getLogger(__name__)

DEFAULT_ID = "default"

STYLE_PRIORITY = (
    "Priority, highest first: system and tool rules; your agent rules; source and format "
    "rules; this persona style. Style changes wording and tone only: numbers, units, "
    "sources and citation markers, warnings, refusals and error messages stay exactly as "
    "the tools give them, and nothing is added for effect."
)


_FACT_SIGNS = re.compile(r"[0-9\[\]°%]")
"""What only facts carry (numbers, units, citation markers): never in a persona's phrases."""


class Voice(BaseModel):
    """A persona's phrases in one language, for the offline pilot (all optional)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    greeting: str = ""
    """Opens the reply to a greeting."""
    closing: str = ""
    """Ends an answer and a farewell."""
    connectors: tuple[str, ...] = ()
    """Lead into the later paragraphs of an answer, in turn."""
    unknown: str = ""
    """Opens an answer that has to say "I don't know"."""
    refusal: str = ""
    """Follows a refusal (the refusal's own sentence stays as it is)."""

    @field_validator("greeting", "closing", "unknown", "refusal", "connectors")
    @classmethod
    def _no_facts(cls, value: str | tuple[str, ...]) -> str | tuple[str, ...]:
        for phrase in (value,) if isinstance(value, str) else value:
            if _FACT_SIGNS.search(phrase):
                raise ValueError(f"holds a digit, unit or citation marker: {phrase!r}")
        return value


class Persona(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str = Field(min_length=1)
    description: str = ""
    icon: str = ""
    """An icon name for the UI (Lucide names, as Chainlit uses)."""
    style: str = ""
    offline: dict[Language, Voice] = Field(default_factory=dict)
    """The phrases the offline pilot uses, per language; none: answers as composed."""


def load_personas(path: Path) -> list[Persona]:
    """The personas of ``path`` in file order; ConfigError names the file and what is wrong."""
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"The persona file {path} does not exist.") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"The persona file {path} cannot be read: {exc}.") from exc
    except yaml.YAMLError as exc:
        raise ConfigError(f"The persona file {path} is not valid YAML: {exc}") from exc
    entries = raw.get("personas") if isinstance(raw, dict) else None
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"The persona file {path} needs a non-empty list under 'personas'.")
    personas = [_persona(path, index, entry) for index, entry in enumerate(entries, start=1)]
    ids = [p.id for p in personas]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ConfigError(f"The persona file {path} repeats the id {', '.join(duplicates)}.")
    if DEFAULT_ID not in ids:
        raise ConfigError(f"The persona file {path} has no persona with the id '{DEFAULT_ID}'.")
    return personas


def get_persona(personas: list[Persona], persona_id: str | None) -> Persona:
    """The persona with ``persona_id``; the default one for an unknown or missing id."""
    by_id = {p.id: p for p in personas}
    if persona_id in by_id:
        return by_id[persona_id]
    if persona_id is not None:
        log.debug("Unknown persona %r; using the default.", persona_id)
    return by_id[DEFAULT_ID]


def style_instructions(persona: Persona) -> str:
    """The block appended to the Knowledge and Planning prompts; empty without a style."""
    style = " ".join(persona.style.split())
    if not style:
        return ""
    return f"Answer style ({persona.name}). {STYLE_PRIORITY}\nStyle: {style}"


def _persona(path: Path, index: int, entry: object) -> Persona:
    try:
        return Persona.model_validate(entry)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "entry"
        label = entry.get("id") if isinstance(entry, dict) and entry.get("id") else f"#{index}"
        raise ConfigError(
            f"The persona file {path} has an invalid persona {label}: '{where}' {error['msg']}."
        ) from exc
