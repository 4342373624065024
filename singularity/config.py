"""Typed settings: ``config.yaml`` for behaviour, ``.env`` for secrets, environment overrides.

Precedence (highest first): ``SINGULARITY__SECTION__KEY`` environment variables, the YAML file
(``SINGULARITY_CONFIG`` or ``./config.yaml``), the defaults below. Secrets are read only from
the environment (``.env`` is loaded into it without overriding what is already set).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import yaml
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

from singularity.errors import ConfigError
from singularity.units import UnitSystem
from singularity.yamldata import load_yaml

PROJECT_ROOT = Path(__file__).resolve().parent.parent
ENV_PREFIX = "SINGULARITY__"


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PathsSettings(_Section):
    data_dir: Path = Path(".singularity")
    """Caches, profile memory, screenshots. Relative paths are relative to the project root."""


class GeocodingSettings(_Section):
    online: bool = True
    """Ask Nominatim first; the offline gazetteer answers when it is off or unreachable."""
    nominatim_url: str = "https://nominatim.openstreetmap.org"
    user_agent: str = "singularity-astronomy-assistant/0.1 (open-source observing planner)"
    timeout_s: float = Field(5.0, gt=0)
    min_interval_s: float = Field(1.0, ge=0)
    """Nominatim's usage policy: at most one request per second."""
    max_candidates: int = Field(5, ge=1, le=20)
    gazetteer_min_population: int = Field(1000, ge=0)


class WeatherSettings(_Section):
    provider: Literal["auto", "open_meteo", "openweathermap"] = "auto"
    """``auto``: OpenWeatherMap when OPENWEATHERMAP_API_KEY is set, otherwise Open-Meteo."""
    openweathermap_mode: Literal["forecast5", "onecall3"] = "forecast5"
    open_meteo_url: str = "https://api.open-meteo.com"
    openweathermap_url: str = "https://api.openweathermap.org"
    timeout_s: float = Field(8.0, gt=0)
    cloud_good_pct: float = Field(30.0, ge=0, le=100)
    cloud_bad_pct: float = Field(70.0, ge=0, le=100)
    precipitation_bad_pct: float = Field(50.0, ge=0, le=100)
    visibility_bad_km: float = Field(5.0, ge=0)


class SkyBrightnessSettings(_Section):
    geotiff_path: Path | None = None
    """World Atlas of Artificial Night Sky Brightness (Falchi et al. 2016) GeoTIFF."""
    natural_sky_mcd_m2: float = Field(0.171, gt=0)
    """Natural sky background in mcd/m² assumed by the World Atlas."""


class PlanningSettings(_Section):
    default_duration_hours: float = Field(2.0, gt=0, le=24)
    sample_minutes: int = Field(15, ge=1, le=60)
    min_altitude_deg: float = Field(10.0, ge=0, le=60)
    result_limit: int = Field(15, ge=1, le=200)
    magnitude_margin: float = Field(1.0, ge=0)
    """Objects fainter than the effective limit plus this margin are dropped."""
    charts: bool = True
    """Draw each plan's altitude chart (a third to a half of a planning turn's CPU); the
    evaluation runs, which read answers and no picture, turn it off."""
    chart_processes: int | None = Field(None, ge=0, le=64)
    """Worker processes the chat app draws charts in, started with the first chart (none: one
    per core; 0: a thread of the app). Each costs a Python start and matplotlib's import
    (about a second of CPU) and 60–100 MB; the test suite's apps, one user each, run one."""


Role = Literal["orchestrator", "knowledge", "planning", "stellarium", "query_rewriter", "judge"]
ROLES: tuple[Role, ...] = ("orchestrator", "knowledge", "planning", "stellarium", "query_rewriter", "judge")
DEFAULT_MODEL = "openai/gpt-4.1-mini"


