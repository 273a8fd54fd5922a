"""A Logical Horror player's emergency pause, as the other player reads it when
a move is refused: no seat number (the room's post names who paused)."""

from __future__ import annotations

import re

from tests.bot.discord.support import World, new_match, seen_by, texts
from tests.bot.logical_horror_support import NEAR, options_json

SEAT_NUMBER = re.compile(r"\bseat [0-9]\b", re.IGNORECASE)


async def test_a_move_refused_during_a_players_pause_names_no_seat(world: World) -> None:
    match = await new_match(world, game="logical_horror", options=options_json())
    await world.alice.slash(match.private[0], "logical_horror pause", reason="lag")
    await world.bob.send(match.private[1], f"public {NEAR}")
    refused = texts(match.private[1])[-1]
    assert "The match is paused (a player asked for a pause: lag)" in refused
    assert SEAT_NUMBER.findall(refused) == []
    assert "🆘 **alice** asked for an emergency pause" in seen_by(match.room, world.carol)
