"""The cleanup schedule: when each ended match's channels are due to go.

A row is written once per ended match (its end seen by the bot); the sweep
reads the rows that fell due, archives each match, then deletes its channels,
noting each step, so a restart (or another shard taking the guild over)
carries on from where the last one stopped. Like the other repositories it
takes the caller's session and returns plain records; nothing here commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage.records import MatchRecord, MatchStatus
from storage.repository import MatchRepository
from storage.tables import CleanupRow, MatchRow

_OVER = tuple(s.value for s in MatchStatus if s.over)

# The reads every start makes, and the sweep's, built once per process (see
# storage/match_reads.py): values come as parameters when they run.
_UNSCHEDULED = (
    select(MatchRow.id)
    .where(MatchRow.status.in_(_OVER), MatchRow.id.not_in(select(CleanupRow.match_id)))
    .order_by(MatchRow.id)
)
_DUE = (
    select(CleanupRow.match_id)
    .where(CleanupRow.cleaned_at.is_(None), CleanupRow.due_at <= bindparam("now"))
    .order_by(CleanupRow.due_at)
)
_NEXT_DUE = (
    select(MatchRow.guild_id, func.min(CleanupRow.due_at))
    .join(MatchRow, MatchRow.id == CleanupRow.match_id)
    .where(CleanupRow.cleaned_at.is_(None), CleanupRow.due_at.is_not(None))
    .group_by(MatchRow.guild_id)
)


@dataclass(frozen=True)
class Cleanup:
    """One ended match's place in the schedule."""

    match_id: int
    ended_at: datetime
    due_at: datetime | None  # None: kept for ever
    archived_at: datetime | None
    cleaned_at: datetime | None


class CleanupRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def get(self, match_id: int) -> Cleanup | None:
        row = await self._session.get(CleanupRow, match_id, populate_existing=True)
        return None if row is None else _cleanup(row)

    async def schedule(self, match_id: int, ended_at: datetime, due_at: datetime | None) -> bool:
        """Note that the match ended, due at ``due_at``, unless it is noted already
        (the end is seen again after a restart): True if this wrote the row."""
        if await self._session.get(CleanupRow, match_id) is not None:
            return False
        row = CleanupRow(match_id=match_id, ended_at=ended_at, due_at=due_at)
        self._session.add(row)
        await self._session.flush()
        return True

    async def unscheduled(self) -> list[MatchRecord]:
        """Ended matches the schedule has no row for (they ended while no bot saw it,
        or before the schedule existed)."""
        return await self._records(list(await self._session.scalars(_UNSCHEDULED)))

    async def due(self, now: datetime) -> list[MatchRecord]:
        """Matches whose channels are due to go by ``now`` and are not gone yet."""
        return await self._records(list(await self._session.scalars(_DUE, {"now": now})))

    async def next_due(self) -> dict[int, datetime]:
        """Per guild, the earliest time a cleanup falls due (guilds with none owed absent)."""
        found = await self._session.execute(_NEXT_DUE)
        return {guild: _aware(when) for guild, when in found if when is not None}

    async def ended(self, guild_id: int) -> list[tuple[MatchRecord, datetime]]:
        """The guild's ended matches whose channels are not cleaned up yet, each
        with when it ended (for one the schedule never noted: its last change)."""
        stmt = (
            select(MatchRow.id, func.coalesce(CleanupRow.ended_at, MatchRow.updated_at))
            .outerjoin(CleanupRow, CleanupRow.match_id == MatchRow.id)
            .where(MatchRow.guild_id == guild_id, MatchRow.status.in_(_OVER))
            .where(CleanupRow.cleaned_at.is_(None))
            .order_by(MatchRow.id)
        )
        rows = list(await self._session.execute(stmt))
        records = await self._records([match_id for match_id, _ in rows])
        return [(record, _aware(when)) for record, (_, when) in zip(records, rows, strict=True)]

    async def mark_archived(self, match_id: int, at: datetime) -> None:
        await self._mark(match_id, archived_at=at)

    async def mark_cleaned(self, match_id: int, at: datetime) -> None:
        await self._mark(match_id, cleaned_at=at)

    async def _mark(self, match_id: int, **values: datetime) -> None:
        """Set a step's time; a match the schedule never noted gets its row now
        (a host cleaning it up by hand), kept for ever unless told otherwise."""
        moment = next(iter(values.values()))
        await self.schedule(match_id, moment, None)
        await self._session.execute(
            update(CleanupRow)
            .where(CleanupRow.match_id == match_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )

    async def _records(self, match_ids: list[int]) -> list[MatchRecord]:
        repo = MatchRepository(self._session)
        return [record for m in match_ids if (record := await repo.get(m)) is not None]


def _aware(when: datetime) -> datetime:
    """SQLite hands an aggregate back as a naive datetime; it was stored as UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _cleanup(row: CleanupRow) -> Cleanup:
    return Cleanup(
        match_id=row.match_id,
        ended_at=row.ended_at,
        due_at=row.due_at,
        archived_at=row.archived_at,
        cleaned_at=row.cleaned_at,
    )
