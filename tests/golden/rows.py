"""A golden match as data: the rows the database holds for one match (its row,
its seats, its event log), read out as JSON and written back into another
database exactly as they were.

Values are as the tables read them (storage/tables.py): the state is the JSON
text stored, config and payloads are JSON, times are ISO 8601 with their UTC
offset. The outbox is left out: a restored match's messages were delivered.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Table, insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.tables import EventRow, MatchPlayerRow, MatchRow, UTCDateTime

#: The tables a golden match holds rows of, in the order they are written back.
TABLES: dict[str, Table] = {
    "matches": MatchRow.__table__,  # type: ignore[dict-item]
    "match_players": MatchPlayerRow.__table__,  # type: ignore[dict-item]
    "match_events": EventRow.__table__,  # type: ignore[dict-item]
}
_KEYS = {"matches": "id", "match_players": "match_id", "match_events": "match_id"}
_ORDER = {"matches": "id", "match_players": "seat", "match_events": "seq"}


async def read_rows(
    sessions: async_sessionmaker[AsyncSession], match_id: int
) -> dict[str, list[dict[str, Any]]]:
    """Every row of the match, per table, in key order, as JSON values."""
    rows: dict[str, list[dict[str, Any]]] = {}
    async with sessions() as session:
        for name, table in TABLES.items():
            stmt = select(table).where(table.c[_KEYS[name]] == match_id)
            result = await session.execute(stmt.order_by(table.c[_ORDER[name]]))
            rows[name] = [_json(dict(row)) for row in result.mappings()]
    return rows


async def write_rows(
    sessions: async_sessionmaker[AsyncSession], rows: dict[str, list[dict[str, Any]]]
) -> None:
    """The rows as they were read, in one transaction."""
    async with sessions.begin() as session:
        for name, table in TABLES.items():
            if rows[name]:
                await session.execute(insert(table), [_typed(table, r) for r in rows[name]])


def _json(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v.isoformat() if isinstance(v, datetime) else v for k, v in row.items()}


def _typed(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    return {
        k: datetime.fromisoformat(v) if isinstance(table.c[k].type, UTCDateTime) and v else v
        for k, v in row.items()
    }
