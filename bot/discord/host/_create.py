"""``/match new`` past its checks: the caps, the match's row and its channels.

The row exists for others only once its channels do. It is written CREATING
(seen by no list, restore, lookup or page) to give the channels their match id,
and becomes CREATED in the one write that records the channel ids; if any
channel fails, every channel made is deleted and the row with them. Discord's
own refusal for a full server or category gets the caps' line, not an apology.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.discord.acting import host_role, is_host
from bot.discord.caps import cap_reached, check_room, is_cap_refusal
from bot.discord.layouts import opener
from storage.records import Channels, MatchRecord, MatchStatus, NewMatch

if TYPE_CHECKING:
    from bot.discord.client import GeniusBot
    from bot.discord.game_cog import Interaction

log = logging.getLogger(__name__)


def match_hosts(
    bot: GeniusBot, host: discord.Member, *, practice: bool = False
) -> list[discord.Role | discord.Member]:
    """Who gets the hosts' view of a match's channels: the host role, if the
    server has it, and the member who ran the command, unless it is a practice
    match that member is not a host of (the bot's private channel is no more
    theirs to read than an opponent's)."""
    role_name = bot.settings.discord.host_role
    hosts: list[discord.Role | discord.Member] = []
    if not practice or is_host(host, role_name):
        hosts.append(host)
    if (role := host_role(host.guild, role_name)) is not None:
        hosts.insert(0, role)
    return hosts


async def create_match(
    bot: GeniusBot,
    new: NewMatch,
    title: str,
    players: list[discord.Member],
    interaction: Interaction,
) -> MatchRecord:
    """The match, with its channels; CapReached (nothing made) if it would not fit."""
    host = interaction.user
    assert isinstance(host, discord.Member)  # /match is guild_only
    guild = host.guild
    runtime = bot.runtime
    settings = bot.settings.discord
    hosts = match_hosts(bot, host, practice=new.practice)
    made = opener(settings.layout, settings, guild, players, hosts, bot.openings)
    need = replace(made.needs(), archive=bot.aftermath.archive.missing(guild))
    await check_room(runtime, guild, need)
    match = await runtime.create(new, status=MatchStatus.CREATING)
    interaction.extras["match_id"] = match.id  # an unexpected error's log names it

    async def keep(channels: Channels) -> MatchRecord:
        return await runtime.open(match.id, channels)

    try:
        record = await made.create(match.id, title, keep)
    except BaseException as error:
        await _discard(bot, match.id)
        if is_cap_refusal(error):
            raise await cap_reached(runtime, guild, need, refused=error) from error
        raise
    bot.dispatch("genius_channels_set")
    return record


async def _discard(bot: GeniusBot, match_id: int) -> None:
    try:
        await bot.runtime.discard(match_id)
    except Exception:
        # Left CREATING, it is swept at the next start (host._leftovers).
        log.exception("match %s: could not remove its row after its channels failed", match_id)


async def introduce(
    bot: GeniusBot,
    match: MatchRecord,
    title: str,
    players: list[discord.Member],
    *,
    room_post: str | None = "Everything public about the match appears here; "
    "the host starts it soon.",
) -> None:
    """The first post in each of the match's channels; the players are pinged.
    ``room_post`` ends the room's (None: the room is not told, as a practice
    match the player did not announce); the bot's own seat gets no welcome."""
    help_text = bot.help_texts.get(match.game, "")
    versus = f"{players[0].mention} vs {players[1].mention}"
    posts: list[tuple[int | None, str]] = [
        (match.host_channel_id, f"Host log for match #{match.id} ({title}): {versus}."),
    ]
    if room_post is not None:
        posts.insert(
            0, (match.room_channel_id, f"**Match #{match.id} — {title}**: {versus}. {room_post}")
        )
    private = "thread" if match.layout == "threads" else "channel"
    for player in match.players:
        if player.seat == match.bot_seat:
            continue
        member = players[player.seat]
        posts.append(
            (
                player.private_channel_id,
                f"{member.mention}, this is your private {private} for match #{match.id} "
                f"({title}). Only you, the hosts and the bot can see it.\n{help_text}",
            )
        )
    # The one message that means to ping: the players, told their match is ready.
    ping = discord.AllowedMentions(everyone=False, roles=False, users=players)
    for channel_id, text in posts:
        if channel_id is not None:
            # Just created: it may not be in the cache yet, so go by its id.
            await bot.get_partial_messageable(channel_id, guild_id=match.guild_id).send(
                text, allowed_mentions=ping
            )
