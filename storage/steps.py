"""Writing many matches' steps in one transaction: one statement per table.

A step is what one move (or expiry, or host command) does to its match: the
new state, checked against the version it was computed from, its event-log
entries (one, or a move and the pause it calls), and the messages it queues.
:func:`write_steps` writes any number of them, for different matches, on the
caller's connection, in three statements whatever their number:

- **matches**: ``UPDATE matches SET … FROM <rows> WHERE matches.id = rows.id
  AND matches.version = rows.version RETURNING id, version``. A step whose
  match is not at its version is simply not returned: it alone is refused,
  and nothing else of it is written.
- **match_events**: ``INSERT … SELECT … FROM <rows>`` for the steps that
  passed, each seq computed inside it (its match's max + 1, + its place in
  the step).
- **outbox**: ``INSERT … SELECT … FROM <rows> RETURNING id, match_id,
  target``; a step addresses each target at most once, so (match, target)
  names each new row, whatever order the database returns them in.

``<rows>`` is the batch as one bound value per column, whatever its size:
PostgreSQL ``unnest``s one typed array per column (asyncpg sends them in its
binary format); SQLite, which has no arrays, reads one JSON document with
``json_each``. So each statement's text is the same for every batch (compiled
and prepared once), and no per-row work is done in SQLAlchemy: executemany or
insertmanyvalues would process every row's parameters in Python, which cost
more than the database's own work here.

The caller owns the transaction: nothing here commits.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from sqlalchemy import (
    JSON,
    BigInteger,
    BindParameter,
    Dialect,
    FromClause,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    func,
    insert,
    literal_column,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.type_api import TypeEngine
from sqlalchemy.types import TypeDecorator

from storage.records import MatchStatus, StaleVersion
from storage.tables import EventRow, MatchRow, OutboxRow, UTCDateTime, utcnow

_MATCHES: Final[Table] = MatchRow.__table__  # type: ignore[assignment]
_EVENTS: Final[Table] = EventRow.__table__  # type: ignore[assignment]
_OUTBOX: Final[Table] = OutboxRow.__table__  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class StateUpdate:
    """A match's new row, written only if it is still at ``expected_version``."""

    expected_version: int
    state: str | None  # the engine state as JSON text
    status: MatchStatus
    clock_ms: int
    pause_reason: str | None
    format_version: int  # the game's format the state is written in


@dataclass(frozen=True, slots=True)
class NewEvent:
    """One entry for the match's event log (see :class:`storage.records.EventRecord`)."""

    kind: str
    actor: str | None
    payload: dict[str, Any]
    now_ms: int
    format_version: int  # the game's format the payload is written in


@dataclass(frozen=True, slots=True)
class NewMessage:
    """One outbox row: notices for one audience, delivered as one message."""

    target: str
    notices_json: str  # a JSON array of notices, as OutboxRecord.notices reads it back


@dataclass(frozen=True, slots=True)
class StepWrite:
    """Everything one step writes for one match: ``events`` are logged in their
    order, all or none with the update. Without ``update`` (a reminder, a restart
    notice) only the messages are queued, and nothing can refuse them."""

    match_id: int
    update: StateUpdate | None
    events: Sequence[NewEvent]
    messages: Sequence[NewMessage]


@dataclass(frozen=True, slots=True)
class StepWritten:
    """What a written step got: the match's new version (None if it had no update)
    and its messages' outbox ids, in the order given."""

    version: int | None
    outbox_ids: list[int]


async def write_steps(
    conn: AsyncConnection, steps: Sequence[StepWrite]
) -> list[StepWritten | StaleVersion]:
    """Write ``steps`` (at most one per match) in the caller's transaction; per step,
    in order, what it got, or StaleVersion if its match was not at its version."""
    _one_per_match(steps)
    now = utcnow()
    versions = await _update_states(conn, steps, now)
    passed = [s for s in steps if s.update is None or s.match_id in versions]
    await _append_events(conn, passed, now)
    ids = await _enqueue(conn, passed, now)
    return _answers(steps, versions, ids)


def _one_per_match(steps: Sequence[StepWrite]) -> None:
    if len({s.match_id for s in steps}) != len(steps):
        raise ValueError("a batch holds at most one step per match")


