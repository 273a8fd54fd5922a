"""The live room feed behind the spectator view.

The database is the feed's only source: history and new messages alike are the
room's committed outbox rows, read in id order. So the web never shows a
message that was not persisted first, a re-sent row (after a crash) shows once,
and a restart loses nothing. What is live is only the *nudge*: something says
"the room of match M has a row up to id P" and the feed re-reads. Nudges come
from the delivery port wrapper (a match this process hosts) and from
bot.web.nudges (a match another process hosts: PostgreSQL's NOTIFY, or a quick
poll of SQLite); a slow poll per feed is the safety net under both.

One refresher per watched match serves every spectator of it: N viewers cost
one query per update, not N; and each message is encoded once (bot.web.frames)
into bytes every stream writes as they are.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.web.frames import message_frame, status_frame
from bot.web.room import RoomMessage, RoomRenderer
from storage.records import MatchStatus
from storage.repository import MatchRepository
from storage.web import WebRepository

log = logging.getLogger(__name__)

PAGE = 200  # rows read per query
CLOSE_SECONDS = 1.0  # how long a stopping server lets a feed's read under way finish


@dataclass(frozen=True)
class RoomStatus:
    status: MatchStatus
    pause_reason: str | None


class RoomFeed:
    """One watched match: its room messages so far (and their frames) and its status."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        self.messages: list[RoomMessage] = []
        self.frames: list[bytes] = []  # messages[i] as a stream sends it
        self.status: RoomStatus | None = None
        self.status_frame: bytes | None = None  # a new object on each status change
        self.encoded = 0  # frames encoded so far: one per message and per status
        self.version = 0  # bumped on every change
        self.ready = asyncio.Event()  # the first read is done
        self.poked = asyncio.Event()
        self.watchers = 0
        self.closed = False  # the server is stopping: streams end
        self.task: asyncio.Task[None] | None = None
        # Set (and replaced) on every change: all streams wake on one event.
        self._news = asyncio.Event()

    @property
    def last_id(self) -> int:
        return self.messages[-1].id if self.messages else 0

    def position_after(self, message_id: int) -> int:
        """Where a stream that has everything up to ``message_id`` starts."""
        return bisect.bisect_right(self.messages, message_id, key=lambda m: m.id)

    def frames_from(self, position: int) -> bytes:
        return b"".join(self.frames[position:])

    async def wait_change(self, version: int, seconds: float) -> bool:
        """Wait until the feed moves past ``version``; False when ``seconds`` ran out."""
        if self.version != version:
            return True
        news = self._news
        try:
            async with asyncio.timeout(seconds):
                await news.wait()
        except TimeoutError:
            return False
        return True

    def close(self) -> None:
        self.closed = True
        self._changed()

    def publish(self, new: list[RoomMessage], status: RoomStatus | None) -> None:
        if not new and status == self.status:
            return
        self.messages.extend(new)
        self.frames.extend(message_frame(m) for m in new)
        self.encoded += len(new)
        if status != self.status and status is not None:
            self.status_frame = status_frame(status.status, status.pause_reason)
            self.encoded += 1
        self.status = status
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        news, self._news = self._news, asyncio.Event()
        news.set()


class Feeds:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        renderer: RoomRenderer,
        *,
        poll_seconds: float = 5.0,
    ) -> None:
        self._sessions = sessions
        self.renderer = renderer
        self.poll_seconds = poll_seconds
        self._feeds: dict[int, RoomFeed] = {}
        self._ending: set[asyncio.Task[None]] = set()  # feeds nobody watches, finishing a read
        #: Called when a match comes to be watched while none was: the server starts
        #: hearing of other processes' rows then (bot.web.nudges), not before, so an
        #: unwatched bot (or a test's simulated loop) is not woken for nobody.
        self.on_watched: Callable[[], None] | None = None

    def poke(self, match_id: int, position: int | None = None) -> None:
        """The room of ``match_id`` got a message (up to row ``position``, if known):
        a watched feed re-reads now, unless it has that row already."""
        feed = self._feeds.get(match_id)
        if feed is not None and (position is None or position > feed.last_id):
            feed.poked.set()

    def poke_all(self) -> None:
        """Nudges may have been missed (a listener reconnected): every feed re-reads."""
        for feed in self._feeds.values():
            feed.poked.set()

    def heads(self) -> dict[int, int]:
        """Each watched match and the last room row its feed has."""
        return {match_id: feed.last_id for match_id, feed in self._feeds.items()}

    def feed(self, match_id: int) -> RoomFeed | None:
        return self._feeds.get(match_id)

    def watchers(self, match_id: int) -> int:
        feed = self._feeds.get(match_id)
        return 0 if feed is None else feed.watchers

    @contextlib.asynccontextmanager
    async def watch(self, match_id: int) -> AsyncIterator[RoomFeed]:
        """Follow a match's room; the feed has been read once when this enters."""
        feed = self._feeds.get(match_id)
        if feed is None:
            first = not self._feeds
            feed = self._feeds[match_id] = RoomFeed(match_id)
            if first and self.on_watched is not None:
                self.on_watched()
            feed.task = asyncio.create_task(self._run(feed), name=f"web-feed-{match_id}")
        feed.watchers += 1
        try:
            await feed.ready.wait()
            yield feed
        finally:
            feed.watchers -= 1
            if feed.watchers == 0 and self._feeds.get(match_id) is feed:
                del self._feeds[match_id]
                self._let_end(feed)

    def _let_end(self, feed: RoomFeed) -> None:
        """Stop ``feed`` after the read under way, if any, never in the middle of
        it: cancelled mid-query, a pooled PostgreSQL connection can be left open
        until the garbage collector finds it."""
        feed.close()
        feed.poked.set()  # a feed between reads wakes, sees it is closed, ends
        if feed.task is not None and not feed.task.done():
            self._ending.add(feed.task)
            feed.task.add_done_callback(self._ending.discard)

    async def close(self) -> None:
        """End every live stream (the server is stopping), each feed after its
        read under way; one still reading after :data:`CLOSE_SECONDS` (the
        database away) is cancelled."""
        for feed in list(self._feeds.values()):
            self._let_end(feed)
        tasks = list(self._ending)
        if tasks:
            _, reading = await asyncio.wait(tasks, timeout=CLOSE_SECONDS)
            for task in reading:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, feed: RoomFeed) -> None:
        while not feed.closed:
            feed.poked.clear()  # before reading: a poke during the read means read again
            try:
                await self._refresh(feed)
            except Exception:
                # The database may be briefly away: keep the spectators, try again.
                log.exception("web feed of match %s: could not read the room", feed.match_id)
            feed.ready.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(feed.poked.wait(), self.poll_seconds)

    async def _refresh(self, feed: RoomFeed) -> None:
        last = feed.last_id
        async with self._sessions() as session:
            match = await MatchRepository(session).get(feed.match_id)
            if match is None:
                return
            repo = WebRepository(session)
            rows = []
            while batch := await repo.room_messages(feed.match_id, after_id=last, limit=PAGE):
                rows.extend(batch)
                last = batch[-1].id
                if len(batch) < PAGE:
                    break
        # Names once per read: under Discord they may take an API call.
        names = tuple(await self.renderer.names(match)) if rows else ()
        new = [await self.renderer.message(match, row, names) for row in rows]
        feed.publish(new, RoomStatus(match.status, match.pause_reason))
