"""Clock checkpoints: every running match's clock made durable now and then, so
a crash never charges the downtime to anyone (a restart resumes each clock
from its last checkpoint, or from its last step if that is later).

Each clock is saved only if its match is still at the version held here, like
every other write: a refused save means another process wrote the match, so
this one takes the stored match instead of overwriting that process's clock.

A checkpoint is written in chunks of :data:`CHUNK` matches, each a writer job
of its own, so the writer's batches of moves go between them: at 1,000
matches one UPDATE of every row held the writer for tens of milliseconds
every 5 s, and every move arriving meanwhile waited it out (the open-loop
benchmark's slowest moves). A chunk holds it for about what a batch does.

On SQLite a chunk is one trip to the database thread (BEGIN, the UPDATE, COMMIT
as one call, :func:`storage.one_trip.checkpoint_in_one_trip`), as a batch of
moves is: through a session it made five, each a hand-over to that thread and
back, and the moves queued behind the chunk waited all five out."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Sequence
from functools import partial

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from bot.runtime.commits import Committer
from bot.runtime.live import LiveMatch
from bot.runtime.matches import Matches
from bot.runtime.scheduler import Scheduler
from bot.runtime.writer import Writer
from storage.clocks import ClockSave
from storage.one_trip import checkpoint_in_one_trip
from storage.records import MatchStatus
from storage.repository import MatchRepository

log = logging.getLogger(__name__)

#: Matches whose clocks one checkpoint transaction saves.
CHUNK = 100


class Checkpoints:
    def __init__(
        self,
        matches: Matches,
        writer: Writer,
        committer: Committer,
        scheduler: Scheduler,
        *,
        every_seconds: float,
        chunk: int = CHUNK,
    ) -> None:
        self._matches = matches
        self._committer = committer
        self._writer = writer
        self._scheduler = scheduler
        self._every_seconds = every_seconds  # 0: the owner calls checkpoint() on its own schedule
        self.chunk = chunk  # matches a transaction (tests make it small)

    def start(self) -> None:
        """Checkpoint every ``every_seconds`` from now on (if it is not 0)."""
        if self._every_seconds > 0:
            self._scheduler.call_later(self._every_seconds, self._tick)

    async def checkpoint(self) -> set[int]:
        """Make every running match's clock durable, so downtime is never charged.
        Through the writer, in turn with its batches: both update many matches'
        rows, and side by side they could deadlock on PostgreSQL. A chunk of
        matches at a time, so the batches of moves are not held up by all of them.

        With no clock running (an idle bot, every match paused) there is nothing
        to save, and no transaction is opened: a paused match saved its clock when
        it paused. Under SimCord's virtual clock an empty transaction every 5 s is
        what made a long pause cost real seconds (see docs/architecture.md).

        Returns the matches found written by another process (their stored state
        taken instead)."""
        running = [m.id for m in self._matches if m.status is MatchStatus.RUNNING]
        if not running:
            return set()
        chunks = [running[i : i + self.chunk] for i in range(0, len(running), self.chunk)]
        # Queued together: the writer runs one job, then one batch, in turn.
        saves = [self._save_chunk(ids) for ids in chunks]
        refused = set[int]().union(*await asyncio.gather(*saves))
        held = [live for i in sorted(refused) if (live := self._matches.get(i)) is not None]
        return {live.id for live in held if await self._caught_up(live)}

    async def _caught_up(self, live: LiveMatch) -> bool:
        try:
            return await self._committer.catch_up(live)
        except Exception:
            # One match whose stored state cannot be taken must not stop the others.
            log.exception("match %s: cannot take its stored state; left as held", live.id)
            return False

    def _save_chunk(self, match_ids: Sequence[int]) -> Awaitable[set[int]]:
        """A writer job: one trip on SQLite, a session's transaction elsewhere."""
        if (engine := self._writer.one_trip) is not None:
            return self._writer.in_turn(partial(self._save_in_one_trip, engine, match_ids))
        return self._writer.exclusive(partial(self._save_clocks, match_ids))

    async def _save_in_one_trip(self, engine: AsyncEngine, match_ids: Sequence[int]) -> set[int]:
        return await checkpoint_in_one_trip(engine, self._clocks(match_ids))

    async def _save_clocks(self, match_ids: Sequence[int], session: AsyncSession) -> set[int]:
        return await MatchRepository(session).checkpoint_clocks(self._clocks(match_ids))

    def _clocks(self, match_ids: Sequence[int]) -> dict[int, ClockSave]:
        # Read when the writer gets to the chunk, so no step committed meanwhile
        # has a later clock than the one saved here (and a match that stopped
        # running since the checkpoint began saved its clock with that step).
        return {
            m.id: ClockSave(m.record.version, m.clock.now_ms())
            for i in match_ids
            if (m := self._matches.get(i)) is not None and m.status is MatchStatus.RUNNING
        }

    async def _tick(self) -> None:
        # Re-armed first, so a failing checkpoint (database briefly away) is retried.
        self._scheduler.call_later(self._every_seconds, self._tick)
        await self.checkpoint()
