"""Persist before telling anyone: a step becomes a write for the process's writer,
and only once it is committed does the match change in memory, its deadlines
get re-armed and its notices get queued for delivery.

Callers hold the match's lock across :meth:`Committer.commit`, so a match's
steps are written and applied in order.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime.live import LiveMatch, Pending, group_by_target
from bot.runtime.matches import Matches
from bot.runtime.outbox import Outbox
from bot.runtime.stored import stored_state
from bot.runtime.writer import Writer
from games import HOST, PUBLIC, Notice, Rejected
from games.core import Actor, Audience
from storage.records import MatchStatus, StaleVersion
from storage.repository import MatchRepository
from storage.steps import NewEvent, NewMessage, StateUpdate, StepWrite

# Runtime notices (started, paused, ...) go to the room and both private channels.
EVERYONE: tuple[Audience, ...] = (PUBLIC, 0, 1)


class Unset:
    """Marks a field left out, where None is a value (clearing a pause reason)."""


UNSET = Unset()


@dataclass(frozen=True, slots=True)
class Change:
    """What one step does to a match: its new state and status, the notices it
    tells, and the event-log entry that records it."""

    state: Any  # the engine state (None until the match starts)
    notices: Sequence[Notice]
    kind: str  # the event's kind: 'host', 'action' or 'expire'
    actor: Actor | None  # None for the clock
    payload: dict[str, Any]
    status: MatchStatus
    now_ms: int | None = None  # the step's match time; None: the clock's now
    pause_reason: str | Unset | None = UNSET  # UNSET: as it is


def notice(kind: str, audience: Audience = PUBLIC, **data: Any) -> Notice:
    return Notice(audience=audience, kind=kind, data=data)


def everyone(kind: str, **data: Any) -> list[Notice]:
    """A runtime notice for the room and both private channels."""
    return [notice(kind, audience, **data) for audience in EVERYONE]


def host_change(
    state: Any, notices: Sequence[Notice], payload: dict[str, Any], status: MatchStatus,
    **optional: Any,
) -> Change:  # fmt: skip
    """A host command's step: logged as 'host', by the host (``optional``: now_ms, pause_reason)."""
    return Change(state, notices, "host", HOST, payload, status, **optional)


#: A move (or host command) arriving while the bot stops: refused whole, so it
#: can simply be sent again once the bot is back.
STOPPING = "The bot is restarting; that was not taken. Send it again in a minute."


class Committer:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        writer: Writer,
        outbox: Outbox,
        matches: Matches,
        *,
        rearm: Callable[[LiveMatch], None],
    ) -> None:
        self._sessions = sessions
        self.writer = writer
        self._outbox = outbox
        self._matches = matches
        self._rearm = rearm
        #: Set once the runtime is shutting down: no step is taken after that.
        self.stopped = False

    async def commit(self, live: LiveMatch, change: Change, *then: Change) -> None:
        """Write the step (state with its version check + events + outbox), then
        apply it: the match changes, its deadlines are re-armed, notices queued.

        ``then``: changes that follow from ``change`` within the same step (the
        pause a move calls). All are one write, so none is stored without the
        others: an event each, in order, their notices together, and the match
        as the last leaves it."""
        if self.stopped:
            raise Rejected(STOPPING)
        last = then[-1] if then else change
        now = _now_ms(live, last)
        status = last.status
        if last.state is not None and live.game.outcome(last.state) is not None:
            status = MatchStatus.FINISHED
        reason = last.pause_reason
        if isinstance(reason, Unset):
            reason = live.record.pause_reason
        changes = (change, *then)
        groups = group_by_target([n for c in changes for n in c.notices])
        update = StateUpdate(
            expected_version=live.record.version,
            state=None if last.state is None else last.state.model_dump_json(),
            status=status,
            clock_ms=now,
            pause_reason=reason,
            format_version=live.game.formats.version,
        )
        events = [
            NewEvent(
                c.kind,
                None if c.actor is None else str(c.actor),
                c.payload,
                _now_ms(live, c),
                live.game.formats.version,
            )
            for c in changes
        ]
        messages = [NewMessage(t, _dump(ns)) for t, ns in groups]
        try:
            written = await self.writer.write(StepWrite(live.id, update, events, messages))
        except StaleVersion:
            # Another process wrote this match (two shards misconfigured onto one
            # guild, or a restore race): take its version rather than wedge.
            await self.resync(live)
            raise Rejected("The match changed elsewhere just now; look again and retry.") from None
        assert written.version is not None
        live.state = last.state
        fields = {"version": written.version, "status": status, "clock_ms": now}
        fields["format_version"] = update.format_version
        live.record = live.record.model_copy(update={**fields, "pause_reason": reason})
        if status.over:
            live.clock.stop()
            asyncio.get_running_loop().call_soon(self._matches.retire, live)
        self._rearm(live)
        pending = [Pending(i, t, ns) for i, (t, ns) in zip(written.outbox_ids, groups, strict=True)]
        self._outbox.push(live, pending)

    async def resync(self, live: LiveMatch) -> None:
        """Take the stored match as it is now (after another writer's step)."""
        async with self._sessions() as session:
            record = await MatchRepository(session).get(live.id)
        if record is None:
            return
        live.record = record
        live.state = stored_state(live.game, record)
        self._rearm(live)

    async def announce(self, live: LiveMatch, notices: list[Notice]) -> None:
        """Queue notices that change no state (a reminder); committed first, like any step."""
        await self.announce_all([(live, notices)])

    async def announce_all(self, batch: Sequence[tuple[LiveMatch, list[Notice]]]) -> None:
        """Queue state-free notices for many matches (a restart tells every running
        match at once): handed to the writer together, so they share its batches."""

        async def one(live: LiveMatch, notices: list[Notice]) -> None:
            groups = group_by_target(notices)
            messages = [NewMessage(t, _dump(ns)) for t, ns in groups]
            written = await self.writer.write(StepWrite(live.id, None, [], messages))
            ids = written.outbox_ids
            pending = [Pending(i, t, ns) for i, (t, ns) in zip(ids, groups, strict=True)]
            self._outbox.push(live, pending)

        await asyncio.gather(*(one(live, notices) for live, notices in batch))


def _now_ms(live: LiveMatch, change: Change) -> int:
    return live.clock.now_ms() if change.now_ms is None else change.now_ms


# One call into pydantic's serializer per message, straight to the JSON text stored.
_NOTICES: TypeAdapter[list[Notice]] = TypeAdapter(list[Notice])


def _dump(notices: list[Notice]) -> str:
    return _NOTICES.dump_json(notices).decode()
