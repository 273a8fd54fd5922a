"""Mentions typed as moves ping nobody, in any game, typed or given to a slash command.

SimCord works out pings as Discord does (the mention in the content, the
message's ``allowed_mentions``, the author's Mention Everyone permission and
whether a role is mentionable) and keeps them on each stored message:
``ping_user_ids``, ``ping_role_ids`` and ``mention_everyone``. The tests read
those for every message the bot posted, ephemeral answers included, and check
both layers of bot.discord.quoting on their own: the policy the bot sent (no
mention allowed) and the text (mentions escaped, so they show as typed).
"""

from __future__ import annotations

import re

import discord
import pytest
import simcord

from bot import kits
from bot.discord.quoting import shown
from tests.bot.discord.support import World, acknowledge_refusals, new_match
from tests.facts import fact

#: A typed mention that Discord would turn into a ping if it were allowed.
LIVE_MENTION = re.compile(r"@everyone|@here|<@[!&]?[0-9]+>")


def options(game: str) -> str | None:
    """A match whose seats can type moves at once (the game's ``MATCH_OPTIONS``)."""
    found: str | None = fact(game, "MATCH_OPTIONS")
    return found


def hostile(world: World, role: simcord.RoleHandle) -> list[str]:
    """Everyone, here, a role and the other player (both user mention forms), as moves."""
    bob = world.bob.id
    return [
        "@here bid 2",
        "@everyone",
        f"<@&{role.id}> play 4",
        f"<@{bob}> 4",
        f"guess <@!{bob}> @everyone",
    ]


def pinging_role(world: World) -> simcord.RoleHandle:
    """A role anyone may mention, held by a spectator: a ping would reach him."""
    role = world.guild.create_role("Spectators", mentionable=True)
    world.guild.add_member(world.env.create_user("dave"), roles=[role])
    return role


def bot_messages_since(world: World, after: int) -> list[object]:
    """Every message the bot stored after message id ``after``, in every channel."""
    me = world.bot.user
    assert me is not None
    return [
        message
        for channel in world.env.backend.messages.values()
        for message in channel.values()
        if message.author_id == me.id and message.id > after
    ]


def newest_id(world: World) -> int:
    return max((m for c in world.env.backend.messages.values() for m in c), default=0)


def assert_pings_nobody(messages: list[object]) -> None:
    assert messages, "the bot said nothing"
    for message in messages:
        content = getattr(message, "content", "")
        assert getattr(message, "ping_user_ids", None) == [], content
        assert getattr(message, "ping_role_ids", None) == [], content
        assert getattr(message, "mention_everyone", None) is False, content
        policy = getattr(message, "allowed_mentions", None)
        assert policy is not None
        assert (policy.everyone, policy.users, policy.roles) == (False, frozenset(), frozenset())
        assert not LIVE_MENTION.search(content), content


@pytest.mark.parametrize("game", kits.adapters())
async def test_mentions_typed_in_a_private_channel_ping_nobody(world: World, game: str) -> None:
    role = pinging_role(world)
    chosen = options(game)
    match = await new_match(world, game=game, **({"options": chosen} if chosen else {}))
    since = newest_id(world)
    for text in hostile(world, role):
        await world.alice.send(match.private[0], text)
    posted = bot_messages_since(world, since)
    assert_pings_nobody(posted)
    # Where a refusal quotes the move, the mention is in it, escaped: shown as typed.
    answers = "\n".join(getattr(m, "content", "") for m in posted)
    if "@here bid 2" in answers.replace("\u200b", ""):
        assert "@\u200bhere bid 2" in answers


async def test_mentions_given_to_slash_commands_ping_nobody(world: World) -> None:
    """Free-text options: an expression, and a pause reason, which the room shows."""
    role = pinging_role(world)
    everyone = f"@everyone <@&{role.id}> <@{world.bob.id}> @here"
    expression = await new_match(world, game="expression")
    horror = await new_match(world, game="logical_horror", options=options("logical_horror"))
    since = newest_id(world)
    result = await world.alice.slash(expression.private[0], "expression play", expression=everyone)
    assert result.response is not None
    assert result.response.ephemeral
    assert "@\u200beveryone" in result.response.content
    await world.alice.slash(horror.private[0], "logical_horror pause", reason=everyone)
    room = "\n".join(m.content for m in horror.room.history())
    assert "Reason: @\u200beveryone" in room
    assert_pings_nobody(bot_messages_since(world, since))
    acknowledge_refusals(world.env)


async def test_the_players_named_when_a_match_opens_are_the_only_pings(world: World) -> None:
    """The introductions mean to ping the two players, and only them."""
    since = newest_id(world)
    match = await new_match(world, start=False)
    private = [
        m
        for m in bot_messages_since(world, since)
        if getattr(m, "channel_id", None) == match.private[0].id
    ]
    assert [getattr(m, "ping_user_ids", None) for m in private] == [[world.alice.id]]
    everywhere = {u for m in bot_messages_since(world, since) for u in m.ping_user_ids}
    assert everywhere == {world.alice.id, world.bob.id}


@pytest.mark.parametrize(
    ("refusal", "expected"),
    [
        ("I didn't understand “@here bid 2”.", "I didn't understand “@\u200bhere bid 2”."),
        ("Use `play 4`, not “**4**”.", "Use `play 4`, not “\\*\\*4\\*\\*”."),
        ("“```py” is not a tile.", "“\\`\\`\\`py” is not a tile."),
        ("“[x](https://e.io)” is not a move.", "“\\[x](https://e.io)” is not a move."),
        ("Make your moves in <#123>.", "Make your moves in <#123>."),  # channels stay links
        (  # the bot's own sentence may name a member on purpose (allowed_mentions: no ping)
            "<@123456789012345678> left; “<@123456789012345678>” is no card.",
            "<@123456789012345678> left; “<@\u200b123456789012345678>” is no card.",
        ),
    ],
)
def test_refusals_show_quoted_text_as_typed(refusal: str, expected: str) -> None:
    """Mentions and markdown escaped inside the player's quoted text only."""
    assert shown(refusal) == expected


def test_the_client_allows_no_mention_by_default(world: World) -> None:
    assert world.bot.allowed_mentions is not None
    assert world.bot.allowed_mentions.to_dict() == discord.AllowedMentions.none().to_dict()