def _answers(
    steps: Sequence[StepWrite], versions: dict[int, int], ids: dict[tuple[int, str], list[int]]
) -> list[StepWritten | StaleVersion]:
    """Per step, what it got: its new version and outbox ids, or StaleVersion."""
    results: list[StepWritten | StaleVersion] = []
    for step in steps:
        if step.update is not None and step.match_id not in versions:
            expected = step.update.expected_version
            results.append(StaleVersion(f"match {step.match_id} is not at version {expected}"))
            continue
        outbox_ids = [ids[(step.match_id, m.target)].pop(0) for m in step.messages]
        results.append(StepWritten(versions.get(step.match_id), outbox_ids))
    return results


# -- a batch as one bound value per column ------------------------------------------


class _JSONText(TypeDecorator[str]):
    """JSON that is already text: bound as it is, to a JSON column."""

    impl = JSON
    cache_ok = True

    def bind_processor(self, dialect: Dialect) -> None:
        return None


Columns = Sequence[tuple[str, TypeEngine[Any]]]


@dataclass(frozen=True)
class _Rows:
    """A batch of rows as a relation ``name`` with ``columns``, for each dialect."""

    name: str
    columns: Columns

    def relation(self, dialect: str) -> FromClause:
        if dialect == "postgresql":
            arrays: list[BindParameter[Any]] = [
                bindparam(f"{self.name}_{c}", type_=ARRAY(t)) for c, t in self.columns
            ]
            names = [c for c, _ in self.columns]
            return func.unnest(*arrays).table_valued(*names).render_derived(name=self.name)
        each = func.json_each(bindparam(f"{self.name}_json", type_=Text)).table_valued("value")
        fields = [
            func.json_extract(each.c.value, literal_column(f"'$[{i}]'")).label(c)
            for i, (c, _) in enumerate(self.columns)
        ]
        return select(*fields).select_from(each).subquery(self.name)

    def params(self, dialect: str, rows: Sequence[Sequence[Any]]) -> dict[str, Any]:
        if dialect == "postgresql":
            values = zip(*rows, strict=True)
            return {
                f"{self.name}_{c}": list(v) for (c, _), v in zip(self.columns, values, strict=True)
            }
        return {f"{self.name}_json": json.dumps(rows)}


def _per_dialect(build: Any) -> dict[str, Any]:
    return {dialect: build(dialect) for dialect in ("postgresql", "sqlite")}


_NOW: Final = bindparam("now", type_=UTCDateTime())


# -- matches: one UPDATE, with its version checks, for every step ------------------

_STATES: Final = _Rows(
    "step_states",
    [
        ("id", Integer()),
        ("version", Integer()),
        ("state", Text()),
        ("format_version", Integer()),
        ("status", String()),
        ("clock_ms", BigInteger()),
        ("pause_reason", Text()),
    ],
)


def _update(dialect: str) -> Any:
    rows = _STATES.relation(dialect)
    return (
        update(_MATCHES)
        .where(_MATCHES.c.id == rows.c.id, _MATCHES.c.version == rows.c.version)
        .values(
            state=rows.c.state,
            format_version=rows.c.format_version,
            status=rows.c.status,
            clock_ms=rows.c.clock_ms,
            pause_reason=rows.c.pause_reason,
            version=_MATCHES.c.version + 1,
            updated_at=_NOW,
        )
        .returning(_MATCHES.c.id, _MATCHES.c.version)
    )


_UPDATE: Final = _per_dialect(_update)


def _state_rows(steps: Sequence[StepWrite]) -> list[tuple[Any, ...]]:
    return [
        (
            s.match_id,
            u.expected_version,
            u.state,
            u.format_version,
            u.status.value,
            u.clock_ms,
            u.pause_reason,
        )
        for s in steps
        if (u := s.update) is not None
    ]


async def _update_states(
    conn: AsyncConnection, steps: Sequence[StepWrite], now: datetime
) -> dict[int, int]:
    """match id -> new version, for the steps whose version check passed."""
    rows = _state_rows(steps)
    if not rows:
        return {}
    dialect = conn.dialect.name
    result = await conn.execute(_UPDATE[dialect], {**_STATES.params(dialect, rows), "now": now})
    return dict(result.all())


# -- events: one INSERT … SELECT ----------------------------------------------------

_EVENT_ROWS: Final = _Rows(
    "step_events",
    [
        ("match_id", Integer()),
        ("place", Integer()),  # 0, 1, …: the event's place among its step's events
        ("kind", String()),
        ("actor", String()),
        ("payload", _JSONText()),
        ("format_version", Integer()),
        ("now_ms", BigInteger()),
    ],
)


