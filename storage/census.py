"""Counts for the metrics and the readiness check: matches by game and status,
and the outbox's backlog."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.records import MatchStatus
from storage.tables import MatchRow, OutboxRow

OVER = (MatchStatus.FINISHED.value, MatchStatus.ABORTED.value)


@dataclass(frozen=True, slots=True)
class Backlog:
    """Messages committed and not yet delivered, of matches not over, and when
    the oldest of them was committed (None: there are none)."""

    messages: int
    oldest: datetime | None


async def matches_by_game_status(session: AsyncSession) -> dict[tuple[str, str], int]:
    rows = await session.execute(
        select(MatchRow.game, MatchRow.status, func.count()).group_by(
            MatchRow.game, MatchRow.status
        )
    )
    return {(game, status): count for game, status, count in rows.all()}


async def outbox_backlog(session: AsyncSession) -> Backlog:
    """Of matches not over only: a match that ended with a channel it could not
    reach drops the messages held for it (bot.runtime.outbox), and those rows
    stay undelivered for good."""
    row = (
        await session.execute(
            select(func.count(), func.min(OutboxRow.created_at))
            .join(MatchRow, MatchRow.id == OutboxRow.match_id)
            .where(OutboxRow.delivered.is_(False), MatchRow.status.not_in(OVER))
        )
    ).one()
    return Backlog(messages=int(row[0]), oldest=row[1])