class LLMSettings(_Section):
    provider: Literal["auto", "openrouter", "openai_like", "offline"] = "auto"
    """``auto``: OpenRouter when OPENROUTER_API_KEY is set, else the OpenAI-compatible endpoint
    when ``openai_like_url`` is set, else the offline pilot."""
    openrouter_url: str = "https://openrouter.ai/api/v1"
    openai_like_url: str | None = None
    """Any OpenAI-compatible server: LM Studio, Ollama, vLLM, llama.cpp (``…/v1``)."""
    models: dict[Role, str] = Field(default_factory=lambda: dict.fromkeys(ROLES, DEFAULT_MODEL))
    """Model per role; roles left out use ``DEFAULT_MODEL``."""
    temperature: float = Field(0.1, ge=0, le=2)
    timeout_s: float = Field(60.0, gt=0)
    """How long the model may stay silent in a turn (tools running do not count), retries
    included; then the turn ends with a sentence saying what to check."""
    max_retries: int = Field(2, ge=0, le=10)
    context_window: int = Field(32768, ge=2048)

    @field_validator("models")
    @classmethod
    def _every_role(cls, models: dict[Role, str]) -> dict[Role, str]:
        return {**dict.fromkeys(ROLES, DEFAULT_MODEL), **models}


class ConversationSettings(_Section):
    max_message_chars: int = Field(4000, ge=100)
    """The longest message a turn reads; a longer one is answered with a sentence saying the
    limit, and understood by nothing (about 600 words: a question with a pasted list fits)."""
    units: UnitSystem = "metric"
    """How temperatures, wind, lengths and distances are shown (``singularity/units.py``);
    each user can choose their own in the chat's settings panel."""


class MemorySettings(_Section):
    chat_token_limit: int = Field(3000, ge=256)
    """Token budget of one session's chat memory (recent messages only)."""
    profile_file: Path = Path("profile.json")
    """Persistent observing preferences of the local user, relative to ``paths.data_dir``; a
    logged-in user's has this name in their own folder (``users/space.py``)."""


class ModelPrice(_Section):
    prompt_per_million: float = Field(ge=0)
    completion_per_million: float = Field(ge=0)


class TracingSettings(_Section):
    enabled: bool = True
    collector_endpoint: str | None = None
    """OTLP/HTTP endpoint; PHOENIX_COLLECTOR_ENDPOINT in the environment wins. Unset: the
    start command runs a local Phoenix and traces go there."""
    phoenix_host: str = "127.0.0.1"
    phoenix_port: int = Field(6006, ge=1, le=65535)
    project_name: str = "singularity"
    ui_url: str | None = None
    """Phoenix's address as a browser reaches it, for the "Trace" link under each answer;
    unset: the collector's base URL (``PHOENIX_COLLECTOR_ENDPOINT`` without ``/v1/traces``)
    or the local Phoenix."""
    hide_inputs: bool | None = None
    """Keep the user's messages and every prompt out of the spans (a deployment that may not
    store chat text); unset: OpenInference's ``OPENINFERENCE_HIDE_INPUTS`` decides (off)."""
    hide_outputs: bool | None = None
    """Keep answers and every model and tool output out of the spans; unset:
    ``OPENINFERENCE_HIDE_OUTPUTS`` decides (off)."""
    prices: dict[str, ModelPrice] = Field(default_factory=dict)
    """US dollars per million tokens by model name (as in ``llm.models``): a turn's spans carry
    its estimated cost. A model not listed has its tokens counted, no cost."""


