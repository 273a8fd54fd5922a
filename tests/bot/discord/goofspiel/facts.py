"""What the shared Discord tests need to know about Square Goofspiel (see tests/facts.py)."""

from __future__ import annotations

from tests.bot.discord.authorization_support import Plan, Stage
from tests.bot.discord.support import Match, World, new_match


async def started(world: World) -> Match:
    return await new_match(world, game="goofspiel")


PLAN = Plan(Stage("started", started), (Stage("bids asked", started),))
