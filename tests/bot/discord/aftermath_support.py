"""Helpers for the after-a-match tests: matches played to their end, the server's
channels counted, the archive read back."""

from __future__ import annotations

import simcord

from bot.config import DiscordSettings, Settings
from tests.bot.discord.support import Match, World, new_match
from tests.bot.logical_horror_support import SOLUTION, options_json

ARCHIVE = "genius-archive"


def keeping(settings: Settings, days: float) -> Settings:
    """``settings`` with ``[discord] delete_after_days = days`` (the layout and
    everything else as they are, so a layout parameter can be added)."""
    discord = settings.discord.model_copy(update={"delete_after_days": days})
    return settings.model_copy(update={"discord": DiscordSettings.model_validate(discord)})


async def won_match(world: World) -> Match:
    """A Logical Horror match bob wins with one public query: played to its end."""
    match = await new_match(world, game="logical_horror", options=options_json())
    await world.bob.send(match.private[1], f"public {SOLUTION}")
    assert (await world.bot.runtime.get(match.id)).status == "finished"
    return match


def channel_count(world: World) -> int:
    """The server's channels, categories and threads included, as Discord counts them."""
    return sum(1 for c in world.env.backend.channels.values() if c.guild_id == world.guild.id)


def channel_exists(world: World, channel_id: int) -> bool:
    return channel_id in world.env.backend.channels


def archive(world: World) -> simcord.ChannelHandle:
    return world.channel(ARCHIVE)
