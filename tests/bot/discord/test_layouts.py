"""The threads layout's own behaviour (bot.discord.layouts): one channel a match,
shared categories of at most 50, threads kept open while the match lives, a
match keeping its layout when the setting changes, and the room or the bot's
thread permissions lost and got back. Everything else runs in both layouts
through the whole SimCord suite (tests/bot/discord/conftest.py)."""

from __future__ import annotations

import logging

import discord
import pytest
import simcord
from simcord.backend.models import ThreadMetadata

from bot import create_bot
from bot.config import Settings
from storage.records import MatchStatus
from tests.bot.discord.fault_support import delete_channel, set_bot_overwrite
from tests.bot.discord.support import World, assert_refused, new_match, said, texts
from tests.bot.discord.test_readiness import set_bot_permissions

threads_only = pytest.mark.layouts("threads")
IN_THREADS = discord.Permissions(send_messages_in_threads=True).value
#: The bot's own overwrite on a threads match's room (bot.discord.layouts.BOT_THREADS).
ROOM_GRANTED = discord.Permissions(
    view_channel=True,
    read_message_history=True,
    send_messages=True,
    attach_files=True,
    add_reactions=True,
    manage_threads=True,
    create_private_threads=True,
    send_messages_in_threads=True,
).value


def _metadata(world: World, channel: simcord.ChannelHandle) -> ThreadMetadata:
    metadata = world.env.backend.channels[channel.id].thread_metadata
    assert metadata is not None, f"{channel.name} is no thread"
    return metadata


def _archived(world: World, channel: simcord.ChannelHandle) -> bool:
    return _metadata(world, channel).archived


async def _archive(world: World, channel: simcord.ChannelHandle) -> None:
    """Discord archives a thread (its week of quiet ran out, or a host archived it)."""
    world.env.backend.edit_channel(channel.id, {}, thread_metadata={"archived": True})
    await world.env.settle()


@threads_only
async def test_a_threads_match_costs_the_server_one_channel(world: World) -> None:
    before = set(world.guild.channels)
    first = await new_match(world, start=False)
    second = await new_match(world, start=False)
    # The shared category once, then one room a match; the rest are threads.
    assert set(world.guild.channels) - before == {"genius matches", "match-1-room", "match-2-room"}
    # One category of that name, as Discord holds them (SimCord's handles are by
    # name): the second match saw the first's, though just made, and used it.
    categories = [c for c in world.env.backend.channels.values() if c.name == "genius matches"]
    assert len(categories) == 1
    assert world.env.backend.channels[second.room.id].parent_id == categories[0].id
    for match in (first, second):
        assert all(c.is_thread for c in (*match.private, match.host_log))
        for thread in (*match.private, match.host_log):
            assert _metadata(world, thread).auto_archive_duration == 10080  # a week, the longest
        record = await world.bot.runtime.get(match.id)
        assert record.layout == "threads"
    # Not invitable: a player adds nobody to their thread (SimCord takes the
    # field without modelling it, so the request is what can be checked).
    made = [r.json for r in world.env.http_requests if r.path.endswith("/threads")]
    assert len(made) == 6
    assert all(body["type"] == 12 and body["invitable"] is False for body in made)
    # Each player is a member of their own thread only; the host of the host log.
    members = world.env.backend.channels[first.private[0].id].thread_members
    assert world.alice.id in members
    assert world.bob.id not in members
    assert world.host.id in world.env.backend.channels[first.host_log.id].thread_members


@threads_only
async def test_a_full_shared_category_opens_the_next(world: World) -> None:
    """Discord holds 50 channels a category: the 51st room goes in "genius matches 2"."""
    shared = world.guild.create_category("genius matches")
    for number in range(49):
        world.guild.create_text_channel(f"old-{number}", category=shared)
    await world.env.settle()
    first = await new_match(world, start=False)  # the 50th channel of "genius matches"
    second = await new_match(world, start=False)
    backend = world.env.backend.channels
    assert backend[first.room.id].parent_id == shared.id
    opened = world.guild.channels["genius matches 2"]
    assert backend[second.room.id].parent_id == opened.id
    assert sum(1 for c in backend.values() if c.parent_id == shared.id and not c.is_thread) == 50


@threads_only
async def test_a_live_match_s_thread_is_reopened_when_discord_archives_it(world: World) -> None:
    match = await new_match(world)
    await _archive(world, match.private[0])
    assert not _archived(world, match.private[0])
    await world.alice.send(match.private[0], "4")  # and the player moves there as before
    assert (await world.bot.runtime.view(match.id, 0))["my_bid"] == 4
    await _archive(world, match.host_log)
    assert not _archived(world, match.host_log)
    # An ended match's threads may archive.
    await world.host.slash(match.room, "match abort")
    await _archive(world, match.private[1])
    assert _archived(world, match.private[1])


