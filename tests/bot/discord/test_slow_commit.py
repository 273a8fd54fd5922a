"""A commit slower than Discord's 3 s: the move's interaction is deferred in
time, then answered, so the player never sees "This interaction failed" for a
move that was taken."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from storage.steps import StepWrite, StepWritten
from tests.bot.discord.support import World, new_match, prompt, request, said, texts
from tests.bot.discord.test_expression import expression_match, to_round_one

SLOW_SECONDS = 4.0  # past Discord's 3 s (SimCord enforces them on its virtual clock)


@asynccontextmanager
async def slow_commits(world: World) -> AsyncIterator[None]:
    """Steps reach the writer only when the block ends, SLOW_SECONDS (virtual)
    later: a stalled disk. The wait is declared to SimCord, so actions return
    while their moves hang, as a player's would."""
    writer = world.bot.runtime.writer
    real = writer.write
    stalled = asyncio.Event()

    async def slow(step: StepWrite) -> StepWritten:
        await world.env.external_wait(stalled.wait(), reason="a stalled disk")
        return await real(step)

    writer.write = slow  # type: ignore[method-assign]
    try:
        yield
        await world.env.advance_time(SLOW_SECONDS)
        stalled.set()
        await world.env.settle()
    finally:
        writer.write = real  # type: ignore[method-assign]


async def test_a_click_is_deferred_then_answered_after_a_slow_commit(world: World) -> None:
    match = await new_match(world)
    async with slow_commits(world):
        result = await world.alice.click(prompt(match.private[0]), label="5")
        assert result.deferred, "answered within Discord's 3 s, by a defer"
        assert "Your bid" not in said(result), "nobody is told before the commit"
    assert result.ephemeral
    assert "Your bid for **A**: **5**" in said(result)
    assert "Your bid for **A**: **5**" in texts(match.private[0])[-1]
    assert not world.env.errors


async def test_a_slash_command_is_deferred_then_answered(world: World) -> None:
    match = await new_match(world)
    async with slow_commits(world):
        result = await world.bob.slash(match.room, "goofspiel bid", card=3)
        assert result.deferred
    assert result.ephemeral
    assert "Your bid for **A**: **3**" in said(result)
    assert not world.env.errors


async def test_a_form_is_deferred_then_answered(world: World) -> None:
    match = await expression_match(world)
    await to_round_one(world, match)
    shown = await world.alice.click(request(match.private[0], "Play…"), label="Play…")
    async with slow_commits(world):
        result = await world.alice.submit_modal(shown, {"expression": "9 + 11 / 1"})
        assert result.deferred
    assert result.ephemeral
    assert "`9 + 11 ÷ 1` = **20**" in said(result)
    assert not world.env.errors


async def test_a_fast_move_is_answered_at_once(world: World) -> None:
    """No defer, so no extra call to Discord, when the commit is quick."""
    match = await new_match(world)
    result = await world.alice.click(prompt(match.private[0]), label="5")
    assert not result.deferred
    assert "Your bid for **A**: **5**" in said(result)
