"""/match cleanup: hosts only; it lists what it will delete and waits for a
click that only the host who ran it may make; then it archives each match,
deletes its channels and says what it did."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.config import Settings
from bot.discord.errors import NOT_ALLOWED_MARK
from bot.discord.host._cleanup import ONE_MATCH, ConfirmCleanup, Target
from tests.bot.discord.aftermath_support import (
    archive,
    channel_count,
    channel_exists,
    keeping,
    won_match,
)
from tests.bot.discord.support import (
    Match,
    World,
    acknowledge_refusals,
    assert_refused,
    new_match,
    said,
)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return keeping(settings, 0)  # nothing goes by itself: only the command cleans


def own_channels(match: Match) -> list[int]:
    return [match.room.id, match.private[0].id, match.private[1].id, match.host_log.id]


def confirm_button(result: simcord.InteractionResult) -> discord.Message:
    assert result.response is not None
    assert result.response.ephemeral
    return result.response  # type: ignore[return-value]


async def test_cleanup_of_one_match_lists_then_deletes_on_confirmation(world: World) -> None:
    before = channel_count(world)
    match = await won_match(world)
    asked = await world.host.slash(match.room, "match cleanup")
    text = said(asked)
    assert f"**#{match.id}** Logical Horror (finished" in text
    for channel_id in own_channels(match):
        assert f"<#{channel_id}>" in text
    if world.layout == "channels":
        assert "and its category" in text
    else:  # the shared category goes only if this match's room is the last in it
        assert "and the shared category, if no other room is left in it" in text
    # Nothing goes before the click.
    assert all(channel_exists(world, i) for i in own_channels(match))

    await world.host.click(confirm_button(asked), label="Archive and delete")
    assert channel_count(world) == before + 1  # the archive channel
    (post,) = [m for m in archive(world).history() if m.attachments]
    assert post.attachments[0].filename == f"match-{match.id}-logical_horror.json"
    # Asked in the room, which is gone now: the report is in the archive.
    report = archive(world).history()[-1].content
    assert f"<@{world.host.id}> ran `/match cleanup` in a channel it deleted" in report
    assert f"Archived, then deleted: #{match.id} (5 channels)" in report
    # /match list no longer points at the deleted room.
    listed = said(await world.host.slash(world.general, "match list"))
    assert f"<#{match.room.id}>" not in listed


async def test_older_than_days_takes_every_ended_match_old_enough(world: World) -> None:
    old = await won_match(world)
    await world.host.slash(old.room, "match reveal")
    await world.env.advance_time(2 * 86_400 // 48)  # an hour
    aborted = await new_match(world)
    await world.host.slash(aborted.room, "match abort")
    running = await new_match(world)

    nothing = await world.host.slash(world.general, "match cleanup", older_than_days=1)
    assert_refused(world, nothing, "No ended match older than 1 day has channels left")

    asked = await world.host.slash(world.general, "match cleanup", older_than_days=0)
    text = said(asked)
    assert f"**#{old.id}**" in text
    assert f"**#{aborted.id}**" in text
    assert f"**#{running.id}**" not in text
    done = await world.host.click(confirm_button(asked), label="Archive and delete")
    # Threads layout: the shared category stays, the running match's room is in it.
    each = 5 if world.layout == "channels" else 4
    assert f"#{old.id} ({each} channels)" in said(done)
    assert f"#{aborted.id} ({each} channels)" in said(done)
    assert all(channel_exists(world, i) for i in own_channels(running))
    # A second click finds nothing left, and deletes nothing more.
    again = await world.host.click(confirm_button(asked), label="Archive and delete")
    assert "Nothing left to clean up" in said(again)


async def test_a_running_match_is_refused(world: World) -> None:
    match = await new_match(world)
    result = await world.host.slash(match.room, "match cleanup")
    assert_refused(world, result, f"Match #{match.id} is not over (running)")
    assert all(channel_exists(world, i) for i in own_channels(match))


async def test_both_options_at_once_are_refused(world: World) -> None:
    match = await won_match(world)
    result = await world.host.slash(
        world.general, "match cleanup", match=match.id, older_than_days=3
    )
    assert_refused(world, result, "Give either `match:` or `older_than_days:`, not both.")


async def test_players_and_outsiders_are_refused(world: World) -> None:
    match = await won_match(world)
    for member, channel in (
        (world.alice, match.room),
        (world.bob, match.private[1]),
        (world.carol, match.room),
        (world.carol, world.general),
    ):
        result = await member.slash(channel, "match cleanup", match=match.id)
        assert_refused(world, result, "⛔ Only hosts can run matches")
        assert "Archive and delete" not in str(result.response)
    assert all(channel_exists(world, i) for i in own_channels(match))


async def test_the_confirmation_is_only_for_the_host_who_ran_it(world: World) -> None:
    """Its button sits on a message only that host sees; were it shown anywhere
    else (here: posted in #general), every other member, another host
    included, is refused as not theirs, and nothing is deleted."""
    match = await won_match(world)
    managers = world.guild.create_role(
        "Managers", permissions=discord.Permissions(manage_guild=True)
    )
    other_host = world.guild.add_member(world.env.create_user("mona"), roles=[managers])
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmCleanup(world.host.id, Target(ONE_MATCH, match.id)))
    general = world.bot.get_channel(world.general.id)
    assert isinstance(general, discord.TextChannel)
    shown = await general.send("the cleanup's button", view=view)
    await world.env.settle()
    posted = world.general.history()[-1]
    assert posted.id == shown.id
    for member in (other_host, world.alice, world.bob, world.carol):
        refused = await member.click(posted, label="Archive and delete")
        assert said(refused).startswith(NOT_ALLOWED_MARK), said(refused)
        assert "only the host who ran this `/match cleanup` can" in said(refused)
        assert refused.response is not None
        assert refused.response.ephemeral
    assert all(channel_exists(world, i) for i in own_channels(match))
    done = await world.host.click(posted, label="Archive and delete")
    assert f"#{match.id} (5 channels)" in said(done)


async def test_a_channel_deleted_by_hand_beforehand_is_no_error(world: World) -> None:
    match = await won_match(world)
    world.env.backend.delete_channel(match.private[1].id)
    world.env.backend.delete_channel(match.host_log.id)
    await world.env.settle()
    asked = await world.host.slash(world.general, "match cleanup", match=match.id)
    done = await world.host.click(confirm_button(asked), label="Archive and delete")
    assert f"#{match.id} (3 channels)" in said(done)  # the room, one private, the category
    assert not any(channel_exists(world, i) for i in own_channels(match))
    acknowledge_refusals(world.env)
    assert not world.env.errors


async def test_a_failed_archive_keeps_the_match_and_says_so(world: World) -> None:
    match = await won_match(world)
    asked = await world.host.slash(world.general, "match cleanup", match=match.id)
    world.env.inject_error(
        "POST", "/guilds/*/channels", status=403, code=50013, message="Missing Permissions"
    )
    done = await world.host.click(confirm_button(asked), label="Archive and delete")
    assert f"Kept #{match.id}: Discord refused the archive post" in said(done)
    assert all(channel_exists(world, i) for i in own_channels(match))


async def test_an_archive_channel_open_to_everyone_is_not_used(world: World) -> None:
    """Exports hold every secret of a match: a channel of that name anyone can
    read (made by hand) gets none, and nothing is deleted."""
    public = world.guild.create_text_channel("genius-archive")
    match = await won_match(world)
    asked = await world.host.slash(world.general, "match cleanup", match=match.id)
    done = await world.host.click(confirm_button(asked), label="Archive and delete")
    assert f"Kept #{match.id}: the archive channel #genius-archive is open to everyone" in said(
        done
    )
    assert all(channel_exists(world, i) for i in own_channels(match))
    assert not [m for m in public.history() if m.attachments]


@pytest.mark.layouts("threads")
async def test_cleanup_leaves_the_shared_category_while_another_room_is_in_it(
    world: World,
) -> None:
    """Threads layout: an ended match's room and threads go, the shared category
    stays while it holds another match's room, and goes with the last one."""
    ended = await won_match(world)
    live = await new_match(world, start=False)
    shared = world.guild.channels["genius matches"].id
    asked = await world.host.slash(world.general, "match cleanup", match=ended.id)
    # The listing promises no more than is deleted: the shared category may stay.
    assert "and its category" not in said(asked)
    assert "the shared category, if no other room is left in it" in said(asked)
    done = await world.host.click(confirm_button(asked), label="Archive and delete")
    assert f"#{ended.id} (4 channels)" in said(done)  # the room and its three threads
    assert not any(channel_exists(world, i) for i in own_channels(ended))
    assert channel_exists(world, shared)
    assert all(channel_exists(world, i) for i in own_channels(live))
    assert world.env.backend.channels[live.room.id].parent_id == shared

    await world.host.slash(live.room, "match abort")
    asked = await world.host.slash(world.general, "match cleanup", match=live.id)
    done = await world.host.click(confirm_button(asked), label="Archive and delete")
    assert f"#{live.id} (5 channels)" in said(done)  # and the category, empty now
    assert not channel_exists(world, shared)
