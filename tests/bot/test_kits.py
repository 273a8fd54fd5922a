"""One registry line per game: everything else in the bot is found from the key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import games
from bot import kits
from bot.config import Settings
from bot.render import Renderer, renderer_for
from bot.settings_example import example_text, game_section

ROOT = Path(__file__).parents[2]


def test_the_committed_example_is_the_assembled_one() -> None:
    """Run `genius-bot config example > config.example.toml` if this fails."""
    assert (ROOT / "config.example.toml").read_text(encoding="utf-8") == example_text()


@pytest.mark.parametrize("key", games.keys())
def test_each_game_documents_its_own_section(key: str) -> None:
    section = tomllib.loads(game_section(key))
    assert list(section) == [key]
    # What the section sets is valid for the engine's own Config.
    games.get(key).Config.model_validate(section[key])


def test_settings_have_a_section_per_game_typed_by_its_config() -> None:
    settings = Settings()
    for key in games.keys():
        assert isinstance(settings.game_settings(key), games.get(key).Config)
    assert set(settings.game_defaults()) == set(games.keys())


def test_adapters_are_the_games_with_a_discord_package() -> None:
    adapters = kits.adapters()
    packages = {p.parent.name for p in (ROOT / "bot" / "discord").glob("*/__init__.py")}
    assert set(adapters) == set(games.keys()) & packages
    assert all(module == f"bot.discord.{key}" for key, module in adapters.items())
    assert list(adapters) == [key for key in games.keys() if key in adapters]


@pytest.mark.parametrize("key", games.keys())
def test_each_game_with_a_render_package_gets_its_own_renderer(key: str) -> None:
    renderer = renderer_for(key)
    assert isinstance(renderer, Renderer)
    if (ROOT / "bot" / "render" / key).is_dir():
        assert type(renderer) is not Renderer
        assert renderer.game_key == key


def test_demo_games_are_those_with_players() -> None:
    demo = kits.demo_games()
    with_files = {key for key in games.keys() if (ROOT / "bot" / "demo" / f"{key}.py").exists()}
    assert set(demo) == with_files
    assert kits.host_script("decoder") is not None
    assert kits.host_script("goofspiel") is None
    assert kits.demo_player("no_such_game") is None
