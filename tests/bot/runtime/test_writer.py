"""Group commit: the runtime's one writer on a real database, and what it promises
when some steps are stale, when batches fail, and when the process dies."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from typing import Any

import aiosqlite
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

import games
from bot.runtime import MatchRuntime, replay
from bot.runtime.unanswered import CommitUnanswered, MoveNotTaken, NotTaken, find_out
from bot.runtime.writer import Writer
from games import PUBLIC, Rejected
from storage.records import StaleVersion
from storage.repository import MatchRepository
from storage.steps import StepWrite, StepWritten, write_steps
from tests.bot.runtime.conftest import Harness, hold_next_transaction
from tests.conftest import aiosqlite_trips


async def _moves_logged(harness: Harness, match_id: int) -> list[dict[str, Any]]:
    async with harness.sessions() as session:
        events = await MatchRepository(session).events(match_id)
    return [e.payload for e in events if e.kind == "action"]


async def test_a_batch_refuses_only_its_stale_step(harness: Harness) -> None:
    """Three matches' moves in one transaction, one match written meanwhile by
    another process: that move alone is refused; the other two are committed and
    acknowledged in the order they were handed over."""
    first, stale, third = [await harness.started() for _ in range(3)]
    async with harness.sessions.begin() as session:  # another process moves `stale` on
        repo = MatchRepository(session)
        record = await repo.get(stale)
        assert record is not None
        await repo.update(stale, expected_version=record.version, clock_ms=record.clock_ms)
    blocker = await harness.started()
    release = hold_next_transaction(harness.runtime.writer)
    held = asyncio.create_task(harness.runtime.submit_text(blocker, 0, "play 1"))
    await asyncio.sleep(0)
    acknowledged: list[int] = []

    async def move(match_id: int, card: int) -> None:
        await harness.runtime.submit_text(match_id, 0, f"play {card}")
        acknowledged.append(match_id)

    moves = [asyncio.create_task(move(m, c)) for m, c in ((first, 2), (stale, 3), (third, 4))]
    await asyncio.sleep(0)
    release.set()
    results = await asyncio.gather(held, *moves, return_exceptions=True)
    assert isinstance(results[2], Rejected)
    assert "changed elsewhere" in str(results[2])
    assert acknowledged == [first, third]
    assert harness.runtime.writer.batch_sizes[3] == 1, "the three moves shared a transaction"
    assert await _moves_logged(harness, first) == [{"kind": "bid", "card": 2, "auction": 1}]
    assert await _moves_logged(harness, third) == [{"kind": "bid", "card": 4, "auction": 1}]
    assert await _moves_logged(harness, stale) == []
    # The refused match took the stored version: the next move goes through.
    await harness.runtime.submit_text(stale, 0, "play 5")
    assert await _moves_logged(harness, stale) == [{"kind": "bid", "card": 5, "auction": 1}]


async def test_a_checkpoint_takes_its_turn_with_the_batches(harness: Harness) -> None:
    """The clock checkpoint updates every running match: it runs between the
    writer's batches, never beside one (on PostgreSQL the two could deadlock)."""
    match_id = await harness.started()
    release = hold_next_transaction(harness.runtime.writer)
    move = asyncio.create_task(harness.runtime.submit_text(match_id, 0, "play 1"))
    await asyncio.sleep(0)
    checkpoint = asyncio.create_task(harness.runtime.checkpoint())
    for _ in range(20):
        await asyncio.sleep(0)
    assert not checkpoint.done()
    release.set()
    await asyncio.gather(move, checkpoint)


def _record_turns(writer: Writer) -> list[str]:
    """What the writer does, in order: 'job' (a checkpoint's chunk) or the match
    ids of a batch (a transaction of delivery marks alone, which may fall
    anywhere between them, is left out)."""
    turns: list[str] = []
    run_job, write_batch = writer._run_job, writer._write_batch

    async def job(*args: Any) -> None:
        turns.append("job")
        await run_job(*args)

    async def batch(waiting: list[Any]) -> None:
        if waiting:
            turns.append(",".join(str(w.step.match_id) for w in waiting))
        await write_batch(waiting)

    writer._run_job, writer._write_batch = job, batch  # type: ignore[method-assign]
    return turns


