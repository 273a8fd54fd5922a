"""Discord misbehaving: rate limits and server errors are retried without losing,
doubling or reordering a message; a channel the bot is shut out of, or that was
deleted, pauses the match with the reason instead of being retried forever."""

from __future__ import annotations

import logging

import pytest
import simcord

from storage.records import MatchStatus
from tests.bot.discord.fault_support import (
    GRANTED,
    SEND,
    VIEW,
    bot_texts,
    committed_texts,
    delete_channel,
    set_bot_overwrite,
)
from tests.bot.discord.support import (
    Match,
    World,
    assert_refused,
    new_match,
    prompt,
    request,
    texts,
)
from tests.games.runebreaker.runebreaker_support import CLASSIC_ROUND, options_json

TARGETS = ("public", "0", "1", "host")


async def assert_each_once_in_order(world: World, match: Match) -> None:
    await world.bot.runtime.flush()
    for target in TARGETS:
        channel = {"public": match.room, "host": match.host_log}.get(target)
        channel = channel or match.private[int(target)]
        got, want = bot_texts(world, channel), await committed_texts(world, match, target)
        assert got == want, target


# -- 429 and 5xx -------------------------------------------------------------------------


async def test_rate_limits_and_server_errors_mid_match_lose_double_and_reorder_nothing(
    world: World,
) -> None:
    match = await new_match(world)
    await world.alice.click(prompt(match.private[0]), label="5")
    env = world.env
    env.inject_error("POST", f"/channels/{match.room.id}/messages", status=429, times=2)
    env.inject_error("POST", f"/channels/{match.private[0].id}/messages", status=500, times=1)
    env.inject_error("POST", f"/channels/{match.private[1].id}/messages", status=502, times=3)
    env.inject_error("POST", f"/channels/{match.host_log.id}/messages", status=503, times=1)
    # Auction 1 resolves and auction 2 is bid on while every channel is failing.
    await world.bob.slash(world.general, "goofspiel bid", card=3)
    await world.alice.slash(world.general, "goofspiel bid", card=2)
    await world.bob.slash(world.general, "goofspiel bid", card=0)
    # Seven failures, each holding back every later message of the match; a new
    # message retries at once, the redeliveries loop every 5 s.
    for _ in range(6):
        await env.advance_time(5)
    room = "\n".join(texts(match.room))
    assert room.index("Auction 1/36") < room.index("Auction 2/36")
    await assert_each_once_in_order(world, match)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING


async def test_a_delivery_retried_part_way_does_not_post_its_first_part_again(
    world: World,
) -> None:
    """Rune Breaker's turn post goes to the room and, as a prompt, to the seat:
    when the prompt fails, the retry must not post the room's part twice."""
    match = await classic_before_turn_one(world)
    world.env.inject_error("POST", f"/channels/{match.private[0].id}/messages", times=1)
    await world.env.advance_time(31)
    assert sum("**alice** probes" in t for t in texts(match.room)) == 1
    assert not any("Your turn" in t for t in texts(match.private[0]))
    await world.env.advance_time(6)
    assert sum("**alice** probes" in t for t in texts(match.room)) == 1
    assert sum("Your turn" in t for t in texts(match.private[0])) == 1


async def classic_before_turn_one(world: World) -> Match:
    """A Rune Breaker round whose first turn (alice's) opens after a 30 s look."""
    options = options_json(CLASSIC_ROUND, look_seconds=30)
    match = await new_match(world, game="runebreaker", options=options)
    await world.alice.click(request(match.private[0], "I start"), label="I start")
    return match


# -- 403: the bot shut out of a channel ----------------------------------------------------------

#: The tests marked for the channels layout below shut the bot out of one private channel or
#: the host log, or delete the room and expect the host log to say so. A thread
#: has no permission overwrites of its own, and the room's threads go with the
#: room, so neither happens in the threads layout: its counterparts (the bot
#: shut out of the room's threads, the room deleted with its threads) are in
#: test_layouts.py.
THREADS_ELSEWHERE = "test_layouts.py"


@pytest.mark.layouts("channels")  # see THREADS_ELSEWHERE
async def test_a_private_channel_closed_to_the_bot_pauses_until_the_host_fixes_it(
    world: World,
) -> None:
    match = await new_match(world)
    await set_bot_overwrite(world, match.private[0], allow=GRANTED & ~SEND, deny=SEND)
    await world.alice.slash(world.general, "goofspiel bid", card=4)

    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.PAUSED
    for channel in (match.room, match.host_log, match.private[1]):
        said = texts(channel)[-1]
        assert "The match is paused" in said, channel.name
        assert f"alice's private channel of match #{match.id} <#{match.private[0].id}>" in said
        assert "lacks the Send Messages permission" in said
        assert "`/match resume`" in said
    # Paused means paused: no clock runs, no deadline fires, nothing is retried.
    clock = (await world.bot.runtime.view(match.id, "host"))["match"]["clock_ms"]
    posts = len(world.env.http_requests)
    await world.env.advance_time(120)
    assert (await world.bot.runtime.view(match.id, "host"))["match"]["clock_ms"] == clock
    assert len(world.env.http_requests) == posts

    await set_bot_overwrite(world, match.private[0], allow=GRANTED)
    await world.host.slash(match.room, "match resume")
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
    mine = texts(match.private[0])
    assert "Your bid for **A**: **4**" in mine[-3]
    assert "The match is paused" in mine[-2]
    assert "resumed" in mine[-1]
    await assert_each_once_in_order(world, match)


