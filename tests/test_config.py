from pathlib import Path

import pytest

from singularity.config import load_settings
from singularity.errors import ConfigError


def test_defaults_without_file(tmp_path: Path) -> None:
    settings = load_settings(config_path=None, environ={"SINGULARITY_CONFIG": str(tmp_path / "x.yaml")})
    assert settings.planning.sample_minutes == 15
    assert settings.weather.provider == "auto"


def test_environment_overrides_file(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("planning:\n  result_limit: 7\n  sample_minutes: 10\n")
    settings = load_settings(
        config_path=cfg, environ={"SINGULARITY__PLANNING__RESULT_LIMIT": "25"}
    )
    assert settings.planning.result_limit == 25
    assert settings.planning.sample_minutes == 10


def test_invalid_value_names_the_key(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("planning:\n  sample_minutes: 0\n")
    with pytest.raises(ConfigError, match="planning.sample_minutes"):
        load_settings(config_path=cfg, environ={})


def test_unknown_key_is_rejected(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("weather:\n  provdier: open_meteo\n")
    with pytest.raises(ConfigError, match="weather.provdier"):
        load_settings(config_path=cfg, environ={})


def test_broken_yaml_is_a_clear_error(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("planning: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_settings(config_path=cfg, environ={})


def test_missing_explicit_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings(config_path=tmp_path / "nope.yaml", environ={})
