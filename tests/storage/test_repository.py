"""MatchRepository against real SQLite and PostgreSQL databases."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import (
    Channels,
    MatchRecord,
    MatchRepository,
    MatchStatus,
    NewMatch,
    PlayerRecord,
    StaleVersion,
)
from storage.clocks import ClockSave

Sessions = async_sessionmaker[AsyncSession]

# Snowflake-sized ids: they overflow 32-bit integers, as Discord's do.
ROOM = 1_100_000_000_000_000_001
HOST = 1_100_000_000_000_000_002
CATEGORY = 1_100_000_000_000_000_003
SEAT0 = 1_100_000_000_000_000_010
SEAT1 = 1_100_000_000_000_000_011
USER0 = 900_000_000_000_000_100
USER1 = 900_000_000_000_000_101


def new_match(guild_id: int = 1, *, channels: Channels | None = None) -> NewMatch:
    return NewMatch(
        guild_id=guild_id,
        game="goofspiel",
        config={"bank_seconds": 90, "cells": ["r1c1", "r1c2"], "nested": {"on": True}},
        seed=2**62 + 7,
        players=[PlayerRecord(seat=0, user_id=USER0), PlayerRecord(seat=1, user_id=USER1)],
        channels=channels or Channels(),
    )


def with_channels() -> Channels:
    return Channels(
        category_id=CATEGORY,
        room_channel_id=ROOM,
        host_channel_id=HOST,
        private_channel_ids={0: SEAT0, 1: SEAT1},
    )


@asynccontextmanager
async def repo(sessions: Sessions) -> AsyncIterator[MatchRepository]:
    """One transaction, committed on exit, as the runtime uses it."""
    async with sessions.begin() as session:
        yield MatchRepository(session)


async def create(sessions: Sessions, new: NewMatch | None = None) -> MatchRecord:
    async with repo(sessions) as r:
        return await r.create(new or new_match())


async def get(sessions: Sessions, match_id: int) -> MatchRecord:
    async with repo(sessions) as r:
        record = await r.get(match_id)
    assert record is not None
    return record


async def set_status(sessions: Sessions, match_id: int, status: MatchStatus) -> None:
    async with repo(sessions) as r:
        current = await r.get(match_id)
        assert current is not None
        await r.update(match_id, expected_version=current.version, status=status)


# -- matches ------------------------------------------------------------------


async def test_create_then_get_round_trips(sessionmaker: Sessions) -> None:
    """A new match reads back exactly as created, players and JSON config included."""
    created = await create(sessionmaker, new_match(channels=with_channels()))
    assert created.status is MatchStatus.CREATED
    assert (created.version, created.clock_ms, created.state, created.pause_reason) == (
        0,
        0,
        None,
        None,
    )
    assert created.players == [
        PlayerRecord(seat=0, user_id=USER0, private_channel_id=SEAT0),
        PlayerRecord(seat=1, user_id=USER1, private_channel_id=SEAT1),
    ]
    assert created.created_at.tzinfo is not None
    assert created.created_at.utcoffset() == UTC.utcoffset(None)
    assert await get(sessionmaker, created.id) == created


async def test_get_unknown_match_is_none(sessionmaker: Sessions) -> None:
    """An unknown id reads as None."""
    async with repo(sessionmaker) as r:
        assert await r.get(12345) is None


async def test_player_channel_from_record_when_channels_omit_it(sessionmaker: Sessions) -> None:
    """A seat missing from Channels keeps the channel on its PlayerRecord."""
    new = new_match().model_copy(
        update={
            "players": [PlayerRecord(seat=0, user_id=USER0, private_channel_id=SEAT0)],
            "channels": Channels(private_channel_ids={}),
        }
    )
    created = await create(sessionmaker, new)
    assert created.players[0].private_channel_id == SEAT0


async def test_list_for_guild_newest_first(sessionmaker: Sessions) -> None:
    """All of a guild's matches newest first; live_only drops finished and aborted ones."""
    first, second, third = [(await create(sessionmaker)).id for _ in range(3)]
    await create(sessionmaker, new_match(guild_id=2))
    await set_status(sessionmaker, first, MatchStatus.FINISHED)
    await set_status(sessionmaker, third, MatchStatus.ABORTED)
    async with repo(sessionmaker) as r:
        every = await r.list_for_guild(1)
        live = await r.list_for_guild(1, live_only=True)
    assert [m.id for m in every] == [third, second, first]
    assert [m.id for m in live] == [second]
    assert all(len(m.players) == 2 for m in every)


