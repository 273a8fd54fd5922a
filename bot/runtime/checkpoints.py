"""Clock checkpoints: every running match's clock made durable now and then, so
a crash never charges the downtime to anyone (a restart resumes each clock
from its last checkpoint, or from its last step if that is later).

Each clock is saved only if its match is still at the version held here, like
every other write: a refused save means another process wrote the match, so
this one takes the stored match instead of overwriting that process's clock."""

from __future__ import annotations

import logging

from sqlalchemy.ext.asyncio import AsyncSession

from bot.runtime.commits import Committer
from bot.runtime.live import LiveMatch
from bot.runtime.matches import Matches
from bot.runtime.scheduler import Scheduler
from bot.runtime.writer import Writer
from storage.clocks import ClockSave
from storage.records import MatchStatus
from storage.repository import MatchRepository

log = logging.getLogger(__name__)


class Checkpoints:
    def __init__(
        self,
        matches: Matches,
        writer: Writer,
        committer: Committer,
        scheduler: Scheduler,
        *,
        every_seconds: float,
    ) -> None:
        self._matches = matches
        self._committer = committer
        self._writer = writer
        self._scheduler = scheduler
        self._every_seconds = every_seconds  # 0: the owner calls checkpoint() on its own schedule

    def start(self) -> None:
        """Checkpoint every ``every_seconds`` from now on (if it is not 0)."""
        if self._every_seconds > 0:
            self._scheduler.call_later(self._every_seconds, self._tick)

    async def checkpoint(self) -> set[int]:
        """Make every running match's clock durable, so downtime is never charged.
        Through the writer, in turn with its batches: both update many matches'
        rows, and side by side they could deadlock on PostgreSQL.

        With no clock running (an idle bot, every match paused) there is nothing
        to save, and no transaction is opened: a paused match saved its clock when
        it paused. Under SimCord's virtual clock an empty transaction every 5 s is
        what made a long pause cost real seconds (see docs/architecture.md).

        Returns the matches found written by another process (their stored state
        taken instead)."""
        if not any(m.status is MatchStatus.RUNNING for m in self._matches):
            return set()
        refused = await self._writer.exclusive(self._save_clocks)
        held = [live for i in sorted(refused) if (live := self._matches.get(i)) is not None]
        return {live.id for live in held if await self._caught_up(live)}

    async def _caught_up(self, live: LiveMatch) -> bool:
        try:
            return await self._committer.catch_up(live)
        except Exception:
            # One match whose stored state cannot be taken must not stop the others.
            log.exception("match %s: cannot take its stored state; left as held", live.id)
            return False

    async def _save_clocks(self, session: AsyncSession) -> set[int]:
        # Read when the writer gets to it, so no step committed meanwhile has a
        # later clock than the one saved here.
        clocks = {
            m.id: ClockSave(m.record.version, m.clock.now_ms())
            for m in self._matches
            if m.status is MatchStatus.RUNNING
        }
        return await MatchRepository(session).checkpoint_clocks(clocks)

    async def _tick(self) -> None:
        # Re-armed first, so a failing checkpoint (database briefly away) is retried.
        self._scheduler.call_later(self._every_seconds, self._tick)
        await self.checkpoint()
