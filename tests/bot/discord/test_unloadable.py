"""A match the bot cannot load after an update, on Discord (issue 17): its room,
both private channels and the host log are told once, also across a restart;
a player's message, button or slash command and a host's status, pause and
resume get the specific answer, not the apology; the host exports its raw
rows and aborts it from Discord, and its channels then go read-only as after
any abort."""

from __future__ import annotations

import json

import pytest
import simcord

from bot import create_bot
from bot.config import Settings
from bot.discord.errors import APOLOGY
from tests.bot.discord.support import (
    Match,
    World,
    acknowledge_refusals,
    assert_refused,
    new_match,
    prompt,
    said,
    texts,
)
from tests.bot.unloadable_support import REASON, break_state

STOPPED = "is stopped**: the bot could not load it after an update"
HOST_TOLD = "could not be loaded** after the bot was updated"
FOR_PLAYERS = "could not be loaded after the bot was updated, so it takes no moves for now"


async def _restart(world: World, settings: Settings) -> None:
    old = world.bot
    await world.env.restart_bot(create_bot(settings))
    await old.release()


async def _stranded(world: World, settings: Settings) -> Match:
    match = await new_match(world)
    await world.alice.send(match.private[0], "4")
    await break_state(world.bot.sessions, match.id)
    await _restart(world, settings)
    return match


def _told(match: Match) -> list[int]:
    """How many times each of the match's channels was told (room, seats, host log)."""
    channels = (match.room, *match.private, match.host_log)
    return [sum(STOPPED in t or HOST_TOLD in t for t in texts(c)) for c in channels]


async def test_everyone_is_told_once_and_every_action_answered(
    world: World, settings: Settings
) -> None:
    match = await _stranded(world, settings)
    assert _told(match) == [1, 1, 1, 1]
    assert STOPPED in texts(match.room)[-1]
    assert STOPPED in texts(match.private[1])[-1]
    host_log = texts(match.host_log)[-1]
    assert f"{HOST_TOLD}: {REASON}" in host_log
    assert "`/match export`" in host_log
    assert "`/match abort`" in host_log

    # A player's typed move, button and slash command.
    await world.bob.send(match.private[1], "2")
    assert FOR_PLAYERS in texts(match.private[1])[-1]
    clicked = await world.bob.click(prompt(match.private[1]), label="2")
    assert_refused(world, clicked, FOR_PLAYERS)
    slashed = await world.alice.slash(match.private[0], "goofspiel bid", card=3)
    assert_refused(world, slashed, FOR_PLAYERS)
    # The host's status, pause and resume: why, and what they can do.
    for command in ("match status", "match pause", "match resume"):
        result = await world.host.slash(match.room, command)
        assert_refused(world, result, f"could not be loaded after the bot was updated: {REASON}")
        assert "`/match abort` ends it" in said(result)
        assert APOLOGY not in said(result)

    listed = await world.host.slash(world.general, "match list")
    assert "could not be loaded after an update (`/match status` says why)" in said(listed)

    await _restart(world, settings)
    assert _told(match) == [1, 1, 1, 1]  # not again


async def test_the_host_exports_its_rows_and_aborts_it(world: World, settings: Settings) -> None:
    match = await _stranded(world, settings)
    refused = await world.alice.slash(match.private[0], "match abort")
    assert_refused(world, refused, "Only hosts can run matches")

    result = await world.host.slash(match.host_log, "match export")
    assert result.response is not None
    assert result.response.ephemeral
    assert f"could not be loaded after the bot was updated: {REASON}" in said(result)
    (attachment,) = result.response.attachments
    assert attachment.filename == f"match-{match.id}-goofspiel-raw.json"
    rows = json.loads(await attachment.read())
    assert rows["format"] == "genius-bot raw match rows"
    assert '"cards"' in rows["match"]["state"]  # the state as stored
    assert [e["kind"] for e in rows["events"]] == ["host", "action"]
    assert [s["name"] for s in rows["seats"]] == ["alice", "bob"]

    result = await world.host.slash(match.room, "match abort")
    assert said(result) == f"Match #{match.id} aborted."
    acknowledge_refusals(world.env)
    assert "The host aborted the match" in texts(match.room)[-1]
    assert (await world.bot.runtime.get(match.id)).status == "aborted"
    # The usual aftermath: the players' channels are read-only.
    with pytest.raises(simcord.BackendError):
        await world.bob.send(match.private[1], "hey")
    await _restart(world, settings)
    assert _told(match) == [1, 1, 1, 1]
