"""The match runtime (DESIGN §3): the one component that owns every match's life.

Every action and every expiry takes the match's lock, applies the engine, and
commits state + event + outbox in one transaction before anyone is told. Then
deadlines are re-derived from the new state and the outbox is pumped to the
delivery port in order. It knows nothing of Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.runtime.clock import MatchClock
from bot.runtime.delivery import DeliveryPort
from bot.runtime.live import LiveMatch, Pending, group_by_target
from bot.runtime.outbox import Outbox
from bot.runtime.resources import prepare, resolve
from bot.runtime.scheduler import LoopTime, Scheduler, Timer, TimeSource
from games import HOST, PUBLIC, Deadline, Notice, Rejected
from games.core import Actor, Audience
from storage.records import Channels, MatchRecord, MatchStatus, NewMatch, StaleVersion
from storage.repository import MatchRepository

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0  # before a failed expiry is tried again

# Runtime notices (started, paused, ...) go to the room and both private channels.
EVERYONE: tuple[Audience, ...] = (PUBLIC, 0, 1)


class _Unset:
    """Marks an argument left out, where None is a value (clearing a pause reason)."""


UNSET = _Unset()


class MatchRuntime:
    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        delivery: DeliveryPort,
        *,
        time: TimeSource | None = None,
        scheduler: Scheduler | None = None,
        checkpoint_seconds: float = 5.0,
        game_defaults: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        self._sessions = sessionmaker
        self.scheduler = scheduler or Scheduler(time or LoopTime())
        self.time = self.scheduler.time
        self._checkpoint_seconds = checkpoint_seconds
        self._game_defaults = dict(game_defaults or {})
        self._live: dict[int, LiveMatch] = {}
        self._loading = asyncio.Lock()
        self._outbox = Outbox(sessionmaker, delivery)

    # -- life of the runtime -------------------------------------------------

    async def start_up(self, owns_guild: Callable[[int], bool] = lambda _: True) -> None:
        """Restore every unfinished match (of the guilds this process serves) and
        start the timers. Messages still queued go out first, then each running
        match's room and players are told it resumed."""
        async with self._sessions() as session:
            records = [
                r for r in await MatchRepository(session).unfinished() if owns_guild(r.guild_id)
            ]
        restored = [live for record in records if (live := await self._restore(record)) is not None]
        await self._requeue_outbox()
        running = [live for live in restored if live.status is MatchStatus.RUNNING]
        resumed = self._everyone("match_resumed", after_restart=True)
        await self._announce_all([(live, resumed) for live in running])
        for live in running:
            live.clock.start()
            self._rearm(live)
        self.scheduler.start()
        if self._checkpoint_seconds > 0:
            self.scheduler.call_later(self._checkpoint_seconds, self._checkpoint_tick)

    async def shut_down(self, *, grace_seconds: float = 5.0) -> None:
        """Stop timers, give queued notices a moment to go out, make clocks durable.
        Anything still undelivered stays in the outbox for the next start."""
        await self.scheduler.stop()
        lives = list(self._live.values())
        for live in lives:
            live.disarm()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._outbox.flush(lives), grace_seconds)
        await self._outbox.close(lives)
        await self.checkpoint()
        self._live.clear()

    async def flush(self) -> None:
        """Wait until fired timers have run and every queued notice is delivered (or failed)."""
        await self.scheduler.drain()
        await self._outbox.flush(list(self._live.values()))

    # -- host commands ---------------------------------------------------------

    async def create(self, new: NewMatch) -> MatchRecord:
        game = self._game(new.game)
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
        if (live := self._live.get(match_id)) is not None:
            live.record = record
        return record

    async def start(self, match_id: int) -> MatchRecord:
        live = await self._load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.CREATED:
                raise Rejected(f"Match #{match_id} has already started ({live.status}).")
            step = live.game.setup(live.record.config, seed=live.record.seed, now_ms=0)
            opening = self._everyone("match_started", game_title=live.game.title)
            with live.clock.switched(running=True):
                await self._commit(
                    live, step.state, opening + step.notices, "host", HOST, {"command": "start"},
                    MatchStatus.RUNNING,
                )  # fmt: skip
        return live.record

    async def pause(self, match_id: int, reason: str | None = None) -> MatchRecord:
        live = await self._load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.RUNNING:
                raise Rejected(
                    f"Match #{match_id} is not running ({live.status}), so it can't be paused."
                )
            await self._pause_locked(live, reason)
        return live.record

    async def _pause_locked(self, live: LiveMatch, reason: str | None) -> None:
        with live.clock.switched(running=False):
            await self._commit(
                live, live.state, self._everyone("match_paused", reason=reason), "host", HOST,
                {"command": "pause", "reason": reason}, MatchStatus.PAUSED, pause_reason=reason,
            )  # fmt: skip

    async def resume(self, match_id: int) -> MatchRecord:
        live = await self._load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.PAUSED:
                raise Rejected(f"Match #{match_id} is not paused ({live.status}).")
            with live.clock.switched(running=True):
                await self._commit(
                    live, live.state, self._everyone("match_resumed", after_restart=False), "host",
                    HOST, {"command": "resume"}, MatchStatus.RUNNING, pause_reason=None,
                )  # fmt: skip
        return live.record

    async def abort(self, match_id: int) -> MatchRecord:
        live = await self._load(match_id)
        async with live.lock:
            if live.status.over:
                raise Rejected(f"Match #{match_id} is already over ({live.status}).")
            with live.clock.switched(running=False):
                await self._commit(
                    live, live.state, self._everyone("match_aborted"), "host", HOST,
                    {"command": "abort"}, MatchStatus.ABORTED,
                )  # fmt: skip
        return live.record

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
        live = await self._load(match_id)
        self._check_open(live)
        # A click aimed at a closed window is too late, whatever the move would say now.
        if window is not None and self._closed(live, actor, window):
            raise Rejected(self._closed_message(live, window))
        if action is None:
            action = live.game.parse(live.state, actor, text or "")
        # The window this move answers is fixed now, as it arrives: if the match
        # moves on while the move waits for the lock (the window's time runs out,
        # or the other seat's move closes it), it is refused, never applied to
        # whatever window is open by then.
        aimed = window or self._window(live, actor)
        async with live.lock:
            self._check_open(live)
            # Closed: the window moved on, or its time ran out for this seat (the
            # window may still be open for the other seat).
            if aimed is not None and self._closed(live, actor, aimed):
                raise Rejected(self._closed_message(live, aimed))
            now = live.clock.now_ms()
            step = live.game.apply(live.state, actor, action, now)
            payload = live.game.dump_action(action)
            # The host log records every move as made (the host may know everything).
            logged = self._notice("move_logged", HOST, seat=actor, move=text or _describe(payload))
            step = step.model_copy(update={"notices": [*step.notices, logged]})
            await self._commit(
                live, step.state, step.notices, "action", actor, payload, live.status, now_ms=now
            )
            if step.pause is not None and live.status is MatchStatus.RUNNING:
                # The engine asked for it (a player's emergency pause): the move
                # is committed first, then the match pauses as a host's pause does.
                await self._pause_locked(live, step.pause)
            return [n for n in step.notices if n.audience == actor]

    @staticmethod
    def _window(live: LiveMatch, actor: Actor) -> str | None:
        if live.state is None or isinstance(actor, str):
            return None
        return live.game.window(live.state, actor)

    def _closed(self, live: LiveMatch, actor: Actor, window: str) -> bool:
        """The window moved on, or its time ran out for this seat."""
        return window in live.fired or window != self._window(live, actor)

    @staticmethod
    def _closed_message(live: LiveMatch, window: str) -> str:
        if window in live.fired:
            return f"Too late — the time for {live.fired[window]} ran out."
        what = live.labels.get(window)
        return (
            f"Too late — {what} has already closed."
            if what
            else "Too late — that prompt has already closed."
        )

    def _check_open(self, live: LiveMatch) -> None:
        status = live.status
        if status is MatchStatus.CREATED:
            raise Rejected("The match hasn't started yet — the host starts it.")
        if status is MatchStatus.PAUSED:
            reason = f" ({live.record.pause_reason})" if live.record.pause_reason else ""
            raise Rejected(f"The match is paused{reason}; moves wait until the host resumes it.")
        if status.over:
            raise Rejected(f"Match #{live.id} is over.")

    # -- reading -------------------------------------------------------------------

    async def get(self, match_id: int) -> MatchRecord:
        if (live := self._live.get(match_id)) is not None:
            return live.record
        async with self._sessions() as session:
            record = await MatchRepository(session).get(match_id)
        if record is None:
            raise Rejected(f"There is no match #{match_id}.")
        return record

    async def view(self, match_id: int, audience: Audience) -> dict[str, Any]:
        """What ``audience`` may know, plus the match's own status and clocks."""
        live = await self._load(match_id)
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
        live = await self._load(match_id)
        if live.status is not MatchStatus.RUNNING or live.state is None:
            return frozenset()
        return live.game.to_act(live.state)

    async def by_channel(self, channel_id: int) -> tuple[MatchRecord, int | None] | None:
        async with self._sessions() as session:
            return await MatchRepository(session).by_channel(channel_id)

    async def list_for_guild(self, guild_id: int, *, live_only: bool = False) -> list[MatchRecord]:
        async with self._sessions() as session:
            return await MatchRepository(session).list_for_guild(guild_id, live_only=live_only)

    def game(self, match: MatchRecord) -> games.Game[Any, Any, Any]:
        return self._game(match.game)

    # -- internals ------------------------------------------------------------------

    @staticmethod
    def _game(key: str) -> games.Game[Any, Any, Any]:
        try:
            return games.get(key)
        except KeyError:
            raise Rejected(
                f"There is no game called {key!r}; choose one of: {', '.join(games.keys())}."
            ) from None

    @staticmethod
    def _notice(kind: str, audience: Audience = PUBLIC, **data: Any) -> Notice:
        return Notice(audience=audience, kind=kind, data=data)

    def _everyone(self, kind: str, **data: Any) -> list[Notice]:
        """A runtime notice for the room and both private channels."""
        return [self._notice(kind, audience, **data) for audience in EVERYONE]

    async def _load(self, match_id: int) -> LiveMatch:
        if (live := self._live.get(match_id)) is not None:
            return live
        async with self._loading:
            if (live := self._live.get(match_id)) is not None:
                return live
            async with self._sessions() as session:
                record = await MatchRepository(session).get(match_id)
            if record is None:
                raise Rejected(f"There is no match #{match_id}.")
            await prepare(record.game, record.config)
            return self._adopt(record)

    def _retire(self, live: LiveMatch) -> None:
        """Forget a finished match once its last notices are out (it reloads on demand)."""
        if live.pump is not None and not live.pump.done():
            live.pump.add_done_callback(lambda _: self._retire(live))
        elif not live.outbox and self._live.get(live.id) is live:
            del self._live[live.id]

    async def _restore(self, record: MatchRecord) -> LiveMatch | None:
        """Adopt one stored match; one that cannot be read must not stop the others."""
        try:
            await prepare(record.game, record.config)
            return self._adopt(record)
        except Exception:
            log.exception(
                "match %s: cannot restore it (game %r); left as it is", record.id, record.game
            )
            return None

    def _adopt(self, record: MatchRecord) -> LiveMatch:
        game = self._game(record.game)
        state = game.load_state(record.state) if record.state is not None else None
        live = LiveMatch(
            record=record, game=game, state=state, clock=MatchClock(self.time, record.clock_ms)
        )
        self._live[record.id] = live
        return live

    async def _commit(
        self, live: LiveMatch, state: Any, notices: list[Notice], kind: str, actor: Actor | None,
        payload: dict[str, Any], status: MatchStatus, *, now_ms: int | None = None,
        pause_reason: str | _Unset | None = UNSET,
    ) -> None:  # fmt: skip
        """Persist state + event + outbox in one transaction; then re-arm and deliver."""
        now = live.clock.now_ms() if now_ms is None else now_ms
        if state is not None and live.game.outcome(state) is not None:
            status = MatchStatus.FINISHED
        groups = group_by_target(notices)
        fields: dict[str, Any] = {"status": status, "clock_ms": now}
        if not isinstance(pause_reason, _Unset):
            fields["pause_reason"] = pause_reason
        event = (kind, None if actor is None else str(actor), payload, now)
        try:
            version, ids = await self._write(live, state, fields, event, groups)
        except StaleVersion:
            # Another process wrote this match (two shards misconfigured onto one
            # guild, or a restore race): take its version rather than wedge.
            await self._resync(live)
            raise Rejected("The match changed elsewhere just now; look again and retry.") from None
        live.state = state
        live.record = live.record.model_copy(update={"version": version, **fields})
        if status.over:
            live.clock.stop()
            asyncio.get_running_loop().call_soon(self._retire, live)
        self._rearm(live)
        self._outbox.push(live, [Pending(i, t, ns) for i, (t, ns) in zip(ids, groups, strict=True)])

    async def _write(
        self, live: LiveMatch, state: Any, fields: dict[str, Any],
        event: tuple[str, str | None, dict[str, Any], int], groups: list[tuple[str, list[Notice]]],
    ) -> tuple[int, list[int]]:  # fmt: skip
        async with self._sessions.begin() as session:
            repo = MatchRepository(session)
            state_json = state.model_dump_json() if state is not None else None
            version = await repo.update(
                live.id, expected_version=live.record.version, state=state_json, **fields
            )
            await repo.append_event(live.id, *event)
            ids = await repo.enqueue_many(live.id, [(t, _dump(ns)) for t, ns in groups])
        return version, ids

    async def _resync(self, live: LiveMatch) -> None:
        async with self._sessions() as session:
            record = await MatchRepository(session).get(live.id)
        if record is None:
            return
        live.record = record
        live.state = live.game.load_state(record.state) if record.state is not None else None
        self._rearm(live)

    async def _announce(self, live: LiveMatch, notices: list[Notice]) -> None:
        """Queue notices that change no state (e.g. a reminder)."""
        await self._announce_all([(live, notices)])

    async def _announce_all(self, batch: list[tuple[LiveMatch, list[Notice]]]) -> None:
        """Queue state-free notices for many matches in one transaction (a restart
        tells every running match at once)."""
        queued: list[tuple[LiveMatch, list[Pending]]] = []
        async with self._sessions.begin() as session:
            repo = MatchRepository(session)
            for live, notices in batch:
                groups = group_by_target(notices)
                ids = await repo.enqueue_many(live.id, [(t, _dump(ns)) for t, ns in groups])
                queued.append(
                    (live, [Pending(i, t, ns) for i, (t, ns) in zip(ids, groups, strict=True)])
                )
        for live, pending in queued:
            self._outbox.push(live, pending)

    # -- deadlines ---------------------------------------------------------------

    def _rearm(self, live: LiveMatch) -> None:
        """Make the armed timers match ``game.deadlines(state)`` exactly."""
        if live.status is not MatchStatus.RUNNING or live.state is None:
            live.disarm()
            return
        wanted = {d.key: d for d in live.game.deadlines(live.state)}
        for key, (deadline, _) in list(live.armed.items()):
            if wanted.get(key) != deadline:
                live.disarm(key)
        now = live.clock.now_ms()
        for key, deadline in wanted.items():
            if key not in live.armed:
                live.armed[key] = (deadline, self._arm(live, deadline, now))
                live.labels[key] = deadline.label

    def _arm(self, live: LiveMatch, deadline: Deadline, now_ms: int) -> list[Timer]:
        at = live.clock.when
        timers = [
            self.scheduler.call_at(at(deadline.at_ms), partial(self._expire, live, deadline.key))
        ]
        for seconds in deadline.reminders:
            mark = deadline.at_ms - seconds * 1000
            if mark > now_ms:
                timers.append(
                    self.scheduler.call_at(at(mark), partial(self._remind, live, deadline, seconds))
                )
        return timers

    async def _expire(self, live: LiveMatch, key: str) -> None:
        async with live.lock:
            entry = live.armed.pop(key, None)
            if entry is None or live.status is not MatchStatus.RUNNING:
                return
            deadline = entry[0]
            live.fired[key] = deadline.label or "that move"
            now = max(live.clock.now_ms(), deadline.at_ms)
            step = live.game.expire(live.state, key, now)
            if step.state is live.state and not step.notices:
                return  # the engine had nothing to do: no event worth logging
            # A scheduled event (a token arriving) is no time running out.
            logged = (
                []
                if deadline.timer
                else [self._notice("time_ran_out", HOST, seat=deadline.seat, label=deadline.label)]
            )
            try:
                await self._commit(
                    live, step.state, [*step.notices, *logged], "expire", None, {"key": key},
                    live.status, now_ms=now,
                )  # fmt: skip
            except Exception:
                # The deadline still stands: try it again shortly rather than
                # leave the match waiting for a timer that is gone.
                log.exception("match %s: could not apply expiry %s; retrying", live.id, key)
                live.fired.pop(key, None)
                retry = self.scheduler.call_later(RETRY_SECONDS, partial(self._expire, live, key))
                live.armed[key] = (deadline, [retry])

    async def _remind(self, live: LiveMatch, deadline: Deadline, seconds: int) -> None:
        # Under the lock: a move being committed right now may close the window.
        async with live.lock:
            if (
                live.armed.get(deadline.key, (None,))[0] != deadline
                or live.status is not MatchStatus.RUNNING
            ):
                return
            audience: Audience = PUBLIC if deadline.seat is None else deadline.seat
            notice = self._notice(
                "reminder", audience=audience, label=deadline.label, seconds_left=seconds
            )
            await self._announce(live, [notice])

    # -- delivery -------------------------------------------------------------------

    async def _requeue_outbox(self) -> None:
        async with self._sessions() as session:
            rows = await MatchRepository(session).undelivered()
        for row in rows:
            live = self._live.get(row.match_id)
            if live is None:
                continue  # a match this process does not serve, or cannot read
            notices = [Notice.model_validate(n) for n in row.notices]
            live.outbox.append(Pending(row.id, row.target, notices))
        for live in self._live.values():
            live.outbox.sort(key=lambda p: p.outbox_id)
            self._outbox.kick(live)

    # -- clock checkpoints -------------------------------------------------------------

    async def checkpoint(self) -> None:
        """Make every running match's clock durable, so downtime is never charged."""
        clocks = {
            m.id: m.clock.now_ms() for m in self._live.values() if m.status is MatchStatus.RUNNING
        }
        if clocks:
            async with self._sessions.begin() as session:
                await MatchRepository(session).checkpoint_clocks(clocks)

    async def _checkpoint_tick(self) -> None:
        # Re-armed first, so a failing checkpoint (database briefly away) is retried.
        self.scheduler.call_later(self._checkpoint_seconds, self._checkpoint_tick)
        await self.checkpoint()


def _describe(action: dict[str, Any]) -> str:
    """An action as the host log shows it when no typed text is at hand (buttons)."""
    fields = " ".join(f"{k}={v}" for k, v in action.items() if k != "kind" and v is not None)
    return f"{action.get('kind', 'move')} {fields}".strip()


def _dump(notices: list[Notice]) -> list[dict[str, Any]]:
    return [n.model_dump(mode="json") for n in notices]


def _explain(error: ValidationError) -> str:
    parts = []
    for problem in error.errors():
        where = ".".join(str(p) for p in problem["loc"]) or "options"
        parts.append(f"{where}: {problem['msg']}")
    return "; ".join(parts)
