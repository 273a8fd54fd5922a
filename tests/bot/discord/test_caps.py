"""Discord's caps on channels: /match new checks them before making anything, and
Discord's own refusal at any creation step leaves nothing half-made and no row."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot import create_bot
from bot.config import Settings
from bot.discord.caps import CapReached, Need, check_room
from bot.discord.channels import delete_quietly
from bot.discord.errors import APOLOGY
from storage.records import MatchRecord, MatchStatus, NewMatch, PlayerRecord
from storage.repository import MatchRepository
from tests.bot.discord.caps_support import (
    CATEGORY_FULL,
    GUILD_FULL,
    LABELS,
    creation,
    refuse_at,
)
from tests.bot.discord.fault_support import delete_channel
from tests.bot.discord.support import World, acknowledge_refusals, new_match, said


async def slash_new(world: World) -> simcord.InteractionResult:
    return await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
    )


def match_channels(world: World) -> list[str]:
    """What matches made: their channels, threads and categories (shared ones too)."""
    return [n for n in world.names() if n.startswith(("genius", "match-"))]


#: What one match costs the server's 500 on a fresh server: a category and four
#: channels, or (threads) a new shared category and the room.
NEEDS = {"channels": 5, "threads": 2}


async def stored_rows(world: World) -> int:
    """Every match row, whatever its status (the listings hide some)."""
    async with world.bot.sessions() as session:
        repo = MatchRepository(session)
        return len(await repo.list_for_guild(world.guild.id)) + len(await repo.creating())


def channel_posts(world: World) -> int:
    return sum(
        1
        for call in world.env.http_requests
        if call.method == "POST" and call.path == f"/guilds/{world.guild.id}/channels"
    )


async def fill(world: World, count: int) -> None:
    for i in range(count):
        world.guild.create_text_channel(f"filler-{i}")
    await world.env.settle()


async def being_created(world: World) -> MatchRecord:
    """A match row as /match new writes it before its channels: CREATING."""
    new = NewMatch(
        guild_id=world.guild.id,
        game="goofspiel",
        config={},
        seed=7,
        players=[PlayerRecord(seat=0, user_id=world.alice.id)],
    )
    return await world.bot.runtime.create(new, status=MatchStatus.CREATING)


def assert_one_line_refusal(world: World, result: simcord.InteractionResult) -> str:
    text = said(result)
    assert "\n" not in text, text
    assert APOLOGY not in text
    assert result.ephemeral
    acknowledge_refusals(world.env)
    return text


@pytest.mark.parametrize("step", LABELS)
async def test_discord_refusing_a_creation_step_leaves_nothing_and_says_the_numbers(
    world: World, monkeypatch: pytest.MonkeyPatch, layout: str, step: str
) -> None:
    """Discord's 30013 at the category, the room, a seat or the host log (a
    channel or, in the threads layout, a thread): every channel and thread made
    before it is deleted, no match row is left (no `aborted` ghost in /match
    list), and the host reads the caps' line, not the apology."""
    before = world.names()
    count = len(world.guild.channels)
    refused = refuse_at(monkeypatch, creation(layout, step), **GUILD_FULL)
    result = await slash_new(world)
    assert refused, "the fault was never reached"
    text = assert_one_line_refusal(world, result)
    assert "Discord refused the match's channels" in text
    assert f"this server has {count} of Discord's 500 channels" in text
    assert f"the match needs {NEEDS[layout]}" in text
    assert world.names() == before
    assert await stored_rows(world) == 0
    listed = await world.host.slash(world.general, "match list")
    assert "No matches on this server yet" in said(listed)


async def test_discord_refusing_a_full_category_gets_the_category_line(
    world: World, monkeypatch: pytest.MonkeyPatch, layout: str
) -> None:
    """The per-category cap has no code of its own: 50035 naming parent_id."""
    refuse_at(monkeypatch, creation(layout, "room"), **CATEGORY_FULL)
    text = assert_one_line_refusal(world, await slash_new(world))
    assert "a category is at Discord's cap of 50 channels" in text
    assert match_channels(world) == []
    assert await stored_rows(world) == 0


