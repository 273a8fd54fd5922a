"""Shards own their matches: two runtimes on one database, each serving its own
guild, read each other's matches without adopting them, and a clock checkpoint
of a match another process wrote is refused (the stored state is taken)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from games import HOST, Rejected
from storage.db import make_engine, make_sessionmaker
from storage.records import MatchRecord, NewMatch, PlayerRecord
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import CELL_ORDER, Harness, make_harness

Sessions = async_sessionmaker[AsyncSession]

GUILD_A, GUILD_B = 1, 2


async def _shard(sessions: Sessions, guild_id: int) -> Harness:
    harness = make_harness(sessions)
    await harness.runtime.start_up(owns_guild=lambda g: g == guild_id)
    return harness


async def _started(harness: Harness, guild_id: int) -> int:
    new = NewMatch(
        guild_id=guild_id,
        game="goofspiel",
        config={"cell_order": CELL_ORDER},
        seed=7,
        players=[PlayerRecord(seat=0, user_id=100), PlayerRecord(seat=1, user_id=101)],
    )
    match_id = (await harness.runtime.create(new)).id
    await harness.runtime.start(match_id)
    await harness.runtime.flush()
    return match_id


async def _stored(sessions: Sessions, match_id: int) -> MatchRecord:
    async with sessions() as session:
        record = await MatchRepository(session).get(match_id)
    assert record is not None
    return record


@pytest.fixture
async def shards(sessionmaker: Sessions, db_url: str) -> AsyncIterator[tuple[Harness, Harness]]:
    """Shard A (guild 1) and shard B (guild 2): two processes, so two engines."""
    engine_b = make_engine(db_url)
    a = await _shard(sessionmaker, GUILD_A)
    b = await _shard(make_sessionmaker(engine_b), GUILD_B)
    yield a, b
    for harness in (a, b):
        await harness.runtime.shut_down()
    await engine_b.dispose()


async def test_a_view_of_the_other_shards_match_leaves_it_unadopted_and_its_clock_untouched(
    shards: tuple[Harness, Harness],
) -> None:
    a, b = shards
    own = {GUILD_A: await _started(a, GUILD_A), GUILD_B: await _started(b, GUILD_B)}
    await a.advance(30)
    await b.advance(50)
    assert await a.runtime.checkpoint() == await b.runtime.checkpoint() == set()
    for reader, owner, guild in ((b, a, GUILD_A), (a, b, GUILD_B)):
        match_id = own[guild]
        before = await _stored(owner.sessions, match_id)
        # What the other shard may read: the view, whom it waits on, the record, the list.
        view = await reader.runtime.view(match_id, HOST)
        assert view["match"]["clock_ms"] == before.clock_ms  # as its owner saved it
        assert view["match"]["status"] == "running"
        assert await reader.runtime.to_act(match_id) == frozenset({0, 1})
        assert (await reader.runtime.get(match_id)).version == before.version
        assert [m.id for m in await reader.runtime.list_for_guild(guild)] == [match_id]
        # ... and what it may not do: play it (it is its owner's to drive).
        with pytest.raises(Rejected, match="another shard"):
            await reader.runtime.submit_text(match_id, 0, "play 1")
        assert reader.runtime._matches.get(match_id) is None, "adopted by a reader"
        # The reader's time runs on past the bid's 90 s and it checkpoints: the
        # match is neither expired nor re-clocked by it.
        await reader.advance(200)
        await reader.runtime.checkpoint()
        after = await _stored(owner.sessions, match_id)
        assert (after.version, after.clock_ms) == (before.version, before.clock_ms)
        assert owner.runtime._matches.get(match_id) is not None


async def test_a_stale_checkpoint_is_refused_and_the_stored_state_taken(
    shards: tuple[Harness, Harness],
) -> None:
    """Another process wrote the match (a misconfigured second owner): the clock
    checkpoint of the process that held the older version is refused, the other's
    clock is kept, and the runtime takes the stored match."""
    a, _ = shards
    match_id = await _started(a, GUILD_A)
    await a.advance(10)
    held = await _stored(a.sessions, match_id)
    async with a.sessions.begin() as session:  # the other process's step
        await MatchRepository(session).update(
            match_id, expected_version=held.version, clock_ms=70_000
        )
    assert await a.runtime.checkpoint() == {match_id}
    stored = await _stored(a.sessions, match_id)
    assert (stored.version, stored.clock_ms) == (held.version + 1, 70_000)
    live = a.runtime._matches.get(match_id)
    assert live is not None
    assert (live.record.version, live.clock.now_ms()) == (stored.version, 70_000)
    # Holding the newest state again, its next checkpoint and move go through.
    await a.advance(1)
    assert await a.runtime.checkpoint() == set()
    assert (await _stored(a.sessions, match_id)).clock_ms == 71_000
    await a.runtime.submit_text(match_id, 0, "play 3")
