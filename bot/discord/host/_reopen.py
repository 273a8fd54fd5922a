"""``/match resume`` of a match paused for a deleted channel: its channels (or
threads) made again first, in the layout the match was made in, so the messages
held for them have somewhere to go."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

import games
from bot.discord.caps import Need, cap_reached, is_cap_refusal
from bot.discord.errors import Refusal
from bot.discord.host._create import match_hosts
from bot.discord.layouts import any_gone, channels_of, opener
from storage.records import Channels, MatchRecord, PlayerRecord

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot


async def reopen_deleted(bot: GeniusBot, match: MatchRecord, host: discord.Member) -> None:
    """Make again what was deleted of ``match``'s channels; Discord's refusal at
    its caps gets the caps' line (what a reopening needs, what cleanup frees)."""
    guild = host.guild
    channels = channels_of(match)
    if not await any_gone(guild, channels):
        return
    players = [await _member(guild, p.user_id) for p in sorted(match.players, key=_seat)]
    # The match's own layout, whatever the setting says now.
    hosts = match_hosts(bot, host, practice=match.practice)
    settings = bot.settings.discord
    remade = opener(match.layout, settings, guild, players, hosts, bot.openings)
    title = games.get(match.game).title
    try:
        reopened = await remade.reopen(match.id, title, channels)
    except discord.HTTPException as error:
        if is_cap_refusal(error):
            need = _gone(guild, channels)
            raise await cap_reached(bot.runtime, guild, need, refused=error) from error
        raise
    await bot.runtime.set_channels(match.id, reopened)


def _gone(guild: discord.Guild, channels: Channels) -> Need:
    """What reopening asks of Discord's caps: the deleted channels (threads count
    toward none, so a threads match asks for its room at most)."""
    ids = [channels.room_channel_id]
    if channels.layout != "threads":
        ids += [channels.category_id, channels.host_channel_id]
        ids += channels.private_channel_ids.values()
    gone = sum(1 for i in ids if i is not None and guild.get_channel(i) is None)
    return Need(channels=gone, in_category=gone)


def _seat(player: PlayerRecord) -> int:
    return player.seat


async def _member(guild: discord.Guild, user_id: int) -> discord.Member:
    """A player, from the cache or Discord (a player who left cannot be given a channel)."""
    member = guild.get_member(user_id)
    if member is not None:
        return member
    try:
        return await guild.fetch_member(user_id)
    except discord.NotFound:
        raise Refusal(
            f"<@{user_id}> is no longer on this server, so their private channel can't be "
            "opened again. End the match with `/match abort`."
        ) from None
