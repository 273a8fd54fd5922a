"""A tournament night: sixteen /match new within a minute while Discord rate
limits channel (and, in the threads layout, thread) creation. Every match is
made once, with no channel or thread twice, and every host is answered (at
once with the deferral, then with the result)."""

from __future__ import annotations

import re
from collections import Counter
from fnmatch import fnmatch

import simcord

from storage.records import MatchStatus
from storage.repository import MatchRepository
from tests.bot.discord.support import World, said

MATCHES = 16
RATE_LIMITED = 24  # 429s, taken by whichever creation calls come first
#: Where a match's pieces are made, and the 429s each path takes: its channels
#: (threads layout: the room and the shared category), and its threads. The
#: first threads match opens the shared category while the others wait for it:
#: fewer 429s there than a single call is asked again for (caps.RATE_LIMIT_TRIES).
CREATION_PATHS = {
    "channels": {"/guilds/*/channels": RATE_LIMITED},
    "threads": {"/guilds/*/channels": 4, "/channels/*/threads": RATE_LIMITED - 4},
}
#: What sixteen matches make: a category and four channels each; or a room and
#: three threads each, and the one shared category.
MADE = {"channels": 5 * MATCHES, "threads": 4 * MATCHES + 1}


def made_names(world: World) -> list[str]:
    """Every channel, category and thread the matches made, by name, as Discord
    holds them (two of one name would both be here: SimCord's handles are by
    name)."""
    made = [c.name or "" for c in world.env.backend.channels.values()]
    return [name for name in made if name.startswith(("genius", "match-"))]


async def test_sixteen_matches_under_rate_limits_are_each_made_once(world: World) -> None:
    env = world.env
    players = [world.guild.add_member(env.create_user(f"player{i}")) for i in range(2 * MATCHES)]
    await env.settle()
    paths = CREATION_PATHS[world.layout]
    for path, times in paths.items():
        env.inject_error(
            "POST", path, status=429, code=0, message="You are being rate limited.", times=times
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
    names = Counter(made_names(world))
    assert sum(names.values()) == MADE[world.layout]
    assert max(names.values()) == 1
    posts = [
        c
        for c in env.http_requests
        if c.method == "POST" and any(fnmatch(c.path, path) for path in paths)
    ]
    assert len(posts) == MADE[world.layout] + RATE_LIMITED  # each 429 asked once more
    listed = await world.bot.runtime.list_for_guild(world.guild.id)
    assert sorted(m.id for m in listed) == sorted(ids)
    assert {m.status for m in listed} == {MatchStatus.CREATED}
    assert not env.errors
