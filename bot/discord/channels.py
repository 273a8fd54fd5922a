"""A match's channels, in a category of its own (DESIGN §4).

- the room: everyone reads; only the players, the hosts and the bot write;
- one private channel per player: that player, the hosts and the bot only;
- the host log: the hosts and the bot only.

"The hosts" are who bot.discord.acting calls hosts — the host role (if the
server has it) and every role with Manage Server — plus the member who ran
``/match new``. Secrecy rests on permission overwrites: @everyone is denied
``view_channel`` on every private channel and the host log, so a host reads
them only through an overwrite of their own.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import TypeVar

import discord

from bot.discord.caps import Need, patiently
from storage.records import Channels

log = logging.getLogger(__name__)

T = TypeVar("T")

Target = discord.Role | discord.Member | discord.Object
Overwrites = dict[Target, discord.PermissionOverwrite]
#: What a creation made so far, to remove if a later step fails.
Made = list[discord.abc.GuildChannel | discord.Thread]

READ = discord.PermissionOverwrite(view_channel=True, read_message_history=True)
WRITE = discord.PermissionOverwrite(
    view_channel=True, read_message_history=True, send_messages=True, add_reactions=True
)
HIDDEN = discord.PermissionOverwrite(view_channel=False)
READ_ONLY = discord.PermissionOverwrite(
    view_channel=True, read_message_history=True, send_messages=False, add_reactions=False
)
# Discord lets a bot grant in an overwrite only permissions it holds itself:
# keep this list within the invite permissions the README names.
BOT_NEEDS = (
    "view_channel",
    "send_messages",
    "read_message_history",
    "attach_files",
    "add_reactions",
)
BOT = discord.PermissionOverwrite(**dict.fromkeys(BOT_NEEDS, True))


def manage_server_roles(guild: discord.Guild) -> list[discord.Role]:
    """The server's roles with Manage Server (@everyone aside: that would be
    everyone), the bot's own managed role aside (it has its own overwrite)."""
    return [
        role
        for role in guild.roles
        if role.permissions.manage_guild and not role.is_default() and not role.managed
    ]


def category_name(match_id: int, title: str) -> str:
    return f"genius-{match_id} {title}"[:100]


def slug(name: str) -> str:
    """A channel-safe form of a display name."""
    cleaned = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return cleaned[:20].strip("-") or "player"


