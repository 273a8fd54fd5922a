"""/match settings on Discord: hosts see and change the server's settings; a
bad value is refused with what is wrong and changes nothing, not even the good
values given beside it; players are refused."""

from __future__ import annotations

import pytest

from storage.server_settings import ServerSettings, load
from tests.bot.discord.support import World, assert_refused, said

pytestmark = pytest.mark.layouts("channels")  # about no match's channels


async def stored(world: World) -> ServerSettings:
    async with world.bot.sessions() as session:
        return await load(session, world.guild.id)


async def test_a_host_sees_the_defaults_then_changes_two(world: World) -> None:
    shown = await world.host.slash(world.general, "match settings")
    assert shown.response is not None
    assert shown.response.ephemeral
    assert "`practice_enabled` = **off**" in said(shown)
    assert "`practice_limit` = **2**" in said(shown)
    changed = await world.host.slash(
        world.general, "match settings", change="practice_enabled=on practice_limit=3"
    )
    assert "`practice_enabled` = **on** ← changed" in said(changed)
    assert "`practice_limit` = **3** ← changed" in said(changed)
    assert await stored(world) == ServerSettings(practice_enabled=True, practice_limit=3)


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ("practice_limit=0", "`practice_limit` must be from 1 to 20; 0 is out of that range."),
        ("practice_limit=many", "`practice_limit` is a whole number, not “many”."),
        ("practice_enabled=maybe", "`practice_enabled` is on or off"),
        ("practise_limit=3", "There is no setting “practise"),
        ("practice_enabled", "is not a `key=value` pair"),
    ],
)
async def test_a_bad_change_is_refused_and_changes_nothing(
    world: World, change: str, refusal: str
) -> None:
    result = await world.host.slash(
        world.general, "match settings", change=f"practice_enabled=true {change}"
    )
    assert_refused(world, result, refusal)
    assert await stored(world) == ServerSettings()


async def test_a_player_may_not_change_them(world: World) -> None:
    result = await world.alice.slash(world.general, "match settings", change="practice_limit=9")
    assert_refused(world, result, "Only hosts can")
    assert await stored(world) == ServerSettings()
