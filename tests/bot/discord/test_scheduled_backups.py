"""The bot takes the scheduled backups its settings ask for (bot.runtime.backups
holds the schedule itself; here, that `genius-bot run`'s bot arms it)."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from bot.config import DatabaseSettings, DiscordSettings, Settings
from bot.runtime.backups import taken_at
from storage.records import Layout
from tests.bot.discord.support import World
from tests.conftest import HeadDatabases

pytestmark = pytest.mark.layouts("channels")


@pytest.fixture
async def settings(tmp_path: Path, layout: Layout, head_databases: HeadDatabases) -> Settings:
    shutil.copyfile(await head_databases.sqlite(), tmp_path / "genius.db")
    return Settings(
        database=DatabaseSettings(
            url=f"sqlite+aiosqlite:///{tmp_path}/genius.db", backup_every_hours=0.01, backup_keep=2
        ),
        discord=DiscordSettings(layout=layout),
    )


async def test_the_first_backup_at_start_then_one_each_interval(
    world: World, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    await world.env.settle()
    first = sorted(folder.iterdir())
    assert len(first) == 1
    await world.env.advance_time(36)  # 0.01 hours: SimCord's clock, a whole day is slow
    backups = sorted(folder.iterdir())
    assert len(backups) == 2
    assert backups[0] == first[0]
    first_at, second_at = (taken_at(p) for p in backups)
    assert first_at is not None
    assert second_at is not None
    assert second_at - first_at == timedelta(seconds=36)  # kept by the bot's own clock
