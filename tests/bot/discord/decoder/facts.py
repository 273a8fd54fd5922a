"""What the shared Discord tests need to know about Decoder (see tests/facts.py)."""

from __future__ import annotations

import json

from tests.bot.discord.authorization_support import Plan, Stage
from tests.bot.discord.support import Match, World, new_match, request
from tests.games.decoder.decoder_support import config

#: Hands drawn, not preset: letter selection asks for rarities and a hand.
SELECTION = json.dumps(config(preset_hands=None))


async def started(world: World) -> Match:
    return await new_match(world, game="decoder", options=SELECTION)


async def rarities_asked(world: World) -> Match:
    """Letter selection: each seat is asked the rarities of its extra tiles."""
    match = await started(world)
    await world.host.slash(match.room, "decoder begin")
    return match


async def hand_asked(world: World) -> Match:
    """Alice has her extra tiles: she picks her hand from a menu."""
    match = await rarities_asked(world)
    rarities = request(match.private[0], "2 common + 1 uncommon")
    await world.alice.click(rarities, label="2 common + 1 uncommon")
    return match


PLAN = Plan(
    Stage("before letter selection", started),
    (Stage("rarities asked", rarities_asked), Stage("hand asked", hand_asked)),
)
