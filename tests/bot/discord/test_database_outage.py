"""The bot cut off from its database (PostgreSQL behind a proxy that goes down):
a player's move, by button or by message, is refused with the one clear
sentence, never the generic apology, and nothing of it is stored."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import DatabaseSettings, DiscordSettings, Settings
from bot.discord.errors import MOVE_NOT_TAKEN
from storage.records import Layout
from storage.repository import MatchRepository
from tests.bot.discord.support import World, new_match, prompt, said, texts
from tests.dbcut import DatabaseCutter, cutter

pytestmark = [
    pytest.mark.layouts("channels"),  # nothing here depends on the layout
    pytest.mark.parametrize(
        "db_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
    ),
]


@pytest.fixture
async def proxy(db_url: str) -> AsyncIterator[DatabaseCutter]:
    async with cutter(db_url) as running:
        yield running


@pytest.fixture
async def settings(
    tmp_path: Path,
    layout: Layout,
    db_url: str,
    proxy: DatabaseCutter,
    sessionmaker: async_sessionmaker[AsyncSession],  # the database is at the head, empty
) -> Settings:
    url = proxy.url(str(make_url(db_url).database))
    return Settings(database=DatabaseSettings(url=url), discord=DiscordSettings(layout=layout))


async def test_a_move_during_a_database_outage_gets_the_clear_sentence(
    world: World, proxy: DatabaseCutter, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    match = await new_match(world)
    private = match.private[0]
    await world.alice.send(private, "status")  # the bot now knows this channel
    proxy.down()
    clicked = await world.alice.click(prompt(private), label="5")
    assert said(clicked) == MOVE_NOT_TAKEN
    await world.alice.send(private, "4")
    assert texts(private)[-1] == MOVE_NOT_TAKEN
    async with sessionmaker() as session:
        events = await MatchRepository(session).events(match.id)
    assert [e for e in events if e.kind == "action"] == []

    proxy.up()
    await world.alice.send(private, "4")
    await world.bot.runtime.flush()
    assert "Your bid for **A**: **4**" in texts(private)[-1]
