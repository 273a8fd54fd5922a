"""The two layouts of a match's channels (``[discord] layout``), and what differs
between them.

- "channels" (:class:`bot.discord.channels.MatchChannels`): a category of its
  own, the room, a private channel per seat and the host log — five channels.
- "threads" (:class:`MatchThreads`): one room channel in a shared category
  (``[discord] match_category``; "genius matches 2", … once one holds Discord's
  50 channels), and a **private thread of the room** per seat and for the host
  log — one channel a match, against Discord's 500 a server.

Why threads of the room, not of a hidden channel: a hidden parent would cost a
second channel per match (or one shared parent whose overwrites name every
player of every match), and a private thread is already secret by itself —
only its members and those with Manage Threads on the parent can see it,
whatever the parent's overwrites say. So the room keeps its overwrites
(everyone reads, the players, hosts and bot write); each player is added to
their own thread only; the hosts read every thread through Manage Threads,
given on the room to the host role, the Manage Server roles and the host who
made the match. Nobody else may make threads there, and the threads are not
invitable, so a player cannot add anyone to theirs.

A match's layout is stored with it (``Channels.layout``), so a match keeps the
layout it was made with when the setting changes.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Final, TypeVar

import discord
from discord.ext import commands

from bot.discord.caps import CATEGORY_CAP, Need, patiently
from bot.discord.channels import (
    BOT,
    WRITE,
    Made,
    MatchChannels,
    Overwrites,
    delete_quietly,
    slug,
)
from bot.discord.channels import any_gone as any_channel_gone
from bot.discord.invite import THREAD_PERMISSIONS
from storage.records import Channels, Layout, MatchRecord

if TYPE_CHECKING:
    from bot.config import DiscordSettings
    from bot.runtime import MatchRuntime

log = logging.getLogger(__name__)

T = TypeVar("T")
#: The event CategoryOpenings dispatches when a server's opening is done.
OPENED = "genius_category_opened"
#: How long a wait on an opening (or a CHANNEL_CREATE) goes before looking again.
OPENING_TIMEOUT = 120.0
#: The longest auto_archive_duration Discord takes (minutes: a week). A live
#: match's thread is also un-archived at once if Discord archives it anyway.
KEEP_MINUTES: Final = 10080


def _plus(overwrite: discord.PermissionOverwrite, **more: bool) -> discord.PermissionOverwrite:
    """``overwrite`` with ``more`` set on top."""
    return discord.PermissionOverwrite(**{k: v for k, v in overwrite if v is not None}, **more)


# What threads need on the room beyond the channels layout's overwrites: the bot
# makes private threads, adds the players and keeps the threads open (and holds
# what it grants: Discord lets it grant only that); hosts read every thread
# through Manage Threads; everyone else is kept from making threads in the room.
BOT_THREADS = _plus(BOT, **dict.fromkeys(THREAD_PERMISSIONS, True))
HOST_THREADS = _plus(WRITE, manage_threads=True, send_messages_in_threads=True)
PLAYER_THREADS = _plus(WRITE, send_messages_in_threads=True)
NO_THREADS = dict.fromkeys(
    ("create_public_threads", "create_private_threads", "send_messages_in_threads"), False
)


def opener(
    layout: Layout,
    settings: DiscordSettings,
    guild: discord.Guild,
    players: Sequence[discord.Member],
    hosts: Sequence[discord.Role | discord.Member],
    openings: CategoryOpenings,
) -> MatchChannels:
    """What makes (and remakes) a match's channels in ``layout``: the setting's for
    a new match, an existing match's own when reopening one."""
    if layout == "threads":
        category = settings.match_category
        return MatchThreads(guild, players, hosts, category, openings)
    return MatchChannels(guild, players, hosts)


def channels_of(match: MatchRecord) -> Channels:
    """The stored channels of a match, as the record that made them."""
    return Channels(
        layout=match.layout,
        category_id=match.category_id,
        room_channel_id=match.room_channel_id,
        host_channel_id=match.host_channel_id,
        private_channel_ids={
            p.seat: p.private_channel_id for p in match.players if p.private_channel_id is not None
        },
    )


async def any_gone(guild: discord.Guild, channels: Channels) -> bool:
    """Whether any of a match's channels or threads no longer exists."""
    if channels.layout != "threads":
        return any_channel_gone(guild, channels)
    if not await _exists(guild, channels.room_channel_id):
        return True
    threads = [channels.host_channel_id, *channels.private_channel_ids.values()]
    return not all([await _exists(guild, t) for t in threads])


