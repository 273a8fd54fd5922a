"""The cleanup schedule as the runtime reads it (bot.runtime.cleanup): due a set
time after the end (never with 0 days), only this process's guilds (a shard
takes its own), and no query at all before the earliest is due."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.runtime.cleanup import CleanupSchedule
from storage import MatchRecord, MatchRepository, MatchStatus, NewMatch, PlayerRecord

Sessions = async_sessionmaker[AsyncSession]
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
MINE, THEIRS = 10, 11


async def ended(sessions: Sessions, guild_id: int = MINE) -> MatchRecord:
    new = NewMatch(
        guild_id=guild_id,
        game="goofspiel",
        config={},
        seed=7,
        players=[PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)],
    )
    async with sessions.begin() as session:
        repo = MatchRepository(session)
        match = await repo.create(new)
        await repo.update(match.id, expected_version=0, status=MatchStatus.FINISHED)
        record = await repo.get(match.id)
    assert record is not None
    return record


@contextmanager
def queries(sessions: Sessions) -> Iterator[list[str]]:
    """Every statement sent to the database meanwhile."""
    seen: list[str] = []
    engine = sessions.kw["bind"].sync_engine

    def note(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


async def test_due_after_the_keep_and_only_for_its_own_guilds(sessionmaker: Sessions) -> None:
    schedule = CleanupSchedule(sessionmaker, keep_days=2, owns_guild=lambda g: g == MINE)
    mine = await ended(sessionmaker)
    theirs = await ended(sessionmaker, THEIRS)
    assert await schedule.ended(mine, T0)
    assert not await schedule.ended(mine, T0 + timedelta(hours=1))  # seen again: no change
    assert await schedule.ended(theirs, T0)
    assert await schedule.due(T0 + timedelta(days=1)) == []
    assert [m.id for m in await schedule.due(T0 + timedelta(days=2))] == [mine.id]


async def test_another_shard_takes_over_from_the_database(sessionmaker: Sessions) -> None:
    """The shard that scheduled it is gone; the one that owns the guild now reads
    the schedule at start (refresh) and finds the match due."""
    match = await ended(sessionmaker, THEIRS)
    await CleanupSchedule(sessionmaker, keep_days=2).ended(match, T0)
    taking_over = CleanupSchedule(sessionmaker, keep_days=2, owns_guild=lambda g: g == THEIRS)
    await taking_over.refresh()
    assert [m.id for m in await taking_over.due(T0 + timedelta(days=3))] == [match.id]
    elsewhere = CleanupSchedule(sessionmaker, keep_days=2, owns_guild=lambda g: g == MINE)
    await elsewhere.refresh()
    assert await elsewhere.due(T0 + timedelta(days=3)) == []


async def test_zero_days_keeps_them(sessionmaker: Sessions) -> None:
    schedule = CleanupSchedule(sessionmaker, keep_days=0)
    match = await ended(sessionmaker)
    await schedule.ended(match, T0)
    await schedule.refresh()
    assert await schedule.due(T0 + timedelta(days=10_000)) == []
    noted = await schedule.get(match.id)
    assert noted is not None
    assert noted.due_at is None


async def test_no_query_before_the_earliest_is_due(sessionmaker: Sessions) -> None:
    schedule = CleanupSchedule(sessionmaker, keep_days=1)
    await schedule.refresh()
    with queries(sessionmaker) as seen:
        assert await schedule.due(T0) == []  # nothing scheduled at all
    assert seen == []
    await schedule.ended(await ended(sessionmaker), T0)
    with queries(sessionmaker) as seen:
        assert await schedule.due(T0 + timedelta(hours=23)) == []
    assert seen == []
    assert len(await schedule.due(T0 + timedelta(days=1))) == 1
