"""The cleanup schedule (storage.cleanup) on SQLite and PostgreSQL: each ended
match noted once, due in order, marked archived then cleaned."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import MatchRepository, MatchStatus, NewMatch, PlayerRecord
from storage.cleanup import CleanupRepository

Sessions = async_sessionmaker[AsyncSession]
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
GUILD = 1_200_000_000_000_000_001
OTHER_GUILD = 1_200_000_000_000_000_002


async def ended_match(sessions: Sessions, guild_id: int = GUILD, *, over: bool = True) -> int:
    new = NewMatch(
        guild_id=guild_id,
        game="goofspiel",
        config={},
        seed=7,
        players=[PlayerRecord(seat=0, user_id=10), PlayerRecord(seat=1, user_id=11)],
    )
    async with sessions.begin() as session:
        repo = MatchRepository(session)
        match = await repo.create(new)
        if over:
            await repo.update(match.id, expected_version=0, status=MatchStatus.ABORTED)
    return match.id


async def test_a_match_is_noted_once(sessionmaker: Sessions) -> None:
    match_id = await ended_match(sessionmaker)
    async with sessionmaker.begin() as session:
        first = await CleanupRepository(session).schedule(match_id, T0, T0 + timedelta(days=7))
    async with sessionmaker.begin() as session:
        again = await CleanupRepository(session).schedule(match_id, T0 + timedelta(hours=1), None)
        noted = await CleanupRepository(session).get(match_id)
    assert (first, again) == (True, False)
    assert noted is not None
    assert noted.ended_at == T0  # the first end seen stands
    assert noted.due_at == T0 + timedelta(days=7)


async def test_due_matches_come_in_order_and_leave_once_cleaned(sessionmaker: Sessions) -> None:
    late, early, kept = [await ended_match(sessionmaker) for _ in range(3)]
    async with sessionmaker.begin() as session:
        repo = CleanupRepository(session)
        await repo.schedule(late, T0, T0 + timedelta(days=2))
        await repo.schedule(early, T0, T0 + timedelta(days=1))
        await repo.schedule(kept, T0, None)  # kept for ever
    async with sessionmaker() as session:
        repo = CleanupRepository(session)
        assert await repo.due(T0) == []
        assert [m.id for m in await repo.due(T0 + timedelta(days=1))] == [early]
        assert [m.id for m in await repo.due(T0 + timedelta(days=30))] == [early, late]
        assert await repo.next_due() == {GUILD: T0 + timedelta(days=1)}
    async with sessionmaker.begin() as session:
        await CleanupRepository(session).mark_archived(early, T0 + timedelta(days=1))
        await CleanupRepository(session).mark_cleaned(early, T0 + timedelta(days=1))
    async with sessionmaker() as session:
        repo = CleanupRepository(session)
        assert [m.id for m in await repo.due(T0 + timedelta(days=30))] == [late]
        assert await repo.next_due() == {GUILD: T0 + timedelta(days=2)}
        noted = await repo.get(early)
    assert noted is not None
    assert noted.archived_at == noted.cleaned_at == T0 + timedelta(days=1)


async def test_unscheduled_lists_ended_matches_without_a_row(sessionmaker: Sessions) -> None:
    noted = await ended_match(sessionmaker)
    missed = await ended_match(sessionmaker, OTHER_GUILD)
    await ended_match(sessionmaker, over=False)  # still to be played
    async with sessionmaker.begin() as session:
        await CleanupRepository(session).schedule(noted, T0, None)
    async with sessionmaker() as session:
        assert [m.id for m in await CleanupRepository(session).unscheduled()] == [missed]


async def test_ended_lists_a_guilds_uncleaned_matches_with_their_end(
    sessionmaker: Sessions,
) -> None:
    noted = await ended_match(sessionmaker)
    never_noted = await ended_match(sessionmaker)
    cleaned = await ended_match(sessionmaker)
    await ended_match(sessionmaker, OTHER_GUILD)
    await ended_match(sessionmaker, over=False)
    async with sessionmaker.begin() as session:
        repo = CleanupRepository(session)
        await repo.schedule(noted, T0, None)
        # A host's /match cleanup of a match the schedule never noted: its row now.
        await repo.mark_cleaned(cleaned, T0)
    async with sessionmaker() as session:
        ended = await CleanupRepository(session).ended(GUILD)
    assert [(m.id, at == T0) for m, at in ended] == [(noted, True), (never_noted, False)]
    assert all(at.tzinfo is not None for _, at in ended)
