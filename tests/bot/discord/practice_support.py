"""Helpers for practice matches (/match practice) in SimCord: allowing them,
starting one, and playing the member's seat with a built-in player, typing its
moves in their private channel as a person would."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import simcord

from bot.kits import Player, demo_flag
from games import HOST
from games.core import Audience
from storage.records import MatchStatus
from tests.bot.discord.support import World, said


@dataclass
class Practice:
    id: int
    room: simcord.ChannelHandle
    private: simcord.ChannelHandle  # the member's own
    host_log: simcord.ChannelHandle


async def allow(world: World, change: str = "practice_enabled=true") -> None:
    result = await world.host.slash(world.general, "match settings", change=change)
    assert "← changed" in said(result), said(result)


async def practise(
    world: World, member: simcord.MemberActor, game: str, level: str, **slash: Any
) -> Practice:
    """``member``'s practice match of ``game`` at ``level``, started (seed 7)."""
    result = await member.slash(
        world.general, "match practice", game=game, level=level, seed=7, **slash
    )
    found = re.search(r"Practice match #(\d+)", said(result))
    assert found is not None, said(result)
    match_id = int(found[1])
    return Practice(
        id=match_id,
        room=world.channel(f"match-{match_id}-room"),
        private=world.channel(f"match-{match_id}-p1-{member.user.name}"),
        host_log=world.channel(f"match-{match_id}-host-log"),
    )


async def bot_moves(world: World, match_id: int) -> int:
    """How many moves the bot's seat (seat 1) has made: its events in the log."""
    export = await world.bot.runtime.export(match_id, ["member", "bot"])
    return sum(1 for e in export.events if e.kind == "action" and e.actor == "1")


def think_due(world: World, match_id: int) -> float | None:
    """Seconds to the end of the bot's think (None: not thinking), read on the
    bot's clock: test code reads the real loop clock, the bot SimCord's."""
    with world.env._bot_scope():
        return world.bot.runtime.bots.due_in(match_id)


async def bot_clock_view(world: World, match_id: int, audience: Audience) -> dict[str, Any]:
    """``audience``'s view as the bot shows it: its deadlines' time left read on
    the bot's clock (on the test's, every window looks closed)."""
    with world.env._bot_scope():
        return await world.bot.runtime.view(match_id, audience)


async def let_the_bot_think(world: World, match_id: int) -> bool:
    """Pass the bot's think, if it is thinking (False: it is not)."""
    due = think_due(world, match_id)
    if due is None:
        return False
    await world.env.advance_time(due + 0.01)
    return True


async def play(
    world: World,
    practice: Practice,
    member: simcord.MemberActor,
    player: Player,
    *,
    until: Callable[[], Awaitable[bool]] | None = None,
) -> int:
    """Play the member's seat (seat 0) with ``player`` until the match ends (or
    ``until`` holds), one move of theirs, then the bot's think, in turn; the
    clock runs to the next deadline when neither has anything to do. Returns
    the steps taken."""
    runtime = world.bot.runtime
    rng = random.Random(7)
    every_seat = demo_flag((await runtime.get(practice.id)).game, "ASKS_EVERY_SEAT")
    steps = 0
    while (await runtime.get(practice.id)).status is MatchStatus.RUNNING:
        if until is not None and await until():
            break
        steps += 1
        assert steps < 400, "the practice match does not end"
        text = None
        if every_seat or 0 in await runtime.to_act(practice.id):
            text = player(await bot_clock_view(world, practice.id, 0), 0, rng)
        if text is not None:
            await member.send(practice.private, text)
        if await let_the_bot_think(world, practice.id) or text is not None:
            continue
        view = await bot_clock_view(world, practice.id, HOST)
        left = [d["seconds_left"] for d in view["match"]["deadlines"]]
        await world.env.advance_time(min(left, default=0) + 1)
    return steps
