"""Delivery of committed notices: in order per match, retried, marked in groups.

Each match has its own queue and pump task, so a slow channel delays only its
own match. Rows are marked delivered after the port accepted them, by the
process's writer in its next transaction (with the steps it writes, if any); a
crash in between can only re-send a message, never lose one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.ops.logs import about_match
from bot.runtime.delivery import DeliveryPort, Undeliverable
from bot.runtime.live import Mailbox, Pending
from bot.runtime.writer import Writer
from games import Notice
from storage.repository import MatchRepository

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0


class Outbox:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        port: DeliveryPort,
        writer: Writer,
        *,
        retry_seconds: float = RETRY_SECONDS,
    ) -> None:
        self._sessions = sessions
        self.port = port
        self._writer = writer  # marks the delivered rows, with its next transaction
        # 0: the owner calls retry() on its own schedule (the Discord adapter
        # does, from a discord.ext.tasks loop, as it does the clock checkpoints).
        self._retry_seconds = retry_seconds
        #: Told when a target becomes unreachable: (match, target, reason).
        self.on_blocked: Callable[[Mailbox, str, str], None] | None = None
        #: Told when a delivery fails (to be retried): the error metric.
        self.on_failed: Callable[[], None] | None = None

    def push(self, live: Mailbox, pending: list[Pending]) -> None:
        live.outbox.extend(pending)
        self.kick(live)

    def kick(self, live: Mailbox) -> None:
        if live.deliverable() and (live.pump is None or live.pump.done()):
            live.pump = asyncio.create_task(self._pump(live), name=f"outbox-{live.id}")

    async def requeue(
        self,
        find: Callable[[int], Mailbox | None],
        lives: Iterable[Mailbox],
        ended: Callable[[list[int]], Awaitable[Sequence[Mailbox]]],
    ) -> None:
        """After a restart: queue every undelivered row again, in id order, ahead of
        anything new, for the matches this process holds (``find``), and for those
        that ended before the restart still owing messages (``ended`` takes their
        ids and holds the ones this process serves): a match's last messages, its
        result above all, are committed like any other and must not be lost."""
        async with self._sessions() as session:
            rows = await MatchRepository(session).undelivered()
        missing = sorted({row.match_id for row in rows if find(row.match_id) is None})
        held = [*lives, *(await ended(missing) if missing else [])]
        for row in rows:
            live = find(row.match_id)
            if live is None:
                continue  # a match this process does not serve, or cannot read
            notices = [Notice.model_validate(n) for n in row.notices]
            live.outbox.append(Pending(row.id, row.target, notices))
        for live in held:
            live.outbox.sort(key=lambda p: p.outbox_id)
            self.kick(live)

    async def flush(self, lives: Sequence[Mailbox]) -> None:
        """Wait until every queued notice is delivered (or has failed) and marked."""
        while pumps := [lv.pump for lv in lives if lv.pump and not lv.pump.done()]:
            await asyncio.gather(*pumps, return_exceptions=True)
        await self._writer.idle()

    async def close(self, lives: Sequence[Mailbox]) -> None:
        for live in lives:
            if live.pump is not None:
                live.pump.cancel()
        await asyncio.gather(*(lv.pump for lv in lives if lv.pump), return_exceptions=True)
        await self._writer.idle()  # let the last delivered rows be marked so

    async def _pump(self, live: Mailbox) -> None:
        with about_match(live.id, live.record.guild_id):
            await self._deliver(live)

    async def _deliver(self, live: Mailbox) -> None:
        """Deliver strictly in order; stop at a failure and retry later, so
        nothing is skipped or reordered. A blocked target's messages wait, in
        order, while the other channels carry on."""
        while live.deliverable():
            batch, live.outbox = live.outbox, []
            waiting: list[Pending] = []  # for blocked targets, in order
            for i, pending in enumerate(batch):
                try:
                    delivered = await self._try(live, pending)
                except Exception:
                    log.exception(
                        "match %s: delivery to %s failed; will retry", live.id, pending.target
                    )
                    if self.on_failed is not None:
                        self.on_failed()
                    live.outbox = waiting + batch[i:] + live.outbox
                    if self._retry_seconds > 0:
                        loop = asyncio.get_running_loop()
                        loop.call_later(self._retry_seconds, self.kick, live)
                    return
                if delivered:
                    # Marked with the writer's next transaction, not once the batch
                    # is out: a crash re-sends only what was delivered since the
                    # last transaction began, not every message of a long backlog.
                    self._writer.mark_delivered([pending.outbox_id])
                elif not live.status.over:
                    waiting.append(pending)
                # A finished match is never resumed, so nothing would release
                # its held messages: they are dropped (the log says why).
            live.outbox = waiting + live.outbox

    async def _try(self, live: Mailbox, pending: Pending) -> bool:
        """Deliver one message unless its target is blocked (or now becomes so)."""
        if pending.target in live.blocked:
            return False
        try:
            await self.port.deliver(live.record, pending.target, pending.notices)
        except Undeliverable as error:
            self._block(live, pending.target, error.reason)
            return False
        return True

    def _block(self, live: Mailbox, target: str, reason: str) -> None:
        """Hold ``target``'s messages; the runtime is told once per blocking."""
        log.warning("match %s: cannot deliver to %s: %s", live.id, target, reason)
        live.blocked[target] = reason
        if self.on_blocked is not None:
            self.on_blocked(live, target, reason)

    def retry(self, lives: Iterable[Mailbox]) -> None:
        """Try again every match whose delivery stopped at a failure."""
        for live in lives:
            self.kick(live)

    def unblock(self, live: Mailbox) -> None:
        """Try the held targets again (the host says it is fixed), oldest message first."""
        live.blocked.clear()
        self.kick(live)