async def test_another_discord_error_is_still_an_apology_and_leaves_nothing(
    world: World, monkeypatch: pytest.MonkeyPatch, layout: str
) -> None:
    """Only the caps get the caps' line; whatever fails, nothing half-made stays."""
    refuse_at(monkeypatch, creation(layout, "seat 1"), status=500, code=0, message="boom")
    result = await slash_new(world)
    assert APOLOGY in said(result)
    world.env.errors.clear()
    assert match_channels(world) == []
    assert await stored_rows(world) == 0


@pytest.mark.layouts("channels")
async def test_a_nearly_full_server_is_refused_before_anything_is_made(world: World) -> None:
    """The pre-check: what the server has, what the match needs, what cleanup frees."""
    ended = await new_match(world, start=False)
    await world.host.slash(ended.room, "match abort")
    existing = len(world.guild.channels)
    await fill(world, 496 - existing)
    posts = channel_posts(world)
    result = await slash_new(world)
    text = assert_one_line_refusal(world, result)
    assert text == (
        "No room: this server has 496 of Discord's 500 channels and the match needs 5, "
        "plus 1 kept for the archive channel `/match cleanup` makes; "
        "`/match cleanup` would free 5 channels of 1 ended match."
    )
    assert channel_posts(world) == posts
    assert await stored_rows(world) == 1  # the ended match only


@pytest.mark.layouts("channels")
async def test_a_server_with_room_for_exactly_one_match_and_the_archive_makes_it(
    world: World,
) -> None:
    """With no archive channel yet, one channel stays free for it: a server filled
    to 500 by matches could otherwise never be cleaned (cleanup archives first)."""
    await fill(world, 494 - len(world.guild.channels))
    result = await slash_new(world)
    assert "Created match #1" in said(result)
    assert len(world.guild.channels) == 499
    text = assert_one_line_refusal(world, await slash_new(world))
    assert "needs 5, plus 1 kept for the archive channel `/match cleanup` makes" in text


@pytest.mark.layouts("channels")
async def test_a_server_with_its_archive_channel_fills_to_the_cap(world: World) -> None:
    """Once the archive channel exists, nothing is kept back: the 500th channel
    may be a match's."""
    world.guild.create_text_channel("genius-archive")
    await fill(world, 495 - len(world.guild.channels))
    result = await slash_new(world)
    assert "Created match #1" in said(result)
    assert len(world.guild.channels) == 500


@pytest.mark.layouts("channels")
async def test_a_full_server_can_still_be_cleaned(world: World) -> None:
    """Filled to the last channel /match new allows, the server keeps room for the
    archive channel, so its ended matches are archived and cleaned and a new match
    fits again (Discord refuses a 501st channel: cleanup would be stuck)."""
    ended = await new_match(world, start=False)
    await world.host.slash(ended.room, "match abort")
    await fill(world, 495 - len(world.guild.channels))
    assert_one_line_refusal(world, await slash_new(world))
    assert len(world.guild.channels) == 495
    asked = await world.host.slash(world.general, "match cleanup", older_than_days=0)
    assert asked.response is not None
    done = await world.host.click(asked.response, label="Archive and delete")
    assert f"#{ended.id} (5 channels)" in said(done)
    assert "genius-archive" in world.guild.channels
    assert len(world.guild.channels) == 491
    result = await slash_new(world)
    assert "Created match #2" in said(result)


@pytest.mark.layouts("channels")
async def test_a_category_that_would_pass_fifty_is_refused(world: World) -> None:
    """A layout that puts its channels in a shared category (the threads layout's
    room) is checked against that category's 50 too."""
    shared = world.guild.create_category("genius-rooms")
    for i in range(49):
        world.guild.create_text_channel(f"room-{i}", category=shared)
    await world.env.settle()
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None
    category = guild.get_channel(shared.id)
    assert isinstance(category, discord.CategoryChannel)
    await check_room(world.bot.runtime, guild, Need(channels=1, in_category=1, category=category))
    with pytest.raises(CapReached) as refused:
        await check_room(
            world.bot.runtime, guild, Need(channels=2, in_category=2, category=category)
        )
    assert refused.value.message == (
        "No room: the category **genius-rooms** has 49 of its 50 channels and the match "
        "needs 2 there; no ended match has channels left for `/match cleanup` to free."
    )


