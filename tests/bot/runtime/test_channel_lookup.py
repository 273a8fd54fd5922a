"""Which match a channel belongs to (MatchRuntime.by_channel), asked on every
interaction and answered from memory after the first read: the answer must
stay the stored one's (an unfinished match first, then the newest) through a
match ending, a new match given the same room, channels moved, and a restart."""

from __future__ import annotations

from storage.records import Channels, MatchStatus, NewMatch, PlayerRecord
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import CELL_ORDER, Harness

ROOM, HOST_LOG, ALICE, BOB = 501, 502, 503, 504
CHANNELS = Channels(
    room_channel_id=ROOM, host_channel_id=HOST_LOG, private_channel_ids={0: ALICE, 1: BOB}
)


async def _match(harness: Harness, channels: Channels = CHANNELS, *, start: bool = True) -> int:
    new = NewMatch(
        guild_id=1, game="goofspiel", config={"cell_order": CELL_ORDER}, seed=7,
        players=[PlayerRecord(seat=0, user_id=100), PlayerRecord(seat=1, user_id=101)],
        channels=channels,
    )  # fmt: skip
    match_id = (await harness.runtime.create(new)).id
    if start:
        await harness.runtime.start(match_id)
        await harness.runtime.flush()
    return match_id


async def _stored(harness: Harness, channel_id: int) -> tuple[int, int | None] | None:
    """The database's own answer, for comparison."""
    async with harness.sessions() as session:
        found = await MatchRepository(session).by_channel(channel_id)
    return None if found is None else (found.match.id, found.seat)


async def _answer(harness: Harness, channel_id: int) -> tuple[int, int | None] | None:
    found = await harness.runtime.by_channel(channel_id)
    answer = None if found is None else (found.match.id, found.seat)
    assert answer == await _stored(harness, channel_id)
    return answer


async def test_each_channel_answers_its_match_and_seat_as_stored(harness: Harness) -> None:
    match_id = await _match(harness)
    for _ in range(2):  # read, then from memory
        assert await _answer(harness, ROOM) == (match_id, None)
        assert await _answer(harness, HOST_LOG) == (match_id, None)
        assert await _answer(harness, ALICE) == (match_id, 0)
        assert await _answer(harness, BOB) == (match_id, 1)
    assert await _answer(harness, 999) is None
    # The record is the match as it is now, not as it was first read.
    await harness.runtime.pause(match_id)
    found = await harness.runtime.by_channel(ROOM)
    assert found is not None
    assert found.match.status is MatchStatus.PAUSED


async def test_a_match_ending_and_a_new_one_in_its_room(harness: Harness) -> None:
    first = await _match(harness)
    assert await _answer(harness, ROOM) == (first, None)
    await harness.runtime.abort(first)
    await harness.runtime.flush()
    found = await harness.runtime.by_channel(ROOM)
    assert found is not None
    assert found.match.status is MatchStatus.ABORTED
    second = await _match(harness, Channels(room_channel_id=ROOM))
    assert await _answer(harness, ROOM) == (second, None)
    assert await _answer(harness, ALICE) == (first, 0)  # the ended match's own still


async def test_a_newer_unfinished_match_in_the_same_room_wins(harness: Harness) -> None:
    first = await _match(harness)
    assert await _answer(harness, ROOM) == (first, None)
    second = await _match(harness, Channels(room_channel_id=ROOM), start=False)
    assert await _answer(harness, ROOM) == (second, None)


async def test_channels_moved_and_a_restart(harness: Harness) -> None:
    match_id = await _match(harness)
    assert await _answer(harness, ALICE) == (match_id, 0)
    moved = Channels(room_channel_id=ROOM, host_channel_id=HOST_LOG, private_channel_ids={0: 600})
    await harness.runtime.set_channels(match_id, moved)
    assert await _answer(harness, ALICE) is None
    assert await _answer(harness, BOB) is None
    assert await _answer(harness, 600) == (match_id, 0)
    again = await harness.restart()
    try:
        assert await _answer(again, 600) == (match_id, 0)
        assert await _answer(again, ROOM) == (match_id, None)
    finally:
        await again.runtime.shut_down()
