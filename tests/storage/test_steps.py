"""Batched step writes (storage.steps) on SQLite and PostgreSQL: one statement per
table for many matches, a stale version refusing only its own step."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.records import MatchStatus, NewMatch, PlayerRecord, StaleVersion
from storage.repository import MatchRepository
from storage.steps import (
    NewEvent,
    NewMessage,
    StateUpdate,
    StepWrite,
    StepWritten,
    mark_delivered,
    write_steps,
)

Sessions = async_sessionmaker[AsyncSession]


async def _matches(sessions: Sessions, count: int) -> list[int]:
    async with sessions.begin() as session:
        repo = MatchRepository(session)
        players = [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)]
        return [
            (
                await repo.create(
                    NewMatch(guild_id=1, game="g", config={}, seed=i, players=players)
                )
            ).id
            for i in range(count)
        ]


def _step(match_id: int, version: int, note: str, *, reason: str | None = None) -> StepWrite:
    notices = json.dumps([{"audience": "public", "kind": note, "data": {"n": 1}}])
    return StepWrite(
        match_id,
        StateUpdate(version, json.dumps({"note": note}), MatchStatus.RUNNING, 1000, reason, 3),
        [NewEvent("action", "0", {"move": note}, 1000, 3)],
        [NewMessage("public", notices), NewMessage("0", notices), NewMessage("host", "[]")],
    )


async def _write(
    sessions: Sessions, steps: Sequence[StepWrite]
) -> list[StepWritten | StaleVersion]:
    async with sessions.begin() as session:
        return await write_steps(await session.connection(), steps)


async def test_a_batch_writes_every_table_for_every_match(sessionmaker: Sessions) -> None:
    ids = await _matches(sessionmaker, 3)
    results = await _write(sessionmaker, [_step(m, 0, f"m{m}", reason="r") for m in ids])
    assert all(isinstance(r, StepWritten) and r.version == 1 for r in results)
    async with sessionmaker() as session:
        repo = MatchRepository(session)
        queued = await repo.undelivered()
        for match_id, result in zip(ids, results, strict=True):
            record = await repo.get(match_id)
            assert record is not None
            assert (record.version, record.status, record.clock_ms) == (1, "running", 1000)
            assert record.format_version == 3  # the game's format, as the step gave it
            note = {"note": f"m{match_id}"}
            assert (json.loads(record.state or ""), record.pause_reason) == (note, "r")
            events = await repo.events(match_id)
            assert [(e.seq, e.payload, e.format_version) for e in events] == [
                (1, {"move": f"m{match_id}"}, 3)
            ]
            assert isinstance(result, StepWritten)
            mine = [row for row in queued if row.match_id == match_id]
            assert [row.id for row in mine] == result.outbox_ids
            assert [row.target for row in mine] == ["public", "0", "host"]
            notice = {"audience": "public", "kind": f"m{match_id}", "data": {"n": 1}}
            assert mine[0].notices == [notice]


async def test_a_stale_step_alone_is_refused(sessionmaker: Sessions) -> None:
    """A version conflict inside a batch: that step writes nothing, the others commit."""
    first, stale, third = await _matches(sessionmaker, 3)
    await _write(sessionmaker, [_step(stale, 0, "elsewhere")])  # another process moved it on
    results = await _write(sessionmaker, [_step(m, 0, "mine") for m in (first, stale, third)])
    assert isinstance(results[1], StaleVersion)
    assert [type(r) for r in (results[0], results[2])] == [StepWritten, StepWritten]
    async with sessionmaker() as session:
        repo = MatchRepository(session)
        record = await repo.get(stale)
        assert record is not None
        assert (record.version, json.loads(record.state or "")) == (1, {"note": "elsewhere"})
        assert [e.payload["move"] for e in await repo.events(stale)] == ["elsewhere"]
        assert len(await repo.undelivered(stale)) == 3  # the other process's rows only
        for match_id in (first, third):
            assert [e.payload["move"] for e in await repo.events(match_id)] == ["mine"]


async def test_seq_and_versions_follow_on_across_batches(sessionmaker: Sessions) -> None:
    (match_id,) = await _matches(sessionmaker, 1)
    for version in range(3):
        (result,) = await _write(sessionmaker, [_step(match_id, version, f"v{version}")])
        assert isinstance(result, StepWritten)
        assert result.version == version + 1
    async with sessionmaker() as session:
        assert [e.seq for e in await MatchRepository(session).events(match_id)] == [1, 2, 3]


async def test_a_steps_events_are_logged_in_order_all_or_none(sessionmaker: Sessions) -> None:
    """A move and the pause it calls: two events of one step, numbered on from the
    log, in the batch beside another match's step; refused together when stale."""
    moving, other = await _matches(sessionmaker, 2)
    await _write(sessionmaker, [_step(moving, 0, "first")])
    paused = StateUpdate(1, json.dumps({"note": "p"}), MatchStatus.PAUSED, 2000, "lag", 4)
    events = [
        NewEvent("action", "1", {"move": "pause"}, 2000, 4),
        NewEvent("host", "host", {"command": "pause", "reason": "lag"}, 2000, 4),
    ]
    step = StepWrite(moving, paused, events, [])
    results = await _write(sessionmaker, [step, _step(other, 0, "beside")])
    assert [type(r) for r in results] == [StepWritten, StepWritten]
    (stale,) = await _write(sessionmaker, [step])  # version 1 is gone: neither event again
    assert isinstance(stale, StaleVersion)
    async with sessionmaker() as session:
        repo = MatchRepository(session)
        logged = [(e.seq, e.kind, e.now_ms, e.format_version) for e in await repo.events(moving)]
        assert logged == [(1, "action", 1000, 3), (2, "action", 2000, 4), (3, "host", 2000, 4)]
        assert [e.seq for e in await repo.events(other)] == [1]
        record = await repo.get(moving)
        assert record is not None
        assert (record.status, record.pause_reason, record.clock_ms) == ("paused", "lag", 2000)


async def test_messages_alone_need_no_version(sessionmaker: Sessions) -> None:
    """A reminder or a restart notice: only outbox rows, never refused."""
    first, second = await _matches(sessionmaker, 2)
    notice = json.dumps([{"audience": "public", "kind": "reminder", "data": {}}])
    steps = [StepWrite(m, None, [], [NewMessage("public", notice)]) for m in (first, second)]
    results = await _write(sessionmaker, steps)
    assert [r.version for r in results if isinstance(r, StepWritten)] == [None, None]
    async with sessionmaker() as session:
        repo = MatchRepository(session)
        assert [len(await repo.events(m)) for m in (first, second)] == [0, 0]
        assert len(await repo.undelivered()) == 2


async def test_one_step_per_match_in_a_batch(sessionmaker: Sessions) -> None:
    (match_id,) = await _matches(sessionmaker, 1)
    with pytest.raises(ValueError, match="one step per match"):
        await _write(sessionmaker, [_step(match_id, 0, "a"), _step(match_id, 1, "b")])


async def test_mark_delivered_takes_any_number_of_rows(sessionmaker: Sessions) -> None:
    ids = await _matches(sessionmaker, 2)
    results = await _write(sessionmaker, [_step(m, 0, "x") for m in ids])
    outbox_ids = [i for r in results if isinstance(r, StepWritten) for i in r.outbox_ids]
    async with sessionmaker.begin() as session:
        await mark_delivered(await session.connection(), outbox_ids[:4])
        await mark_delivered(await session.connection(), [])
    async with sessionmaker() as session:
        left = await MatchRepository(session).undelivered()
    assert [row.id for row in left] == outbox_ids[4:]