@pytest.mark.layouts("channels")
async def test_a_channel_deleted_by_hand_is_not_counted_as_freeable(world: World) -> None:
    """Cleanup would free only what still exists."""
    ended = await new_match(world, start=False)
    await world.host.slash(ended.room, "match abort")
    world.env.backend.delete_channel(ended.private[0].id)
    await world.env.settle()
    await fill(world, 497 - len(world.guild.channels))
    text = assert_one_line_refusal(world, await slash_new(world))
    assert "`/match cleanup` would free 4 channels of 1 ended match." in text


@pytest.mark.layouts("channels")
async def test_a_crash_mid_creation_leaves_nothing_after_the_restart(
    world: World, settings: Settings
) -> None:
    """A crash between the row and its last channel: the next start deletes the
    channels already made and the row, and a match created since is untouched."""
    kept = await new_match(world, start=False)
    half = await being_created(world)
    category = world.guild.create_category(f"genius-{half.id} Square Goofspiel")
    world.guild.create_text_channel(f"match-{half.id}-room", category=category)
    await world.env.settle()
    assert f"match-{half.id}-room" in world.guild.channels
    # Not yet a match for anyone: no command finds it by its id.
    status = await world.host.slash(world.general, "match status", match=half.id)
    assert f"There is no match #{half.id}" in said(status)
    acknowledge_refusals(world.env)
    old = world.bot
    await world.env.restart_bot(create_bot(settings))
    await old.release()
    await world.env.settle()
    assert sorted(match_channels(world)) == sorted(
        [
            f"genius-{kept.id} Square Goofspiel",
            *(c.name for c in (kept.room, *kept.private, kept.host_log)),
        ]
    )
    assert await stored_rows(world) == 1
    assert (await world.bot.runtime.get(kept.id)).status is MatchStatus.CREATED


# -- the threads layout's own numbers: its room, and a shared category when needed


@pytest.mark.layouts("threads")
async def test_a_full_server_refuses_a_threads_match_and_counts_its_room_as_freeable(
    world: World,
) -> None:
    """A threads match needs one channel (its room; the threads count toward no
    cap). An ended match's room is what cleanup frees, with the shared category
    when that room is all it holds."""
    ended = await new_match(world, start=False)
    await world.host.slash(ended.room, "match abort")
    await fill(world, 500 - len(world.guild.channels))
    posts = channel_posts(world)
    text = assert_one_line_refusal(world, await slash_new(world))
    assert text == (
        "No room: this server has 500 of Discord's 500 channels and the match needs 1, "
        "plus 1 kept for the archive channel `/match cleanup` makes; "
        "`/match cleanup` would free 2 channels of 1 ended match."
    )
    assert channel_posts(world) == posts
    assert await stored_rows(world) == 1


@pytest.mark.layouts("threads")
async def test_a_shared_category_holding_a_live_room_is_not_counted_as_freeable(
    world: World,
) -> None:
    live = await new_match(world, start=False)
    ended = await new_match(world, start=False)
    await world.host.slash(ended.room, "match abort")
    await fill(world, 500 - len(world.guild.channels))
    text = assert_one_line_refusal(world, await slash_new(world))
    assert "`/match cleanup` would free 1 channel of 1 ended match." in text
    assert live.room.name in world.guild.channels


@pytest.mark.layouts("threads")
async def test_a_threads_match_opening_the_shared_category_needs_two(world: World) -> None:
    """With no shared category yet, the match opens one: two channels (and one
    kept for the archive). Room for exactly that makes it; one fewer is refused
    before anything is made."""
    await fill(world, 498 - len(world.guild.channels))
    text = assert_one_line_refusal(world, await slash_new(world))
    assert "this server has 498 of Discord's 500 channels and the match needs 2" in text
    assert match_channels(world) == []
    world.env.backend.delete_channel(world.guild.channels["filler-0"].id)
    await world.env.settle()
    result = await slash_new(world)
    assert "Created match #1" in said(result)
    assert len(world.guild.channels) == 499


