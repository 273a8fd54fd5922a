"""The live room feed behind the spectator view.

The database is the feed's only source: history and new messages alike are the
room's committed outbox rows, read in id order. So the web never shows a
message that was not persisted first, a re-sent row (after a crash) shows once,
and a restart loses nothing. What is live is only the *nudge*: the delivery
port wrapper pokes the feed when the room gets a message, and the feed
re-reads. A poll every few seconds covers messages committed by another
process (a shard, or the bot while ``genius-bot web`` runs alone).

One refresher per watched match serves every spectator of it: N viewers cost
one query per update, not N.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.web.room import RoomMessage, RoomRenderer
from storage.records import MatchStatus
from storage.repository import MatchRepository
from storage.web import WebRepository

log = logging.getLogger(__name__)

PAGE = 200  # rows read per query


@dataclass(frozen=True)
class RoomStatus:
    status: MatchStatus
    pause_reason: str | None


class RoomFeed:
    """One watched match: its room messages so far and its status."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        self.messages: list[RoomMessage] = []
        self.status: RoomStatus | None = None
        self.version = 0  # bumped on every change
        self.ready = asyncio.Event()  # the first read is done
        self.poked = asyncio.Event()
        self.watchers = 0
        self.closed = False  # the server is stopping: streams end
        self.task: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()

    def after(self, message_id: int) -> list[RoomMessage]:
        return [m for m in self.messages if m.id > message_id]

    async def wait_change(self, version: int, seconds: float) -> bool:
        """Wait until the feed moves past ``version``; False when ``seconds`` ran out."""
        try:
            async with asyncio.timeout(seconds), self._changed:
                await self._changed.wait_for(lambda: self.version != version)
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        async with self._changed:
            self.closed = True
            self.version += 1
            self._changed.notify_all()

    async def publish(self, new: list[RoomMessage], status: RoomStatus | None) -> None:
        if not new and status == self.status:
            return
        async with self._changed:
            self.messages.extend(new)
            self.status = status
            self.version += 1
            self._changed.notify_all()


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

    def poke(self, match_id: int) -> None:
        """The room of ``match_id`` got a message: watched feeds re-read now."""
        feed = self._feeds.get(match_id)
        if feed is not None:
            feed.poked.set()

    def watchers(self, match_id: int) -> int:
        feed = self._feeds.get(match_id)
        return 0 if feed is None else feed.watchers

    @contextlib.asynccontextmanager
    async def watch(self, match_id: int) -> AsyncIterator[RoomFeed]:
        """Follow a match's room; the feed has been read once when this enters."""
        feed = self._feeds.get(match_id)
        if feed is None:
            feed = self._feeds[match_id] = RoomFeed(match_id)
            feed.task = asyncio.create_task(self._run(feed), name=f"web-feed-{match_id}")
        feed.watchers += 1
        try:
            await feed.ready.wait()
            yield feed
        finally:
            feed.watchers -= 1
            if feed.watchers == 0 and self._feeds.get(match_id) is feed:
                del self._feeds[match_id]
                if feed.task is not None:
                    feed.task.cancel()

    async def close(self) -> None:
        """End every live stream (the server is stopping)."""
        feeds = list(self._feeds.values())
        for feed in feeds:
            await feed.close()
            if feed.task is not None:
                feed.task.cancel()
        await asyncio.gather(*(f.task for f in feeds if f.task), return_exceptions=True)

    async def _run(self, feed: RoomFeed) -> None:
        while True:
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
        last = feed.messages[-1].id if feed.messages else 0
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
        await feed.publish(new, RoomStatus(match.status, match.pause_reason))
