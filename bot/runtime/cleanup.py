"""After a match: the schedule of its channels' cleanup, kept in the database.

The front end tells :meth:`CleanupSchedule.ended` when it sees a match end;
the match is then due ``keep_days`` later (never, with 0). A periodic sweep
asks :meth:`CleanupSchedule.due` for the matches of this process's guilds
whose time has come; it costs no query until the earliest of them is due
(:meth:`CleanupSchedule.refresh` reads that time at start, and every match
this process schedules moves it). Each match is marked archived, then
cleaned, as the front end gets each step done, so a restart carries on where
the last process stopped. Times are passed in: the front end's clock decides.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.cleanup import Cleanup, CleanupRepository
from storage.records import MatchRecord


class CleanupSchedule:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        keep_days: float,
        owns_guild: Callable[[int], bool] = lambda _: True,
    ) -> None:
        self._sessions = sessions
        self.keep_days = keep_days
        self._owns = owns_guild
        #: The earliest cleanup of this process's guilds (None: none owed); no query before it.
        self._next: datetime | None = None

    def due_at(self, ended_at: datetime) -> datetime | None:
        return None if self.keep_days <= 0 else ended_at + timedelta(days=self.keep_days)

    async def ended(self, match: MatchRecord, now: datetime) -> bool:
        """Note that ``match`` ended at ``now`` (once: seen again, it changes
        nothing); True if this is the first time."""
        due = self.due_at(now)
        async with self._sessions.begin() as session:
            noted = await CleanupRepository(session).schedule(match.id, now, due)
        if noted and due is not None and (self._next is None or due < self._next):
            self._next = due
        return noted

    async def unnoted(self) -> list[MatchRecord]:
        """This process's ended matches that no bot saw end (it was down, or the
        match ended before the schedule existed)."""
        async with self._sessions() as session:
            records = await CleanupRepository(session).unscheduled()
        return [r for r in records if self._owns(r.guild_id)]

    async def refresh(self) -> None:
        """Read when the earliest cleanup of this process's guilds falls due."""
        async with self._sessions() as session:
            per_guild = await CleanupRepository(session).next_due()
        owned = [when for guild, when in per_guild.items() if self._owns(guild)]
        self._next = min(owned, default=None)

    async def due(self, now: datetime) -> list[MatchRecord]:
        """This process's matches whose channels are due to go by ``now``."""
        if self._next is None or now < self._next:
            return []
        async with self._sessions() as session:
            records = await CleanupRepository(session).due(now)
        return [r for r in records if self._owns(r.guild_id)]

    async def ended_in(self, guild_id: int) -> list[tuple[MatchRecord, datetime]]:
        """A guild's ended matches whose channels are still there, with when each ended."""
        async with self._sessions() as session:
            return await CleanupRepository(session).ended(guild_id)

    async def get(self, match_id: int) -> Cleanup | None:
        async with self._sessions() as session:
            return await CleanupRepository(session).get(match_id)

    async def archived(self, match_id: int, now: datetime) -> None:
        async with self._sessions.begin() as session:
            await CleanupRepository(session).mark_archived(match_id, now)

    async def cleaned(self, match_id: int, now: datetime) -> None:
        async with self._sessions.begin() as session:
            await CleanupRepository(session).mark_cleaned(match_id, now)