@pytest.mark.layouts("threads")
async def test_a_threads_match_in_a_full_shared_category_needs_the_next_one(
    world: World,
) -> None:
    """The shared category at Discord's 50: the room would go in a new one."""
    shared = world.guild.create_category("genius matches")
    for i in range(50):
        world.guild.create_text_channel(f"room-{i}", category=shared)
    await fill(world, 499 - len(world.guild.channels))
    text = assert_one_line_refusal(world, await slash_new(world))
    assert "the match needs 2" in text
    assert "genius matches 2" not in world.guild.channels


@pytest.mark.layouts("threads")
async def test_a_crash_mid_creation_of_a_threads_match_leaves_its_shared_category(
    world: World, settings: Settings
) -> None:
    """A crash after a threads match's room and a thread: the next start deletes
    them and the row, and keeps the shared category, which holds another room."""
    kept = await new_match(world, start=False)
    half = await being_created(world)
    shared = world.guild.channels["genius matches"]
    room = world.guild.create_text_channel(f"match-{half.id}-room", category=shared)
    await world.env.settle()
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None
    made = guild.get_channel(room.id)
    assert isinstance(made, discord.TextChannel)
    await made.create_thread(name=f"match-{half.id}-p1-alice")
    await world.env.settle()
    assert f"match-{half.id}-p1-alice" in world.names()
    old = world.bot
    await world.env.restart_bot(create_bot(settings))
    await old.release()
    await world.env.settle()
    left = {kept.room.name, *(c.name for c in (*kept.private, kept.host_log))}
    assert set(match_channels(world)) == {"genius matches", *left}
    # Its thread too (Discord would delete it with the room; SimCord keeps it).
    backend = world.env.backend.channels.values()
    assert not [c.name for c in backend if (c.name or "").startswith(f"match-{half.id}-")]
    assert await stored_rows(world) == 1


@pytest.mark.layouts("threads")
async def test_a_failed_creation_keeps_the_category_it_opened_once_another_room_is_in_it(
    world: World,
) -> None:
    """Two threads matches at once: the first opens the shared category, the
    second puts its room there, then the first fails. What the first made goes,
    the category stays: it holds the second's room."""
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None
    opened = await guild.create_category("genius matches")
    room = await opened.create_text_channel("match-1-room")
    await world.env.settle()
    others = world.guild.create_text_channel(
        "match-2-room", category=world.guild.channels["genius matches"]
    )
    await world.env.settle()
    await delete_quietly([opened, room])
    await world.env.settle()
    assert "match-1-room" not in world.guild.channels
    assert {"genius matches", others.name} <= set(world.guild.channels)
    # Alone again, a category it opened goes with what it made.
    await delete_quietly([opened])
    await world.env.settle()
    assert "genius matches" in world.guild.channels
    world.env.backend.delete_channel(others.id)
    await world.env.settle()
    await delete_quietly([opened])
    await world.env.settle()
    assert "genius matches" not in world.guild.channels


async def test_discord_refusing_to_reopen_a_deleted_room_gets_the_caps_line(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/match resume makes a deleted room again (threads: with its threads); a
    full server's 30013 there is the caps' line for what reopening needs, and the
    match stays paused until there is room."""
    match = await new_match(world)
    await delete_channel(world, match.room)
    await world.alice.slash(world.general, "goofspiel bid", card=2)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED
    count = len(world.guild.channels)
    refused = refuse_at(monkeypatch, creation(world.layout, "room"), **GUILD_FULL)
    result = await world.host.slash(world.general, "match resume", match=match.id)
    assert refused, "the fault was never reached"
    text = assert_one_line_refusal(world, result)
    assert text == (
        f"Discord refused the match's channels: this server has {count} of Discord's 500 "
        "channels and the match needs 1; no ended match has channels left for "
        "`/match cleanup` to free."
    )
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.PAUSED
    monkeypatch.undo()
    result = await world.host.slash(world.general, "match resume", match=match.id)
    assert f"Match #{match.id} resumed." in said(result)
    assert (await world.bot.runtime.get(match.id)).status is MatchStatus.RUNNING
