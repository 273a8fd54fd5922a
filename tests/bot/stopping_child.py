"""The clean-stop test's child: the real bot in a SimCord world, in a process of
its own, stopped by a real signal.

    python -m tests.bot.stopping_child --db FILE --log FILE

The bot is made as ``genius-bot run`` makes it (``stop_on_signals=True``: the
same handlers, installed by the bot as it sets up). Two Goofspiel matches are
started through /match new and /match start. One is left quiet while match time
passes (its clock then runs ahead of its last step, so only a checkpoint at the
stop can save where it is); the other is played without a pause by the demo's
player, through the runtime as the adapter calls it, until the signal: moves are
then refused and the bot closes. What happened goes to a JSON-lines log, each
line flushed before the next step, for the parent (tests/bot/test_stopping.py)
to check against the database:

- ``ready``: the quiet match has had its time pass (``QUIET_SECONDS`` of
  SimCord's virtual clock, short of the bot's 5 s checkpoints, so only the stop's
  checkpoint stores it); the parent may send the signal now;
- ``ack`` (a move the runtime took, with its match's new version and clock) or
  ``no`` (refused, with the reason);
- ``sent``: a message Discord took (match, target, the notices' hash), logged
  after SimCord answered and before the runtime can mark it delivered;
- ``stopped``: the bot closed; the process exits 0 right after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from pathlib import Path
from typing import Any, TextIO

import discord
import simcord

from bot.config import DatabaseSettings, Settings
from bot.discord.client import GeniusBot, create_bot
from bot.discord.messages._cog import ACCEPTED
from bot.kits import demo_player
from games import Notice
from storage.records import MatchRecord
from tests.bot.discord.support import Match, World, new_match
from tests.reliability.soak_child import notices_hash

QUIET_SECONDS = 3.0  # match time the quiet match runs with no step (under the 5 s checkpoint)


class Log:
    def __init__(self, out: TextIO) -> None:
        self._out = out

    def say(self, event: str, **fields: Any) -> None:
        self._out.write(json.dumps({"event": event, **fields}) + "\n")
        self._out.flush()


def log_deliveries(bot: GeniusBot, log: Log) -> None:
    """Note each message once Discord took it (before the runtime can mark it)."""
    deliver = bot.delivery.deliver

    async def noted(match: MatchRecord, target: str, notices: list[Notice]) -> None:
        await deliver(match, target, notices)
        hashed = notices_hash([n.model_dump(mode="json") for n in notices])
        log.say("sent", match=match.id, target=target, h=hashed)

    bot.delivery.deliver = noted  # type: ignore[method-assign]


async def play_until_stopped(world: World, match: Match, log: Log) -> None:
    """Both players type their moves in their private channels, in turn, as fast as
    the bot answers, until it stops: a tick (the bot took it) is an ``ack``, an
    answer without one a ``no``."""
    player = demo_player("goofspiel")
    assert player is not None
    rng = random.Random(7)
    seat = 0
    while world.bot.stopping is None or not world.bot.stopping.done():
        channel = match.private[seat]
        view = await world.bot.runtime.view(match.id, seat)
        text = player(view, seat, rng) or "pass"
        try:
            sent = await world.seat(seat).send(channel, text)
        except Exception as error:  # the bot is gone (SimCord no longer delivers)
            log.say("gone", error=repr(error))
            break
        if any(m.id == sent.id and ticked(m) for m in channel.history()):
            log.say("ack", match=match.id, seat=seat, move=text)
        else:
            answer = [m.content for m in channel.history() if m.reference is not None]
            log.say("no", match=match.id, seat=seat, reason=answer[-1] if answer else "")
        seat = 1 - seat


def ticked(message: discord.Message) -> bool:
    return any(str(reaction.emoji) == ACCEPTED for reaction in message.reactions)


async def main(db: Path, out: TextIO) -> None:
    log = Log(out)
    settings = Settings(database=DatabaseSettings(url=f"sqlite+aiosqlite:///{db}"))
    bot = create_bot(settings, settle_heap=True, stop_on_signals=True)  # as `run` does
    log_deliveries(bot, log)
    async with simcord.run(bot) as env:
        world = World.on(env, env.create_guild("Genius"))
        quiet = await new_match(world)
        busy = await new_match(world)
        await env.advance_time(QUIET_SECONDS)
        log.say("ready", quiet=quiet.id, busy=busy.id)
        await play_until_stopped(world, busy, log)
        assert bot.stopping is not None
        await bot.stopping
    log.say("stopped")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--log", type=Path, required=True)
    args = parser.parse_args()
    with args.log.open("a", encoding="utf-8") as log_file:
        asyncio.run(main(args.db, log_file))