async def test_unfinished_lists_created_running_and_paused(sessionmaker: Sessions) -> None:
    """Only matches that are not over need restoring."""
    ids = {status: (await create(sessionmaker)).id for status in MatchStatus}
    for status, match_id in ids.items():
        if status is not MatchStatus.CREATED:
            await set_status(sessionmaker, match_id, status)
    async with repo(sessionmaker) as r:
        unfinished = await r.unfinished()
    assert {m.id: m.status for m in unfinished} == {
        ids[s]: s for s in (MatchStatus.CREATED, MatchStatus.RUNNING, MatchStatus.PAUSED)
    }


@pytest.mark.parametrize(
    ("channel", "seat"),
    [(ROOM, None), (HOST, None), (SEAT0, 0), (SEAT1, 1)],
)
async def test_by_channel_finds_room_and_private_channels(
    sessionmaker: Sessions, channel: int, seat: int | None
) -> None:
    """The room and the host log map to seat None, a private channel to its seat."""
    await create(sessionmaker)  # a match without channels must not match
    created = await create(sessionmaker, new_match(channels=with_channels()))
    async with repo(sessionmaker) as r:
        found = await r.by_channel(channel)
    assert found == (created, seat)


@pytest.mark.parametrize("channel", [CATEGORY, 42])
async def test_by_channel_ignores_other_channels(sessionmaker: Sessions, channel: int) -> None:
    """The category and unknown ids find nothing."""
    await create(sessionmaker, new_match(channels=with_channels()))
    async with repo(sessionmaker) as r:
        assert await r.by_channel(channel) is None


async def test_by_channel_prefers_unfinished_then_newest(sessionmaker: Sessions) -> None:
    """When matches share a channel, an unfinished one wins over a newer finished one."""
    older = await create(sessionmaker, new_match(channels=with_channels()))
    newer = await create(sessionmaker, new_match(channels=with_channels()))
    async with repo(sessionmaker) as r:
        found = await r.by_channel(SEAT1)
    assert found is not None
    assert (found[0].id, found[1]) == (newer.id, 1)
    await set_status(sessionmaker, newer.id, MatchStatus.FINISHED)
    async with repo(sessionmaker) as r:
        found = await r.by_channel(ROOM)
    assert found is not None
    assert (found[0].id, found[1]) == (older.id, None)


async def test_update_writes_fields_and_bumps_version(sessionmaker: Sessions) -> None:
    """update writes what it is given and returns the next version."""
    created = await create(sessionmaker)
    async with repo(sessionmaker) as r:
        version = await r.update(
            created.id,
            expected_version=0,
            state='{"round": 1}',
            status=MatchStatus.RUNNING,
            clock_ms=1500,
        )
    assert version == 1
    stored = await get(sessionmaker, created.id)
    assert (stored.version, stored.state, stored.status, stored.clock_ms) == (
        1,
        '{"round": 1}',
        MatchStatus.RUNNING,
        1500,
    )
    assert stored.updated_at >= created.updated_at
    assert stored.created_at == created.created_at


async def test_update_with_wrong_version_raises_and_changes_nothing(sessionmaker: Sessions) -> None:
    """A stale expected version raises StaleVersion and leaves the row as it was."""
    created = await create(sessionmaker)
    async with repo(sessionmaker) as r:
        await r.update(created.id, expected_version=0, state="a")
    with pytest.raises(StaleVersion):
        async with repo(sessionmaker) as r:
            await r.update(created.id, expected_version=0, state="b", status=MatchStatus.ABORTED)
    stored = await get(sessionmaker, created.id)
    assert (stored.version, stored.state, stored.status) == (1, "a", MatchStatus.CREATED)


async def test_update_unknown_match_is_stale(sessionmaker: Sessions) -> None:
    """No row to update reads as a lost race too."""
    with pytest.raises(StaleVersion):
        async with repo(sessionmaker) as r:
            await r.update(999, expected_version=0, state="x")


async def test_update_distinguishes_unchanged_from_none(sessionmaker: Sessions) -> None:
    """Omitted fields stay; an explicit None clears pause_reason and state."""
    created = await create(sessionmaker)
    async with repo(sessionmaker) as r:
        await r.update(created.id, expected_version=0, state="s", pause_reason="host break")
        await r.update(created.id, expected_version=1, clock_ms=10)
    kept = await get(sessionmaker, created.id)
    assert (kept.state, kept.pause_reason, kept.clock_ms) == ("s", "host break", 10)
    async with repo(sessionmaker) as r:
        await r.update(created.id, expected_version=2, pause_reason=None, state=None)
    cleared = await get(sessionmaker, created.id)
    assert (cleared.state, cleared.pause_reason, cleared.version) == (None, None, 3)


