"""Scheduled SQLite backups: on the match clock's scheduler, the newest kept,
and due from the newest file in the folder, so a restart does not put them off."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.config import DatabaseSettings, Settings
from bot.operator_errors import OperatorError, backups_ready
from bot.runtime import ManualTime, Scheduler
from bot.runtime.backups import NAME, BackupSchedule, scheduled_backups, taken_at
from tests.conftest import HeadDatabases

BASE = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
HOUR = 3600.0


@pytest.fixture
async def database(tmp_path: Path, head_databases: HeadDatabases) -> Path:
    path = tmp_path / "genius.db"
    shutil.copyfile(await head_databases.sqlite(), path)
    return path


def _schedule(database: Path, time: ManualTime, *, keep: int = 3) -> BackupSchedule:
    """Every hour, starting at BASE by the wall clock."""
    return BackupSchedule(
        Scheduler(time, auto=False),
        database,
        database.parent / "backups",
        every_hours=1,
        keep=keep,
        wall=lambda: BASE,
    )


def _taken(schedule: BackupSchedule) -> list[datetime | None]:
    return [taken_at(p) for p in schedule.backups()]


async def test_a_new_folder_gets_one_at_once_then_one_an_hour_keeping_the_newest(
    database: Path,
) -> None:
    time = ManualTime()
    schedule = _schedule(database, time, keep=3)
    schedule.start()
    await schedule._scheduler.advance(0)
    assert _taken(schedule) == [BASE]
    await schedule._scheduler.advance(5 * HOUR)
    assert _taken(schedule) == [BASE + timedelta(hours=h) for h in (3, 4, 5)]
    # Each is a whole, checked copy of the database.
    with sqlite3.connect(schedule.backups()[-1]) as copy:
        assert copy.execute("SELECT count(*) FROM matches").fetchone() == (0,)


async def test_after_a_restart_the_next_is_due_from_the_newest_file(database: Path) -> None:
    folder = database.parent / "backups"
    folder.mkdir()
    # The last run took one 40 minutes before this start; someone left a file too.
    (folder / NAME.format(BASE - timedelta(minutes=40))).write_bytes(b"")
    (folder / "notes.txt").write_text("not a backup", encoding="utf-8")
    time = ManualTime()
    schedule = _schedule(database, time, keep=1)
    schedule.start()
    await schedule._scheduler.advance(19 * 60)
    assert len(schedule.backups()) == 1  # not yet: due 20 minutes after the start
    await schedule._scheduler.advance(60)
    assert _taken(schedule) == [BASE + timedelta(minutes=20)]  # keep=1: the old one went
    assert (folder / "notes.txt").exists()  # only our own files are ever removed


def test_none_unless_asked_for(database: Path) -> None:
    scheduler = Scheduler(ManualTime(), auto=False)
    url = f"sqlite+aiosqlite:///{database}"
    assert scheduled_backups(scheduler, url, every_hours=0, folder=None, keep=7) is None
    made = scheduled_backups(scheduler, url, every_hours=24, folder=None, keep=7)
    assert made is not None
    assert made._folder == database.parent / "backups"


def test_a_schedule_for_postgresql_is_refused_with_the_way_to_do_it() -> None:
    url = "postgresql+asyncpg://genius@db/genius"
    with pytest.raises(ValueError, match="pg_dump"):
        DatabaseSettings(url=url, backup_every_hours=24)
    assert DatabaseSettings(url=url).backup_every_hours == 0


def test_an_in_memory_database_or_an_unwritable_folder_is_one_plain_line(tmp_path: Path) -> None:
    memory = Settings(
        database=DatabaseSettings(url="sqlite+aiosqlite:///:memory:", backup_every_hours=1)
    )
    with pytest.raises(OperatorError, match="in memory; there is no file to back up"):
        backups_ready(memory)
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    settings = Settings(
        database=DatabaseSettings(
            url=f"sqlite+aiosqlite:///{tmp_path}/genius.db",
            backup_every_hours=1,
            backup_folder=blocked / "backups",
        )
    )
    with pytest.raises(OperatorError, match=r"database\.backup_folder: cannot make"):
        backups_ready(settings)
