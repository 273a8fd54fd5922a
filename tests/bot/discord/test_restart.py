"""A bot restart mid-match: the match carries on where it stood."""

from __future__ import annotations

from sqlalchemy import event

from bot import create_bot
from bot.config import Settings
from storage.records import MatchStatus
from tests.bot.discord.support import World, new_match, prompt, said, texts


async def _restart(world: World, settings: Settings) -> None:
    """A crash, not a clean shutdown: the old bot is dropped as it stands."""
    old = world.bot
    await world.env.restart_bot(create_bot(settings))
    await old.release()


async def test_a_restart_keeps_the_match_going(world: World, settings: Settings) -> None:
    match = await new_match(world)
    await world.alice.send(match.private[0], "5")
    await world.bob.send(match.private[1], "1")
    await world.alice.send(match.private[0], "6")  # a bid that must survive
    await world.env.advance_time(20)

    await _restart(world, settings)

    assert "resumed after a bot restart" in texts(match.room)[-1]
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
    assert (await world.bot.runtime.view(match.id, 0))["my_bid"] == 6
    # Buttons the old bot posted still work.
    result = await world.bob.click(prompt(match.private[1]), label="2")
    assert "both bids are in" in said(result).lower()
    assert any("Auction 2/36 — cell B" in t and "alice **6**" in t for t in texts(match.room))


async def test_the_clock_resumes_from_its_checkpoint_after_a_restart(
    world: World, settings: Settings
) -> None:
    """Downtime is charged to nobody: the 90 s carry on from the last checkpoint."""
    match = await new_match(world)
    await world.env.advance_time(60)  # checkpoints every 5 s: the clock is at 60 s
    await _restart(world, settings)
    await world.env.advance_time(25)
    assert not any("Auction 1/36 — cell" in t for t in texts(match.room))
    await world.env.advance_time(10)
    resolved = next(t for t in texts(match.room) if "Auction 1/36 — cell" in t)
    assert "(time ran out)" in resolved


async def test_a_clean_shutdown_closes_the_database_and_the_match_carries_on(
    world: World, settings: Settings
) -> None:
    """GeniusBot.close, as on a signal: every database connection is closed (none
    is left to the garbage collector), and the next bot resumes the paused match."""
    match = await new_match(world)
    await world.alice.send(match.private[0], "5")
    await world.host.slash(match.room, "match pause", reason="moving servers")
    old = world.bot
    closed: list[object] = []
    event.listen(old.engine.sync_engine, "close", lambda *_: closed.append(True))
    await old.close()
    assert closed, "the database connection was left open"
    assert old.engine.pool.checkedout() == 0
    await world.env.restart_bot(create_bot(settings))
    await world.host.slash(match.room, "match resume")
    await world.bob.send(match.private[1], "1")
    assert any("Auction 1/36 — cell A" in t and "alice **5**" in t for t in texts(match.room))