@pytest.mark.layouts("channels")
async def test_a_match_keeps_its_layout_when_the_setting_changes(
    world: World, settings: Settings
) -> None:
    """Made in the channels layout, the match reopens a deleted private channel as
    a channel after the server moved to threads; a new match gets threads."""
    match = await new_match(world)
    old = world.bot
    threads = settings.discord.model_copy(update={"layout": "threads"})
    await world.env.restart_bot(create_bot(settings.model_copy(update={"discord": threads})))
    await old.release()
    await delete_channel(world, match.private[0])
    await world.alice.slash(world.general, "goofspiel bid", card=6)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED

    await world.host.slash(match.room, "match resume")
    reopened = world.channel(f"match-{match.id}-p1-alice")
    assert not reopened.is_thread
    record = await world.bot.runtime.get(match.id)
    assert record.layout == "channels"
    assert record.status is MatchStatus.RUNNING
    assert "Your bid for **A**: **6**" in texts(reopened)[0]
    newer = await new_match(world, start=False)
    assert newer.private[0].is_thread
    assert (await world.bot.runtime.get(newer.id)).layout == "threads"


@threads_only
async def test_a_deleted_room_takes_its_threads_and_resume_opens_them_all(world: World) -> None:
    match = await new_match(world)
    await delete_channel(world, match.room)  # Discord deletes the room's threads with it
    await world.alice.slash(world.general, "goofspiel bid", card=2)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED

    await world.host.slash(world.general, "match resume", match=match.id)
    room = world.channel(f"match-{match.id}-room")
    alices = world.channel(f"match-{match.id}-p1-alice")
    bobs = world.channel(f"match-{match.id}-p2-bob")
    host_log = world.channel(f"match-{match.id}-host-log")
    assert room.id != match.room.id
    assert {t.id for t in room.threads} == {alices.id, bobs.id, host_log.id}
    record = await world.bot.runtime.get(match.id)
    assert record.status is MatchStatus.RUNNING
    assert (record.room_channel_id, record.host_channel_id) == (room.id, host_log.id)
    assert "alice has bid on **A**" in texts(room)[0]
    assert "Your bid for **A**: **2**" in texts(alices)[0]
    # The secrets are as secret as before.
    alices.history(viewer=world.alice)
    for outsider in (world.bob, world.carol):
        with pytest.raises(simcord.SetupError):
            alices.history(viewer=outsider)
    with pytest.raises(simcord.SetupError):
        host_log.history(viewer=world.alice)
    await world.bob.send(bobs, "1")
    assert "Auction 1/36" in texts(room)[-1]


@threads_only
async def test_the_bot_shut_out_of_the_room_s_threads_pauses_until_fixed(world: World) -> None:
    """A thread has no overwrites of its own: an admin denying the bot Send Messages
    in Threads on the room closes every thread to it. The match pauses with that
    named, in the room (still open to it), and runs on once it is given back."""
    match = await new_match(world)
    await set_bot_overwrite(world, match.room, allow=ROOM_GRANTED & ~IN_THREADS, deny=IN_THREADS)
    await world.alice.slash(world.general, "goofspiel bid", card=4)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED
    shown = "\n".join(texts(match.room))
    assert "The match is paused" in shown
    assert "lacks the Send Messages in Threads permission there" in shown, shown

    await set_bot_overwrite(world, match.room, allow=ROOM_GRANTED)
    await world.host.slash(match.room, "match resume")
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
    assert "Your bid for **A**: **4**" in "\n".join(texts(match.private[0]))


@pytest.mark.layouts("channels", "threads")
async def test_match_new_needs_the_thread_permissions_only_in_the_threads_layout(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.discord.readiness"):
        set_bot_permissions(world.env, world.guild, manage_threads=False)
        await world.env.settle()
    told = [r.getMessage() for r in caplog.records if r.name == "bot.discord.readiness"]
    assert [line for line in told if "lacks Manage Threads" in line] == (
        [] if world.layout == "channels" else told
    )
    assert len(told) == (0 if world.layout == "channels" else 1)
    before = world.names()
    result = await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
    )
    if world.layout == "channels":
        assert "Created match #1" in said(result)
        return
    assert_refused(world, result, "my role lacks Manage Threads")
    assert world.names() == before
    assert await world.bot.runtime.list_for_guild(world.guild.id) == []


@threads_only
@pytest.mark.parametrize("step", ["first thread", "bob's thread", "host log"])
async def test_a_thread_discord_refuses_leaves_nothing_half_made(world: World, step: str) -> None:
    """Discord refuses a step of the threads: making the first one, adding bob to
    his (the second), adding the host to the host log (the last). The room, the
    threads made before and the shared category opened for it are removed again."""
    before = world.names()
    path = {
        "first thread": "/channels/*/threads",
        "bob's thread": f"/channels/*/thread-members/{world.bob.id}",
        "host log": f"/channels/*/thread-members/{world.host.id}",
    }[step]
    world.env.inject_error("*", path, status=403, code=50013, message="Missing Permissions")
    result = await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
    )
    assert "Created match" not in said(result)
    assert world.env.errors  # the apology's error, read (acknowledged)
    assert world.names() == before
