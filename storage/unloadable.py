"""Matches this version of the bot cannot load, each with the reason.

The runtime marks a match here when it finds it cannot load it (at start-up),
notes when its room, seats and host log were told (so a restart does not tell
them again), and drops the mark once the match loads again. Like the other
repositories it takes the caller's session and returns plain records; nothing
here commits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage.records import MatchStatus
from storage.tables import MatchRow, UnloadableRow


@dataclass(frozen=True)
class UnloadableMark:
    """Why a match cannot be loaded, since when, and when its people were told."""

    match_id: int
    reason: str
    found_at: datetime
    told_at: datetime | None


class UnloadableRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def marks(self) -> dict[int, UnloadableMark]:
        """Every match marked, by id (few, if any: read once at start-up)."""
        rows = await self._session.scalars(
            select(UnloadableRow).execution_options(populate_existing=True)
        )
        return {row.match_id: _mark(row) for row in rows}

    async def get(self, match_id: int) -> UnloadableMark | None:
        row = await self._session.get(UnloadableRow, match_id, populate_existing=True)
        return None if row is None else _mark(row)

    async def mark(self, match_id: int, reason: str) -> UnloadableMark:
        """Mark the match with ``reason`` (the reason replaced if it was marked
        already; when it was found and told are kept)."""
        row = await self._session.get(UnloadableRow, match_id, populate_existing=True)
        if row is None:
            row = UnloadableRow(
                match_id=match_id, reason=reason, found_at=datetime.now(UTC), told_at=None
            )
            self._session.add(row)
        else:
            row.reason = reason
        await self._session.flush()
        return _mark(row)

    async def told(self, match_id: int) -> None:
        await self._session.execute(
            update(UnloadableRow)
            .where(UnloadableRow.match_id == match_id)
            .values(told_at=datetime.now(UTC))
            .execution_options(synchronize_session=False)
        )

    async def clear(self, match_ids: Iterable[int]) -> None:
        """Unmark matches that load again (the bot was rolled back, or fixed)."""
        ids = list(match_ids)
        if ids:
            await self._session.execute(
                delete(UnloadableRow)
                .where(UnloadableRow.match_id.in_(ids))
                .execution_options(synchronize_session=False)
            )


def _mark(row: UnloadableRow) -> UnloadableMark:
    return UnloadableMark(
        match_id=row.match_id, reason=row.reason, found_at=row.found_at, told_at=row.told_at
    )


async def stored_match_ids(session: AsyncSession) -> list[int]:
    """Every stored match but those whose channels are still being made, by id:
    what ``genius-bot db check`` goes through."""
    creating = MatchStatus.CREATING.value
    stmt = select(MatchRow.id).where(MatchRow.status != creating).order_by(MatchRow.id)
    return list(await session.scalars(stmt))
