"""The bot cut off: from one channel (the outbox cannot deliver there) or from
Discord altogether (the gateway is lost). No one is charged for time in which
they could not see or answer: the clocks are held, and the matches paused once
it lasts, with the reason; they carry on when the bot is back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from bot.runtime.commits import Committer, notice
from bot.runtime.host import HostCommands
from bot.runtime.live import LiveMatch, Mailbox
from bot.runtime.matches import Matches
from bot.runtime.outbox import Outbox
from games import HOST, PUBLIC
from storage.records import MatchStatus

log = logging.getLogger(__name__)

#: The pause reason of a match paused because the bot lost Discord. A match
#: stored with it (the bot restarted during the outage) resumes once Discord is back.
OUTAGE_REASON = (
    "the bot lost its connection to Discord; the clocks stopped the moment it was lost "
    "and start again when it is back"
)


class Outages:
    def __init__(
        self,
        matches: Matches,
        committer: Committer,
        outbox: Outbox,
        host: HostCommands,
        rearm: Callable[[LiveMatch], None],
    ) -> None:
        self._matches = matches
        self._committer = committer
        self._outbox = outbox
        self._host = host
        self._rearm = rearm  # a match's timers (and the bot's seat) after its clock runs again
        self._reports: set[asyncio.Task[None]] = set()  # blocked-channel reports under way
        outbox.on_blocked = self._on_blocked  # the outbox tells us of a channel it cannot reach

    # -- a channel the bot cannot reach ---------------------------------------------

    def _on_blocked(self, live: Mailbox, target: str, reason: str) -> None:
        """The outbox holds a target's messages: report it (under the match lock).
        A match that cannot be loaded has no clock to stop and takes no steps."""
        if not isinstance(live, LiveMatch):
            return
        task = asyncio.create_task(self._report_blocked(live, reason), name=f"blocked-{live.id}")
        self._reports.add(task)
        task.add_done_callback(self._reports.discard)

    async def _report_blocked(self, live: LiveMatch, reason: str) -> None:
        """A running match pauses with the reason (clocks stop: no one is charged
        for moves they may not see); any other is reported to the host and room."""
        try:
            async with live.lock:
                if live.status is MatchStatus.RUNNING:
                    await self._host.pause_locked(live, reason, cause="delivery")
                elif not live.status.over:
                    blocked = [notice("delivery_blocked", a, reason=reason) for a in (PUBLIC, HOST)]
                    await self._committer.announce(live, blocked)
        except Exception:
            log.exception("match %s: could not pause or report it (%s)", live.id, reason)

    async def settle(self) -> None:
        """Wait for the reports under way, and for the notices they queue to go out
        (a report's pause may find another channel unreachable, and so on)."""
        while self._reports:
            await asyncio.gather(*list(self._reports), return_exceptions=True)
            await self._outbox.flush(list(self._matches))

    # -- the bot cut off from Discord ---------------------------------------------------

    def restored(self, lives: Iterable[LiveMatch]) -> None:
        """Matches read back at start-up: one paused by an outage the bot did not
        live to see end resumes once Discord is back, as it would have without the
        restart (:meth:`release_clocks`)."""
        for live in lives:
            live.outage_paused = (
                live.status is MatchStatus.PAUSED and live.record.pause_reason == OUTAGE_REASON
            )

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
                    await self._host.pause_locked(live, OUTAGE_REASON, cause="outage")
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
                    await self._host.resume_locked(live, after_restart=False, after_outage=True)
                live.held = live.outage_paused = False
