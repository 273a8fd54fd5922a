"""After a match: its channels turn read-only at once; delete_after_days later
its export and room story go to the archive channel and only then are its
channels deleted; the schedule is stored, so it outlives a restart."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import simcord
from sqlalchemy import update

from bot import create_bot
from bot.config import Settings
from bot.replay_cli import rebuild
from bot.runtime.export import load_export
from storage.cleanup import CleanupRepository
from storage.records import Channels
from storage.tables import MatchPlayerRow, MatchRow
from tests.bot.discord.aftermath_support import (
    ARCHIVE,
    archive,
    channel_count,
    channel_exists,
    keeping,
    won_match,
)
from tests.bot.discord.support import Match, World, new_match, seen_by

#: A short keep (about a quarter of an hour), so the virtual clock passes it quickly.
SHORT_DAYS = 0.01
PAST_DUE = SHORT_DAYS * 86_400 + 61  # seconds: past due, and a sweep after it


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return keeping(settings, SHORT_DAYS)


def match_ids(match: Match) -> list[int]:
    return [match.room.id, match.private[0].id, match.private[1].id, match.host_log.id]


async def test_a_finished_match_is_read_only_for_its_players(world: World) -> None:
    match = await won_match(world)
    for member, channel in (
        (world.alice, match.room),
        (world.bob, match.room),
        (world.alice, match.private[0]),
        (world.bob, match.private[1]),
    ):
        with pytest.raises(simcord.BackendError):
            await member.send(channel, "gg")
    # Still readable: the players their channels, everyone the room.
    assert "wins" in seen_by(match.room, world.carol)
    assert seen_by(match.private[0], world.alice)
    # The hosts keep full access.
    await world.host.send(match.room, "Thanks for playing!")
    await world.host.send(match.private[1], "Well played.")


async def test_an_aborted_match_is_read_only_too(world: World) -> None:
    match = await new_match(world)
    await world.alice.send(match.room, "good luck")  # allowed while it runs
    await world.host.slash(match.room, "match abort")
    with pytest.raises(simcord.BackendError):
        await world.alice.send(match.room, "hey")
    with pytest.raises(simcord.BackendError):
        await world.bob.send(match.private[1], "hey")


async def test_a_running_match_is_not_touched(world: World) -> None:
    first = await won_match(world)
    second = await new_match(world, start=False)
    await world.alice.send(second.room, "ready")
    await world.bob.send(second.private[1], "ready")
    with pytest.raises(simcord.BackendError):
        await world.alice.send(first.room, "rematch?")


async def test_five_matches_are_archived_then_their_channels_deleted(
    world: World, tmp_path: Path
) -> None:
    before = channel_count(world)
    matches = []
    for _ in range(5):
        matches.append(await won_match(world))
        # Each ends; the last one started later, so they fall due in turn.
        await world.env.advance_time(30)
    # A category and four channels each; or a room and three threads each, in
    # one shared category.
    made = 5 * 5 if world.layout == "channels" else 5 * 4 + 1
    assert channel_count(world) == before + made
    await world.env.advance_time(PAST_DUE)

    # Back to where it started, but for the archive channel.
    assert channel_count(world) == before + 1
    for match in matches:
        assert not any(channel_exists(world, i) for i in match_ids(match))
    posts = [m for m in archive(world).history() if m.attachments]
    assert len(posts) == 5
    for match, post in zip(matches, posts, strict=True):
        export_file, story_file = post.attachments
        assert export_file.filename == f"match-{match.id}-logical_horror.json"
        story = (await story_file.read()).decode()
        assert "bob wins" in story
        # genius-bot replay accepts it: it rebuilds the stored match.
        export = load_export(await export_file.read())
        assert (await rebuild(export)).outcome is not None
        assert export.match_id == match.id
    assert_archived_before_deleted(world, matches)


def assert_archived_before_deleted(world: World, matches: list[Match]) -> None:
    """In the recorded calls to Discord, each match's archive post comes before
    the first deletion of any of its channels."""
    calls = [f"{c.method} {c.path}" for c in world.env.http_requests]
    posts = [i for i, c in enumerate(calls) if c == f"POST /channels/{archive(world).id}/messages"]
    assert len(posts) == len(matches)
    for post, match in zip(posts, matches, strict=True):
        deletes = [
            i
            for i, c in enumerate(calls)
            if c.startswith("DELETE /channels/") and int(c.rsplit("/", 1)[1]) in match_ids(match)
        ]
        assert deletes, f"match #{match.id}'s channels were never deleted"
        assert post < min(deletes), f"match #{match.id}: a channel went before its archive"


async def test_a_match_whose_game_is_gone_is_archived_as_its_raw_rows(world: World) -> None:
    match = await won_match(world)
    async with world.bot.sessions.begin() as session:
        await session.execute(update(MatchRow).where(MatchRow.id == match.id).values(game="chess"))
    await world.env.advance_time(PAST_DUE)
    assert not any(channel_exists(world, i) for i in match_ids(match))
    (post,) = [m for m in archive(world).history() if m.attachments]
    assert "could not load it (its game “chess” is not in this version)" in post.content
    rows, _story = post.attachments
    assert rows.filename == f"match-{match.id}-chess-raw.json"


async def test_the_archive_is_for_hosts_only(world: World) -> None:
    await won_match(world)
    await world.env.advance_time(PAST_DUE)
    channel = archive(world)
    assert channel.history(viewer=world.host)
    for member in (world.alice, world.bob, world.carol):
        with pytest.raises(simcord.SetupError):
            channel.history(viewer=member)


async def test_nothing_is_deleted_while_the_archive_cannot_be_posted(world: World) -> None:
    match = await won_match(world)
    world.env.inject_error(
        "POST", "/channels/*/messages", status=403, code=50013, message="Missing Permissions"
    )
    await world.env.advance_time(PAST_DUE)
    assert all(channel_exists(world, i) for i in match_ids(match))
    # Tried again at the next sweep, and then it goes.
    await world.env.advance_time(61)
    assert not any(channel_exists(world, i) for i in match_ids(match))
    assert len([m for m in archive(world).history() if m.attachments]) == 1


async def test_a_channel_deleted_by_hand_is_no_error(world: World) -> None:
    match = await won_match(world)
    world.env.backend.delete_channel(match.private[0].id)
    await world.env.settle()
    await world.env.advance_time(PAST_DUE)
    assert not any(channel_exists(world, i) for i in match_ids(match))
    assert not world.env.errors


async def test_the_schedule_outlives_a_restart(world: World, settings: Settings) -> None:
    """A match falls due while the bot is down: the next bot, on the same
    database, cleans it up."""
    match = await won_match(world)
    old = world.bot
    old.aftermath.sweep.cancel()  # down: no sweep runs from here on
    await world.env.advance_time(PAST_DUE)
    assert all(channel_exists(world, i) for i in match_ids(match))
    await world.env.restart_bot(create_bot(settings))
    await old.release()
    await world.env.advance_time(1)
    assert not any(channel_exists(world, i) for i in match_ids(match))
    assert len([m for m in archive(world).history() if m.attachments]) == 1


async def test_an_end_no_bot_saw_is_made_read_only_and_scheduled_at_start(
    world: World, settings: Settings
) -> None:
    """The bot went down between the end's commit and its delivery: the
    restarted bot's sweep catches up on it."""
    match = await new_match(world)
    old = world.bot
    old.delivery.on_over = None  # as if it died before delivering the end
    await world.host.slash(match.room, "match abort")
    await world.alice.send(match.room, "still open")
    await world.env.restart_bot(create_bot(settings))
    await old.release()
    await world.env.advance_time(1)
    with pytest.raises(simcord.BackendError):
        await world.alice.send(match.room, "closed now")
    async with world.bot.sessions() as session:
        noted = await CleanupRepository(session).get(match.id)
    assert noted is not None
    assert noted.due_at is not None