class KnowledgeSettings(_Section):
    qdrant_path: Path = Path("qdrant")
    """Qdrant local mode (on disk, no server), relative to ``paths.data_dir``."""
    qdrant_url: str | None = None
    """A Qdrant server (``http://localhost:6333``); wins over ``qdrant_path``. Key: QDRANT_API_KEY."""
    collection: str = "astronomy"
    embedding_url: str | None = None
    """An OpenAI-compatible ``/v1`` embeddings endpoint; unset: the bundled multilingual model."""
    embedding_model: str = "text-embedding-qwen3-embedding-8b"
    embedding_query_prefix: str = ""
    embedding_document_prefix: str = ""
    top_k: int = Field(5, ge=1, le=50)
    prefetch_k: int = Field(40, ge=1, le=500)
    """Candidates each of the dense and the sparse search hands to the rank fusion."""
    relevance_threshold: float = Field(0.80, ge=0, le=1)
    """Dense cosine of the best hit below which local hits count as insufficient."""
    wikipedia_articles_file: Path = Path("ingestion/wikipedia_articles.yaml")
    openstax_url: str = "https://openstax.org"
    wikipedia_api_url: str = "https://en.wikipedia.org/w/api.php"
    brave_url: str = "https://api.search.brave.com"
    commons_api_url: str = "https://commons.wikimedia.org/w/api.php"
    nasa_images_url: str = "https://images-api.nasa.gov"
    timeout_s: float = Field(8.0, gt=0)
    web_results: int = Field(5, ge=1, le=20)
    image_results: int = Field(3, ge=1, le=10)


LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1"}


class StellariumSettings(_Section):
    url: str = "http://127.0.0.1:8090"
    """Remote Control plugin address; the password, if any, is STELLARIUM_PASSWORD."""
    timeout_s: float = Field(5.0, gt=0)
    script_timeout_s: float = Field(10.0, gt=0)
    """How long a queued script may take before its effect counts as missing."""
    fov_deg: float = Field(5.0, gt=0, le=180)
    """Default field of view when an object is centred."""
    simbad_online: bool = True
    simbad_url: str = "https://simbad.cds.unistra.fr/simbad/sim-tap"
    screenshot_dir: Path = Path("screenshots")
    """Relative to ``paths.data_dir``; one subfolder per session."""
    user_dir: Path | None = None
    """Stellarium's user folder, where its observing lists live (``data/observingList.json``);
    default: Stellarium's own (``~/.stellarium`` on Linux). Written only when ``url`` is local."""
    password: SecretStr | None = None
    """Set per user by the chat's settings panel (``users/preferences.py``); the bridge hands it
    to the server as STELLARIUM_PASSWORD. Unset: STELLARIUM_PASSWORD from the environment."""
    busy_wait_s: float = Field(20.0, ge=0)
    """How long an action waits while another session drives the same Stellarium (one
    action takes 1 to 3 s: at most a few sessions ahead), before it says Stellarium is busy."""

    @property
    def is_local(self) -> bool:
        """Stellarium runs on this computer: its files are this computer's files."""
        return urlsplit(self.url).hostname in LOOPBACK_HOSTS


OAuthProvider = Literal["github", "google", "azure-ad", "azure-ad-hybrid", "okta", "descope",
                        "aws-cognito", "gitlab", "keycloak", "generic"]


class OAuthSettings(_Section):
    client_id: str
    """The provider's client id (public); the secret is OAUTH_<PROVIDER>_CLIENT_SECRET."""
    options: dict[str, str] = Field(default_factory=dict)
    """Further values the provider needs, by Chainlit's variable suffix: ``tenant_id`` for
    Azure AD, ``domain`` for Okta, Cognito and GitLab, ``realm`` and ``base_url`` for Keycloak."""


