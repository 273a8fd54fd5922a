"""Deadlines: armed from the state after every step, fired under the match lock.

The armed timers always match ``game.deadlines(state)`` exactly. A deadline
fires as an expiry step, committed like a move (a timer deadline, such as a
Logical Horror token arriving, is logged to no one as "time ran out"); its
reminders are state-free notices to the seat it runs against, and to the room
as well when the deadline has a ``room_label``.
"""

from __future__ import annotations

import logging
from functools import partial

from bot.ops.logs import about_match
from bot.runtime.commits import Change, Committer, notice
from bot.runtime.live import Armed, LiveMatch
from bot.runtime.scheduler import Scheduler, Timer
from games import HOST, PUBLIC, Deadline, Notice
from games.core import Audience
from storage.records import MatchStatus

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0  # before a failed expiry is tried again


class Deadlines:
    def __init__(self, scheduler: Scheduler, committer: Committer) -> None:
        self._scheduler = scheduler
        self._committer = committer

    def rearm(self, live: LiveMatch) -> None:
        """Make the armed timers match ``game.deadlines(state)`` exactly. A stopped
        clock (the bot cut off from Discord) arms nothing: no time passes for it."""
        if live.status is not MatchStatus.RUNNING or live.state is None or not live.clock.running:
            live.disarm()
            return
        wanted = {d.key: d for d in live.game.deadlines(live.state)}
        for key, armed in list(live.armed.items()):
            if wanted.get(key) != armed.deadline:
                live.disarm(key)
        now = live.clock.now_ms()
        for key, deadline in wanted.items():
            if key not in live.armed:
                live.armed[key] = Armed(deadline, self._arm(live, deadline, now))
                live.labels[key] = deadline.label

    def _arm(self, live: LiveMatch, deadline: Deadline, now_ms: int) -> list[Timer]:
        at = live.clock.when
        call_at = self._scheduler.call_at
        timers = [call_at(at(deadline.at_ms), partial(self._expire, live, deadline.key))]
        for seconds in deadline.reminders:
            mark = deadline.at_ms - seconds * 1000
            if mark > now_ms:
                timers.append(call_at(at(mark), partial(self._remind, live, deadline, seconds)))
        return timers

    async def _expire(self, live: LiveMatch, key: str) -> None:
        with about_match(live.id, live.record.guild_id):
            await self._expire_now(live, key)

    async def _expire_now(self, live: LiveMatch, key: str) -> None:
        async with live.lock:
            armed = live.armed.pop(key, None)
            if armed is None or live.status is not MatchStatus.RUNNING:
                return
            deadline = armed.deadline
            live.fired[key] = deadline.label or "that move"
            now = max(live.clock.now_ms(), deadline.at_ms)
            step = live.game.expire(live.state, key, now)
            if step.state is live.state and not step.notices:
                return  # the engine had nothing to do: no event worth logging
            # A scheduled event (a token arriving) is no time running out.
            logged = (
                []
                if deadline.timer
                else [notice("time_ran_out", HOST, seat=deadline.seat, label=deadline.label)]
            )
            change = Change(
                step.state, [*step.notices, *logged], "expire", None, {"key": key},
                live.status, now_ms=now,
            )  # fmt: skip
            try:
                await self._committer.commit(live, change)
            except Exception:
                # The deadline still stands: try it again shortly rather than
                # leave the match waiting for a timer that is gone.
                log.exception("match %s: could not apply expiry %s; retrying", live.id, key)
                live.fired.pop(key, None)
                retry = self._scheduler.call_later(RETRY_SECONDS, partial(self._expire, live, key))
                live.armed[key] = Armed(deadline, [retry])

    async def _remind(self, live: LiveMatch, deadline: Deadline, seconds: int) -> None:
        with about_match(live.id, live.record.guild_id):
            await self._remind_now(live, deadline, seconds)

    async def _remind_now(self, live: LiveMatch, deadline: Deadline, seconds: int) -> None:
        # Under the lock: a move being committed right now may close the window.
        async with live.lock:
            armed = live.armed.get(deadline.key)
            if armed is None or armed.deadline != deadline:
                return  # re-armed or gone since this reminder was set
            if live.status is not MatchStatus.RUNNING:
                return
            await self._committer.announce(live, reminders(deadline, seconds))


def reminders(deadline: Deadline, seconds: int) -> list[Notice]:
    """The reminder ``seconds`` before ``deadline``: to its seat (or the room when
    it runs against no seat), and to the room too when the rules make it public."""
    audience: Audience = PUBLIC if deadline.seat is None else deadline.seat
    found = [notice("reminder", audience=audience, label=deadline.label, seconds_left=seconds)]
    if deadline.seat is not None and deadline.room_label is not None:
        told = {"label": deadline.room_label, "seconds_left": seconds, "seat": deadline.seat}
        found.append(notice("reminder", audience=PUBLIC, **told))
    return found
