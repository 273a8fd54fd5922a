"""Players' moves: typed text parsed by the game, or an action a button built,
checked against the decision window it answers, applied under the match's lock
and committed before anyone is told."""

from __future__ import annotations

import logging
import time
from typing import Any

from bot.ops.logs import about_match
from bot.ops.metrics import Metrics
from bot.runtime.commits import Change, Committer, notice
from bot.runtime.host import pause_change
from bot.runtime.live import LiveMatch
from bot.runtime.matches import Matches
from bot.runtime.windows import check_open, closed, closed_message, describe, window_of
from games import HOST, Notice, Rejected
from games.core import Actor

log = logging.getLogger(__name__)


class Moves:
    def __init__(
        self, matches: Matches, committer: Committer, metrics: Metrics | None = None
    ) -> None:
        self._matches = matches
        self._committer = committer
        self._metrics = metrics

    async def submit_text(
        self, match_id: int, actor: Actor, text: str, *, window: str | None = None
    ) -> list[Notice]:
        """Parse and apply a move typed by ``actor``; returns the notices addressed to it.
        ``window`` names the decision window the move answers (buttons carry it)."""
        return await self._act(match_id, actor, text=text, window=window)

    async def submit(
        self, match_id: int, actor: Actor, action: Any, *, window: str | None = None
    ) -> list[Notice]:
        """Apply an action already built (a button's); as :meth:`submit_text`."""
        return await self._act(match_id, actor, action=action, window=window)

    async def _act(
        self, match_id: int, actor: Actor, *, text: str | None = None, action: Any = None,
        window: str | None = None,
    ) -> list[Notice]:  # fmt: skip
        arrived = time.perf_counter()
        live = await self._matches.load(match_id)
        with about_match(live.id, live.record.guild_id):
            told = await self._take(live, actor, text=text, action=action, window=window)
            log.debug("seat %s moved; the match is at version %d", actor, live.record.version)
        if self._metrics is not None:
            self._metrics.move_committed(live.record.game, time.perf_counter() - arrived)
        return told

    async def _take(
        self, live: LiveMatch, actor: Actor, *, text: str | None, action: Any, window: str | None
    ) -> list[Notice]:
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
            if step.pause is None or live.game.outcome(step.state) is not None:
                await self._committer.commit(live, change)
            else:
                # The engine asked for it (a player's emergency pause): the move and
                # the pause are one step, committed together, so the room is never
                # told of a pause the match did not take. The clock stops at the move.
                pausing = pause_change(step.state, step.pause, now_ms=now)
                with live.clock.switched(running=False, at_ms=now):
                    await self._committer.commit(live, change, pausing)
            return [n for n in notices if n.audience == actor]
