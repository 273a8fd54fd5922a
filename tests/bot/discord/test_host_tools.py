"""/match export and /match reveal on Discord: hosts only, answered just for
them; the export is a file `genius-bot replay` rebuilds; a reveal waits for the
end of the match, then posts every secret to the room, once."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.cli import main
from games.logical_horror.rules import RULES
from tests.bot.discord.support import Match, World, assert_refused, new_match, said, seen_by
from tests.bot.logical_horror_support import NEAR, PUZZLE, SOLUTION, options_json


async def won_match(world: World) -> Match:
    """Logical Horror on the small fixed puzzle: alice queries privately, bob wins."""
    match = await new_match(world, game="logical_horror", options=options_json())
    await world.alice.send(match.private[0], f"private {NEAR}")
    await world.bob.send(match.private[1], f"public {SOLUTION}")
    assert (await world.bot.runtime.get(match.id)).status == "finished"
    return match


async def test_the_host_exports_a_file_that_replays(
    world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = await won_match(world)
    result = await world.host.slash(match.host_log, "match export")
    assert result.response is not None
    assert result.response.ephemeral
    assert "Match #1 (Logical Horror, finished)" in said(result)
    (attachment,) = result.response.attachments
    assert attachment.filename == "match-1-logical_horror.json"
    data = await attachment.read()
    export = json.loads(data)
    assert [s["name"] for s in export["seats"]] == ["alice", "bob"]
    assert export["outcome"]["winner"] == 1
    path = tmp_path / attachment.filename
    path.write_bytes(data)
    assert await asyncio.to_thread(main, ["replay", str(path)]) == 0
    story = capsys.readouterr().out
    assert "🏆 **bob wins**" in story
    assert "🔒 **alice** made a private query." in story


@pytest.mark.parametrize("command", ["match export", "match reveal"])
async def test_players_and_spectators_are_refused(world: World, command: str) -> None:
    match = await won_match(world)
    before = [m.content for m in match.room.history()]
    for member, channel in ((world.alice, match.private[0]), (world.carol, match.room)):
        result = await member.slash(channel, command)
        assert_refused(world, result, "Only hosts can run matches")
        assert not result.response or not result.response.attachments
    assert [m.content for m in match.room.history()] == before


async def test_a_reveal_before_the_end_is_refused(world: World) -> None:
    match = await new_match(world, game="logical_horror", options=options_json())
    before = [m.content for m in match.room.history()]
    result = await world.host.slash(match.host_log, "match reveal")
    assert_refused(world, result, "is not over (running): its secrets can be revealed only")
    assert [m.content for m in match.room.history()] == before


async def test_the_room_receives_every_secret_once(world: World) -> None:
    match = await won_match(world)
    private_queries = "alice's private queries: #1 solved"
    assert private_queries not in seen_by(match.room, world.carol)
    result = await world.host.slash(match.host_log, "match reveal")
    assert result.response is not None
    assert result.response.ephemeral
    assert f"every secret is posted in <#{match.room.id}>" in said(result)
    last = match.room.history(viewer=world.carol)[-1]
    assert "🔓 **Every secret of the match**" in last.content
    assert private_queries in last.content
    assert f"**{RULES[PUZZLE.rules['red']].name}**" in last.content
    assert [a.filename for a in last.attachments] == ["solution.png"]

    count = len(match.room.history())
    again = await world.host.slash(match.room, "match reveal")
    assert_refused(world, again, "secrets were already revealed in its room")
    assert len(match.room.history()) == count
