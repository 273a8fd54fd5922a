"""A batch of steps written in one trip to SQLite's database thread.

aiosqlite runs every call on its connection in a thread of its own, and each
call is a trip there and back: a hand-over through a queue, a thread to be
scheduled, the event loop woken again. Through SQLAlchemy a batch made about 16
of them (a cursor, an execute, a fetch and a close per statement, the COMMIT,
the pool's ROLLBACK when the connection went back); under load those trips, not
the statements, were most of a slow move's time. Here the batch's BEGIN, its
statements (the ones of :mod:`storage.steps`, compiled once for the engine), the
delivery marks and the COMMIT run as one function in that thread: one trip for
the whole transaction, and none when the connection goes back to the pool (see
``db._roll_back_if_open``).

What the writer promises is kept: a failure before the COMMIT is rolled back in
the same trip (nothing of the batch is written) and raised as SQLAlchemy raises
the driver's errors, so the writer tells "not taken" from a bug as before; a
failed COMMIT raises :class:`CommitFailed` with what the batch got, since it may
have been carried out all the same. The engine's listeners are told of each
transaction's begin and commit (the WAL checkpointer, storage/wal.py, counts the
commits), as of SQLAlchemy's own.

A chunk of the clock checkpoint (:func:`storage.clocks.checkpoint_clocks`, a
writer job between two batches) goes the same way: BEGIN, its version-checked
UPDATE and COMMIT in one trip (:func:`checkpoint_in_one_trip`), where a session
made five; every move that arrived meanwhile waited those out.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence, Set
from contextlib import suppress
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

import aiosqlite
from sqlalchemy import Dialect
from sqlalchemy import exc as sa_exc
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import clocks
from storage import steps as s
from storage.clocks import ClockSave
from storage.records import StaleVersion
from storage.steps import StepWrite, StepWritten
from storage.tables import utcnow


class CommitFailed(Exception):
    """The COMMIT of a batch failed: what the batch got, if it was committed."""

    def __init__(self, results: list[StepWritten | StaleVersion]) -> None:
        super().__init__("the commit failed")
        self.results = results


def suits(engine: AsyncEngine) -> bool:
    """Whether ``engine`` is SQLite through aiosqlite, whose thread takes the trip
    (by aiosqlite's ``_execute``, not a public call: an aiosqlite without it, a
    release pyproject.toml does not allow yet, takes SQLAlchemy's many trips)."""
    return engine.dialect.driver == "aiosqlite" and callable(
        getattr(aiosqlite.Connection, "_execute", None)
    )


async def write_in_one_trip(
    engine: AsyncEngine, steps: Sequence[StepWrite], marks: Sequence[int]
) -> list[StepWritten | StaleVersion]:
    """Write ``steps`` (at most one per match) and mark ``marks`` delivered, in one
    transaction, committed before this returns; per step what it got, as
    :func:`storage.steps.write_steps` says."""
    s._one_per_match(steps)
    trip = _Trip.of(_statements(engine.sync_engine.dialect), steps, marks)
    try:
        versions, returned = await _in_the_thread(engine, _run, trip)
    except _Uncommitted as lost:
        answers = s._answers(steps, lost.versions, s._outbox_ids(lost.returned))
        raise CommitFailed(answers) from _as_sqlalchemy(lost.error, "COMMIT")
    return s._answers(steps, versions, s._outbox_ids(returned))


async def checkpoint_in_one_trip(engine: AsyncEngine, saves: Mapping[int, ClockSave]) -> set[int]:
    """:func:`storage.clocks.checkpoint_clocks` in a transaction of its own,
    committed before this returns: the ids refused (at another version, or not
    running). A failure, the COMMIT's included, raises as SQLAlchemy raises it and
    leaves no clock saved (a COMMIT that fails is rolled back; the next
    checkpoint saves them all again)."""
    if not saves:
        return set()
    statement = _statements(engine.sync_engine.dialect).checkpoint
    rows = [(match_id, c.version, c.clock_ms) for match_id, c in saves.items()]
    # updated_at: SQLAlchemy computes it as it executes (the column's onupdate).
    args = statement.bind({**clocks._CLOCK_ROWS.params("sqlite", rows), "updated_at": utcnow()})
    try:
        saved = await _in_the_thread(engine, _save_clocks, (statement.sql, args))
    except _Uncommitted as lost:
        raise _as_sqlalchemy(lost.error, "COMMIT") from lost.error
    return set(saves) - {match_id for (match_id,) in saved}


async def _in_the_thread(engine: AsyncEngine, run: Callable[..., Any], trip: Any) -> Any:
    """``run(connection, trip)`` in aiosqlite's thread, one call; the engine's begin
    and commit listeners told of its transaction, as of SQLAlchemy's own. A
    statement's failure is raised as SQLAlchemy's."""
    async with engine.connect() as conn:
        driver = (await conn.get_raw_connection()).driver_connection
        sync = conn.sync_connection
        assert sync is not None
        sync.dispatch.begin(sync)
        try:
            # aiosqlite's own way into its thread (what its execute and commit use).
            result = await driver._execute(run, driver._conn, trip)  # type: ignore[union-attr]
        except _Failed as failed:
            raise _as_sqlalchemy(failed.error, failed.statement) from failed.error
        sync.dispatch.commit(sync)  # as SQLAlchemy tells of its own commits
    return result


# -- the statements, compiled once per dialect --------------------------------------


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A statement as the driver takes it: its SQL and its parameters in order."""

    sql: str
    bind: Callable[[dict[str, Any]], tuple[Any, ...]]

    @classmethod
    def of(cls, statement: Any, dialect: Dialect) -> _Prepared:
        compiled = statement.compile(dialect=dialect)
        names = tuple(compiled.positiontup or ())
        processors = {
            name: compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in names
        }
        # Columns left out of an INSERT get their default, which SQLAlchemy
        # computes as it executes (outbox.delivered: false). Only plain values here.
        defaults = {c.key: c.default.arg for c in compiled.insert_prefetch if c.default.is_scalar}
        assert len(defaults) == len(compiled.insert_prefetch), "a default computed per row"

        def bind(values: dict[str, Any]) -> tuple[Any, ...]:
            # The values given, the defaults, and the literals compiled in.
            params = compiled.construct_params({**defaults, **values})
            return tuple(
                params[n] if (process := processors[n]) is None else process(params[n])
                for n in names
            )

        return cls(compiled.string, bind)


@dataclass(frozen=True, slots=True)
class _Statements:
    update: _Prepared
    insert_events: _Prepared
    enqueue: _Prepared
    mark: _Prepared
    checkpoint: _Prepared


# Per engine's dialect, and gone with it (tests make many engines).
_COMPILED: WeakKeyDictionary[Dialect, _Statements] = WeakKeyDictionary()


def _statements(dialect: Dialect) -> _Statements:
    if (compiled := _COMPILED.get(dialect)) is None:
        each = (s._UPDATE, s._INSERT_EVENTS, s._ENQUEUE, s._MARK, clocks._CHECKPOINT)
        compiled = _Statements(*(_Prepared.of(st[dialect.name], dialect) for st in each))
        _COMPILED[dialect] = compiled
    return compiled


# -- the trip ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Trip:
    """Everything the database thread needs, built on the loop beforehand; the
    events' and messages' parameters assume every version check passes (they are
    built again, without the refused steps' rows, only if one does not)."""

    statements: _Statements
    now: Any
    updating: frozenset[int]  # the matches whose step has a version to check
    states: tuple[Any, ...] | None
    events: list[tuple[Any, ...]]
    messages: list[tuple[Any, ...]]
    events_args: tuple[Any, ...] | None
    messages_args: tuple[Any, ...] | None
    marks_args: tuple[Any, ...] | None

    @classmethod
    def of(cls, statements: _Statements, steps: Sequence[StepWrite], marks: Sequence[int]) -> _Trip:
        now = utcnow()
        states, events, messages = (
            s._state_rows(steps),
            s._event_rows(steps),
            s._message_rows(steps),
        )
        return cls(
            statements,
            now,
            frozenset(step.match_id for step in steps if step.update is not None),
            _args(statements.update, s._STATES, states, now),
            events,
            messages,
            _args(statements.insert_events, s._EVENT_ROWS, events, now),
            _args(statements.enqueue, s._MESSAGE_ROWS, messages, now),
            _args(statements.mark, s._DELIVERED_ROWS, [(i,) for i in marks], now),
        )

    def without(self, refused: Set[int]) -> tuple[tuple[Any, ...] | None, tuple[Any, ...] | None]:
        """The events' and messages' parameters less the refused matches' rows."""
        events = [r for r in self.events if r[0] not in refused]
        messages = [r for r in self.messages if r[0] not in refused]
        return (
            _args(self.statements.insert_events, s._EVENT_ROWS, events, self.now),
            _args(self.statements.enqueue, s._MESSAGE_ROWS, messages, self.now),
        )


def _args(
    statement: _Prepared, rows: s._Rows, data: list[tuple[Any, ...]], now: Any
) -> tuple[Any, ...] | None:
    """A statement's parameters for ``data``; None: no rows, no statement."""
    return statement.bind({**rows.params("sqlite", data), "now": now}) if data else None


class _Failed(Exception):
    def __init__(self, error: Exception, statement: str) -> None:
        self.error, self.statement = error, statement


class _Uncommitted(Exception):
    def __init__(self, error: Exception, versions: dict[int, int], returned: list[Any]) -> None:
        self.error, self.versions, self.returned = error, versions, returned


def _run(conn: sqlite3.Connection, trip: _Trip) -> tuple[dict[int, int], list[Any]]:
    """In the database thread: the whole transaction."""
    try:
        versions, returned = _write(conn, trip)
    except _Failed:
        with suppress(sqlite3.Error):  # the database gone: nothing to keep either way
            conn.rollback()
        raise
    _commit(conn, versions, returned)
    return versions, returned


def _write(conn: sqlite3.Connection, trip: _Trip) -> tuple[dict[int, int], list[Any]]:
    """BEGIN and every statement of the batch; what the UPDATE and the enqueue returned."""
    statement = "BEGIN"
    try:
        # A memory database's one connection is shared by every session: a
        # transaction already open there is joined, as SQLAlchemy's would be.
        if not conn.in_transaction:
            conn.execute("BEGIN")
        versions: dict[int, int] = {}
        returned: list[Any] = []
        events, messages = trip.events_args, trip.messages_args
        if trip.states is not None:
            statement = trip.statements.update.sql
            versions = dict(conn.execute(statement, trip.states).fetchall())
            if refused := trip.updating - versions.keys():
                events, messages = trip.without(refused)
        if events is not None:
            statement = trip.statements.insert_events.sql
            conn.execute(statement, events)
        if messages is not None:
            statement = trip.statements.enqueue.sql
            returned = conn.execute(statement, messages).fetchall()
        if trip.marks_args is not None:
            statement = trip.statements.mark.sql
            conn.execute(statement, trip.marks_args)
    except Exception as error:
        raise _Failed(error, statement) from error
    return versions, returned


def _save_clocks(conn: sqlite3.Connection, trip: tuple[str, tuple[Any, ...]]) -> list[Any]:
    """In the database thread: a checkpoint chunk's whole transaction; the ids saved."""
    sql, args = trip
    try:
        if not conn.in_transaction:  # joined if open, as in _write
            conn.execute("BEGIN")
        saved = conn.execute(sql, args).fetchall()
    except Exception as error:
        with suppress(sqlite3.Error):
            conn.rollback()
        raise _Failed(error, sql) from error
    _commit(conn, {}, [])
    return saved


def _commit(conn: sqlite3.Connection, versions: dict[int, int], returned: list[Any]) -> None:
    try:
        conn.commit()
    except Exception as error:
        with suppress(sqlite3.Error):
            conn.rollback()
        raise _Uncommitted(error, versions, returned) from error


def _as_sqlalchemy(error: Exception, statement: str) -> BaseException:
    """The driver's error as SQLAlchemy raises it (sqlalchemy.exc.OperationalError, …)."""
    return sa_exc.DBAPIError.instance(statement, None, error, sqlite3.Error)