class TestKeptForEver:
    @pytest.fixture
    def settings(self, settings: Settings) -> Settings:
        return keeping(settings, 0)

    async def test_zero_days_keeps_the_channels(self, world: World) -> None:
        match = await won_match(world)
        await world.env.advance_time(PAST_DUE)
        assert all(channel_exists(world, i) for i in match_ids(match))
        async with world.bot.sessions() as session:
            noted = await CleanupRepository(session).get(match.id)
        assert noted is not None
        assert noted.due_at is None  # never due
        assert all(c.name != ARCHIVE for c in world.env.backend.channels.values())


async def test_a_private_thread_of_an_ended_match_is_locked(world: World) -> None:
    """The threads layout's seat channel is a private thread: locked at the end
    (its overwrites are its parent's), and the room's players made read-only."""
    match = await new_match(world, start=False)
    bot = world.bot
    room = bot.get_channel(match.room.id)
    assert isinstance(room, discord.TextChannel)
    thread = await room.create_thread(name="alice", type=discord.ChannelType.private_thread)
    await thread.add_user(discord.Object(world.alice.id))
    record = await bot.runtime.get(match.id)
    channels = Channels(
        category_id=record.category_id,
        room_channel_id=record.room_channel_id,
        host_channel_id=record.host_channel_id,
        private_channel_ids={0: thread.id, 1: match.private[1].id},
    )
    await bot.runtime.set_channels(match.id, channels)
    await world.env.settle()
    await world.host.slash(match.room, "match start")
    await world.host.slash(match.room, "match abort")
    meta = world.env.backend.channels[thread.id].thread_metadata
    assert meta is not None
    assert meta.locked
    with pytest.raises(simcord.BackendError):
        await world.alice.send(match.room, "gg")


async def test_a_match_that_cannot_be_archived_holds_back_no_other(world: World) -> None:
    broken = await won_match(world)
    fine = await won_match(world)
    async with world.bot.sessions.begin() as session:
        # A seat no match has (a row edited by hand): its archive can't be made. (A
        # game this bot no longer has is archived as its raw rows: test_unloadable.)
        await session.execute(
            update(MatchPlayerRow)
            .where(MatchPlayerRow.match_id == broken.id, MatchPlayerRow.seat == 1)
            .values(seat=2)
        )
    await world.env.advance_time(PAST_DUE)
    assert all(channel_exists(world, i) for i in match_ids(broken))
    assert not any(channel_exists(world, i) for i in match_ids(fine))