class UsersSettings(_Section):
    login: Literal["off", "password", "header", "oauth"] = "off"
    """``off``: one local user, no login, no stored history (as a single person's app).
    ``password``: users from ``users_file`` and SINGULARITY_USERS (``singularity user add``).
    ``header``: a proxy in front has logged the user in and names them in ``proxy_header``.
    ``oauth``: the providers in ``oauth``."""
    users_file: Path = Path("users.json")
    """Relative to ``paths.data_dir``; user names and scrypt hashes."""
    proxy_header: str = "X-Forwarded-User"
    """Only with ``login: header``; the app must then be reachable through the proxy only."""
    oauth: dict[OAuthProvider, OAuthSettings] = Field(default_factory=dict)
    database_url: str | None = None
    """Conversation history; unset: SQLite in the data dir (``history.db``). Server mode:
    ``postgresql+asyncpg://user:password@host/db``; one with a password belongs in the
    environment (SINGULARITY__USERS__DATABASE_URL), not in config.yaml."""
    history_file: Path = Path("history.db")
    """The embedded SQLite database, relative to ``paths.data_dir``."""

    @field_validator("login", mode="before")
    @classmethod
    def _yaml_off(cls, value: object) -> object:
        """YAML reads a bare ``off`` (in config.yaml or SINGULARITY__USERS__LOGIN) as false."""
        return "off" if value is False else value


class Settings(_Section):
    paths: PathsSettings = PathsSettings()
    geocoding: GeocodingSettings = GeocodingSettings()
    weather: WeatherSettings = WeatherSettings()
    sky_brightness: SkyBrightnessSettings = SkyBrightnessSettings()
    planning: PlanningSettings = PlanningSettings()
    llm: LLMSettings = LLMSettings()
    conversation: ConversationSettings = ConversationSettings()
    memory: MemorySettings = MemorySettings()
    tracing: TracingSettings = TracingSettings()
    knowledge: KnowledgeSettings = KnowledgeSettings()
    stellarium: StellariumSettings = StellariumSettings()
    users: UsersSettings = UsersSettings()
    personas_file: Path = Path("personas.yaml")

    @property
    def data_dir(self) -> Path:
        path = self.paths.data_dir
        return path if path.is_absolute() else PROJECT_ROOT / path

    def resolve(self, path: Path, *, under_data: bool = False) -> Path:
        """An absolute path: relative ones are taken from the data dir or the project root."""
        if path.is_absolute():
            return path
        return (self.data_dir if under_data else PROJECT_ROOT) / path

    @property
    def cache_dir(self) -> Path:
        return self.data_dir / "cache"

    @staticmethod
    def secret(name: str) -> str | None:
        """A secret from the environment (``.env`` included); empty counts as missing."""
        value = os.environ.get(name, "").strip()
        return value or None


def _deep_set(tree: dict[str, Any], keys: list[str], value: Any) -> None:
    for key in keys[:-1]:
        tree = tree.setdefault(key, {})
    tree[keys[-1]] = value


def _env_overrides(environ: dict[str, str]) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    for name, raw in environ.items():
        if name.startswith(ENV_PREFIX) and len(name) > len(ENV_PREFIX):
            keys = name[len(ENV_PREFIX) :].lower().split("__")
            _deep_set(overrides, keys, load_yaml(raw) if raw else None)
    return overrides


def _merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def load_settings(
    *, config_path: Path | None = None, environ: dict[str, str] | None = None
) -> Settings:
    """Build settings from file and environment; raise ConfigError naming the bad value."""
    if environ is None:
        _load_dotenv()
        environ = dict(os.environ)
    path = config_path or Path(environ.get("SINGULARITY_CONFIG") or PROJECT_ROOT / "config.yaml")
    raw: dict[str, Any] = {}
    if path.exists():
        try:
            raw = load_yaml(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path} is not valid YAML: {exc}") from exc
        if not isinstance(raw, dict):
            raise ConfigError(f"{path} must contain a mapping of sections, not {type(raw).__name__}.")
    elif config_path is not None:
        raise ConfigError(f"Configuration file {path} does not exist.")
    try:
        return Settings.model_validate(_merge(raw, _env_overrides(environ)))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ConfigError(f"Invalid configuration value for '{where}': {first['msg']}.") from exc


def _load_dotenv() -> None:
    env_file = Path(os.environ.get("SINGULARITY_ENV_FILE") or PROJECT_ROOT / ".env")
    if env_file.exists():
        from dotenv import load_dotenv

        load_dotenv(env_file, override=False)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, loaded once."""
    return load_settings()
