"""What the match page reads: the room's messages in order, each with the match
clock at the moment it was committed and whether it is the host's reveal.

Neither is stored on an outbox row, but a step writes its event-log entries and
its messages with one commit time (``storage.steps`` binds a single ``now`` for
both), so a message's clock is that of the newest event logged at or before it, and
it is the reveal if the event logged at its very time is the host's ``reveal``
command. A message no event came with (a reminder, a restart notice) shows the
clock of the step before it. The messages' times and the log's are each read
once and merged; nothing of the notices is read or parsed, so the page of a
300-step match stays cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sqlalchemy import case, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.tables import EventRow, OutboxRow
from storage.web import ROOM

#: The host command that tells the room every secret (bot.runtime.disclosure).
REVEAL: Final = {"command": "reveal"}


@dataclass(frozen=True, slots=True)
class RoomStep:
    """One room message of a match: its outbox row, the match clock then, and
    whether it is the host's reveal."""

    id: int
    clock_ms: int
    reveal: bool


async def room_steps(session: AsyncSession, match_id: int) -> list[RoomStep]:
    """Every room message of ``match_id``, oldest first: the messages' times and
    the event log's, each read once in order and merged (linear in both)."""
    messages = await session.execute(
        select(OutboxRow.id, OutboxRow.created_at)
        .where(OutboxRow.match_id == match_id, OutboxRow.target == ROOM)
        .order_by(OutboxRow.id)
    )
    # A host command's payload, the only one read: an action's is not needed.
    command = case((EventRow.kind == "host", EventRow.payload))
    logged = list(
        await session.execute(
            select(EventRow.created_at, EventRow.now_ms, command)
            .where(EventRow.match_id == match_id)
            .order_by(EventRow.seq)
        )
    )
    steps, seen, clock = [], 0, 0
    for (
        row_id,
        created_at,
    ) in messages:
        reveal = False
        while seen < len(logged) and logged[seen][0] <= created_at:
            at, clock, payload = logged[seen]
            reveal = at == created_at and payload == REVEAL
            seen += 1
        steps.append(RoomStep(id=row_id, clock_ms=int(clock), reveal=reveal))
    return steps
