"""The README's first-hour walkthrough names only what exists: its commands,
settings, permissions and intents are the code's, so a rename breaks this test
rather than a new host's first hour."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot import puzzle_cli, runes_cli
from bot.cli import _parser
from bot.config import DiscordSettings
from bot.discord.host._cog import HostCog
from bot.discord.invite import PERMISSIONS, SCOPES
from bot.discord.readiness import INTENT_NAMES, PERMISSION_NAMES
from tests.docs.readme import section

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def walkthrough() -> str:
    return section("A host's first hour")


def test_its_genius_bot_commands_exist(
    walkthrough: str, capsys: pytest.CaptureFixture[str]
) -> None:
    named = set(re.findall(r"genius-bot ([a-z][a-z-]*)", walkthrough))
    assert {"run", "invite-url"} <= named
    for command in sorted(named):
        # An unknown command is an argparse error (exit 2); a known one prints its help.
        with pytest.raises(SystemExit) as stopped:
            _parser().parse_args([command, "--help"])
        assert stopped.value.code == 0, command
    capsys.readouterr()


def test_its_slash_commands_exist(walkthrough: str) -> None:
    named = set(re.findall(r"/match ([a-z]+)", walkthrough))
    assert {"new", "start"} <= named
    commands = {c.name for c in vars(HostCog).values() if isinstance(c, app_commands.Command)}
    assert named <= commands


def test_its_settings_exist(walkthrough: str) -> None:
    example = (ROOT / "config.example.toml").read_text(encoding="utf-8")
    for key in ("sync_guild_ids", "host_role"):
        assert f"`{key}`" in walkthrough
        assert key in DiscordSettings.model_fields
        assert f"{key} =" in example
    assert DiscordSettings().host_role == "Host"
    assert "named `Host`" in walkthrough
    assert "GENIUS_DISCORD_TOKEN" in walkthrough
    assert "cp config.example.toml config.toml" in walkthrough


def test_it_names_every_permission_scope_and_intent_the_bot_asks_for(walkthrough: str) -> None:
    assert discord.Permissions(**dict.fromkeys(PERMISSION_NAMES, True)) == PERMISSIONS
    for shown in PERMISSION_NAMES.values():
        assert f"**{shown}**" in walkthrough, shown
    for scope in SCOPES:
        assert f"`{scope}`" in walkthrough
    for intent in INTENT_NAMES.values():
        assert f"**{intent} Intent**" in walkthrough


def test_the_settings_commands_and_options_are_documented(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`genius-bot config example` and `--config` are in the README, and are real."""
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "`genius-bot config example`" in readme
    assert "`--config FILE`" in readme
    args = _parser().parse_args(["--config", "elsewhere.toml", "config", "example"])
    assert (args.config, args.command, args.action) == (Path("elsewhere.toml"), "config", "example")


def test_what_the_tools_write_is_git_ignored() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    for folder in (runes_cli.DEFAULT_OUT, puzzle_cli.DEFAULT_OUT, Path("demo-out")):
        assert f"{folder}/" in ignored