@pytest.mark.layouts("channels")  # see THREADS_ELSEWHERE
async def test_resuming_before_the_fix_pauses_again_with_the_reason(world: World) -> None:
    match = await new_match(world)
    await set_bot_overwrite(world, match.private[1], allow=0, deny=VIEW | SEND)
    await world.bob.slash(world.general, "goofspiel bid", card=2)
    assert "it lacks the View Channel permission there" in texts(match.room)[-1]
    await world.host.slash(match.room, "match resume")
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.PAUSED
    assert "bob's private channel" in (record.pause_reason or "")
    await set_bot_overwrite(world, match.private[1], allow=GRANTED)
    await world.host.slash(match.room, "match resume")
    await assert_each_once_in_order(world, match)


@pytest.mark.layouts("channels")  # see THREADS_ELSEWHERE
async def test_a_host_log_closed_to_the_bot_is_reported_in_the_room_not_retried(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    match = await new_match(world)
    await set_bot_overwrite(world, match.host_log, allow=GRANTED & ~SEND, deny=SEND)
    with caplog.at_level(logging.WARNING, logger="bot.runtime.outbox"):
        await world.alice.slash(world.general, "goofspiel bid", card=1)  # logged to the host
    assert f"the host log of match #{match.id}" in texts(match.room)[-1]
    assert any("cannot deliver to host" in r.getMessage() for r in caplog.records)
    tries = [r for r in world.env.http_requests if r.path.endswith(f"{match.host_log.id}/messages")]
    await world.env.advance_time(60)
    again = [r for r in world.env.http_requests if r.path.endswith(f"{match.host_log.id}/messages")]
    assert len(again) == len(tries)  # the greeting, and the one try that was refused
    await set_bot_overwrite(world, match.host_log, allow=GRANTED)
    await world.host.slash(match.room, "match resume")
    await assert_each_once_in_order(world, match)


# -- a deleted channel ------------------------------------------------------------------------


async def test_a_deleted_private_channel_pauses_and_resume_opens_it_again(world: World) -> None:
    match = await new_match(world)
    await delete_channel(world, match.private[0])
    await world.alice.slash(world.general, "goofspiel bid", card=6)
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.PAUSED
    for channel in (match.room, match.host_log):
        said = texts(channel)[-1]
        assert f"Alice's private channel of match #{match.id} was deleted" in said, said
        assert "`/match resume` opens it again" in said
    posts = len(world.env.http_requests)
    await world.env.advance_time(60)
    assert len(world.env.http_requests) == posts  # not retried while paused

    await world.host.slash(match.room, "match resume")
    reopened = world.channel(f"match-{match.id}-p1-alice")
    assert reopened.id != match.private[0].id
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.RUNNING
    assert next(p.private_channel_id for p in record.players if p.seat == 0) == reopened.id
    said = texts(reopened)
    assert "Your bid for **A**: **6**" in said[0]
    assert "resumed" in said[-1]
    # Only alice (and the hosts) can read it, as before.
    reopened.history(viewer=world.alice)
    with pytest.raises(simcord.SetupError):
        reopened.history(viewer=world.bob)


@pytest.mark.layouts("channels")  # see THREADS_ELSEWHERE
async def test_a_deleted_room_is_reported_in_the_host_log(world: World) -> None:
    match = await new_match(world)
    await delete_channel(world, match.room)
    await world.alice.slash(world.general, "goofspiel bid", card=2)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED
    assert f"The room of match #{match.id} was deleted" in texts(match.host_log)[-1]
    assert "The match is paused" in texts(match.private[1])[-1]
    await world.host.slash(match.host_log, "match resume")
    room = world.channel(f"match-{match.id}-room")
    assert "alice has bid on **A**" in texts(room)[0]
    assert "resumed" in texts(room)[-1]
    await world.bob.slash(world.general, "goofspiel bid", card=1)
    assert "Auction 1/36" in texts(room)[-1]
    # Spectators read the new room as they did the old one.
    assert "Auction 1/36" in "\n".join(m.content for m in room.history(viewer=world.carol))


async def test_resume_cannot_reopen_the_channel_of_a_player_who_left(world: World) -> None:
    """Nobody can be given a private channel who is not on the server: resume says
    so (and what to do), opens nothing, and the match stays paused."""
    match = await new_match(world)
    await delete_channel(world, match.private[0])
    await world.alice.slash(world.general, "goofspiel bid", card=6)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED
    world.guild.remove_member(world.alice)
    channels = set(world.guild.channels)

    result = await world.host.slash(match.room, "match resume")

    assert_refused(world, result, "no longer on this server")
    assert "`/match abort`" in (result.response.content or "")
    assert set(world.guild.channels) == channels  # no channel made for nobody
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.PAUSED
    assert next(p.private_channel_id for p in record.players if p.seat == 0) == (
        match.private[0].id
    )
