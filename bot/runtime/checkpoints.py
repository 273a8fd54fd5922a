"""Clock checkpoints: every running match's clock made durable now and then, so
a crash never charges the downtime to anyone (a restart resumes each clock
from its last checkpoint, or from its last step if that is later)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot.runtime.matches import Matches
from bot.runtime.scheduler import Scheduler
from bot.runtime.writer import Writer
from storage.records import MatchStatus
from storage.repository import MatchRepository


class Checkpoints:
    def __init__(
        self, matches: Matches, writer: Writer, scheduler: Scheduler, *, every_seconds: float
    ) -> None:
        self._matches = matches
        self._writer = writer
        self._scheduler = scheduler
        self._every_seconds = every_seconds  # 0: the owner calls checkpoint() on its own schedule

    def start(self) -> None:
        """Checkpoint every ``every_seconds`` from now on (if it is not 0)."""
        if self._every_seconds > 0:
            self._scheduler.call_later(self._every_seconds, self._tick)

    async def checkpoint(self) -> None:
        """Make every running match's clock durable, so downtime is never charged.
        Through the writer, in turn with its batches: both update many matches'
        rows, and side by side they could deadlock on PostgreSQL.

        With no clock running (an idle bot, every match paused) there is nothing
        to save, and no transaction is opened: a paused match saved its clock when
        it paused. Under SimCord's virtual clock an empty transaction every 5 s is
        what made a long pause cost real seconds (see docs/architecture.md)."""
        if not any(m.status is MatchStatus.RUNNING for m in self._matches):
            return
        await self._writer.exclusive(self._save_clocks)

    async def _save_clocks(self, session: AsyncSession) -> None:
        # Read when the writer gets to it, so no step committed meanwhile has a
        # later clock than the one saved here.
        clocks = {m.id: m.clock.now_ms() for m in self._matches if m.status is MatchStatus.RUNNING}
        await MatchRepository(session).checkpoint_clocks(clocks)

    async def _tick(self) -> None:
        # Re-armed first, so a failing checkpoint (database briefly away) is retried.
        self._scheduler.call_later(self._every_seconds, self._tick)
        await self.checkpoint()