async def _exists(guild: discord.Guild, channel_id: int | None) -> bool:
    """A channel or thread, from the cache or else from Discord: an archived
    thread is out of discord.py's cache but still there."""
    if channel_id is None or guild.get_channel_or_thread(channel_id) is not None:
        return True
    try:
        await guild.fetch_channel(channel_id)
    except discord.NotFound:
        return False
    return True


def shared_categories(guild: discord.Guild, name: str) -> list[discord.CategoryChannel]:
    """The shared categories, in their order: ``name``, ``name 2``, ``name 3``, …"""
    numbered = re.compile(rf"{re.escape(name)}(?: (\d+))?")
    found: list[tuple[int, discord.CategoryChannel]] = []
    for category in guild.categories:
        match = numbered.fullmatch(category.name)
        if match is not None:
            found.append((int(match[1] or 1), category))
    return [category for _, category in sorted(found, key=lambda pair: pair[0])]


def needed(guild: discord.Guild, name: str) -> tuple[int, discord.CategoryChannel | None]:
    """How many channels a threads match costs the server, and the category its
    room goes in (None: a new one is opened, which is the second channel)."""
    for category in shared_categories(guild, name):
        if len(category.channels) < CATEGORY_CAP:
            return 1, category
    return 2, None


class MatchThreads(MatchChannels):
    """A match as one room in the shared category, with private threads."""

    def __init__(
        self,
        guild: discord.Guild,
        players: Sequence[discord.Member],
        hosts: Sequence[discord.Role | discord.Member],
        category: str,
        openings: CategoryOpenings,
    ) -> None:
        super().__init__(guild, players, hosts)
        self.category = category
        self.openings = openings

    def room(self) -> Overwrites:
        overwrites = super().room()
        everyone = self.guild.default_role
        overwrites[everyone] = _plus(overwrites[everyone], **NO_THREADS)
        overwrites[self.guild.me] = BOT_THREADS
        overwrites.update(dict.fromkeys(self.hosts, HOST_THREADS))
        overwrites.update(dict.fromkeys(self.people, PLAYER_THREADS))
        return overwrites

    def needs(self) -> Need:
        """The room (in the first shared category with room for it), and a new
        shared category when every one is full; threads count toward no cap."""
        count, category = needed(self.guild, self.category)
        return Need(channels=count, in_category=1, category=category)

    async def create(
        self, match_id: int, title: str, keep: Callable[[Channels], Awaitable[T]]
    ) -> T:
        """The room and its threads, then ``keep`` them (the match's row records
        them); if anything up to that fails, remove what was made: the threads
        first (Discord deletes them with the room anyway; this way none can be
        left), the room, and a shared category opened for it if nothing else
        went in there since."""
        made: Made = []
        try:
            channels = await self._make(match_id, title, made, Channels(layout="threads"))
            return await keep(channels)
        except BaseException:
            await delete_quietly(made)
            raise

    async def reopen(self, match_id: int, title: str, channels: Channels) -> Channels:
        """Make again the room (and with it every thread: Discord deletes a
        channel's threads with it) or the threads that were deleted."""
        made: Made = []
        return await self._make(match_id, title, made, channels, reopening=True)

    async def _make(
        self,
        match_id: int,
        title: str,
        made: Made,
        kept: Channels,
        *,
        reopening: bool = False,
    ) -> Channels:
        reason = f"genius-bot match #{match_id}" + (
            ": reopening a deleted channel" if reopening else ""
        )
        room = self.guild.get_channel(kept.room_channel_id or 0)
        if not isinstance(room, discord.TextChannel):
            category = await self._category(made, reason)
            room = await patiently(
                partial(
                    category.create_text_channel,
                    f"match-{match_id}-room",
                    overwrites=self.room(),
                    topic=f"{title}, match #{match_id}: the public room and its private threads.",
                    reason=reason,
                )
            )
            made.append(room)
            kept = Channels(layout="threads", category_id=category.id)  # its threads went too
            if reopening:
                log.info("match %s: reopened its deleted room", match_id)

        async def thread(thread_id: int | None, name: str, to_add: Sequence[discord.Member]) -> int:
            if thread_id is not None and await _exists(self.guild, thread_id):
                return thread_id
            made_thread = await patiently(
                partial(
                    room.create_thread,
                    name=f"match-{match_id}-{name}",
                    type=discord.ChannelType.private_thread,
                    auto_archive_duration=KEEP_MINUTES,
                    invitable=False,
                    reason=reason,
                )
            )
            made.append(made_thread)
            for member in to_add:
                await patiently(partial(made_thread.add_user, member))
            if reopening:
                log.info("match %s: reopened its deleted thread %s", match_id, made_thread.name)
            return made_thread.id

        privates = {
            seat: await thread(
                kept.private_channel_ids.get(seat),
                f"p{seat + 1}-{slug(player.display_name)}",
                [player] if player in self.people else [],
            )
            for seat, player in enumerate(self.players)
        }
        creators = [host for host in self.hosts if isinstance(host, discord.Member)]
        host_log = await thread(kept.host_channel_id, "host-log", creators)
        return Channels(
            layout="threads",
            category_id=room.category_id,
            room_channel_id=room.id,
            host_channel_id=host_log,
            private_channel_ids=privates,
        )

    async def _category(self, made: Made, reason: str) -> discord.CategoryChannel:
        """The first shared category with room for one more channel, or the next one."""
        await self.openings.wait(self.guild.id)
        count, category = needed(self.guild, self.category)
        if category is not None:
            return category
        async with self.openings.opening(self.guild.id):
            number = len(shared_categories(self.guild, self.category)) + 1
            name = self.category if number == 1 else f"{self.category} {number}"
            opened = await patiently(partial(self.guild.create_category, name, reason=reason))
            made.append(opened)
            await self.openings.cached(opened)
        log.info("opened the shared match category %r (%d channels needed)", name, count)
        return opened


