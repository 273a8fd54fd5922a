"""What the match page reads: the room's messages in order, each with the match
clock at the moment it was committed and the kinds of notice it holds.

The clock is not stored on an outbox row, but a step writes its event-log
entries and its messages with one commit time (``storage.steps`` binds a single
``now`` for both), so a message's clock is the ``now_ms`` of the newest event
logged at or before it. A message no event came with (a reminder, a restart
notice) shows the clock of the step before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.tables import EventRow, OutboxRow
from storage.web import ROOM


@dataclass(frozen=True, slots=True)
class RoomStep:
    """One room message of a match: its outbox row, clock and notice kinds."""

    id: int
    clock_ms: int
    kinds: tuple[str, ...]


async def room_steps(session: AsyncSession, match_id: int) -> list[RoomStep]:
    """Every room message of ``match_id``, oldest first (one query)."""
    clock = (
        select(EventRow.now_ms)
        .where(EventRow.match_id == OutboxRow.match_id, EventRow.created_at <= OutboxRow.created_at)
        .order_by(EventRow.seq.desc())
        .limit(1)
        .correlate(OutboxRow)
        .scalar_subquery()
    )
    stmt = (
        select(OutboxRow.id, clock, OutboxRow.notices)
        .where(OutboxRow.match_id == match_id, OutboxRow.target == ROOM)
        .order_by(OutboxRow.id)
    )
    return [
        RoomStep(id=row_id, clock_ms=int(now_ms or 0), kinds=_kinds(notices))
        for row_id, now_ms, notices in await session.execute(stmt)
    ]


def _kinds(notices: list[dict[str, Any]]) -> tuple[str, ...]:
    return tuple(str(n.get("kind", "")) for n in notices)
