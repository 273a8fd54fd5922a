"""Settings: the TOML file, the environment over it, and the documented example."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

import games
from bot.config import DiscordSettings, Settings, load_settings

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No GENIUS_* variables from the outside, and no stray ./config.toml."""
    for name in list(os.environ):
        if name.startswith("GENIUS_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_without_a_file() -> None:
    settings = load_settings()
    assert settings.discord.token is None
    assert settings.discord.host_role == "Host"
    assert settings.discord.sync_guild_ids == []
    assert settings.database.url == "sqlite+aiosqlite:///genius.db"
    # Nothing set: each game's own defaults apply.
    assert settings.game_defaults() == {key: {} for key in games.keys()}
    assert settings.goofspiel.move_seconds == 90


def test_config_toml_in_the_working_directory_is_read(tmp_path: Path) -> None:
    _write(
        tmp_path / "config.toml",
        '[discord]\nhost_role = "Referee"\n[goofspiel]\nmove_seconds = 30\n',
    )
    settings = load_settings()
    assert settings.discord.host_role == "Referee"
    assert settings.game_defaults()["goofspiel"]["move_seconds"] == 30


def test_genius_config_names_another_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path / "elsewhere.toml", "[discord]\nsync_guild_ids = [1, 2]\n")
    monkeypatch.setenv("GENIUS_CONFIG", str(path))
    assert load_settings().discord.sync_guild_ids == [1, 2]


def test_a_named_file_that_is_missing_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_settings(tmp_path / "nope.toml")


def test_environment_variables_override_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path / "c.toml", '[database]\nurl = "sqlite+aiosqlite:///a.db"\n')
    monkeypatch.setenv("GENIUS_DATABASE__URL", "sqlite+aiosqlite:///b.db")
    monkeypatch.setenv("GENIUS_GOOFSPIEL__MOVE_SECONDS", "45")
    monkeypatch.setenv("GENIUS_DISCORD__SYNC_GUILD_IDS", "[7]")
    settings = load_settings(path)
    assert settings.database.url == "sqlite+aiosqlite:///b.db"
    assert settings.goofspiel.move_seconds == 45
    assert settings.discord.sync_guild_ids == [7]


@pytest.mark.parametrize("variable", ["GENIUS_DISCORD_TOKEN", "GENIUS_DISCORD__TOKEN"])
def test_the_token_comes_from_either_variable(
    monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    monkeypatch.setenv(variable, "s3cret")
    token = load_settings().discord.token
    assert token is not None
    assert token.get_secret_value() == "s3cret"
    assert "s3cret" not in repr(load_settings())


def test_the_nested_token_variable_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", "plain")
    monkeypatch.setenv("GENIUS_DISCORD__TOKEN", "nested")
    token = load_settings().discord.token
    assert token is not None
    assert token.get_secret_value() == "nested"


@pytest.mark.parametrize(
    "text",
    [
        '[discord]\nhostrole = "x"\n',
        "[goofspeil]\nmove_seconds = 1\n",
        "[goofspiel]\nmove_seconds = 0\n",
    ],
)
def test_a_typo_or_bad_value_in_the_file_is_an_error(tmp_path: Path, text: str) -> None:
    with pytest.raises(ValidationError):
        load_settings(_write(tmp_path / "c.toml", text))


def test_the_example_documents_every_setting_with_its_default() -> None:
    """Uncommented, the example holds every key at its default; keys with no default
    (TOML has no null: the token, the shard) appear commented out."""
    text = EXAMPLE.read_text(encoding="utf-8")
    example = tomllib.loads(text)
    defaults = Settings().model_dump()
    assert set(example) == set(defaults)
    for section, values in defaults.items():
        model = getattr(Settings(), section)
        assert isinstance(model, BaseModel)
        unset = {key for key, value in values.items() if value is None}
        assert set(example[section]) | unset == set(values), section
        for key, value in example[section].items():
            assert values[key] == value, f"{section}.{key}"
        for key in unset:
            assert f"# {key} = " in text, f"{section}.{key} is not documented"


def test_shards_split_guilds_by_discords_rule() -> None:
    """Each guild belongs to exactly one shard: (guild_id >> 22) % shard_count."""
    guild = 81384788765712384  # (guild >> 22) % 2 == 0
    owners = [DiscordSettings(shard_id=s, shard_count=2).owns_guild(guild) for s in (0, 1)]
    assert owners == [(guild >> 22) % 2 == 0, (guild >> 22) % 2 == 1]
    assert DiscordSettings().owns_guild(guild)


@pytest.mark.parametrize(
    ("shard_id", "shard_count", "message"),
    [(0, None, "both"), (None, 2, "both"), (2, 2, "less than")],
)
def test_bad_shard_settings_are_refused(
    shard_id: int | None, shard_count: int | None, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        DiscordSettings(shard_id=shard_id, shard_count=shard_count)


def test_a_game_default_the_engine_would_refuse_is_refused_at_load() -> None:
    """Game sections are the engines' own Config: a bad default fails when settings load."""
    with pytest.raises(ValidationError, match="move_seconds"):
        Settings(goofspiel={"move_seconds": 5})
    with pytest.raises(ValidationError, match="extra"):
        Settings(decoder={"turn_secs": 60})


def test_every_file_the_example_points_to_is_in_the_project() -> None:
    """A host following the example's pointers finds each file it names."""
    root = EXAMPLE.parent
    text = EXAMPLE.read_text(encoding="utf-8")
    named = set(re.findall(r"\b[\w.-]+(?:/[\w.-]+)+\.md\b", text))
    assert named, "the example names no files: the pattern above has gone stale"
    missing = sorted(path for path in named if not (root / path).is_file())
    assert missing == []
