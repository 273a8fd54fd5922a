"""SimCord as this suite tunes it (tests/bot/discord/pace.py): the runtime's
timers fire on the virtual clock only, never while a settle waits in real time."""

from __future__ import annotations

import pytest

from tests.bot.discord import pace
from tests.bot.discord.support import World

pytestmark = pytest.mark.layouts("channels")


def test_every_worker_runs_simcord_tuned() -> None:
    assert pace.tuned()


async def test_a_runtime_timer_fires_when_time_is_advanced_not_while_settling(
    world: World,
) -> None:
    fired: list[str] = []

    def note(name: str):  # type: ignore[no-untyped-def]
        async def callback() -> None:
            fired.append(name)

        return callback

    scheduler = world.bot.runtime.scheduler
    with world.env._bot_scope():  # the bot's loop and clock, as its own code has them
        scheduler.call_later(3.0, note("in 3 s"))
        scheduler.call_later(0.0, note("now"))
    await world.env.settle()
    # Due now fires at once; 3 s ahead would have been waited for in real time.
    assert fired == ["now"]
    await world.env.advance_time(2.9)
    assert fired == ["now"]
    await world.env.advance_time(0.2)
    assert fired == ["now", "in 3 s"]