class CategoryOpenings:
    """One threads match of a server at a time opens a shared category; the
    others wait until discord.py has it in its cache, then put their room in it.
    Without this, matches created at once (a tournament night) would each open
    one. They wait on the client's events (``wait_for``), not on a lock."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.guilds: set[int] = set()

    async def wait(self, guild_id: int) -> None:
        """Until no match of ``guild_id`` is opening a category."""
        while guild_id in self.guilds:
            try:
                await self.client.wait_for(
                    OPENED, check=lambda opened: opened == guild_id, timeout=OPENING_TIMEOUT
                )
            except TimeoutError:
                log.warning("server %s: still opening a shared category; looking again", guild_id)

    @contextlib.asynccontextmanager
    async def opening(self, guild_id: int) -> AsyncIterator[None]:
        # No await since wait() found the server free: nobody else got in between.
        self.guilds.add(guild_id)
        try:
            yield
        finally:
            self.guilds.discard(guild_id)
            self.client.dispatch(OPENED, guild_id)

    async def cached(self, category: discord.CategoryChannel) -> None:
        """Until Discord's CHANNEL_CREATE for ``category`` reached the cache (it
        follows the answer to the request closely), so the next match sees it."""
        if category.guild.get_channel(category.id) is not None:
            return
        try:
            await self.client.wait_for(
                "guild_channel_create",
                check=lambda channel: channel.id == category.id,
                timeout=OPENING_TIMEOUT,
            )
        except TimeoutError:
            log.warning("the shared category %s never reached the cache", category.id)


class ThreadKeeper(commands.Cog):
    """Keeps a match's threads open while the match is not over.

    Threads are made with the longest auto-archive Discord takes (a week), but a
    match paused for longer, or a host archiving a thread by hand, would still
    close one: a player could then not find their thread, and the bot would post
    into a closed one. So a THREAD_UPDATE that archives the thread of a match
    that is not over is undone at once. (A message sent to an archived thread
    also reopens it, so one archived while the bot was away opens at its next
    post.) An ended match's threads are left to archive."""

    def __init__(self, client: discord.Client, runtime: MatchRuntime) -> None:
        self.client = client
        self.runtime = runtime

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        # The raw event: discord.py drops an archived thread from its cache, so
        # the plain on_thread_update is not reliable for this.
        if not payload.data.get("thread_metadata", {}).get("archived"):
            return
        found = await self.runtime.by_channel(payload.thread_id)
        if found is None or found.match.status.over:
            return
        try:
            thread = payload.thread or await self.client.fetch_channel(payload.thread_id)
            assert isinstance(thread, discord.Thread)
            await thread.edit(archived=False, reason=f"match #{found.match.id} is not over")
        except discord.HTTPException as error:
            log.warning(
                "match %s: could not reopen its archived thread %s (%s)",
                found.match.id,
                payload.thread_id,
                error.text or error.status,
            )
        else:
            log.info("match %s: reopened its thread %s, archived", found.match.id, thread.name)
