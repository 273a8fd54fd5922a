"""After a match (finished or aborted).

At once, when the bot sees it end (a message of the ended match delivered, or
the first sweep after a restart for an end no bot saw): its players can no
longer write in its room or private channels; the room stays readable for
everyone, hosts and the bot keep full access. A text channel gets its players'
overwrites turned read-only; a private thread is locked. A finished match is
noted in its server's history then (bot.discord.history), names as they are.

Later (``[discord] delete_after_days``), the sweep archives the match (its
export and room story, bot.discord.archive) and only then deletes its
channels. The schedule is in the database (bot.runtime.cleanup), so it
survives a restart; a channel someone already deleted is no error.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field

import discord
from discord.ext import commands, tasks
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import DiscordSettings
from bot.discord.archive import Archive, ArchiveFailed, room_story
from bot.discord.channels import READ_ONLY
from bot.discord.history import listable, note
from bot.discord.replies import seat_names
from bot.runtime import MatchRuntime
from bot.runtime.cleanup import CleanupSchedule
from storage.records import Channels, MatchRecord

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0


async def make_read_only(guild: discord.Guild, match: MatchRecord) -> None:
    """Players may read but not write in the match's channels; idempotent (a
    channel already read-only is not touched) and a deleted channel is skipped."""
    # The bot, seated in a practice match, keeps its own overwrite: it still posts.
    players = {p.user_id for p in match.players} - {guild.me.id}
    reason = f"genius-bot match #{match.id} is over"
    for channel_id in match.channel_ids():
        channel = guild.get_channel_or_thread(channel_id)
        try:
            if isinstance(channel, discord.Thread):
                if not channel.locked:
                    await channel.edit(locked=True, reason=reason)
            elif isinstance(channel, discord.TextChannel):
                overwrites = _read_only(channel.overwrites, players)
                if overwrites is not None:
                    await channel.edit(overwrites=overwrites, reason=reason)
        except discord.NotFound:
            continue  # deleted by hand meanwhile


def _read_only(
    current: dict[discord.Role | discord.Member | discord.Object, discord.PermissionOverwrite],
    players: set[int],
) -> dict[discord.Role | discord.Member | discord.Object, discord.PermissionOverwrite] | None:
    """``current`` with every player's overwrite made read-only; None if it is already."""
    changed = False
    result = dict(current)
    for target, overwrite in current.items():
        if target.id in players and not isinstance(target, discord.Role) and overwrite != READ_ONLY:
            result[target] = READ_ONLY
            changed = True
    return result if changed else None


@dataclass
class Cleaned:
    """One match cleaned up: how many of its channels were deleted now (the others
    were gone already)."""

    match_id: int
    deleted: int


@dataclass
class Sweep:
    """What one pass did: matches cleaned, and those kept with the reason."""

    cleaned: list[Cleaned] = field(default_factory=list)
    kept: dict[int, str] = field(default_factory=dict)


