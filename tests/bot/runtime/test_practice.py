"""The bot's seat of a practice match on the runtime alone (bot.runtime.practice):
a manual clock, a real database. It thinks for its level's time before it
moves, through the log like any player; a pause stops it, a restart resumes it;
a match that is not practice, or whose clock is held, has no one thinking."""

from __future__ import annotations

from typing import Any

from bot.runtime.practice import LEAST_SECONDS, think_seconds
from storage import MatchRepository
from storage.records import MatchStatus, NewMatch, PlayerRecord
from tests.bot.logical_horror_support import options
from tests.bot.runtime.conftest import Harness

#: Small and fixed: the easy player's first query comes at once.
CONFIG: dict[str, Any] = options(token_seconds=5, hint_seconds=10)


async def practice(harness: Harness, level: str = "easy", *, bot: bool = True) -> int:
    players = [PlayerRecord(seat=0, user_id=100), PlayerRecord(seat=1, user_id=999)]
    extra = {"practice": True, "bot_seat": 1, "bot_level": level} if bot else {}
    new = NewMatch(
        guild_id=1, game="logical_horror", config=CONFIG, seed=7, players=players, **extra
    )
    match_id = (await harness.runtime.create(new)).id
    await harness.runtime.start(match_id)
    await harness.runtime.flush()
    return match_id


async def bot_moves(harness: Harness, match_id: int) -> int:
    async with harness.sessions() as session:
        events = await MatchRepository(session).events(match_id)
    return sum(1 for e in events if e.kind == "action" and e.actor == "1")


async def test_the_bot_moves_only_once_its_think_is_over(harness: Harness) -> None:
    match_id = await practice(harness)
    due = harness.runtime.bots.due_in(match_id)
    record = await harness.runtime.get(match_id)
    assert due == think_seconds(record, harness.runtime.bots.base_seconds)
    assert due >= LEAST_SECONDS
    await harness.advance(due - 0.1)
    assert await bot_moves(harness, match_id) == 0
    await harness.advance(0.2)
    assert await bot_moves(harness, match_id) == 1
    # Its move was committed like a player's: the host log has it.
    logged = [n for d in harness.port.delivered if d.target == "host" for n in d.notices]
    assert any(n.kind == "move_logged" and n.data["seat"] == 1 for n in logged)


async def test_the_weakest_level_thinks_longest_and_never_instantly(harness: Harness) -> None:
    made = await harness.runtime.get(await practice(harness))
    for version in range(20):
        easy, normal, hard = (
            think_seconds(made.model_copy(update={"bot_level": v, "version": version}), 6.0)
            for v in ("easy", "normal", "hard")
        )
        assert easy > normal > hard >= LEAST_SECONDS
        assert 6.0 * 0.75 <= normal <= 6.0 * 1.25
    assert think_seconds(made, 0.01) == LEAST_SECONDS


async def test_a_pause_stops_its_thinking_and_a_resume_starts_it(harness: Harness) -> None:
    match_id = await practice(harness)
    await harness.runtime.pause(match_id, "tea")
    assert harness.runtime.bots.due_in(match_id) is None
    await harness.advance(600)
    assert await bot_moves(harness, match_id) == 0
    await harness.runtime.resume(match_id)
    due = harness.runtime.bots.due_in(match_id)
    assert due is not None
    await harness.advance(due + 0.1)
    assert await bot_moves(harness, match_id) == 1


async def test_a_restart_resumes_its_thinking(harness: Harness) -> None:
    match_id = await practice(harness)
    harness.runtime.scheduler._heap.clear()  # the process dies, the think with it
    again = await harness.restart()
    due = again.runtime.bots.due_in(match_id)
    assert due is not None
    await again.advance(due + 0.1)
    assert await bot_moves(again, match_id) == 1
    assert (await again.runtime.get(match_id)).status is MatchStatus.RUNNING
    await again.runtime.shut_down()


async def test_no_one_thinks_for_a_match_that_is_not_practice(harness: Harness) -> None:
    match_id = await practice(harness, bot=False)
    assert harness.runtime.bots.due_in(match_id) is None
    await harness.advance(60)
    assert await bot_moves(harness, match_id) == 0
