"""The one error path: failures are answered, logged, retried — and never stop a match."""

from __future__ import annotations

import logging

import aiohttp
import pytest
import simcord
from discord import app_commands
from sqlalchemy.ext.asyncio import create_async_engine

from bot.discord.errors import APOLOGY, MOVE_NOT_TAKEN, NOT_DONE, explain
from games import Rejected
from tests.bot.discord.support import World, new_match, said, texts


async def test_a_failed_post_is_retried_and_nothing_is_lost(world: World) -> None:
    """Delivery raises on a Discord error, so the runtime keeps the notices and retries."""
    match = await new_match(world)
    world.env.inject_error("POST", f"/channels/{match.private[0].id}/messages", times=1)
    await world.alice.send(match.private[0], "4")
    assert "Your bid for **A**" not in texts(match.private[0])[-1]
    await world.env.advance_time(6)
    assert "Your bid for **A**: **4**" in texts(match.private[0])[-1]
    assert "alice has bid on **A**" in texts(match.room)[-1]


async def test_an_unexpected_error_gets_an_apology_and_is_logged_with_the_match(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    world.env.inject_error("POST", "/guilds/*/channels", times=None)
    with caplog.at_level(logging.ERROR, logger="bot.discord.errors"):
        result = await world.host.slash(
            world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
        )
    assert said(result) == APOLOGY
    assert any("match 1: unexpected error in /match new" in r.getMessage() for r in caplog.records)
    simcord.assert_error(world.env, app_commands.CommandInvokeError, contains="injected")


async def test_a_match_whose_channels_failed_leaves_no_row(world: World) -> None:
    """No `aborted` ghost: the match never existed for anyone (issue 16)."""
    world.env.inject_error("POST", "/guilds/*/channels", times=None)
    await world.host.slash(
        world.general, "match new", game="goofspiel", player1=world.alice, player2=world.bob
    )
    world.env.errors  # noqa: B018  (acknowledges the error the command raised)
    with pytest.raises(Rejected, match="There is no match #1"):
        await world.bot.runtime.get(1)
    assert await world.bot.runtime.list_for_guild(world.guild.id) == []


async def test_only_the_databases_own_connection_errors_are_called_an_outage() -> None:
    """A connection refused as the database is opened (a bare OSError, as the
    driver raises it) is the outage's sentence; Discord's own connection errors,
    OSErrors too, are not (they stay bugs to log)."""
    engine = create_async_engine("postgresql+asyncpg://postgres@127.0.0.1:1/none")
    try:
        with pytest.raises(ConnectionRefusedError) as refused:
            async with engine.connect():
                pass
    finally:
        await engine.dispose()
    assert explain(refused.value) == NOT_DONE
    assert explain(refused.value, move=True) == MOVE_NOT_TAKEN
    assert explain(aiohttp.ClientConnectionError("discord.com unreachable")) is None