async def test_reads_in_one_session_see_its_own_writes(sessionmaker: Sessions) -> None:
    """A get after update in the same transaction returns the new values, not a cached row."""
    created = await create(sessionmaker)
    async with repo(sessionmaker) as r:
        assert (await r.get(created.id)) == created
        await r.update(created.id, expected_version=0, state="new", pause_reason="p")
        await r.set_channels(created.id, with_channels())
        fresh = await r.get(created.id)
    assert fresh is not None
    assert (fresh.version, fresh.state, fresh.pause_reason) == (1, "new", "p")
    assert fresh.room_channel_id == ROOM
    assert fresh.players[1].private_channel_id == SEAT1


async def test_set_channels_replaces_every_channel(sessionmaker: Sessions) -> None:
    """set_channels writes the room, host, category and each seat's channel."""
    created = await create(sessionmaker, new_match(channels=with_channels()))
    moved = Channels(room_channel_id=ROOM + 100, private_channel_ids={1: SEAT1 + 100})
    async with repo(sessionmaker) as r:
        await r.set_channels(created.id, moved)
        assert await r.by_channel(ROOM) is None
        found = await r.by_channel(SEAT1 + 100)
    stored = await get(sessionmaker, created.id)
    assert (stored.category_id, stored.room_channel_id, stored.host_channel_id) == (
        None,
        ROOM + 100,
        None,
    )
    assert [p.private_channel_id for p in stored.players] == [None, SEAT1 + 100]
    assert found == (stored, 1)
    assert stored.version == created.version


# -- clocks -------------------------------------------------------------------


async def test_checkpoint_clocks_touches_running_matches_only(sessionmaker: Sessions) -> None:
    """Only running matches take the checkpoint, and no version moves."""
    running, paused, waiting = [(await create(sessionmaker)).id for _ in range(3)]
    await set_status(sessionmaker, running, MatchStatus.RUNNING)
    await set_status(sessionmaker, paused, MatchStatus.PAUSED)
    saves = {m: ClockSave(1, ms) for m, ms in ((running, 5_000), (paused, 6_000), (999, 1))}
    async with repo(sessionmaker) as r:
        refused = await r.checkpoint_clocks({**saves, waiting: ClockSave(0, 7_000)})
        assert await r.checkpoint_clocks({}) == set()
    assert refused == {paused, waiting, 999}
    clocks = {m: (await get(sessionmaker, m)) for m in (running, paused, waiting)}
    assert {m: (r.clock_ms, r.version) for m, r in clocks.items()} == {
        running: (5_000, 1),
        paused: (0, 1),
        waiting: (0, 0),
    }


async def test_a_stale_checkpoint_is_refused(sessionmaker: Sessions) -> None:
    """A clock saved against a version the row has moved on from (another process
    wrote the match) is refused and overwrites nothing."""
    match_id = (await create(sessionmaker)).id
    await set_status(sessionmaker, match_id, MatchStatus.RUNNING)  # version 1
    async with repo(sessionmaker) as r:
        await r.update(match_id, expected_version=1, clock_ms=40_000)  # version 2
    async with repo(sessionmaker) as r:
        assert await r.checkpoint_clocks({match_id: ClockSave(1, 9_000)}) == {match_id}
    stored = await get(sessionmaker, match_id)
    assert (stored.clock_ms, stored.version) == (40_000, 2)
    async with repo(sessionmaker) as r:
        assert await r.checkpoint_clocks({match_id: ClockSave(2, 41_000)}) == set()
    stored = await get(sessionmaker, match_id)
    assert (stored.clock_ms, stored.version) == (41_000, 2)


# -- event log ----------------------------------------------------------------


async def test_append_event_numbers_each_match_from_one(sessionmaker: Sessions) -> None:
    """seq counts 1, 2, 3 per match, and events() returns them in order."""
    a, b = (await create(sessionmaker)).id, (await create(sessionmaker)).id
    async with repo(sessionmaker) as r:
        seqs = [
            await r.append_event(a, "host", "host", {"command": "start"}, 0),
            await r.append_event(b, "action", "0", {"bid": 3}, 10),
            await r.append_event(a, "action", "1", {"cell": "r1c1"}, 20),
        ]
    async with repo(sessionmaker) as r:
        seqs.append(await r.append_event(a, "expire", None, {"key": "turn"}, 90_000))
        events_a, events_b = await r.events(a), await r.events(b)
    assert seqs == [1, 1, 2, 3]
    assert [(e.seq, e.kind, e.actor, e.payload, e.now_ms) for e in events_a] == [
        (1, "host", "host", {"command": "start"}, 0),
        (2, "action", "1", {"cell": "r1c1"}, 20),
        (3, "expire", None, {"key": "turn"}, 90_000),
    ]
    assert [e.seq for e in events_b] == [1]
    assert all(e.created_at.tzinfo is not None for e in events_a)