class MatchChannels:
    """Builds the overwrites for each channel of one match and creates them."""

    def __init__(
        self,
        guild: discord.Guild,
        players: Sequence[discord.Member],
        hosts: Sequence[discord.Role | discord.Member],
    ) -> None:
        self.guild = guild
        self.players = list(players)
        # The people among them: in a practice match the bot holds a seat, and
        # keeps its own overwrite (a player's would take away its attachments).
        self.people = [p for p in self.players if p != guild.me]
        # Manage Server makes a member a host (acting.is_host) but grants no
        # view of a channel @everyone is denied: its roles get the hosts' overwrite.
        managers = [role for role in manage_server_roles(guild) if role not in hosts]
        self.hosts = [*hosts, *managers]

    def _base(self, everyone: discord.PermissionOverwrite) -> Overwrites:
        overwrites: Overwrites = {self.guild.default_role: everyone, self.guild.me: BOT}
        overwrites.update(dict.fromkeys(self.hosts, WRITE))
        return overwrites

    def room(self) -> Overwrites:
        return {**self._base(READ_ONLY), **dict.fromkeys(self.people, WRITE)}

    def private(self, seat: int) -> Overwrites:
        overwrites = self._base(HIDDEN)
        if (player := self.players[seat]) in self.people:
            overwrites[player] = WRITE
        return overwrites

    def host_log(self) -> Overwrites:
        return self._base(HIDDEN)

    def needs(self) -> Need:
        """A category of its own, then the room, a private channel a seat and the
        host log inside it."""
        inside = 2 + len(self.players)
        return Need(channels=1 + inside, in_category=inside)

    async def create(
        self, match_id: int, title: str, keep: Callable[[Channels], Awaitable[T]]
    ) -> T:
        """Create the category and its channels, then ``keep`` them (the match's
        row records them); if anything up to that fails, remove what was made."""
        made: Made = []
        try:
            return await keep(await self._create(match_id, title, made))
        except BaseException:
            await delete_quietly(made)
            raise

    async def _create(self, match_id: int, title: str, made: Made) -> Channels:
        reason = f"genius-bot match #{match_id}"
        category = await patiently(
            lambda: self.guild.create_category(
                category_name(match_id, title), overwrites=self.room(), reason=reason
            )
        )
        made.append(category)

        async def text(name: str, overwrites: Overwrites, topic: str) -> int:
            channel = await patiently(
                lambda: category.create_text_channel(
                    f"match-{match_id}-{name}", overwrites=overwrites, topic=topic, reason=reason
                )
            )
            made.append(channel)
            return channel.id

        room = await text("room", self.room(), f"{title}, match #{match_id}: the public room.")
        privates = {
            seat: await text(
                f"p{seat + 1}-{slug(player.display_name)}",
                self.private(seat),
                f"{player.display_name}'s private channel for match #{match_id}.",
            )
            for seat, player in enumerate(self.players)
        }
        host_log = await text("host-log", self.host_log(), f"Host notices for match #{match_id}.")
        return Channels(
            category_id=category.id,
            room_channel_id=room,
            host_channel_id=host_log,
            private_channel_ids=privates,
        )

    async def reopen(self, match_id: int, title: str, channels: Channels) -> Channels:
        """Make again, with the same names and overwrites, each of the match's
        channels that was deleted (the category too, if it went); the others stay."""
        reason = f"genius-bot match #{match_id}: reopening a deleted channel"
        category = self.guild.get_channel(channels.category_id or 0)
        if not isinstance(category, discord.CategoryChannel):
            category = await patiently(
                partial(
                    self.guild.create_category,
                    category_name(match_id, title),
                    overwrites=self.room(),
                    reason=reason,
                )
            )

        async def kept(channel_id: int | None, name: str, overwrites: Overwrites) -> int:
            if channel_id is not None and self.guild.get_channel(channel_id) is not None:
                return channel_id
            channel = await patiently(
                partial(
                    category.create_text_channel,
                    f"match-{match_id}-{name}",
                    overwrites=overwrites,
                    reason=reason,
                )
            )
            log.info("match %s: reopened its deleted channel %s", match_id, channel.name)
            return channel.id

        privates = channels.private_channel_ids
        return Channels(
            category_id=category.id,
            room_channel_id=await kept(channels.room_channel_id, "room", self.room()),
            host_channel_id=await kept(channels.host_channel_id, "host-log", self.host_log()),
            private_channel_ids={
                seat: await kept(
                    privates.get(seat), f"p{seat + 1}-{slug(p.display_name)}", self.private(seat)
                )
                for seat, p in enumerate(self.players)
            },
        )


def any_gone(guild: discord.Guild, channels: Channels) -> bool:
    """Whether any of a match's channels no longer exists (None: it never had one)."""
    ids = [channels.room_channel_id, channels.host_channel_id]
    ids += channels.private_channel_ids.values()
    return any(i is not None and guild.get_channel(i) is None for i in ids)


async def delete_quietly(made: Made) -> None:
    """Delete what a failed creation made, last made first. A category goes only
    if nothing but what this creation made is in it: the threads layout's shared
    category may have taken another match's room since it was opened."""
    ours = {channel.id for channel in made}
    for channel in reversed(made):
        if isinstance(channel, discord.CategoryChannel) and any(
            c.id not in ours for c in channel.channels
        ):
            log.info("kept the category %s: another match's channel is in it", channel.id)
            continue
        try:
            await patiently(partial(channel.delete, reason="genius-bot: match creation failed"))
        except discord.HTTPException:
            log.warning("could not remove channel %s after a failed match creation", channel.id)
