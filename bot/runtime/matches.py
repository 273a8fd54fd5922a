"""The matches a runtime holds in memory, loaded on demand and forgotten when over.

A process holds (adopts, drives, checkpoints) only the matches of the guilds it
serves (its shard's, :meth:`Matches.serve`). Another process's match can be
read (:meth:`Matches.read`: as stored, a snapshot) but is never made live here:
its timers, reminders and clock are its owner's, and a second process driving
them would write over the owner's clock.

Loading reads one match and parses its state. Two callers asking for the same
match share one load; a load never makes callers for other matches wait (an
earlier design held one lock over every load, so one slow read, or a slow
word list, stalled every match being opened).

Which match a channel belongs to is asked on every interaction; the answer is
kept (:meth:`Matches.channel_match`) only for a match held here and unfinished,
and only until this process next creates a match or changes one's channels:
the only writes that could make the stored answer another match's. A restart
starts with none kept, and another process's match is never held here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import games
from bot.runtime.clock import MatchClock
from bot.runtime.live import LiveMatch
from bot.runtime.loading import CannotLoad, Loaded, load_match
from bot.runtime.scheduler import TimeSource
from games import Rejected
from storage.records import ChannelMatch, MatchRecord
from storage.repository import MatchRepository

log = logging.getLogger(__name__)


def game_for(key: str) -> games.Game[Any, Any, Any]:
    try:
        return games.get(key)
    except KeyError:
        raise Rejected(
            f"There is no game called {key!r}; choose one of: {', '.join(games.keys())}."
        ) from None


class Matches:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], time: TimeSource) -> None:
        self._sessions = sessions
        self._time = time
        self._live: dict[int, LiveMatch] = {}
        self._loading: dict[int, asyncio.Task[LiveMatch]] = {}
        self._retiring: set[asyncio.Task[None]] = set()  # waiting for a command to end
        self._owns: Callable[[int], bool] = lambda _guild_id: True
        #: channel id -> (match id, seat): answers found in the database for a match held here.
        self._channels: dict[int, tuple[int, int | None]] = {}
        self._channels_changed = 0  # counts the writes that make those answers doubtful

    def serve(self, owns_guild: Callable[[int], bool]) -> None:
        """Hold only the matches of the guilds ``owns_guild`` accepts (a shard's)."""
        self._owns = owns_guild

    def owns(self, record: MatchRecord) -> bool:
        return self._owns(record.guild_id)

    def get(self, match_id: int) -> LiveMatch | None:
        return self._live.get(match_id)

    def __contains__(self, match_id: int) -> bool:
        return match_id in self._live

    def __iter__(self) -> Iterator[LiveMatch]:
        return iter(list(self._live.values()))

    def clear(self) -> None:
        self._live.clear()
        self.channels_changed()

    def channel_match(self, channel_id: int) -> ChannelMatch | None:
        """The match ``channel_id`` belongs to, if known here without a read: a match
        held here, unfinished, its record still naming the channel for that seat."""
        known = self._channels.get(channel_id)
        if known is None:
            return None
        match_id, seat = known
        live = self._live.get(match_id)
        if live is not None and not live.status.over and _uses(live.record, channel_id, seat):
            return ChannelMatch(live.record, seat)
        del self._channels[channel_id]
        return None

    def channels_read(self) -> int:
        """A token for :meth:`note_channel`: the channel answers' generation now."""
        return self._channels_changed

    def note_channel(self, channel_id: int, found: ChannelMatch, read_at: int) -> None:
        """Keep a channel's stored answer, read when :meth:`channels_read` gave
        ``read_at``, if it is a match held here and no channels changed since."""
        live = self._live.get(found.match.id)
        if read_at == self._channels_changed and live is not None and not live.status.over:
            self._channels[channel_id] = (found.match.id, found.seat)

    def channels_changed(self) -> None:
        """A match was created or its channels changed (called once the write is
        done: a read begun before it is not kept): a kept answer may now be another
        match's (a room kept for the next match, a channel made again)."""
        self._channels_changed += 1
        self._channels.clear()

    async def load(self, match_id: int) -> LiveMatch:
        """The match in memory, read from the database if need be (Rejected if none)."""
        if (live := self._live.get(match_id)) is not None:
            return live
        loading = self._loading.get(match_id)
        if loading is None:
            loading = asyncio.create_task(self._read(match_id), name=f"load-{match_id}")
            self._loading[match_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(match_id, None))
        # Shielded: one caller giving up must not cancel the load the others wait on.
        return await asyncio.shield(loading)

    async def read(self, match_id: int) -> LiveMatch:
        """The match to read from: the one in memory, else a snapshot of it as
        stored, with its clock standing at the stored time; never adopted, so
        reading another process's match leaves it that process's alone."""
        if (live := self._live.get(match_id)) is not None:
            return live
        record = await self._stored(match_id)
        return self._build(record, await load_match(record))

    async def _read(self, match_id: int) -> LiveMatch:
        record = await self._stored(match_id)
        if not self.owns(record):
            raise Rejected(
                f"Match #{match_id} is hosted by another of this bot's processes "
                "(another shard); it can be played only there."
            )
        loaded = await load_match(record)  # CannotLoad says why, to whoever asked
        # Restored meanwhile (start-up adopts without loading): keep that one.
        return self._live.get(match_id) or self.adopt(record, loaded)

    async def _stored(self, match_id: int) -> MatchRecord:
        async with self._sessions() as session:
            record = await MatchRepository(session).get(match_id)
        if record is None or not record.status.shown:
            raise Rejected(f"There is no match #{match_id}.")
        return record

    async def restore(self, record: MatchRecord) -> LiveMatch | CannotLoad:
        """Adopt one stored match; one that cannot be loaded must not stop the
        others: it is returned with the reason (bot.runtime.unloadable tells)."""
        try:
            return self.adopt(record, await load_match(record))
        except CannotLoad as error:
            log.warning("match %s: cannot load it: %s", record.id, error.reason)
            return error

    def adopt(self, record: MatchRecord, loaded: Loaded) -> LiveMatch:
        live = self._build(record, loaded)
        self._live[record.id] = live
        return live

    def _build(self, record: MatchRecord, loaded: Loaded) -> LiveMatch:
        clock = MatchClock(self._time, record.clock_ms)
        return LiveMatch(record=record, game=loaded.game, state=loaded.state, clock=clock)

    def retire(self, live: LiveMatch) -> None:
        """Forget a finished match once its last notices are out (it reloads on demand)."""
        if live.pump is not None and not live.pump.done():
            live.pump.add_done_callback(lambda _: self.retire(live))
        elif live.lock.locked():
            # A command on the ended match (a reveal) is under way and may queue
            # notices on this very object: forgotten now, no flush would wait for them.
            retiring = asyncio.create_task(self._retire_after_lock(live), name=f"retire-{live.id}")
            self._retiring.add(retiring)
            retiring.add_done_callback(self._retiring.discard)
        elif not live.outbox and self._live.get(live.id) is live:
            del self._live[live.id]

    async def _retire_after_lock(self, live: LiveMatch) -> None:
        async with live.lock:
            pass
        self.retire(live)


def _uses(record: MatchRecord, channel_id: int, seat: int | None) -> bool:
    if seat is None:
        return channel_id in (record.room_channel_id, record.host_channel_id)
    return record.seat_of_channel(channel_id) == seat
