"""What the shared Discord tests need to know about Logical Horror (see tests/facts.py)."""

from __future__ import annotations

from tests.bot.discord.authorization_support import Plan, Stage
from tests.bot.discord.support import Match, World, new_match
from tests.bot.logical_horror_support import SOLUTION, options_json

#: No timer due within SimCord's settle timeout (it would wait for it in real time).
HORROR = options_json(token_seconds=60, hint_seconds=120, host_confirms_win=True)


async def started(world: World) -> Match:
    return await new_match(world, game="logical_horror", options=HORROR)


async def hint_held(world: World) -> Match:
    """Each seat holds a token and a hint use: query and hint buttons."""
    match = await started(world)
    await world.env.advance_time(121)
    return match


async def win_claimed(world: World) -> Match:
    """Alice's winning board waits for the host's word in the host log."""
    match = await hint_held(world)
    await world.alice.send(match.private[0], f"public {SOLUTION}")
    return match


PLAN = Plan(
    Stage("started", started),
    (Stage("hint held", hint_held), Stage("win claimed", win_claimed)),
)

MATCH_OPTIONS = options_json(token_seconds=5, hint_seconds=10)

#: The one query form is named by its kind (public or private), not a ``form`` attribute.
FORM_NAMES = {"QueryForm": ("public", "private")}

#: The small fixed puzzle, tokens every 5 s: a few queries each.
PRACTICE_OPTIONS = MATCH_OPTIONS