class Aftermath(commands.Cog):
    def __init__(
        self,
        client: discord.Client,
        runtime: MatchRuntime,
        sessions: async_sessionmaker[AsyncSession],
        settings: DiscordSettings,
    ) -> None:
        self._client = client
        self._runtime = runtime
        self._sessions = sessions
        self.schedule = CleanupSchedule(
            sessions, keep_days=settings.delete_after_days, owns_guild=settings.owns_guild
        )
        self.archive = Archive(settings.archive_channel, settings.host_role)
        self._seen: set[int] = set()  # ends handled by this process
        self._caught_up = False
        # One cleanup at a time: the sweep and a host's /match cleanup never race.
        self._cleaning = asyncio.Lock()

    # -- the end -------------------------------------------------------------------------

    async def over(self, match: MatchRecord) -> None:
        """The match ended (a message of it was delivered): read-only at once, and
        its cleanup scheduled. Once per process; again after a restart, harmlessly."""
        if match.id in self._seen or not match.status.over:
            return
        await self._note(match)
        guild = self._client.get_guild(match.guild_id)
        if guild is None or not match.channel_ids():
            return
        try:
            await make_read_only(guild, match)
        except discord.HTTPException:
            log.exception("match %s: could not make its channels read-only", match.id)
        await self.schedule.ended(match, discord.utils.utcnow())
        # Only once it is scheduled: a failure is tried again with the match's next
        # message, or by the next start's sweep.
        self._seen.add(match.id)

    async def _note(self, match: MatchRecord) -> None:
        """Its entry in the server's history, with the players' names as they are now."""
        if not listable(match):
            return
        try:
            await note(self._sessions, match, await seat_names(self._client, match))
        except Exception:  # publishing it, or /match history, notes it again later
            log.exception("match %s: could not note it in the server's history", match.id)

    # -- the sweep -----------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # Started once the guilds are known (READY), not at set-up.
        if not self.sweep.is_running():
            self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        """Clean up every match of this process's guilds that fell due (a discord.ext
        loop, as the checkpoints are: see docs/architecture.md "Checkpoints")."""
        try:
            if not self._caught_up:
                await self._catch_up()
            due = await self.schedule.due(discord.utils.utcnow())
            if due:
                await self.clean_all(due)
        except Exception:
            log.exception("the cleanup sweep failed; it runs again in %s s", SWEEP_SECONDS)

    async def _catch_up(self) -> None:
        """Ends no bot saw (it was down, or they predate the schedule): handled now."""
        for match in await self.schedule.unnoted():
            await self.over(match)
        await self.schedule.refresh()
        self._caught_up = True

    async def clean_all(self, matches: Iterable[MatchRecord]) -> Sweep:
        done = Sweep()
        for match in matches:
            try:
                done.cleaned.append(await self.clean(match))
            except ArchiveFailed as error:
                log.warning("match %s kept: %s; tried again later", match.id, error)
                done.kept[match.id] = str(error)
            except discord.HTTPException as error:
                log.warning("match %s: cleanup stopped (%s); tried again later", match.id, error)
                done.kept[match.id] = f"Discord refused a deletion ({error.text or error.status})"
            except Exception:
                # One match that can't be archived (say, its game is gone from this
                # bot) must not hold back the others behind it.
                log.exception("match %s: cleanup failed; tried again later", match.id)
                done.kept[match.id] = "its archive could not be made (the bot's log says why)"
        await self.schedule.refresh()
        return done

    async def clean(self, match: MatchRecord) -> Cleaned:
        """Archive the match (once), then delete its channels: nothing is deleted
        unless its record is in the archive."""
        async with self._cleaning:
            guild = self._client.get_guild(match.guild_id)
            if guild is None:
                raise ArchiveFailed("the bot is no longer on the match's server")
            noted = await self.schedule.get(match.id)
            if noted is not None and noted.cleaned_at is not None:
                return Cleaned(match.id, 0)
            if noted is None or noted.archived_at is None:
                names = await seat_names(self._client, match)
                export = await self._runtime.export(match.id, names)
                story = await room_story(self._sessions, match, names)
                await self.archive.post(guild, match, export, story)
                await self.schedule.archived(match.id, discord.utils.utcnow())
            deleted = await self._delete(guild, match)
            await self.schedule.cleaned(match.id, discord.utils.utcnow())
            # The ids would point at nothing: /match list shows no room for it now.
            await self._runtime.set_channels(match.id, Channels())
            return Cleaned(match.id, deleted)

    async def _delete(self, guild: discord.Guild, match: MatchRecord) -> int:
        """Delete the match's channels, then its category if nothing else is in it
        (a category may be shared); a channel already gone is skipped."""
        reason = f"genius-bot: match #{match.id} is archived"
        deleted = 0
        for channel_id in match.channel_ids():
            try:
                await self._client.http.delete_channel(channel_id, reason=reason)
                deleted += 1
            except discord.NotFound:
                continue
        category = guild.get_channel(match.category_id or 0)
        if isinstance(category, discord.CategoryChannel):
            ours = set(match.channel_ids())
            if all(c.id in ours for c in category.channels):
                try:
                    await category.delete(reason=reason)
                    deleted += 1
                except discord.NotFound:
                    pass
        return deleted
