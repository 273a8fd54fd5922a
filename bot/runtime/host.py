"""Pausing and resuming a match: the host's commands, and the pauses the bot
makes itself (a channel it cannot reach, an outage) or a player asks for.

Every pause is the same step: the match's clock stops, its status and reason
are stored, and everyone is told, in one commit. The ``_locked`` methods are
for callers already holding the match's lock.
"""

from __future__ import annotations

from typing import Any

from bot.runtime.commits import Change, Committer, everyone, host_change, notice
from bot.runtime.live import LiveMatch
from bot.runtime.matches import Matches
from bot.runtime.outbox import Outbox
from games import HOST, Rejected
from storage.records import MatchRecord, MatchStatus


def pause_change(
    state: Any, reason: str | None, *, cause: str | None = None, now_ms: int | None = None
) -> Change:
    """The step that pauses a match in ``state``. ``cause`` marks a pause the bot
    made itself ('delivery', 'outage'): the host log is told too, and why."""
    notices = everyone("match_paused", reason=reason)
    payload: dict[str, Any] = {"command": "pause", "reason": reason}
    if cause is not None:
        notices = [n.model_copy(update={"data": {**n.data, "cause": cause}}) for n in notices]
        notices.append(notice("match_paused", HOST, reason=reason, cause=cause))
        payload["cause"] = cause
    return host_change(
        state, notices, payload, MatchStatus.PAUSED, pause_reason=reason, now_ms=now_ms
    )


class HostCommands:
    def __init__(self, matches: Matches, committer: Committer, outbox: Outbox) -> None:
        self._matches = matches
        self._committer = committer
        self._outbox = outbox

    async def pause(self, match_id: int, reason: str | None = None) -> MatchRecord:
        live = await self._matches.load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.RUNNING:
                raise Rejected(
                    f"Match #{match_id} is not running ({live.status}), so it can't be paused."
                )
            await self.pause_locked(live, reason)
        return live.record

    async def pause_locked(
        self, live: LiveMatch, reason: str | None, *, cause: str | None = None
    ) -> None:
        """Pause ``live`` as a host does (see :func:`pause_change` for ``cause``)."""
        with live.clock.switched(running=False):
            await self._committer.commit(live, pause_change(live.state, reason, cause=cause))

    async def resume(self, match_id: int) -> MatchRecord:
        live = await self._matches.load(match_id)
        async with live.lock:
            if live.status is not MatchStatus.PAUSED:
                raise Rejected(f"Match #{match_id} is not paused ({live.status}).")
            await self.resume_locked(live, after_restart=False)
        return live.record

    async def resume_locked(self, live: LiveMatch, **data: Any) -> None:
        """Resume ``live``; ``data`` says why to everyone told (after_restart, after_outage)."""
        # Channels the bot could not reach are tried again first (the host says
        # they are fixed): their held messages go out, oldest first, before the
        # notice that the match resumed.
        self._outbox.unblock(live)
        live.outage_paused = False
        resumed = host_change(
            live.state, everyone("match_resumed", **data), {"command": "resume"},
            MatchStatus.RUNNING, pause_reason=None,
        )  # fmt: skip
        with live.clock.switched(running=True):
            await self._committer.commit(live, resumed)