async def test_moves_are_written_between_the_chunks_of_a_checkpoint(harness: Harness) -> None:
    """A checkpoint saves its matches' clocks a chunk at a time, and a move that
    arrives meanwhile is written after the chunk in hand, not after them all;
    every running clock is saved all the same."""
    ids = [await harness.started() for _ in range(4)]
    harness.runtime.checkpoints.chunk = 1
    await harness.advance(30)
    writer = harness.runtime.writer
    turns = _record_turns(writer)
    release = hold_next_transaction(writer)
    first = asyncio.create_task(harness.runtime.submit_text(ids[0], 0, "play 1"))
    await asyncio.sleep(0)
    checkpoint = asyncio.create_task(harness.runtime.checkpoint())
    second = asyncio.create_task(harness.runtime.submit_text(ids[1], 0, "play 2"))
    for _ in range(5):
        await asyncio.sleep(0)
    release.set()
    await asyncio.gather(first, second, checkpoint)
    assert turns == [str(ids[0]), "job", str(ids[1]), "job", "job", "job"]
    async with harness.sessions() as session:
        stored = [await MatchRepository(session).get(i) for i in ids]
    assert [r.clock_ms for r in stored if r is not None] == [30_000] * 4


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_on_sqlite_each_chunk_of_a_checkpoint_is_one_trip(harness: Harness) -> None:
    """A chunk is one call into aiosqlite's thread, as a batch of moves is: the
    moves queued behind it wait out one trip, not a session's five."""
    ids = [await harness.started() for _ in range(3)]
    harness.runtime.checkpoints.chunk = 2
    await harness.advance(30)
    await harness.runtime.flush()
    with aiosqlite_trips() as trips:
        assert await harness.runtime.checkpoint() == set()
    assert trips == ["_save_clocks", "_save_clocks"]
    async with harness.sessions() as session:
        stored = [await MatchRepository(session).get(i) for i in ids]
    assert [r.clock_ms for r in stored if r is not None] == [30_000] * 3


@pytest.mark.parametrize("dies", ["before its commit", "after its commit"])
async def test_a_kill_between_write_and_acknowledgement_loses_nothing_acknowledged(
    harness: Harness, dies: str
) -> None:
    """The process dies while a batch is in flight: every move that was
    acknowledged is there after restore, and the state replays from the log."""
    match_id = await harness.started()
    await harness.runtime.submit_text(match_id, 0, "play 2")
    await harness.runtime.submit_text(match_id, 1, "play 4")  # auction A resolved
    writer = harness.runtime.writer
    written = asyncio.Event()
    never = asyncio.Event()
    real = writer._transaction

    async def dying(steps: Sequence[StepWrite], marks: Sequence[int]) -> Any:
        if dies == "after its commit":
            await real(steps, marks)
        else:  # written in its transaction, which never commits
            async with harness.sessions.begin() as session:
                await write_steps(await session.connection(), steps)
                written.set()
                await never.wait()
        written.set()
        await never.wait()  # the acknowledgement never comes: the process is gone

    writer._transaction = dying  # type: ignore[method-assign]
    in_flight = asyncio.create_task(harness.runtime.submit_text(match_id, 0, "play 6"))
    await written.wait()
    # The process dies: its tasks end (an uncommitted transaction is rolled back),
    # nothing is shut down or checkpointed.
    assert writer._task is not None
    for task in (writer._task, in_flight):
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    harness.runtime.scheduler._heap.clear()
    after = await harness.restart()
    moves = await _moves_logged(after, match_id)
    assert moves[:2] == [
        {"kind": "bid", "card": 2, "auction": 1},
        {"kind": "bid", "card": 4, "auction": 1},
    ]
    assert len(moves) == (3 if dies == "after its commit" else 2)
    game = games.get("goofspiel")
    async with after.sessions() as session:
        repo = MatchRepository(session)
        stored = await repo.get(match_id)
        events = await repo.events(match_id)
    assert stored is not None
    assert stored.state is not None
    assert replay(game, stored.config, stored.seed, events) == game.load_state(stored.state)
    view = await after.runtime.view(match_id, PUBLIC)
    assert view["letter"] == "B"
    await after.runtime.shut_down()


