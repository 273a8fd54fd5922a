"""The runtime under Logical Horror: a player's pause, and token clocks that
stop while paused and across a restart."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from games import HOST, PUBLIC, Rejected
from storage.records import MatchStatus, NewMatch, PlayerRecord
from storage.repository import MatchRepository
from tests.bot.runtime.conftest import Harness
from tests.games.logical_horror.logical_horror_support import NOTHING, config


async def _started(harness: Harness) -> int:
    new = NewMatch(
        guild_id=1,
        game="logical_horror",
        config=config(),
        seed=3,
        players=[PlayerRecord(seat=0, user_id=100), PlayerRecord(seat=1, user_id=101)],
    )
    match_id = (await harness.runtime.create(new)).id
    await harness.runtime.start(match_id)
    await harness.runtime.flush()
    return match_id


async def _tokens(harness: Harness, match_id: int, seat: int) -> int:
    tokens: int = (await harness.runtime.view(match_id, seat))["tokens"]
    return tokens


async def test_a_player_pauses_and_only_the_host_resumes(harness: Harness) -> None:
    match_id = await _started(harness)
    await harness.runtime.submit_text(match_id, 1, "pause my screen froze")
    await harness.runtime.flush()
    record = await harness.runtime.get(match_id)
    assert record.status is MatchStatus.PAUSED
    assert "my screen froze" in (record.pause_reason or "")
    with pytest.raises(Rejected):
        await harness.runtime.submit_text(match_id, 0, f"public {NOTHING}")
    await harness.runtime.resume(match_id)
    assert (await harness.runtime.get(match_id)).status is MatchStatus.RUNNING


async def test_a_players_pause_is_stored_with_the_move_that_calls_it(harness: Harness) -> None:
    """The process dies right after committing the move that calls the pause:
    read back by a fresh runtime, the match is paused at that move's time (it
    cannot run on with "pause called" posted), and its log holds both entries."""
    match_id = await _started(harness)
    await harness.advance(12)
    writer = harness.runtime.writer
    real_transaction = writer._transaction
    died = False

    async def dies_after_the_move(steps: Any, marks: Any) -> Any:
        nonlocal died
        if died:
            raise OSError("the process is gone")
        written = await real_transaction(steps, marks)
        died = any(e.kind == "action" for s in steps for e in s.events)
        return written

    writer._transaction = dies_after_the_move  # type: ignore[method-assign]
    with contextlib.suppress(OSError):  # (a separate commit for the pause fails here)
        await harness.runtime.submit_text(match_id, 1, "pause my screen froze")
    harness.runtime.scheduler._heap.clear()
    after = await harness.restart()
    record = await after.runtime.get(match_id)
    assert (record.status, record.clock_ms) == (MatchStatus.PAUSED, 12_000)
    assert "my screen froze" in (record.pause_reason or "")
    async with harness.sessions() as session:
        events = await MatchRepository(session).events(match_id)
    logged = [(e.kind, e.payload.get("command"), e.now_ms) for e in events[-2:]]
    assert logged == [("action", None, 12_000), ("host", "pause", 12_000)]
    # The room is told once, in the message of that one step: the call, then the pause.
    room = harness.port.kinds(PUBLIC, match_id)
    assert room[-2:] == ["pause_called", "match_paused"]
    await after.advance(600)
    assert await _tokens(after, match_id, 0) == 1  # paused: no token arrives
    await after.runtime.shut_down()


async def test_token_clocks_stop_while_paused(harness: Harness) -> None:
    match_id = await _started(harness)
    await harness.advance(50)  # 10 s left of the first 60 s interval
    await harness.runtime.pause(match_id, "tea")
    harness.time.t += 600
    await harness.runtime.scheduler.advance(600)
    assert await _tokens(harness, match_id, 0) == 1
    await harness.runtime.resume(match_id)
    await harness.advance(9.9)
    assert await _tokens(harness, match_id, 0) == 1
    await harness.advance(0.1)
    assert await _tokens(harness, match_id, 0) == 2


async def test_a_token_interval_survives_a_restart(harness: Harness) -> None:
    match_id = await _started(harness)
    await harness.advance(40)
    await harness.runtime.checkpoint()
    harness.runtime.scheduler._heap.clear()  # the process dies mid-interval
    harness.time.t += 3600
    after = await harness.restart()
    await after.advance(19.9)
    assert await _tokens(after, match_id, 0) == 1
    await after.advance(0.1)
    assert await _tokens(after, match_id, 0) == 2
    # A token arriving is no time running out: the host log says nothing of it.
    assert "time_ran_out" not in after.port.kinds(HOST, match_id)
    await after.runtime.shut_down()


async def test_a_seats_token_clock_is_its_own(harness: Harness) -> None:
    """When a seat's next token comes tells how many colours it has solved: the
    opponent's view and the room's do not show it."""
    match_id = await _started(harness)
    for audience, shown in ((0, {0, None}), (1, {1, None}), ("public", {None})):
        view = await harness.runtime.view(match_id, audience)  # type: ignore[arg-type]
        assert {d["seat"] for d in view["match"]["deadlines"]} == shown
    host = await harness.runtime.view(match_id, HOST)
    assert {d["seat"] for d in host["match"]["deadlines"]} == {0, 1, None}
