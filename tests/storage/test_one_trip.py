"""A batch in one trip to SQLite's database thread (storage.one_trip): what the
batched statements promise, kept with a single call into aiosqlite's thread."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import aiosqlite.core
import pytest
from sqlalchemy import exc as sa_exc
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from storage.clocks import ClockSave
from storage.one_trip import CommitFailed, checkpoint_in_one_trip, suits, write_in_one_trip
from storage.records import MatchStatus, NewMatch, PlayerRecord, StaleVersion
from storage.repository import MatchRepository
from storage.steps import NewEvent, NewMessage, StateUpdate, StepWrite, StepWritten
from storage.tables import MatchRow
from tests.conftest import aiosqlite_trips

Sessions = async_sessionmaker[AsyncSession]

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def _engine(sessions: Sessions) -> AsyncEngine:
    engine = sessions.kw["bind"]
    assert isinstance(engine, AsyncEngine)
    assert suits(engine)
    return engine


async def _matches(sessions: Sessions, count: int) -> list[int]:
    players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
    async with sessions.begin() as session:
        repo = MatchRepository(session)
        new = [
            NewMatch(guild_id=1, game="g", config={}, seed=i, players=players) for i in range(count)
        ]
        return [(await repo.create(n)).id for n in new]


def _step(match_id: int, version: int, note: str) -> StepWrite:
    notices = json.dumps([{"audience": "public", "kind": note, "data": {}}])
    return StepWrite(
        match_id,
        StateUpdate(version, json.dumps({"note": note}), MatchStatus.RUNNING, 1000, None, 3),
        [NewEvent("action", "0", {"move": note}, 1000, 3)],
        [NewMessage("public", notices), NewMessage("0", notices)],
    )


async def _undelivered(sessions: Sessions) -> list[int]:
    async with sessions() as session:
        return [row.id for row in await MatchRepository(session).undelivered()]


async def test_a_batch_is_one_trip_and_refuses_only_its_stale_step(sessionmaker: Sessions) -> None:
    """Three matches' steps and the marks of earlier rows: one call into the
    database thread, the connection's return to the pool included. The stale
    step writes nothing; the others write every table, with their ids."""
    engine = _engine(sessionmaker)
    first, stale, third = await _matches(sessionmaker, 3)
    (earlier,) = await write_in_one_trip(engine, [_step(stale, 0, "elsewhere")], [])
    assert isinstance(earlier, StepWritten)
    before = datetime.now(UTC) - timedelta(seconds=1)
    with aiosqlite_trips() as trips:
        results = await write_in_one_trip(
            engine, [_step(m, 0, "mine") for m in (first, stale, third)], earlier.outbox_ids
        )
    assert trips == ["_run"]
    assert isinstance(results[1], StaleVersion)
    assert [type(r) for r in (results[0], results[2])] == [StepWritten, StepWritten]
    async with sessionmaker() as session:
        repo = MatchRepository(session)
        for match_id, result in ((first, results[0]), (third, results[2])):
            record = await repo.get(match_id)
            assert record is not None
            assert (record.version, json.loads(record.state or "")) == (1, {"note": "mine"})
            assert record.updated_at >= before  # written as SQLAlchemy writes it
            assert [(e.seq, e.payload) for e in await repo.events(match_id)] == [
                (1, {"move": "mine"})
            ]
            assert isinstance(result, StepWritten)
            rows = await repo.undelivered(match_id)
            assert [(r.id, r.target) for r in rows] == list(
                zip(result.outbox_ids, ["public", "0"], strict=True)
            )
            assert all(r.created_at >= before for r in rows)
        record = await repo.get(stale)
        assert record is not None
        assert (record.version, json.loads(record.state or "")) == (1, {"note": "elsewhere"})
        assert [e.payload["move"] for e in await repo.events(stale)] == ["elsewhere"]
        assert await repo.undelivered(stale) == [], "the earlier rows marked, none added"


async def test_a_failure_mid_batch_leaves_nothing_written(sessionmaker: Sessions) -> None:
    """The outbox INSERT fails after the UPDATE and the events went in: raised as
    SQLAlchemy raises it, and none of the batch (nor its marks) is kept."""
    engine = _engine(sessionmaker)
    first, second = await _matches(sessionmaker, 2)
    (earlier,) = await write_in_one_trip(engine, [_step(first, 0, "earlier")], [])
    assert isinstance(earlier, StepWritten)
    nowhere = StepWrite(999, None, [], [NewMessage("public", "[]")])  # no such match
    with pytest.raises(sa_exc.IntegrityError, match="FOREIGN KEY"):
        await write_in_one_trip(
            engine,
            [_step(first, 1, "lost"), _step(second, 0, "lost"), nowhere],
            [earlier.outbox_ids[0]],
        )
    async with sessionmaker() as session:
        repo = MatchRepository(session)
        assert [(await repo.get(m)).version for m in (first, second)] == [1, 0]  # type: ignore[union-attr]
        assert [len(await repo.events(m)) for m in (first, second)] == [1, 0]
    assert await _undelivered(sessionmaker) == earlier.outbox_ids, "still unmarked"
    # The connection was left with no transaction open: the next batch goes through.
    (result,) = await write_in_one_trip(engine, [_step(second, 0, "next")], [])
    assert isinstance(result, StepWritten)
    assert result.version == 1


async def _deny_commits(engine: AsyncEngine) -> list[str]:
    """SQLite refuses every COMMIT from now on (an authorizer on the connection),
    as a full disk would; returns the transaction statements it saw."""
    seen: list[str] = []

    def authorize(action: int, arg1: str | None, *_: Any) -> int:
        if action == sqlite3.SQLITE_TRANSACTION and arg1 is not None:
            seen.append(arg1)
            if arg1 == "COMMIT":
                return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    async with engine.connect() as conn:
        driver = (await conn.get_raw_connection()).driver_connection
        assert isinstance(driver, aiosqlite.Connection)
        await driver.set_authorizer(authorize)
    return seen


async def test_a_failed_commit_says_what_the_batch_got_and_keeps_nothing(
    sessionmaker: Sessions,
) -> None:
    engine = _engine(sessionmaker)
    first, stale = await _matches(sessionmaker, 2)
    async with sessionmaker.begin() as session:
        await session.execute(update(MatchRow).where(MatchRow.id == stale).values(version=5))
    seen = await _deny_commits(engine)
    with pytest.raises(CommitFailed) as failed:
        await write_in_one_trip(engine, [_step(first, 0, "a"), _step(stale, 0, "b")], [])
    assert isinstance(failed.value.__cause__, sa_exc.DatabaseError)
    got = failed.value.results
    assert isinstance(got[0], StepWritten)
    assert got[0].version == 1
    assert len(got[0].outbox_ids) == 2
    assert isinstance(got[1], StaleVersion)
    assert seen[-2:] == ["COMMIT", "ROLLBACK"]
    async with sessionmaker() as session:
        repo = MatchRepository(session)
        record = await repo.get(first)
        assert record is not None
        assert record.version == 0
        assert await repo.events(first) == []
    assert await _undelivered(sessionmaker) == []


async def test_a_connection_returned_in_a_transaction_is_rolled_back(
    sessionmaker: Sessions,
) -> None:
    """The pool no longer rolls back every connection it takes back (a trip to
    the thread each time), only one left in a transaction."""
    engine = _engine(sessionmaker)
    (match_id,) = await _matches(sessionmaker, 1)
    with aiosqlite_trips() as trips:
        async with engine.connect() as conn:
            driver = (await conn.get_raw_connection()).driver_connection
            assert isinstance(driver, aiosqlite.Connection)
            await driver.execute("UPDATE matches SET version = 9 WHERE id = ?", (match_id,))
            assert driver.in_transaction
    assert trips[-1] == "rollback"
    async with sessionmaker() as session:
        record = await MatchRepository(session).get(match_id)
    assert record is not None
    assert record.version == 0


async def test_steps_of_one_match_twice_are_refused(sessionmaker: Sessions) -> None:
    engine = _engine(sessionmaker)
    (match_id,) = await _matches(sessionmaker, 1)
    steps: Sequence[StepWrite] = [_step(match_id, 0, "a"), _step(match_id, 1, "b")]
    with pytest.raises(ValueError, match="one step per match"):
        await write_in_one_trip(engine, steps, [])


# -- clock checkpoints ------------------------------------------------------------


async def _running(sessions: Sessions, count: int) -> list[int]:
    """``count`` running matches at version 1, their clocks at 0."""
    ids = await _matches(sessions, count)
    async with sessions.begin() as session:
        await session.execute(
            update(MatchRow)
            .where(MatchRow.id.in_(ids))
            .values(status=MatchStatus.RUNNING.value, version=1)
        )
    return ids


async def _clocks(sessions: Sessions, ids: Sequence[int]) -> list[tuple[int, int]]:
    async with sessions() as session:
        repo = MatchRepository(session)
        return [(r.clock_ms, r.version) for i in ids if (r := await repo.get(i)) is not None]


async def test_a_checkpoint_chunk_is_one_trip_and_refuses_a_stale_clock(
    sessionmaker: Sessions,
) -> None:
    """BEGIN, the version-checked UPDATE and COMMIT as one call into the thread
    (through a session, five): a clock saved against an older version, or of a
    match not running, is refused and overwrites nothing; no version moves."""
    engine = _engine(sessionmaker)
    first, stale, paused = await _running(sessionmaker, 3)
    async with sessionmaker.begin() as session:  # another process wrote `stale`
        await session.execute(
            update(MatchRow).where(MatchRow.id == stale).values(version=2, clock_ms=40_000)
        )
        await session.execute(
            update(MatchRow).where(MatchRow.id == paused).values(status=MatchStatus.PAUSED.value)
        )
    before = datetime.now(UTC) - timedelta(seconds=1)
    saves = {first: ClockSave(1, 5_000), stale: ClockSave(1, 9_000), paused: ClockSave(1, 7_000)}
    with aiosqlite_trips() as trips:
        refused = await checkpoint_in_one_trip(engine, {**saves, 999: ClockSave(0, 1)})
        assert await checkpoint_in_one_trip(engine, {}) == set()
    assert trips == ["_save_clocks"]
    assert refused == {stale, paused, 999}
    assert await _clocks(sessionmaker, [first, stale, paused]) == [(5_000, 1), (40_000, 2), (0, 1)]
    async with sessionmaker() as session:
        record = await MatchRepository(session).get(first)
    assert record is not None
    assert record.updated_at >= before  # written as SQLAlchemy writes it
    # Holding the newest version, the next checkpoint saves it.
    assert await checkpoint_in_one_trip(engine, {stale: ClockSave(2, 41_000)}) == set()
    assert await _clocks(sessionmaker, [stale]) == [(41_000, 2)]


async def test_a_checkpoint_whose_commit_fails_saves_no_clock(sessionmaker: Sessions) -> None:
    """Raised as SQLAlchemy raises it and rolled back in the same trip: the
    checkpoint fails as a whole (the next one saves the clocks again)."""
    engine = _engine(sessionmaker)
    ids = await _running(sessionmaker, 2)
    seen = await _deny_commits(engine)
    with pytest.raises(sa_exc.DatabaseError):
        await checkpoint_in_one_trip(engine, {i: ClockSave(1, 3_000) for i in ids})
    assert seen[-2:] == ["COMMIT", "ROLLBACK"]
    assert await _clocks(sessionmaker, ids) == [(0, 1), (0, 1)]
