"""Decoder on Discord: a seat's turn timer and time bank are public, so their
reminders reach the room (spectators included) as well as the seat, and the
opponent's private channel is told nothing of them."""

from __future__ import annotations

import pytest

from tests.bot.discord.support import World, seen_by, texts
from tests.bot.discord.test_decoder import decoder_match


async def test_turn_reminders_reach_the_room_and_the_seat(world: World) -> None:
    match = await decoder_match(world)
    bobs_before = texts(match.private[1])
    await world.env.advance_time(60)
    assert "⏰ **alice** has **30 s** left for their turn." in seen_by(match.room, world.carol)
    assert texts(match.private[0])[-1] == "⏰ **30 s** left: your turn."
    await world.env.advance_time(25)
    room = [t for t in texts(match.room) if t.startswith("⏰")]
    assert room == [f"⏰ **alice** has **{s} s** left for their turn." for s in (30, 15, 5)]
    assert texts(match.private[1]) == bobs_before  # nothing for the opponent


# A draining bank keeps a timer due within 5 s; a shorter settle timeout keeps
# SimCord from waiting for it in real time after each action.
@pytest.mark.simcord(settle_timeout=2)
async def test_bank_reminders_reach_the_room_and_the_seat(world: World) -> None:
    match = await decoder_match(world, bank_seconds=60)
    await world.alice.send(match.private[0], "ask decoder not any tank 4")
    bobs_before = texts(match.private[1])
    alices_before = texts(match.private[0])
    await world.env.advance_time(60 + 30)  # bob's clue window, then 30 s of his bank
    room = seen_by(match.room, world.carol)
    assert "**bob**'s time for the clue choice ran out" in room
    assert "⏳ **bob** has **30 s** left in their time bank (the clue choice)." in room
    mine = texts(match.private[1])[len(bobs_before) :]
    assert "⏳ **30 s** left in your time bank (the clue choice)." in mine
    # alice learns of bob's clock in the room only; her channel gets no copy,
    # and nothing in the room names a letter or a tank's time.
    assert texts(match.private[0]) == alices_before
    assert not any("units" in t for t in texts(match.room))
