"""Helpers for Discord faults: what the bot should have posted, and shutting it out."""

from __future__ import annotations

import discord
import simcord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType
from sqlalchemy import select

from bot.discord.delivery import audience_of
from bot.discord.replies import seat_names
from bot.render import renderer_for, split_message
from games import Notice
from storage.tables import OutboxRow
from tests.bot.discord.support import Match, World, posts

SEND = discord.Permissions(send_messages=True).value
VIEW = discord.Permissions(view_channel=True).value
#: What the bot is granted in every match channel (bot.discord.channels.BOT).
GRANTED = discord.Permissions(
    view_channel=True,
    read_message_history=True,
    send_messages=True,
    attach_files=True,
    add_reactions=True,
).value


def bot_texts(world: World, channel: simcord.ChannelHandle) -> list[str]:
    """What the bot posted in a channel, oldest first, without the greeting it
    posts when the match is created (that one is not an outbox message)."""
    assert world.bot.user is not None
    mine = [m.content for m in posts(channel) if m.author.id == world.bot.user.id]
    return mine[1:]


async def committed_texts(world: World, match: Match, target: str) -> list[str]:
    """Every message committed for ``target``, rendered as the bot posts it, in
    commit order: what the channel must show, each exactly once."""
    record = await world.bot.runtime.get(match.id)
    names = await seat_names(world.bot, record)
    renderer = renderer_for(record.game)
    async with world.bot.sessions() as session:
        rows = await session.scalars(
            select(OutboxRow.notices)
            .where(OutboxRow.match_id == match.id, OutboxRow.target == target)
            .order_by(OutboxRow.id)
        )
        stored = list(rows)
    texts: list[str] = []
    for notices in stored:
        rendered = renderer.render(
            [Notice.model_validate(n) for n in notices], audience_of(target), names=names
        )
        texts += split_message(rendered.text) or [""]
    return texts


async def set_bot_overwrite(
    world: World, channel: simcord.ChannelHandle, *, allow: int, deny: int = 0
) -> None:
    """Change the bot's own permission overwrite in a channel, as a server admin
    would in Discord's channel settings (Discord tells the bot at once)."""
    assert world.bot.user is not None
    overwrite = Overwrite(world.bot.user.id, OverwriteType.MEMBER, allow=allow, deny=deny)
    world.env.backend.set_overwrite(channel.id, overwrite)
    await world.env.settle()


async def delete_channel(world: World, channel: simcord.ChannelHandle) -> None:
    """Delete a channel (or a thread), as a server admin would; Discord deletes a
    channel's threads with it (SimCord leaves them: done here)."""
    for thread in channel.threads:
        world.env.backend.delete_channel(thread.id)
    world.env.backend.delete_channel(channel.id)
    await world.env.settle()
