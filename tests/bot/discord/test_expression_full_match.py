"""A whole Expression Black & White match — both bouts, to its winner — through the
real bot, with SimCord's virtual clock carried across reminders, reserve time, a
host's pause and timeouts. Every clock figure asserted here is exact: only the
virtual clock may move a match clock, never the time the machine took."""

from __future__ import annotations

import json
from typing import Any

from storage.records import MatchStatus
from tests.bot.discord.support import Match, World, new_match, request, texts
from tests.bot.discord.test_expression import simple_move
from tests.games.expression.expression_support import PAIRS

OPTIONS = json.dumps(
    {"global_tiles": PAIRS, "planning_seconds": 60, "reserve_seconds": 100, "final_seconds": 120}
)


async def view(world: World, match: Match, seat: int) -> dict[str, Any]:
    return await world.bot.runtime.view(match.id, seat)


def room(world: World, match: Match) -> str:
    """The room as the spectator reads it."""
    return "\n".join(m.content for m in match.room.history(viewer=world.carol))


def private(match: Match, seat: int) -> str:
    return "\n".join(texts(match.private[seat]))


async def reserves(world: World, match: Match) -> list[int]:
    return list((await view(world, match, 0))["reserve_ms"])


async def moves(world: World, match: Match, stages: tuple[str, ...], rounds: int) -> None:
    """One plain-message move at a time (simple_move) while the stage is one of
    ``stages`` and fewer than ``rounds`` rounds have begun since the call."""
    start = (await view(world, match, 0))["round"]
    while (now := await view(world, match, 0))["stage"] in stages and now["round"] < start + rounds:
        for seat in (0, 1):
            move = simple_move(await view(world, match, seat), seat)
            if move is not None:
                await world.seat(seat).send(match.private[seat], move)
                break
        else:
            raise AssertionError(f"no move in stage {now['stage']}")


async def bout_one_opening(world: World, match: Match) -> None:
    """Planning runs out on the clock; alice (the Advantage) starts."""
    await world.env.advance_time(59)
    assert "Planning time for bout 1 is up" not in room(world, match)
    await world.env.advance_time(2)
    assert "Planning time for bout 1 is up" in room(world, match)
    await world.alice.click(request(match.private[0], "I play first"), label="I play first")


async def round_one_on_reserve_with_a_pause(world: World, match: Match) -> None:
    """Alice lets her 45 s run out (three reminders), spends 21 s of reserve, the
    host pauses for two hours (nothing moves), resumes, and alice plays with 19 s
    of reserve left, having been reminded at 30 s."""
    await world.env.advance_time(44)
    reminders = [line for line in texts(match.private[0]) if line.startswith("⏰")]
    assert [r.split("**")[1] for r in reminders] == ["30 s", "15 s", "5 s"]
    assert "reserve time is running" not in room(world, match)
    await world.env.advance_time(2)  # 46 s: the 45 s are up
    assert "alice's time for round 1 is up: their reserve time is running (1:40 left)" in room(
        world, match
    )
    await world.env.advance_time(20)
    await world.host.slash(match.room, "match pause", reason="alice's power is out")
    assert "The host paused the match" in room(world, match)
    await world.env.advance_time(7200)  # paused for two hours, far past the reserve
    paused = await view(world, match, 0)
    assert paused["match"]["status"] == "paused"
    assert paused["match"]["clock_ms"] == 127_000  # 61 s of planning, 66 s of round 1
    assert paused["stage"] == "play"
    assert "ran out of reserve time" not in room(world, match)
    await world.host.slash(match.room, "match resume")
    await world.env.advance_time(60)  # 81 s of reserve spent: the 30 s reminder came
    assert private(match, 0).count("⏰ **30 s** left: your expression for round 1, on reserve") == 1
    await world.alice.send(match.private[0], "play 1 + 12 * 12")
    assert "Reserve: spent 1:21, 0:19 left." in private(match, 0)
    assert await reserves(world, match) == [19_000, 100_000]


async def round_two_times_out(world: World, match: Match) -> None:
    """Round 1 decided by plain messages; round 2's guess and reveal both time out."""
    await moves(world, match, ("play", "guess"), rounds=1)
    assert (await view(world, match, 0))["round"] == 2
    await moves(world, match, ("play",), rounds=1)
    assert (await view(world, match, 0))["stage"] == "guess"
    await world.env.advance_time(59)
    assert (await view(world, match, 0))["round"] == 2
    await world.env.advance_time(2)
    assert (await view(world, match, 0))["round"] == 3
    log = "\n".join(texts(match.host_log))
    assert "your guess for round 2." in log
    assert "your choice of a tile to reveal for round 2." in log


async def test_a_full_match_across_reminders_reserve_and_a_pause(world: World) -> None:
    match = await new_match(world, game="expression", options=OPTIONS)
    await bout_one_opening(world, match)
    await round_one_on_reserve_with_a_pause(world, match)
    await round_two_times_out(world, match)
    await moves(world, match, ("play", "guess"), rounds=12)
    assert (await view(world, match, 0))["stage"] == "final"
    # Bout 1's Final Guess: alice locks; bob's 120 s run out (reminded on the way).
    await world.alice.send(match.private[0], "final 1: 3 8 * done")
    await world.env.advance_time(119)
    assert "⏰ **5 s** left: your Final Guess for bout 1" in private(match, 1)
    assert "Bout 2 of 2 begins" not in room(world, match)
    await world.env.advance_time(2)
    assert "bob's time for the Final Guess ran out; what they sent stands." in room(world, match)
    assert "Bout 2 of 2 begins" in room(world, match)
    # Bout 2: both ready at once; bob, who did not start bout 1, starts.
    await world.alice.send(match.private[0], "ready")
    await world.bob.send(match.private[1], "ready")
    assert (await view(world, match, 1))["to_play"] == 1
    await moves(world, match, ("play", "guess"), rounds=12)
    await world.bob.send(match.private[1], "final done")
    await world.alice.send(match.private[0], "final done")
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.FINISHED
    assert "wins**" in room(world, match)
    assert await reserves(world, match) == [19_000, 100_000]
