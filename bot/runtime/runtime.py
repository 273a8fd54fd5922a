"""The match runtime (DESIGN §3): the one component that owns every match's life.

Every action and every expiry takes the match's lock, applies the engine, and
hands the step to the process's writer (bot.runtime.writer), which commits
state + event + outbox, many matches per transaction, before anyone is told.
Then deadlines are re-derived from the new state and the outbox is pumped to
the delivery port in order. It knows nothing of Discord.

The concerns live beside it: matches.py (loading, adopting, forgetting),
commits.py (a step persisted, then applied), deadlines.py (timers, expiries,
reminders), windows.py (whether a move may be taken now), outbox.py (delivery).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.runtime.commits import Change, Committer, everyone, notice
from bot.runtime.deadlines import Deadlines
from bot.runtime.delivery import DeliveryPort
from bot.runtime.export import MatchExport, build_export
from bot.runtime.live import LiveMatch
from bot.runtime.matches import Matches, game_for
from bot.runtime.outbox import Outbox
from bot.runtime.resources import prepare, resolve
from bot.runtime.scheduler import LoopTime, Scheduler, TimeSource
from bot.runtime.windows import check_open, closed, closed_message, describe, window_of
from bot.runtime.writer import Writer
from games import HOST, PUBLIC, Notice, Rejected
from games.core import Actor, Audience
from storage.records import ChannelMatch, Channels, MatchRecord, MatchStatus, NewMatch
from storage.repository import MatchRepository

log = logging.getLogger(__name__)

#: The pause reason of a match paused because the bot lost Discord. A match
#: stored with it (the bot restarted during the outage) resumes once Discord is back.
OUTAGE_REASON = (
    "the bot lost its connection to Discord; the clocks stopped the moment it was lost "
    "and start again when it is back"
)


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
    ) -> None:
        self._sessions = sessionmaker
        self.scheduler = scheduler or Scheduler(time or LoopTime())
        self.time = self.scheduler.time
        self._checkpoint_seconds = checkpoint_seconds
        self._game_defaults = dict(game_defaults or {})
        self.writer = writer or Writer(sessionmaker)
        self._matches = Matches(sessionmaker, self.time)
        self._outbox = Outbox(sessionmaker, delivery, retry_seconds=retry_seconds)
        self._committer = Committer(
            sessionmaker, self.writer, self._outbox, self._matches, rearm=self._rearm
        )
        self._deadlines = Deadlines(self.scheduler, self._committer)
        self._outbox.on_blocked = self._on_blocked
        self._reports: set[asyncio.Task[None]] = set()  # blocked-channel reports under way

    # -- life of the runtime -------------------------------------------------

    async def start_up(self, owns_guild: Callable[[int], bool] = lambda _: True) -> None:
        """Restore every unfinished match (of the guilds this process serves) and
        start the timers. Messages still queued go out first, then each running
        match's room and players are told it resumed."""
        async with self._sessions() as session:
            records = [
                r for r in await MatchRepository(session).unfinished() if owns_guild(r.guild_id)
            ]
        restored = [
            live for record in records if (live := await self._matches.restore(record)) is not None
        ]
        ended = partial(self._hold_ended, owns_guild)
        await self._outbox.requeue(self._matches.get, restored, ended)
        running = [live for live in restored if live.status is MatchStatus.RUNNING]
        for live in restored:
            # Paused by an outage the bot did not live to see end: it resumes once
            # Discord is back (release_clocks), as it would have without the restart.
            live.outage_paused = (
                live.status is MatchStatus.PAUSED and live.record.pause_reason == OUTAGE_REASON
            )
        resumed = everyone("match_resumed", after_restart=True)
        await self._committer.announce_all([(live, resumed) for live in running])
        for live in running:
            live.clock.start()
            self._rearm(live)
        self.scheduler.start()
        if self._checkpoint_seconds > 0:
            self.scheduler.call_later(self._checkpoint_seconds, self._checkpoint_tick)

    async def _hold_ended(
        self, owns_guild: Callable[[int], bool], match_ids: list[int]
    ) -> list[LiveMatch]:
        """Matches over before the restart that still owe messages (a crash came
        between their last commit and its delivery): held until those are out,
        then forgotten like any match that ends."""
        async with self._sessions() as session:
            repo = MatchRepository(session)
            records = [r for m in match_ids if (r := await repo.get(m)) is not None]
        ended = [r for r in records if r.status.over and owns_guild(r.guild_id)]
        lives = [live for r in ended if (live := await self._matches.restore(r)) is not None]
        for live in lives:
            # Runs once requeue has started its delivery, so it waits for that.
            asyncio.get_running_loop().call_soon(self._matches.retire, live)
        return lives

    async def shut_down(self, *, grace_seconds: float = 5.0) -> None:
        """Stop timers, give queued notices a moment to go out, make clocks durable.
        Anything still undelivered stays in the outbox for the next start."""
        await self.scheduler.stop()
        await self.writer.idle()
        lives = list(self._matches)
        for live in lives:
            live.disarm()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._outbox.flush(lives), grace_seconds)
        await self._outbox.close(lives)
        await self.checkpoint()
        self._matches.clear()

    async def flush(self) -> None:
        """Wait until fired timers have run and every queued notice is delivered (or failed)."""
        await self.scheduler.drain()
        await self.writer.idle()
        await self._outbox.flush(list(self._matches))
        # A channel found unreachable pauses its match, whose notices go out in turn.
        while self._reports:
            await asyncio.gather(*list(self._reports), return_exceptions=True)
            await self._outbox.flush(list(self._matches))

    # -- host commands ---------------------------------------------------------

    async def create(self, new: NewMatch) -> MatchRecord:
        game = game_for(new.game)
        merged = {**self._game_defaults.get(new.game, {}), **new.config}
        merged = await resolve(new.game, merged)
        await prepare(new.game, merged)
        try:
            config = game.coerce_config(merged)
        except ValidationError as error:
            raise Rejected(f"Bad options for {game.title}: {_explain(error)}") from None
        new = new.model_copy(update={"config": config.model_dump(mode="json")})
        async with self._sessions.begin() as session:
            return await MatchRepository(session).create(new)

    async def set_channels(self, match_id: int, channels: Channels) -> MatchRecord:
        async with self._sessions.begin() as session:
            repo = MatchRepository(session)
            await repo.set_channels(match_id, channels)
            record = await repo.get(match_id)
        assert record is not None
        if (live := self._matches.get(match_id)) is not None:
            live.record = record
        return record

    async def start(self, match_id: int) -> MatchRecord:
        live = await self._matches.load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.CREATED:
                raise Rejected(f"Match #{match_id} has already started ({live.status}).")
            step = live.game.setup(live.record.config, seed=live.record.seed, now_ms=0)
            opening = everyone("match_started", game_title=live.game.title)
            with live.clock.switched(running=True):
                await self._commit(
                    live, step.state, opening + step.notices, {"command": "start"},
                    MatchStatus.RUNNING,
                )  # fmt: skip
        return live.record

    async def pause(self, match_id: int, reason: str | None = None) -> MatchRecord:
        live = await self._matches.load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.RUNNING:
                raise Rejected(
                    f"Match #{match_id} is not running ({live.status}), so it can't be paused."
                )
            await self._pause_locked(live, reason)
        return live.record

    async def _pause_locked(
        self, live: LiveMatch, reason: str | None, *, cause: str | None = None
    ) -> None:
        """Pause as a host does. ``cause`` marks a pause the bot made itself
        ('delivery', 'outage'): the host log is told too, and why."""
        notices = everyone("match_paused", reason=reason)
        if cause is not None:
            notices = [n.model_copy(update={"data": {**n.data, "cause": cause}}) for n in notices]
            notices.append(notice("match_paused", HOST, reason=reason, cause=cause))
        payload = {"command": "pause", "reason": reason}
        if cause is not None:
            payload["cause"] = cause
        with live.clock.switched(running=False):
            await self._commit(
                live, live.state, notices, payload, MatchStatus.PAUSED, pause_reason=reason
            )

    async def resume(self, match_id: int) -> MatchRecord:
        live = await self._matches.load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.PAUSED:
                raise Rejected(f"Match #{match_id} is not paused ({live.status}).")
            await self._resume_locked(live, after_restart=False)
        return live.record

    async def _resume_locked(self, live: LiveMatch, **data: Any) -> None:
        # Channels the bot could not reach are tried again first (the host says
        # they are fixed): their held messages go out, oldest first, before the
        # notice that the match resumed.
        self._outbox.unblock(live)
        live.outage_paused = False
        with live.clock.switched(running=True):
            await self._commit(
                live, live.state, everyone("match_resumed", **data),
                {"command": "resume"}, MatchStatus.RUNNING, pause_reason=None,
            )  # fmt: skip

    async def abort(self, match_id: int) -> MatchRecord:
        live = await self._matches.load(match_id)
        async with live.lock:
            if live.status.over:
                raise Rejected(f"Match #{match_id} is already over ({live.status}).")
            with live.clock.switched(running=False):
                await self._commit(
                    live, live.state, everyone("match_aborted"), {"command": "abort"},
                    MatchStatus.ABORTED,
                )  # fmt: skip
        return live.record

    async def reveal(self, match_id: int) -> int:
        """Post every secret of an ended match to the room, once: the engine's
        ``reveal`` notices, committed (and logged) like a host command, so the
        room, the web view and a restart all see them. Returns how many notices."""
        live = await self._matches.load(match_id)
        async with live.lock:
            if not live.status.over:
                raise Rejected(
                    f"Match #{match_id} is not over ({live.status}): its secrets can be revealed "
                    "only once it finishes, or once you `/match abort` it."
                )
            if live.state is None:
                raise Rejected(f"Match #{match_id} never started, so it has no secrets.")
            if await self._revealed(match_id):
                raise Rejected(f"Match #{match_id}'s secrets were already revealed in its room.")
            secrets = [n for n in live.game.reveal(live.state) if n.audience == PUBLIC]
            if not secrets:
                raise Rejected(f"{live.game.title} keeps no secrets to reveal.")
            await self._commit(live, live.state, secrets, {"command": "reveal"}, live.status)
            return len(secrets)

    async def _revealed(self, match_id: int) -> bool:
        async with self._sessions() as session:
            events = await MatchRepository(session).events(match_id)
        return any(e.kind == "host" and e.payload.get("command") == "reveal" for e in events)

    async def _commit(
        self, live: LiveMatch, state: Any, notices: list[Notice], payload: dict[str, Any],
        status: MatchStatus, **optional: Any,
    ) -> None:  # fmt: skip
        """A host command's step (logged as 'host', by the host)."""
        await self._committer.commit(
            live, Change(state, notices, "host", HOST, payload, status, **optional)
        )

    # -- moves -------------------------------------------------------------------

    async def submit_text(
        self, match_id: int, actor: Actor, text: str, *, window: str | None = None
    ) -> list[Notice]:
        """Parse and apply a move typed by ``actor``; returns the notices addressed to it.
        ``window`` names the decision window the move answers (buttons carry it)."""
        return await self._act(match_id, actor, text=text, window=window)

    async def submit(
        self, match_id: int, actor: Actor, action: Any, *, window: str | None = None
    ) -> list[Notice]:
        return await self._act(match_id, actor, action=action, window=window)

    async def _act(
        self, match_id: int, actor: Actor, *, text: str | None = None, action: Any = None,
        window: str | None = None,
    ) -> list[Notice]:  # fmt: skip
        live = await self._matches.load(match_id)
        check_open(live)
        # A click aimed at a closed window is too late, whatever the move would say now.
        if window is not None and closed(live, actor, window):
            raise Rejected(closed_message(live, window))
        if action is None:
            action = live.game.parse(live.state, actor, text or "")
        # The window this move answers is fixed now, as it arrives (see windows.py).
        aimed = window or window_of(live, actor)
        async with live.lock:
            check_open(live)
            if aimed is not None and closed(live, actor, aimed):
                raise Rejected(closed_message(live, aimed))
            now = live.clock.now_ms()
            step = live.game.apply(live.state, actor, action, now)
            payload = live.game.dump_action(action)
            # The host log records every move as made (the host may know everything).
            logged = notice("move_logged", HOST, seat=actor, move=text or describe(payload))
            notices = [*step.notices, logged]
            change = Change(step.state, notices, "action", actor, payload, live.status, now_ms=now)
            await self._committer.commit(live, change)
            if step.pause is not None and live.status is MatchStatus.RUNNING:
                # The engine asked for it (a player's emergency pause): the move
                # is committed first, then the match pauses as a host's pause does.
                await self._pause_locked(live, step.pause)
            return [n for n in notices if n.audience == actor]

    # -- channels the bot cannot reach --------------------------------------------------

    def _on_blocked(self, live: LiveMatch, target: str, reason: str) -> None:
        """The outbox holds a target's messages: report it (under the match lock)."""
        task = asyncio.create_task(self._report_blocked(live, reason), name=f"blocked-{live.id}")
        self._reports.add(task)
        task.add_done_callback(self._reports.discard)

    async def _report_blocked(self, live: LiveMatch, reason: str) -> None:
        """A running match pauses with the reason (clocks stop: no one is charged
        for moves they may not see); any other is reported to the host and room."""
        try:
            async with live.lock:
                if live.status is MatchStatus.RUNNING:
                    await self._pause_locked(live, reason, cause="delivery")
                elif not live.status.over:
                    blocked = [notice("delivery_blocked", a, reason=reason) for a in (PUBLIC, HOST)]
                    await self._committer.announce(live, blocked)
        except Exception:
            log.exception("match %s: could not pause or report it (%s)", live.id, reason)

    # -- the bot cut off from Discord -------------------------------------------------------

    def hold_clocks(self) -> int:
        """The connection to Discord is lost: stop every running match's clock now
        and disarm its timers, saving nothing yet (a blip is undone by
        :meth:`release_clocks`). Returns how many matches were held."""
        held = 0
        for live in self._matches:
            if live.status is MatchStatus.RUNNING and live.clock.running:
                live.clock.stop()
                live.disarm()
                live.held = True
                held += 1
        return held

    async def pause_held(self) -> None:
        """The outage outlasted its grace: the held matches pause, at the match
        time they were held at, and say so."""
        for live in self._matches:
            async with live.lock:
                if live.held and live.status is MatchStatus.RUNNING:
                    await self._pause_locked(live, OUTAGE_REASON, cause="outage")
                    live.outage_paused = True
                live.held = False

    async def release_clocks(self) -> None:
        """Discord is back: held clocks run on unannounced, matches paused for the
        outage resume with a notice; matches the host paused stay paused."""
        for live in self._matches:
            async with live.lock:
                if live.held and live.status is MatchStatus.RUNNING:
                    live.clock.start()
                    self._rearm(live)
                elif live.outage_paused and live.status is MatchStatus.PAUSED:
                    await self._resume_locked(live, after_restart=False, after_outage=True)
                live.held = live.outage_paused = False

    # -- reading -------------------------------------------------------------------

    async def get(self, match_id: int) -> MatchRecord:
        if (live := self._matches.get(match_id)) is not None:
            return live.record
        async with self._sessions() as session:
            record = await MatchRepository(session).get(match_id)
        if record is None:
            raise Rejected(f"There is no match #{match_id}.")
        return record

    async def view(self, match_id: int, audience: Audience) -> dict[str, Any]:
        """What ``audience`` may know, plus the match's own status and clocks."""
        live = await self._matches.load(match_id)
        async with live.lock:
            base = {} if live.state is None else live.game.view(live.state, audience)
            now = live.clock.now_ms()
            # Decision windows are public knowledge (whose clock runs, and how long is
            # left). A seat's timer is not: when its next token comes tells how much
            # it has solved (Logical Horror), so only that seat and the host see it.
            deadlines = [
                {"label": d.label, "seat": d.seat, "seconds_left": max(0, d.at_ms - now) // 1000}
                for d in (live.game.deadlines(live.state) if live.state is not None else [])
                if not d.timer or d.seat is None or audience in (d.seat, HOST)
            ]
            match = {
                "id": live.id, "game": live.record.game, "title": live.game.title,
                "status": str(live.status), "pause_reason": live.record.pause_reason,
                "clock_ms": now, "deadlines": deadlines,
            }  # fmt: skip
            return {**base, "match": match}

    async def to_act(self, match_id: int) -> frozenset[int]:
        """The seats the game is waiting on now (none unless running)."""
        live = await self._matches.load(match_id)
        if live.status is not MatchStatus.RUNNING or live.state is None:
            return frozenset()
        return live.game.to_act(live.state)

    async def export(self, match_id: int, names: Sequence[str]) -> MatchExport:
        """The match as stored, with its whole event log (``/match export``): both
        read in one transaction, so the state and the log are of the same moment."""
        async with self._sessions() as session:
            if session.get_bind().dialect.name == "postgresql":
                # Read committed gives each statement its own snapshot. (SQLite
                # needs nothing: this session holds the process's one connection,
                # so no step can be committed between the two reads.)
                await session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            repo = MatchRepository(session)
            record = await repo.get(match_id)
            if record is None:
                raise Rejected(f"There is no match #{match_id}.")
            events = await repo.events(match_id)
        return build_export(game_for(record.game), record, events, names)

    async def by_channel(self, channel_id: int) -> ChannelMatch | None:
        async with self._sessions() as session:
            return await MatchRepository(session).by_channel(channel_id)

    async def list_for_guild(self, guild_id: int, *, live_only: bool = False) -> list[MatchRecord]:
        async with self._sessions() as session:
            return await MatchRepository(session).list_for_guild(guild_id, live_only=live_only)

    def game(self, match: MatchRecord) -> games.Game[Any, Any, Any]:
        return game_for(match.game)

    # -- deadlines and clock checkpoints ------------------------------------------------

    def _rearm(self, live: LiveMatch) -> None:
        self._deadlines.rearm(live)

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
        await self.writer.exclusive(self._save_clocks)

    async def _save_clocks(self, session: AsyncSession) -> None:
        # Read when the writer gets to it, so no step committed meanwhile has a
        # later clock than the one saved here.
        clocks = {m.id: m.clock.now_ms() for m in self._matches if m.status is MatchStatus.RUNNING}
        await MatchRepository(session).checkpoint_clocks(clocks)

    def retry_deliveries(self) -> None:
        """Try again every delivery stopped by a failure (for an owner that runs
        the runtime with ``retry_seconds=0`` and retries on its own schedule)."""
        self._outbox.retry(self._matches)

    async def _checkpoint_tick(self) -> None:
        # Re-armed first, so a failing checkpoint (database briefly away) is retried.
        self.scheduler.call_later(self._checkpoint_seconds, self._checkpoint_tick)
        await self.checkpoint()


def _explain(error: ValidationError) -> str:
    parts = []
    for problem in error.errors():
        where = ".".join(str(p) for p in problem["loc"]) or "options"
        parts.append(f"{where}: {problem['msg']}")
    return "; ".join(parts)
