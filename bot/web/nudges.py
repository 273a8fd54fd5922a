"""Nudges for matches another process hosts: their rows reach the feeds fast.

A match this process hosts pokes its feed from the delivery port wrapper. One
hosted elsewhere (a shard that does not own it, or the bot while ``genius-bot
web`` runs alone) pokes nobody here, so:

- On PostgreSQL the database pushes: every commit that adds room rows sends a
  NOTIFY (migration 0008) and :class:`RoomListener` LISTENs on one dedicated
  connection, poking the feed of that match if it is watched here. The payload
  names the match and its highest new row, so a feed that read it already (the
  delivery poked it first) does not read again. Each time it starts listening
  (the first time, and after a cut connection is re-opened) every feed re-reads
  once, as notifications may have been missed.
- SQLite has no NOTIFY: :class:`RoomPoller` asks, a few times a second and only
  while someone watches, for the last room row of every watched match, in one
  query for them all, and pokes the feeds that are behind.

Either way a feed reads the rows once per process, however many streams follow it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Protocol

import asyncpg  # type: ignore[import-untyped]  # it ships no type information
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.web.feed import Feeds
from storage.web import ROOM_CHANNEL, WebRepository

log = logging.getLogger(__name__)

#: SQLite: seconds between looks at the watched matches' rooms (the 1 s goal
#: leaves room for the read and the writes after it).
QUICK_POLL_SECONDS = 0.3
#: PostgreSQL: a quiet listener checks its connection this often (a connection
#: lost without a word, say behind a dead network path, shows up here).
CHECK_SECONDS = 30.0
RECONNECT_SECONDS = (0.2, 0.5, 1.0, 2.0, 5.0)  # then 5 s each time


class Nudges(Protocol):
    async def run(self) -> None: ...


def nudges_for(sessions: async_sessionmaker[AsyncSession], feeds: Feeds) -> Nudges:
    """The database's way of telling this process about other processes' rows."""
    bind = sessions.kw["bind"]
    if bind.dialect.name == "postgresql":
        return RoomListener(bind.url.render_as_string(hide_password=False), feeds)
    return RoomPoller(sessions, feeds)


class RoomPoller:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        feeds: Feeds,
        seconds: float = QUICK_POLL_SECONDS,
    ) -> None:
        self._sessions = sessions
        self._feeds = feeds
        self.seconds = seconds

    async def run(self) -> None:
        # Started when a match comes to be watched (Feeds.on_watched); it ends when
        # nobody watches, so an idle process runs no timer at all.
        while self._feeds.heads():
            await asyncio.sleep(self.seconds)
            if not (heads := self._feeds.heads()):
                return
            try:
                async with self._sessions() as session:
                    latest = await WebRepository(session).room_heads(list(heads))
            except Exception:
                log.exception("web streams: could not look for new room rows")
                continue
            for match_id, last in latest.items():
                self._feeds.poke(match_id, last)


class RoomListener:
    def __init__(self, url: str, feeds: Feeds) -> None:
        # asyncpg takes the plain libpq form of the SQLAlchemy URL.
        self._dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self._feeds = feeds
        self.connected = asyncio.Event()  # listening now (tests wait for it)
        self.connections = 0  # how many times it (re)connected
        self.server_pid: int | None = None  # the listening backend's (tests cut it)

    async def run(self) -> None:
        failures = 0
        while True:
            try:
                await self._listen()
                failures = 0  # it was listening: the next cut starts the backoff again
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
                log.warning("web streams: the database listener is down; retrying", exc_info=True)
                failures += 1
            self.connected.clear()
            await asyncio.sleep(RECONNECT_SECONDS[min(failures, len(RECONNECT_SECONDS) - 1)])

    async def _listen(self) -> None:
        connection = await asyncpg.connect(self._dsn)
        lost = asyncio.Event()
        try:
            connection.add_termination_listener(lambda _connection: lost.set())
            await connection.add_listener(ROOM_CHANNEL, self._notified)
            self.connections += 1
            self.server_pid = connection.get_server_pid()
            # Whatever was said while it was away, and on the first connection
            # whatever was committed between a feed's first read and the LISTEN
            # (that row's NOTIFY went to nobody): one read of each watched feed.
            self._feeds.poke_all()
            self.connected.set()
            while not lost.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(lost.wait(), CHECK_SECONDS)
                if not lost.is_set():
                    await asyncio.wait_for(connection.execute("SELECT 1"), CHECK_SECONDS / 3)
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(connection.close(), 2.0)
            if not connection.is_closed():
                connection.terminate()

    def _notified(self, _connection: Any, _pid: int, _channel: str, payload: object) -> None:
        match_id, _, last = str(payload).partition(":")
        if match_id.isdigit() and last.isdigit():
            self._feeds.poke(int(match_id), int(last))
        else:
            log.warning("web streams: a room notification not understood: %r", payload)
