"""A tournament night: sixteen /match new within a minute while Discord rate
limits channel creation. Every match is made once, with no channel twice, and
every host is answered (at once with the deferral, then with the result)."""

from __future__ import annotations

import re
from collections import Counter

import simcord

from storage.records import MatchStatus
from storage.repository import MatchRepository
from tests.bot.discord.support import World, said

MATCHES = 16
RATE_LIMITED = 24  # 429s, taken by whichever creation calls come first


async def test_sixteen_matches_under_rate_limits_are_each_made_once(world: World) -> None:
    env = world.env
    players = [world.guild.add_member(env.create_user(f"player{i}")) for i in range(2 * MATCHES)]
    await env.settle()
    channels_path = f"/guilds/{world.guild.id}/channels"
    env.inject_error(
        "POST",
        channels_path,
        status=429,
        code=0,
        message="You are being rate limited.",
        times=RATE_LIMITED,
    )
    results: list[simcord.InteractionResult] = []
    for i in range(MATCHES):
        result = await world.host.slash(
            world.general,
            "match new",
            game="goofspiel",
            player1=players[2 * i],
            player2=players[2 * i + 1],
        )
        # Deferred at once, within Discord's 3 s, however long the channels take.
        assert result.acknowledged
        assert result.ephemeral
        results.append(result)
        await env.advance_time(2)  # sixteen hosts within about half a minute
    waiting = [r for r in results if "Created match" not in said(r)]
    assert len(waiting) > 1, "the creations never overlapped: no burst"
    # Meanwhile the matches still waiting for a channel are in no listing.
    async with world.bot.sessions() as session:
        being_made = {m.id for m in await MatchRepository(session).creating()}
    shown = {m.id for m in await world.bot.runtime.list_for_guild(world.guild.id)}
    assert being_made
    assert not being_made & shown
    assert len(shown) == MATCHES - len(waiting)
    await env.advance_time(300)
    created = [re.search(r"Created match #(\d+)", said(r)) for r in results]
    assert all(created), [said(r) for r in results]
    ids = {int(found[1]) for found in created if found}
    assert len(ids) == MATCHES
    names = Counter(n for n in world.guild.channels if n.startswith(("genius-", "match-")))
    assert sum(names.values()) == 5 * MATCHES
    assert max(names.values()) == 1
    posts = [c for c in env.http_requests if c.method == "POST" and c.path == channels_path]
    assert len(posts) == 5 * MATCHES + RATE_LIMITED  # each 429 asked once more, no more
    listed = await world.bot.runtime.list_for_guild(world.guild.id)
    assert sorted(m.id for m in listed) == sorted(ids)
    assert {m.status for m in listed} == {MatchStatus.CREATED}
    assert not env.errors
