"""A running bot (real runtime, SQLite in tmp_path) in a SimCord world."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import simcord

from bot import create_bot
from bot.config import DatabaseSettings, DiscordSettings, Settings
from bot.discord.client import GeniusBot
from storage.records import Layout
from tests.bot.discord import pace
from tests.bot.discord.attachments import undescribed
from tests.bot.discord.support import World
from tests.conftest import HeadDatabases

pace.tune()

#: Every test that runs a bot runs in both layouts (bot.discord.layouts), unless
#: its module or itself is marked ``layouts(...)`` with the ones it runs in:
#: pure command validation, the invite and readiness checks (nothing a match's
#: channels change), and tests of one layout's own behaviour.
LAYOUTS = ("channels", "threads")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "layout" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker("layouts")
    metafunc.parametrize("layout", marker.args if marker is not None else LAYOUTS)


@pytest.fixture
async def settings(tmp_path: Path, layout: Layout, head_databases: HeadDatabases) -> Settings:
    # The bot upgrades its database as it starts; a copy of the worker's migrated
    # file leaves it only the check that it is at the head (every migration run
    # per test cost about a tenth of a second; tests/storage migrates for real).
    shutil.copyfile(await head_databases.sqlite(), tmp_path / "genius.db")
    return Settings(
        database=DatabaseSettings(url=f"sqlite+aiosqlite:///{tmp_path}/genius.db"),
        discord=DiscordSettings(layout=layout),
    )


#: The test's SimCord environment, for the bot fixture's teardown (which runs after it).
ENV = pytest.StashKey[simcord.Env]()


@pytest.fixture
async def simcord_bot(
    settings: Settings, request: pytest.FixtureRequest
) -> AsyncIterator[GeniusBot]:
    first = create_bot(settings)
    yield first
    # SimCord's teardown has detached the bot as a crash would, without close():
    # the bot running at the end (this one, or the last one a test restarted)
    # still holds its database connection and web socket.
    env = request.node.stash.get(ENV, None)
    last = env.bot if env is not None else first
    assert isinstance(last, GeniusBot)
    await last.release()


@pytest.fixture
def simcord_env(simcord_env: simcord.Env, request: pytest.FixtureRequest) -> Iterator[simcord.Env]:
    """SimCord's own fixture (this overrides it by name), noted for the teardown
    above. Every image the bot sent in the test must carry its alt text."""
    request.node.stash[ENV] = simcord_env
    yield simcord_env
    missing = undescribed(simcord_env)
    assert not missing, f"images sent without a description (alt text) within 1,024: {missing}"


@pytest.fixture
async def world(simcord_env: simcord.Env) -> World:
    return World.on(simcord_env, simcord_env.create_guild("Genius"))