async def test_loading_one_match_does_not_hold_up_another(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow load (a large word list, a slow read) delays only its own match."""
    slow = await harness.started(move_seconds=77)
    quick = await harness.started()
    fresh = MatchRuntime(harness.sessions, harness.port, scheduler=harness.runtime.scheduler)
    loading = asyncio.Event()
    release = asyncio.Event()
    real = fresh._matches._read

    async def read(match_id: int) -> Any:
        if match_id == slow:
            loading.set()
            await release.wait()
        return await real(match_id)

    monkeypatch.setattr(fresh._matches, "_read", read)
    # Loading (making a match live here, as a move or a host command does; a
    # view reads without loading).
    first = asyncio.create_task(fresh._matches.load(slow))
    second = asyncio.create_task(fresh._matches.load(slow))  # shares the same load
    await loading.wait()
    live = await asyncio.wait_for(fresh._matches.load(quick), timeout=5)
    assert live.id == quick
    assert not first.done()
    release.set()
    assert (await first) is (await second)
    assert (await first).id == slow


# -- the writer alone, with a stand-in transaction --------------------------------------


class _Recording(Writer):
    def __init__(self, fail: BaseException | None = None) -> None:
        super().__init__(async_sessionmaker[AsyncSession]())
        self.batches: list[list[int]] = []
        self.fail = fail

    async def _transaction(
        self, steps: Sequence[StepWrite], marks: Sequence[int]
    ) -> list[StepWritten | StaleVersion]:
        self.batches.append([s.match_id for s in steps])
        await asyncio.sleep(0)
        if self.fail is not None:
            raise self.fail
        return [StepWritten(1, []) for _ in steps]


def _messages_only(match_id: int) -> StepWrite:
    return StepWrite(match_id, None, [], [])


async def test_everything_waiting_goes_in_the_next_batch_once_per_match() -> None:
    writer = _Recording()
    first = asyncio.create_task(writer.write(_messages_only(1)))
    await asyncio.sleep(0)  # the first batch is being written
    rest = [asyncio.create_task(writer.write(_messages_only(m))) for m in (2, 3, 2, 4)]
    await asyncio.gather(first, *rest)
    assert writer.batches == [[1], [2, 3, 4], [2]]
    assert writer.batch_sizes == {1: 2, 3: 1}


@pytest.mark.parametrize(
    ("error", "told"),
    [(OSError("connection refused"), NotTaken), (ValueError("a bug"), ValueError)],
)
async def test_a_failed_batch_fails_each_of_its_steps(
    error: Exception, told: type[Exception]
) -> None:
    """The database away is each step not taken (said so, not as a raw error); any
    other failure is passed on as it is."""
    writer = _Recording(fail=error)
    results = await asyncio.gather(
        *(writer.write(_messages_only(m)) for m in (1, 2)), return_exceptions=True
    )
    assert [type(r) for r in results] == [told, told]
    assert all(r is error or getattr(r, "__cause__", None) is error for r in results)
    assert writer.batch_sizes == {}
    writer.fail = None
    assert await writer.write(_messages_only(1)) == StepWritten(1, [])


@pytest.mark.parametrize("committed", [True, False])
async def test_a_lost_commit_is_found_out_once_for_the_whole_batch(
    harness: Harness, committed: bool
) -> None:
    """The batch's version witness decides for its notice-only steps too (one
    transaction); a step refused as stale inside it stays refused."""
    moved, noticed, stale = [await harness.started() for _ in range(3)]
    record = await harness.runtime.get(moved)
    if committed:  # what the lost COMMIT did
        async with harness.sessions.begin() as session:
            await MatchRepository(session).update(moved, expected_version=record.version)
    steps = [StepWrite(m, None, [], []) for m in (moved, noticed, stale)]
    written: list[StepWritten | StaleVersion] = [
        StepWritten(record.version + 1, [10]),
        StepWritten(None, [11]),
        StaleVersion("x"),
    ]
    answers = await find_out(harness.sessions, steps, CommitUnanswered(written))
    if committed:
        assert answers[:2] == written[:2]
    else:
        assert [type(a) for a in answers[:2]] == [NotTaken, NotTaken]
    assert answers[2] is written[2]


# -- SQLite: the batch in one trip to the database thread ---------------------------


async def _refuse_commits(sessions: async_sessionmaker[AsyncSession]) -> dict[str, bool]:
    """SQLite refuses COMMIT (an authorizer on the process's one connection, as a
    full disk would) while the returned flag ``refuse`` is set."""
    flag = {"refuse": True}

    def authorize(action: int, arg1: str | None, *_: Any) -> int:
        refused = action == sqlite3.SQLITE_TRANSACTION and arg1 == "COMMIT" and flag["refuse"]
        return sqlite3.SQLITE_DENY if refused else sqlite3.SQLITE_OK

    engine = sessions.kw["bind"]
    assert isinstance(engine, AsyncEngine)
    async with engine.connect() as conn:
        driver = (await conn.get_raw_connection()).driver_connection
        assert isinstance(driver, aiosqlite.Connection)
        await driver.set_authorizer(authorize)
    return flag


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_refused_commit_is_found_out_and_the_move_told_not_taken(harness: Harness) -> None:
    """The COMMIT of a batch written in one trip fails: the writer finds out from
    the stored version that it was not written, and says so; nothing of it is
    stored, and the match takes the next move as if it had never come."""
    match_id = await harness.started()
    refusing = await _refuse_commits(harness.sessions)
    with pytest.raises(MoveNotTaken):
        await harness.runtime.submit_text(match_id, 0, "play 3")
    assert await _moves_logged(harness, match_id) == []
    refusing["refuse"] = False
    await harness.runtime.submit_text(match_id, 0, "play 4")
    assert await _moves_logged(harness, match_id) == [{"kind": "bid", "card": 4, "auction": 1}]
