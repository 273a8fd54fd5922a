"""Discord's caps on channels: /match new checks them before making anything, and
Discord's own refusal at any creation step leaves nothing half-made and no row."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot import create_bot
from bot.config import Settings
from bot.discord.caps import CapReached, Need, check_room
from bot.discord.errors import APOLOGY
from storage.records import MatchStatus, NewMatch, PlayerRecord
from storage.repository import MatchRepository
from tests.bot.discord.caps_support import (
    CATEGORY_FULL,
    CHANNEL_LAYOUT,
    GUILD_FULL,
    Creation,
    refuse_at,
)
from tests.bot.discord.support import World, acknowledge_refusals, new_match, said


async def slash_new(world: World) -> simcord.InteractionResult:
    return await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
    )


def match_channels(world: World) -> list[str]:
    return [n for n in world.guild.channels if n.startswith(("genius-", "match-"))]


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


def assert_one_line_refusal(world: World, result: simcord.InteractionResult) -> str:
    text = said(result)
    assert "\n" not in text, text
    assert APOLOGY not in text
    assert result.ephemeral
    acknowledge_refusals(world.env)
    return text


@pytest.mark.parametrize("creation", CHANNEL_LAYOUT, ids=lambda c: c.label)
async def test_discord_refusing_a_creation_step_leaves_nothing_and_says_the_numbers(
    world: World, monkeypatch: pytest.MonkeyPatch, creation: Creation
) -> None:
    """Discord's 30013 at the category, the room, a seat or the host log: every
    channel made before it is deleted, no match row is left (no `aborted` ghost in
    /match list), and the host reads the caps' line, not the apology."""
    before = set(world.guild.channels)
    refused = refuse_at(monkeypatch, creation, **GUILD_FULL)
    result = await slash_new(world)
    assert refused, "the fault was never reached"
    text = assert_one_line_refusal(world, result)
    assert "Discord refused the match's channels" in text
    assert f"this server has {len(before)} of Discord's 500 channels" in text
    assert "the match needs 5" in text
    assert set(world.guild.channels) == before
    assert await stored_rows(world) == 0
    listed = await world.host.slash(world.general, "match list")
    assert "No matches on this server yet" in said(listed)


async def test_discord_refusing_a_full_category_gets_the_category_line(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The per-category cap has no code of its own: 50035 naming parent_id."""
    refuse_at(monkeypatch, CHANNEL_LAYOUT[1], **CATEGORY_FULL)
    text = assert_one_line_refusal(world, await slash_new(world))
    assert "a category is at Discord's cap of 50 channels" in text
    assert match_channels(world) == []
    assert await stored_rows(world) == 0


async def test_another_discord_error_is_still_an_apology_and_leaves_nothing(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the caps get the caps' line; whatever fails, nothing half-made stays."""
    refuse_at(monkeypatch, CHANNEL_LAYOUT[2], status=500, code=0, message="boom")
    result = await slash_new(world)
    assert APOLOGY in said(result)
    world.env.errors.clear()
    assert match_channels(world) == []
    assert await stored_rows(world) == 0


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
        "No room: this server has 496 of Discord's 500 channels and the match needs 5; "
        "`/match cleanup` would free 5 channels of 1 ended match."
    )
    assert channel_posts(world) == posts
    assert await stored_rows(world) == 1  # the ended match only


async def test_a_server_with_room_for_exactly_one_match_makes_it(world: World) -> None:
    await fill(world, 495 - len(world.guild.channels))
    result = await slash_new(world)
    assert "Created match #1" in said(result)
    assert len(world.guild.channels) == 500


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


async def test_a_channel_deleted_by_hand_is_not_counted_as_freeable(world: World) -> None:
    """Cleanup would free only what still exists."""
    ended = await new_match(world, start=False)
    await world.host.slash(ended.room, "match abort")
    world.env.backend.delete_channel(ended.private[0].id)
    await world.env.settle()
    await fill(world, 497 - len(world.guild.channels))
    text = assert_one_line_refusal(world, await slash_new(world))
    assert "`/match cleanup` would free 4 channels of 1 ended match." in text


async def test_a_crash_mid_creation_leaves_nothing_after_the_restart(
    world: World, settings: Settings
) -> None:
    """A crash between the row and its last channel: the next start deletes the
    channels already made and the row, and a match created since is untouched."""
    kept = await new_match(world, start=False)
    new = NewMatch(
        guild_id=world.guild.id,
        game="goofspiel",
        config={},
        seed=7,
        players=[PlayerRecord(seat=0, user_id=world.alice.id)],
    )
    half = await world.bot.runtime.create(new, status=MatchStatus.CREATING)
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
