"""The match runtime (DESIGN §3): the one component that owns every match's life.

Every action and every expiry takes the match's lock, applies the engine, and
hands the step to the process's writer (bot.runtime.writer), which commits
state + event + outbox, many matches per transaction, before anyone is told.
Then deadlines are re-derived from the new state and the outbox is pumped to
the delivery port in order. It knows nothing of Discord.

:class:`MatchRuntime` wires the parts and runs the runtime's own life (start-up,
shut-down, flush). Each concern is a part with its own state, and the runtime's
public names are those parts' own methods:

- lifecycle.py: create, open, discard, set_channels, start, abort (a match's life);
- host.py: pause, resume (and the pauses the bot or a player makes);
- moves.py: submit_text, submit;
- disclosure.py: reveal, export;
- reading.py: get, view, to_act, by_channel, list_for_guild, game;
- outages.py: hold_clocks, pause_held, release_clocks (and unreachable channels);
- checkpoints.py: checkpoint;
- unloadable.py: abort and export of a match this version cannot load (and
  every match it finds at start-up marked, held and told about);
- practice.py: the bot's seat of a practice match, thinking after each step
  (``think_seconds`` is its base pace).

Below them: matches.py (loading, adopting, forgetting), commits.py (a step
persisted, then applied), deadlines.py (timers, expiries, reminders),
windows.py (whether a move may be taken now), outbox.py (delivery).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.ops.metrics import Metrics
from bot.runtime.checkpoints import Checkpoints
from bot.runtime.commits import Committer, everyone
from bot.runtime.deadlines import Deadlines
from bot.runtime.delivery import DeliveryPort
from bot.runtime.disclosure import Disclosure
from bot.runtime.host import HostCommands
from bot.runtime.lifecycle import Lifecycle
from bot.runtime.live import LiveMatch, Mailbox
from bot.runtime.loading import CannotLoad
from bot.runtime.matches import Matches
from bot.runtime.moves import Moves
from bot.runtime.outages import Outages
from bot.runtime.outbox import Outbox
from bot.runtime.practice import BotSeats
from bot.runtime.reading import Reading
from bot.runtime.scheduler import LoopTime, Scheduler, TimeSource
from bot.runtime.unloadable import Unloadables
from bot.runtime.writer import Writer
from storage.records import MatchStatus
from storage.repository import MatchRepository


class MatchRuntime:
    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        delivery: DeliveryPort,
        *,
        time: TimeSource | None = None,
        scheduler: Scheduler | None = None,
        checkpoint_seconds: float = 5.0,
        retry_seconds: float = 5.0,
        game_defaults: Mapping[str, Mapping[str, Any]] | None = None,
        writer: Writer | None = None,
        metrics: Metrics | None = None,
        think_seconds: float = 5.0,
    ) -> None:
        self._sessions = sessionmaker
        self.scheduler = scheduler or Scheduler(time or LoopTime())
        self.time = self.scheduler.time
        self.writer = writer or Writer(sessionmaker)
        self._matches = matches = Matches(sessionmaker, self.time)
        self._outbox = outbox = Outbox(sessionmaker, delivery, retry_seconds=retry_seconds)
        # The committer re-arms a match's deadlines after each step; the deadlines
        # commit their expiries through it.
        committer = Committer(sessionmaker, self.writer, outbox, matches, rearm=self._rearm)
        self._committer = committer
        self._deadlines = Deadlines(self.scheduler, committer)

        self.lifecycle = Lifecycle(
            sessionmaker, matches, committer, game_defaults=game_defaults or {}
        )
        self.host = host = HostCommands(matches, committer, outbox)
        self.moves = Moves(matches, committer, metrics)
        self.disclosure = Disclosure(sessionmaker, matches, committer)
        self.reading = Reading(sessionmaker, matches)
        self.bots = BotSeats(self.scheduler, self.reading, self.moves, base_seconds=think_seconds)
        self.outages = Outages(matches, committer, outbox, host, self._rearm)
        self.checkpoints = Checkpoints(
            matches, self.writer, committer, self.scheduler, every_seconds=checkpoint_seconds
        )
        self.unloadable = Unloadables(sessionmaker, outbox, self.lifecycle, self.disclosure)
        self.metrics = metrics
        if metrics is not None:
            self._observed_by(metrics)

        # The public names: each is its part's own method.
        self.create = self.lifecycle.create
        self.set_channels = self.lifecycle.set_channels
        self.open = self.lifecycle.open
        self.discard = self.lifecycle.discard
        self.creating = self.lifecycle.creating
        self.start = self.lifecycle.start
        self.abort = self.unloadable.abort
        self.pause = host.pause
        self.resume = host.resume
        self.submit_text = self.moves.submit_text
        self.submit = self.moves.submit
        self.reveal = self.disclosure.reveal
        self.export = self.unloadable.export
        self.get = self.reading.get
        self.view = self.reading.view
        self.to_act = self.reading.to_act
        self.by_channel = self.reading.by_channel
        self.list_for_guild = self.reading.list_for_guild
        self.game = self.reading.game
        self.hold_clocks = self.outages.hold_clocks
        self.pause_held = self.outages.pause_held
        self.release_clocks = self.outages.release_clocks
        self.checkpoint = self.checkpoints.checkpoint

    def _rearm(self, live: LiveMatch) -> None:
        """After a step, or once its clock runs again: the match's deadlines match
        its state, and the bot's seat of a practice match thinks if it is asked."""
        self._deadlines.rearm(live)
        self.bots.rearm(live)

    def _observed_by(self, metrics: Metrics) -> None:
        """What the runtime's parts tell the metrics (moves: Moves itself)."""
        metrics.watch_batches(self.writer.batch_sizes)
        self.scheduler.on_late = metrics.timer_lateness.observe
        self.scheduler.on_failed = metrics.errors.labels("timer").inc
        self._outbox.on_failed = metrics.errors.labels("delivery").inc

    async def start_up(self, owns_guild: Callable[[int], bool] = lambda _: True) -> None:
        """Restore every unfinished match (of the guilds this process serves) and
        start the timers. Messages still queued go out first, then each running
        match's room and players are told it resumed. Only those matches are ever
        held here: another process's are read, never adopted (matches.py)."""
        self._matches.serve(owns_guild)
        async with self._sessions() as session:
            records = [
                r for r in await MatchRepository(session).unfinished() if owns_guild(r.guild_id)
            ]
        loads = [await self._matches.restore(record) for record in records]
        restored = [live for live in loads if isinstance(live, LiveMatch)]
        # A match that cannot be loaded is marked, held only to deliver, and told once.
        cannot = [error for error in loads if isinstance(error, CannotLoad)]
        untold = await self.unloadable.found(cannot, [live.id for live in restored])
        ended = partial(self._hold_ended, owns_guild)
        await self._outbox.requeue(self._find, [*restored, *self.unloadable], ended)
        await self.unloadable.tell(untold)
        self.outages.restored(restored)
        running = [live for live in restored if live.status is MatchStatus.RUNNING]
        resumed = everyone("match_resumed", after_restart=True)
        await self._committer.announce_all([(live, resumed) for live in running])
        for live in running:
            live.clock.start()
            self._rearm(live)
        self.scheduler.start()
        self.checkpoints.start()

    def _find(self, match_id: int) -> Mailbox | None:
        return self._matches.get(match_id) or self.unloadable.get(match_id)

    def _mailboxes(self) -> list[Mailbox]:
        return [*self._matches, *self.unloadable]

    async def _hold_ended(
        self, owns_guild: Callable[[int], bool], match_ids: list[int]
    ) -> list[Mailbox]:
        """Matches over before the restart that still owe messages (a crash came
        between their last commit and its delivery): held until those are out,
        then forgotten like any match that ends."""
        async with self._sessions() as session:
            repo = MatchRepository(session)
            records = [r for m in match_ids if (r := await repo.get(m)) is not None]
        ended = [r for r in records if r.status.over and owns_guild(r.guild_id)]
        loads = [await self._matches.restore(r) for r in ended]
        cannot = [error for error in loads if isinstance(error, CannotLoad)]
        if cannot:  # over: marked and held to deliver, not told
            await self.unloadable.found(cannot, [])
        lives = [live for live in loads if isinstance(live, LiveMatch)]
        for live in lives:
            # Runs once requeue has started its delivery, so it waits for that
            # (requeue queues their rows with no await in between).
            asyncio.get_running_loop().call_soon(self._matches.retire, live)
        stranded = {error.match_id for error in cannot}
        return [*lives, *(held for held in self.unloadable if held.id in stranded)]

    async def shut_down(self, *, grace_seconds: float = 5.0) -> None:
        """Refuse new steps, stop timers, let the writer finish the batch in flight,
        give queued notices a moment to go out, make clocks durable. Anything still
        undelivered stays in the outbox for the next start."""
        self._committer.stopped = True
        await self.scheduler.stop()
        await self.writer.idle()
        for live in self._matches:
            live.disarm()
        boxes = self._mailboxes()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._outbox.flush(boxes), grace_seconds)
        await self._outbox.close(boxes)
        await self.checkpoints.checkpoint()
        self._matches.clear()
        self.unloadable.clear()

    async def flush(self) -> None:
        """Wait until fired timers have run and every queued notice is delivered (or failed)."""
        await self.scheduler.drain()
        await self.writer.idle()
        await self._outbox.flush(self._mailboxes())
        # A channel found unreachable pauses its match, whose notices go out in turn.
        await self.outages.settle()

    def retry_deliveries(self) -> None:
        """Try again every delivery stopped by a failure (for an owner that runs
        the runtime with ``retry_seconds=0`` and retries on its own schedule)."""
        self._outbox.retry(self._mailboxes())
