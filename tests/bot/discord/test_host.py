"""/match: who may host, the channels a match gets, and what each member can see."""

from __future__ import annotations

import discord
import pytest
import simcord

from storage.records import MatchStatus
from tests.bot.discord.support import World, assert_refused, new_match, said, texts

# SimCord refuses what a real user could not do: reading a hidden channel is a
# SetupError, posting without Send Messages a BackendError (403).
CANNOT_READ = simcord.SetupError
CANNOT_POST = simcord.BackendError


async def test_new_match_makes_a_category_with_room_private_channels_and_host_log(
    world: World,
) -> None:
    """A host creates a match; its channels sit in a category named for it (the
    threads layout: its room sits in the shared category, its threads in the room)."""
    match = await new_match(world, start=False)
    if world.layout == "threads":
        assert "genius matches" in world.guild.channels
        threads = {match.host_log.id, *(c.id for c in match.private)}
        assert {t.id for t in match.room.threads} == threads
    else:
        assert "genius-1 Square Goofspiel" in world.guild.channels
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.CREATED
    assert record.room_channel_id == match.room.id
    assert record.host_channel_id == match.host_log.id
    assert [p.private_channel_id for p in record.players] == [c.id for c in match.private]
    assert [p.user_id for p in record.players] == [world.alice.id, world.bob.id]
    assert "Match #1" in texts(match.room)[0]
    # Each player is greeted in their own, by what it is: a channel or a thread.
    private = "thread" if world.layout == "threads" else "channel"
    for player, channel in zip((world.alice, world.bob), match.private, strict=True):
        assert texts(channel)[0].startswith(
            f"<@{player.id}>, this is your private {private} for match #1 (Square Goofspiel)."
        )


async def test_a_spectator_reads_the_room_but_no_private_channel_or_host_log(
    world: World,
) -> None:
    """Secrecy rests on overwrites: carol sees the room only, and cannot write there."""
    match = await new_match(world, start=False)
    assert match.room.history(viewer=world.carol)
    with pytest.raises(CANNOT_POST):
        await world.carol.send(match.room, "hello")
    for hidden in (*match.private, match.host_log):
        with pytest.raises(CANNOT_READ):
            hidden.history(viewer=world.carol)
        with pytest.raises(CANNOT_POST):
            await world.carol.send(hidden, "peek")


async def test_each_player_sees_only_their_own_private_channel(world: World) -> None:
    """Players write in the room and their own channel; the opponent's is hidden."""
    match = await new_match(world, start=False)
    await world.alice.send(match.room, "good luck")
    await world.alice.send(match.private[0], "help")
    with pytest.raises(CANNOT_READ):
        match.private[1].history(viewer=world.alice)
    with pytest.raises(CANNOT_READ):
        match.private[0].history(viewer=world.bob)
    with pytest.raises(CANNOT_READ):
        match.host_log.history(viewer=world.bob)


async def test_the_host_role_sees_every_channel(world: World) -> None:
    match = await new_match(world, start=False)
    for channel in (match.room, *match.private, match.host_log):
        assert channel.history(viewer=world.host)


@pytest.mark.layouts("channels")  # refused before any channel
async def test_a_non_host_cannot_create_a_match(world: World) -> None:
    result = await world.carol.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
    )
    assert_refused(world, result, "Only hosts can run matches")
    assert await world.bot.runtime.list_for_guild(world.guild.id) == []


async def test_manage_server_makes_a_host(world: World) -> None:
    """Without the Host role, the Manage Server permission is enough."""
    admins = world.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    dave = world.guild.add_member(world.env.create_user("dave"), roles=[admins])
    result = await dave.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
    )
    assert "Created match #1" in said(result)
    # dave has no Host role: the member who creates a match is let into its channels.
    assert world.channel("match-1-host-log").history(viewer=dave)


