"""The bot cut off from Discord's gateway: no one is charged for time they could
not act in; past the grace the matches pause, and resume when the bot is back."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from bot import create_bot
from bot.config import DiscordSettings, Settings
from storage.records import MatchStatus
from tests.bot.discord.support import Match, World, new_match, texts

GRACE = DiscordSettings().outage_grace_seconds


def as_the_bot(world: World) -> AbstractContextManager[None]:
    """Run test code as bot code: there, the event loop's clock is SimCord's
    virtual one (in the test's own context it is the real one). SimCord has no
    public way to drop a plain Client's gateway, so the test does what
    discord.py's connect loop does when the socket closes, as the bot."""
    return world.env._bot_scope()


async def lose_gateway(world: World) -> None:
    """The gateway connection drops: events stop arriving and discord.py says so."""
    websocket: Any = world.bot.ws
    await websocket.close()  # SimCord's gateway drops events while it is closed
    with as_the_bot(world):
        world.bot.dispatch("disconnect")
    await world.env.settle()


async def regain_gateway(world: World) -> None:
    """The connection is back and the session resumed: Discord sends RESUMED."""
    websocket: Any = world.bot.ws
    websocket.open = True
    world.env.backend.emit("RESUMED", {})
    await world.env.settle()


async def clock_ms(world: World, match: Match) -> int:
    with as_the_bot(world):
        view = await world.bot.runtime.view(match.id, "host")
    return int(view["match"]["clock_ms"])


async def seconds_left(world: World, match: Match) -> list[int]:
    with as_the_bot(world):
        view = await world.bot.runtime.view(match.id, "host")
    return [d["seconds_left"] for d in view["match"]["deadlines"]]


async def test_a_blip_shorter_than_the_grace_costs_nothing_and_says_nothing(
    world: World,
) -> None:
    match = await new_match(world)
    await world.env.advance_time(20)
    before, room = await clock_ms(world, match), texts(match.room)
    await lose_gateway(world)
    await world.env.advance_time(GRACE - 1)
    assert await clock_ms(world, match) == before  # held from the moment it was lost
    await regain_gateway(world)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
    assert texts(match.room) == room
    await world.env.advance_time(3)
    assert await clock_ms(world, match) == before + 3000


async def test_an_outage_past_the_grace_pauses_and_the_bot_back_resumes(world: World) -> None:
    match = await new_match(world)
    await world.env.advance_time(30)
    before, left = await clock_ms(world, match), await seconds_left(world, match)
    await lose_gateway(world)
    await world.env.advance_time(GRACE - 1)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
    await world.env.advance_time(2)
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.PAUSED
    for channel in (match.room, *match.private):
        assert "The match is paused: the bot lost its connection to Discord" in texts(channel)[-1]
    # Far past the 90 s to bid: nothing fires, no one is charged.
    await world.env.advance_time(300)
    assert not any("Auction 1/36 — cell" in t for t in texts(match.room))
    assert await clock_ms(world, match) == before

    await regain_gateway(world)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
    assert "back in touch with Discord" in texts(match.room)[-1]
    assert await seconds_left(world, match) == left
    await world.env.advance_time(left[0] + 1)
    assert "(time ran out)" in next(t for t in texts(match.room) if "Auction 1/36 — cell" in t)


async def test_a_match_the_host_paused_stays_paused(world: World) -> None:
    match = await new_match(world)
    await world.host.slash(match.room, "match pause", reason="tea break")
    await lose_gateway(world)
    await world.env.advance_time(GRACE + 5)
    await regain_gateway(world)
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.PAUSED
    assert record.pause_reason == "tea break"
    assert "tea break" in texts(match.room)[-1]


async def test_a_restart_during_an_outage_resumes_once_discord_is_back(
    world: World, settings: Settings
) -> None:
    """The paused-for-an-outage mark is the stored pause reason, so a new process
    resumes the match when it logs in (READY), as the old one would have."""
    match = await new_match(world)
    await lose_gateway(world)
    await world.env.advance_time(GRACE + 1)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED
    old = world.bot
    await world.env.restart_bot(create_bot(settings))
    await old.release()
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
    assert "back in touch with Discord" in texts(match.room)[-1]


async def test_the_grace_is_a_setting(world: World, settings: Settings) -> None:
    grace = settings.discord.model_copy(update={"outage_grace_seconds": 2})
    short = settings.model_copy(update={"discord": grace})
    old = world.bot
    await world.env.restart_bot(create_bot(short))
    await old.release()
    match = await new_match(world)
    await lose_gateway(world)
    await world.env.advance_time(3)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED
