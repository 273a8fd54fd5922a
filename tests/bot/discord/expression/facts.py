"""What the shared Discord tests need to know about Expression (see tests/facts.py)."""

from __future__ import annotations

from tests.bot.discord.authorization_support import Plan, Stage
from tests.bot.discord.support import Match, World, new_match, request
from tests.bot.discord.test_expression import simple_move


async def started(world: World) -> Match:
    return await new_match(world, game="expression")


async def starter_asked(world: World) -> Match:
    """Both ready: alice, the Advantage holder (seed 7), is asked who plays first."""
    match = await started(world)
    await world.alice.send(match.private[0], "ready")
    await world.bob.send(match.private[1], "ready")
    return match


async def play_asked(world: World) -> Match:
    """Alice plays first: she is asked for an expression (the Play… form)."""
    match = await starter_asked(world)
    await world.alice.click(request(match.private[0], "I play first"), label="I play first")
    return match


async def guess_asked(world: World) -> Match:
    """Both have played round 1: the loser is asked for a guess (the Guess… form)
    and the winner to reveal a tile."""
    match = await play_asked(world)
    for seat in (0, 1):
        mine = await world.bot.runtime.view(match.id, seat)
        move = simple_move(mine, seat)
        assert move is not None, f"seat {seat} has nothing to play: {mine['stage']}"
        await world.seat(seat).send(match.private[seat], move)
    return match


PLAN = Plan(
    Stage("planning", started),
    (
        Stage("who plays first asked", starter_asked),
        Stage("expression asked", play_asked),
        Stage("guess asked", guess_asked),
    ),
)

#: The matrix opens it (its opening check is every form's) but does not send it.
FORMS_NOT_SENT = {"final": "its button is posted only once a whole bout is played"}
