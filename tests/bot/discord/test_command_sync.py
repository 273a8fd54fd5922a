"""Where the slash commands are synced: a server taken off ``sync_guild_ids``
loses the copy it was given, so its members do not see every command twice
(its copy beside the global ones)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
import simcord

from bot import create_bot
from bot.config import DatabaseSettings, DiscordSettings, Settings
from bot.discord.client import GeniusBot

GUILD_ID = 710_000_000_000_000_001


def _settings(tmp_path: Path, sync_guild_ids: list[int]) -> Settings:
    return Settings(
        database=DatabaseSettings(url=f"sqlite+aiosqlite:///{tmp_path}/genius.db"),
        discord=DiscordSettings(sync_guild_ids=sync_guild_ids),
    )


def _bot(env: simcord.Env) -> GeniusBot:
    assert isinstance(env.bot, GeniusBot)
    return env.bot


def _listed(
    env: simcord.Env, member: simcord.MemberActor, channel: simcord.ChannelHandle
) -> list[str]:
    """Every command Discord lists to the member in the channel, copies included."""
    visible = env.backend.visible_commands(user_id=member.id, channel_id=channel.id)
    return sorted(command["name"] for command in visible)


async def test_a_server_taken_off_sync_guild_ids_lists_each_command_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    env = simcord.Env(create_bot(_settings(tmp_path, [GUILD_ID])))
    guild = env.create_guild("Genius", id=GUILD_ID)
    general = guild.create_text_channel("general")
    hannah = guild.add_member(env.create_user("hannah"))
    other = env.create_guild("Other")  # never listed: nothing to remove there
    olga = other.add_member(env.create_user("olga"))
    lobby = other.create_text_channel("lobby")
    await env.start()
    try:
        first = _listed(env, hannah, general)
        assert "match" in first
        assert _listed(env, olga, lobby) == []  # synced to the listed server only
        # The next run syncs globally (sync_guild_ids emptied).
        crashed = _bot(env)
        with caplog.at_level(logging.INFO, logger="bot.discord.readiness"):
            await env.restart_bot(create_bot(_settings(tmp_path, [])))
        await crashed.release()
        assert _listed(env, hannah, general) == first  # once each: the copy is gone
        assert _listed(env, olga, lobby) == first
        assert not env.backend.commands.get(GUILD_ID)
        removed = [r.getMessage() for r in caplog.records if "removed its copy" in r.getMessage()]
        assert len(removed) == 1
        assert str(GUILD_ID) in removed[0]
    finally:
        await env.shutdown()
        await _bot(env).release()