def _insert_events(dialect: str) -> Any:
    rows = _EVENT_ROWS.relation(dialect)
    # One step per match in a batch, and the max read before any row is inserted
    # (the statement's snapshot), so max + 1 + place is each row's own seq.
    next_seq = (
        select(func.coalesce(func.max(_EVENTS.c.seq), 0) + 1)
        .where(_EVENTS.c.match_id == rows.c.match_id)
        .scalar_subquery()
    ) + rows.c.place
    logged = ("kind", "actor", "payload", "format_version", "now_ms")
    columns = ("match_id", "seq", *logged, "created_at")
    source = select(rows.c.match_id, next_seq, *(rows.c[c] for c in logged), _NOW)
    return insert(_EVENTS).from_select(columns, source)


_INSERT_EVENTS: Final = _per_dialect(_insert_events)


def _event_rows(steps: Sequence[StepWrite]) -> list[tuple[Any, ...]]:
    return [
        (s.match_id, place, e.kind, e.actor, json.dumps(e.payload), e.format_version, e.now_ms)
        for s in steps
        for place, e in enumerate(s.events)
    ]


async def _append_events(conn: AsyncConnection, steps: Sequence[StepWrite], now: datetime) -> None:
    rows = _event_rows(steps)
    if rows:
        dialect = conn.dialect.name
        params = {**_EVENT_ROWS.params(dialect, rows), "now": now}
        await conn.execute(_INSERT_EVENTS[dialect], params)


# -- outbox: one INSERT … SELECT returning the ids --------------------------------------

_MESSAGE_ROWS: Final = _Rows(
    "step_messages",
    [("match_id", Integer()), ("target", String()), ("notices", _JSONText())],
)


def _enqueue_statement(dialect: str) -> Any:
    rows = _MESSAGE_ROWS.relation(dialect)
    source = select(rows.c.match_id, rows.c.target, rows.c.notices, _NOW)
    return (
        insert(_OUTBOX)
        .from_select(("match_id", "target", "notices", "created_at"), source)
        .returning(_OUTBOX.c.id, _OUTBOX.c.match_id, _OUTBOX.c.target)
    )


_ENQUEUE: Final = _per_dialect(_enqueue_statement)


async def _enqueue(
    conn: AsyncConnection, steps: Sequence[StepWrite], now: datetime
) -> dict[tuple[int, str], list[int]]:
    """(match id, target) -> the ids of the rows queued for it, in ascending order."""
    rows = _message_rows(steps)
    if not rows:
        return {}
    dialect = conn.dialect.name
    params = {**_MESSAGE_ROWS.params(dialect, rows), "now": now}
    return _outbox_ids(await conn.execute(_ENQUEUE[dialect], params))


def _message_rows(steps: Sequence[StepWrite]) -> list[tuple[Any, ...]]:
    return [(s.match_id, m.target, m.notices_json) for s in steps for m in s.messages]


def _outbox_ids(returned: Iterable[Sequence[Any]]) -> dict[tuple[int, str], list[int]]:
    """The enqueue's RETURNING rows (id, match id, target), in whatever order the
    database gave them: (match id, target) -> its ids, ascending."""
    ids: dict[tuple[int, str], list[int]] = defaultdict(list)
    for row_id, match_id, target in returned:
        ids[(match_id, target)].append(row_id)
    for found in ids.values():
        found.sort()
    return ids


# -- delivery marks: one UPDATE for any number of rows ----------------------------------

_DELIVERED_ROWS: Final = _Rows("delivered", [("id", BigInteger())])


def _mark_statement(dialect: str) -> Any:
    ids = select(_DELIVERED_ROWS.relation(dialect).c.id)
    return update(_OUTBOX).where(_OUTBOX.c.id.in_(ids)).values(delivered=True)


_MARK: Final = _per_dialect(_mark_statement)


async def mark_delivered(conn: AsyncConnection, ids: Sequence[int]) -> None:
    """Mark outbox rows delivered, in the caller's transaction. (An IN list of
    literal parameters would be rendered and compiled again for every length.)"""
    if ids:
        dialect = conn.dialect.name
        await conn.execute(_MARK[dialect], _DELIVERED_ROWS.params(dialect, [(i,) for i in ids]))
