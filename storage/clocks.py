"""Clock checkpoints, version-checked, and the stored versions of matches.

A checkpoint saves every running match's clock in one UPDATE (a :class:`_Rows`
batch, as :mod:`storage.steps` writes steps). Like every other write to a match
it is checked against the version the process holds: a process that no longer
holds the newest state (another process wrote the match) must not overwrite
that process's clock. Unlike a step it does not bump the version, so it never
makes a move in flight stale. :func:`versions` reads where matches stand, for
a writer that lost the answer to its COMMIT and must find out what happened.

The caller owns the transaction: nothing here commits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import BigInteger, Integer, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from storage.records import MatchStatus
from storage.steps import _MATCHES, _per_dialect, _Rows

_CLOCK_ROWS: Final = _Rows(
    "clocks", [("id", Integer()), ("version", Integer()), ("clock_ms", BigInteger())]
)


def _checkpoint_statement(dialect: str) -> Any:
    rows = _CLOCK_ROWS.relation(dialect)
    return (
        update(_MATCHES)
        .where(
            _MATCHES.c.id == rows.c.id,
            _MATCHES.c.version == rows.c.version,
            _MATCHES.c.status == MatchStatus.RUNNING.value,
        )
        .values(clock_ms=rows.c.clock_ms)
        .returning(_MATCHES.c.id)
    )


_CHECKPOINT: Final = _per_dialect(_checkpoint_statement)


@dataclass(frozen=True, slots=True)
class ClockSave:
    """A running match's clock, saved only if the match is still at ``version``."""

    version: int
    clock_ms: int


async def checkpoint_clocks(conn: AsyncConnection, clocks: Mapping[int, ClockSave]) -> set[int]:
    """Save running matches' clocks, each checked against its version like any
    other write (with no version bump, so it never makes a move in flight stale).
    Returns the ids refused: their row is at another version, or not running."""
    if not clocks:
        return set()
    dialect = conn.dialect.name
    rows = [(match_id, c.version, c.clock_ms) for match_id, c in clocks.items()]
    saved = await conn.execute(_CHECKPOINT[dialect], _CLOCK_ROWS.params(dialect, rows))
    return set(clocks) - set(saved.scalars())


_IDS: Final = _Rows("match_ids", [("id", Integer())])


async def versions(conn: AsyncConnection, match_ids: Sequence[int]) -> dict[int, int]:
    """match id -> its stored version, for those that exist."""
    if not match_ids:
        return {}
    dialect = conn.dialect.name
    ids = select(_IDS.relation(dialect).c.id)
    found = await conn.execute(
        select(_MATCHES.c.id, _MATCHES.c.version).where(_MATCHES.c.id.in_(ids)),
        _IDS.params(dialect, [(i,) for i in match_ids]),
    )
    return dict(found.all())