async def test_a_manage_server_host_reads_every_match_others_created(world: World) -> None:
    """Every host as acting.is_host defines them, not only the role and the creator:
    a Manage Server holder without the Host role reads and writes in every
    channel of hannah's match, and a plain member still reads none of its secrets."""
    admins = world.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    dave = world.guild.add_member(world.env.create_user("dave"), roles=[admins])
    match = await new_match(world, start=False)
    for channel in (match.room, *match.private, match.host_log):
        assert channel.history(viewer=dave)
    await dave.send(match.host_log, "I'll take over from here")
    status = await dave.slash(match.host_log, "match status")
    assert said(status).startswith("**Square Goofspiel**")
    for hidden in (*match.private, match.host_log):
        with pytest.raises(CANNOT_READ):
            hidden.history(viewer=world.carol)


@pytest.mark.layouts("channels")  # refused before any channel
@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"player2": "alice"}, "two different players"),
        ({"options": "move_seconds=fast"}, "Bad options for Square Goofspiel"),
        ({"options": "nonsense"}, "is not a `key=value` pair"),
        ({"options": '{"move_seconds": 5}'}, "move_seconds"),
        ({"options": "colour=red"}, "colour"),
    ],
)
async def test_bad_new_match_requests_are_refused(
    world: World, options: dict[str, str], refusal: str
) -> None:
    values: dict[str, object] = {"player1": world.alice, "player2": world.bob}
    values.update({k: world.alice if v == "alice" else v for k, v in options.items()})
    result = await world.host.slash(world.general, "match new", game="goofspiel", **values)
    assert_refused(world, result, refusal)
    assert "match-1-room" not in world.guild.channels


async def test_options_override_the_game_defaults(world: World) -> None:
    match = await new_match(world, options="move_seconds=30")
    record = await world.bot.runtime.get(match.id)
    assert record.config["move_seconds"] == 30
    assert "30 s to bid" in "\n".join(texts(match.room))


async def test_host_commands_act_on_the_channels_match_or_a_named_one(world: World) -> None:
    match = await new_match(world, start=False)
    result = await world.host.slash(world.general, "match start")
    assert_refused(world, result, "This channel belongs to no match")
    result = await world.host.slash(world.general, "match start", match=match.id)
    assert said(result) == "Match #1 started."
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
    result = await world.host.slash(match.host_log, "match start")
    assert_refused(world, result, "already started")
    result = await world.host.slash(world.general, "match abort", match=99)
    assert_refused(world, result, "no match #99")


async def test_status_is_an_ephemeral_full_view_for_the_host(world: World) -> None:
    match = await new_match(world)
    await world.alice.send(match.private[0], "6")
    result = await world.host.slash(match.room, "match status")
    assert result.response is not None
    assert result.response.ephemeral
    # The host sees the sealed bid; the room does not.
    assert "alice bid **6** (sealed)" in said(result)
    assert not any("**6**" in text for text in texts(match.room)[1:])


async def test_list_names_the_servers_matches(world: World) -> None:
    await new_match(world)
    await new_match(world, start=False)
    result = await world.host.slash(world.general, "match list")
    lines = said(result).splitlines()
    assert lines[0].startswith("**#2** Square Goofspiel")
    assert "created" in lines[0]
    assert "running" in lines[1]


async def test_abort_tells_everyone_and_ends_the_match(world: World) -> None:
    match = await new_match(world)
    await world.host.slash(match.room, "match abort")
    for channel in (match.room, *match.private):
        assert "aborted" in texts(channel)[-1]
    # Over: the private channels are read-only now, so Discord refuses a typed move.
    with pytest.raises(simcord.BackendError):
        await world.alice.send(match.private[0], "3")


async def test_a_host_cannot_be_a_player(world: World) -> None:
    """Hosts read both private channels, so neither the creator nor a host may play."""
    result = await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.host
    )
    assert_refused(world, result, "is a host and can read both private channels")
    assert await world.bot.runtime.list_for_guild(world.guild.id) == []
