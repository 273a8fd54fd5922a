"""Matches a crash left half-made: rows still CREATING at start-up, and whatever
channels Discord had already made for them. Both are removed once the bot
sees its servers, so no listing shows them and nothing half-made stays.

The rows are read before the bot connects, when no ``/match new`` of this
process can be running: a match being created after that is never swept.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord.caps import patiently
from bot.discord.channels import category_name
from storage.records import MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot

log = logging.getLogger(__name__)


class Leftovers(commands.Cog):
    def __init__(self, bot: GeniusBot) -> None:
        self.bot = bot
        self.pending: list[MatchRecord] = []

    async def cog_load(self) -> None:
        owns = self.bot.settings.discord.owns_guild
        self.pending = [m for m in await self.bot.runtime.creating() if owns(m.guild_id)]

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        pending, self.pending = self.pending, []
        for match in pending:
            guild = self.bot.get_guild(match.guild_id)
            if guild is None:  # not reachable now: the next start tries again
                continue
            await sweep(guild, match.id)
            await self.bot.runtime.discard(match.id)
            log.info("match %s: removed what a crash left of its creation", match.id)


async def sweep(guild: discord.Guild, match_id: int) -> None:
    """Delete the channels and threads named for ``match_id`` (by either layout):
    threads first, its own category last. A shared category (the threads
    layout's) is never named for a match, so it stays."""
    prefix = f"match-{match_id}-"
    category = category_name(match_id, "")
    threads: list[discord.Thread | discord.abc.GuildChannel] = [
        t for t in guild.threads if t.name.startswith(prefix)
    ]
    channels = [
        c
        for c in guild.channels
        if c.name.startswith(prefix)
        or (isinstance(c, discord.CategoryChannel) and c.name.startswith(category))
    ]
    # Discord deletes a room's threads with it; deleted first, none is left if not.
    channels.sort(key=lambda c: isinstance(c, discord.CategoryChannel))
    for channel in threads + channels:
        try:
            await patiently(channel.delete)
        except discord.NotFound:
            pass  # someone was quicker
        except discord.HTTPException:
            log.warning("match %s: could not delete its half-made channel %s", match_id, channel)