# -- outbox -------------------------------------------------------------------


async def test_outbox_queue_and_deliver(sessionmaker: Sessions) -> None:
    """Queued messages stay undelivered, oldest first, until marked delivered."""
    a, b = (await create(sessionmaker)).id, (await create(sessionmaker)).id
    notices = [{"audience": "public", "text": "Round 1 begins."}, {"text": "ü ✓"}]
    async with repo(sessionmaker) as r:
        first = await r.enqueue(a, "public", notices)
        second = await r.enqueue(b, "0", [{"text": "your hand"}])
        third = await r.enqueue(a, "host", [])
    assert first < second < third
    async with repo(sessionmaker) as r:
        pending = await r.undelivered()
        pending_a = await r.undelivered(a)
        await r.mark_delivered([first, third])
        await r.mark_delivered([])
        left = await r.undelivered()
    assert [(o.id, o.match_id, o.target) for o in pending] == [
        (first, a, "public"),
        (second, b, "0"),
        (third, a, "host"),
    ]
    assert pending[0].notices == notices
    assert [o.id for o in pending_a] == [first, third]
    assert [o.id for o in left] == [second]


# -- transactions -------------------------------------------------------------


class Boom(Exception):
    """Whatever goes wrong after the writes, before commit."""


async def move_then_fail(sessions: Sessions, match_id: int) -> None:
    async with repo(sessions) as r:
        await r.update(match_id, expected_version=0, state="moved", clock_ms=99)
        await r.append_event(match_id, "action", "0", {"bid": 1}, 99)
        await r.enqueue(match_id, "public", [{"text": "moved"}])
        raise Boom


async def test_failed_transaction_leaves_no_trace(sessionmaker: Sessions) -> None:
    """A move that raises after writing state, event and outbox rolls all three back."""
    created = await create(sessionmaker)
    with pytest.raises(Boom):
        await move_then_fail(sessionmaker, created.id)
    assert await get(sessionmaker, created.id) == created
    async with repo(sessionmaker) as r:
        assert await r.events(created.id) == []
        assert await r.undelivered() == []


async def test_a_match_keeps_the_layout_its_channels_were_made_in(sessionmaker: Sessions) -> None:
    """A match is "channels" until its channels say otherwise; set_channels and a
    match created with its channels both store the layout."""
    plain = await create(sessionmaker)
    assert plain.layout == "channels"
    threads = with_channels().model_copy(update={"layout": "threads"})
    async with repo(sessionmaker) as r:
        await r.set_channels(plain.id, threads)
    made = await create(sessionmaker, new_match(channels=threads))
    async with repo(sessionmaker) as r:
        moved = await r.get(plain.id)
        again = await r.get(made.id)
    assert moved is not None
    assert again is not None
    assert (moved.layout, again.layout, made.layout) == ("threads", "threads", "threads")


async def test_a_match_being_created_is_in_no_listing_until_opened(
    sessionmaker: Sessions,
) -> None:
    """CREATING: no list, restore or channel lookup sees it; opening it writes its
    channels and CREATED together; discarding removes it and its players."""
    async with repo(sessionmaker) as r:
        making = await r.create(new_match(), status=MatchStatus.CREATING)
        failing = await r.create(new_match(), status=MatchStatus.CREATING)
    async with repo(sessionmaker) as r:
        assert await r.list_for_guild(1) == []
        assert await r.unfinished() == []
        assert [m.id for m in await r.creating()] == [making.id, failing.id]
        assert await r.open(making.id, with_channels())
        await r.discard(failing.id)
    async with repo(sessionmaker) as r:
        assert await r.get(failing.id) is None
        assert await r.creating() == []
        opened = await r.get(making.id)
        assert opened is not None
        assert opened.status is MatchStatus.CREATED
        assert opened.room_channel_id == ROOM
        assert [p.private_channel_id for p in opened.players] == [SEAT0, SEAT1]
        assert [m.id for m in await r.list_for_guild(1)] == [making.id]
        found = await r.by_channel(SEAT1)
        assert found is not None
        assert found.match.id == making.id
        # Opened once: a second open, or a discard, no longer applies to it.
        assert not await r.open(making.id, Channels())
        await r.discard(making.id)
        assert await r.get(making.id) is not None


async def test_a_channel_recorded_on_a_match_being_created_finds_nothing(
    sessionmaker: Sessions,
) -> None:
    async with repo(sessionmaker) as r:
        await r.create(new_match(channels=with_channels()), status=MatchStatus.CREATING)
    async with repo(sessionmaker) as r:
        assert await r.by_channel(ROOM) is None
