"""A running bot (real runtime, SQLite in tmp_path) in a SimCord world."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot import create_bot
from bot.config import DatabaseSettings, Settings
from bot.discord.client import GeniusBot
from tests.bot.discord.support import World


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(database=DatabaseSettings(url=f"sqlite+aiosqlite:///{tmp_path}/genius.db"))


@pytest.fixture
def simcord_bot(settings: Settings) -> GeniusBot:
    return create_bot(settings)


@pytest.fixture
async def world(simcord_env: simcord.Env) -> World:
    env = simcord_env
    guild = env.create_guild("Genius")
    hosts = guild.create_role("Host")
    return World(
        env=env,
        guild=guild,
        general=guild.create_text_channel("general"),
        host=guild.add_member(env.create_user("hannah"), roles=[hosts]),
        alice=guild.add_member(env.create_user("alice")),
        bob=guild.add_member(env.create_user("bob")),
        carol=guild.add_member(env.create_user("carol")),
    )
