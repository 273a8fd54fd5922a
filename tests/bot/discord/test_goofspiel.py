"""Playing Square Goofspiel on Discord: buttons, slash commands and plain messages."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from storage.records import MatchStatus
from tests.bot.discord.support import (
    World,
    assert_refused,
    button_labels,
    hand,
    new_match,
    prompt,
    said,
    texts,
)


def _reacted(message: discord.Message, emoji: str = "✅") -> bool:
    return any(str(reaction.emoji) == emoji for reaction in message.reactions)


async def test_each_player_gets_buttons_for_the_cards_in_hand(world: World) -> None:
    match = await new_match(world)
    for channel in match.private:
        assert button_labels(prompt(channel)) == ["1", "2", "3", "4", "5", "6", "Pass"]
    assert not any(m.components for m in match.room.history())


async def test_a_button_click_bids_and_the_room_learns_only_that_a_bid_is_in(
    world: World,
) -> None:
    match = await new_match(world)
    result = await world.alice.click(prompt(match.private[0]), label="5")
    assert result.response is not None
    assert result.response.ephemeral
    assert "Your bid for **A**: **5**" in said(result)
    assert "alice has bid on **A**" in texts(match.room)[-1]
    assert not any("**5**" in t for t in texts(match.room)[-1:])
    assert "Your bid for **A**: **5**" in texts(match.private[0])[-1]


async def test_the_slash_command_bids_ephemerally_from_anywhere(world: World) -> None:
    match = await new_match(world)
    result = await world.bob.slash(world.general, "goofspiel bid", card=3)
    assert result.response is not None
    assert result.response.ephemeral
    assert "Your bid for **A**: **3**" in said(result)
    result = await world.bob.slash(match.room, "goofspiel bid", card=0)
    assert "Changed your bid for **A** to **pass**" in said(result)


async def test_a_plain_message_bids_and_gets_a_tick(world: World) -> None:
    match = await new_match(world)
    await world.alice.send(match.private[0], "play 4")
    mine = [m for m in match.private[0].history() if m.content == "play 4"]
    assert _reacted(mine[0])
    await world.bob.send(match.private[1], "pass")
    resolved = "\n".join(texts(match.room)[-3:])
    assert "alice **4** · bob **pass**" in resolved
    assert "alice** claims r6c5" in resolved


async def test_the_auction_result_reaches_the_room_with_the_board(world: World) -> None:
    match = await new_match(world)
    await world.alice.click(prompt(match.private[0]), label="2")
    await world.bob.click(prompt(match.private[1]), label="1")
    result = next(m for m in match.room.history() if "Auction 1/36 — cell" in m.content)
    assert [a.filename for a in result.attachments] == ["board.png"]
    # The next auction's buttons arrive in both private channels.
    assert "cell B" in prompt(match.private[0]).content


async def test_a_refused_message_is_answered_with_the_reason(world: World) -> None:
    match = await new_match(world)
    await world.alice.send(match.private[0], "7")
    assert "Cards run from 1 to 6" in texts(match.private[0])[-1]
    await world.alice.send(match.private[0], "hello there")
    assert "I didn't understand" in texts(match.private[0])[-1]


async def test_help_and_status_are_answered_in_the_private_channel(world: World) -> None:
    match = await new_match(world)
    await world.alice.send(match.private[0], "help")
    assert "How to bid" in texts(match.private[0])[-1]
    await world.alice.send(match.private[0], "4")
    await world.alice.send(match.private[0], "status")
    status = texts(match.private[0])[-1]
    assert "Your bid: **4**" in status
    result = await world.alice.slash(match.private[0], "goofspiel status")
    assert "Your bid: **4**" in said(result)
    assert result.response is not None
    assert result.response.ephemeral


async def test_a_non_player_is_refused(world: World) -> None:
    match = await new_match(world)
    result = await world.carol.slash(match.room, "goofspiel bid", card=3)
    assert_refused(world, result, "You are not a player in match #1")
    result = await world.carol.slash(world.general, "goofspiel status")
    assert_refused(world, result, "You are not playing in any running match")
    # The host sees the private channels, but bids are the players' own.
    result = await world.host.click(prompt(match.private[0]), label="3")
    assert "You are not a player in match #1" in said(result)
    await world.host.send(match.private[0], "3")  # hosts may talk there: no move, no reply
    assert texts(match.private[0])[-1] == "3"
    assert (await world.bot.runtime.view(match.id, 0))["my_bid"] is None


async def test_the_wrong_player_is_refused(world: World) -> None:
    """A player who can see the opponent's channel (an admin edited it) still bids only
    for their own seat."""
    bob = world.guild.add_member(world.env.create_user("bobby"))
    result = await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=bob
    )
    assert "Created match #1" in said(result)
    alices = world.channel("match-1-p1-alice")
    channel = world.bot.get_channel(alices.id)
    assert isinstance(channel, discord.TextChannel)
    member = channel.guild.get_member(bob.id)
    assert member is not None
    await channel.set_permissions(member, view_channel=True, send_messages=True)
    await world.env.settle()
    await world.host.slash(alices, "match start")

    result = await bob.click(prompt(alices), label="6")
    assert "These buttons belong to your opponent" in said(result)
    result = await bob.slash(alices, "goofspiel bid", card=6)
    assert_refused(world, result, "This is your opponent's private channel")
    await bob.send(alices, "6")
    assert "This is your opponent's private channel" in texts(alices)[-1]
    view = await world.bot.runtime.view(1, "host")
    assert view["bids"] == [None, None]


async def test_a_missing_bid_becomes_a_pass_when_time_runs_out(world: World) -> None:
    match = await new_match(world)
    await world.alice.send(match.private[0], "1")
    await world.env.advance_time(61)
    assert "⏰ **30 s** left" in texts(match.private[1])[-1]
    assert not any("⏰" in t for t in texts(match.private[0]))  # alice's bid is in
    await world.env.advance_time(28)
    assert not any("Auction 1/36 — cell" in t for t in texts(match.room))
    await world.env.advance_time(2)
    resolved = next(t for t in texts(match.room) if "Auction 1/36 — cell" in t)
    assert "bob **pass** (time ran out)" in resolved
    assert "alice** claims" in resolved


async def test_a_click_after_the_time_ran_out_is_too_late(world: World) -> None:
    match = await new_match(world)
    old = prompt(match.private[0])
    await world.env.advance_time(91)
    result = await world.alice.click(old, label="3")
    assert "Too late" in said(result)
    assert (await world.bot.runtime.view(match.id, 0))["my_bid"] is None
    # The new auction's buttons work.
    result = await world.alice.click(prompt(match.private[0]), label="3")
    assert "Your bid for **B**: **3**" in said(result)


async def test_a_click_on_an_auction_already_resolved_is_refused(world: World) -> None:
    match = await new_match(world)
    old = prompt(match.private[0])
    await world.alice.click(old, label="2")
    await world.bob.click(prompt(match.private[1]), label="1")
    result = await world.alice.click(old, label="3")
    assert "Too late" in said(result)
    assert (await world.bot.runtime.view(match.id, 0))["my_bid"] is None


async def test_pause_freezes_time_and_holds_moves(world: World) -> None:
    match = await new_match(world)
    await world.env.advance_time(50)
    await world.host.slash(match.room, "match pause", reason="tea")
    assert "Reason: tea" in texts(match.room)[-1]
    await world.alice.send(match.private[0], "2")
    assert "The match is paused (tea)" in texts(match.private[0])[-1]
    result = await world.alice.click(prompt(match.private[0]), label="2")
    assert "paused" in said(result)
    await world.env.advance_time(600)
    assert not any("Auction 1/36 — cell" in t for t in texts(match.room))

    await world.host.slash(match.room, "match resume")
    assert "resumed" in texts(match.room)[-1]
    await world.env.advance_time(39)
    assert not any("Auction 1/36 — cell" in t for t in texts(match.room))
    await world.env.advance_time(2)
    assert any("Auction 1/36 — cell" in t for t in texts(match.room))


async def test_a_whole_match_runs_to_the_posted_result(world: World) -> None:
    """36 auctions by plain messages: alice plays her best card while she has one; bob passes."""
    match = await new_match(world)
    for _ in range(36):
        cards = await hand(world, match, 0)
        await world.alice.send(match.private[0], str(max(cards)) if cards else "pass")
        await world.bob.send(match.private[1], "pass")
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.FINISHED
    final = match.room.history()[-1]
    assert "The match is over" in final.content
    assert "🏆 **alice wins**" in final.content
    assert [a.filename for a in final.attachments] == ["board.png"]
    # Over: the private channels are read-only now, so Discord refuses a typed move.
    with pytest.raises(simcord.BackendError):
        await world.alice.send(match.private[0], "1")


async def test_chat_elsewhere_costs_no_lookup_after_the_first(world: World) -> None:
    """Ordinary chat is not a move; after one lookup per channel it costs no query."""
    match = await new_match(world)
    calls: list[int] = []
    real = world.bot.runtime.by_channel

    async def counting(channel_id: int) -> Any:
        calls.append(channel_id)
        return await real(channel_id)

    world.bot.runtime.by_channel = counting  # type: ignore[method-assign]
    for _ in range(3):
        await world.carol.send(world.general, "hello")
    assert calls == [world.general.id]
    await world.alice.send(match.private[0], "2")
    assert (await world.bot.runtime.view(match.id, 0))["my_bid"] == 2
