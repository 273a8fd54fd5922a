"""Delivery of committed notices: in order per match, retried, marked in groups.

Each match has its own queue and pump task, so a slow channel delays only its
own match. Rows are marked delivered after the port accepted them; a crash in
between can only re-send a message, never lose one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime.delivery import DeliveryPort
from bot.runtime.live import LiveMatch, Pending
from games import Notice
from storage.repository import MatchRepository

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0


class Outbox:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], port: DeliveryPort) -> None:
        self._sessions = sessions
        self.port = port
        self._delivered: list[int] = []  # delivered, not yet marked so
        self._marker: asyncio.Task[None] | None = None

    def push(self, live: LiveMatch, pending: list[Pending]) -> None:
        live.outbox.extend(pending)
        self.kick(live)

    def kick(self, live: LiveMatch) -> None:
        if live.outbox and (live.pump is None or live.pump.done()):
            live.pump = asyncio.create_task(self._pump(live), name=f"outbox-{live.id}")

    async def requeue(
        self, find: Callable[[int], LiveMatch | None], lives: Iterable[LiveMatch]
    ) -> None:
        """After a restart: queue every undelivered row again, in id order, ahead of
        anything new, for the matches this process holds (``find``)."""
        async with self._sessions() as session:
            rows = await MatchRepository(session).undelivered()
        for row in rows:
            live = find(row.match_id)
            if live is None:
                continue  # a match this process does not serve, or cannot read
            notices = [Notice.model_validate(n) for n in row.notices]
            live.outbox.append(Pending(row.id, row.target, notices))
        for live in lives:
            live.outbox.sort(key=lambda p: p.outbox_id)
            self.kick(live)

    async def flush(self, lives: list[LiveMatch]) -> None:
        """Wait until every queued notice is delivered (or has failed) and marked."""
        while pumps := [lv.pump for lv in lives if lv.pump and not lv.pump.done()]:
            await asyncio.gather(*pumps, return_exceptions=True)
        if self._marker is not None:
            await asyncio.gather(self._marker, return_exceptions=True)

    async def close(self, lives: list[LiveMatch]) -> None:
        for live in lives:
            if live.pump is not None:
                live.pump.cancel()
        await asyncio.gather(*(lv.pump for lv in lives if lv.pump), return_exceptions=True)
        if self._marker is not None:  # let the last delivered rows be marked so
            await asyncio.gather(self._marker, return_exceptions=True)

    async def _pump(self, live: LiveMatch) -> None:
        """Deliver strictly in order; stop at a failure and retry later, so
        nothing is skipped or reordered."""
        while live.outbox:
            batch, live.outbox = live.outbox, []
            done: list[int] = []
            try:
                for i, pending in enumerate(batch):
                    try:
                        await self.port.deliver(live.record, pending.target, pending.notices)
                    except Exception:
                        log.exception(
                            "match %s: delivery to %s failed; will retry", live.id, pending.target
                        )
                        live.outbox = batch[i:] + live.outbox
                        asyncio.get_running_loop().call_later(RETRY_SECONDS, self.kick, live)
                        return
                    done.append(pending.outbox_id)
            finally:
                self._mark(done)

    def _mark(self, ids: list[int]) -> None:
        """Group marking: one UPDATE covers every row delivered, in any match,
        while the previous UPDATE ran."""
        self._delivered.extend(ids)
        if self._delivered and (self._marker is None or self._marker.done()):
            self._marker = asyncio.create_task(self._mark_loop(), name="outbox-marker")

    async def _mark_loop(self) -> None:
        while self._delivered:
            ids, self._delivered = self._delivered, []
            try:
                async with self._sessions.begin() as session:
                    await MatchRepository(session).mark_delivered(ids)
            except Exception:
                log.exception(
                    "could not mark %d outbox rows delivered; they may be re-sent", len(ids)
                )
