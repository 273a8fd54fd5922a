"""What the shared Discord tests need to know about Rune Breaker (see tests/facts.py)."""

from __future__ import annotations

import json

from tests.bot.discord.authorization_support import Plan, Stage
from tests.bot.discord.support import Match, World, new_match, request
from tests.games.runebreaker.runebreaker_support import CLASSIC_ROUND, classic_config, options_json

RUNES = options_json(CLASSIC_ROUND, look_seconds=30)


async def started(world: World) -> Match:
    """Alice, the DMO, is asked who starts round 1."""
    return await new_match(world, game="runebreaker", options=RUNES)


async def first_turn(world: World) -> Match:
    """Alice's turn to probe; only bob may buzz (in the room or his channel)."""
    match = await started(world)
    await world.alice.click(request(match.private[0], "I start"), label="I start")
    await world.env.advance_time(31)
    return match


async def answers_asked(world: World) -> Match:
    """Bob buzzed on alice's turn: both are asked for their answer (the Answer…
    form, and Pass)."""
    match = await first_turn(world)
    await world.bob.click(request(match.room, "Buzz"), label="Buzz")
    return match


PLAN = Plan(
    Stage("DMO's choice", started),
    (
        Stage("DMO's choice", started),
        Stage("alice probes, bob may buzz", first_turn),
        Stage("answers asked after a buzz", answers_asked),
    ),
)

#: Alice starts and nobody waits to look: seats type moves at once.
MATCH_OPTIONS = options_json(CLASSIC_ROUND, first_seat=0, look_seconds=0)

#: Every round fixed in advance (none generated), alice starts, no look.
PRACTICE_OPTIONS = json.dumps(classic_config())
