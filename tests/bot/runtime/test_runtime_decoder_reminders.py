"""Decoder's turn and bank reminders reach the room as well as the seat (the
rules make a seat's turn timer and time bank public), and say nothing more."""

from __future__ import annotations

from typing import Any

from bot.render.registry import renderer_for
from bot.runtime import ListDelivery
from games import HOST, PUBLIC
from storage.records import NewMatch, PlayerRecord
from tests.bot.runtime.conftest import Harness
from tests.games.decoder.decoder_support import config


def told(port: ListDelivery, kind: str, target: str) -> list[dict[str, Any]]:
    return [
        n.data for d in port.delivered if d.target == target for n in d.notices if n.kind == kind
    ]


async def started_decoder(harness: Harness) -> int:
    players = [PlayerRecord(seat=0, user_id=100), PlayerRecord(seat=1, user_id=101)]
    new = NewMatch(guild_id=1, game="decoder", config=config(), seed=3, players=players)
    match_id = (await harness.runtime.create(new)).id
    await harness.runtime.start(match_id)
    await harness.runtime.submit_text(match_id, HOST, "start selection")  # preset hands: play
    await harness.runtime.flush()
    return match_id


async def test_turn_reminders_reach_the_room_too(harness: Harness) -> None:
    await started_decoder(harness)
    await harness.advance(59.99)
    assert told(harness.port, "reminder", "public") == []
    await harness.advance(0.01)
    assert told(harness.port, "reminder", "0") == [{"label": "your turn", "seconds_left": 30}]
    assert told(harness.port, "reminder", "public") == [
        {"label": "their turn", "seconds_left": 30, "seat": 0}
    ]
    await harness.advance(25)
    room = told(harness.port, "reminder", "public")
    assert [(d["seat"], d["seconds_left"]) for d in room] == [(0, 30), (0, 15), (0, 5)]
    # The opponent's private channel is told nothing of the other seat's clock.
    assert told(harness.port, "reminder", "1") == []


async def test_a_response_window_is_reminded_in_the_room(harness: Harness) -> None:
    match_id = await started_decoder(harness)
    await harness.runtime.submit_text(match_id, 0, "ask apple not any tank 1")
    await harness.advance(30)  # seat 1's 60 s clue choice: 30 s left
    assert told(harness.port, "reminder", "1") == [
        {"label": "your clue choice", "seconds_left": 30}
    ]
    assert told(harness.port, "reminder", "public") == [
        {"label": "their clue choice", "seconds_left": 30, "seat": 1}
    ]
    assert told(harness.port, "reminder", "0") == []


async def test_bank_reminders_reach_the_room_too(harness: Harness) -> None:
    match_id = await started_decoder(harness)
    await harness.advance(90)  # the turn window is over: the bank drains
    assert told(harness.port, "bank_started", "public")[0]["seat"] == 0
    await harness.advance(30)
    assert told(harness.port, "bank_reminder", "0") == [{"bank_seconds": 270, "decision": "turn"}]
    room = told(harness.port, "bank_reminder", "public")
    assert room == [{"seat": 0, "bank_seconds": 270, "decision": "turn"}]
    assert told(harness.port, "bank_reminder", "1") == []
    # As the room reads it: whose bank, how much, and what it waits on.
    record = await harness.runtime.get(match_id)
    renderer = renderer_for(record.game)
    rendered = [
        renderer.render([n], PUBLIC, names=["alice", "bob"]).text
        for d in harness.port.delivered
        if d.target == "public"
        for n in d.notices
        if n.kind in ("bank_reminder", "reminder")
    ]
    assert rendered[0] == "⏰ **alice** has **30 s** left for their turn."
    assert rendered[-1] == "⏳ **alice** has **270 s** left in their time bank (their turn)."
